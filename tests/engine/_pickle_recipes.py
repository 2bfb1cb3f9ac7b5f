"""An instance of every public class, and what its state is, for the pickling test.

tests/engine/test_pickle_every_class.py walks the packages for the classes and runs
this module as a child process (``python tests/engine/_pickle_recipes.py NAME ...``),
so a pickle that aborts the interpreter fails a test instead of ending the
run. Each :class:`Recipe` makes a fresh instance and says what it promises:
``"same"`` (it round-trips under every protocol) or ``"refused"`` (pickling
raises an ordinary exception, say for a live socket or thread), and whether
``copy.copy`` and ``copy.deepcopy`` are promised too.

``state(obj)`` says what the object is and, where it has a future, plays it
on (draws from a stream, steps an env, applies a move): the copy's state is
taken first and the original's after, so a copy that shared anything with
its original (an engine, a stream, an array) shows a different future.

The child prints ``START name how`` before each attempt and ``RESULT name
how outcome`` after it, one line each, flushed, so the parent knows which
attempt a dying process was in. ``how`` is a protocol 0..5, ``copy`` or
``deepcopy``.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import os
import pickle
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

SEED = bytes(range(32))


@dataclass(frozen=True)
class Recipe:
    make: Callable[[], Any]
    state: Callable[[Any], Any]
    promise: str = "same"  # "same", "refused", or "either" (all the one or all the other)
    copies: bool = False  # copy.copy and copy.deepcopy are promised


# ---- states


def plain(obj: Any) -> Any:
    """The state of a plain value object: its fields, or its attributes."""
    if dataclasses.is_dataclass(obj):
        return (type(obj), dataclasses.astuple(obj))
    return (type(obj), sorted(vars(obj).items()))


def exception(exc: BaseException) -> Any:
    """An exception's type, arguments, text and the attributes it carries."""
    extra = {k: v for k, v in vars(exc).items() if not k.startswith("__")}
    return (type(exc), exc.args, str(exc), sorted(extra.items(), key=repr))


def played(table: Any, moves: int = 6) -> Any:
    """A game's log and views, then the same after ``moves`` more moves (the first legal each)."""
    seen = []
    for _ in range(moves + 1):
        seen.append((table.to_log(), table.over, table.turn))
        if table.over:
            break
        table.apply(table.turn, table.legal(table.turn)[0])
    return seen


def bot(b: Any) -> Any:
    return (type(b), b.level, b.seed)


def expert(e: Any) -> Any:
    return (type(e), e.samples, e.budget, e.seed)


def stream(s: Any) -> Any:
    return [s.below(1000) for _ in range(16)]


def arrays(values: Any) -> Any:
    return [listed(v) for v in values]


def listed(value: Any) -> Any:
    """An observation (an array, or a dict of arrays) as plain lists."""
    if isinstance(value, dict):
        return {k: listed(v) for k, v in sorted(value.items())}
    return np.asarray(value).tolist()


def vector_env(env: Any) -> Any:
    seen = [env.seed, env.episodes.tolist()]
    first = env.reset()
    seen.append(arrays(first))
    mask = first.mask
    for _ in range(5):
        out = env.step(mask.argmax(axis=1))
        seen.append(arrays(out))
        mask = out.mask
    return seen


def core_vector_env_state(env: Any) -> Any:
    seen = [env.episodes.tolist()]
    first = env.reset()
    seen.append(arrays(first))
    mask = first[1]
    for _ in range(5):
        out = env.step(mask.argmax(axis=1))
        seen.append(arrays(out))
        mask = out[1]
    return seen


def gym_env(env: Any) -> Any:
    inner = env.unwrapped
    seen: list[Any] = [inner.episode, inner.seed_bytes, inner.table().to_log()]
    for _ in range(40):
        if inner._single.over:
            obs, info = env.reset()
            seen.append(("reset", inner.episode, listed(obs)))
            continue
        action = int(inner.action_masks().argmax())
        obs, reward, terminated, _, info = env.step(action)
        seen.append((listed(obs), reward, terminated, info["action_mask"].tolist()))
    seen.append((inner.episode, inner.np_random.integers(1 << 30)))
    return seen


