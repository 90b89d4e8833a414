"""SVG and PNG exports of a game's cards: single-card SVGs, print-on-demand PNGs
and Tabletop Simulator deck sheets.

- SVG: one file per distinct card art (``svg/<key>.svg``), trim size with a thin
  rounded cut line.
- PNG for print-on-demand shops: 300 dpi with 1/8 in bleed. The trim is the
  card size rounded to the nearest 1/8 in, so a 63x88 mm poker card gives the
  2.5x3.5 in (750x1050 px) trim shops ask for, 825x1125 px with bleed (the art
  is scaled by well under 1 %).
- Tabletop Simulator: a 10x7 grid sheet (at most 4096 px a side); slot 70 (the
  last) is the hidden card; at most 69 cards per sheet, more sheets when needed;
  a separate back image, or a back sheet in the same grid when backs differ.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from ..deck import Deck, GameDeck
from ..fsutil import atomic_write
from .cards import CardStyle, PrintCard, art, art_keys, card_style, print_cards
from .svg import figure_to_svg

DPI = 300
POD_BLEED_IN = 0.125
TTS_COLS, TTS_ROWS = 10, 7
TTS_MAX = 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # slot 70 is the hidden card


def _svg_png(svg: str, width: int, height: int) -> bytes:
    import cairosvg

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width, output_height=height)


def _svg_rgb_png(svg: str, width: int, height: int) -> bytes:
    """An opaque card (drawn with bleed) as an RGB PNG: cairosvg draws, Pillow encodes
    (faster than cairo's own PNG writer, and no alpha channel for print shops)."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface
    from PIL import Image

    surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, 96,
                         output_width=width, output_height=height).cairo
    surface.flush()
    img = Image.frombuffer("RGB", (surface.get_width(), surface.get_height()), bytes(surface.get_data()),
                           "raw", "BGRX", surface.get_stride(), 1)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1, dpi=(DPI, DPI))
    return buf.getvalue()


def write_svgs(gd: GameDeck, out: Path, style: CardStyle | None = None) -> list[Path]:
    st = style or card_style(gd)
    return [atomic_write(out / f"{key}.svg", figure_to_svg(art(gd, key, style=st))) for key in art_keys(gd)]


def pod_size(st: CardStyle) -> tuple[tuple[int, int], tuple[float, float]]:
    """``((png_w, png_h), (bleed_x_mm, bleed_y_mm))`` for a print-on-demand PNG."""
    eighth = 25.4 / 8
    trim_w_in = round(st.width / eighth) / 8
    trim_h_in = round(st.height / eighth) / 8
    px_w = round((trim_w_in + 2 * POD_BLEED_IN) * DPI)
    px_h = round((trim_h_in + 2 * POD_BLEED_IN) * DPI)
    # the card keeps its own mm size; the bleed in mm is what fills the rest at this scale
    k = (trim_h_in * DPI) / st.height  # px per mm, from the height
    bx = (px_w / k - st.width) / 2
    by = (px_h / k - st.height) / 2
    return (px_w, px_h), (bx, by)


def _pod_png(job: tuple) -> bytes:
    gd, key, st, bleed, w, h = job
    return _svg_rgb_png(figure_to_svg(art(gd, key, style=st, bleed=bleed)), w, h)


