"""A folder of shards is input from a stranger: every tampering is one SimulationError.

Real runs of every kind of game are written with ``out=``, then copied and
tampered with, field by field and file by file. Each tampered folder must
make :func:`load` and :func:`iter_shards` raise ``SimulationError`` with the
code ``bad_folder``, naming the file (and the field, where there is one):
never another exception, never a hang, never rows of another run. What
could block (a FIFO) is read in a child process with a timeout, so a
regression fails the test instead of hanging the suite.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trumpf
from _sim_support import SEED, columns_equal
from trumpf.simulation import SimulationError, iter_shards, load

RUNS = {
    "schnapsen": ("schnapsen", ("random", "bot1"), 25, 10),
    "sixtysix-match": ("sixtysix-match", ("bot2", "random"), 25, 10),
    "durak": ("durak", ("bot3", "random"), 25, 10),
    "preset": ("schnapsen-tjger", ("random", "random"), 25, 10),
    "one-shard": ("schnapsen-match", ("random", "random"), 7, None),
    "empty": ("durak", ("random", "random"), 0, None),
}
"""Every kind of game (single deals, matches, Durak, a house-rule preset), in
several shards, in one, and a run of no games (no shard at all)."""

SHARD = "shard-0000000000000.npz"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("runs")
    made = {}
    for name, (game, players, games, shard) in RUNS.items():
        trumpf.simulate(game, games, players, SEED, out=root / name, shard=shard)
        made[name] = root / name
    # The same game as "schnapsen" from another seed: shards that fit, but are not this run's.
    trumpf.simulate("schnapsen", 25, ("random", "bot1"), bytes(32), out=root / "other", shard=10)
    made["other"] = root / "other"
    return made


@pytest.fixture
def copy(runs: dict[str, Path], tmp_path: Path) -> Callable[[str], Path]:
    """A fresh copy of a run's folder, to tamper with."""
    count = iter(range(10**6))

    def make(name: str) -> Path:
        target = tmp_path / f"{name}-{next(count)}"
        shutil.copytree(runs[name], target, symlinks=True)
        return target

    return make


def refused(folder: Path | str, file: str, field: str | None = None) -> SimulationError:
    """``load`` and ``iter_shards`` both refuse ``folder`` with bad_folder, naming file and field."""
    caught = []
    for read in (load, lambda p: list(iter_shards(p))):
        with pytest.raises(SimulationError) as error:
            read(folder)
        err = error.value
        assert err.code == "bad_folder", err
        assert file in str(err), (file, str(err))
        if field is not None:
            # A field, or the fields that disagree: "manifest.json: games, shards: ..."
            named = str(err).split(f"{file}: ", 1)[1].split(": ", 1)[0].split(", ")
            parts = (field, f"{field}[", f"{field}.")  # players names players[1] too
            assert any(n == field or n.startswith(parts) for n in named), (field, str(err))
        caught.append(err)
    return caught[0]


def manifest_of(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "manifest.json").read_text())
    return data


def write_manifest(folder: Path, data: object) -> None:
    (folder / "manifest.json").write_text(json.dumps(data))


def test_the_runs_read_back_untouched(runs: dict[str, Path]) -> None:
    for name, (game, players, games, _) in RUNS.items():
        back = load(runs[name])
        assert (back.game, back.players, back.games, back.complete) == (game, players, games, True)
        columns_equal(back, trumpf.simulate(game, games, players, SEED))
        assert sum(len(t["winner"]) for _, t in iter_shards(runs[name])) == games


# ---------------------------------------------------------------- the manifest

FIELDS = [
    "format",
    "version",
    "game",
    "players",
    "seed",
    "rules",
    "endings",
    "expert",
    "threads",
    "games",
    "planned",
    "complete",
    "columns",
    "counts",
    "shards",
]

WRONG: list[Any] = [None, True, False, 1.5, -1, 0, 2**70, "x", "", [], {}, [[[]]], {"a": 1}]
"""Values of the wrong type, or out of range, for every field ..."""

RIGHT: dict[str, list[Any]] = {"complete": [False], "rules": [{}]}
"""... but these: a run stopped by Ctrl-C as its last game ended is not complete, yet
whole; a rules table's missing fields are the game's defaults (a Durak run's {} is not
tried, then)."""


