"""Simulations on a Ray cluster: the local run's rows, nothing lost with a worker, clear refusals.

One Ray head (``ray start --head --block``, two CPUs, every address
127.0.0.1) serves the whole module: this process joins it for the API tests
and the command line joins it by its address. Only the test of ``--ray``
without an address starts a Ray of its own. Everything started here is
stopped here, by its process id.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import trumpf
from _sim_support import CASES, SEED, columns_equal, interruptible
from trumpf.simulation import ClusterError, load

# tests/conftest.py puts every Ray of this process and its children on the
# loopback, before any module imports ray.
ray: Any = pytest.importorskip("ray", reason='Ray is a test dependency: pip install ".[test-all]"')

STARTUP_SECONDS = 90


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def shard_workers(head: subprocess.Popen[bytes]) -> list[int]:
    """The worker processes of this module's Ray that are playing a shard now."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes().split(b"\0")[0]
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            grandparent = int(Path(f"/proc/{parent}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        # Workers are the raylet's children, and the raylet is the head's.
        if title.startswith(b"ray::_play_shard") and grandparent == head.pid:
            found.append(int(entry.name))
    return found


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Iterator[subprocess.Popen[bytes]]:
    if not Path("/proc").is_dir():
        pytest.skip("finds Ray's worker processes through /proc")
    port = free_port()
    command = [str(Path(sys.executable).parent / "ray"), "start", "--head", "--block"]
    command += [f"--port={port}", "--num-cpus=2", "--node-ip-address=127.0.0.1"]
    command += ["--include-dashboard=false", "--disable-usage-stats"]
    # A port Ray would otherwise take at a fixed number, which another Ray here may hold.
    command += [f"--dashboard-agent-listen-port={free_port()}"]
    log = tmp_path_factory.mktemp("ray") / "head.log"
    with open(log, "wb") as said:
        proc = subprocess.Popen(command, stdout=said, stderr=said, start_new_session=True)
    proc.address = f"127.0.0.1:{port}"  # type: ignore[attr-defined]
    try:
        # Up when its port answers; ray.init would wait minutes for a head that died.
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            assert proc.poll() is None, f"ray start failed:\n{log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"ray start never listened:\n{log.read_text()}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)  # --block stops the processes it started
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the group started above, no other
            proc.wait()


def address_of(head: subprocess.Popen[bytes]) -> str:
    address: str = head.address  # type: ignore[attr-defined]
    return address


@pytest.fixture(scope="module")
def cluster(head: subprocess.Popen[bytes]) -> Iterator[None]:
    """This process joined to the head, once its two CPUs are there."""
    deadline = time.monotonic() + STARTUP_SECONDS
    ray.init(address=address_of(head), logging_level=logging.ERROR, log_to_driver=False)
    while ray.cluster_resources().get("CPU", 0) < 2:
        assert time.monotonic() < deadline, "the Ray head never offered its CPUs"
        time.sleep(0.5)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_ray_run_is_the_local_run(cluster: None, game: str, players: tuple[str, str]) -> None:
    local = trumpf.simulate(game, games=2000, players=players, seed=SEED, threads=2)
    seen: list[int] = []
    for shard, games in ((1, 30), (97, 2000), (10**6, 2000)):
        sim = trumpf.simulate(
            game,
            games=games,
            players=players,
            seed=SEED,
            cluster="ray",
            shard=shard,
            progress=lambda done, total: seen.append(done),
        )
        assert sim.complete and sim.games == games and sim.rules == local.rules
        columns_equal(sim, trumpf.simulate(game, games=games, players=players, seed=SEED))
        assert seen == sorted(seen) and seen[-1] == games
        seen.clear()
    # Ray's default shard size, and two threads a shard (one task takes both CPUs).
    columns_equal(trumpf.simulate(game, 2000, players, SEED, 2, cluster="ray"), local)


def test_summary_only_and_a_folder_on_ray(cluster: None, tmp_path: Path) -> None:
    for game, players in (CASES[3], CASES[6]):
        local = trumpf.simulate(game, games=3000, players=players, seed=SEED)
        only = trumpf.simulate(
            game, 3000, players, SEED, cluster="ray", shard=211, summary_only=True
        )
        assert not only.has_rows and only.summary() == local.summary()
        out = tmp_path / game
        written = trumpf.simulate(game, 3000, players, SEED, cluster="ray", shard=700, out=out)
        assert written.summary() == local.summary()
        columns_equal(load(out), local)
    table = load(out).table()  # flat columns, as pd.DataFrame(...) takes them
    assert {len(column) for column in table.values()} == {3000}
    assert table["points_b"].tolist() == local["points"][:, 1].tolist()


def test_a_killed_worker_changes_nothing(cluster: None, head: subprocess.Popen[bytes]) -> None:
    args: dict[str, Any] = {"players": ("bot2", "bot1"), "seed": SEED}
    played: list[int] = [0]
    result: list[Any] = []

    def run() -> None:
        result.append(
            trumpf.simulate(
                "schnapsen-match",
                games=200_000,
                cluster="ray",
                shard=10_000,
                progress=lambda done, total: played.__setitem__(0, done),
                **args,
            )
        )

    runner = threading.Thread(target=run)
    runner.start()
    killed: list[int] = []
    at = 0
    deadline = time.monotonic() + 120
    while not killed and runner.is_alive() and time.monotonic() < deadline:
        busy = shard_workers(head) if played[0] >= 20_000 else []
        if busy:
            at = played[0]
            os.kill(busy[0], signal.SIGKILL)  # a worker in the middle of a shard
            killed.append(busy[0])
        time.sleep(0.05)
    runner.join(timeout=300)
    assert killed and at < 190_000, "no worker was killed while shards were left"
    assert result, "the run did not finish"
    columns_equal(result[0], trumpf.simulate("schnapsen-match", games=200_000, threads=2, **args))


def test_what_the_cluster_cannot_play_is_refused(
    cluster: None, head: subprocess.Popen[bytes]
) -> None:
    with pytest.raises(ClusterError, match=r"needs 3 CPU.* the largest node has 2"):
        trumpf.simulate("schnapsen", games=10, threads=3, cluster="ray")
    with pytest.raises(ClusterError, match="already initialised"):
        trumpf.simulate("schnapsen", games=10, cluster="ray", address=address_of(head))


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "trumpf.cli", "simulate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**(env or os.environ), "COLUMNS": "160"},
        preexec_fn=interruptible,
    )


