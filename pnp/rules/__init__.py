"""Rules sheets as data: what each game's sheet says, built from the deck.

:func:`rules_sheet` returns a :class:`Sheet` — a title and a list of
:class:`Section` s made of a few block types (paragraphs, bullet lists, tables,
a notation box, the scripted example, card pictures). The words are pnp's own;
every number in them (cards, dice, tokens, the dice ladder, penalties, tiers,
recipes, buyers) comes from ``cards.yaml`` or the rules engine, so an edited
deck gets a matching sheet. Layout lives in :mod:`pnp.render.rules`.

Text uses reportlab's paragraph mark-up: ``<b>``, ``<i>``; characters are
limited to what pnp's bundled fonts show (no arrows: ``›`` instead).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..deck import GameDeck, id_ranges
from ..errors import PnpError
from ..render.words import (bonus_range, counted, describe_buyer, dice_word, number_word, plural_name,
                            recipe_words)

GAMES = ("orchard", "orchard-pnp", "grove", "orchards-market")


# --------------------------------------------------------------------------- blocks


@dataclass(frozen=True)
class Para:
    text: str
    style: str = "body"  # body, lead, small


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...] = ()  # shares of the width; () = equal
    kind: str = "plain"  # plain, tiers, recipes


@dataclass(frozen=True)
class Box:
    """A framed box (the notation summary): a title and lines of mark-up."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    """The scripted example of :mod:`pnp.rules.examples`, drawn by the engine."""

    game: str


@dataclass(frozen=True)
class MarketCards:
    """Pictures of the Orchards market cards (one fruit card per fruit, one buyer)."""


@dataclass(frozen=True)
class MarketPlanting:
    """A diagram of planting in Orchards market: the start block, a card planted
    against two cards, and what the planter takes (``grow``)."""

    top: tuple[str, ...]  # the start block's top row, one card of each fruit over the two rows
    bottom: tuple[str, ...]  # its bottom row (as long, or one shorter: the rows end in one column)
    planted: str  # the fruit planted on the right, straddling both rows


Block = Union[Para, Bullets, Table, Box, Example, MarketCards, MarketPlanting]


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Block, ...]
    wide: bool = False  # spans both columns (starts on a fresh full-width area)
    new_page: bool = False


@dataclass(frozen=True)
class Sheet:
    game: str
    title: str
    tagline: str
    sections: tuple[Section, ...] = field(default_factory=tuple)

    def text(self) -> str:
        """Every word of the sheet as plain text (mark-up removed)."""
        import re

        out = [self.title, self.tagline]
        for s in self.sections:
            out.append(s.title)
            for b in s.blocks:
                if isinstance(b, Para):
                    out.append(b.text)
                elif isinstance(b, Bullets):
                    out.extend(b.items)
                elif isinstance(b, Table):
                    out.append(" ".join(b.header))
                    out.extend(" ".join(r) for r in b.rows)
                elif isinstance(b, Box):
                    out.append(b.title)
                    out.extend(b.lines)
        return re.sub(r"<[^>]+>", "", "\n".join(out))


# --------------------------------------------------------------------------- shared pieces


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _numbered(gd: GameDeck) -> str:
    """How the cards are numbered: "numbered 1 to 18", or the runs of a deck with gaps."""
    ids = sorted(c.id for c in gd.cards)
    return f"numbered 1 to {len(ids)}" if ids == list(range(1, len(ids) + 1)) else f"numbered {id_ranges(ids)}"


def _example_line(gd: GameDeck) -> tuple[str, tuple[str, ...]]:
    """The deal and moves of the sheet's example (the notation box quotes them):
    the one the example section draws, or the scripted one where the deck is too
    small for an example."""
    from .examples import EXAMPLES, example_line

    try:
        return example_line(gd)
    except PnpError:  # the deck's own card numbers, not the scripted example's (cards it may not have)
        side = "a" if gd.game == "orchard-pnp" else ""
        ids = [f"{c.id}{side}" for c in gd.cards[:3]]
        return f"{gd.game}:" + ",".join(ids), (f"{ids[min(1, len(ids) - 1)]} r90 1,0",)


def _fruit_list(gd: GameDeck) -> str:
    return _list([f.name for f in gd.fruits])


def _fruit_looks(gd: GameDeck) -> str:
    return _list([f"{f.name} ({f.shape})" for f in gd.fruits])


def tier_rows(gd: GameDeck) -> tuple[tuple[str, str], ...]:
    """("up to 24", "Seedling"), ("25–29", "Sapling"), ... lowest first; the last
    reads "55 or more". The lowest tier takes every score under the next (its own
    min too, and a score below 0 after the penalties), as :meth:`GameDeck.tier` does."""
    rows = []
    tiers = gd.tiers  # rising: the deck loader checks it
    for i, t in enumerate(tiers):
        if i + 1 < len(tiers):
            hi = tiers[i + 1].min - 1
            rng = f"up to {hi}" if i == 0 else f"{t.min}–{hi}" if hi > t.min else str(t.min)
        else:
            rng = f"{t.min} or more" if i else "any score"
        rows.append((rng, t.name))
    return tuple(rows)


def tier_table(gd: GameDeck) -> Table:
    return Table(("Score", "Your harvest"), tier_rows(gd), (0.38, 0.62), kind="tiers")


def _ladder(game) -> list[int]:
    """The dice ladder of an Orchard game, from its rules: 1, 3, 6, 10."""
    vals, v = [1], 1
    while game.ladder[v] != v:
        v = game.ladder[v]
        vals.append(v)
    return vals


def _notation_box(gd: GameDeck, example_deal: str, example_move: str) -> Box:
    game = gd.game
    side = ""
    if game == "orchard-pnp":
        side = " In this edition every card carries the side it is played on: <b>3b</b>."
    recipes = ""
    ids = sorted(c.id for c in gd.cards if c.recipe is not None)
    if game == "grove" and len(ids) >= 2:
        pair = (4, 12) if {4, 12} <= set(ids) else tuple(ids[:2])  # the deck's own cards
        recipes = (f" A Recipe Challenge adds the two set-aside cards: <b>grove:...;recipes={pair[0]},{pair[1]}</b> "
                   "(keep the deal in quotes on a command line: a bare ; ends the command).")
    return Box("Writing a game down (for pnp verify)", (
        f"<b>Deal</b> <font name='Courier'>{example_deal}</font>: the start card, the two cards of the first "
        f"hand, then the draws, in order.{side}{recipes}",
        "<b>Squares</b> are <font name='Courier'>x,y</font>: x counts to the right, y counts downwards. "
        "The start card lies upright with its top-left square on <font name='Courier'>0,0</font>, "
        "so it covers <font name='Courier'>0,0</font> to <font name='Courier'>1,2</font>; squares left of "
        "or above it have negative numbers.",
        f"<b>Move</b> <font name='Courier'>{example_move}</font>: the card number, how far it is turned "
        "clockwise (<font name='Courier'>r0 r90 r180 r270</font>), then the square where its top-left "
        "corner lands <i>after</i> turning. Upright, a card is 2 wide and 3 tall; at r90 or r270 it is "
        "3 wide and 2 tall.",
        "<b>Short of dice?</b> Add <font name='Courier'>dice 0,1 2,1</font> to a move to say which squares "
        "get the last dice; otherwise the top row goes first, left to right.",
        "<b>Check it:</b> write one move per line (text after # is ignored) and run "
        f"<font name='Courier'>pnp verify \"{game}:...\" game.txt</font>. It replays every move, names the first "
        "illegal one and why, or prints your score and tier.",
    ))


def place(gd: GameDeck) -> str:
    """What a player of the solitaire game builds: a "grove" in Grove, else an "orchard"."""
    return "grove" if gd.game == "grove" else "orchard"


def tie_breaks(gd: GameDeck) -> tuple[str, ...]:
    """What settles a level score in a solitaire game played together, in order
    (SPEC §3.6: fewer rotten tokens, then more dice), as what the edge goes to:
    the token clause only where the deck has tokens; Grove's squirrel in its stead."""
    k = gd.mismatch_tokens
    if gd.game != "grove":
        fewer = "fewer rotten tokens spent" if k else None
    else:
        fewer = None if not k else "a squirrel left unused" if k == 1 else "fewer squirrels spent"
    return tuple(c for c in (fewer, f"more dice in the {place(gd)}") if c)


