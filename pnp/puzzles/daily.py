"""Daily puzzles: one deal per game per day, a target, and a witness line.

Everything here is a pure function of (game, date, cards) so that a puzzle
comes out the same on every machine; only :func:`publish` writes files.

**The deal** (SPEC §7). Candidate ``k`` of a day draws from
``DealRandom(seed_text(game, date, k))`` (see :mod:`pnp.puzzles.rng`):

* ``orchard``: shuffle the card numbers (ascending) and take the first 9, in
  order: start card, the two hand cards, then the draws.
* ``orchard-pnp``: shuffle the card numbers and take the first 9; then for each
  of those cards in deal order draw ``below(2)``: 0 is side ``a``, 1 side ``b``.
* ``grove``: shuffle the card numbers; the first 2 are the recipe cards (set
  aside), the next 9 are the deal.

**The target and the day's difficulty.** Difficulty is *measured* with the beam
players of :mod:`pnp.puzzles.difficulty` (rung 0 = the greedy player reaches
the target ... 5 = only the solver does). The day of the week asks for a level:
Monday gentlest, Sunday hardest.

* ``orchard`` / ``orchard-pnp``: the target lies between what the greedy player
  scores and the best line found: ``greedy + round(f * (best - greedy))`` with
  ``f`` = 0, 1/6, 2/6, ... 6/6 from Monday to Sunday (``round`` halves to even).
* ``grove``: the target is the sum of the two recipe numbers (a game rule). A
  candidate deal is *winnable* when a beam player or the solver has a line that
  reaches the target. Candidates ``#0, #1, ...`` are tried in order until
  :data:`GROVE_CHOICES` winnable ones are found; the puzzle is the one whose
  difficulty is nearest the day's wanted level ``round(weekday * 5 / 6)``
  (Monday = 0), the earliest on a tie. A target is never published without a
  line that reaches it.

**The best score** comes from the solver run with fixed effort (beam widths
and a node budget, never a clock), so it does not depend on the machine; it is
``proven`` only when the search finished, and ``bound`` is its proven upper
bound. The answer key is the best line found. The exact solver may later
prove more about a published day (``pnp puzzle prove``): that goes into a
proof file beside the archive (:mod:`pnp.puzzles.proofs`), never into the
puzzle file, and :func:`daily_puzzle` lays it over the puzzle.
"""
from __future__ import annotations

import datetime as _dt
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from ..errors import NotationError, PuzzleError
from ..games.base import Game
from ..notation import CardRef, Deal, Move
from . import (ARCHIVE, ARCHIVED_GAMES, DAILY_GAMES, PuzzleRef, archive_path,  # noqa: F401
                check_daily_game, parse_puzzle_yaml, read_puzzle_yaml, yaml_quote)
from .difficulty import WIDTHS, BeamResult, beam_ladder, difficulty_of, level_name
from .rng import DealRandom, seed_text

#: Bumped only with a change that alters generated puzzles; recorded in each file.
#: 4: the Grove knapsack shares whole cells (7b8d5b0), which tightened the bound of
#: four of generator 3's Grove days (2027-03-14: 108 to 107) without a bump.
GENERATOR = 4
#: Solver effort for a puzzle's best line: first these beam widths, then a
#: branch-and-bound search of at most this many positions.
SOLVE_WIDTHS = (24, 96, 384)
SOLVE_NODES = 300_000
#: Grove: how many winnable candidates the day chooses from, and how many
#: candidates are tried at most before giving up.
GROVE_CHOICES = 3
GROVE_MAX_CANDIDATES = 24
DEAL_SIZE = 9
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


# ---------------------------------------------------------------- dates


def parse_date(text: str, source: str = "") -> _dt.date:
    """``YYYY-MM-DD`` -> date, or a :class:`PuzzleError` saying what is wrong
    (``source``, like ``"PNP_TODAY"``, names where the text came from)."""
    where = f"{source}: " if source else ""
    if not (isinstance(text, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII)):
        raise PuzzleError(f"{where}bad date {text!r} (expected YYYY-MM-DD, like 2026-12-01)")
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        raise PuzzleError(f"{where}no such day: {text} (dates are YYYY-MM-DD: year, month, day)") from None


