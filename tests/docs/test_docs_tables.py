"""The docs' tables that the engine states are rendered from it (docs/_ext/engine_tables.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _tables() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "engine_tables", ROOT / "docs" / "_ext" / "engine_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["engine_tables"] = module
    spec.loader.exec_module(module)
    return module


def test_every_marked_table_is_the_engines() -> None:
    tables = _tables()
    assert tables.stale_pages() == []
    # The layout tables of docs/rl.md are among them, one per family.
    text = (ROOT / "docs" / "rl.md").read_text()
    assert "<!-- engine-table: obs_layout schnapsen -->" in text
    assert "<!-- engine-table: obs_layout durak -->" in text
    assert "<!-- engine-table: action_layout schnapsen -->" in text
    assert "<!-- engine-table: action_layout durak -->" in text
    assert "<!-- engine-table: house_rules -->" in (ROOT / "docs/rules/house-rules.md").read_text()


def test_a_table_typed_by_hand_is_caught(tmp_path: Path) -> None:
    tables = _tables()
    page = tmp_path / "page.md"
    good = tables.render("<!-- engine-table: obs_layout durak -->\n<!-- end engine-table -->\n")
    assert "| 0 .. 35 | my hand | 1 |" in good
    page.write_text(good.replace("| 0 .. 35 | my hand |", "| 0 .. 35 | my cards |"))
    assert tables.stale_pages(tmp_path) == [page]
    page.write_text(good)
    assert tables.stale_pages(tmp_path) == []
