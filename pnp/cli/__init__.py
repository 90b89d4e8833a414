"""The ``pnp`` command line: thin commands over the library.

Each command lives in its own module here and only parses options, calls one
library function and prints. Errors: a :class:`~pnp.errors.PnpError` becomes a
one-line message on stderr and its exit code (2 for bad input); so does a bad
option (click's "Error: ..." line, exit code 2).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .. import __version__
from ..errors import DeckError, PnpError


class Failure(click.ClickException):
    """A PnpError on its way out: message already formatted, its own exit code."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code

    def show(self, file=None) -> None:
        try:
            click.echo(f"pnp: {self.message}", err=True)
        except OSError:  # stderr cannot be written either: the exit code is all there is
            pass


# click 8.2 and later: a group given no command raises this to show its help
# (exit code 2); the help needs the exception's context, so it passes untouched.
_SHOWS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class PnpGroup(click.Group):
    """Turns errors into one line each: a PnpError into its message and exit code;
    a bad option or argument of any command into click's "Error: ..." line, exit
    code 2, without the usage lines before it (``--help`` shows those). A group
    given no command (``pnp puzzle``) shows its help."""

    group_class = type  # sub-groups (``pnp puzzle``) are PnpGroups too

    def invoke(self, ctx: click.Context):
        try:
            os.getcwd()
        except FileNotFoundError:  # reportlab's import asks for it: a traceback
            raise Failure("the current folder no longer exists (was it deleted?): cd to another", 2) from None
        try:
            return super().invoke(ctx)
        except _SHOWS_HELP:
            raise
        except click.UsageError as exc:
            # one line: click lists a missing choice's values one a line
            raise click.UsageError(" ".join(exc.format_message().split())) from None
        except DeckError as exc:
            lines = exc.lines()
            for line in lines[:-1]:
                click.echo(f"pnp: {line}", err=True)
            raise Failure(lines[-1], exc.exit_code) from None
        except PnpError as exc:
            raise Failure(str(exc), exc.exit_code) from None
        except KeyboardInterrupt:  # Ctrl-C: 128 + SIGINT, as shells report it (click said "Aborted!", 1)
            raise Failure("interrupted", 130) from None
        except BrokenPipeError:
            raise _reader_gone() from None
        except OSError as exc:
            raise _output_failed(exc) from None

    def make_context(self, *args, **kwargs) -> click.Context:
        try:  # where ``pnp --help`` prints
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:
            raise _reader_gone() from None
        except OSError as exc:
            raise _output_failed(exc) from None


def _output_failed(exc: OSError) -> Failure:
    """stdout could not be written (``> /dev/full``, a full disk): one line and exit
    code 2, not a traceback and 1 ("the thing checked is false"). Only for a write
    of click's own (every command prints through ``click.echo``); any other
    OSError is a bug of pnp's and keeps its traceback."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or "click" not in Path(tb.tb_frame.f_code.co_filename).parts:
        raise exc
    _quiet_stdout()
    return Failure(f"cannot write the output: {exc.strerror or exc}", 2)


def _quiet_stdout() -> None:
    """Point stdout at the null device: what is still buffered there goes nowhere
    at exit, instead of failing again with "Exception ignored"."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (a test's runner)
        pass


def _reader_gone() -> click.exceptions.Exit:
    """The reader of stdout went away (``| head``): exit 141, 128 + SIGPIPE, as shells
    report it, quietly (click said 1, which here means "the thing checked is false")."""
    _quiet_stdout()
    return click.exceptions.Exit(141)


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """Print-and-play decks and solver-backed daily puzzles for the Orchard family
    of 9-card solitaire games (orchard, orchard-pnp, grove) and Orchards market."""


def main() -> None:
    cli(prog_name="pnp")


from . import build as _build  # noqa: E402,F401  (registers commands)
from . import verify as _verify  # noqa: E402,F401
from . import deck as _deck  # noqa: E402,F401
from . import solve as _solve  # noqa: E402,F401
from . import puzzle as _puzzle  # noqa: E402,F401
from . import rules as _rules  # noqa: E402,F401
from . import scorepad as _scorepad  # noqa: E402,F401