def render_parallel(fn, jobs: list, workers: int | None = None) -> list:
    """``[fn(job) for job in jobs]``, on several processes when there is enough work."""
    workers = workers if workers is not None else min(len(jobs) // 4, os.cpu_count() or 1)
    if workers <= 1:
        return [fn(j) for j in jobs]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    import cairosvg  # noqa: F401  (import once here, so forked workers share it)

    ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        return list(pool.map(fn, jobs, chunksize=2))


def write_pod_pngs(gd: GameDeck, out: Path, style: CardStyle | None = None,
                   workers: int | None = None) -> list[Path]:
    """One PNG per distinct art at 300 dpi with 1/8 in bleed."""
    st = style or card_style(gd)
    (w, h), bleed = pod_size(st)
    keys = art_keys(gd)
    pngs = render_parallel(_pod_png, [(gd, k, st, bleed, w, h) for k in keys], workers)
    return [atomic_write(out / f"{key}.png", png) for key, png in zip(keys, pngs)]


@dataclass(frozen=True)
class TtsDeck:
    name: str
    sheets: tuple[Path, ...]  # face sheets
    back: Path  # one back image, or the first back sheet when backs differ
    back_sheets: tuple[Path, ...]  # () when every card shares one back
    count: int
    per_sheet: tuple[int, ...]  # cards on each sheet

    def import_lines(self) -> list[str]:
        lines = [f"{self.name}: {self.count} cards on {len(self.sheets)} sheet(s)"]
        for i, (sheet, n) in enumerate(zip(self.sheets, self.per_sheet)):
            lines.append(f"  face {sheet}  width 10, height 7, number {n}")
            if self.back_sheets:
                lines.append(f"  back {self.back_sheets[i]}  (unique backs: on)")
        if not self.back_sheets:
            lines.append(f"  back {self.back}  (unique backs: off)")
        return lines


def tts_card_px(st: CardStyle) -> tuple[int, int]:
    """Largest card size in pixels so a 10x7 sheet stays within 4096 px a side."""
    cw = TTS_MAX // TTS_COLS
    ch = round(cw * st.height / st.width)
    if ch * TTS_ROWS > TTS_MAX:
        ch = TTS_MAX // TTS_ROWS
        cw = round(ch * st.width / st.height)
    return cw, ch


def tts_decks(gd: GameDeck) -> list[tuple[str, list[PrintCard]]]:
    cards = print_cards(gd)
    if gd.game == "orchards-market":
        return [("fruit", [c for c in cards if c.front.startswith("fruit-")]),
                ("buyers", [c for c in cards if c.front.startswith("buyer-")])]
    return [("cards", cards)]


def write_tts(gd: GameDeck, out: Path, style: CardStyle | None = None) -> list[TtsDeck]:
    """Tabletop Simulator deck sheets for a game (one deck, or fruit + buyers for the market)."""
    from PIL import Image

    st = style or card_style(gd)
    cw, ch = tts_card_px(st)
    cache: dict[str, "Image.Image"] = {}

    def image(key: str):
        if key not in cache:
            png = _svg_png(figure_to_svg(art(gd, key, style=st)), cw, ch)
            cache[key] = Image.open(io.BytesIO(png)).convert("RGB")
        return cache[key]

    def save(img, path: Path) -> Path:
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=3)
        return atomic_write(path, buf.getvalue())

    result = []
    for name, cards in tts_decks(gd):
        if not cards:
            continue
        backs = list(dict.fromkeys(c.back for c in cards))
        unique = len(backs) > 1
        sheets, back_sheets, counts = [], [], []
        chunks = [cards[i:i + TTS_PER_SHEET] for i in range(0, len(cards), TTS_PER_SHEET)]
        for s, chunk in enumerate(chunks, 1):
            face = Image.new("RGB", (cw * TTS_COLS, ch * TTS_ROWS), "#FFFFFF")
            back = Image.new("RGB", (cw * TTS_COLS, ch * TTS_ROWS), "#FFFFFF") if unique else None
            for i, pc in enumerate(chunk):
                r, c = divmod(i, TTS_COLS)
                face.paste(image(pc.front), (c * cw, r * ch))
                if back is not None:
                    back.paste(image(pc.back), (c * cw, r * ch))
            # slot 70: the hidden card (shown for cards in other players' hands)
            face.paste(image(chunk[0].back), ((TTS_COLS - 1) * cw, (TTS_ROWS - 1) * ch))
            sheets.append(save(face, out / f"tts-{name}-{s}.png"))
            if back is not None:
                back.paste(image(chunk[0].back), ((TTS_COLS - 1) * cw, (TTS_ROWS - 1) * ch))
                back_sheets.append(save(back, out / f"tts-{name}-backs-{s}.png"))
            counts.append(len(chunk))
        back_path = back_sheets[0] if unique else save(image(backs[0]), out / f"tts-{name}-back.png")
        result.append(TtsDeck(name, tuple(sheets), back_path, tuple(back_sheets), len(cards), tuple(counts)))
    return result


def export(gd: GameDeck, out: str | os.PathLike, fmt: str, *, deck: Deck | None = None, options=None) -> list:
    """One game in one format into ``out`` (a folder): ``pdf``, ``svg``, ``png`` or ``tts``.
    Returns the written paths (``tts``: :class:`TtsDeck` s)."""
    out = Path(out)
    st = card_style(gd, deck)
    if fmt == "svg":
        return write_svgs(gd, out / "svg", st)
    if fmt == "png":
        return write_pod_pngs(gd, out / "png", st)
    if fmt == "tts":
        return write_tts(gd, out / "tts", st)
    if fmt == "pdf":
        from .sheets import PrintOptions, pdf_name, render_print_pdf

        opts = options or PrintOptions()
        return [atomic_write(out / pdf_name(gd, opts), render_print_pdf(gd, opts, style=st))]
    raise ValueError(fmt)


def write_all_pod_pngs(deck: Deck, out: Path, progress=lambda _: None, workers: int | None = None) -> list[Path]:
    """Print-on-demand PNGs of every game into ``out/<game>/png/``, one process pool for all."""
    jobs, targets = [], []
    for game_id, gd in deck.games:
        st = card_style(gd, deck)
        (w, h), bleed = pod_size(st)
        for key in art_keys(gd):
            jobs.append((gd, key, st, bleed, w, h))
            targets.append(out / game_id / "png" / f"{key}.png")
    written = []
    for target, png in zip(targets, render_parallel(_pod_png, jobs, workers)):
        written.append(atomic_write(target, png))
        progress(str(target))
    return written
