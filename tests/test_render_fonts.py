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
