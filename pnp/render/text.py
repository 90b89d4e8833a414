"""The orchard as a text grid, for ``pnp verify --show`` and the terminal."""
from __future__ import annotations

from ..games.base import ROTTEN, SQUIRREL, Spot, State


def spot_text(spot: Spot, counted: bool) -> str:
    """``A``, ``A3`` (die 3), ``A!`` (rotten); Grove: ``O2``, ``O2:5``, ``.:L4``,
    ``O1:W`` (wheelbarrow), ``O2*S`` (squirrel)."""
    base = "." if spot.fruit is None else spot.fruit + (str(spot.count) if counted else "")
    if spot.token == ROTTEN:
        return base + "!"
    if spot.token == SQUIRREL:
        return base + "*S"
    if spot.die:
        value = "W" if spot.wheelbarrow else str(spot.die)
        if counted:
            fruit = spot.die_fruit if spot.fruit is None else ""
            return f"{base}:{fruit}{value}"
        return base + value
    return base


def grid_text(state: State, counted: bool = False) -> str:
    """A grid with x across and y down; empty table is blank."""
    x0, y0, x1, y1 = state.bounds()
    grid = state.grid
    cells = {p: spot_text(s, counted) for p, s in grid.items()}
    width = max(4, max(len(t) for t in cells.values()) + 1, len(str(x0)) + 1, len(str(x1)) + 1)
    lw = max(len(str(y0)), len(str(y1))) + 1
    lines = [" " * lw + "".join(str(x).rjust(width) for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        row = "".join(cells.get((x, y), "").rjust(width) for x in range(x0, x1 + 1))
        lines.append(str(y).rjust(lw) + row)
    return "\n".join(lines)


LEGEND = {
    False: "cell: fruit letter, then the die value; '!' marks a rotten tree",
    True: "cell: fruit letter and count ('.' clearing), ':' then the die (W = wheelbarrow; on a clearing the die's fruit); '*S' the squirrel",
}