def _stack(n: int, how: str = "face down") -> str:
    """Setting up the stack from a deck of ``n`` cards: nine of them, or all where
    there are nine or fewer (the sheet said "count off nine" and "the other nine
    sit out" whatever the deck held)."""
    if n > 9:
        rest = "one sits" if n == 10 else f"{number_word(n - 9)} sit"
        return (f"Shuffle the cards and count off nine, {how}: that is your stack for this game. The other "
                f"{rest} out until your next game.")
    short = "" if n == 9 else f" (this deck makes a game of {number_word(n)} cards, not nine)"
    return f"Shuffle the {number_word(n)} cards, {how}: that is your stack for this game{short}."


def _game_cards(n: int) -> str:
    """How many cards a game uses, in words: nine, or all of a smaller deck."""
    return number_word(min(n, 9))


def _an(word: str) -> str:
    """``word`` with its article: "a nine-card", "an eight-card", "an 11-card"."""
    vowel = word[:1].lower() in "aeiou" or word.startswith(("8", "11", "18"))
    return f"{'an' if vowel else 'a'} {word}"


#: Fruits the Grove sheet may call citrus (a deck of other fruits is a grove of fruit trees).
CITRUS = {"orange", "lemon", "lime", "grapefruit", "mandarin", "tangerine", "clementine", "citron", "kumquat",
          "yuzu", "pomelo", "bergamot"}


