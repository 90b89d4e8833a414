"""The deck model: what ``cards.yaml`` says, as frozen dataclasses.

:func:`load_deck` reads and validates a cards file once; every problem a user can
make is reported at once, each with file and line (:class:`~pnp.errors.DeckError`).
Nothing downstream re-checks the deck.

The file format is documented in ``README.md`` ("cards.yaml"); the recipe
vocabulary is :data:`RECIPE_CONDITIONS` / :data:`RECIPE_REWARDS`.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

import yaml

from .errors import DeckError, PnpError, unknown_game
from .fsutil import decode_text

SOLITAIRE_GAMES = ("orchard", "orchard-pnp", "grove")
GAMES = SOLITAIRE_GAMES + ("orchards-market",)
SHAPES = ("circle", "teardrop", "diamond", "triangle", "square", "hexagon", "star", "heart")
CLEARING = "."

#: A card style's keys (README, "Card style"): the colours under ``colours:``,
#: the fonts, and the card sizes in mm with the least and most each takes.
STYLE_COLOURS = ("ground", "ground_edge", "canopy", "canopy_edge", "trunk", "clearing", "clearing_edge",
                 "grass", "back", "back_ink", "accent")
STYLE_FONTS = ("Helvetica", "Times", "Courier")
STYLE_CARD_MM = {"width_mm": (40, 300), "height_mm": (40, 300), "corner_mm": (0, 10), "cell_mm": (0, 100)}
DEFAULT_CARD_MM = (63.0, 88.0)  # poker size
MIN_CELL_MM = 5  # cell_mm: 0 (as large as fits) or at least this
MAX_TIERS = 20  # what the score pad's and the booklets' tier lists hold

#: Recipe conditions: name -> description of the parameter (see README).
RECIPE_CONDITIONS = {
    "all_dice_in_play": "a fruit key or 'any': every die of that fruit is in the orchard",
    "each_fruit_at_least": "a number N: for every fruit, some die of it shows N or more",
    "no_dice_on_clearings": "true: no die stands on a clearing at the end",
    "line_of_three": "a fruit key or 'any': three dice of one fruit in a straight row or column, side by side",
    "dice_at_least": "{fruit: KEY|any, count: N}: at least N dice of that fruit in the orchard",
    "fruit_total_at_least": "{fruit: KEY|any, total: N}: that fruit's dice add up to N or more",
    "squirrel_unused": "true: the squirrel was never spent",
    "wheelbarrow_used": "true: the wheelbarrow is in the orchard at the end",
}
#: Recipe rewards: name -> description of the parameter.
RECIPE_REWARDS = {
    "points": "a number N: add N to the score",
    "double": "a fruit key: dice of that fruit on trees count double",
    "points_per_die": "{fruit: KEY|any, points: N}: add N for each such die in the orchard",
}


def id_ranges(ids) -> str:
    """Card numbers as runs: ``"1-18"``, or ``"1-17, 25"`` for a deck with a gap."""
    runs: list[list[int]] = []
    for i in sorted(ids):
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


# --------------------------------------------------------------------------- model


@dataclass(frozen=True)
class Fruit:
    key: str
    name: str
    colour: str
    shape: str


@dataclass(frozen=True)
class Cell:
    """One cell of a printed card: a tree (fruit key, fruit count) or a clearing."""

    fruit: str | None  # None: a clearing (Grove)
    count: int = 1  # a clearing's is 0, however it is made: it bears no fruit

    def __post_init__(self):
        if self.fruit is None and self.count:
            object.__setattr__(self, "count", 0)

    @property
    def is_clearing(self) -> bool:
        return self.fruit is None

    def format(self, counted: bool) -> str:
        if self.fruit is None:
            return CLEARING
        return f"{self.fruit}{self.count}" if counted else self.fruit


@dataclass(frozen=True)
class Face:
    """A card side: 3 rows of 2 cells, top row first, as printed (upright)."""

    rows: tuple[tuple[Cell, Cell], tuple[Cell, Cell], tuple[Cell, Cell]]

    def cell(self, col: int, row: int) -> Cell:
        return self.rows[row][col]

    def cells(self) -> Iterator[tuple[int, int, Cell]]:
        """``(col, row, cell)`` in reading order."""
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                yield c, r, cell

    def format(self, counted: bool = False) -> list[str]:
        return [" ".join(c.format(counted) for c in row) for row in self.rows]


@dataclass(frozen=True)
class Recipe:
    """A Grove recipe (the back of a card)."""

    name: str
    number: int
    condition: tuple[str, Any]  # (kind, parameter) from RECIPE_CONDITIONS
    reward: tuple[str, Any]  # (kind, parameter) from RECIPE_REWARDS
    wheelbarrow_counts: bool = True  # the wheelbarrow counts as a die of its fruit


@dataclass(frozen=True)
class Card:
    id: int
    faces: tuple[tuple[str, Face], ...]  # (side, face); side "" for one-sided cards
    recipe: Recipe | None = None

    def face(self, side: str = "") -> Face:
        for s, f in self.faces:
            if s == side:
                return f
        raise KeyError(side)

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(s for s, _ in self.faces)


@dataclass(frozen=True)
class Tier:
    min: int
    name: str


@dataclass(frozen=True)
class Buyer:
    """An Orchards market buyer card: wants ``count`` of each of two fruits (a claim
    needs one of the two, a sale both)."""

    id: int
    wants: tuple[tuple[str, int], ...]  # (fruit key, count) of each of the two fruits
    points: int


@dataclass(frozen=True)
class GameDeck:
    """Everything ``cards.yaml`` says about one game."""

    game: str
    title: str
    fruits: tuple[Fruit, ...]
    cards: tuple[Card, ...] = ()
    tiers: tuple[Tier, ...] = ()
    dice_per_fruit: int = 5
    mismatch_tokens: int = 2  # rotten tokens (Orchard) / squirrels (Grove)
    style: tuple[tuple[str, Any], ...] = ()
    # Orchards market only
    fruit_cards: tuple[tuple[str, int], ...] = ()
    buyers: tuple[Buyer, ...] = ()
    source: str = ""

    def fruit(self, key: str) -> Fruit:
        for f in self.fruits:
            if f.key == key:
                return f
        raise KeyError(key)

    @property
    def fruit_keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fruits)

    def card(self, card_id: int) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    @property
    def card_ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.cards)

    def tier(self, score: int) -> Tier | None:
        best = self.tiers[0] if self.tiers else None
        for t in self.tiers:
            if score >= t.min:
                best = t
        return best

    def style_dict(self) -> dict[str, Any]:
        return dict(self.style)

    def words(self) -> list[tuple[str, str]]:
        """The text the cards file gives this game, each with what it is:
        what the printed cards, sheets and pads carry in the user's own words."""
        out = [("title", self.title)]
        out += [(f"fruit {f.key} name", f.name) for f in self.fruits]
        out += [(f"tier {t.min} name", t.name) for t in self.tiers]
        out += [(f"card {c.id} recipe name", c.recipe.name) for c in self.cards if c.recipe is not None]
        return out