def today() -> _dt.date:
    """Today's date, or ``PNP_TODAY`` (YYYY-MM-DD) when set (for reproducible builds)."""
    env = os.environ.get("PNP_TODAY")
    return parse_date(env, "PNP_TODAY") if env else _dt.date.today()


def date_range(start: _dt.date, end: _dt.date) -> list[_dt.date]:
    if end < start:
        raise PuzzleError(f"--to {end.isoformat()} is before --from {start.isoformat()}")
    return [start + _dt.timedelta(days=i) for i in range((end - start).days + 1)]


def puzzle_id(game: str, date: _dt.date | str) -> str:
    d = date if isinstance(date, str) else date.isoformat()
    return f"{game}-{d}"


# ---------------------------------------------------------------- deals


class NotForTheseCards(PuzzleError):
    """A cards file's deck that cannot have this daily puzzle: it cannot deal a
    published day, or plays it otherwise than published, or is too small."""


def candidate_deal(game: Game, date: _dt.date | str, candidate: int = 0) -> Deal:
    """Candidate ``candidate`` of the day's deal for ``game`` (see module doc)."""
    from ..solver.engine import MAX_FRUITS as MOST_FRUITS

    d = date if isinstance(date, str) else date.isoformat()
    rng = DealRandom(seed_text(game.id, d, candidate))
    ids = rng.shuffle(sorted(game.deck.card_ids))
    source = game.deck.source
    fruits = len(game.deck.fruit_keys)
    if fruits > MOST_FRUITS:  # the solver that sets the target packs a fruit in 2 bits
        raise NotForTheseCards(f"the {game.id} deck has {fruits} fruits; daily puzzles (and pnp solve) handle "
                               f"at most {MOST_FRUITS}", file=source)
    if game.id == "grove":
        if len(ids) < DEAL_SIZE + 2:
            raise NotForTheseCards(f"the grove deck needs at least {DEAL_SIZE + 2} cards for a daily puzzle",
                                   file=source)
        return Deal(game.id, tuple(CardRef(i) for i in ids[2:2 + DEAL_SIZE]), tuple(ids[:2]))
    if len(ids) < DEAL_SIZE:
        raise NotForTheseCards(f"the {game.id} deck needs at least {DEAL_SIZE} cards for a daily puzzle",
                               file=source)
    chosen = ids[:DEAL_SIZE]
    if game.id == "orchard-pnp":
        return Deal(game.id, tuple(CardRef(i, "ab"[rng.below(2)]) for i in chosen))
    return Deal(game.id, tuple(CardRef(i) for i in chosen))


