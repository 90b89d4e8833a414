"""SVG and PNG exports of a game's cards: single-card SVGs, print-on-demand PNGs
and Tabletop Simulator deck sheets.

- SVG: one file per distinct card art (``svg/<key>.svg``), trim size with a thin
  rounded cut line.
- PNG for print-on-demand shops: 300 dpi with 1/8 in bleed. The trim is the
  card size rounded to the nearest 1/8 in, so a 63x88 mm poker card gives the
  2.5x3.5 in (750x1050 px) trim shops ask for, 825x1125 px with bleed (the art
  is scaled by the height, about 1 %: 88 mm to 3.5 in, 88.9 mm).
- Tabletop Simulator: a 10x7 grid sheet (at most 4096 px a side); slot 70 (the
  last) is the hidden card (the back, or the deck's plain back where every card's
  back differs); at most 69 cards per sheet, more sheets when needed;
  a separate back image, or a back sheet in the same grid when backs differ.
"""
from __future__ import annotations

import io
import os
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from ..deck import Deck, GameDeck
from ..fsutil import atomic_write, drop_stale
from .cards import CardStyle, PrintCard, art, art_keys, card_style, print_cards
from .svg import figure_to_svg

DPI = 300
POD_BLEED_IN = 0.125
TTS_COLS, TTS_ROWS = 10, 7
TTS_MAX = 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # slot 70 is the hidden card


