"""What the command line takes from outside, made safe before it is used or shown.

A name or a line typed by someone else can hold control characters (a
terminal obeys them), lone surrogates (from bytes that were not UTF-8) or
thousands of characters; :func:`printable` turns any of it into one short,
inert line. :func:`check_writable` refuses an output file before the work
whose result it would hold, not after.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path


def printable(text: str, limit: int = 120) -> str:
    """``text`` as one line with nothing a terminal would act on, cut at ``limit`` characters."""
    shown = "".join(
        ch if not unicodedata.category(ch).startswith("C") else ascii(ch)[1:-1] for ch in text
    )
    if len(shown) > limit:
        shown = f"{shown[:limit]}... ({len(text):,} characters)"
    return shown


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