# ---------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class Puzzle:
    """One published (or publishable) daily puzzle."""

    game: str
    date: str
    deal: Deal
    target: int
    difficulty: int
    greedy: int
    best: int
    proven: bool
    bound: int
    answer: tuple[Move, ...]
    candidate: int = 0
    generator: int = GENERATOR
    ladder: tuple[int, ...] = field(default=())

    @property
    def id(self) -> str:
        return puzzle_id(self.game, self.date)

    @property
    def weekday(self) -> str:
        return WEEKDAYS[parse_date(self.date).weekday()]

    @property
    def level(self) -> str:
        return level_name(self.difficulty)

    @property
    def start(self) -> CardRef:
        return self.deal.cards[0]

    @property
    def hand(self) -> tuple[CardRef, ...]:
        return self.deal.cards[1:3]

    @property
    def draws(self) -> tuple[CardRef, ...]:
        return self.deal.cards[3:]

    def ref(self) -> PuzzleRef:
        return PuzzleRef(deal=self.deal, target=self.target, best=self.best, proven=self.proven, id=self.id)

    def to_json(self) -> dict:
        return {
            "id": self.id, "game": self.game, "date": self.date, "weekday": self.weekday,
            "deal": self.deal.format(), "start": self.start.format(),
            "hand": [c.format() for c in self.hand], "draws": [c.format() for c in self.draws],
            "recipes": list(self.deal.recipes), "target": self.target,
            "difficulty": self.difficulty, "level": self.level, "greedy": self.greedy,
            "ladder": list(self.ladder), "best": self.best, "proven": self.proven, "bound": self.bound,
            "answer": [m.format() for m in self.answer], "candidate": self.candidate,
            "generator": self.generator,
        }

    def to_yaml(self) -> str:
        """The archive file: fixed key order and quoting, so it diffs cleanly."""
        q = yaml_quote

        def lst(items) -> str:
            return "[" + ", ".join(str(i) for i in items) + "]"

        j = self.to_json()
        lines = [
            f"# pnp daily puzzle {self.id}. Published files are never rewritten.",
            f"id: {q(self.id)}",
            f"game: {q(self.game)}",
            f"date: {q(self.date)}",
            f"weekday: {self.weekday}",
            f"deal: {q(j['deal'])}",
            f"start: {q(j['start'])}",
            f"hand: [{', '.join(q(c) for c in j['hand'])}]",
            f"draws: [{', '.join(q(c) for c in j['draws'])}]",
            f"recipes: {lst(self.deal.recipes)}",
            f"target: {self.target}",
            f"difficulty: {self.difficulty}  # 0 (greedy reaches the target) .. {len(WIDTHS)} (only the solver)",
            f"level: {self.level}",
            f"greedy: {self.greedy}",
            f"ladder: {lst(self.ladder)}  # best score of beam players of width {lst(WIDTHS)}",
            f"best: {self.best}",
            f"proven: {'true' if self.proven else 'false'}",
            f"bound: {self.bound}",
            "answer:",
            *(f"  - {q(m.format())}" for m in self.answer),
            f"candidate: {self.candidate}",
            f"generator: {self.generator}",
        ]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_yaml(cls, text: str, file: str = "<puzzle>") -> "Puzzle":
        return cls.from_dict(parse_puzzle_yaml(text, file), file)

    @classmethod
    def from_dict(cls, data: dict, file: str = "<puzzle>") -> "Puzzle":
        def line_of(key):  # the line to name, when the dict came from a file on disk
            from . import _key_line
            try:
                return _key_line(file, key) if Path(file).is_file() else None
            except Exception:  # noqa: BLE001 -- the message stands without its line
                return None

        if "answer" not in data and {"line", "bound", "proven"} <= set(data):  # puzzles/proofs/...
            pid = data.get("id")
            raise PuzzleError("this is a proof file (pnp puzzle prove writes them), not a puzzle file: give the "
                              + (f"puzzle id {pid}" if isinstance(pid, str) else "puzzle id")
                              + " or the day's file under puzzles/GAME/", file=file)

        def need(key, kind, what):
            if key not in data:
                raise PuzzleError(f"puzzle file has no {key!r}", file=file, line=1 if Path(file).is_file() else None)
            v = data[key]
            if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
                raise PuzzleError(f"puzzle file: {key!r} must be {what}", file=file, line=line_of(key))
            return v

        deal_text = need("deal", str, "a deal like orchard:4,7,8")
        moves = need("answer", list, "a list of moves")
        if not all(isinstance(m, str) for m in moves):
            raise PuzzleError("puzzle file: answer moves must be text", file=file, line=line_of("answer"))
        try:
            deal = Deal.parse(deal_text)
        except NotationError as exc:  # report it against the file
            raise PuzzleError(str(exc), file=file, line=line_of("deal")) from None
        try:
            answer = tuple(Move.parse(m) for m in moves)
        except NotationError as exc:
            raise PuzzleError(str(exc), file=file, line=line_of("answer")) from None
        ladder = data.get("ladder") or []
        return cls(
            game=need("game", str, "a game id"), date=need("date", str, "a date YYYY-MM-DD"),
            deal=deal, target=need("target", int, "a whole number"),
            difficulty=need("difficulty", int, "a whole number"), greedy=need("greedy", int, "a whole number"),
            best=need("best", int, "a whole number"), proven=need("proven", bool, "true or false"),
            bound=need("bound", int, "a whole number"), answer=answer,
            candidate=need("candidate", int, "a whole number"), generator=need("generator", int, "a whole number"),
            ladder=tuple(int(x) for x in ladder),
        )


def load_puzzle(path: str | Path) -> Puzzle:
    """A published puzzle file, every key checked."""
    return Puzzle.from_dict(read_puzzle_yaml(path), str(path))


# ---------------------------------------------------------------- generation


