"""Every code trumpf can raise is in the registry (trumpf.errors.CODES), and every entry is used.

The codes are found where they are written: the engines' refusal enums
(``kCodeNames`` in C++), every ``refuse("code", ...)`` of the bindings and
every ``Error("code", ...)`` (or ``Refused``, ``MessageError``,
``SimulationError``...) of the Python package and the oracle, and the codes
the contract tables expect.
"""

from __future__ import annotations

import re
from pathlib import Path

from trumpf import errors

ROOT = Path(__file__).resolve().parents[2]
# A code as raised: the first argument of a refusal (or of a server
# connection's error), a code= keyword, a kCode constant, or the code an
# authentication answers beside no seat. Codes are lower_snake_case.
RAISED = re.compile(
    r"""(?:\b(?:[A-Za-z]*Error|Refused|refuse|_?fail|_refuse|\.error)\(\s*"""
    r"""|\bcode\s*=\s*|kCode\s*=\s*|return None,\s*)"([a-z]+_[a-z_]+|busy|stale)\""""
)
# A code handed to a helper that raises it (int_arg(..., "bad_games", ...)):
# any quoted name with a refusal's prefix.
PREFIXED = re.compile(r'"((?:bad|no|not|too|must|cannot)_[a-z_]+)"')
# The engines' code-name arrays.
ENUM = re.compile(r"kCodeNames\[\]\s*=\s*\{([^}]*)\}")
# A contract table's expected refusal: err("code").
EXPECTED = re.compile(r"""\berr\(\s*"([a-z_]+)"\s*\)""")


def codes_in(text: str) -> set[str]:
    found = set(RAISED.findall(text)) | set(EXPECTED.findall(text)) | set(PREFIXED.findall(text))
    for names in ENUM.findall(text):
        found |= set(re.findall(r'"([a-z_]+)"', names)) - {"ok"}
    return found


def raised_codes() -> dict[str, str]:
    """Each code found in the sources, with one file that raises it."""
    out: dict[str, str] = {}
    for pattern in ("cpp/**/*.cpp", "cpp/**/*.hpp", "python/trumpf/**/*.py", "tests/contract/*.py"):
        for path in sorted(ROOT.glob(pattern)):
            if path.name == "error_codes.cpp":
                continue  # the registry itself
            for code in codes_in(path.read_text(encoding="utf-8")):
                out.setdefault(code, str(path.relative_to(ROOT)))
    return out


def test_the_scan_finds_the_codes() -> None:
    found = raised_codes()
    # One of each source: an engine enum, a binding, the Python API, the oracle.
    assert {"must_follow", "beats_nothing", "bad_actions", "bad_folder", "bad_info"} <= set(found)
    assert len(found) > 60


def test_every_raised_code_is_registered() -> None:
    missing = {code: where for code, where in raised_codes().items() if code not in errors.CODES}
    assert missing == {}


def test_every_registered_code_is_raised() -> None:
    assert sorted(set(errors.CODES) - set(raised_codes())) == []


def test_each_entry_has_an_area_and_a_sentence() -> None:
    areas = {"move", "argument", "info", "log", "simulation", "rl", "serve"}
    for code, row in errors.CODES.items():
        assert row.code == code
        assert row.area in areas, row
        assert row.sentence and not row.sentence.endswith("."), row


def test_a_planted_unregistered_code_is_found() -> None:
    planted = 'raise Error(\n    "bad_planted_code", "nothing")\nrefuse("not_a_real_code", "x");'
    assert codes_in(planted) == {"bad_planted_code", "not_a_real_code"}
    assert not {"bad_planted_code", "not_a_real_code"} & set(errors.CODES)


def test_sentence_reads_the_registry() -> None:
    assert errors.sentence("not_your_turn") == errors.CODES["not_your_turn"].sentence
    assert errors.sentence("no_such_code") == "that was refused"