def _grove_kind(gd: GameDeck) -> str:
    return "citrus" if all(f.name.strip().casefold() in CITRUS for f in gd.fruits) else "fruit"


def _multiplayer(gd: GameDeck) -> Section:
    n = len(gd.cards)
    called = "number" if gd.game != "orchard-pnp" else "number and side (such as 3b)"
    if gd.game == "orchard-pnp":
        deal = (f"The caller shuffles their {number_word(n)} cards, flipping some, and reveals them one at a "
                f"time, reading out each card's {called}. ")
    else:
        count = ", counts off nine face down and reveals them" if n > 9 else " and reveals them"
        deal = (f"The caller shuffles their {n} cards{count} one at a "
                f"time, reading out each card's {called}. ")
    return Section("Playing together", (
        Para("Any number can join in, provided everyone brings their own copy of the deck and dice: all play the "
             "very same deal, each on their own patch of table. One player acts as the <b>caller</b>. " + deal +
             "Everybody else keeps their cards sorted by number and picks out the card that was called, so that "
             f"all {place(gd)}s begin with the same card and every hand holds the same two cards."),
        Para("Each round, all players place one card at the same time, each choosing freely where and how. When "
             "everyone is done, the caller reveals and calls the next card, and each player adds it to their "
             "hand. The game runs until the last card has been played; a player neither of whose two cards fits "
             "anywhere stops there and keeps the score they have."),
        Para("The highest score wins. Where scores are equal, the edge goes to " +
             ", and then to ".join(tie_breaks(gd)) + "; beyond that the players share the win."),
    ))


# --------------------------------------------------------------------------- Orchard


