"""Rendering: text, SVG, PDF and PNG output. Reads the public model only.

Heavy libraries (svgwrite, reportlab, cairosvg) are imported inside the
submodules that need them, never here, so ``pnp verify`` stays fast.
"""