def gym_vector_env(env: Any) -> Any:
    seen = []
    mask = env.unwrapped.batch.reset().mask  # the episodes in play go on
    for _ in range(5):
        obs, rewards, terminated, _, infos = env.step(infos_mask(mask))
        seen.append(arrays((obs, rewards, terminated, infos["action_mask"])))
        mask = infos["action_mask"]
    return seen


def infos_mask(mask: Any) -> Any:
    return np.asarray(mask).argmax(axis=1)


def aec_env(env: Any) -> Any:
    seen: list[Any] = [env.unwrapped.table().to_log()]
    for _ in range(30):
        obs, reward, terminated, truncated, _ = env.last()
        seen.append((env.agent_selection, obs["observation"].tolist(), reward, terminated))
        env.step(None if terminated or truncated else int(obs["action_mask"].argmax()))
        if not env.agents:
            env.reset()
    return seen


def spiel_state(state: Any) -> Any:
    seen = []
    for _ in range(4):
        seen.append(
            (
                str(state),
                state.history(),
                state.move_number(),
                state.legal_actions(),
                state.observation_tensor(0),
                state.information_state_string(1),
            )
        )
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    return seen


def spiel_game(game: Any) -> Any:
    return (type(game), str(game), game.max_game_length(), spiel_state(game.new_initial_state()))


def observer(obs: Any) -> Any:
    """What the observer writes of a dealt game: its tensor and the named views of it."""
    state = obs.game.new_initial_state()
    while state.is_chance_node():  # a fixed deal: the k-th card left at node k, wrapped
        state.apply_action(len(state.history()) % len(state.chance_outcomes()))
    obs.set_from(state, 0)
    parts = {name: view.tolist() for name, view in obs.dict.items()}
    return (type(obs), obs.perfect_recall, str(obs.game), obs.tensor.tolist(), parts)


def simulation(sim: Any) -> Any:
    return (repr(sim), sim.summary(), {k: v.tolist() for k, v in sim.columns.items()})


# ---- makers


def deal_in_play(impl: Any) -> Any:
    table = impl.Deal.build(variant="sixtysix", seed=SEED)
    table.apply(table.turn, table.legal(table.turn)[-1])
    return table


def match_in_play(impl: Any) -> Any:
    table = impl.Match.build(variant="schnapsen", seed=SEED)
    for _ in range(3):
        table.apply(table.turn, table.legal(table.turn)[0])
    return table


def durak_in_play(impl: Any) -> Any:
    table = impl.Game.build(seed=SEED, number=2)
    for _ in range(5):
        table.apply(table.turn, table.legal(table.turn)[0])
    return table


def stream_in_play() -> Any:
    from trumpf import _core

    s = _core.sim.Stream(SEED, 7, 1)
    for n in (3, 100, 2**31):
        s.below(n)
    return s


def core_vector_env() -> Any:
    from trumpf import _core

    env = _core.rl.VectorEnv("durak", 2, SEED, "random")
    env.reset()
    return env


def sb3_env() -> Any:
    from trumpf.rl.sb3 import TrumpfVecEnv

    env = TrumpfVecEnv("schnapsen", 3, opponent="bot1")
    env.seed(7)
    return env


def sb3_env_state(env: Any) -> Any:
    seen = [env.reset().tolist()]
    for _ in range(5):
        obs, rewards, dones, _ = env.step(env.action_masks().argmax(axis=1))
        seen.append([obs.tolist(), rewards.tolist(), dones.tolist()])
    return seen


def pg_append() -> Any:
    import asyncio

    from trumpf.serve.pgbatch import Append

    # A move waiting for the writer holds the future its caller awaits.
    return Append("t", 0, ["{}"], False, None, asyncio.new_event_loop().create_future())


def python_vector_env() -> Any:
    from trumpf import rl

    env = rl.VectorEnv("schnapsen", 3, seed=SEED, opponent="bot1")
    env.reset()
    return env


def reset_tuple() -> Any:
    from trumpf import rl

    return rl.VectorEnv("durak", 2, seed=SEED).reset()


