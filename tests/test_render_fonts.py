"""Raster text uses the bundled Liberation fonts (same widths as the PDF's Helvetica)."""
import pytest

from pnp.render.draw import Figure, Rect, Paint, Text, text_width
from pnp.render.fonts import FONT_DIR, font_files, use_bundled_fonts
from pnp.render.svg import figure_to_svg


def test_fonts_and_licence_are_bundled():
    names = {f.name for f in font_files()}
    for fam in ("Sans", "Serif", "Mono"):
        assert {f"Liberation{fam}-Regular.ttf", f"Liberation{fam}-Bold.ttf"} <= names
    assert "SIL Open Font License" in (FONT_DIR / "OFL.txt").read_text()


@pytest.mark.parametrize("bold", [False, True])
def test_png_text_has_helvetica_widths(bold):
    from pnp.render.exports import _svg_rgb

    if not use_bundled_fonts():
        pytest.skip("cairo here does not use fontconfig")
    text, size = "Sunrise Marmalade 34", 8.0
    fig = Figure(150, 20)
    fig.add(Rect(0, 0, 150, 20, paint=Paint(fill="#FFFFFF")))
    fig.add(Text(5, 14, text, size=size, bold=bold, fill="#000000"))
    w, h = 1500, 200  # 10 px per mm
    rgb = _svg_rgb(figure_to_svg(fig), w, h)
    cols = [x for x in range(w) if any(rgb[3 * (y * w + x)] < 128 for y in range(h))]
    ink_mm = (cols[-1] - cols[0] + 1) / 10
    expected = text_width(text, size, bold=bold)
    # ink is a little narrower than the advance width (side bearings); DejaVu Sans would be ~12 % wider
    assert expected * 0.95 < ink_mm < expected * 1.01


# ------------------------------------------------------------------ PDFs embed them

POLISH = "Sad Jabłoni — Łódź"


def _fonts(data: bytes) -> list[tuple[str, bool]]:
    """(name, embedded) of every font a PDF's pages and forms use."""
    import io

    from pypdf import PdfReader

    found, seen = [], set()

    def walk(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            found.append((str(font["/BaseFont"]), any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))))
        for xo in (resources.get("/XObject") or {}).values():
            if xo.idnum not in seen:
                seen.add(xo.idnum)
                walk(xo.get_object().get("/Resources"))

    for page in PdfReader(io.BytesIO(data)).pages:
        walk(page.get("/Resources"))
    return found


def _polish_deck(tmp_path):
    from pathlib import Path

    from pnp.deck import load_deck
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("    title: Orchard\n", f"    title: {POLISH}\n", 1)
                     .replace("A: {name: Apple,", "A: {name: Jabłko,", 1), encoding="utf-8")
    return load_deck(str(cards))


def test_every_pdf_embeds_its_fonts_and_prints_letters_beyond_western_europe(tmp_path):
    """The PDFs named the standard fonts, not embedded, which hold only Western
    European letters: a deck titled "Sad Jabłoni" printed boxes for ł, Ł and ź
    (and print shops ask for embedded fonts). They now embed the bundled
    Liberation fonts, and the text reads back whole."""
    import io

    from pypdf import PdfReader

    from pnp.render.rules import render_rules_pdf
    from pnp.render.scorepad import render_scorepad_pdf
    from pnp.render.sheets import PrintOptions, render_print_pdf
    deck = _polish_deck(tmp_path)
    gd = deck.game("orchard")
    pdfs = {"rules": render_rules_pdf(deck, "orchard"), "score pad": render_scorepad_pdf(deck, "orchard"),
            "print sheets": render_print_pdf(gd, PrintOptions(), deck=deck)}
    for what, data in pdfs.items():
        fonts = _fonts(data)
        assert fonts and all(embedded for _, embedded in fonts), (what, fonts)
        assert {name.split("+")[-1] for name, _ in fonts} <= {"LiberationSans", "LiberationSans-Bold",
                                                               "LiberationMono", "LiberationMono-Bold"}, what
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdfs["rules"])).pages)
    assert f"{POLISH}: rules as pnp plays them" in text and "Jabłko" in text
    assert POLISH in PdfReader(io.BytesIO(pdfs["score pad"])).pages[0].extract_text()


def test_text_is_measured_with_the_embedded_fonts():
    """Widths come from the files the PDF embeds: the middle dot of the labels
    ("Grove · sheet 1 of 2") is wider in Liberation than in Helvetica's table,
    and ł has a width at all."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert text_width("·", 10) == pytest.approx(3.330078125)
    assert text_width("·", 10) > stringWidth("·", "Helvetica", 10)
    assert text_width("ł", 10) == pytest.approx(text_width("l", 10), abs=0.6)
    assert text_width("Grove", 10, "Courier") == pytest.approx(30.0, abs=0.01)  # 0.6 em a letter


def test_letters_the_fonts_lack_are_named_before_printing(tmp_path):
    """A title or name in letters the bundled fonts lack (Chinese, emoji) printed
    blank without a word: the printing commands now say which, and print."""
    import inspect
    from pathlib import Path

    from click.testing import CliRunner

    from pnp.cli import cli
    from pnp.deck import load_deck
    from pnp.render.fonts import font_notices, unprintable

    assert unprintable("Sad Jabłoni — Łódź, Μήλο, Яблоко") == ""
    assert unprintable("果樹園 🍎 Orchard 果") == "果樹園🍎"
    src = (Path(__file__).resolve().parents[1] / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text(src.replace("    title: Orchard\n", "    title: 果樹園 Orchard\n", 1)
                     .replace("A: {name: Apple,", "A: {name: 🍎 Apple,", 1), encoding="utf-8")
    lack = "not in pnp's fonts (Latin, Greek and Cyrillic letters): empty boxes in PDFs and PNGs"
    assert font_notices([load_deck(str(cards)).game("orchard")]) == [
        f"orchard title '果樹園 Orchard': 果 樹 園 {lack}", f"orchard fruit A name '🍎 Apple': 🍎 {lack}"]
    assert font_notices([load_deck(str(cards)).game("grove")]) == []
    kw = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters else {}
    for command in (["rules", "orchard"], ["scorepad", "orchard"], ["deck", "orchard", "--format", "png"]):
        r = CliRunner(**kw).invoke(cli, command + ["--cards", str(cards), "--out", str(tmp_path / "out")])
        assert r.exit_code == 0, r.output
        assert r.stderr.splitlines() == ["pnp: " + n for n in font_notices([load_deck(str(cards)).game("orchard")])]
    # an SVG names its fonts, and the viewer's draw what pnp's lack: no notice of PDFs and PNGs
    r = CliRunner(**kw).invoke(cli, ["deck", "orchard", "--format", "svg", "--cards", str(cards), "--out",
                                     str(tmp_path / "out")])
    assert r.exit_code == 0 and r.stderr == "", r.stderr
    r = CliRunner(**kw).invoke(cli, ["rules", "grove", "--cards", str(cards), "--out", str(tmp_path / "out")])
    assert r.exit_code == 0 and r.stderr == ""
