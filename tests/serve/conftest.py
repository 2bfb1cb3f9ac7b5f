"""Fixtures of the serve tests."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A directory in memory (tmpfs) where there is one: for tests whose subject is not
    the disk, since an fsync on a busy shared disk can take milliseconds. The crash and
    load tests keep the real disk."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path
        return
    path = Path(tempfile.mkdtemp(prefix="trumpf-serve-", dir=shm))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