def step_tuple() -> Any:
    from trumpf import rl

    env = rl.VectorEnv("sixtysix", 2, seed=SEED)
    return env.step(env.reset().mask.argmax(axis=1))


def gym_env_in_play(dict_obs: bool = False) -> Any:
    from trumpf.rl import gymnasium as tgym

    env = tgym.TrumpfEnv("schnapsen", opponent="bot1", dict_obs=dict_obs)
    env.reset(seed=5)
    for _ in range(2):
        env.step(int(env.action_masks().argmax()))
    return env


def gym_env_ended() -> Any:
    """A Durak env whose episode has just ended (the next one waits in the batch)."""
    from trumpf.rl import gymnasium as tgym

    env = tgym.TrumpfEnv("durak", opponent="random")
    env.reset(seed=1)
    while not env.step(int(env.action_masks().argmax()))[2]:
        pass
    return env


def gym_made() -> Any:
    import gymnasium as gym

    import trumpf.rl.gymnasium  # noqa: F401 - registers the ids

    env = gym.make("trumpf/Durak-v0", opponent="random")
    env.reset(seed=3)
    env.step(int(env.unwrapped.action_masks().argmax()))
    return env


def gym_vector_in_play() -> Any:
    from trumpf.rl import gymnasium as tgym

    env = tgym.TrumpfVectorEnv("sixtysix", num_envs=3, opponent="bot2")
    _, infos = env.reset(seed=4)
    env.step(infos_mask(infos["action_mask"]))
    return env


def aec_in_play(wrapped: bool) -> Any:
    from trumpf.rl import pettingzoo as tpz

    env = tpz.env(game="durak") if wrapped else tpz.raw_env(game="schnapsen-match")
    env.reset(seed=2)
    for _ in range(3):
        obs = env.observe(env.agent_selection)
        env.step(int(obs["action_mask"].argmax()))
    return env


def aec_ended() -> Any:
    """A Sixty-Six deal played to its end, its agents not yet stepped off."""
    from trumpf.rl import pettingzoo as tpz

    env = tpz.raw_env(game="sixtysix")
    env.reset(seed=6)
    while not all(env.terminations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(obs["action_mask"].argmax()))
    return env


def spiel_game_named(name: str) -> Any:
    import pyspiel

    import trumpf.rl.openspiel  # noqa: F401 - registers the games

    return pyspiel.load_game(name)


def spiel_state_in_play() -> Any:
    state = spiel_game_named("trumpf_schnapsen(match=True)").new_initial_state()
    state.apply_action(1)
    for byte in SEED:
        state.apply_action(byte)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    return state


def spiel_observer() -> Any:
    return spiel_game_named("trumpf_durak").make_py_observer()


def a_simulation() -> Any:
    import trumpf

    return trumpf.simulate("durak", games=6, players=("random", "bot1"), seed=SEED, threads=1)


def interrupted() -> Any:
    from trumpf.simulation import SimulationInterrupted

    return SimulationInterrupted(a_simulation())


def counts() -> Any:
    sim = a_simulation()
    from trumpf.simulation._summary import Counts

    return Counts.of(sim.columns, sim.endings)


def terminal() -> Any:
    from trumpf.play.terminal import Options, Terminal

    return Terminal(io.StringIO(), io.StringIO(), Options())


def play_table(kind: str) -> Any:
    import trumpf.durak as durak
    import trumpf.schnapsen as schnapsen
    from trumpf.play.durak import DurakTable
    from trumpf.play.schnapsen import SchnapsenTable

    kw = {"mode": "bot", "level": 2, "seed": SEED, "save": None, "delay": 0.0}
    if kind == "durak":
        return DurakTable(durak, terminal(), seat=1, **kw)
    return SchnapsenTable(schnapsen, terminal(), "schnapsen", seat="p1", **kw)


def expert_bot() -> Any:
    import trumpf.schnapsen as schnapsen
    from trumpf.play.expert import ExpertBot

    return ExpertBot(schnapsen, SEED)


