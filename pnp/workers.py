"""Worker processes for the work that runs on every core (print sheets, PNGs,
daily puzzles): forked where the system can fork, and deaf to Ctrl-C.

Ctrl-C reaches every process of the terminal's group. The parent alone answers
it (it stops the work and exits 130); a worker that answered it too would print
its own traceback, one per core, over the one-line message."""
from __future__ import annotations

import multiprocessing
import signal
import threading
from contextlib import contextmanager


def context():
    """Fork where the system can (workers share what the parent has loaded), else spawn."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")


def ignore_ctrl_c() -> None:
    """A worker's initializer: SIGINT is the parent's to answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def deaf_to_ctrl_c():
    """Ctrl-C ignored while the block runs (in the main thread; elsewhere a no-op).
    For shutting a pool down after a first Ctrl-C: a second one cut the shutdown
    short, and the workers were left waiting for work that never came."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
