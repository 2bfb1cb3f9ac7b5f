"""The two games the engine plays, as the table of their differences.

Four of the fields are house rules (issue 10): points on which players of
Schnapsen disagree. Their defaults are the reference's, so a plain
"schnapsen" or "sixtysix" plays exactly as the reference engines do. A
variant value is a game's name, a preset's name, or a dict of the table with
house rules changed; ``get`` turns any of them into the full table.
"""

from __future__ import annotations

from typing import Any

from .errors import Error

__all__ = ["HOUSE_RULES", "PRESETS", "VARIANTS", "custom", "get", "presets", "variants"]

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

# The Schnapsen of the help page in seed-schnapsen-rules-th: more than two
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


def get(value: object) -> dict[str, Any]:
    """The full rules table (a fresh dict) of a variant value, or ``bad_variant``.

    The value is a game's name, a preset's name, or a dict: the table or any
    part of it, with ``name`` the game; left-out fields take the game's
    values, and only the house rules may differ from them.
    """
    if isinstance(value, str):
        if value in VARIANTS:
            return dict(VARIANTS[value])
        if value in PRESETS:
            return _from_dict(PRESETS[value])
        known = ", ".join(variants() + presets())
        raise Error("bad_variant", f"{value!r} is not a game played here ({known})")
    if isinstance(value, dict):
        return _from_dict(value)
    raise Error("bad_variant", f"{value!r} is not a variant: give a name or a dict of its rules")


def custom(base: object, **fields: Any) -> dict[str, Any]:
    """``get(base)`` with the given house rules changed (the same errors as ``get``)."""
    table = get(base)
    if "name" in fields and fields["name"] != table["name"]:
        raise Error("bad_variant", f"name: custom keeps the game {table['name']!r}")
    table.update(fields)
    return _from_dict(table)


def _from_dict(given: dict[Any, Any]) -> dict[str, Any]:
    name = given.get("name")
    if not isinstance(name, str) or name not in VARIANTS:
        raise Error("bad_variant", f"name: a variant's name is schnapsen or sixtysix, not {name!r}")
    table = dict(VARIANTS[name])
    for field, value in given.items():
        if field not in table:
            raise Error("bad_variant", f"{field!r} is not a field of a variant")
        if field in HOUSE_RULES:
            _check_house_rule(table, field, value)
        elif type(value) is not type(table[field]) or value != table[field]:
            # The rest of the table is the game itself, not a house rule.
            raise Error(
                "bad_variant",
                f"{field}: {name} has {table[field]!r}, not {value!r}; "
                f"only the house rules ({', '.join(HOUSE_RULES)}) can change",
            )
        table[field] = value
    return table


def _check_house_rule(table: dict[str, Any], field: str, value: object) -> None:
    if field in ("exchange_min_stock", "close_min_stock"):
        stock = stock_of(table)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= stock:
            raise Error(
                "bad_variant",
                f"{field}: an int from 1 to {stock} in {table['name']}, not {value!r}",
            )
    elif field == "marriage_by_lead":
        if not isinstance(value, bool):
            raise Error("bad_variant", f"{field}: True or False, not {value!r}")
    elif not isinstance(value, str) or value not in FAILED_CLOSE_PAYS:
        raise Error("bad_variant", f"{field}: 'reference' or 'closer_value', not {value!r}")
