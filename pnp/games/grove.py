"""Grove, the citrus sequel (SPEC §4), with the Recipe Challenge."""
from __future__ import annotations

from dataclasses import replace

from ..deck import Cell, Recipe
from ..notation import Deal, Pos, format_pos
from .base import SQUIRREL, WHEELBARROW_VALUE, Analysis, Game, ScoreSheet, Spot, State

TOP_DIE = 10  # a value above 6 shows 10


class GroveGame(Game):
    id = "grove"
    counted = True
    uses_recipes = True
    token_name = "squirrel"

    def squirrels_left(self, state: State) -> int:
        return self.deck.mismatch_tokens - state.tokens(SQUIRREL)

    def analyse(self, state: State, cells: list[tuple[Pos, Cell]]) -> Analysis | str:
        grid = state.grid
        covered = [(p, c, grid[p]) for p, c in cells if p in grid]
        if not covered:
            return "covers no visible cell"
        mismatches = []
        for p, c, under in covered:
            if under.token == SQUIRREL:
                return f"covers the squirrel at {format_pos(p)}"
            if c.fruit is None:
                continue
            if under.fruit is not None and under.fruit != c.fruit:
                mismatches.append(p)
            elif under.fruit is None and under.die and under.die_fruit != c.fruit:
                mismatches.append(p)
        left = self.squirrels_left(state)
        if len(mismatches) > left:
            k = self.deck.mismatch_tokens
            if left == 0:
                spent = ("the squirrel is already spent" if k == 1 else "both squirrels are already spent" if k == 2
                         else f"all {k} squirrels are already spent")
                return (f"mismatch at {format_pos(mismatches[0])} but {spent}"
                        if k else f"mismatch at {format_pos(mismatches[0])} (this deck has no squirrel)")
            return f"{len(mismatches)} mismatches but only {left} squirrel{'s' if left != 1 else ''} left"

        supply = self.supply(state)
        new: dict[Pos, Spot] = {}
        wants = []
        wheelbarrow_used = state.wheelbarrow_used
        # (a) the squirrel: whatever lay under its tree leaves the orchard
        for p in mismatches:
            under = grid[p]
            if under.die and not under.wheelbarrow:
                supply[under.die_fruit] += 1
        for p, c in cells:  # (b) moves, (c) new dice, (d) nothing; reading order
            under = grid.get(p)
            spot = Spot(c.fruit, c.count)
            if under is None:
                pass
            elif p in mismatches:
                spot = Spot(c.fruit, c.count, token=SQUIRREL)
            elif c.fruit is None:  # a clearing carries a die over unchanged
                if under.die:
                    spot = Spot(None, 0, die=under.die, die_fruit=under.die_fruit)
            elif under.die:  # a tree raises the die by its fruits
                if under.wheelbarrow:
                    value = WHEELBARROW_VALUE
                elif under.die == TOP_DIE:
                    if not wheelbarrow_used:
                        wheelbarrow_used = True
                        supply[under.die_fruit] += 1  # the die goes back
                        value = WHEELBARROW_VALUE
                    else:
                        value = TOP_DIE
                else:
                    value = under.die + c.count
                    if value > 6:
                        value = TOP_DIE
                spot = Spot(c.fruit, c.count, die=value, die_fruit=c.fruit)
            elif under.fruit is not None:  # tree over a tree without a die
                wants.append((p, c.fruit, c.count + under.count))
            new[p] = spot
        return Analysis(cells, wants, supply, new, wheelbarrow_used)

    # -- scoring -------------------------------------------------------------
    def target(self, deal: Deal) -> int | None:
        if not deal.recipes:
            return None
        return sum(self.card(r).recipe.number for r in deal.recipes)

    def recipes(self, deal: Deal) -> list[Recipe]:
        return [self.card(r).recipe for r in deal.recipes]

    def score_sheet(self, state: State) -> ScoreSheet:
        dice = sum(s.die for _, s in state.top if s.die and s.fruit is not None)
        n_dice = sum(1 for _, s in state.top if s.die)
        penalty = 0
        grid = state.grid
        for (x, y), s in state.top:
            if s.token == SQUIRREL:
                penalty += 1
                for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    n = grid.get(q)
                    if n is not None and n.die and n.fruit is not None:
                        penalty += 1
        results = []
        bonus = 0
        for recipe in self.recipes(state.deal):
            met, points = evaluate_recipe(recipe, state, self.deck.dice_per_fruit, self.deck.fruit_keys)
            results.append((recipe.name, met, points))
            bonus += points
        return ScoreSheet(dice=dice, penalty=penalty, bonus=bonus, total=dice - penalty + bonus,
                          dice_in_play=n_dice, tokens_used=state.tokens(SQUIRREL),
                          recipes=tuple(results), target=self.target(state.deal))


# ----------------------------------------------------------------- recipes


def _dice(state: State, recipe: Recipe) -> list[tuple[Pos, Spot]]:
    """Dice in play for a recipe: on trees and clearings; the wheelbarrow
    counts as a die of its fruit unless the recipe says otherwise."""
    return [(p, s) for p, s in state.top if s.die and (recipe.wheelbarrow_counts or not s.wheelbarrow)]


def _matches(fruit: str, want: str) -> bool:
    return want == "any" or fruit == want


def evaluate_recipe(recipe: Recipe, state: State, dice_per_fruit: int,
                    fruits: tuple[str, ...]) -> tuple[bool, int]:
    """(condition met, bonus points) for one recipe at the end of a game."""
    dice = _dice(state, recipe)
    kind, arg = recipe.condition
    if kind == "all_dice_in_play":
        met = any(sum(1 for _, s in dice if s.die_fruit == f) >= dice_per_fruit
                  for f in fruits if _matches(f, arg))
    elif kind == "each_fruit_at_least":
        met = all(any(s.die_fruit == f and s.die >= arg for _, s in dice) for f in fruits)
    elif kind == "no_dice_on_clearings":
        met = not any(s.fruit is None for _, s in dice)
    elif kind == "line_of_three":
        at = {p: s.die_fruit for p, s in dice}
        met = False
        for (x, y), f in at.items():
            if not _matches(f, arg):
                continue
            if (at.get((x + 1, y)) == f and at.get((x + 2, y)) == f) or \
               (at.get((x, y + 1)) == f and at.get((x, y + 2)) == f):
                met = True
                break
    elif kind == "dice_at_least":
        f, n = arg
        met = sum(1 for _, s in dice if _matches(s.die_fruit, f)) >= n
    elif kind == "fruit_total_at_least":
        f, n = arg
        met = sum(s.die for _, s in dice if _matches(s.die_fruit, f)) >= n
    elif kind == "squirrel_unused":
        met = state.tokens(SQUIRREL) == 0
    elif kind == "wheelbarrow_used":
        met = any(s.wheelbarrow for _, s in state.top)
    else:  # pragma: no cover - the deck loader admits only the vocabulary
        raise ValueError(kind)
    if not met:
        return False, 0
    rkind, rarg = recipe.reward
    if rkind == "points":
        return True, rarg
    if rkind == "double":
        return True, sum(s.die for _, s in dice if s.die_fruit == rarg and s.fruit is not None)
    if rkind == "points_per_die":
        f, n = rarg
        return True, n * sum(1 for _, s in dice if _matches(s.die_fruit, f))
    raise ValueError(rkind)  # pragma: no cover