def store() -> Any:
    from trumpf.serve.store import SqliteStore

    return SqliteStore(os.path.join(tempfile.mkdtemp(), "serve.db"))


def server() -> Any:
    from trumpf.serve.app import Server
    from trumpf.serve.limits import Limits

    return Server(os.path.join(tempfile.mkdtemp(), "serve.db"), Limits())


def serve_play() -> Any:
    import trumpf.durak as durak
    from trumpf.serve.games import Play

    return Play(durak_in_play(durak))


def serve_table() -> Any:
    from trumpf.serve.tables import Table

    seats: dict[str, tuple[bytes | None, bytes | None]] = {"1": (b"t" * 32, None)}
    return Table(
        "t1",
        serve_play(),
        opponent="bot",
        bot_seat=2,
        bot_level=1,
        seats=seats,
        saved=0,
        store=store(),
        bot_secret=b"s" * 32,
    )


def connection() -> Any:
    from starlette.websockets import WebSocket

    from trumpf.serve.ws import Connection

    async def receive() -> Any:
        return {"type": "websocket.connect"}

    async def send(message: Any) -> None:
        pass

    socket = WebSocket({"type": "websocket", "path": "/ws", "headers": []}, receive, send)
    return Connection(socket, server())


def parser() -> Any:
    from trumpf import cli

    return cli._parser()