def finished(proc: subprocess.Popen[str], timeout: float = 180) -> tuple[str, str]:
    out, err = proc.communicate(timeout=timeout)
    return out, err


MATCHES = ["schnapsen-match", "--games", "3000", "--players", "bot2", "bot1", "--seed", SEED.hex()]


def test_the_command_line_plays_on_a_cluster_by_its_address(
    head: subprocess.Popen[bytes],
) -> None:
    local = trumpf.simulate("schnapsen-match", 3000, ("bot2", "bot1"), SEED).summary()
    proc = cli(*MATCHES, "--ray", address_of(head), "--shard", "400")
    out, err = finished(proc)
    assert proc.returncode == 0, err
    assert f"{local.wins[0]:,}" in out and f"{local.wins[1]:,}" in out
    assert f"{local.win_interval[0][0]:.4f}" in out


def test_the_command_line_starts_ray_without_an_address() -> None:
    local = trumpf.simulate("schnapsen-match", 3000, ("bot2", "bot1"), SEED).summary()
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    proc = cli(*MATCHES, "--ray", env=env)
    out, err = finished(proc)
    assert proc.returncode == 0, err
    assert f"{local.wins[0]:,}" in out and f"{local.card_points_per_game[1]:.2f}" in out


def test_ctrl_c_cancels_the_cluster_and_keeps_the_shards_done(
    head: subprocess.Popen[bytes], tmp_path: Path
) -> None:
    out = tmp_path / "run"
    proc = cli(
        "durak", "--games", "50000000", "--players", "bot3", "bot3", "--seed", SEED.hex(),
        "--ray", address_of(head), "--shard", "20000", "--out", str(out),
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not list(out.glob("shard-*.npz")) and time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    text, err = finished(proc, timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in text and "Traceback" not in text + err
    kept = load(out)
    assert not kept.complete and kept.games > 0 and kept.games % 20_000 == 0
    columns_equal(kept, trumpf.simulate("durak", kept.games, ("bot3", "bot3"), SEED))
    deadline = time.monotonic() + 30
    while shard_workers(head):  # the tasks still out were cancelled
        assert time.monotonic() < deadline, "the cluster went on playing a cancelled run"
        time.sleep(0.2)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--ray", "127.0.0.1:1"], "no Ray cluster answers at 127.0.0.1:1"),
        (["--ray", "nowhere"], "is not HOST:PORT"),
    ],
)
def test_the_command_line_refuses_a_bad_address_in_one_line(args: list[str], says: str) -> None:
    proc = cli("schnapsen", "--games", "10", *args)
    out, err = finished(proc, timeout=60)
    assert proc.returncode == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trumpf: error: ") and says in lines[0]


