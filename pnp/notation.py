"""Public notation (SPEC §5): deals, moves, solutions and puzzle ids.

Parsing is syntax only (``Deal.parse``, ``Move.parse``, ``parse_solution``);
whether the cards exist and the move is legal is the game's business.
``x.format()`` is the inverse of ``parse``: ``Move.parse(s).format() == s`` for
every canonical ``s``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidDealError, InvalidMoveError, NotationError

ROTATIONS = (0, 90, 180, 270)
Pos = tuple[int, int]


def format_pos(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


@dataclass(frozen=True, order=True)
class CardRef:
    """A card in a deal: its number and, for two-sided decks, the face side."""

    id: int
    side: str = ""

    @classmethod
    def parse(cls, text: str) -> "CardRef":
        m = re.fullmatch(r"(\d+)([ab]?)", text.strip(), re.ASCII)
        if not m:
            raise NotationError(f"bad card {text!r} ({_card_expected(text)})")
        return cls(int(m.group(1)), m.group(2))

    def format(self) -> str:
        return f"{self.id}{self.side}"

    def __str__(self) -> str:
        return self.format()


def _card_expected(text: str) -> str:
    """What a card should look like, said about ``text`` that does not read as one."""
    m = re.fullmatch(r"\d+([A-Za-z]+)", text.strip(), re.ASCII)
    if m and m.group(1) in ("A", "B"):
        return f"expected a lower-case side letter: {text.strip().lower()}"
    if m:
        return f"expected side a or b after the number, not {m.group(1)!r}"
    return "expected a card number, like 7 or 3b"


def _recipe_id(text: str) -> int:
    if not re.fullmatch(r"\d+", text.strip(), re.ASCII):
        raise NotationError(f"bad recipe card {text.strip()!r} (expected a card number, like recipes=4,12)")
    return int(text)


_DEAL = re.compile(r"^\s*([A-Za-z][A-Za-z-]*)\s*:\s*([^;]*?)\s*(?:;\s*recipes\s*=\s*([^;]*?)\s*)?$", re.ASCII)


def _deal_hint(text: str) -> str:
    """What a text that is not a deal looks like it meant: a puzzle id or file
    (a deal is what the day's puzzle shows), or recipes misspelt."""
    pid = _PUZZLE_ID.match(text.strip())
    if pid:
        day = "-".join(pid.group(2, 3, 4))
        return f"; {text.strip()} is a puzzle id: pnp puzzle daily --game {pid.group(1)} --date {day} shows its deal"
    if text.strip().lower().endswith((".yaml", ".yml", ".json", ".txt")):
        return "; this looks like a file: give the deal written in it"
    m = re.search(r";\s*([A-Za-z]+)\s*=", text)
    if m and m.group(1) != "recipes":
        return f"; the recipes are written ;recipes=R1,R2, not ;{m.group(1)}="
    return ""


@dataclass(frozen=True)
class Deal:
    """``GAME:C1,C2,...`` — start card, the two hand cards, then the draws."""

    game: str
    cards: tuple[CardRef, ...]
    recipes: tuple[int, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "Deal":
        m = _DEAL.match(text)
        if not m:
            raise InvalidDealError(f"bad deal {text!r} (expected GAME:C1,C2,..., like orchard:4,7,8)"
                                   + _deal_hint(text))
        game, body, recipes = m.group(1), m.group(2), m.group(3)
        if not body:
            raise InvalidDealError(f"bad deal {text!r}: no cards")
        try:
            cards = tuple(CardRef.parse(c) for c in body.split(","))
            recs = tuple(_recipe_id(r) for r in recipes.split(",")) if recipes is not None else ()
        except (NotationError, ValueError) as exc:
            raise InvalidDealError(f"bad deal {text!r}: {exc}") from None
        return cls(game, cards, recs)

    def format(self) -> str:
        s = f"{self.game}:" + ",".join(c.format() for c in self.cards)
        if self.recipes:
            s += ";recipes=" + ",".join(str(r) for r in self.recipes)
        return s

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Deal.parse({self.format()!r})"


_MOVE = re.compile(
    r"^\s*(\d+)([ab]?)\s+r(0|90|180|270)\s+(-?\d+)\s*,\s*(-?\d+)"
    r"(?:\s+dice((?:\s+-?\d+\s*,\s*-?\d+)+))?\s*$", re.ASCII)
_POS = re.compile(r"(-?\d+)\s*,\s*(-?\d+)", re.ASCII)


@dataclass(frozen=True)
class Move:
    """``CARD rROT X,Y [dice X,Y ...]``: play CARD turned ROT degrees clockwise
    with its top-left cell (after turning) on grid cell X,Y."""

    card: int
    rot: int
    x: int
    y: int
    side: str = ""
    dice: tuple[Pos, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "Move":
        m = _MOVE.match(text)
        if not m:
            raise InvalidMoveError(f"cannot read move {text.strip()!r}: {_what_is_wrong(text)}")
        dice = tuple((int(a), int(b)) for a, b in _POS.findall(m.group(6) or ""))
        return cls(int(m.group(1)), int(m.group(3)), int(m.group(4)), int(m.group(5)), m.group(2), dice)

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    def format(self) -> str:
        s = f"{self.card}{self.side} r{self.rot} {self.x},{self.y}"
        if self.dice:
            s += " dice " + " ".join(format_pos(p) for p in self.dice)
        return s

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Move.parse({self.format()!r})"


_POS_TOKEN = re.compile(r"-?\d+,-?\d+", re.ASCII)
_EXPECTED = "expected CARD rROT X,Y [dice X,Y ...], like '7 r90 -1,2'"


def _what_is_wrong(text: str) -> str:
    """The first part of a move that does not read, in words (``text`` is
    known not to match ``_MOVE``)."""
    # "1 , 2" is one position: close the spaces around commas first
    tokens = re.sub(r"\s*,\s*", ",", text.strip()).split()
    parts = [("a card", r"\d+[ab]?", "a card number, like 7 or 3b"),
             ("a turn", r"r(?:0|90|180|270)", "r0, r90, r180 or r270"),
             ("a position", _POS_TOKEN.pattern, "X,Y, like -1,2")]
    for i, (what, pattern, expected) in enumerate(parts):
        if i >= len(tokens):
            return f"no {what[2:]} after {tokens[-1]!r} ({_EXPECTED})" if tokens else _EXPECTED
        if not re.fullmatch(pattern, tokens[i], re.ASCII):
            return f"{tokens[i]!r} is not {what} ({_card_expected(tokens[i]) if i == 0 else 'expected ' + expected})"
    rest = tokens[3:]
    if rest and rest[0] != "dice":
        return f"{rest[0]!r} after the position (only 'dice X,Y ...' may follow it)"
    if rest == ["dice"]:
        return "'dice' names no squares (expected dice X,Y ..., or no dice clause)"
    bad = next((t for t in rest[1:] if not _POS_TOKEN.fullmatch(t)), None)
    if bad is not None:
        return f"{bad!r} after 'dice' is not a position (expected X,Y, like -1,2)"
    return _EXPECTED


@dataclass(frozen=True)
class SolutionLine:
    number: int  # 1-based move number
    line: int  # 1-based line in the file
    move: Move


def parse_solution(text: str, file: str = "<solution>") -> list[SolutionLine]:
    """Moves one per line; blank lines and text after ``#`` are ignored."""
    lines, unread = read_solution(text, file)
    if unread is not None:
        raise unread
    return lines


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def read_solution(text: str, file: str = "<solution>") -> tuple[list[SolutionLine], InvalidMoveError | None]:
    """The moves up to the first that does not read, and the error for that one
    (None when all read): ``pnp verify --json`` replays what came before it."""
    if text.lstrip().startswith("{\\rtf"):  # macOS TextEdit's default format
        return [], InvalidMoveError("this is a rich-text (RTF) file, not plain text: save the moves as plain "
                                    "text (TextEdit: Format > Make Plain Text)", file=file, line=1)
    out: list[SolutionLine] = []
    # \r\n, \r and \n only: str.splitlines() also breaks at form feeds and
    # Unicode line separators (text pasted from web pages), which editors show
    # within a line, so every line number after one was off
    for i, raw in enumerate(_LINE_BREAK.split(text), 1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        try:
            move = Move.parse(body)
        except InvalidMoveError as exc:
            n = len(out) + 1
            return out, InvalidMoveError(f"move {n}: {exc.message}", move_number=n, file=file, line=i,
                                         reason=exc.message)
        out.append(SolutionLine(len(out) + 1, i, move))
    return out, None


def format_solution(moves) -> str:
    return "".join(m.format() + "\n" for m in moves)


_PUZZLE_ID = re.compile(r"^([A-Za-z][A-Za-z-]*)-(\d{4})-(\d{2})-(\d{2})$", re.ASCII)


def parse_puzzle_id(text: str) -> tuple[str, str] | None:
    """``GAME-YYYY-MM-DD`` → ``(game, "YYYY-MM-DD")``, or None if it is not one."""
    m = _PUZZLE_ID.match(text.strip())
    if not m:
        return None
    return m.group(1), f"{m.group(2)}-{m.group(3)}-{m.group(4)}"
