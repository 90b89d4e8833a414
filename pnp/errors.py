"""Error types. Every error a user can cause is a :class:`PnpError`.

The CLI turns a ``PnpError`` into a one-line message and its ``exit_code``;
nothing below the CLI prints or exits.
"""
from __future__ import annotations


class PnpError(Exception):
    """Base of every error caused by user input (exit code 2 by default)."""

    exit_code = 2

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

    def __str__(self) -> str:  # "file:line: message"
        where = ""
        if self.file is not None:
            where = f"{self.file}:{self.line}: " if self.line is not None else f"{self.file}: "
        return where + self.message


def known_games(game_id: str, known, listed: str) -> str:
    """``(expected one of: ...; game ids are lowercase)``: the games there are,
    and a hint where ``game_id`` is one of them in capitals."""
    known = list(known)
    hint = "; game ids are lowercase" if str(game_id).lower() in known and game_id not in known else ""
    return f"({listed}: {', '.join(known)}{hint})"


def unknown_game(game_id: str, known, listed: str = "expected one of") -> str:
    """``unknown game 'Grove' (expected one of: ...; game ids are lowercase)``."""
    return f"unknown game {game_id!r} {known_games(game_id, known, listed)}"


class DeckError(PnpError):
    """``cards.yaml`` is malformed. ``problems`` holds every problem found."""

    def __init__(self, problems: list[tuple[str, int | None, str]]):
        self.problems = problems
        file, line, message = problems[0]
        super().__init__(message, file=file, line=line)

    def lines(self) -> list[str]:
        out = []
        for file, line, message in self.problems:
            out.append(f"{file}:{line}: {message}" if line is not None else f"{file}: {message}")
        return out


class NotationError(PnpError, ValueError):
    """Text that is not valid notation (a deal, a move, a puzzle id)."""


class InvalidDealError(NotationError):
    """A deal string that does not parse or names cards that do not exist."""


class InvalidMoveError(NotationError):
    """A move that does not parse. Carries the 1-based move number and line."""

    def __init__(self, message: str, *, move_number: int | None = None,
                 file: str | None = None, line: int | None = None, reason: str | None = None):
        super().__init__(message, file=file, line=line)
        self.move_number = move_number
        self.reason = reason or message  # without the move's number, for a verdict's error


class IllegalMoveError(PnpError, ValueError):
    """A well-formed move that the rules do not allow in this position."""

    def __init__(self, reason: str, *, move_number: int | None = None,
                 file: str | None = None, line: int | None = None):
        super().__init__(reason, file=file, line=line)
        self.reason = reason
        self.move_number = move_number


class PuzzleError(PnpError):
    """A puzzle id or puzzle file that cannot be used."""