def _orchard_sheet(gd: GameDeck) -> Sheet:
    from ..games import find_game
    from ..games.orchard import ROTTEN_PENALTY

    game = find_game(gd.game, gd)
    pnp = gd.game == "orchard-pnp"
    n_cards = len(gd.cards)
    dice = gd.dice_per_fruit
    n_fruits = len(gd.fruits)
    tokens = gd.mismatch_tokens
    ladder = _ladder(game)
    top = ladder[-1]
    ladder_text = " › ".join(str(v) for v in ladder)
    deal, moves = _example_line(gd)

    if pnp:
        cards_line = (f"<b>{n_cards} double-sided orchard cards</b>, {_numbered(gd)}. Both sides (a and b) "
                      f"show six fruit trees in a 2 × 3 grid; in any one game each card is played on one side only.")
    else:
        cards_line = (f"<b>{n_cards} orchard cards</b>, {_numbered(gd)}, each showing six fruit trees in a "
                      f"2 × 3 grid. A game uses {'nine of them' if n_cards > 9 else 'all of them'}; the numbers only "
                      "matter for shared deals and puzzles.")
    components = Bullets((
        cards_line,
        f"<b>{dice * n_fruits} {dice_word(dice * n_fruits)}</b>: {dice} for each fruit ({_fruit_list(gd)}); "
        "give each fruit its own "
        f"colour. " + ("Ordinary six-sided dice do." if top <= 6 else
                       f"Ten-sided dice show every step; with six-sided ones, slip a coin under a die that "
                       f"reaches {top}."),
        *([f"<b>{tokens} {plural_name('rotten fruit token', tokens)}</b> (coins or cubes are fine)."]
          if tokens else []),  # a deck with none has nothing to gather
        f"A pencil and the harvest log (<font name='Courier'>pnp scorepad {gd.game}</font>).",
    ))
    if pnp:
        setup_deal = (f"Mix the {number_word(n_cards)} cards both ways up, so that chance picks which side of each "
                      "one will be played, and square them into a face-down stack. Whichever side of a card is "
                      "uppermost in the stack stays out of play: each time you take a card, flip it and use the side "
                      "that was hidden.")
    else:
        setup_deal = _stack(n_cards)
    setup = Bullets((
        f"Put the dice{' and the rotten tokens' if tokens else ''} within reach: this is the <b>supply</b>.",
        setup_deal,
        "Reveal the top card and lay it upright in the middle of the table. It is the first card of your orchard.",
        "Take the next two cards into your hand.",
    ), numbered=True)
    turn = Bullets((
        "<b>Place</b> one of the two cards in your hand on the orchard.",
        "<b>Harvest</b>: work out the dice for each tree the card laid over another tree.",
        "<b>Draw</b> the next card from the stack, if any is left, so your hand is back to two.",
    ), numbered=True)
    placing = (
        Para("Before placing a card you may give it a quarter, half or three-quarter turn; you may not flip it "
             "over. Its six squares must line up exactly with squares of the grid the orchard already forms, and "
             "it must lie over at least one tree you can see. It may cover parts of several cards, hide a whole "
             "card, or stick out over the bare table."),
        Para("Every tree it lies over must be the same fruit as the tree that covers it" +
             (", except where you spend a rotten token. A tree that carries a rotten token may never be covered "
              "again." if tokens else ".")),
    )
    dice_blocks = (
        Para("Once the card is down, go through its trees that lie over another tree, in this order:"),
        Bullets((
            *(["<b>Mismatches first.</b> Where the fruits differ (you spend a rotten token for each), a die on "
               "the lower tree goes back to the supply and the new tree gets the rotten token."] if tokens else []),
            f"<b>Dice move up.</b> Where the fruits match and the lower tree has a die, lift the die onto the new "
            f"tree and turn it to the next value of the ladder <b>{ladder_text}</b>. A die already on {top} "
            f"stays on {top}.",
            "<b>New dice.</b> Where the fruits match and the lower tree has no die, put a die of that fruit "
            "showing <b>1</b> on the new tree.",
        )),
        Para(f"Trees over bare table get nothing. The supply holds only <b>{dice} {dice_word(dice)} of each "
             "fruit</b>. If a "
             "card asks for more new dice of one fruit than are left, you decide which of those trees receive "
             "them; the rest go without."),
    )
    if tokens == 0:
        rotten = Para("This deck has <b>no rotten tokens</b>: every tree you cover must be of the same fruit as the "
                      "tree laid on it.")
    else:
        several = {1: "", 2: "; both may be spent on the same card"}.get(tokens, "; several may be spent on the "
                                                                                "same card")
        rotten = Para(f"You have <b>{tokens} {plural_name('rotten token', tokens)}</b> for the whole game. "
                      f"{'Each one' if tokens > 1 else 'It'} lets one tree of the card you are placing sit on a tree "
                      f"of a different fruit{several}. Any die under that tree returns to the supply, and the token "
                      "stays on the covering tree: that tree is spoilt, can never be covered, and costs "
                      f"<b>{ROTTEN_PENALTY} points</b> at the end.")
    end = Para("The game ends when your last card is down, or earlier, the moment neither card in your hand can "
               "legally be placed.")
    scoring = (
        Para("Add up the values of all dice in the orchard" +
             (f", then take off {ROTTEN_PENALTY} for every rotten token you used" if tokens else "") +
             ". Find your harvest in the table and note it in the harvest log."),
        tier_table(gd),
    )
    tagline = (f"{_an(_game_cards(n_cards) + '-card').capitalize()} solitaire of overlapping fruit trees. "
               f"{len(gd.fruits)} {plural_name('fruit', len(gd.fruits))}, dice ladder "
               f"{ladder_text}. About ten minutes.")
    sections = (
        Section("The idea", (Para(
            f"You build a small orchard from {_game_cards(n_cards)} cards. Whenever a tree is laid over a tree of "
            "the same fruit, a "
            "die appears on it, and laying more matching trees on the same spot makes that die climb. Your score "
            "is what the dice add up to at the end.", "lead"),
            Para(f"Every fruit has its own colour and its own shape, so the cards read well in black and white "
                 f"too: {_fruit_looks(gd)}."))),
        Section("What you need", (components,)),
        Section("Setting up", (setup,)),
        Section("A turn", (turn,)),
        Section("Placing a card", placing),
        Section("Dice", dice_blocks),
        Section("Rotten fruit", (rotten,)),
        Section("End of the game", (end,)),
        Section("Scoring", scoring),
        _multiplayer(gd),
        Section("Notation", (_notation_box(gd, deal + ",...", moves[0]),)),
        # last: it is kept whole in one column, and the sections before it fill the first page
        Section("Example: a start and three turns", (Example(gd.game),)),
    )
    return Sheet(gd.game, gd.title, tagline, sections)


