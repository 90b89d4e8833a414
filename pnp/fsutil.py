"""Atomic file writes: a reader never sees a half-written file.

A folder or file that cannot be written is a :class:`~pnp.errors.PnpError`
naming the path (exit code 2), not a traceback."""
from __future__ import annotations

import codecs
import errno
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator

from .errors import PnpError


def decode_text(data: bytes, file: str) -> str:
    """UTF-8 text read from ``file``, without the byte-order mark some editors write;
    UTF-16 where it starts with its byte-order mark (what Windows PowerShell's
    ``>`` writes, and Notepad's "Unicode"); other bytes are an error naming the
    line they are on."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            line = data[:exc.start].decode("utf-16", errors="replace").count("\n") + 1
            raise PnpError("not UTF-16 text, though it starts as UTF-16 does", file=file, line=line) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PnpError("not UTF-8 text", file=file, line=data[:exc.start].count(b"\n") + 1) from None


def cannot_write(exc: OSError, path: str | os.PathLike) -> PnpError:
    """The one-line error for an output ``path`` the system refused."""
    where = exc.filename if exc.filename is not None else path
    return PnpError(f"cannot write: {exc.strerror or exc}", file=str(where))


def _file_in_the_way(folder: Path) -> Path | None:
    """The nearest of ``folder`` and its parents that exists as something other
    than a folder (a file where pnp needs a folder), if any."""
    for p in (folder, *folder.parents):
        if p.exists() or p.is_symlink():
            return None if p.is_dir() else p
    return None


def atomic_write(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename."""
    with atomic_path(path) as tmp:
        mode = "w" if isinstance(data, str) else "wb"
        kwargs = {"encoding": "utf-8", "newline": "\n"} if isinstance(data, str) else {}
        with open(tmp, mode, **kwargs) as fh:
            fh.write(data)
    return Path(path)


#: What a file system that cannot flush a file says (some network and FUSE
#: mounts): the write goes on without the flush, as it did before pnp flushed.
_NO_FSYNC = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS}


def _flush_to_disk(path: str) -> None:
    fd = os.open(path, os.O_RDWR)  # (Windows flushes only a handle open for writing)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _NO_FSYNC:  # a disk full or failing is an error to report
            raise
    finally:
        os.close(fd)


@contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[str]:
    """Yield a temporary path to write to; on success it replaces ``path``.

    The new bytes reach the disk before the rename, so a power cut leaves
    the old file or the new one, never an empty or half-written one."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        in_the_way = _file_in_the_way(target.parent)
        if in_the_way is not None:
            raise PnpError("cannot write: this is a file, not a folder", file=str(in_the_way)) from None
        raise cannot_write(exc, target.parent) from None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:  # named by the folder: the temporary name means nothing to a user
        raise PnpError(f"cannot write into this folder: {exc.strerror or exc}", file=str(target.parent)) from None
    os.close(fd)
    try:
        try:
            yield tmp
            os.chmod(tmp, 0o644)
            _flush_to_disk(tmp)
            os.replace(tmp, target)
        except OSError as exc:  # a disk full while writing, say: named by the file meant
            raise PnpError(f"cannot write: {exc.strerror or exc}", file=str(target)) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def drop_stale(folder: str | os.PathLike, written: Iterable[str | os.PathLike], *patterns: str) -> list[Path]:
    """Remove the files of ``folder`` matching any of ``patterns`` (names pnp
    gives its images) that this run did not write (``written``): pnp's own
    per-card folders (svg/, png/, tts/) kept the images of cards a user had
    since taken out of cards.yaml, and a print shop got them with the rest. A
    file of another name (a user's ``logo.svg``) stays. Returns what was removed."""
    folder = Path(folder)
    keep = {Path(p).resolve() for p in written}
    gone = []
    for f in sorted({f for pattern in patterns for f in folder.glob(pattern)}):
        if f.is_file() and f.resolve() not in keep:
            f.unlink()
            gone.append(f)
    return gone


def read_text_input(path: str) -> tuple[str, str]:
    """The text of a file a user gives (a solution), or of stdin for ``-``, and the
    name to report it by: UTF-8, a byte-order mark (Windows editors write one)
    dropped; other bytes are an error naming the line."""
    if path == "-":
        name = "<stdin>"
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
    else:
        name = path
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except FileNotFoundError:
            raise PnpError("no such file", file=path) from None
        except OSError as exc:
            raise PnpError(f"cannot read: {exc.strerror or exc}", file=path) from None
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), name
    return decode_text(data, name), name
