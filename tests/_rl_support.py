"""Shared by the tests of trumpf.rl: random play, and the observation tensor
written a second time, in Python, from a seat's ``info`` dict alone.

The second statement follows docs/rl.md's layout table, so a test that
compares it with ``trumpf.rl.observe`` checks both that the tensor is a
function of the information set and that the documentation says what it is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen

SUITS = "SHDC"

SCHNAPSEN_VARIANTS: list[Any] = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    {"name": "sixtysix", "marriage_by_lead": True, "exchange_min_stock": 3},
    {"name": "schnapsen", "close_min_stock": 4, "failed_close_pays": "closer_value"},
]


def expected_rewards(game: Any, name: str) -> list[float]:
    """A finished game's rewards by seat, as docs/rl.md states them: a deal's
    game points to the winner and from the loser, +1/-1 for a Durak game
    (0 for a draw) or a match."""
    if name == "durak":
        fool = game.result["fool"]
        return [0.0, 0.0] if fool is None else [1.0 - 2.0 * (fool == 1), 1.0 - 2.0 * (fool == 2)]
    if name.endswith("-match"):
        return [1.0, -1.0] if game.winner == "p1" else [-1.0, 1.0]
    r = game.result
    if r["winner"] is None:
        return [0.0, 0.0]
    points = float(r["game_points"])
    return [points, -points] if r["winner"] == "p1" else [-points, points]


def durak_info(game: durak.Game, seat: int) -> dict[str, Any]:
    return dict(game.info(seat))


def info_of(game: Any, seat: Any) -> dict[str, Any]:
    return dict(game.info(seat))


def positions(game: Any, rng: random.Random, limit: int = 400) -> Iterator[Any]:
    """`game` at every decision of random legal play, until it ends or `limit` moves."""
    for _ in range(limit):
        if game.over:
            return
        yield game
        seat = game.turn
        legal = game.legal(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])


def random_games(count: int, seed: int = 0) -> Iterator[Any]:
    """Fresh Deals, Matches and Durak Games of every variant, by turns."""
    rng = random.Random(seed)
    for k in range(count):
        raw = bytes(rng.randrange(256) for _ in range(32))
        kind = k % 4
        if kind == 3:
            yield durak.Game.build(seed=raw, number=1 + k)
            continue
        variant = SCHNAPSEN_VARIANTS[k % len(SCHNAPSEN_VARIANTS)]
        dealer = rng.choice(["p1", "p2"])
        if kind == 2:
            yield schnapsen.Match.build(variant=variant, seed=raw, dealer=dealer)
        else:
            yield schnapsen.Deal.build(variant=variant, seed=raw, number=1 + k, dealer=dealer)


def _plane(ids: Any, size: int) -> npt.NDArray[np.uint8]:
    out = np.zeros(size, np.uint8)
    for c in ids:
        out[c - 1] = 1
    return out


def schnapsen_obs(info: dict[str, Any]) -> npt.NDArray[np.uint8]:
    """The raw (uint8) Schnapsen-family observation, from ``info`` alone."""
    me = info["seat"]
    them = "p2" if me == "p1" else "p1"
    played = {me: [], them: []}  # type: dict[str, list[int]]
    for p in info["played"]:
        played[p["seat"]].append(p["card"])
    won = {me: [], them: []}  # type: dict[str, list[int]]
    for t in info["tricks"]:
        won[t["winner"]] += [t["lead"], t["follow"]]
    planes = [
        info["hand"],
        played[me],
        played[them],
        won[me],
        won[them],
        [info["lead"]] if info["lead"] else [],
        info["known"],
        info["unseen"],
        [info["turn_up"]] if info["turn_up"] else [],
    ]
    obs = np.concatenate([_plane(p, 24) for p in planes] + [np.zeros(40, np.uint8)])
    obs[216 + SUITS.index(info["trump"])] = 1
    pending = {me: 0, them: 0}
    for m in info["melds"]:
        obs[(220 if m["seat"] == me else 224) + SUITS.index(m["suit"])] = 1
        if not m["counted"]:
            pending[m["seat"]] += m["value"]
    my_turn = info["turn"] == me and not info["over"]
    close = info["close_state"]
    flags = [
        my_turn,
        my_turn and info["lead"] is None,
        my_turn and info["lead"] is not None,
        info["dealer"] == me,
        info["phase"] == 2,
        info["closed_by"] is not None,
        info["closed_by"] == me,
        info["pending_draw"],
        info["must_lead"] is not None,
        info["variant"] == "sixtysix",
        info["rules"]["marriage_by_lead"],
        "scores" in info,
    ]
    obs[228:240] = flags
    counts = [
        info["talon_left"],
        info["draw_left"],
        info["taken"][me],
        info["taken"][them],
        info["tricks_won"][me],
        info["tricks_won"][them],
        info["counts"][me],
        info["counts"][them],
        pending[me],
        pending[them],
        close[me]["points"] if close else 0,
        close[them]["points"] if close else 0,
        close[me]["tricks"] if close else 0,
        close[them]["tricks"] if close else 0,
        info["to_win"][me] if "to_win" in info else 0,
        info["to_win"][them] if "to_win" in info else 0,
    ]
    obs[240:256] = counts
    return obs


def durak_obs(info: dict[str, Any]) -> npt.NDArray[np.uint8]:
    """The raw (uint8) Durak observation, from ``info`` alone."""
    me = info["seat"]
    bout = info["bout"]
    pairs = bout["pairs"] if bout else []
    attacks = [p["attack"] for p in pairs]
    beats = [p["beat"] for p in pairs if p["beat"] is not None]
    to_beat = [bout["unbeaten"]] if bout and not bout["taken"] and bout["unbeaten"] else []
    under = [info["trump_card"]] if info["talon"] > 0 else []
    planes = [
        info["hand"],
        info["known"],
        info["unseen"],
        info["discarded"],
        attacks,
        beats,
        to_beat,
        under,
    ]
    obs = np.concatenate([_plane(p, 36) for p in planes] + [np.zeros(16, np.uint8)])
    obs[288 + SUITS.index(info["trump"])] = 1
    obs[292:298] = [
        info["turn"] == me,
        bout is not None and bout["attacker"] == me,
        info["phase"] == "attack",
        info["phase"] == "defend",
        info["phase"] == "pile_on",
        info["swap"],
    ]
    obs[298:304] = [
        info["talon"],
        info["discard"],
        info["counts"][me],
        info["counts"][3 - me],
        bout["cap"] if bout else 0,
        bout["size"] if bout else 0,
    ]
    return obs


def obs_from_info(game: Any, seat: Any) -> npt.NDArray[np.uint8]:
    info = info_of(game, seat)
    return durak_obs(info) if isinstance(game, durak.Game) else schnapsen_obs(info)


def spiel_play(game: Any, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    """One OpenSpiel game played out: chance by its own probabilities, each
    player by its bot (``bot.step(state)``); the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())