def _svg_rgb(svg: str, width: int, height: int, background: str | None = None) -> bytes:
    """The SVG drawn by cairosvg at ``width`` x ``height`` px, as packed RGB rows.
    Cards drawn with bleed are opaque; give ``background`` for art with rounded
    corners (what lies outside them would otherwise come out black)."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface
    from PIL import Image

    from .fonts import use_bundled_fonts

    use_bundled_fonts()
    surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, 96,
                         output_width=width, output_height=height, background_color=background).cairo
    surface.flush()
    img = Image.frombuffer("RGB", (surface.get_width(), surface.get_height()), bytes(surface.get_data()),
                           "raw", "BGRX", surface.get_stride(), 1)
    return img.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def rgb_png(rgb: bytes, width: int, height: int, dpi: int | None = DPI, level: int = 2) -> bytes:
    """Packed RGB rows as a PNG file. Card art is mostly flat colour, which deflate
    packs best unfiltered (long repeats): smaller than Pillow's adaptive filters at
    its fastest level, and about three times faster. Deterministic for a given zlib."""
    row = width * 3
    raw = b"".join(b"\0" + rgb[i:i + row] for i in range(0, row * height, row))
    return _png(raw, width, height, dpi, level)


def _png(raw: bytes, width: int, height: int, dpi: int | None, level: int) -> bytes:
    """A PNG of rows that already start with their filter byte."""
    out = [b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    if dpi:
        ppm = round(dpi / 0.0254)
        out.append(_chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    out.append(_chunk(b"IDAT", zlib.compress(raw, level)))
    out.append(_chunk(b"IEND", b""))
    return b"".join(out)


def art_file_patterns(ext: str) -> tuple[str, ...]:
    """The names pnp gives card images (its art keys: ``card-3``, ``card-3a``,
    ``recipe-3``, ``fruit-A``, ``buyer-1``, ``back``, ``back-fruit``), as globs."""
    return tuple(f"{stem}.{ext}" for stem in ("card-*", "recipe-*", "fruit-*", "buyer-*", "back", "back-*"))


def write_svgs(gd: GameDeck, out: Path, style: CardStyle | None = None) -> list[Path]:
    st = style or card_style(gd)
    written = [atomic_write(out / f"{key}.svg", figure_to_svg(art(gd, key, style=st))) for key in art_keys(gd)]
    drop_stale(out, written, *art_file_patterns("svg"))
    return written


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


def _pod_render(gd: GameDeck, key: str, st: CardStyle) -> bytes:
    (w, h), bleed = pod_size(st)
    return _svg_rgb(figure_to_svg(art(gd, key, style=st, bleed=bleed)), w, h)


def _tts_from_pod(rgb: bytes, st: CardStyle) -> bytes:
    """A Tabletop Simulator card image: the print-on-demand render cut to its trim and
    scaled down (Lanczos), so both exports come from one 300 dpi drawing."""
    from PIL import Image

    (w, h), (bx, by) = pod_size(st)
    k = h / (st.height + 2 * by)  # px per mm
    box = (bx * k, by * k, (bx + st.width) * k, (by + st.height) * k)
    img = Image.frombytes("RGB", (w, h), rgb)
    return img.resize(tts_card_px(st), Image.LANCZOS, box=box).tobytes()


#: TTS card images made while writing print-on-demand PNGs, for the TTS sheets that
#: follow in the same build: ``(game deck, art key, style) -> RGB rows``.
_TTS_IMAGES: dict[tuple, bytes] = {}


def _pod_job(job: tuple) -> tuple[bytes, bytes]:
    gd, key, st = job
    (w, h), _ = pod_size(st)
    rgb = _pod_render(gd, key, st)
    return rgb_png(rgb, w, h), _tts_from_pod(rgb, st)


def _tts_job(job: tuple) -> bytes:
    gd, key, st = job
    return _tts_from_pod(_pod_render(gd, key, st), st)


def render_parallel(fn, jobs: list, workers: int | None = None, min_per_worker: int = 4,
                    chunksize: int = 2) -> list:
    """``[fn(job) for job in jobs]`` (same order), on several processes when there is enough work."""
    workers = workers if workers is not None else min(len(jobs) // min_per_worker, os.cpu_count() or 1)
    if workers <= 1:
        return [fn(j) for j in jobs]
    from concurrent.futures import ProcessPoolExecutor

    import cairosvg  # noqa: F401  (import once here, so forked workers share it)

    from ..workers import context, deaf_to_ctrl_c, ignore_ctrl_c

    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context(), initializer=ignore_ctrl_c)
    try:
        return list(pool.map(fn, jobs, chunksize=chunksize))
    finally:  # Ctrl-C or an error: the jobs not started are dropped, the running ones end (a second Ctrl-C waits)
        with deaf_to_ctrl_c():
            pool.shutdown(wait=True, cancel_futures=True)


def write_pod_pngs(gd: GameDeck, out: Path, style: CardStyle | None = None,
                   workers: int | None = None) -> list[Path]:
    """One PNG per distinct art at 300 dpi with 1/8 in bleed."""
    st = style or card_style(gd)
    keys = art_keys(gd)
    results = render_parallel(_pod_job, [(gd, k, st) for k in keys], workers)
    written = [atomic_write(out / f"{key}.png", png) for key, (png, _) in zip(keys, results)]
    drop_stale(out, written, *art_file_patterns("png"))
    return written


@dataclass(frozen=True)
class TtsDeck:
    name: str
    sheets: tuple[Path, ...]  # face sheets
    back: Path  # one back image, or the first back sheet when backs differ
    back_sheets: tuple[Path, ...]  # () when every card shares one back
    count: int
    per_sheet: tuple[int, ...]  # cards on each sheet

    def import_lines(self, names_only: bool = False) -> list[str]:
        def show(p: Path):
            return p.name if names_only else p

        lines = [f"{self.name}: {self.count} cards on {len(self.sheets)} sheet(s)"]
        for i, (sheet, n) in enumerate(zip(self.sheets, self.per_sheet)):
            lines.append(f"  face {show(sheet)}  width 10, height 7, number {n}")
            if self.back_sheets:
                lines.append(f"  back {show(self.back_sheets[i])}  (unique backs: on)")
        if not self.back_sheets:
            lines.append(f"  back {show(self.back)}  (unique backs: off)")
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


def _tts_plan(gd: GameDeck) -> list[tuple[str, list[PrintCard]]]:
    return [(name, cards) for name, cards in tts_decks(gd) if cards]


def _tts_keys(plan) -> list[str]:
    keys: dict[str, None] = {}
    for _, cards in plan:
        for pc in cards:
            keys.setdefault(pc.front)
            keys.setdefault(pc.back)
        keys.setdefault(_tts_hidden(cards))
    return list(keys)


def _tts_hidden(cards: list[PrintCard]) -> str:
    """The art of a deck's hidden card (what others see of a card in a hand): the
    common back, or the deck's plain back design where every card's back differs
    (a Grove recipe, an orchard-pnp b side: that would give a card away)."""
    backs = {pc.back for pc in cards}
    return next(iter(backs)) if len(backs) == 1 else "back"


def _tts_images(gd: GameDeck, keys: list[str], st: CardStyle, workers: int | None = None) -> list[bytes]:
    """TTS card images of ``keys``: kept from the PNG export when there was one, else rendered."""
    missing = [k for k in keys if (gd, k, st) not in _TTS_IMAGES]
    made = dict(zip(missing, render_parallel(_tts_job, [(gd, k, st) for k in missing], workers)))
    return [_TTS_IMAGES.get((gd, k, st)) or made[k] for k in keys]


def write_tts(gd: GameDeck, out: Path, style: CardStyle | None = None, workers: int | None = None) -> list[TtsDeck]:
    """Tabletop Simulator deck sheets for a game (one deck, or fruit + buyers for the market)."""
    st = style or card_style(gd)
    plan = _tts_plan(gd)
    keys = _tts_keys(plan)
    return _tts_sheets(plan, dict(zip(keys, _tts_images(gd, keys, st, workers))), tts_card_px(st), out)


def _sheet_png(cells: list[bytes | None], cw: int, ch: int) -> bytes:
    """A 10x7 sheet of card images (RGB rows, ``cw`` x ``ch``; ``None`` = empty white slot)."""
    W, H = cw * TTS_COLS, ch * TTS_ROWS
    stride = 1 + 3 * W
    raw = bytearray(b"\xff") * (stride * H)
    raw[0::stride] = bytes(H)  # filter byte 0 ("none") on every row
    row = 3 * cw
    for i, rgb in enumerate(cells):
        if rgb is None:
            continue
        r, c = divmod(i, TTS_COLS)
        off = r * ch * stride + 1 + c * row
        for y in range(ch):
            raw[off + y * stride:off + y * stride + row] = rgb[y * row:(y + 1) * row]
    return _png(bytes(raw), W, H, None, level=1)


def _tts_sheets(plan, images: dict[str, bytes], size: tuple[int, int], out: Path) -> list[TtsDeck]:
    """Lay the card images out in 10x7 sheets (slot 70 = the hidden card) and write them."""
    cw, ch = size
    result = []
    for name, cards in plan:
        backs = list(dict.fromkeys(c.back for c in cards))
        unique = len(backs) > 1
        sheets, back_sheets, counts = [], [], []
        chunks = [cards[i:i + TTS_PER_SHEET] for i in range(0, len(cards), TTS_PER_SHEET)]
        for s, chunk in enumerate(chunks, 1):
            pad = [None] * (TTS_PER_SHEET - len(chunk))
            # slot 70: the hidden card (shown for cards in other players' hands)
            hidden = [images[_tts_hidden(cards)]]
            face = [images[pc.front] for pc in chunk] + pad + hidden
            sheets.append(atomic_write(out / f"tts-{name}-{s}.png", _sheet_png(face, cw, ch)))
            if unique:
                back = [images[pc.back] for pc in chunk] + pad + hidden
                back_sheets.append(atomic_write(out / f"tts-{name}-backs-{s}.png", _sheet_png(back, cw, ch)))
            counts.append(len(chunk))
        back_path = (back_sheets[0] if unique else
                     atomic_write(out / f"tts-{name}-back.png", rgb_png(images[backs[0]], cw, ch, dpi=None)))
        result.append(TtsDeck(name, tuple(sheets), back_path, tuple(back_sheets), len(cards), tuple(counts)))
    drop_stale(out, [p for d in result for p in (*d.sheets, *d.back_sheets, d.back)], "tts-*.png")
    return result


def write_all_tts(deck: Deck, out: Path, progress=lambda _: None, workers: int | None = None) -> list[Path]:
    """Tabletop Simulator sheets of every game into ``out/<game>/tts/``; the import
    numbers go into ``tts/import.txt`` beside them. Card images come from the PNG
    export when it ran just before (as in ``pnp build``), else are rendered here."""
    written = []
    for game_id, gd in deck.games:
        st = card_style(gd, deck)
        plan = _tts_plan(gd)
        keys = _tts_keys(plan)
        folder = out / game_id / "tts"
        decks = _tts_sheets(plan, dict(zip(keys, _tts_images(gd, keys, st, workers))), tts_card_px(st), folder)
        for d in decks:
            written.extend(d.sheets + d.back_sheets + ((d.back,) if not d.back_sheets else ()))
        written.append(atomic_write(folder / "import.txt", "\n".join(tts_import_text(decks)) + "\n"))
        progress(f"{game_id}/tts")
    return written


def tts_import_text(decks: list[TtsDeck]) -> list[str]:
    """What to type into Tabletop Simulator's custom deck dialog."""
    lines = ["Tabletop Simulator: Objects > Components > Custom > Deck, then enter:"]
    for d in decks:
        lines.extend(d.import_lines(names_only=True))
    return lines