# --------------------------------------------------------------------------- Grove


def _squirrel_count(squirrels: int) -> tuple:
    """What a deck with other than one squirrel (``squirrels:`` in cards.yaml) changes."""
    if squirrels == 1:
        return ()
    if squirrels == 0:
        return (Para("<b>This deck has no squirrel:</b> every square you cover must follow the rules above."),)
    return (Para(f"<b>This deck has {number_word(squirrels)} squirrels.</b> Each one breaks a rule once, for one "
                 "square, as above; several may go in on the same card, and each costs its own points at the "
                 "end."),)


def _grove_sheet(gd: GameDeck) -> Sheet:
    from ..games.base import WHEELBARROW_VALUE
    from ..games.grove import TOP_DIE

    n_cards = len(gd.cards)
    dice = gd.dice_per_fruit
    squirrels = gd.mismatch_tokens
    trees = {sum(1 for _, _, c in card.face().cells() if not c.is_clearing) for card in gd.cards}
    clearings = {sum(1 for _, _, c in card.face().cells() if c.is_clearing) for card in gd.cards}
    if len(trees) == 1 and len(clearings) == 1:
        t, c = trees.pop(), clearings.pop()
        makeup = f"{number_word(t)} trees and {number_word(c)} clearing{'s' if c != 1 else ''}"
    else:
        makeup = "trees and clearings"
    recipes = [c for c in gd.cards if c.recipe is not None]
    deal, moves = _example_line(gd)
    components = Bullets((
        f"<b>{n_cards} grove cards</b>, {_numbered(gd)}. The front shows {makeup} in a 2 × 3 grid; "
        f"each tree bears one or two fruits of one kind ({_fruit_list(gd)}). The back holds a recipe, used only "
        f"in the Recipe Challenge.",
        f"<b>{dice * len(gd.fruits)} {dice_word(dice * len(gd.fruits))}</b>: {dice} for each fruit, one colour "
        "per fruit. Ten-sided dice show "
        f"every value; with six-sided ones, slip a coin under a die that reaches 10.",
        (f"<b>{squirrels} {plural_name('squirrel token', squirrels)}</b> and <b>1 wheelbarrow token</b>."
         if squirrels else "<b>1 wheelbarrow token</b> (this deck has no squirrel)."),
        f"A pencil and the harvest log (<font name='Courier'>pnp scorepad grove</font>).",
    ))
    setup = Bullets((
        "Put the dice and the tokens within reach: this is the <b>supply</b>.",
        _stack(n_cards, "recipe sides up"),
        "Reveal the top card and lay it upright in the middle of the table: the start of your grove. "
        "Take the next two cards into your hand.",
    ), numbered=True)
    turn = Bullets((
        "<b>Place</b> a card from your hand on the grove.",
        "<b>Harvest</b>: work out the dice for the squares it covered.",
        "<b>Draw</b> the next card, if any, so you hold two again.",
    ), numbered=True)
    placing = (
        Para("Turn the card a quarter, half or three-quarter turn if you like (never flip it), line its squares up "
             "with the grid and cover at least one visible square, tree or clearing. " +
             ("The square with the squirrel can never be covered. " if squirrels == 1 else
              "A square with a squirrel can never be covered. " if squirrels else "") +
             "For each square covered:"),
        Bullets((
            "a tree on a tree: the fruits must be the same;",
            "a tree on a clearing that holds a die: the tree must be the die's fruit;",
            "a tree on an empty clearing: always fine;",
            "a clearing on anything: always fine.",
        )),
        *([Para("Once per game you may break one of these rules for a single square by sending in the "
                "squirrel.")] if squirrels == 1 else
          [Para(f"Up to {number_word(squirrels)} times per game you may break one of these rules for a single "
                "square by sending in a squirrel, one squirrel a square.")] if squirrels else []),
    )
    dice_blocks = (
        Para("Go through the squares the card covered, in this order:"),
        Bullets((
            *([f"<b>The {plural_name('squirrel', squirrels)}.</b> If you broke a rule, a die under that square "
               "goes back to the supply (the wheelbarrow leaves the grove for good), and "
               f"{'the' if squirrels == 1 else 'a'} squirrel stays on the covering tree, which gets no die."]
              if squirrels else []),
            f"<b>Dice move up.</b> A tree laid on a square with a die: move the die onto the tree and add the "
            f"tree's fruits to it. Past 6 it shows <b>{TOP_DIE}</b>. A {TOP_DIE} that grows again becomes the "
            f"<b>wheelbarrow</b>, worth {WHEELBARROW_VALUE} (the die goes back); if the wheelbarrow is already out, "
            f"it stays {TOP_DIE}. A clearing laid on a die: the die moves onto the clearing, unchanged.",
            "<b>New dice.</b> A tree laid on a tree of its own fruit without a die: a die of that fruit showing "
            "the fruits on <i>both</i> trees (two on one makes 3), if the supply has one left.",
            "<b>Nothing else</b> makes a die: a tree over an empty clearing or bare table gets none.",
        )),
        Para(f"Only {dice} {dice_word(dice)} of each fruit {'exists' if dice == 1 else 'exist'}. When a card "
             "wants more new dice of one fruit than are left, "
             "you choose which squares get them."),
    )
    wheel = Para(f"There is one wheelbarrow. It stands for a harvest of {WHEELBARROW_VALUE}: treat it as a die of "
                 f"its fruit that always shows {WHEELBARROW_VALUE}, moving with matching trees and onto clearings. "
                 "Once it has left the grove it is not used again.")
    squirrel = Para(("The squirrel lets one covering tree disagree with the fruit below it, once per game. "
                     if squirrels <= 1 else
                     "A squirrel lets one covering tree disagree with the fruit below it, once. ") +
                    "Whatever die was underneath goes back to the supply, and nothing may ever be placed on the "
                    "squirrel's tree. At the end " + ("it" if squirrels <= 1 else "each squirrel used") +
                    " costs 1 point, plus 1 more for each die or wheelbarrow on a tree directly beside it (left, "
                    "right, above or below).")
    clearings_p = Para("Clearings hold no fruit. A die resting on a clearing still counts as in play for recipes, "
                       "but adds nothing to the score.")
    end = Para("The game ends when your last card is down, or sooner if neither card in your hand fits anywhere.")
    scoring = (
        Para("Add the dice and the wheelbarrow standing on trees (those on clearings count 0)" +
             ("." if not squirrels else ", then subtract the squirrel's cost if you used it." if squirrels == 1
              else ", then subtract the cost of each squirrel you used.")),
        tier_table(gd),
    )
    challenge = (
        Para("The backs of the cards hold recipes. Shuffle, then set two cards aside recipe side up, <i>before</i> "
             "counting off your nine: those two never enter the grove. Add the two numbers printed on the recipes: "
             "that is your <b>target</b>." + ("" if n_cards >= 11 else
                                               f" (A challenge takes eleven cards, nine and two recipes; this "
                                               f"deck has {number_word(n_cards)}, so its challenge plays the "
                                               f"{number_word(max(n_cards - 2, 0))} left.)")),
        Para("Play as usual. At the end, check each recipe: if its goal is met, apply its reward (extra points, or "
             "dice of one fruit counting double). Your final score is the usual score plus the rewards, and the "
             "tiers rate that final score. Reach the target and you win."),
        Para("For recipes the wheelbarrow counts as a die of its fruit, unless the recipe says otherwise, and dice "
             "on clearings are in play. With several players, everyone sets aside the same two recipes."),
    )
    rec_rows = []
    for c in sorted(recipes, key=lambda c: c.id):
        w = recipe_words(c.recipe, gd)
        goal = w.condition + (f" <i>{w.note}</i>" if w.note else "")  # the note limits the goal, not the reward
        rec_rows.append((str(c.id), f"<b>{c.recipe.name}</b>", str(c.recipe.number), goal, w.reward))
    appendix = (
        Para(f"All {len(rec_rows)} recipes of this deck, by card number. Target = the sum of the two numbers."),
        Table(("Card", "Recipe", "No.", "Goal (at the end)", "Reward"), tuple(rec_rows),
              (0.06, 0.2, 0.06, 0.36, 0.32), kind="recipes"),
    )
    sections = (
        Section("The idea", (Para(
            f"A grove of {_grove_kind(gd)} trees grows from {_game_cards(n_cards)} cards. Each tree bears one or two "
            "fruits; "
            "lay trees over trees "
            "of the same fruit and dice appear, then grow by the fruits you add. Your score is what the dice on "
            "trees add up to at the end.", "lead"),
            Para(f"Fruits differ in colour and in shape: {_fruit_looks(gd)}. Clearings are open ground."))),
        Section("What you need", (components,)),
        Section("Setting up", (setup,)),
        Section("A turn", (turn,)),
        Section("Placing a card", placing),
        Section("Dice", dice_blocks),
        Section("The wheelbarrow", (wheel,)),
        Section("The squirrel" if squirrels <= 1 else "The squirrels",
                ((squirrel,) if squirrels else ()) + _squirrel_count(squirrels)),  # none: only the note
        Section("Clearings", (clearings_p,)),
        Section("End of the game", (end,)),
        Section("Scoring", scoring),
        Section("Recipe Challenge", challenge),
        _multiplayer(gd),
        Section("Notation", (_notation_box(gd, deal + ",...", moves[0]),)),
        Section("Example: a start and three turns", (Example("grove"),)),  # whole, after the rules
        Section("Appendix: every recipe", appendix, wide=True, new_page=True),
    )
    with_squirrels = ("a squirrel, " if squirrels == 1 else f"{number_word(squirrels)} squirrels, " if squirrels
                      else "")
    return Sheet("grove", gd.title, f"{_an(_game_cards(n_cards) + '-card').capitalize()} {_grove_kind(gd)} "
                 f"solitaire with {with_squirrels}a wheelbarrow and a recipe challenge. About fifteen minutes.",
                 sections)