def _best_line(game: Game, deal: Deal, ladder: list[BeamResult]):
    """The solver's best line with fixed effort; a ladder line when it is better."""
    from ..solver.search import Searcher

    sol = Searcher(game, deal, beam_width=SOLVE_WIDTHS[0], widths=SOLVE_WIDTHS[1:],
                   node_limit=SOLVE_NODES, native=False).run()
    best, moves = sol.score, sol.moves
    for r in ladder:
        if r.score > best:
            best, moves = r.score, r.moves
    return best, sol.proven and best == sol.score, max(sol.bound, best), moves


def wanted_level(date: _dt.date) -> int:
    """The difficulty the day of the week asks for: Monday 0 ... Sunday 5."""
    return round(date.weekday() * len(WIDTHS) / 6)


def make_puzzle(game: Game, date: _dt.date | str) -> Puzzle:
    """The puzzle for ``game`` on ``date`` (deterministic; takes seconds)."""
    day = parse_date(date) if isinstance(date, str) else date
    check_daily_game(game.id)
    if game.id == "grove":
        return _grove_puzzle(game, day)
    deal = game.parse_deal(candidate_deal(game, day, 0))
    ladder = beam_ladder(game, deal)
    scores = tuple(r.score for r in ladder)
    greedy = scores[0]
    best, proven, bound, moves = _best_line(game, deal, ladder)
    f = day.weekday() / 6
    target = greedy + round(f * (best - greedy))
    return Puzzle(game.id, day.isoformat(), deal, target, difficulty_of(scores, target), greedy,
                  best, proven, bound, tuple(moves), 0, GENERATOR, scores)


def _grove_puzzle(game: Game, day: _dt.date) -> Puzzle:
    winnable = []  # (candidate, deal, ladder, level, the solver's line when no beam player wins)
    for k in range(GROVE_MAX_CANDIDATES):
        deal = game.parse_deal(candidate_deal(game, day, k))
        target = game.target(deal)
        ladder = beam_ladder(game, deal)
        level = difficulty_of([r.score for r in ladder], target)
        solved = None
        if level == len(WIDTHS):  # no beam player wins: does the solver?
            solved = _best_line(game, deal, ladder)
            if solved[0] < target:
                continue
        winnable.append((k, deal, ladder, level, solved))
        if len(winnable) == GROVE_CHOICES:
            break
    if not winnable:
        raise PuzzleError(f"no winnable grove deal among the first {GROVE_MAX_CANDIDATES} candidates "
                          f"for {day.isoformat()}")
    want = wanted_level(day)
    k, deal, ladder, level, solved = min(winnable, key=lambda w: (abs(w[3] - want), w[0]))
    best, proven, bound, moves = solved or _best_line(game, deal, ladder)
    return Puzzle(game.id, day.isoformat(), deal, game.target(deal), level, ladder[0].score, best, proven, bound,
                  tuple(moves), k, GENERATOR, tuple(r.score for r in ladder))


def _changed_from_pnps_own(game: Game, deal: Deal) -> str | None:
    """What of ``game``'s cards that plays ``deal`` differs from the cards pnp
    ships (a card's trees, a recipe's number, condition or reward, the dice or
    tokens), or None. A changed card may still let the answer key score the
    same (two trees swapped), but the proof and the target were made on pnp's."""
    from ..deck import load_deck, shipped_cards_path
    from ..errors import PnpError

    mine = game.deck
    try:
        own = load_deck(shipped_cards_path()).game(game.id)
    except PnpError:  # an installation without its data: the answer key decides
        return None
    if mine is own:
        return None

    def rules_of(card):
        r = card.recipe
        return card.faces, None if r is None else (r.number, r.condition, r.reward, r.wheelbarrow_counts)
    for attr, what in (("dice_per_fruit", "dice per fruit"), ("mismatch_tokens", f"{game.token_name}s")):
        if getattr(mine, attr) != getattr(own, attr):
            return f"{what} {getattr(mine, attr)}, not {getattr(own, attr)}"
    for ref in (*deal.cards, *(CardRef(i) for i in deal.recipes)):
        a, b = mine.card(ref.id), own.card(ref.id)
        if rules_of(a) != rules_of(b):
            return f"card {ref.id}'s " + ("recipe is" if a.faces == b.faces else "trees are") + " not pnp's"
    return None