@dataclass(frozen=True)
class Deck:
    """A loaded cards file: one :class:`GameDeck` per game."""

    path: str
    games: tuple[tuple[str, GameDeck], ...]
    style: tuple[tuple[str, Any], ...] = ()

    def game(self, game_id: str) -> GameDeck:
        for g, d in self.games:
            if g == game_id:
                return d
        raise KeyError(game_id)

    def require(self, game_id: str) -> GameDeck:
        """:meth:`game`, or a one-line error: a game pnp knows that this file
        leaves out is named as missing here, with the games it has; an id pnp
        does not know is an unknown game."""
        from .errors import PnpError, unknown_game

        try:
            return self.game(game_id)
        except KeyError:
            if game_id in GAMES:
                raise PnpError(f"no {game_id!r} deck in this cards file (it has: {', '.join(self.game_ids)})",
                               file=str(self.path)) from None
            raise PnpError(unknown_game(game_id, self.game_ids)) from None

    @property
    def game_ids(self) -> tuple[str, ...]:
        return tuple(g for g, _ in self.games)

    def style_dict(self) -> dict[str, Any]:
        return dict(self.style)


# --------------------------------------------------------------------------- loading


def default_cards_path() -> Path:
    """``cards.yaml`` in the current folder, else the copy shipped in the package."""
    here = Path("cards.yaml")
    if here.is_file():
        return here
    return shipped_cards_path()


def shipped_cards_path() -> Path:
    """The cards file shipped in the package: pnp's own decks."""
    return Path(str(resources.files("pnp") / "data" / "cards.yaml"))


_cache: dict[tuple[str, float, int], Deck] = {}


def load_deck(path: str | os.PathLike | None = None) -> Deck:
    """Read and validate a cards file (default: :func:`default_cards_path`)."""
    p = Path(path) if path is not None else default_cards_path()
    name = str(path) if path is not None else str(p)
    try:
        st = p.stat()
        key = (str(p.resolve()), st.st_mtime, st.st_size)
        text = decode_text(p.read_bytes(), name)
    except FileNotFoundError:
        raise DeckError([(name, None, "no such file")]) from None
    except OSError as exc:
        raise DeckError([(name, None, f"cannot read: {exc.strerror or exc}")]) from None
    except PnpError as exc:
        raise DeckError([(name, exc.line, exc.message)]) from None
    if key in _cache:
        return _cache[key]
    deck = parse_deck(text, name)
    _cache[key] = deck
    return deck


_KIND_WORDS = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def _kinds(types: tuple[type, ...]) -> str:
    """How a message names the types a value may have: "a whole number", "a number or text"."""
    if float in types:
        types = tuple(t for t in types if t is not int)
    return " or ".join(_KIND_WORDS.get(t, t.__name__) for t in types)


class _Problems:
    def __init__(self, file: str):
        self.file = file
        self.items: list[tuple[str, int | None, str]] = []

    def add(self, node: yaml.Node | None, message: str) -> None:
        line = node.start_mark.line + 1 if node is not None else None
        self.items.append((self.file, line, message))

    def collapsed(self) -> list[tuple[str, int | None, str]]:
        """The problems, each said once: where three or more end in the same words
        (a fruit key that a bad fruit entry left undefined, named by every card
        that uses it: 19 lines for one slip), the first stands for the rest."""
        keys = [message.rsplit(": ", 1)[-1] for _, _, message in self.items]
        tails: dict[str, list[int]] = {}
        for i, key in enumerate(keys):
            tails.setdefault(key, []).append(i)
        out = []
        for i, (file, line, message) in enumerate(self.items):
            same = tails[keys[i]]
            if len(same) < 3:
                out.append((file, line, message))
            elif i == same[0]:
                out.append((file, line, self._said_once(message, line, [self.items[j] for j in same])))
        return out

    @staticmethod
    def _said_once(message: str, line: int | None, same: list[tuple[str, int | None, str]]) -> str:
        """One message for several alike: a line shared by several games (the
        top-level ``style:``) names the games, "orchard, orchard-pnp, grove: ...";
        else the first says how many other lines have it."""
        parts = [m.split(": ", 1) for _, _, m in same]
        if {ln for _, ln, _ in same} == {line} and all(len(p) == 2 for p in parts) \
                and len({p[1] for p in parts}) == 1:
            return f"{', '.join(dict.fromkeys(p[0] for p in parts))}: {parts[0][1]}"
        others = len({ln for _, ln, _ in same} - {line})
        if others == 0:
            return f"{message} (and {len(same) - 1} more times on this line)"
        return f"{message} (and on {others} more line{'s' if others != 1 else ''})"


