"""JSON Schemas (draft 2020-12) of what trumpf writes down: the move logs.

Each schema is a JSON file in this package, so a program in any language
can validate a log before it hands it to ``from_log``; :func:`load` reads
one by name. A log the schema accepts may still be refused by ``from_log``
(a move the rules do not allow is ``bad_history``): the schema says what a
log looks like, the replay whether its game was played by the rules.

>>> from trumpf import schemas
>>> schemas.names()
['durak-game-log', 'schnapsen-deal-log', 'schnapsen-match-log']
>>> schemas.load("durak-game-log")["$id"]
'urn:trumpf:schema:durak-game-log'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["load", "names"]


def names() -> list[str]:
    """The schemas this package ships, by name (a file's name without ``.json``)."""
    files = resources.files(__name__).iterdir()
    return sorted(f.name[: -len(".json")] for f in files if f.name.endswith(".json"))


def load(name: str) -> dict[str, Any]:
    """The schema called ``name`` (one of :func:`names`), as a dict; KeyError for another name."""
    if name not in names():
        raise KeyError(f"no schema {name!r}; the schemas are {', '.join(names())}")
    text = resources.files(__name__).joinpath(name + ".json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
