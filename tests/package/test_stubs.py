"""The .pyi stubs of trumpf._core agree with the compiled module (mypy.stubtest).

The allowlist (tests/package/stubtest-allowlist.txt) holds only what a stub cannot
express, each entry with its reason.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_stubs_match_the_compiled_core(tmp_path: object) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "trumpf._core",
            "--allowlist",
            os.path.join(HERE, "stubtest-allowlist.txt"),
        ],
        capture_output=True,
        text=True,
        cwd=str(tmp_path),
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-1000:]


def test_the_allowlist_names_each_entry() -> None:
    # A pattern such as ``trumpf._core.schnapsen.[A-Za-z]+`` would hide every
    # class's mismatch; each entry names one object, its dots escaped.
    named = re.compile(r"^trumpf(\\\.[A-Za-z_][A-Za-z0-9_]*)+$")
    with open(os.path.join(HERE, "stubtest-allowlist.txt"), encoding="utf-8") as f:
        entries = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    assert entries
    assert [e for e in entries if not named.match(e)] == []
    assert not named.match(r"trumpf\._core\.durak\.[A-Za-z]+$")


def test_the_types_import_without_the_core() -> None:
    # The TypedDicts are pure Python: their modules need nothing compiled.
    code = (
        "import sys, importlib.util\n"
        "for name in ('schnapsen', 'durak'):\n"
        f"    path = {os.path.dirname(os.path.dirname(HERE))!r} + f'/python/trumpf/{{name}}/types.py'\n"
        "    spec = importlib.util.spec_from_file_location('t_' + name, path)\n"
        "    mod = importlib.util.module_from_spec(spec)\n"
        "    spec.loader.exec_module(mod)\n"
        "    assert mod.Event and mod.Move\n"
        "assert 'trumpf._core' not in sys.modules\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
