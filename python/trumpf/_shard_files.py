"""A sharded simulation's folder: one ``shard-<first game>.npz`` a shard and a ``manifest.json``.

The manifest is written last, through a temporary name, so a folder with a
manifest is a finished (complete or interrupted) run and a reader never sees
half of one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trumpf._checks import printable

MANIFEST = "manifest.json"
FORMAT = "trumpf-simulation-shards"
VERSION = 1

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


def read_manifest(folder: Path) -> dict[str, Any]:
    """The manifest of a sharded output; ValueError, saying why, when there is none."""
    try:
        data = json.loads((folder / MANIFEST).read_text())
    except FileNotFoundError:
        raise ValueError(f"{folder} holds no {MANIFEST}: not a sharded simulation") from None
    except (OSError, ValueError) as bad:
        raise ValueError(f"{folder / MANIFEST} cannot be read: {bad}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{folder / MANIFEST} is not a trumpf simulation's manifest")
    if data.get("version") != VERSION:
        raise ValueError(f"{folder / MANIFEST} is format version {data.get('version')!r}")
    return data


def read_shard(folder: Path, entry: dict[str, Any]) -> Columns:
    """The columns of one shard the manifest lists, checked against it."""
    with np.load(folder / entry["file"]) as saved:
        columns = {name: saved[name] for name in saved.files}
    if any(len(col) != entry["games"] for col in columns.values()):
        raise ValueError(f"{folder / entry['file']} does not hold {entry['games']} games")
    return columns


def read_run(folder: Path) -> tuple[dict[str, Any], Columns]:
    """The manifest of a sharded output and every row it lists, checked to add up."""
    manifest = read_manifest(folder)
    parts = [read_shard(folder, entry) for entry in manifest["shards"]]
    starts = [int(entry["start"]) for entry in manifest["shards"]]
    sizes = [len(part["winner"]) for part in parts]
    if starts != [sum(sizes[:k]) for k in range(len(sizes))] or sum(sizes) != manifest["games"]:
        raise ValueError(f"{folder}: the shards do not add up to {manifest['games']} games")
    columns = {
        name: np.concatenate([part[name] for part in parts])
        if parts
        else np.empty((0, *shape), dtype=dtype)
        for name, (dtype, shape) in manifest["columns"].items()
    }
    return manifest, columns


def shards_of(folder: Path) -> Iterator[tuple[int, Columns]]:
    """Each shard of a sharded output, in order: its first game and its columns."""
    manifest = read_manifest(folder)
    for entry in manifest["shards"]:
        yield int(entry["start"]), read_shard(folder, entry)