def _imp(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(__import__(module, fromlist=[name]), name)


def _core_or_oracle(kind: str) -> dict[str, Recipe]:
    """Deal, Match, Game, both Bots and Experts, of the core and of the oracle."""
    import trumpf.durak as durak
    import trumpf.reference.durak as rdurak
    import trumpf.reference.schnapsen as rschnapsen
    import trumpf.schnapsen as schnapsen

    s, d = (schnapsen, durak) if kind == "core" else (rschnapsen, rdurak)
    prefix = "" if kind == "core" else f"{kind}:"
    return {
        f"{prefix}Deal": Recipe(lambda: deal_in_play(s), played, copies=True),
        f"{prefix}Match": Recipe(lambda: match_in_play(s), played, copies=True),
        f"{prefix}Game": Recipe(lambda: durak_in_play(d), played, copies=True),
        f"{prefix}schnapsen.Bot": Recipe(lambda: s.Bot(level=2, seed="x"), bot),
        f"{prefix}durak.Bot": Recipe(lambda: d.Bot(level=1, seed="y"), bot),
        f"{prefix}schnapsen.Expert": Recipe(lambda: s.Expert(8, 500, 3), expert),
        f"{prefix}durak.Expert": Recipe(lambda: d.Expert(samples=4, budget=900, seed=5), expert),
    }


def witness_plan() -> Any:
    """One deal of an oracle witness: the pack in order and one move on it."""
    plan = _imp("trumpf.reference.schnapsen.witness_deal.DealPlan")
    return plan("p1", 1, list(range(20)), [("p2", {"kind": "play", "card": "QH"})])


def witness_course() -> Any:
    """What an oracle witness reads off an info: the course of a fresh deal."""
    deal = _imp("trumpf.schnapsen.Deal").build(variant="schnapsen", seed=bytes(32))
    return _imp("trumpf.reference.schnapsen.witness_course.course_of")(deal.info(deal.turn))


def durak_seat_plan() -> Any:
    """One seat's draws in a Durak witness search: the deal's six cards, all held."""
    plan = _imp("trumpf.reference.durak.witness_deal.SeatPlan")
    never = _imp("trumpf.reference.durak.witness_deal.NEVER")
    return plan(((-3, 6),), tuple((c, never) for c in range(1, 7)), (), (), 0, (-1,) * 37)


def durak_told() -> Any:
    """A Durak info as the oracle's witness search reads it: the first attack's turn."""
    told = _imp("trumpf.reference.durak.witness_history.Told")
    hand = sum(1 << c for c in range(1, 7))
    unseen = sum(1 << c for c in range(7, 36))
    return told(1, 0, "C", 36, 24, 0, hand, (6, 6), False, 1, 6, False, (), (), (), 0, unseen)


def durak_history() -> Any:
    """A Durak history with one attack on the table."""
    history = _imp("trumpf.reference.durak.witness_history")
    bout = history.Bout(1, 6, [5], [])
    return history.History([5, 6], 24, 0, [bout], [history.Step("play", 1, 5, True)], {5: 0})


def recipes() -> dict[str, Recipe]:
    """Every recipe by name."""
    from trumpf.errors import CODES, Error

    out = {**_core_or_oracle("core"), **_core_or_oracle("oracle")}
    limits = _imp("trumpf.serve.limits")
    protocol = _imp("trumpf.serve.protocol")
    out.update(
        {
            "Stream": Recipe(stream_in_play, stream, copies=True),
            "core VectorEnv": Recipe(core_vector_env, core_vector_env_state, "either"),
            "VectorEnv": Recipe(python_vector_env, vector_env, copies=True),
            "TrumpfVecEnv": Recipe(sb3_env, sb3_env_state),
            "Reset": Recipe(reset_tuple, arrays),
            "Step": Recipe(step_tuple, arrays),
            "TrumpfEnv": Recipe(gym_env_in_play, gym_env),
            "TrumpfEnv dict_obs": Recipe(lambda: gym_env_in_play(True), gym_env),
            "TrumpfEnv ended": Recipe(gym_env_ended, gym_env),
            "gym.make": Recipe(gym_made, gym_env),
            "TrumpfVectorEnv": Recipe(gym_vector_in_play, gym_vector_env),
            "raw_env": Recipe(lambda: aec_in_play(False), aec_env),
            "raw_env ended": Recipe(aec_ended, aec_env),
            "pettingzoo.env": Recipe(lambda: aec_in_play(True), aec_env),
            "SchnapsenGame": Recipe(
                lambda: spiel_game_named("trumpf_schnapsen(rules=schnapsen-tjger)"), spiel_game
            ),
            "SixtySixGame": Recipe(
                lambda: spiel_game_named("trumpf_sixtysix(match=True,dealer=p2)"), spiel_game
            ),
            "DurakGame": Recipe(lambda: spiel_game_named("trumpf_durak"), spiel_game),
            "TrumpfState": Recipe(spiel_state_in_play, spiel_state, copies=True),
            "TrumpfObserver": Recipe(spiel_observer, observer),
            "OpenSpielError": Recipe(
                lambda: _imp("trumpf.rl.openspiel.OpenSpielError")("bad_history", "no"), exception
            ),
            "Simulation": Recipe(a_simulation, simulation),
            "Counts": Recipe(counts, plain),
            "Summary": Recipe(lambda: a_simulation().summary(), plain),
            "Error": Recipe(lambda: Error("bad_seat", "no such seat"), exception),
            "Code": Recipe(lambda: CODES["busy"], lambda code: (type(code), tuple(code))),
            "SimulationError": Recipe(
                lambda: _imp("trumpf.simulation.SimulationError")("a bad run"), exception
            ),
            "ClusterError": Recipe(
                lambda: _imp("trumpf.simulation.ClusterError")("no cluster"), exception
            ),
            "SimulationInterrupted": Recipe(
                interrupted, lambda e: (exception(e)[:3], simulation(e.partial))
            ),
            "LogError": Recipe(lambda: _imp("trumpf.play.replay.LogError")("no log"), exception),
            "Refused": Recipe(
                lambda: _imp("trumpf.serve.games.Refused")("not_legal", "no"), exception
            ),
            "MessageError": Recipe(
                lambda: limits.MessageError("bad_message", "too deep"), exception
            ),
            "Limits": Recipe(limits.Limits, plain),
            "Bucket": Recipe(lambda: limits.Bucket(2.0, 5.0), plain),
            "Buckets": Recipe(lambda: limits.Buckets(2.0, 5.0), plain),
            "Hello": Recipe(lambda: protocol.Hello("token"), plain),
            "Move": Recipe(lambda: protocol.Move({"kind": "take"}, 3, 1), plain),
            "Sync": Recipe(protocol.Sync, plain),
            "Ping": Recipe(protocol.Ping, plain),
            "Created": Recipe(lambda: _imp("trumpf.serve.lobby.Created")("t", 1, "k", None), plain),
            "StoredTable": Recipe(
                lambda: _imp("trumpf.serve.storage.StoredTable")(
                    "t", {"game": "durak"}, "bot", "2", 1, False, {"1": (b"h", None)}, []
                ),
                plain,
            ),
            "Seat": Recipe(lambda: _imp("trumpf.serve.client.Seat")("t", "k", 1), plain),
            "client.Table": Recipe(
                lambda: _imp("trumpf.serve.client.Table")(
                    "t", {"game": "durak"}, [_imp("trumpf.serve.client.Seat")("t", "k", 1)]
                ),
                plain,
            ),
            "serve.Play": Recipe(serve_play, lambda p: played(p.engine)),
            "Store": Recipe(store, lambda s: None, promise="refused"),
            "Since": Recipe(
                lambda: _imp("trumpf.serve.storage.Since")([{"seat": "1"}], {"1": (b"h", None)}),
                plain,
            ),
            "Conflict": Recipe(lambda: _imp("trumpf.serve.storage.Conflict")("t"), exception),
            "Append": Recipe(pg_append, lambda a: None, promise="refused"),
            # The writer holds its pool's connection factory.
            "Appender": Recipe(
                lambda: _imp("trumpf.serve.pgbatch.Appender")(lambda: None, "c", lambda: None),
                lambda a: None,
                promise="refused",
            ),
            # Not started: a URL and counters, no connection yet.
            "PgStore": Recipe(
                lambda: _imp("trumpf.serve.pgstore.PgStore")("postgresql://u@localhost/db"),
                lambda s: (s.url, s.pool_size, s.moves),
            ),
            "Server": Recipe(server, lambda s: (s.db_path, s.limits, s.store, s.lobby)),
            "Lobby": Recipe(
                lambda: _imp("trumpf.serve.lobby.Lobby")(store()), lambda s: None, "refused"
            ),
            "serve.Table": Recipe(serve_table, lambda s: None, promise="refused"),
            "Connection": Recipe(connection, lambda s: None, promise="refused"),
            "Guard": Recipe(
                lambda: _imp("trumpf.serve.guard.Guard")(print, ["https://a.example"]),
                lambda g: (g.app, sorted(g.allowed)),
            ),
            "Command": Recipe(
                lambda: _imp("trumpf.play.parse.Command")("move", {"kind": "take"}), plain
            ),
            "Options": Recipe(_imp("trumpf.play.terminal.Options"), plain),
            "Terminal": Recipe(terminal, lambda t: None, promise="refused"),
            "DurakTable": Recipe(lambda: play_table("durak"), lambda t: None, "refused"),
            "SchnapsenTable": Recipe(lambda: play_table("schnapsen"), lambda t: None, "refused"),
            "ExpertBot": Recipe(expert_bot, plain),
            "Parser": Recipe(parser, lambda p: None, promise="refused"),
            "ExpertOptions": Recipe(
                lambda: _imp("trumpf.reference._expert.ExpertOptions")(8, 100, 1), plain
            ),
            "tables.Game": Recipe(lambda: _imp("trumpf.tables.GAMES")["durak"], tuple),
            "tables.Player": Recipe(lambda: _imp("trumpf.tables.PLAYERS")["expert"], tuple),
            "tables.Limit": Recipe(lambda: _imp("trumpf.tables.LIMITS")["max_games"], tuple),
            "tables.HouseRule": Recipe(
                lambda: _imp("trumpf.tables.HOUSE_RULES")["close_min_stock"], tuple
            ),
            "serve.Sockets": Recipe(lambda: limits.Sockets(limits.Limits()), plain),
            "rl.LayoutRow": Recipe(lambda: _imp("trumpf.rl.OBS_LAYOUT")["durak"][0], tuple),
            "DealPlan": Recipe(witness_plan, plain),
            "Course": Recipe(witness_course, plain),
            "Witness": Recipe(
                lambda: _imp("trumpf.reference.schnapsen.witness.Witness")(
                    {"variant": "schnapsen"}, [witness_plan()], False
                ),
                plain,
            ),
            "Played": Recipe(
                lambda: _imp("trumpf.reference.schnapsen.witness_match.Played")(
                    tuple(range(20)), (("p2", (("kind", "play"), ("card", "QH"))),), "p1", 2
                ),
                plain,
            ),
            "durak Witness": Recipe(
                lambda: _imp("trumpf.reference.durak.witness.Witness")(
                    tuple(range(1, 37)), ({"seat": 1, "kind": "attack", "card": 5},)
                ),
                plain,
            ),
            "durak SeatPlan": Recipe(durak_seat_plan, plain),
            "durak Told": Recipe(durak_told, plain),
            "durak History": Recipe(durak_history, plain),
            "durak Step": Recipe(
                lambda: _imp("trumpf.reference.durak.witness_history.Step")("play", 1, 5, True),
                plain,
            ),
            "durak Bout": Recipe(
                lambda: _imp("trumpf.reference.durak.witness_history.Bout")(1, 6, [5], []), plain
            ),
            "TooInvolved": Recipe(
                lambda: _imp("trumpf.reference.durak.witness_history.TooInvolved")("too many"),
                exception,
            ),
        }
    )
    return out


# ---- the child


def attempt(name: str, recipe: Recipe, how: str) -> str:
    """One round trip of a fresh instance; what came of it."""
    original = recipe.make()
    try:
        if how == "copy":
            twin = copy.copy(original)
        elif how == "deepcopy":
            twin = copy.deepcopy(original)
        else:
            twin = pickle.loads(pickle.dumps(original, protocol=int(how)))
    except Exception as exc:
        return f"refused {type(exc).__name__}: {str(exc)[:120]}"
    if type(twin) is not type(original):
        return f"changed type to {type(twin).__name__}"
    try:
        theirs = recipe.state(twin)
        ours = recipe.state(original)
        alike = bool(theirs == ours)
    except Exception:
        return "broken " + traceback.format_exc(limit=3).replace("\n", " | ")[-300:]
    return "same" if alike else "differs"


def hows(recipe: Recipe) -> list[str]:
    """The attempts a recipe makes: every pickle protocol, and the copies it promises."""
    out = [str(p) for p in range(pickle.HIGHEST_PROTOCOL + 1)]
    return out + (["copy", "deepcopy"] if recipe.copies else [])


def main(attempts: list[str]) -> None:
    """Runs each ``name=how`` attempt in turn."""
    table = recipes()
    for item in attempts:
        name, how = item.rsplit("=", 1)
        print(f"START {name}\t{how}", flush=True)
        print(f"RESULT {name}\t{how}\t{attempt(name, table[name], how)}", flush=True)


def public_classes() -> dict[str, type]:
    """Every class a public name of trumpf reaches, by ``module.qualname``: the
    modules found by walking the packages (a private module's classes count
    where a public one imports them), and the compiled ``trumpf._core``."""
    import importlib
    import inspect
    import pkgutil
    import typing

    import trumpf

    found: dict[str, type] = {}
    names = ["trumpf"] + [m.name for m in pkgutil.walk_packages(trumpf.__path__, "trumpf.")]
    for name in names:
        parts = name.split(".")
        if parts[-1] == "__main__" or any(p.startswith("_") and p != "_core" for p in parts):
            continue
        module = importlib.import_module(name)
        for attr, obj in vars(module).items():
            if attr.startswith("_") or not inspect.isclass(obj):
                continue
            if not obj.__module__.startswith("trumpf"):
                continue
            # A TypedDict is a dict and a Protocol a type hint: neither has instances of its own.
            if typing.is_typeddict(obj) or getattr(obj, "_is_protocol", False):
                continue
            found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return found


def covered() -> None:
    """Each public class and the recipes whose instance is one of it."""
    made = {name: r.make() for name, r in recipes().items()}
    for path, cls in sorted(public_classes().items()):
        hits = [name for name, obj in made.items() if isinstance(obj, cls)]
        print(f"COVERED {path}\t{','.join(hits)}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--covered"]:
        covered()
    else:
        main(sys.argv[1:])