def archived_for(game: Game, path: Path, root: Path | None = None) -> Puzzle:
    """A published day (``path`` in the archive ``root``) with its proof laid over
    it, for ``game``'s cards. A day is published for pnp's own cards; a cards file
    whose deck cannot deal it, or on which its answer key plays to another score
    (its cards were changed), gets a :class:`NotForTheseCards` saying so, not a
    puzzle that would not play as printed."""
    from ..errors import PnpError
    from ..notation import SolutionLine
    from ..verify import verify
    from .proofs import with_proof

    p = with_proof(load_puzzle(path), root)
    own = "was published for pnp's own cards"
    try:
        deal = game.parse_deal(p.deal)
    except PnpError as exc:
        raise NotForTheseCards(f"{p.id} {own}, and these cannot deal it: {exc.message}", file=str(path)) from None
    changed = _changed_from_pnps_own(game, deal)
    if changed:
        raise NotForTheseCards(f"{p.id} {own}, and these differ: {changed}", file=str(path))
    v = verify(game, deal, [SolutionLine(i + 1, i + 1, m) for i, m in enumerate(p.answer)])
    if not v.legal or v.score != p.best:
        played = f"is illegal at move {v.error['move']}" if not v.legal else f"scores {v.score}, not {p.best}"
        raise NotForTheseCards(f"{p.id} {own}, and its answer key {played} on these (their {game.id} cards "
                               "differ)", file=str(path))
    return p


def daily_puzzle(game: Game, date: _dt.date | str, root: Path | None = None, on_generate=None) -> Puzzle:
    """The day's puzzle from the archive ``root`` (default: :func:`archive_root`),
    with its proof file laid over it (:mod:`pnp.puzzles.proofs`), or generated identically when not archived (``on_generate(puzzle_id)`` is
    called first: that takes seconds)."""
    d = date if isinstance(date, str) else date.isoformat()
    path = archive_path(game.id, d, root)
    if path.is_file():
        return archived_for(game, path, root)
    if on_generate is not None:
        candidate_deal(game, d)  # cards it cannot use are refused before the notice
        on_generate(puzzle_id(game.id, d))
    return make_puzzle(game, d)


def puzzle_ref(game_id: str, date: str, deck=None) -> PuzzleRef:
    """What ``pnp verify GAME-YYYY-MM-DD`` needs when the day is not archived:
    the day generated from ``deck``'s cards (default: pnp's own)."""
    return make_puzzle(_game(game_id, deck), parse_date(date)).ref()


def check_generatable(game_id: str, date: str, deck=None) -> None:
    """Raise :class:`NotForTheseCards` now, before any notice that the day is
    being generated, when ``deck``'s cards (default: pnp's own) cannot make it."""
    candidate_deal(_game(game_id, deck), parse_date(date))


def _game(game_id: str, deck):
    from ..games import find_game

    return find_game(game_id, deck)


# ---------------------------------------------------------------- publishing


@dataclass(frozen=True)
class Published:
    path: Path
    puzzle: Puzzle
    status: str  # "new", "unchanged", or "kept" (published by another generator version)


def _make_job(job: tuple) -> Puzzle:
    game_id, cards, date = job
    from ..deck import load_deck
    from ..games import find_game

    return make_puzzle(find_game(game_id, load_deck(cards)), date)


def publish(game: Game, dates: Iterable[_dt.date], root: Path = ARCHIVE, *, cards: str | None = None,
            jobs: int | None = None) -> Iterator[Published]:
    """Write each day's puzzle into the archive ``root`` (default: ``puzzles/``
    in the current folder, never the copy shipped with pnp), in date order.

    A file already published is regenerated and compared: equal -> left as it
    is; different -> :class:`PuzzleError` (published files are never rewritten).
    A file made by another :data:`GENERATOR` version is kept as it is.
    Puzzles are made on ``jobs`` processes (default: every core)."""
    from contextlib import closing

    with closing(make_puzzles(game, dates, cards=cards, jobs=jobs)) as puzzles:  # stops the workers
        for puzzle in puzzles:
            path = archive_path(game.id, puzzle.date, root)
            yield Published(path, puzzle, _store(path, puzzle))