def export(gd: GameDeck, out: str | os.PathLike, fmt: str, *, deck: Deck | None = None, options=None) -> list:
    """One game in one format into ``out`` (a folder): ``pdf``, ``svg``, ``png`` or ``tts``.
    Returns the written paths (``tts``: :class:`TtsDeck` s)."""
    out = Path(out)
    st = card_style(gd, deck)
    if fmt == "svg":
        return write_svgs(gd, out / "svg", st)
    if fmt == "png":
        return write_pod_pngs(gd, out / "png", st)
    if fmt == "tts":  # with the import.txt a build writes beside the sheets (one left by a build went stale)
        decks = write_tts(gd, out / "tts", st)
        atomic_write(out / "tts" / "import.txt", "\n".join(tts_import_text(decks)) + "\n")
        return decks
    if fmt == "pdf":
        from .sheets import PrintOptions, pdf_name, render_print_pdf

        opts = options or PrintOptions()
        return [atomic_write(out / pdf_name(gd, opts), render_print_pdf(gd, opts, style=st))]
    raise ValueError(fmt)


def write_all_pod_pngs(deck: Deck, out: Path, progress=lambda _: None, workers: int | None = None) -> list[Path]:
    """Print-on-demand PNGs of every game into ``out/<game>/png/``, one process pool for all.
    The Tabletop Simulator card images come out of the same renders and are kept
    for :func:`write_all_tts`."""
    jobs, targets = [], []
    for game_id, gd in deck.games:
        st = card_style(gd, deck)
        for key in art_keys(gd):
            jobs.append((gd, key, st))
            targets.append(out / game_id / "png" / f"{key}.png")
    written = []
    _TTS_IMAGES.clear()
    for job, target, (png, tts) in zip(jobs, targets, render_parallel(_pod_job, jobs, workers)):
        written.append(atomic_write(target, png))
        _TTS_IMAGES[job] = tts
        progress(str(target))
    for game_id, _ in deck.games:
        drop_stale(out / game_id / "png", written, *art_file_patterns("png"))
    return written
