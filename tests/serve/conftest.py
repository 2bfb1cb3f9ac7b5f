"""Fixtures of the serve tests.

The suite runs against both stores: ``new_db`` (and ``store``) is parametrised
over SQLite and PostgreSQL, the latter in a private cluster that the session
starts once and stops at its end.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from _postgres import Cluster, Missing

STORES = ["sqlite", "postgres"]


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


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """The session's PostgreSQL cluster. Without PostgreSQL the tests that need it skip,
    unless TRUMPF_REQUIRE_POSTGRES=1 (CI), where they fail."""
    try:
        cluster = Cluster().start()
    except Missing as missing:
        if os.environ.get("TRUMPF_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"TRUMPF_REQUIRE_POSTGRES=1, but {missing}")
        pytest.skip(str(missing))
    try:
        yield cluster
    finally:
        cluster.stop()


def _databases(store: str, folder: Path, request: pytest.FixtureRequest) -> Callable[[str], str]:
    if store == "sqlite":
        return lambda name: str(folder / f"{name}.sqlite")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    made: dict[str, str] = {}  # one database per name, as one file per name

    def database(name: str) -> str:
        if name not in made:
            made[name] = cluster.new_database()
        return made[name]

    return database


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest) -> str:
    """Which store the test's server keeps its tables in."""
    name: str = request.param
    return name


@pytest.fixture
def new_db(store: str, fast_dir: Path, request: pytest.FixtureRequest) -> Callable[[str], str]:
    """``new_db(name)``: a fresh database of the test's store (an SQLite file's path in
    ``fast_dir``, or a new PostgreSQL database's URL), the same one for the same name."""
    return _databases(store, fast_dir, request)


@pytest.fixture(scope="module", params=STORES)
def module_store(request: pytest.FixtureRequest) -> str:
    """The store of a module-scoped server."""
    name: str = request.param
    return name


@pytest.fixture(scope="module")
def module_db(
    module_store: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> str:
    """A fresh database of ``module_store`` for a module-scoped server."""
    return _databases(module_store, tmp_path_factory.mktemp("db"), request)("m")