@pytest.mark.parametrize("run", ["schnapsen", "durak", "empty"])
@pytest.mark.parametrize("field", FIELDS)
def test_every_manifest_field_changed_or_removed_is_refused_by_name(
    copy: Callable[[str], Path], run: str, field: str
) -> None:
    folder = copy(run)
    original = manifest_of(folder)
    data = dict(original)
    del data[field]
    write_manifest(folder, data)
    if field == "expert":  # optional: folders written before the expert existed lack it
        assert load(folder).expert == (0, 0)
    else:
        refused(folder, "manifest.json", field)
    for value in WRONG:
        if json.dumps(value) in [json.dumps(v) for v in (original[field], *RIGHT.get(field, []))]:
            continue
        write_manifest(folder, {**original, field: value})
        # The format names the file a manifest; anything else there is not one.
        refused(folder, "manifest.json", field)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", "00"),  # one byte
        ("seed", "AB" * 32),  # upper case: not as written
        ("seed", "zz" * 32),
        ("game", "sixtysix"),  # a Durak or a Schnapsen run read as another game
        ("game", "skat"),
        ("players", ["random"]),
        ("players", ["random", "random", "random"]),
        ("players", ["random", "bot3"]),  # bot3 plays Durak only
        ("players", ["random", 7]),
        ("rules", {"name": "sixtysix"}),
        ("rules", {"name": "schnapsen", "marriage_by_lead": 1}),
        ("endings", ["claim"]),
        ("columns", {"winner": ["int8", []]}),
        ("games", 26),
        ("planned", 3),
        ("threads", 0),
        ("expert", {"samples": 2**40, "budget": 0}),
        ("expert", {"samples": 0}),
        ("version", 2),
        ("format", "trumpf-simulation-shard"),
    ],
)
def test_a_manifest_that_says_what_the_run_is_not_is_refused(
    copy: Callable[[str], Path], field: str, value: Any
) -> None:
    folder = copy("schnapsen")
    write_manifest(folder, {**manifest_of(folder), field: value})
    refused(folder, "manifest.json", field)


def test_a_rules_table_from_before_a_house_rule_takes_its_default(
    copy: Callable[[str], Path], runs: dict[str, Path]
) -> None:
    folder = copy("preset")
    data = manifest_of(folder)
    del data["rules"]["failed_close_pays"]
    write_manifest(folder, data)
    assert load(folder).rules == load(runs["preset"]).rules
    write_manifest(folder, {**data, "rules": None})
    refused(folder, "manifest.json", "rules")


def test_rules_of_another_game_and_a_durak_run_read_as_schnapsen(
    copy: Callable[[str], Path],
) -> None:
    folder = copy("schnapsen")
    sixtysix = trumpf.schnapsen.variant.get("sixtysix")
    write_manifest(folder, {**manifest_of(folder), "rules": sixtysix})
    refused(folder, "manifest.json", "rules")
    durak = copy("durak")
    schnapsen = manifest_of(copy("schnapsen"))
    write_manifest(durak, {**manifest_of(durak), "game": "schnapsen", "rules": schnapsen["rules"]})
    refused(durak, "manifest.json")


def test_the_counts_must_be_the_rows_counts(copy: Callable[[str], Path]) -> None:
    folder = copy("durak")
    data = manifest_of(folder)
    data["counts"]["wins"][0] += 1
    write_manifest(folder, data)
    refused(folder, "manifest.json", "counts")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s.pop(), "shards"),  # a shard left out
        (lambda s: s.append(dict(s[-1])), "shards[3]"),  # one listed twice
        (lambda s: s.reverse(), "shards[0].start"),
        (lambda s: s[1].update(start=11), "shards[1].start"),
        (lambda s: s[0].update(games=11), "shards[1].start"),
        (lambda s: s[0].update(games=0), "shards[0].games"),
        (lambda s: s[0].update(extra=1), "shards[0]"),
        (lambda s: s[0].pop("file"), "shards[0]"),
        (lambda s: s.insert(0, 7), "shards[0]"),
    ],
)
def test_a_shard_list_that_does_not_add_up_is_refused(
    copy: Callable[[str], Path], change: Callable[[list[Any]], Any], field: str
) -> None:
    folder = copy("schnapsen")
    data = manifest_of(folder)
    change(data["shards"])
    write_manifest(folder, data)
    refused(folder, "manifest.json", field)


