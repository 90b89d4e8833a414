"""Bundled fonts: embedded in every PDF, and used for raster exports (PNG,
Tabletop Simulator), so text looks the same on every machine and printer.

The package ships the Liberation fonts (``pnp/data/fonts``, SIL Open Font
License 1.1, see ``OFL.txt`` there): Liberation Sans, Serif and Mono have the
same letter widths as Helvetica, Times and Courier, the standard PDF fonts the
card layout is measured with. SVGs name them first (``font-family="'Liberation
Sans', Helvetica, Arial, sans-serif"``), and :func:`use_bundled_fonts` makes
fontconfig, which cairo (and so cairosvg) asks for fonts, see *only* these
files in this process: whatever is installed on the machine, PNG text is drawn
with the same font files.

Where cairo does not use fontconfig (some Windows and macOS builds) or the
library cannot be loaded, this does nothing and text comes out in the system's
fonts (:func:`use_bundled_fonts` returns False).

PDFs embed the same files (:func:`pdf_font`), subset to the letters used: the
standard PDF fonts are not embedded, and they hold only the Western European
letters (a deck titled "Sad Jabłoni" printed a box for the ł), where Liberation
has Latin, Greek and Cyrillic. Print shops ask for embedded fonts too. Text is
measured with the same files' widths (:func:`pnp.render.draw.text_width`). The
bundle has no italics: text meant to lean is set upright.
"""
from __future__ import annotations

import ctypes
import ctypes.util
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
_state: dict[str, bool] = {}


def font_files() -> list[Path]:
    return sorted(FONT_DIR.glob("*.ttf"))


#: The bundled file standing for each style family (``font:`` in cards.yaml).
_FAMILIES = {"Helvetica": "LiberationSans", "Times": "LiberationSerif", "Times-Roman": "LiberationSerif",
             "Courier": "LiberationMono"}


def pdf_font(family: str = "Helvetica", bold: bool = False) -> str:
    """The reportlab name of the embedded font for ``family`` (Helvetica, Times
    or Courier; anything else is Helvetica), registered on first use."""
    base = _FAMILIES.get(family, "LiberationSans")
    name = f"{base}-Bold" if bold else base
    if name not in _registered:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        for face, file in ((base, "Regular"), (f"{base}-Bold", "Bold")):
            pdfmetrics.registerFont(TTFont(face, str(FONT_DIR / f"{base}-{file}.ttf")))
            _registered.add(face)
        # <b> and <i> in paragraphs; no italic file, so italics stand upright
        pdfmetrics.registerFontFamily(base, normal=base, bold=f"{base}-Bold", italic=base,
                                      boldItalic=f"{base}-Bold")
    return name


_registered: set[str] = set()


def use_bundled_fonts() -> bool:
    """Point this process's fontconfig at the bundled fonts only (once; cheap after).
    True when it worked."""
    if "ok" not in _state:
        _state["ok"] = _install()
    return _state["ok"]


def _install() -> bool:
    name = ctypes.util.find_library("fontconfig")
    files = font_files()
    if not name or not files:
        return False
    try:
        fc = ctypes.CDLL(name)
        fc.FcConfigCreate.restype = ctypes.c_void_p
        fc.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        fc.FcConfigBuildFonts.argtypes = [ctypes.c_void_p]
        fc.FcConfigSetCurrent.argtypes = [ctypes.c_void_p]
        config = fc.FcConfigCreate()
        if not config:
            return False
        for f in files:
            if not fc.FcConfigAppFontAddFile(config, str(f).encode()):
                return False
        if not fc.FcConfigBuildFonts(config):
            return False
        return bool(fc.FcConfigSetCurrent(config))
    except (OSError, AttributeError):
        return False


def unprintable(text: str) -> str:
    """The letters of ``text`` (each once, in order) that the bundled fonts do
    not have: they would print blank."""
    from reportlab.pdfbase.pdfmetrics import getFont

    have = getFont(pdf_font()).face.charToGlyph
    return "".join(dict.fromkeys(ch for ch in text if not ch.isspace() and ord(ch) not in have))


def font_notices(gds) -> list[str]:
    """A line for each of the games' words (:meth:`GameDeck.words`) with letters
    the fonts lack, naming them."""
    notes = []
    for gd in gds:
        for what, text in gd.words():
            missing = unprintable(text)
            if missing:
                notes.append(f"{gd.game} {what} {text!r}: {' '.join(missing)} not in pnp's fonts (Latin, Greek "
                             "and Cyrillic letters): empty boxes in PDFs and PNGs")
    return notes
