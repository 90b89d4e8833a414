"""The project's own random generator for daily deals (SPEC §7).

It is specified here completely so that a (game, date) gives the same deal on
every machine, Python version and pnp version, forever:

* **Seed text.** ``GAME:YYYY-MM-DD`` for the day's first candidate deal, then
  ``GAME:YYYY-MM-DD#1``, ``#2``, ... for the next candidates (only Grove ever
  needs them).
* **Byte stream.** Block ``i`` (``i = 0, 1, 2, ...``) is the SHA-256 digest of
  the UTF-8 bytes of ``SEED/i`` (the seed text, a slash, ``i`` in decimal). The
  stream is block 0, then block 1, and so on.
* **Words.** The stream is read 4 bytes at a time as big-endian unsigned
  32-bit integers.
* **Integers below n, without modulo bias.** Let ``limit = 2**32 - (2**32 mod n)``.
  Read words until one is below ``limit``; the answer is that word ``mod n``.
* **Shuffle.** Fisher–Yates (Durstenfeld): for ``i`` from ``len - 1`` down to
  1, draw ``j`` below ``i + 1`` and swap items ``i`` and ``j``.
"""
from __future__ import annotations

import hashlib
from typing import MutableSequence, TypeVar

T = TypeVar("T")
WORD = 2 ** 32


class DealRandom:
    """A deterministic stream of integers from a seed text (see module doc)."""

    def __init__(self, seed: str):
        self.seed = seed
        self._block = 0
        self._buf = b""

    def _word(self) -> int:
        if len(self._buf) < 4:
            digest = hashlib.sha256(f"{self.seed}/{self._block}".encode("utf-8")).digest()
            self._block += 1
            self._buf += digest
        word, self._buf = int.from_bytes(self._buf[:4], "big"), self._buf[4:]
        return word

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = WORD - WORD % n
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def shuffle(self, items: MutableSequence[T]) -> MutableSequence[T]:
        """Shuffle ``items`` in place (Fisher–Yates, from the end) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def seed_text(game: str, date: str, candidate: int = 0) -> str:
    return f"{game}:{date}" + (f"#{candidate}" if candidate else "")