def test_shard_names_are_plain_file_names_in_the_folder(
    copy: Callable[[str], Path], runs: dict[str, Path]
) -> None:
    folder = copy("schnapsen")
    data = manifest_of(folder)
    outside = runs["durak"] / SHARD  # another run's shard, of another game
    for name in (
        str(outside),
        f"../{runs['durak'].name}/{SHARD}",
        f"./{SHARD}",
        f"{SHARD}/",
        "/dev/zero",
        "..",
        "",
        "shard-1.npz",
        f"sub/{SHARD}",
    ):
        data["shards"][0]["file"] = name
        write_manifest(folder, data)
        refused(folder, "manifest.json", "shards[0].file")


def test_deep_and_huge_manifests_are_refused_within_their_limits(
    copy: Callable[[str], Path],
) -> None:
    folder = copy("schnapsen")
    original = manifest_of(folder)
    deep = "[" * 200_000 + "]" * 200_000
    text = json.dumps({**original, "rules": "DEEP"}).replace('"DEEP"', deep)
    (folder / "manifest.json").write_text(text)
    assert "nested too deeply" in str(refused(folder, "manifest.json"))
    write_manifest(folder, {**original, "endings": ["x" * 100] * 200_000})  # 20 MB
    assert "more than the" in str(refused(folder, "manifest.json"))
    (folder / "manifest.json").write_text(json.dumps(original).replace("25", "2" + "5" * 5000, 1))
    refused(folder, "manifest.json")
    (folder / "manifest.json").write_bytes(b"\xff\xfe" + json.dumps(original).encode("utf-16-le"))
    assert "UTF-8" in str(refused(folder, "manifest.json"))
    for text in ("", "null", "[]", '"x"', "{", "NaN"):
        (folder / "manifest.json").write_text(text)
        refused(folder, "manifest.json")


def test_a_manifest_that_is_not_a_regular_file_is_refused(
    copy: Callable[[str], Path], runs: dict[str, Path]
) -> None:
    folder = copy("schnapsen")
    manifest = folder / "manifest.json"
    manifest.unlink()
    manifest.symlink_to(runs["schnapsen"] / "manifest.json")  # a link, even to a good one
    assert "symbolic link" in str(refused(folder, "manifest.json"))
    manifest.unlink()
    manifest.mkdir()
    assert "is a folder" in str(refused(folder, "manifest.json"))


def test_a_folder_that_is_not_one_is_refused(runs: dict[str, Path], tmp_path: Path) -> None:
    for path in (runs["schnapsen"] / SHARD, tmp_path / "none", "", "a\0b"):
        with pytest.raises(SimulationError) as caught:
            load(path)
        assert caught.value.code == "bad_folder"
        with pytest.raises(SimulationError):
            list(iter_shards(path))
    for value in (7, None, b"runs", ["a"]):
        with pytest.raises(SimulationError):
            load(value)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the shards


def _npz(columns: dict[str, Any], compressed: bool = False) -> bytes:
    buffer = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buffer, **columns)
    return buffer.getvalue()


def _columns(folder: Path, name: str = SHARD) -> dict[str, Any]:
    with np.load(folder / name) as saved:
        return {k: saved[k] for k in saved.files}


SHARD_TAMPERINGS: dict[str, Callable[[Path, dict[str, Path]], tuple[str | None, str]]] = {}
"""Each tampering of a Schnapsen run's first shard, and the field and words its refusal names."""


def tampering(
    name: str,
) -> Callable[[Callable[[Path, dict[str, Path]], tuple[str | None, str]]], Any]:
    def register(f: Callable[[Path, dict[str, Path]], tuple[str | None, str]]) -> Any:
        SHARD_TAMPERINGS[name] = f
        return f

    return register


@tampering("truncated")
def _truncated(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])
    return None, "not a shard's .npz"