# --------------------------------------------------------------------------- Orchards market


#: Orchards market: the players the sheet speaks of and the score sheet has columns for.
MARKET_PLAYERS = 6


def _market_sheet(gd: GameDeck) -> Sheet:
    counts = dict(gd.fruit_cards)
    total = sum(counts.values())
    per = sorted(set(counts.values()))
    if len(per) == 1:
        fruit_line = (f"<b>{total} fruit cards</b>: {per[0]} of each of the {number_word(len(counts))} fruits "
                      f"({_fruit_list(gd)}).")
    else:
        fruit_line = f"<b>{total} fruit cards</b>: " + ", ".join(counted(gd, gd.fruit_cards)) + "."
    pays = bonus_range(gd)
    buyer_line = (f"<b>{len(gd.buyers)} {'buyer card' if len(gd.buyers) == 1 else 'buyer cards'}</b>. "
                  f"{'Each asks' if len(gd.buyers) > 1 else 'It asks'} for a number of one fruit <i>and</i> a "
                  f"number of another and pays {pays}.")
    market = min(4, len(gd.buyers))
    shut = next((f for f in gd.fruits if f.name == "Lime"), gd.fruits[0])  # the harvest's example
    components = Bullets((fruit_line, buyer_line,
                          "A pencil and the score sheet (<font name='Courier'>pnp scorepad orchards-market</font>)."))
    setup = Bullets((
        (f"Shuffle the buyer cards into a face-down pile and turn the top {number_word(market)} face up beside it: "
         "the <b>market</b>." if len(gd.buyers) > market else
         f"Lay {'the buyer card' if market == 1 else f'all {number_word(market)} buyer cards'} face up: the "
         "<b>market</b> (this deck has no more to refill it with)."),
        "Sort the fruit cards into face-up piles, one per fruit: the <b>supply</b>.",
        "Take one card of each fruit from the supply and lay them face up in the middle of the table, edge to edge "
        f"in a compact block ({_start_block(len(counts))}, say): the shared <b>orchard</b>.",
        "Every player takes one card of each fruit from the supply into their hand.",
        "Choose who starts; play passes to the left.",
    ), numbered=True)
    turn = Bullets((
        "<b>Pick</b> one fruit card of your choice from the supply into your hand.",
        "<b>Pick again or plant.</b> Either pick a second card (then jump to step 5), or plant: lay a card from "
        "your hand against the outside of the orchard so that one of its long edges touches two orchard cards. "
        "It may stand upright or lie sideways, whichever lets a long edge do that.",
        "<b>Grow.</b> For each orchard card touching the card you just planted, take a card of that fruit from the "
        "supply into your hand.",
        "<b>Harvest.</b> An orchard card is <i>shut in</i> when other orchard cards run the full length of each "
        "of its four edges. Every card shut in now goes back to its pile, and its fruit is harvested: each player "
        "at the table, you included, takes every card of that fruit from their hand and sets them out face up on "
        f"their side; those cards are <i>harvested</i> and can be sold. (Say {_an(shut.name)} card ends up with "
        "orchard cards against its top, bottom, left and right edges, all the way along: it goes back to the "
        f"{shut.name} pile, and everyone sets out their {plural_name(shut.name, 2)}.)",
        "<b>Claim or sell</b> (one of the two, or neither).",
    ), numbered=True)
    claim = (
        Para("<b>Claim</b> a buyer from the market if your harvested cards already cover one of its two wants "
             "(either one). Turn those cards sideways under the buyer: they now belong to that order and nothing "
             "else." + (" Refill the market from the buyer pile while it lasts." if len(gd.buyers) > market else "")),
        Para("<b>Sell</b> to a buyer you claimed earlier: the cards under it cover one want; the other is filled "
             "with free harvested cards of its fruit from anyone at the table, taken first from you, then from "
             "whoever has the most of them, then from the nearest player on your left. While the table holds too "
             "few, that buyer waits. Each card used goes face down onto the scoring pile of the player it came "
             "from; the buyer goes onto yours."),
        Para("You may claim and sell the same buyer in one turn if your own harvested cards cover both its wants."),
    )
    end = Para("The moment one of the fruit piles in the supply is empty, play stops at once, even mid-turn.")
    scoring = (
        Para("Each fruit card in your scoring pile is worth 1 point; each buyer you sold to adds its bonus points. "
             "The most points wins; tied players share the win."),
    )
    rows = tuple((str(b.id), describe_buyer(b, gd).replace("Wants ", "").split(";")[0],
                  f"+{b.points}") for b in gd.buyers)
    sections = (
        Section("The idea", (Para(
            "Players share one orchard. You plant fruit cards into it, collect the fruit that grows next to your "
            "plantings, harvest whole kinds of fruit when a card is closed in, and sell harvested fruit to buyers "
            "for points.", "lead"),
            Para(f"Each fruit has its own colour and shape: {_fruit_looks(gd)}."))),
        Section("What you need", (components,)),
        Section("The cards", (MarketCards(),)),
        Section("Setting up", (setup,)),
        Section("A turn", (turn, _planting(gd))),
        Section("Claiming and selling", claim),
        Section("End of the game", (end,)),
        Section("Scoring", scoring),
        Section("The buyers", (Table(("No.", "Wants", "Bonus"), rows, (0.12, 0.66, 0.22)),)),
    )
    return Sheet("orchards-market", gd.title, "Plant, grow, harvest and sell: a card game for two to "
                 f"{number_word(MARKET_PLAYERS)} players. About thirty minutes.", sections)