def test_the_command_line_without_ray_says_so_in_one_line() -> None:
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "from trumpf.cli import main\n"
        "sys.exit(main(['simulate', 'schnapsen', '--games', '10', '--ray']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == 'trumpf: error: Ray is not installed here: pip install "trumpf[ray]"\n'


def test_the_command_line_refuses_a_cluster_without_the_cpus(
    head: subprocess.Popen[bytes],
) -> None:
    proc = cli("schnapsen", "--games", "10", "--threads", "3", "--ray", address_of(head))
    out, err = finished(proc, timeout=120)
    assert proc.returncode == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trumpf: error: the Ray cluster cannot play")


@pytest.fixture
def impostor(request: pytest.FixtureRequest) -> Iterator[str]:
    """A TCP listener on the loopback that is not Ray: it accepts, says ``request.param``, and waits.

    Its connections are held open (so a client waits on them, as on a server
    that hangs) until the test ends; the thread stops itself then.
    """
    reply: bytes = request.param
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            held.append(conn)
            with contextlib.suppress(OSError):
                conn.sendall(reply)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=5)
        for conn in held:
            conn.close()
        server.close()


NOT_RAY = [
    pytest.param(b"", id="silent"),
    pytest.param(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", id="http1"),
    pytest.param(bytes(range(256)) * 8, id="garbage"),
]


def _within(proc: subprocess.Popen[str], seconds: float) -> tuple[str, str]:
    """The output of ``proc``, which must end by itself within ``seconds``: a hang fails."""
    try:
        return proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()  # the child started above, by its own handle
        proc.communicate()
        pytest.fail(f"still running after {seconds} s: it hangs where nothing Ray-like answers")


@pytest.mark.parametrize("impostor", NOT_RAY, indirect=True)
def test_the_command_line_refuses_an_address_where_nothing_ray_like_answers(
    impostor: str,
) -> None:
    # The requirement is 15 seconds; the guard is looser, for a loaded machine.
    out, err = _within(cli("schnapsen", "--games", "10", "--ray", impostor), 60)
    lines = err.splitlines()
    assert out == "" and len(lines) == 1, err
    assert lines[0].startswith(f"trumpf: error: nothing Ray-like answers at {impostor}")


@pytest.mark.parametrize("impostor", NOT_RAY[:1], indirect=True)
def test_simulate_refuses_an_address_where_nothing_ray_like_answers(impostor: str) -> None:
    code = (
        "import sys, trumpf\n"
        "try:\n"
        f"    trumpf.simulate('schnapsen', games=10, cluster='ray', address={impostor!r})\n"
        "except trumpf.simulation.ClusterError as e:\n"
        "    print(e.code)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = _within(proc, 60)
    assert out == "no_cluster\n", err