@tampering("empty")
def _empty(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.write_bytes(b"")
    return None, "bytes"


@tampering("missing")
def _missing(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.unlink()
    return None, "No such file"


@tampering("a folder")
def _folder(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.unlink()
    shard.mkdir()
    return None, "is a folder"


@tampering("a link to the same shard of another run")
def _link(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.unlink()
    shard.symlink_to(runs["other"] / SHARD)
    return None, "symbolic link"


@tampering("a link out to /dev/zero")
def _zero(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.unlink()
    shard.symlink_to("/dev/zero")
    return None, "symbolic link"


@tampering("a shard of another run")
def _other(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shutil.copyfile(runs["other"] / SHARD, shard)
    return "counts", "not the counts"


@tampering("a shard of another game")
def _durak(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shutil.copyfile(runs["durak"] / SHARD, shard)
    return None, "holds fool.npy, bouts.npy"


@tampering("compressed (a zip bomb could claim any size)")
def _compressed(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    data = _npz(columns, compressed=True)
    shard.write_bytes(data + bytes(shard.stat().st_size - len(data)))  # the size it should be
    return None, "compressed"


@tampering("a column of objects (a pickle)")
def _pickle(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["winner"] = np.array([0] * 10, dtype=object)
    buffer = io.BytesIO()
    np.savez(buffer, allow_pickle=True, **columns)
    shard.write_bytes(buffer.getvalue())
    return "column winner", "holds object"


@tampering("a column of another dtype")
def _dtype(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["moves"] = columns["moves"].astype(np.float32)
    shard.write_bytes(_npz(columns))
    return "column moves", "float32"


@tampering("a column of another shape")
def _shape(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["points"] = columns["points"][:, :1].copy()
    columns["moves"] = np.concatenate([columns["moves"], [1] * 5]).astype(np.int32)
    shard.write_bytes(_npz(columns))
    return "column points", "shape"


@tampering("a header claiming 10**12 rows")
def _huge(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    with zipfile.ZipFile(shard) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    npy = members["winner.npy"]
    # The same header length (its padding is spaces), and a zip written anew, its CRCs right.
    at = npy.index(b"'shape': (10,), }")
    end = npy.index(b"\n", at)
    members["winner.npy"] = npy[:at] + b"'shape': (1000000000000,), }".ljust(end - at) + npy[end:]
    with zipfile.ZipFile(shard, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return "column winner", "has shape (1000000000000,)"


@tampering("a column too few, one too many")
def _members(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["extra"] = columns.pop("deals")
    shard.write_bytes(_npz(columns))
    return None, "holds extra.npy; lacks deals.npy"


@tampering("a column twice")
def _twice(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    data = io.BytesIO(_npz(columns))
    with zipfile.ZipFile(data, "a") as archive, pytest.warns(UserWarning):
        archive.writestr("winner.npy", b"\x93NUMPY")
    shard.write_bytes(data.getvalue())
    return None, "holds twice winner.npy"


@tampering("a winner no game has")
def _winner(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["winner"][3] = 5
    shard.write_bytes(_npz(columns))
    return "winner", "values"


@tampering("an ending the game does not have")
def _how(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["how"][0] = 7
    shard.write_bytes(_npz(columns))
    return "how", "values"


@tampering("the seats swapped")
def _seats(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    columns = _columns(shard.parent)
    columns["seat_a"] = 3 - columns["seat_a"]
    shard.write_bytes(_npz(columns))
    return "seat_a", "values"


@tampering("a flipped bit in the rows")
def _bit(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    data = bytearray(shard.read_bytes())
    at = data.index(b"moves.npy") + 9 + 30 + 128  # inside the moves column's rows
    data[at] ^= 0x10
    shard.write_bytes(bytes(data))
    return None, "CRC"


@tampering("random bytes")
def _random(shard: Path, runs: dict[str, Path]) -> tuple[str | None, str]:
    shard.write_bytes(np.random.default_rng(7).bytes(shard.stat().st_size))
    return None, ".npz"


@pytest.mark.parametrize("how", list(SHARD_TAMPERINGS))
def test_every_shard_tampering_is_refused_naming_the_shard(
    copy: Callable[[str], Path], runs: dict[str, Path], how: str
) -> None:
    folder = copy("schnapsen")
    field, words = SHARD_TAMPERINGS[how](folder / SHARD, runs)
    file = "manifest.json" if field == "counts" else SHARD
    assert words in str(refused(folder, file, field))


def test_a_manifest_claiming_more_rows_than_the_files_hold_allocates_nothing(
    copy: Callable[[str], Path],
) -> None:
    folder = copy("schnapsen")
    data = manifest_of(folder)
    more = 10**12
    data["games"] = data["planned"] = more + 15
    data["shards"][0]["games"] = more
    for entry in data["shards"][1:]:
        entry["start"] += more - 10
        entry["file"] = f"shard-{entry['start']:013d}.npz"
        (folder / f"shard-{entry['start'] - more + 10:013d}.npz").rename(folder / entry["file"])
    write_manifest(folder, data)
    assert "1,000,000,000,000 games" in str(refused(folder, SHARD))


def test_a_shard_of_another_run_is_refused_after_its_rows_by_iter_shards(
    copy: Callable[[str], Path], runs: dict[str, Path]
) -> None:
    folder = copy("schnapsen")
    shutil.copyfile(runs["other"] / SHARD, folder / SHARD)
    seen = []
    with pytest.raises(SimulationError, match="counts"):
        for start, _ in iter_shards(folder):
            seen.append(start)
    assert seen == [0, 10, 20]  # the manifest's counts are known wrong only after the last


# ------------------------------------------------------- what could block: FIFOs

CHILD = """
import sys
from trumpf.simulation import SimulationError, iter_shards, load
for read in (load, lambda p: list(iter_shards(p))):
    try:
        read(sys.argv[1])
    except SimulationError as err:
        print(err.code, err)
    else:
        print("read")
"""


def _read_in_a_child(folder: Path) -> list[str]:
    # A hang fails here, after the timeout, instead of hanging the suite.
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.splitlines()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("where", ["manifest.json", SHARD])
def test_a_fifo_in_the_folder_is_refused_without_blocking(
    copy: Callable[[str], Path], where: str
) -> None:
    folder = copy("schnapsen")
    (folder / where).unlink()
    os.mkfifo(folder / where)
    lines = _read_in_a_child(folder)
    assert len(lines) == 2
    for line in lines:
        assert line.startswith("bad_folder ") and where in line and "is a FIFO" in line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_the_folder_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "run")
    lines = _read_in_a_child(tmp_path / "run")
    assert len(lines) == 2 and all(line.startswith("bad_folder ") for line in lines)


# ------------------------------------------------------------- random tampering

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value: the keys and indices that lead to it."""
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*at, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*at, index))


def _mutated(data: Any, at: tuple[Any, ...], how: str, value: Any) -> Any:
    if not at:
        return value
    copied = json.loads(json.dumps(data))
    parent = copied
    for step in at[:-1]:
        parent = parent[step]
    if how == "delete":
        del parent[at[-1]]
    elif how == "insert" and isinstance(parent, list):
        parent.insert(at[-1], value)
    else:
        parent[at[-1]] = value
    return copied


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), how=st.sampled_from(["replace", "delete", "insert"]), value=JSON)
def test_any_change_to_a_manifest_is_read_as_it_says_or_refused(
    runs: dict[str, Path], tmp_path: Path, data: st.DataObject, how: str, value: Any
) -> None:
    name = data.draw(st.sampled_from(["schnapsen", "durak", "one-shard"]))
    folder = tmp_path / "run"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(runs[name], folder)
    original = manifest_of(folder)
    at = data.draw(st.sampled_from(list(_paths(original))))
    changed = _mutated(original, at, how, value)
    write_manifest(folder, changed)
    try:
        sim = load(folder)
    except SimulationError as err:
        assert err.code == "bad_folder" and "manifest.json" in str(err)
        with pytest.raises(SimulationError):
            list(iter_shards(folder))
        return
    # Taken: then it is read as the manifest says, and the rows are the run's.
    assert sim.game == changed["game"] and list(sim.players) == changed["players"]
    assert sim.seed.hex() == changed["seed"] and sim.games == changed["games"]
    columns_equal(sim, load(runs[name]))


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    cuts=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6),
    cut_to=st.none() | st.integers(0, 10**6),
)
def test_any_change_to_a_shard_is_read_as_the_run_or_refused(
    runs: dict[str, Path], tmp_path: Path, cuts: list[tuple[int, int]], cut_to: int | None
) -> None:
    folder = tmp_path / "run"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(runs["durak"], folder)
    data = bytearray((folder / SHARD).read_bytes())
    for at, byte in cuts:
        data[at % len(data)] = byte
    if cut_to is not None:
        del data[cut_to % (len(data) + 1) :]
    (folder / SHARD).write_bytes(bytes(data))
    try:
        sim = load(folder)
    except SimulationError as err:
        assert err.code == "bad_folder" and (SHARD in str(err) or "manifest.json" in str(err))
        return
    columns_equal(sim, load(runs["durak"]))  # a change that changed nothing the rows hold
