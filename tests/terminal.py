"""Running pnp on a pseudo-terminal, as a user's shell would: progress bars show."""
from __future__ import annotations

import os
import pty
import subprocess
import sys


def run_on_a_terminal(args: list[str], env: dict | None = None, timeout: float = 120) -> tuple[int, list[str]]:
    """``python -m pnp ARGS`` with stdin, stdout and stderr on a pseudo-terminal:
    its exit code and the screens it drew (the output split at carriage returns)."""
    main, sub = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", *args], stdin=sub, stdout=sub, stderr=sub,
                            env=dict(os.environ, **(env or {})), close_fds=True)
    os.close(sub)
    chunks = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # the other end closed
            break
        if not data:
            break
        chunks.append(data)
    os.close(main)
    code = proc.wait(timeout=timeout)
    return code, b"".join(chunks).decode().replace("\r\n", "\n").split("\r")
