"""Helper for the tests of Ctrl-C: a ``pnp`` command run as a terminal runs
it, interrupted after a while."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def ctrl_c_after(args: list[str], seconds: float, cwd=None, once=None) -> tuple[int, str, str]:
    """Run ``python -m pnp ARGS``, send SIGINT to its whole process group after
    ``seconds`` (as a terminal's Ctrl-C does, workers included) and return its
    exit code, stdout and stderr. With ``once`` (a callable), the seconds count
    from when it first returns true (say, a file the command writes exists), so
    a slow start on a busy machine does not move the Ctrl-C before the work."""
    return ctrl_c_python_after(["-m", "pnp", *args], seconds, cwd, once)


def ctrl_c_python_after(args: list[str], seconds: float, cwd=None, once=None,
                        again: float | None = None) -> tuple[int, str, str]:
    """The same for ``python ARGS``; with ``again``, a second Ctrl-C that many
    seconds after the first (an impatient user)."""
    p = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=cwd,
                         preexec_fn=lambda: (signal.signal(signal.SIGINT, signal.SIG_DFL), os.setpgrp()))
    if once is not None:
        give_up = time.monotonic() + 120
        while not once() and p.poll() is None and time.monotonic() < give_up:
            time.sleep(0.02)
    time.sleep(seconds)
    os.killpg(p.pid, signal.SIGINT)
    if again is not None:
        time.sleep(again)
        os.killpg(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=60)
    return p.returncode, out, err