_BARE_COLOUR = re.compile(r"[:,\[{]\s*#[0-9A-Fa-f]{3,8}\b")
_QUOTE_COLOURS = 'a # not in quotes starts a comment: write colours in quotes, like "#D55E00"'


#: A ``#`` after a space inside an unclosed flow mapping or list: the rest of the line is a comment.
_FLOW_COMMENT = re.compile(r"^[^#]*[{\[][^}\]#]*\s#")
_QUOTE_HASH = 'a # not in quotes starts a comment: put text with a # in quotes, like "Sapling #1"'
_CHECK_INDENT = " (check this line's indent against the lines above it)"


def _syntax_hint(text: str, line: int | None, problem: str = "",
                 started: int | None = None) -> tuple[int | None, str]:
    """The line to name and a hint for the slips YAML reports far from their
    cause: a colour (or other text with a #) not in quotes, whose line's rest is
    a comment, so the error comes a line or more later; a tab in the indent; a
    key with no colon after it, reported on the next line (``started``: where
    YAML's scan of that key began)."""
    if line is None:
        return line, ""
    lines = text.splitlines()
    for pattern, hint in ((_BARE_COLOUR, _QUOTE_COLOURS), (_FLOW_COMMENT, _QUOTE_HASH)):  # a colour first
        for n in range(min(line, len(lines)), max(0, line - 4), -1):
            if pattern.search(lines[n - 1]):
                return n, f" ({hint})"
    row = lines[line - 1] if line <= len(lines) else ""
    if "\t" in row[:len(row) - len(row.lstrip())]:
        return line, " (a tab in the indent: YAML indents with spaces only)"
    if problem == "could not find expected ':'" and started is not None:
        return started, " (a key with no ':' after it?)"
    if problem == "did not find expected key":
        return line, _CHECK_INDENT
    if problem.startswith("mapping values are not allowed"):
        prev = next((n for n in range(line - 1, 0, -1)
                     if lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#")), None)
        if prev is not None and ":" not in lines[prev - 1].split("#")[0]:
            return prev, " (a key with no ':' after it?)"
        return line, _CHECK_INDENT
    return line, ""


def _compose(text: str, file: str) -> yaml.Node | None:
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.compose(text, Loader=loader_cls)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        started = exc.context_mark.line + 1 if exc.context_mark and exc.problem_mark else None
        line, hint = _syntax_hint(text, line, exc.problem or "", started)
        raise DeckError([(file, line, f"YAML syntax error: {problem}{hint}")]) from None
    except yaml.YAMLError as exc:  # e.g. a control character; keep it to one line
        pos = getattr(exc, "position", None)
        line = text.count("\n", 0, pos) + 1 if isinstance(pos, int) else None
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DeckError([(file, line, f"YAML error: {problem}")]) from None


_SAFE = yaml.SafeLoader("")
_YAML_TAG = "tag:yaml.org,2002:"
#: The only tags a cards file may use: YAML's own plain types (no !!python/...).
_PLAIN_TAGS = frozenset(_YAML_TAG + t for t in (
    "null", "bool", "int", "float", "str", "binary", "timestamp", "seq", "map", "set", "omap", "pairs", "merge"))


class _BadScalar(Exception):
    pass


def _scalar(node: yaml.ScalarNode) -> Any:
    """Resolve a scalar the way SafeLoader would (ints, bools, null, strings)."""
    if node.tag in _PLAIN_TAGS:
        try:
            return _SAFE.construct_object(node, deep=True)
        except (ValueError, KeyError, TypeError, yaml.YAMLError):
            raise _BadScalar(f"{node.value!r} is not a valid {node.tag[len(_YAML_TAG):]}") from None
    return node.value


class _Reader:
    """Walks composed YAML nodes, checking types and recording problems."""

    def __init__(self, problems: _Problems):
        self.p = problems

    def _check_tag(self, node: yaml.Node) -> bool:
        if node.tag not in _PLAIN_TAGS:
            tag = "!!" + node.tag[len(_YAML_TAG):] if node.tag.startswith(_YAML_TAG) else node.tag
            self.p.add(node, f"unsupported YAML tag {tag!r} (cards files hold plain data only)")
            return False
        return True

    def mapping(self, node: yaml.Node | None, what: str, *, required: tuple[str, ...] = (),
                optional: tuple[str, ...] = (), free: bool = False) -> dict[str, tuple[yaml.Node, yaml.Node]] | None:
        """A mapping's items as ``{key: (key_node, value_node)}``; checks keys."""
        if node is None:
            return None
        if not self._check_tag(node) or not isinstance(node, yaml.MappingNode):
            self.p.add(node, f"{what} must be a mapping")
            return None
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.p.add(k, f"{what}: keys must be plain text")
                continue
            if not self._check_tag(k):
                continue
            try:
                key = str(_scalar(k)) if k.tag.endswith(("int", "str", "float")) else k.value
            except _BadScalar as exc:
                self.p.add(k, f"{what}: {exc}")
                continue
            if key in out:
                self.p.add(k, f"{what}: duplicate key {key!r}")
                continue
            if not free and key not in required and key not in optional:
                allowed = ", ".join(required + optional)
                self.p.add(k, f"{what}: unknown key {key!r} (expected one of: {allowed})")
                continue
            out[key] = (k, v)
        if not free:
            for r in required:
                if r not in out:
                    self.p.add(node, f"{what}: missing key {r!r}")
        return out

    def seq(self, node: yaml.Node, what: str, expected: str = "a list") -> list[yaml.Node] | None:
        """A list's items; anything else is a problem saying what ``what`` must be."""
        if not self._check_tag(node):
            return None
        if not isinstance(node, yaml.SequenceNode):
            self.p.add(node, f"{what} must be {expected}")
            return None
        return list(node.value)

    def value(self, node: yaml.Node, what: str, types: tuple[type, ...]) -> Any:
        if not self._check_tag(node) or not isinstance(node, yaml.ScalarNode):
            self.p.add(node, f"{what} must be {_kinds(types)}")
            return None
        try:
            v = _scalar(node)
        except _BadScalar as exc:
            self.p.add(node, f"{what}: {exc}")
            return None
        if isinstance(v, bool) and bool not in types:  # as written ('yes', 'true'), not Python's True
            hint = (" (YAML reads yes, no, on, off, true and false as a truth value: put the text in quotes)"
                    if str in types else "")
            self.p.add(node, f"{what} must be {_kinds(types)}, not {node.value!r}{hint}")
            return None
        if not isinstance(v, types):
            if str in types and isinstance(v, (int, float)):
                return str(node.value)
            quoted = (int in types and isinstance(v, str) and node.style in ("'", '"')
                      and re.fullmatch(r"\s*-?\d+\s*", v))
            hint = " (in quotes it is text: leave the quotes off)" if quoted else ""
            self.p.add(node, f"{what} must be {_kinds(types)}, not {node.value!r}{hint}")
            return None
        return v

    def plain(self, node: yaml.Node, what: str) -> Any:
        """Any YAML value (for style settings), converted to plain Python."""
        if isinstance(node, yaml.ScalarNode):
            try:
                return _scalar(node) if self._check_tag(node) else None
            except _BadScalar as exc:
                self.p.add(node, f"{what}: {exc}")
                return None
        if isinstance(node, yaml.SequenceNode) and self._check_tag(node):
            return tuple(self.plain(n, what) for n in node.value)
        if isinstance(node, yaml.MappingNode) and self._check_tag(node):
            items = self.mapping(node, what, free=True) or {}
            return tuple((k, self.plain(v, f"{what}.{k}")) for k, (_, v) in items.items())
        return None


_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
_FRUIT_KEY = re.compile(r"^[A-Z]$")

_TITLES = {"orchard": "Orchard", "orchard-pnp": "Orchard (print-and-play edition)",
           "grove": "Grove", "orchards-market": "Orchards market"}


def parse_deck(text: str, file: str = "cards.yaml") -> Deck:
    """Validate the text of a cards file and build the :class:`Deck`."""
    problems = _Problems(file)
    root = _compose(text, file)
    if root is None:
        raise DeckError([(file, 1, "the file is empty (expected a 'games:' mapping)")])
    r = _Reader(problems)
    top = r.mapping(root, "top level", required=("games",), optional=("style", "version"))
    decks: list[tuple[str, GameDeck]] = []
    style: tuple = ()
    sizes: dict = {}
    if top:
        if "version" in top:
            v = r.value(top["version"][1], "version", (int,))
            if v is not None and v != 1:
                problems.add(top["version"][1], f"version must be 1 (the cards file format this pnp reads), not {v}")
        if "style" in top:
            style, sizes = _style(r, top["style"][1], "style")
        if "games" in top:
            games = r.mapping(top["games"][1], "games", free=True) or {}
            for gid, (knode, vnode) in games.items():
                if gid not in GAMES:
                    problems.add(knode, unknown_game(gid, GAMES))
                    continue
                d = _game(r, gid, vnode, file, sizes)
                if d is not None:
                    decks.append((gid, d))
            if not games:
                problems.add(top["games"][1], "games: no game defined")
    if problems.items:
        raise DeckError(problems.collapsed())
    return Deck(path=file, games=tuple(decks), style=style)


def _int(r: _Reader, node: yaml.Node, what: str, lo: int | None = None, hi: int | None = None) -> int | None:
    v = r.value(node, what, (int,))
    if v is None:
        return None
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        r.p.add(node, f"{what} must be in {rng}, not {v}")
        return None
    return v


def _colour(r: _Reader, node: yaml.Node, what: str) -> str | None:
    """A ``#RRGGBB`` colour, or None (and the problem recorded)."""
    if isinstance(node, yaml.ScalarNode) and node.value == "" and not node.style:  # `colour: #D55E00`
        r.p.add(node, f"{what} is empty ({_QUOTE_COLOURS})")
        return None
    colour = r.value(node, what, (str,))
    if colour is not None and not _COLOUR.match(colour):
        r.p.add(node, f"{what} must look like '#D55E00', not {colour!r}")
        return None
    return colour


def _style(r: _Reader, node: yaml.Node, what: str) -> tuple[tuple, dict[str, tuple[float, yaml.Node]]]:
    """A ``style:`` mapping checked key by key (README, "Card style"): its plain
    value, and the card sizes it sets with their nodes (for :func:`_card_fits`)."""
    before = len(r.p.items)
    m = r.mapping(node, what, optional=("card", "font", "ink", "paper", "colours"))
    if m is None:
        return (), {}
    sizes: dict[str, tuple[float, yaml.Node]] = {}
    if "card" in m:
        for key, (_, vn) in (r.mapping(m["card"][1], f"{what}.card", optional=tuple(STYLE_CARD_MM)) or {}).items():
            v = r.value(vn, f"{what}.card.{key}", (int, float))
            if v is None:
                continue
            lo, hi = STYLE_CARD_MM[key]
            if key == "cell_mm" and v == 0:
                pass  # as large as fits
            elif not lo <= v <= hi or (key == "cell_mm" and v < MIN_CELL_MM):
                lo = MIN_CELL_MM if key == "cell_mm" else lo
                either = "0 (as large as fits) or " if key == "cell_mm" else ""
                r.p.add(vn, f"{what}.card.{key} must be {either}{lo}..{hi} mm, not {vn.value}")
                continue
            sizes[key] = (float(v), vn)
    if "font" in m:
        font = r.value(m["font"][1], f"{what}.font", (str,))
        if font is not None and font not in STYLE_FONTS:
            r.p.add(m["font"][1], f"{what}.font must be one of {', '.join(STYLE_FONTS)} "
                                  f"(the standard PDF fonts), not {font!r}")
    colours = [(k, m[k][1], f"{what}.{k}") for k in ("ink", "paper") if k in m]
    if "colours" in m:
        cm = r.mapping(m["colours"][1], f"{what}.colours", optional=STYLE_COLOURS) or {}
        colours += [(k, vn, f"{what}.colours.{k}") for k, (_, vn) in cm.items()]
    for _, vn, name in colours:
        _colour(r, vn, name)
    if len(r.p.items) != before:
        return (), {}
    return r.plain(node, what) or (), sizes


def _card_fits(r: _Reader, gid: str, sizes: dict[str, tuple[float, yaml.Node]]) -> None:
    """A ``cell_mm`` must leave room for the 2 x 3 cells on the game's card: its
    own style's sizes over the top-level ones (reported at the ``cell_mm``)."""
    if "cell_mm" not in sizes:
        return
    cell, node = sizes["cell_mm"]
    w = sizes["width_mm"][0] if "width_mm" in sizes else DEFAULT_CARD_MM[0]
    h = sizes["height_mm"][0] if "height_mm" in sizes else DEFAULT_CARD_MM[1]
    if cell and (2 * cell > w or 3 * cell > h):
        r.p.add(node, f"{gid}: card.cell_mm {cell:g} does not fit a {w:g} x {h:g} mm card "
                      f"(2 x 3 cells need {2 * cell:g} x {3 * cell:g} mm)")


def _fruits(r: _Reader, node: yaml.Node, game: str) -> tuple[tuple[Fruit, ...], set[str]]:
    """The game's fruits, and every fruit key declared: a fruit whose definition has a
    problem is reported once, and cards naming its key are not reported again."""
    said = len(r.p.items)
    m = r.mapping(node, f"{game}.fruits", free=True) or {}
    out = []
    declared = set()
    shaped: dict[str, str] = {}  # shape -> the first fruit key with it, whatever else is wrong with that fruit
    for key, (kn, vn) in m.items():
        if not _FRUIT_KEY.match(key):
            r.p.add(kn, f"{game}.fruits: fruit key {key!r} must be one capital letter")
            continue
        declared.add(key)
        f = r.mapping(vn, f"{game}.fruits.{key}", required=("name", "colour", "shape"))
        if not f:
            continue
        ok = True
        name = r.value(f["name"][1], f"{game}.fruits.{key}.name", (str,)) if "name" in f else None
        colour = _colour(r, f["colour"][1], f"{game}.fruits.{key}.colour") if "colour" in f else None
        shape = r.value(f["shape"][1], f"{game}.fruits.{key}.shape", (str,)) if "shape" in f else None
        if shape is not None and shape not in SHAPES:
            r.p.add(f["shape"][1], f"{game}.fruits.{key}.shape: unknown shape {shape!r} (expected one of: {', '.join(SHAPES)})")
            ok = False
        elif shape is not None and shape in shaped:
            r.p.add(f["shape"][1], f"{game}.fruits.{key}.shape: {shape!r} is fruit {shaped[shape]}'s shape too "
                                   "(every fruit needs its own shape: colour is never the only cue)")
            ok = False
        elif shape is not None:
            shaped[shape] = key
        if name is not None and not name.strip():
            r.p.add(f["name"][1], f"{game}.fruits.{key}.name: empty (the rules and cards print a fruit's name)")
            ok = False
        twin = next((g for g in out if name is not None and g.name.casefold() == name.strip().casefold()), None)
        if twin is not None:  # the cards, rules and recipes name fruits by their names
            r.p.add(f["name"][1], f"{game}.fruits.{key}.name: {name!r} is fruit {twin.key}'s name too")
            ok = False
        if ok and None not in (name, colour, shape):
            out.append(Fruit(key, name, colour, shape))
    if not m and len(r.p.items) == said:  # not "must be a mapping" and this too
        r.p.add(node, f"{game}.fruits: no fruit defined")
    return tuple(out), declared


def _face(r: _Reader, node: yaml.Node, what: str, fruits: set[str], counted: bool) -> Face | None:
    like = '["O2 L1", ". M1", "O1 L2"]' if counted else '["A P", "L A", "P L"]'  # what a face looks like
    rows = r.seq(node, what, f"a list of 3 rows, top first, like {like}")
    if rows is None:
        return None
    if len(rows) != 3:
        r.p.add(node, f"{what} must have 3 rows, not {len(rows)}")
        return None
    out = []
    for i, rn in enumerate(rows, 1):
        text = r.value(rn, f"{what} row {i}", (str,))
        if text is None:
            return None
        parts = text.split()
        if len(parts) != 2:
            r.p.add(rn, f"{what} row {i} {text!r} must have 2 cells, not {len(parts)}")
            return None
        cells = []
        for part in parts:
            cell = _cell(part, fruits, counted)
            if isinstance(cell, str):
                r.p.add(rn, f"{what} row {i}: {cell}")
                return None
            cells.append(cell)
        out.append((cells[0], cells[1]))
    return Face(tuple(out))  # type: ignore[arg-type]


def _cell(text: str, fruits: set[str], counted: bool) -> Cell | str:
    if counted:
        if text == CLEARING:
            return Cell(None, 0)
        m = re.fullmatch(r"([A-Za-z])([12])", text)
        if not m:
            return f"cell {text!r} must be a fruit key and 1 or 2 fruits (like 'O2') or '.' for a clearing"
        key, n = m.group(1), int(m.group(2))
    else:
        key, n = text, 1
        if text == CLEARING:
            return f"cell {text!r}: this game's cards have no clearings; every cell is a fruit key"
        if len(text) != 1:
            return f"cell {text!r} must be a single fruit key"
    if key not in fruits:
        return f"unknown fruit key {key!r} (known: {', '.join(sorted(fruits))})"
    return Cell(key, n)


def _recipe(r: _Reader, node: yaml.Node, what: str, fruits: set[str], dice: int | None = 5) -> Recipe | None:
    m = r.mapping(node, what, required=("name", "number", "condition", "reward"), optional=("wheelbarrow",))
    if not m or len(m) < 4:
        return None
    name = r.value(m["name"][1], f"{what}.name", (str,))
    number = _int(r, m["number"][1], f"{what}.number", 1, 99)
    wb = True
    if "wheelbarrow" in m:
        wb = r.value(m["wheelbarrow"][1], f"{what}.wheelbarrow", (bool,))
    cond = _term(r, m["condition"][1], f"{what}.condition", RECIPE_CONDITIONS, fruits)
    reward = _term(r, m["reward"][1], f"{what}.reward", RECIPE_REWARDS, fruits)
    if None in (name, number, cond, reward, wb):
        return None
    if wb is False and cond[0] in ("wheelbarrow_used", "squirrel_unused"):  # no dice are counted
        r.p.add(m["wheelbarrow"][1], f"{what}.wheelbarrow: false means nothing for {cond[0]}, which counts no "
                                     "dice (leave it out)")
        return None
    never = _never_met(cond, wb, dice, len(fruits)) if dice is not None else None
    if never:
        r.p.add(m["condition"][1], f"{what}.condition can never be met: {never}")
        return None
    return Recipe(name, number, cond, reward, wb)


def _never_met(cond: tuple[str, Any], wb: bool, dice: int, nfruits: int) -> str | None:
    """Why a recipe's condition can never be met with ``dice`` dice of each of
    ``nfruits`` fruits, or None. A die shows at most 10; the wheelbarrow, 15, is
    one more die of its fruit when the recipe counts it (the die it replaced
    goes back to the supply)."""
    kind, param = cond
    extra = 1 if wb else 0
    if kind == "dice_at_least":
        fruit, count = param
        most = dice * (nfruits if fruit == "any" else 1) + extra
        if count > most:
            return f"at most {most} {'' if fruit == 'any' else fruit + ' '}dice can be in the orchard, not {count}"
    elif kind == "fruit_total_at_least":
        fruit, total = param
        most = 10 * dice * (nfruits if fruit == "any" else 1) + 15 * extra
        if total > most:
            return f"{'the' if fruit == 'any' else fruit} dice add up to at most {most}, not {total}"
    elif kind == "line_of_three" and dice + extra < 3:
        return f"a line of three dice of one fruit, where each fruit has {dice} di{'e' if dice == 1 else 'ce'}" + (
            " and the wheelbarrow" if extra else "")
    elif kind == "each_fruit_at_least":
        most = 15 if wb and nfruits == 1 else 10  # one wheelbarrow: one fruit's die above 10
        if param > most or (param > 0 and dice == 0):
            return f"every fruit's highest die shows at most {most if dice else 0}, not {param}"
    return None


def _term(r: _Reader, node: yaml.Node, what: str, vocab: dict[str, str], fruits: set[str]) -> tuple[str, Any] | None:
    m = r.mapping(node, what, free=True)
    if m is None:
        return None
    if len(m) != 1:
        r.p.add(node, f"{what} must have exactly one entry from: {', '.join(vocab)}")
        return None
    (kind, (kn, vn)), = m.items()
    if kind not in vocab:
        r.p.add(kn, f"{what}: {kind!r} is not in the recipe vocabulary (expected one of: {', '.join(vocab)})")
        return None

    def fruit(n: yaml.Node, allow_any: bool) -> str | None:
        v = r.value(n, f"{what}.{kind} fruit", (str,))
        if v is None:
            return None
        if v in fruits or (allow_any and v == "any"):
            return v
        r.p.add(n, f"{what}.{kind}: unknown fruit {v!r} (known: {', '.join(sorted(fruits))}{', any' if allow_any else ''})")
        return None

    def pair(n: yaml.Node, num_key: str) -> tuple[str, int] | None:
        pm = r.mapping(n, f"{what}.{kind}", required=("fruit", num_key))
        if not pm or len(pm) < 2:
            return None
        f = fruit(pm["fruit"][1], True)
        v = _int(r, pm[num_key][1], f"{what}.{kind}.{num_key}", 0, 999)
        return None if f is None or v is None else (f, v)

    param: Any
    if kind in ("all_dice_in_play", "line_of_three"):
        param = fruit(vn, True)
    elif kind == "double":
        param = fruit(vn, False)
    elif kind in ("each_fruit_at_least", "points"):
        param = _int(r, vn, f"{what}.{kind}", 0, 99)
    elif kind in ("no_dice_on_clearings", "squirrel_unused", "wheelbarrow_used"):
        param = r.value(vn, f"{what}.{kind}", (bool,))
        if param is False:
            r.p.add(vn, f"{what}.{kind} can only be true")
            param = None
    elif kind == "dice_at_least":
        param = pair(vn, "count")
    elif kind == "fruit_total_at_least":
        param = pair(vn, "total")
    elif kind == "points_per_die":
        param = pair(vn, "points")
    else:  # pragma: no cover - vocab and branches are kept in step
        param = None
    if param is None:
        return None
    return (kind, param)


def _game(r: _Reader, gid: str, node: yaml.Node, file: str,
          top_sizes: dict[str, tuple[float, yaml.Node]]) -> GameDeck | None:
    p = r.p
    before = len(p.items)
    common = ("title", "fruits", "style")
    if gid == "orchards-market":
        m = r.mapping(node, gid, required=("fruits", "fruit_cards", "buyers"), optional=common[:1] + common[2:])
    else:
        m = r.mapping(node, gid, required=("fruits", "cards", "tiers"),
                      optional=("title", "style", "dice_per_fruit", "rotten_tokens" if gid != "grove" else "squirrels"))
    if not m:
        return None
    title = r.value(m["title"][1], f"{gid}.title", (str,)) if "title" in m else _TITLES[gid]
    fruits, keys = _fruits(r, m["fruits"][1], gid) if "fruits" in m else ((), set())
    if not keys:  # said already (missing, or no fruit defined): every fruit key would be called unknown
        return None
    style, sizes = _style(r, m["style"][1], f"{gid}.style") if "style" in m else ((), {})
    if gid != "orchards-market":  # market cards have no cells
        _card_fits(r, gid, {**top_sizes, **sizes})
    if gid == "orchards-market":
        return _market(r, gid, m, title, fruits, keys, style, file, before)

    dice = _int(r, m["dice_per_fruit"][1], f"{gid}.dice_per_fruit", 1, 99) if "dice_per_fruit" in m else 5
    tok_key = "squirrels" if gid == "grove" else "rotten_tokens"
    tokens = _int(r, m[tok_key][1], f"{gid}.{tok_key}", 0, 9) if tok_key in m else (1 if gid == "grove" else 2)

    tiers: list[Tier] = []
    if "tiers" in m:
        tier_nodes = r.seq(m["tiers"][1], f"{gid}.tiers")
        if tier_nodes == []:
            p.add(m["tiers"][1], f"{gid}.tiers: no tier defined (a score is named by its tier)")
        tier_nodes = tier_nodes or []
        if len(tier_nodes) > MAX_TIERS:
            p.add(m["tiers"][0], f"{gid}.tiers: at most {MAX_TIERS} tiers (the score pad and the puzzle pages "
                                 f"print every one), not {len(tier_nodes)}")
        for tn in tier_nodes:
            tm = r.mapping(tn, f"{gid}.tiers entry", required=("min", "name"))
            if tm and len(tm) == 2:
                lo = _int(r, tm["min"][1], f"{gid}.tiers.min", -999, 999)
                name = r.value(tm["name"][1], f"{gid}.tiers.name", (str,))
                if name is not None and not name.strip():
                    p.add(tm["name"][1], f"{gid}.tiers.name: empty (a tier needs a name to print)")
                elif lo is not None and name is not None:
                    if tn is tier_nodes[0] and lo != 0:  # its min was silently read as "anything lower"
                        p.add(tm["min"][1], f"{gid}.tiers: the first tier takes every score below the next one "
                                            f"(a score can fall below 0 after penalties): its min must be 0, not {lo}")
                    if tiers and lo <= tiers[-1].min:
                        p.add(tm["min"][1], f"{gid}.tiers: thresholds must rise (min {lo} after {tiers[-1].min})")
                    tiers.append(Tier(lo, name))

    cards: list[Card] = []
    seen: dict[int, int] = {}
    if "cards" in m:
        for cn in r.seq(m["cards"][1], f"{gid}.cards") or []:
            card = _card(r, gid, cn, keys, dice)
            if card is None:
                continue
            if card.id in seen:
                p.add(cn, f"{gid}: duplicate card id {card.id} (first on line {seen[card.id]})")
                continue
            seen[card.id] = cn.start_mark.line + 1
            cards.append(card)
        if not cards and len(p.items) == before:
            p.add(m["cards"][1], f"{gid}.cards: no card defined")
    if len(p.items) != before:
        return None
    return GameDeck(game=gid, title=title, fruits=fruits, cards=tuple(cards), tiers=tuple(tiers),
                    dice_per_fruit=dice, mismatch_tokens=tokens, style=style or (), source=file)


def _card_label(gid: str, node: yaml.Node) -> str:
    """``GAME card N`` where the card's id can be read, for messages about its keys."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "id" and isinstance(v, yaml.ScalarNode) and v.value:
                return f"{gid} card {v.value}"
    return f"{gid} card"


def _card(r: _Reader, gid: str, node: yaml.Node, keys: set[str], dice: int | None = 5) -> Card | None:
    label = _card_label(gid, node)
    if gid == "orchard-pnp":
        m = r.mapping(node, label, required=("id", "a", "b"))
    elif gid == "grove":
        m = r.mapping(node, label, required=("id", "face", "recipe"))
    else:
        m = r.mapping(node, label, required=("id", "face"))
    if not m or "id" not in m:
        return None
    cid = _int(r, m["id"][1], f"{gid} card id", 1, 999)
    if cid is None:
        return None
    what = f"{gid} card {cid}"
    counted = gid == "grove"
    faces = []
    for side in (("a", "b") if gid == "orchard-pnp" else ("face",)):
        if side not in m:
            return None
        f = _face(r, m[side][1], f"{what} {side}", keys, counted)
        if f is None:
            return None
        faces.append(("" if side == "face" else side, f))
    recipe = None
    if gid == "grove":
        face = faces[0][1]
        clearings = sum(1 for _, _, c in face.cells() if c.is_clearing)
        if clearings != 1:
            r.p.add(m["face"][1], f"{what}: a Grove card has exactly 1 clearing, not {clearings}")
            return None
        if "recipe" not in m:  # reported as a missing key
            return None
        recipe = _recipe(r, m["recipe"][1], f"{what} recipe", keys, dice)
        if recipe is None:
            return None
    return Card(cid, tuple(faces), recipe)


def _market(r: _Reader, gid: str, m: dict, title: str, fruits: tuple[Fruit, ...], keys: set[str], style: Any,
            file: str, before: int) -> GameDeck | None:
    counts: list[tuple[str, int]] = []
    fc = (r.mapping(m["fruit_cards"][1], f"{gid}.fruit_cards", free=True) or {}) if "fruit_cards" in m else {}
    for key, (kn, vn) in fc.items():
        if key not in keys:
            r.p.add(kn, f"{gid}.fruit_cards: unknown fruit key {key!r}")
            continue
        n = _int(r, vn, f"{gid}.fruit_cards.{key}", 1, 999)
        if n is not None:
            counts.append((key, n))
    buyers: list[Buyer] = []
    seen: set[int] = set()
    for bn in (r.seq(m["buyers"][1], f"{gid}.buyers") or []) if "buyers" in m else []:
        bm = r.mapping(bn, f"{gid} buyer", required=("id", "wants", "points"))
        if not bm or len(bm) < 3:
            continue
        bid = _int(r, bm["id"][1], f"{gid} buyer id", 1, 999)
        who = f"{gid} buyer {bid}" if bid is not None else f"{gid} buyer"
        pts = _int(r, bm["points"][1], f"{who} points", 1, 3)
        wants: list[tuple[str, int]] = []
        said = len(r.p.items)
        wm = r.mapping(bm["wants"][1], f"{who} wants", free=True) or {}
        if len(r.p.items) > said:  # not a mapping, or a fruit named twice: said once is enough
            continue
        for key, (kn, vn) in wm.items():
            if key not in keys:
                r.p.add(kn, f"{who}: unknown fruit key {key!r}")
                continue
            n = _int(r, vn, f"{who} wants.{key}", 1, 99)
            if n is not None:
                wants.append((key, n))
        if len(wm) != 2:
            r.p.add(bm["wants"][1], f"{who}: wants must name exactly two fruits")
            continue
        if bid is None or pts is None or len(wants) != 2:
            continue
        if bid in seen:
            r.p.add(bn, f"{gid}: duplicate buyer id {bid}")
            continue
        seen.add(bid)
        buyers.append(Buyer(bid, tuple(wants), pts))
    if len(r.p.items) == before:  # a market needs cards to sell and buyers to sell them to
        if not buyers:
            r.p.add(m["buyers"][1], f"{gid}.buyers: no buyer defined")
        if not counts:
            r.p.add(m["fruit_cards"][1], f"{gid}.fruit_cards: no fruit card defined")
    if "fruit_cards" in m and len(r.p.items) == before:  # what buyers want, the deck must hold
        have = dict(counts)
        for f in fruits:
            short = [b.id for b in buyers for key, n in b.wants if key == f.key and n > have.get(f.key, 0)]
            if short:
                r.p.add(m["fruit_cards"][1], f"{gid}.fruit_cards: {have.get(f.key, 0)} {f.name} card"
                        f"{'' if have.get(f.key, 0) == 1 else 's'} ({f.key}), fewer than buyer"
                        f"{'' if len(short) == 1 else 's'} {', '.join(map(str, short))} want"
                        f"{'s' if len(short) == 1 else ''}")
    if len(r.p.items) != before:
        return None
    return GameDeck(game=gid, title=title, fruits=fruits, fruit_cards=tuple(counts),
                    buyers=tuple(buyers), style=style or (), source=file)
