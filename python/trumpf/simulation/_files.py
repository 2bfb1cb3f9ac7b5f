"""A sharded simulation's folder: one ``shard-<first game>.npz`` a shard and a ``manifest.json``.

The manifest is written last, through a temporary name, so a folder with a
manifest is a finished (complete or interrupted) run and a reader never sees
half of one.

A folder is read as input from a stranger (:class:`Folder`, :func:`read_json`,
:func:`read_columns`): only regular files named as the writer names them,
never through a symbolic link, never more bytes than the manifest's games
can hold, and an ``.npz`` only as numpy's own format without pickles. What
the fields mean, and whether they agree, is :mod:`trumpf.simulation._folder`'s.
"""

from __future__ import annotations

import errno
import inspect
import json
import os
import struct
import zipfile
from pathlib import Path
from typing import IO, Any, BinaryIO

import numpy as np
import numpy.typing as npt

from trumpf._checks import Unreadable, open_regular, printable

MANIFEST = "manifest.json"
FORMAT = "trumpf-simulation-shards"
VERSION = 1

MAX_SHARDS = 2**16
"""The most shards a folder holds: 2**16 shards of a million games are 6.5e10 games
(1.4 TB of rows), and their manifest stays under 7 MB."""

MAX_MANIFEST_BYTES = 16 * 2**20
"""The largest manifest read: one of :data:`MAX_SHARDS` shards is about 7 MB."""

_MEMBER_SLACK = 4096
"""Bytes a column's file in a shard holds beyond its rows, at most: the .npy header
(128 bytes as numpy writes it) and the zip's headers for it (about 200)."""

Columns = dict[str, npt.NDArray[Any]]


def write_shard(out: Path, start: int, games: int, columns: Columns) -> dict[str, Any]:
    """Writes one shard's rows; returns the manifest's entry for it."""
    name = f"shard-{start:013d}.npz"
    with open(out / name, "wb") as f:
        np.savez(f, allow_pickle=False, **columns)
    return {"file": name, "start": start, "games": games}


def write_manifest(out: Path, fields: dict[str, Any]) -> None:
    """Writes the manifest (format and version first), replacing any earlier one at once."""
    manifest = {"format": FORMAT, "version": VERSION, **fields}
    temporary = out / (MANIFEST + ".tmp")
    temporary.write_text(json.dumps(manifest, indent=1) + "\n")
    os.replace(temporary, out / MANIFEST)


def is_shard_folder(path: Path) -> bool:
    """Whether ``path`` is a folder that holds nothing but a sharded output's files."""
    return path.is_dir() and all(_is_ours(p.name) for p in path.iterdir())


def check_out(path: str | os.PathLike[str], what: str) -> None:
    """Raises ValueError, saying why, when ``path`` cannot take a sharded output.

    It must be a new folder in one that exists, an empty one, or one holding
    only a previous run's shards (which the next run replaces).
    """
    name = os.fspath(path)
    if not name:
        raise ValueError(f"{what}: the folder name is empty")
    folder, shown = Path(name), printable(name)
    try:
        if folder.exists():
            if not folder.is_dir():
                raise ValueError(f"{what} {shown} is a file; give a new or empty folder")
            if not is_shard_folder(folder):
                raise ValueError(
                    f"{what} {shown} holds other files; give a new or empty folder "
                    "(a previous run's shards there are replaced)"
                )
            where = folder
        else:
            where = folder.parent
            if not where.is_dir():
                raise ValueError(
                    f"{what} {shown}: the folder {printable(str(where))} does not exist"
                )
        if not os.access(where, os.W_OK | os.X_OK):
            raise ValueError(f"{what} {shown}: {printable(str(where))} is not writable")
    except OSError as bad:  # a name too long, a loop of links ...
        raise ValueError(f"{what} {shown}: {bad.strerror}") from None


def _is_ours(name: str) -> bool:
    return name in (MANIFEST, MANIFEST + ".tmp") or (
        name.startswith("shard-") and name.endswith(".npz")
    )


def shard_name(start: int) -> str:
    """The file name the shard whose first game is ``start`` is written under."""
    return f"shard-{start:013d}.npz"


class FolderError(ValueError):
    """A file of a folder of shards cannot be read: ``file`` names it, the message says why.

    ``missing`` is True when there is no such file at all.
    """

    def __init__(self, file: Path, why: str, missing: bool = False) -> None:
        self.file = file
        self.missing = missing
        super().__init__(f"{file}: {why}")


_DIR_FD = (
    hasattr(os, "O_DIRECTORY") and os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd
)


class Folder:
    """A folder of shards, open for reading the files in it by their plain names.

    Where the system allows it the folder itself is held open, so every file
    is looked up in that folder even if the path is renamed meanwhile, and no
    file is reached through a symbolic link: the writer never makes one, so a
    link in a folder of shards can only have been put there to point outside.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None
        if _DIR_FD:
            flags = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
            try:
                self.fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
            except OSError as bad:
                why = {errno.ENOENT: "does not exist", errno.ENOTDIR: "is not a folder"}
                text = why.get(bad.errno or 0, f"cannot be read: {bad.strerror}")
                raise FolderError(path, text, bad.errno == errno.ENOENT) from None
        elif not path.is_dir():
            raise FolderError(path, "is not a folder")

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def open(self, name: str) -> tuple[BinaryIO, int]:
        """The regular file ``name`` of this folder, open, and its size; FolderError if not."""
        if not name or name in (".", "..") or "/" in name or os.sep in name or "\0" in name:
            raise FolderError(self.path / printable(name), "is not a plain file name")
        try:
            if self.fd is not None:
                return open_regular(name, folder=self.fd, follow_links=False)
            return open_regular(self.path / name, follow_links=False)
        except Unreadable as bad:
            raise FolderError(self.path / name, str(bad), bad.errno == errno.ENOENT) from None


def read_json(folder: Folder, name: str, limit: int) -> object:
    """The JSON in ``name``: UTF-8, at most ``limit`` bytes, nested no deeper than the parser allows."""
    handle, size = folder.open(name)
    where = folder.path / name
    with handle:
        if size > limit:
            raise FolderError(where, f"is {size:,} bytes, more than the {limit:,} read")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FolderError(where, f"grew past the {limit:,} bytes read while it was read")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as bad:
        raise FolderError(where, f"is not UTF-8 text (byte {bad.start})") from None
    except RecursionError:
        raise FolderError(where, "is JSON nested too deeply") from None
    except ValueError as bad:  # JSONDecodeError, a number too long to read
        raise FolderError(where, f"is not JSON: {printable(str(bad), 80)}") from None


Layout = dict[str, tuple[np.dtype[Any], tuple[int, ...]]]
"""The columns a shard holds: each name's dtype and the shape of one row."""