def _planting(gd: GameDeck) -> MarketPlanting:
    keys = tuple(gd.fruit_keys)
    half = (len(keys) + 1) // 2
    return MarketPlanting(keys[:half], keys[half:] or keys[:1], keys[-1])


def _start_block(n: int) -> str:
    """How ``n`` start cards lie (the planting diagram's rows): "two rows of three"."""
    if n <= 2:
        return "one above the other" if n == 2 else "alone"
    if n % 2 == 0:
        return f"two rows of {number_word(n // 2)}"
    return f"a row of {number_word(n // 2 + 1)} over a row of {number_word(n // 2)}, lined up on the right"


def planting_caption(gd: GameDeck, block: MarketPlanting) -> str:
    """Says what the diagram shows, from the same data the diagram is drawn from."""
    a, b = gd.fruit(block.top[-1]).name, gd.fruit(block.bottom[-1]).name
    new = gd.fruit(block.planted).name
    return (f"Planting: a {new} card goes against the outside of the orchard, its long edge touching the {a} and "
            f"the {b}. To grow, the planter takes one {a} and one {b} from the supply.")


def rules_sheet(gd: GameDeck) -> Sheet:
    """The rules sheet for ``gd``'s game."""
    if gd.game in ("orchard", "orchard-pnp"):
        return _orchard_sheet(gd)
    if gd.game == "grove":
        return _grove_sheet(gd)
    if gd.game == "orchards-market":
        return _market_sheet(gd)
    raise PnpError(f"no rules sheet for game {gd.game!r} (games: {', '.join(GAMES)})")
