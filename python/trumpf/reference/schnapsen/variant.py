"""The two games the engine plays, as the table of their differences.

Four of the fields are house rules: points on which players of
Schnapsen disagree. Their defaults are the reference's, so a plain
"schnapsen" or "sixtysix" plays exactly as the reference engines do. A
variant value is a game's name, a preset's name, or a dict of the table with
house rules changed; ``get`` turns any of them into the full table.
"""

from __future__ import annotations

from typing import Any

from .._args import show
from .errors import Error

__all__ = ["custom", "get", "presets", "variants"]

# The reference's choices: anything left to draw allows an exchange or a
# close, a marriage is declared and then led, a failed close pays 2 or 3.
HOUSE_DEFAULTS: dict[str, Any] = {
    "exchange_min_stock": 1,
    "close_min_stock": 1,
    "marriage_by_lead": False,
    "failed_close_pays": "reference",
}
HOUSE_RULES = tuple(HOUSE_DEFAULTS)
FAILED_CLOSE_PAYS = ("reference", "closer_value")

VARIANTS: dict[str, dict[str, Any]] = {
    "schnapsen": {
        "name": "schnapsen",
        "deck_size": 20,
        "hand_size": 5,
        "exchange_rank": "J",
        "exchange_needs_trick": False,
        "marriage_after_close": True,
        "false_claim_schwarz": True,
        "beaten_closer_flat": False,
        "last_trick_rule": "one_point",
        "close_counts_tricks_at": "close",
        "close_before_draw": False,
        "exchange_on_close": False,
        "next_dealer": "alternate",
        "match_start": 7,
        "match_target": 0,
        **HOUSE_DEFAULTS,
    },
    "sixtysix": {
        "name": "sixtysix",
        "deck_size": 24,
        "hand_size": 6,
        "exchange_rank": "9",
        "exchange_needs_trick": True,
        "marriage_after_close": False,
        "false_claim_schwarz": False,
        "beaten_closer_flat": True,
        "last_trick_rule": "ten_points",
        "close_counts_tricks_at": "end",
        "close_before_draw": True,
        "exchange_on_close": True,
        "next_dealer": "winner",
        "match_start": 0,
        "match_target": 7,
        **HOUSE_DEFAULTS,
    },
}

# The preset schnapsen-tjger (docs/rules/house-rules.md): more than two
# cards in the stock to exchange or close, a marriage shown by leading it,
# and a failed close paying what the closer would have won.
PRESETS: dict[str, dict[str, Any]] = {
    "schnapsen-tjger": {
        "name": "schnapsen",
        "exchange_min_stock": 3,
        "close_min_stock": 3,
        "marriage_by_lead": True,
        "failed_close_pays": "closer_value",
    },
}


def variants() -> list[str]:
    """The names of the games played: schnapsen and sixtysix."""
    return ["schnapsen", "sixtysix"]


def presets() -> list[str]:
    """The names of the house-rule presets, each accepted wherever a game's name is."""
    return list(PRESETS)


def stock_of(table: dict[str, Any]) -> int:
    """The cards left to draw after the deal, the turn-up included: 10 or 12."""
    size: int = table["deck_size"] - 2 * table["hand_size"]
    return size


def get(name: object) -> dict[str, Any]:
    """The full rules table (a fresh dict) of a variant value, or ``bad_variant``.

    The value is a game's name, a preset's name, or a dict: the table or any
    part of it, with ``name`` the game; left-out fields take the game's
    values, and only the house rules may differ from them. A str or dict
    subclass is read by what it holds (docs/api-contract.md, "Edge behaviour").
    """
    if isinstance(name, str):
        text = str.__str__(name)
        if text in VARIANTS:
            return dict(VARIANTS[text])
        if text in PRESETS:
            return _from_dict(PRESETS[text])
        known = ", ".join(variants() + presets())
        raise Error("bad_variant", f"{show(text)} is not a game played here ({known})")
    if isinstance(name, dict):
        return _from_dict(dict(dict.items(name)))
    raise Error("bad_variant", f"{show(name)} is not a variant: give a name or a dict of its rules")


def custom(base: object, **fields: Any) -> dict[str, Any]:
    """``get(base)`` with the given house rules changed (the same errors as ``get``)."""
    table = get(base)
    given = {field: _plain(value) for field, value in fields.items()}
    if "name" in given and (type(given["name"]) is not str or given["name"] != table["name"]):
        raise Error(
            "bad_variant",
            f"name: custom keeps the game {table['name']!r}, not {show(fields['name'])}",
        )
    table.update(given)
    return _from_dict(table)


def _plain(value: object) -> object:
    # An int or str subclass is read as the int or str it holds, so that no
    # __eq__ or __hash__ of the caller's runs in the comparisons below.
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, str):
        return str.__str__(value)
    return value


def _from_dict(given: dict[Any, Any]) -> dict[str, Any]:
    fields: dict[str, object] = {}
    for key, value in given.items():
        if not isinstance(key, str):
            raise Error("bad_variant", f"{show(key)} is not a field of a variant")
        fields[str.__str__(key)] = _plain(value)
    name = fields.get("name")
    if type(name) is not str or name not in VARIANTS:
        raise Error(
            "bad_variant",
            f"name: a variant's name is schnapsen or sixtysix, not {show(given.get('name'))}",
        )
    table = dict(VARIANTS[name])
    for field, value in fields.items():
        if field not in table:
            raise Error("bad_variant", f"{show(field)} is not a field of a variant")
        if field in HOUSE_RULES:
            _check_house_rule(table, field, value)
        elif type(value) is not type(table[field]) or value != table[field]:
            # The rest of the table is the game itself, not a house rule.
            raise Error(
                "bad_variant",
                f"{field}: {name} has {table[field]!r}, not {show(value)}; "
                f"only the house rules ({', '.join(HOUSE_RULES)}) can change",
            )
        table[field] = value
    return table


def _check_house_rule(table: dict[str, Any], field: str, value: object) -> None:
    if field in ("exchange_min_stock", "close_min_stock"):
        stock = stock_of(table)
        if type(value) is not int or not 1 <= value <= stock:
            raise Error(
                "bad_variant",
                f"{field}: an int from 1 to {stock} in {table['name']}, not {show(value)}",
            )
    elif field == "marriage_by_lead":
        if type(value) is not bool:
            raise Error("bad_variant", f"{field}: True or False, not {show(value)}")
    elif type(value) is not str or value not in FAILED_CLOSE_PAYS:
        raise Error("bad_variant", f"{field}: 'reference' or 'closer_value', not {show(value)}")
