"""Orchard and its original print-and-play edition (SPEC §3)."""
from __future__ import annotations

from ..deck import Cell
from ..notation import Pos, format_pos
from .base import ROTTEN, Analysis, Game, ScoreSheet, Spot, State

ROTTEN_PENALTY = 3


class OrchardGame(Game):
    """``orchard``: dice climb 1 → 3 → 6 → 10 and stay at 10."""

    id = "orchard"
    ladder = {1: 3, 3: 6, 6: 10, 10: 10}
    token_name = "rotten token"

    def raise_die(self, value: int) -> int:
        return self.ladder[value]

    def tokens_left(self, state: State) -> int:
        return self.deck.mismatch_tokens - state.tokens(ROTTEN)

    def analyse(self, state: State, cells: list[tuple[Pos, Cell]]) -> Analysis | str:
        grid = state.grid
        covered = [(p, c, grid[p]) for p, c in cells if p in grid]
        if not covered:
            return "covers no visible tree"
        for p, _, under in covered:
            if under.token == ROTTEN:
                return f"covers a rotten tree at {format_pos(p)}"
        mismatches = sum(1 for _, c, under in covered if c.fruit != under.fruit)
        left = self.tokens_left(state)
        if mismatches > left:
            return (f"{mismatches} mismatch{'es' if mismatches != 1 else ''} but "
                    f"{left} rotten token{'s' if left != 1 else ''} left")
        supply = self.supply(state)
        new: dict[Pos, Spot] = {}
        wants = []
        for p, c in cells:
            under = grid.get(p)
            spot = Spot(c.fruit, 1)
            if under is None:
                pass
            elif c.fruit != under.fruit:  # (a) a rotten tree; its die goes back
                if under.die:
                    supply[under.die_fruit] += 1
                spot = Spot(c.fruit, 1, token=ROTTEN)
            elif under.die:  # (b) the die climbs the ladder
                spot = Spot(c.fruit, 1, die=self.raise_die(under.die), die_fruit=c.fruit)
            else:  # (c) wants a new die
                wants.append((p, c.fruit, 1))
            new[p] = spot
        return Analysis(cells, wants, supply, new, state.wheelbarrow_used)

    def score_sheet(self, state: State) -> ScoreSheet:
        dice = sum(s.die for _, s in state.top)
        n_dice = sum(1 for _, s in state.top if s.die)
        rotten = state.tokens(ROTTEN)
        penalty = ROTTEN_PENALTY * rotten
        return ScoreSheet(dice=dice, penalty=penalty, bonus=0, total=dice - penalty,
                          dice_in_play=n_dice, tokens_used=rotten)


class OrchardPnpGame(OrchardGame):
    """``orchard-pnp``: two-sided cards; dice climb 1 → 3 → 6, and 6 is the cap."""

    id = "orchard-pnp"
    two_sided = True
    ladder = {1: 3, 3: 6, 6: 6}
