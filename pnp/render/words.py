"""Plain-English words for the deck model (recipes, buyers), generated from data.

Light module (no heavy imports) so cards, rules sheets and booklets share the
same wording. Every sentence is built from the recipe vocabulary in
:mod:`pnp.deck` (``RECIPE_CONDITIONS`` / ``RECIPE_REWARDS``).
"""
from __future__ import annotations

from typing import NamedTuple

from ..deck import Buyer, GameDeck, Recipe

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """Small numbers as words ("three"), larger ones as digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return one if n == 1 else (many or one + "s")


def dice_word(n: int) -> str:
    """"die" for one, "dice" for any other number."""
    return _plural(n, "die", "dice")


class RecipeWords(NamedTuple):
    condition: str  # the goal, a full sentence
    reward: str  # what it gives, a full sentence
    note: str  # an extra rule ("" when none)


def _fruit(gd: GameDeck, key: str) -> str:
    return gd.fruit(key).name


def recipe_words(recipe: Recipe, gd: GameDeck) -> RecipeWords:
    """The recipe's condition, reward and note as separate sentences."""
    kind, arg = recipe.condition
    dice = gd.dice_per_fruit
    if kind == "all_dice_in_play":
        whose = "of one fruit (any fruit)" if arg == "any" else f"{_fruit(gd, arg)}"
        if dice == 1:
            cond = ("A die of any fruit (each has only one) is in the grove." if arg == "any"
                    else f"The one {whose} die is in the grove.")
        else:
            every = "Both" if dice == 2 else f"All {number_word(dice)}"
            cond = (f"{every} dice {whose} are in the grove." if arg == "any"
                    else f"{every} {whose} dice are in the grove.")
    elif kind == "each_fruit_at_least":
        names = [f.name for f in gd.fruits]
        listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
        cond = f"{listed} each have a die showing {arg} or more."
    elif kind == "no_dice_on_clearings":
        cond = "No die is standing on a clearing."
    elif kind == "line_of_three":
        who = "dice of one fruit" if arg == "any" else f"{_fruit(gd, arg)} dice"
        cond = f"Three {who} sit side by side in one straight row or column."
    elif kind == "dice_at_least":
        key, n = arg
        who = "dice" if key == "any" else f"{_fruit(gd, key)} {_plural(n, 'die', 'dice')}"
        if key == "any":
            who = _plural(n, "die", "dice")
        cond = (f"At least {number_word(n)} {who} are in the grove." if n != 1 else
                f"At least one {who} is in the grove.")
    elif kind == "fruit_total_at_least":
        key, total = arg
        who = "All your dice" if key == "any" else f"Your {_fruit(gd, key)} dice"
        cond = f"{who} add up to {total} or more."
    elif kind == "squirrel_unused":
        k = gd.mismatch_tokens
        cond = ("You never spent the squirrel." if k == 1 else "You spent none of the squirrels." if k else
                "Always met: this deck has no squirrel to spend.")
    elif kind == "wheelbarrow_used":
        cond = "The wheelbarrow is in the grove."
    else:  # pragma: no cover - the loader only lets vocabulary through
        cond = f"{kind}: {arg}"

    rkind, rarg = recipe.reward
    if rkind == "points":
        reward = f"Score {rarg} extra {_plural(rarg, 'point')}."
    elif rkind == "double":
        reward = f"{_fruit(gd, rarg)} dice on trees count double."
    elif rkind == "points_per_die":
        key, n = rarg
        who = "die" if key == "any" else f"{_fruit(gd, key)} die"
        reward = f"Score {n} extra {_plural(n, 'point')} for each {who} in the grove."
    else:  # pragma: no cover
        reward = f"{rkind}: {rarg}"

    note = "" if recipe.wheelbarrow_counts else "The wheelbarrow does not count as a die here."
    return RecipeWords(cond, reward, note)


def describe_recipe(recipe: Recipe, gd: GameDeck) -> str:
    """One paragraph: "Name (number). Goal: ... Reward: ... [note]"."""
    w = recipe_words(recipe, gd)
    text = f"{recipe.name} ({recipe.number}). Goal: {w.condition} Reward: {w.reward}"
    return f"{text} {w.note}" if w.note else text


def plural_name(name: str, n: int) -> str:
    """"Apple" -> "Apples", "Cherry" -> "Cherries", "Orange of the Valley" ->
    "Oranges of the Valley" (n != 1)."""
    if n == 1:
        return name
    for joint in (" of ", " de ", " in "):  # the head noun takes the plural
        head, sep, tail = name.partition(joint)
        if sep and head:
            return plural_name(head, n) + sep + tail
    if name.endswith("y") and name[-2:-1].lower() not in "aeiou":
        return name[:-1] + "ies"
    return name + ("es" if name.endswith(("s", "x", "ch", "sh")) else "s")


def tokens_word(gd: GameDeck, n: int) -> str:
    """The deck's tokens that excuse a mismatch, ``n`` of them: "squirrel(s)" in
    Grove, "rotten token(s)" in Orchard."""
    return plural_name("squirrel" if gd.game == "grove" else "rotten token", n)


def counted(gd: GameDeck, pairs) -> list[str]:
    """``(fruit key, n)`` pairs as "3 Apples", "1 Orange"."""
    return [f"{n} {plural_name(gd.fruit(k).name, n)}" for k, n in pairs]


def buyer_wants(buyer: Buyer, gd: GameDeck) -> str:
    """"3 Apples and 2 Oranges"."""
    return " and ".join(counted(gd, buyer.wants))


def describe_buyer(buyer: Buyer, gd: GameDeck) -> str:
    """"Wants 3 Apples and 2 Oranges; +1 bonus point"."""
    opts = buyer_wants(buyer, gd)
    return f"Wants {opts}; +{buyer.points} bonus {_plural(buyer.points, 'point')}."


def bonus_range(gd) -> str:
    """What an Orchards market deck's buyers pay: "1 to 3 bonus points", or
    "2 bonus points" / "1 bonus point" when they all pay the same."""
    pts = sorted({b.points for b in gd.buyers})
    if len(pts) > 1:
        return f"{pts[0]} to {pts[-1]} bonus points"
    return f"{pts[0]} bonus {'point' if pts[0] == 1 else 'points'}"
