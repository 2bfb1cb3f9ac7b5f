"""What the command line takes from outside, made safe before it is used or shown.

A name or a line typed by someone else can hold control characters (a
terminal obeys them), lone surrogates (from bytes that were not UTF-8) or
thousands of characters; :func:`printable` turns any of it into one short,
inert line. :func:`check_writable` refuses an output file before the work
whose result it would hold, not after. :func:`open_regular` and
:func:`read_regular` read a file someone else named or wrote: a regular
file only, never a FIFO (which would block), a device or a folder, and
never more than the caller's limit. :func:`seed32` reads a master seed
as callers give it (32 bytes, 64 hex digits, or None for a fresh one).
"""

from __future__ import annotations

import os
import secrets
import stat
import unicodedata
from pathlib import Path
from typing import BinaryIO

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFLNK: "a symbolic link",
}

# Opening never blocks (a FIFO without a writer, say), never makes a terminal
# ours, and the descriptor does not leak into child processes.
_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_OPEN |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def printable(text: str, limit: int = 120) -> str:
    """``text`` as one line with nothing a terminal would act on, cut at ``limit`` characters."""
    shown = "".join(
        ch if not unicodedata.category(ch).startswith("C") else ascii(ch)[1:-1] for ch in text
    )
    if len(shown) > limit:
        shown = f"{shown[:limit]}... ({len(text):,} characters)"
    return shown


def short(value: object) -> str:
    """A short repr of ``value`` that never runs a caller's code: only the base types' own."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        number = int.__index__(value)
        return "a huge int" if abs(number) >= 10**30 else str(number)
    if isinstance(value, float):
        return float.__repr__(value)
    if isinstance(value, str):
        return clip(repr(str.__str__(value)))
    if isinstance(value, bytes | bytearray):
        return clip(repr(bytes(memoryview(value)[:80])))
    return f"a {type(value).__name__}"


def clip(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters, and "..." where it was cut."""
    return text if len(text) <= limit else text[:limit] + "..."


def check_writable(path: str | os.PathLike[str], what: str) -> None:
    """Raises ValueError, saying why, when ``path`` could not be written as a file."""
    name = os.fspath(path)
    if not name:
        raise ValueError(f"{what}: the file name is empty")
    shown = printable(name)
    try:
        _check_writable(Path(name), what, shown)
    except OSError as bad:  # a name too long, a loop of links ...
        raise ValueError(f"{what} {shown}: {bad.strerror}") from None


def _check_writable(target: Path, what: str, shown: str) -> None:
    if target.is_dir():
        raise ValueError(f"{what} {shown} is a folder; give a file name in it")
    folder = target.parent
    if not folder.exists():
        raise ValueError(f"{what} {shown}: the folder {printable(str(folder))} does not exist")
    if not folder.is_dir():
        raise ValueError(f"{what} {shown}: {printable(str(folder))} is not a folder")
    if target.exists():
        if not os.access(target, os.W_OK):
            raise ValueError(f"{what} {shown} exists and cannot be written")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"{what} {shown}: the folder {printable(str(folder))} is not writable")


class Unreadable(ValueError):
    """A file that is not read: missing, not a regular file, too large ...; ``errno`` if the system said."""

    def __init__(self, why: str, errno: int | None = None) -> None:
        super().__init__(why)
        self.errno = errno


def open_regular(
    name: str | os.PathLike[str], *, folder: int | None = None, follow_links: bool = True
) -> tuple[BinaryIO, int]:
    """The regular file at ``name`` open for reading, and its size; :class:`Unreadable` if not.

    ``folder`` is a descriptor of the folder ``name`` is in (``name`` is then a
    plain file name); with ``follow_links`` False a symbolic link is refused
    rather than followed. The file is looked at before it is opened, so a
    device is never opened (opening some has effects), and again once it is
    open, so one swapped in between (a FIFO, say) is refused too.
    """
    try:
        before = os.stat(name, dir_fd=folder, follow_symlinks=follow_links)
    except OSError as bad:
        raise Unreadable(f"cannot be read: {bad.strerror or bad}", bad.errno) from None
    if not stat.S_ISREG(before.st_mode):
        raise Unreadable(f"is {_kind(before.st_mode)}, not a regular file")
    flags = _OPEN if follow_links else _OPEN | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(name, flags, dir_fd=folder)
    except OSError as bad:
        raise Unreadable(f"cannot be read: {bad.strerror or bad}", bad.errno) from None
    try:
        after = os.fstat(fd)
        if not stat.S_ISREG(after.st_mode) or (after.st_dev, after.st_ino) != (
            before.st_dev,
            before.st_ino,
        ):
            raise Unreadable("was replaced while it was opened")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb"), after.st_size
    except BaseException:
        os.close(fd)
        raise


def read_regular(
    name: str | os.PathLike[str],
    limit: int,
    *,
    folder: int | None = None,
    follow_links: bool = True,
) -> bytes:
    """The bytes of the regular file at ``name``, at most ``limit``; :class:`Unreadable` if not.

    A file larger than ``limit`` is refused before any of it is read (and
    one that grows past it while it is read, when it does).
    """
    handle, size = open_regular(name, folder=folder, follow_links=follow_links)
    with handle:
        if size > limit:
            raise Unreadable(f"is {size:,} bytes, more than the {limit:,} read")
        try:
            data = handle.read(limit + 1)
        except OSError as bad:
            raise Unreadable(f"cannot be read: {bad.strerror or bad}", bad.errno) from None
    if len(data) > limit:
        raise Unreadable(f"grew past the {limit:,} bytes read while it was read")
    return data


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "an unknown kind of file")


def seed32(seed: bytes | str | None) -> bytes:
    """``seed`` as 32 bytes, a fresh random one for None; ValueError saying what was wrong.

    Each caller turns the ValueError into its own error (a SimulationError, the
    package's Error), so the words are the same wherever a seed is refused.
    A str or bytes subclass is read by what it holds: none of its methods runs.
    """
    if seed is None:
        return secrets.token_bytes(32)
    if isinstance(seed, str):
        text = str.__str__(seed)
        try:
            seed = bytes.fromhex(text)
        except ValueError:
            raise ValueError(f"seed {short(text)} is not hex") from None
    if not isinstance(seed, bytes):
        raise ValueError(f"a seed is exactly 32 bytes (64 hex digits), not {short(seed)}")
    raw = bytes(memoryview(seed))
    if len(raw) != 32:
        raise ValueError(f"a seed is exactly 32 bytes (64 hex digits), not {len(raw)} bytes")
    return raw