def read_columns(folder: Folder, name: str, games: int, layout: Layout) -> Columns:
    """The columns of the shard in ``name``, each ``games`` rows as ``layout`` says; FolderError if not.

    The file's size is checked against what the rows take before anything
    is read, so a forged header cannot make this allocate more than the file
    holds. The .npz must be as ``np.savez`` writes it: stored (a compressed
    member could claim any size), one ``<column>.npy`` for each column and no
    more, each of the row's dtype (any byte order) and shape, no objects.
    """
    where = folder.path / name
    handle, size = folder.open(name)
    with handle:
        rows = sum(games * _row_bytes(dtype, shape) for dtype, shape in layout.values())
        most = rows + _MEMBER_SLACK * (len(layout) + 1)
        if not rows <= size <= most:
            raise FolderError(
                where,
                f"is {size:,} bytes; {games:,} games of these columns are {rows:,} bytes "
                f"and at most {most:,} with the headers",
            )
        try:
            return _unzipped(handle, size, where, games, layout)
        except FolderError:
            raise
        except _BROKEN as bad:
            why = printable(str(bad), 80) or type(bad).__name__
            raise FolderError(where, f"is not a shard's .npz: {why}") from None


# What zipfile and numpy's .npy reader raise on a damaged file. Their sets
# are not documented, so these are the ones the tampered-folder tests met,
# and the kinds a parser of bytes can raise (a header's literal included).
_BROKEN = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    EOFError,
    struct.error,
    NotImplementedError,
    OSError,
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    OverflowError,
    SyntaxError,
    RecursionError,
    MemoryError,
)


def _row_bytes(dtype: np.dtype[Any], shape: tuple[int, ...]) -> int:
    return int(dtype.itemsize * np.prod(shape, dtype=np.int64))


def _unzipped(handle: BinaryIO, size: int, where: Path, games: int, layout: Layout) -> Columns:
    with zipfile.ZipFile(handle) as archive:
        members = archive.infolist()
        names = [member.filename for member in members]
        wanted = [f"{column}.npy" for column in layout]
        if sorted(names) != sorted(wanted):
            extra = [printable(n, 40) for n in names if n not in wanted][:8]
            twice = sorted({n for n in names if n in wanted and names.count(n) > 1})
            lacks = [n for n in wanted if n not in names]
            why = "; ".join(
                f"{what} {', '.join(those)}"
                for what, those in (("holds", extra), ("holds twice", twice), ("lacks", lacks))
                if those
            )
            raise FolderError(where, f"{why}: a shard holds {', '.join(wanted)}")
        columns: Columns = {}
        for member in members:
            column = member.filename.removesuffix(".npy")
            if member.compress_type != zipfile.ZIP_STORED or member.flag_bits & 0x1:
                raise FolderError(where, f"column {column}: is compressed or encrypted")
            if member.file_size > size:
                raise FolderError(where, f"column {column}: claims {member.file_size:,} bytes")
            dtype, shape = layout[column]
            with archive.open(member) as stream:
                columns[column] = _npy(stream, where, column, (games, *shape), dtype)
        return {column: columns[column] for column in layout}


_HEADER_LIMIT: dict[str, int] = (
    {"max_header_size": 4096}
    if "max_header_size" in inspect.signature(np.lib.format.read_array_header_1_0).parameters
    else {}
)


def _npy(
    stream: IO[bytes], where: Path, column: str, shape: tuple[int, ...], dtype: np.dtype[Any]
) -> npt.NDArray[Any]:
    """One column's .npy, read as numpy's format says and checked to be ``shape`` of ``dtype``."""
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        found, fortran, kind = np.lib.format.read_array_header_1_0(stream, **_HEADER_LIMIT)
    elif version == (2, 0):
        found, fortran, kind = np.lib.format.read_array_header_2_0(stream, **_HEADER_LIMIT)
    else:
        raise FolderError(where, f"column {column}: is .npy format {version}, not 1.0 or 2.0")
    if tuple(found) != shape or (fortran and len(shape) > 1):
        raise FolderError(where, f"column {column}: has shape {found}, the manifest says {shape}")
    if (
        kind.hasobject
        or kind.fields is not None
        or kind.subdtype is not None
        or (kind.kind, kind.itemsize) != (dtype.kind, dtype.itemsize)
    ):
        raise FolderError(where, f"column {column}: holds {kind}, the manifest says {dtype}")
    array = np.empty(shape, dtype=kind)
    wanted = array.nbytes
    got = stream.readinto(array.data.cast("B")) if wanted else 0  # type: ignore[attr-defined]
    if got != wanted or stream.read(1):
        raise FolderError(where, f"column {column}: does not hold {wanted:,} bytes of rows")
    return array.astype(dtype, copy=False)
