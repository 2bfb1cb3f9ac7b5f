"""A private PostgreSQL cluster for the serve tests and the benchmark: Debian's
PostgreSQL binaries, a data folder of its own in a temporary folder, run as an
unprivileged user, listening on a unix socket in that folder alone (no TCP).

When the binaries or psycopg are missing, ``Missing`` says so; the tests turn
that into a skip, or into a failure when TRUMPF_REQUIRE_POSTGRES=1 (as CI
sets it), so a machine without PostgreSQL cannot pass them by skipping.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

USER = "trumpf-pg"  # the unprivileged user the cluster runs as when the tests are root
ROLE = "trumpf"  # the database role the server connects as


class Missing(RuntimeError):
    """PostgreSQL (or psycopg) is not installed."""


def binaries() -> Path:
    """The folder of initdb and pg_ctl: $TRUMPF_PG_BIN, else Debian's newest."""
    given = os.environ.get("TRUMPF_PG_BIN")
    found = [given] if given else sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version)
    for folder in reversed(found):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    raise Missing("PostgreSQL's initdb was not found (apt-get install postgresql)")


def _version(folder: str) -> int:
    part = Path(folder).parent.name
    return int(part) if part.isdigit() else 0


def _unprivileged() -> list[str]:
    """The command prefix that runs as an unprivileged user (nothing when not root)."""
    if os.geteuid() != 0:
        return []
    done = subprocess.run(["id", "-u", USER], capture_output=True)
    if done.returncode != 0:
        made = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
            capture_output=True,
        )
        if made.returncode != 0:
            return ["runuser", "-u", "nobody", "--"]
    return ["runuser", "-u", USER, "--"]


class Cluster:
    """A PostgreSQL cluster in a temporary folder; ``durable`` keeps fsync on (the
    benchmark), else it is off (the tests: a server killed there is the app, never
    the database, so what is committed stays)."""

    def __init__(self, *, durable: bool = False, under: str | None = None) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError as missing:
            raise Missing("psycopg is not installed: pip install 'trumpf[postgres]'") from missing
        self.bin = binaries()
        shm = "/dev/shm" if Path("/dev/shm").is_dir() and not durable else None
        self.dir = Path(tempfile.mkdtemp(prefix="trumpf-pg-", dir=under or shm))
        self.durable = durable
        self._as = _unprivileged()
        self._names = itertools.count()

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as, *command], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> Cluster:
        if self._as:
            self.dir.chmod(0o755)
            shutil.chown(self.dir, user=self._as[2])
        data = str(self.dir / "data")
        self._run(str(self.bin / "initdb"), "-D", data, "-U", ROLE, "--auth=trust", "-E", "UTF8")
        options = f"-k {self.dir} -c listen_addresses='' -c max_connections=300"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        log = str(self.dir / "postgres.log")
        self._run(str(self.bin / "pg_ctl"), "-D", data, "-l", log, "-w", "-o", options, "start")
        return self

    def url(self, database: str) -> str:
        return f"postgresql://{ROLE}@/{database}?host={self.dir}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        data = str(self.dir / "data")
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
