"""Build the view, info and protocol schemas from the engine and write them as the package's files.

``python -m trumpf.schemas._build`` rewrites them after a table of the engine or
the server changes; tests/schemas/test_schemas_games.py fails until the shipped files
are what this builds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import _games, _serve

HERE = Path(__file__).parent


def build() -> dict[str, dict[str, Any]]:
    """Every generated schema, by name."""
    games = _games.build()
    return {**games, **_serve.build(games)}


def text(schema: dict[str, Any]) -> str:
    """A schema as the package ships it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    for name, schema in build().items():
        (HERE / f"{name}.json").write_text(text(schema), encoding="utf-8")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    main()