def make_puzzles(game: Game, dates: Iterable[_dt.date], *, cards: str | None = None,
                 jobs: int | None = None) -> Iterator[Puzzle]:
    """The puzzles of ``dates``, in order, made on ``jobs`` processes (default:
    every core). Worker processes reload the deck from ``cards`` (the file
    ``game`` was made from; ``None`` = the default cards file); with one
    process, ``game`` itself is used."""
    dates = list(dates)
    workers = min(jobs or os.cpu_count() or 1, len(dates))
    if workers <= 1:
        for d in dates:
            yield make_puzzle(game, d)
        return
    from ..workers import context, deaf_to_ctrl_c, ignore_ctrl_c

    pool = context().Pool(workers, initializer=ignore_ctrl_c)
    try:
        yield from pool.imap(_make_job, [(game.id, cards, d.isoformat()) for d in dates])
    finally:
        with deaf_to_ctrl_c():  # a second Ctrl-C must not leave the workers half stopped
            pool.terminate()
            pool.join()


def _store(path: Path, puzzle: Puzzle) -> str:
    from ..fsutil import atomic_write

    if path.exists():
        old = load_puzzle(path)
        if old.generator != puzzle.generator:
            return "kept"  # made by another generator version: the archive wins
        if old != puzzle:
            was = old.to_json()
            diff = [k for k, v in puzzle.to_json().items() if was.get(k) != v]
            raise PuzzleError(f"already published and a fresh generation differs ({', '.join(diff)}); "
                              f"published puzzles are never rewritten", file=str(path))
        return "unchanged"
    atomic_write(path, puzzle.to_yaml())
    return "new"


def tier_range(tiers, i: int, more: str = "+") -> str:
    """The scores of tier ``i`` (``tiers`` in the deck's rising order): ``under 25``
    for the lowest, ``30+`` (or ``30`` + ``more``) for the others."""
    if i == 0 and len(tiers) > 1:
        return f"under {tiers[1].min}"
    return f"{tiers[i].min}{more}"


def tier_label(tiers, i: int) -> str:
    """``under 25 Seedling`` for the lowest tier, ``30+ First Blossom`` for the others."""
    return f"{tier_range(tiers, i)} {tiers[i].name}"


def check_command(p: Puzzle, game: Game, line: str = "my-line.txt", *, short: bool = False) -> str:
    """``pnp verify ID LINE``, with ``--cards FILE`` when the puzzle was made from
    cards that ``pnp verify`` would not read by default (there the day would be
    made from other cards, and a right line called illegal). ``short``: the
    file's name only (a printed page)."""
    from ..deck import default_cards_path

    cmd = f"pnp verify {p.id} {line}"
    source = game.deck.source
    if source and Path(source).resolve() != default_cards_path().resolve():
        cmd += f" --cards {Path(source).name if short else source}"
    return cmd


def describe(p: Puzzle, game: Game, show_answer: bool = False) -> list[str]:
    """The puzzle as a player lays it out."""
    lines = [f"{p.id} · {p.weekday} · {p.level} (difficulty {p.difficulty} of {len(WIDTHS)})",
             f"deal:        {p.deal.format()}"]
    if p.deal.recipes:
        from ..render.words import recipe_words  # the words the cards and booklets use

        for r in p.deal.recipes:
            rec = game.card(r).recipe
            goal = " ".join(w for w in recipe_words(rec, game.deck) if w)  # condition, reward, note
            lines += [f"recipe:      card {r}, {rec.name} ({rec.number})", f"               goal: {goal}"]
    lines += [f"start card:  {p.start.format()}",
              f"hand:        {', '.join(c.format() for c in p.hand)}",
              f"draw order:  {', '.join(c.format() for c in p.draws)}",
              f"target:      {p.target}" + (" (the recipes' sum)" if p.deal.recipes else "")]
    if p.proven:
        lines.append(f"best:        {p.best} (proven)")
    else:
        lines.append(f"best found:  {p.best} (not proven; no line can beat {p.bound})")
    tiers = game.deck.tiers  # rising: the deck loader checks it
    if tiers:
        lines.append("tiers:       " + ", ".join(tier_label(tiers, i) for i in range(len(tiers))))
    lines.append(f"check:       {check_command(p, game)}")
    if show_answer:
        lines.append("answer:")
        lines += [f"  {m.format()}" for m in p.answer]
    return lines
