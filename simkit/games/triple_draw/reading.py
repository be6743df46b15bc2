"""Reading the draws (tip T4): what the cards a player drew say about the hand it ends with,
in fields whose standing-pat rules differ, and what acting on it is worth in chips.

- :func:`draw_posterior`: full games of one field; for every player still in at the showdown,
  by draw and cards drawn, the share that finished 8-low and 10-low or better and its share of
  the pot (the posterior of the final hand given the draw seen).
- :func:`paired_compare`: one seat played by two player specs on the same deals, hand by hand
  (each hand's random stream is replayed for both), so the difference has a small standard
  error: the value of one betting parameter, such as ``P_PAT`` (how much a player discounts
  its hand per opponent who stood pat), which is the reading of the draws in chips.

A field's draw rule may be a preset of :data:`.strategies.DRAW_PRESETS` or a preset with new
standing-pat tops, ``("rule", {"pat": ("K", "K", "K")})`` (stand pat on any no-pair hand K-high
or better, a draw in all but name): :data:`PAT_RULES` names those the report uses.

>>> t = draw_posterior(["tight"] * 3, hands=2000, seed=1, quiet=True)
>>> sorted(t.columns)[:4]
['cards_drawn', 'draw', 'p_10_low', 'p_8_low']
>>> c = paired_compare(["tight", "tight", "tight"], 0, "tight:P_PAT=0", hands=2000, seed=1, quiet=True)
>>> bool(abs(c["diff"]) < 1.0), c["hands"]
(True, 2000)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ...jit import njit
from ...memory import private_zeros
from ...rng import SeedLike, next_u64, stream_state
from ...runner import run, stats
from ..table import TABLE_DEALER, TABLE_IN, TABLE_SEATS, TABLE_STACK, new_table, next_dealer
from .engine import REC_SIZE, _new_work, _play_batch, _play_one
from .jobs import game_tuple, seat_players
from .rules import Rules, target_threshold
from .strategies import draw_table

__all__ = ["PAT_RULES", "draw_posterior", "paired_compare"]

#: Standing-pat rules of the fields of T4 (draw specs of :func:`.strategies.draw_table`).
PAT_RULES: dict[str, Any] = {
    "made 10-low (rule)": "rule",
    "table (rank model)": "table",
    "made 8-low (table7)": "table7",
    "any K-high no pair": ("rule", {"pat": ("K", "K", "K")}),
}


def _freeze(spec):
    if spec is None or isinstance(spec, str):
        return spec
    name, over = spec
    return (name, tuple((k, tuple(v)) for k, v in dict(over).items()))


def _thaw(spec):
    if spec is None or isinstance(spec, str):
        return spec
    name, over = spec
    return (name, {k: tuple(v) for k, v in over})


def _game(players: tuple, draws: tuple, rules: Rules) -> tuple:
    """The engine's game tuple, the draw rule of a seat replaced where ``draws`` gives one."""
    game = game_tuple(list(players), rules)
    if not any(d is not None for d in draws):
        return game
    kinds, params = game[3].copy(), game[4].copy()
    for s, d in enumerate(draws):
        if d is not None:
            k, p = draw_table([_thaw(d)], rules.family)
            kinds[s], params[s] = k[0], p[0]
    return game[:3] + (kinds, params) + game[5:]


@dataclass(frozen=True)
class PosteriorJob:
    """Full games of ``players`` (seat draw rules replaced by ``draws``); totals the engine's
    draw statistics (``dstats``, :func:`.engine._play_batch`)."""

    players: tuple
    draws: tuple
    rules: Rules = field(default_factory=Rules)
    name: str = "triple_draw_draw_posterior"

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, Any]:
        n = len(self.players)
        rules = self.rules
        fam = rules.family
        thr = np.array(
            [
                target_threshold("8" if fam == "deuce_to_seven" else "7", fam),
                target_threshold("10" if fam == "deuce_to_seven" else "9", fam),
            ],
            dtype=np.int64,
        )
        st = np.full(n, rules.stacks, dtype=np.int64)
        dstats = private_zeros((3, 6, 4))
        flags = private_zeros(3, np.int64)
        _play_batch(
            new_table(st),
            _game(self.players, self.draws, rules),
            stream_state(seed),
            _new_work(n, rules.draws, 0),
            np.zeros(REC_SIZE, dtype=np.int64),
            st,
            trials,
            private_zeros(n),
            private_zeros(n),
            np.zeros((0, n), dtype=np.int64),
            dstats,
            thr,
            np.zeros((0, n, rules.draws + 1, 5), dtype=np.int64),
            np.zeros((0, rules.draws, n), dtype=np.int64),
            flags,
        )
        if flags[0] or flags[1]:  # pragma: no cover - must never happen
            raise RuntimeError("hands lost chips or chose illegal actions")
        return {"dstats": dstats.ravel()}


def _draw_specs(players, draws) -> tuple:
    if draws is None:
        return (None,) * len(players)
    one = isinstance(draws, str) or (
        isinstance(draws, tuple) and len(draws) == 2 and isinstance(draws[1], dict)
    )
    d = [draws] * len(players) if one else list(draws)
    if len(d) != len(players):
        raise ValueError(f"{len(d)} draw rules for {len(players)} seats")
    for x in d:
        if x is not None:
            draw_table([x])  # names checked before any work
    return tuple(_freeze(x) for x in d)


def draw_posterior(
    players,
    draws=None,
    *,
    rules: Rules | None = None,
    hands: int = 100_000,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """The final hands of players still in at the showdown by draw (1-3) and cards drawn
    there, in full games of ``players`` (one spec per seat) whose draw rules ``draws`` replace
    (one draw spec for every seat, or one per seat, ``None`` keeping the player's own).

    Returns one row per (draw, cards drawn) seen: ``players`` (count), ``p_8_low`` and
    ``p_10_low`` (shares that finished so or better) with binomial ``se_8`` and ``se_10``, and
    ``pot_share`` (mean share of the pot won) with ``se_share`` (bounded by the binomial, the
    share lying in [0, 1]).
    """
    seats = seat_players(list(players))
    rules = rules or Rules()
    job = PosteriorJob(seats, _draw_specs(seats, draws), rules)
    _game(job.players, job.draws, rules)  # specs checked before any work
    ds = run(job, hands, seed=seed, **run_options)["dstats"].reshape(3, 6, 4)
    rows = []
    for d in range(3):
        for c in range(6):
            n = ds[d, c, 0]
            if n > 0:
                p8, p10, sh = ds[d, c, 1] / n, ds[d, c, 2] / n, ds[d, c, 3] / n
                rows.append(
                    {
                        "draw": d + 1,
                        "cards_drawn": c,
                        "players": int(n),
                        "p_8_low": p8,
                        "se_8": float(np.sqrt(p8 * (1 - p8) / n)),
                        "p_10_low": p10,
                        "se_10": float(np.sqrt(p10 * (1 - p10) / n)),
                        "pot_share": sh,
                        "se_share": float(np.sqrt(max(sh * (1 - sh), 0.0) / n)),
                    }
                )
    return pd.DataFrame(rows)


@njit(cache=True)
def _one_hand(table, game, hand_rng, rng, work, record, stacks, seat, flags):
    """Play one hand from ``stacks`` on a copy of ``hand_rng``; seat ``seat``'s result."""
    n = table[TABLE_SEATS]
    for j in range(4):
        rng[j] = hand_rng[j]
    before = 0
    for s in range(n):
        table[TABLE_STACK + s] = stacks[s]
        table[TABLE_IN + s] = 1 if stacks[s] > 0 else 0
        before += stacks[s]
    if _play_one(table, game, rng, work, record) < 0:
        flags[1] += 1
    after = 0
    for s in range(n):
        after += table[TABLE_STACK + s]
    if after != before:
        flags[0] += 1
    return table[TABLE_STACK + seat] - stacks[seat]


@njit(cache=True, nogil=True)
def _paired_batch(table, game_a, game_b, rng, work, record, stacks, n_hands, seat, out, flags):
    """``n_hands`` hands, each played under ``game_a`` and ``game_b`` from the same random
    stream; ``out``: sums of seat ``seat``'s chips a, a², b, b², b - a, (b - a)²."""
    hand_rng = np.zeros(4, dtype=np.uint64)
    scratch = np.zeros(4, dtype=np.uint64)
    for _ in range(n_hands):
        for j in range(4):
            hand_rng[j] = next_u64(rng)
        if hand_rng[0] == 0 and hand_rng[1] == 0 and hand_rng[2] == 0 and hand_rng[3] == 0:
            hand_rng[0] = np.uint64(0x9E3779B97F4A7C15)  # pragma: no cover - astronomically rare
        dealer = table[TABLE_DEALER]
        a = _one_hand(table, game_a, hand_rng, scratch, work, record, stacks, seat, flags)
        table[TABLE_DEALER] = dealer
        b = _one_hand(table, game_b, hand_rng, scratch, work, record, stacks, seat, flags)
        table[TABLE_DEALER] = dealer
        out[0] += a
        out[1] += a * a
        out[2] += b
        out[3] += b * b
        out[4] += b - a
        out[5] += (b - a) * (b - a)
        for s in range(table[TABLE_SEATS]):
            table[TABLE_IN + s] = 1
        next_dealer(table)


@dataclass(frozen=True)
class PairedJob:
    """Seat ``seat`` played by ``players[seat]`` and by ``other`` on the same deals."""

    players: tuple
    other: Any
    seat: int
    draws: tuple
    rules: Rules = field(default_factory=Rules)
    name: str = "triple_draw_paired"

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, Any]:
        n = len(self.players)
        alt = list(self.players)
        alt[self.seat] = self.other
        st = np.full(n, self.rules.stacks, dtype=np.int64)
        out = private_zeros(6)
        flags = private_zeros(3, np.int64)
        _paired_batch(
            new_table(st),
            _game(self.players, self.draws, self.rules),
            _game(tuple(alt), self.draws, self.rules),
            stream_state(seed),
            _new_work(n, self.rules.draws, 0),
            np.zeros(REC_SIZE, dtype=np.int64),
            st,
            trials,
            self.seat,
            out,
            flags,
        )
        if flags[0] or flags[1]:  # pragma: no cover - must never happen
            raise RuntimeError("hands lost chips or chose illegal actions")
        return {"out": out}


def paired_compare(
    players,
    seat: int,
    other,
    *,
    draws=None,
    rules: Rules | None = None,
    hands: int = 100_000,
    seed: SeedLike = 0,
    **run_options,
) -> dict:
    """Seat ``seat`` played by ``players[seat]`` (a) and by ``other`` (b) against the same
    other seats on the same deals (every hand's random stream replayed); ``draws`` replace
    the draw rules of the seats as in :func:`draw_posterior` (the compared seat's too).

    Returns ``a``, ``se_a``, ``b``, ``se_b`` (chips per hand), ``diff`` (b - a, hand by hand)
    with ``diff_se``, and ``hands``.
    """
    seats = seat_players(list(players))
    if not 0 <= seat < len(seats):
        raise ValueError(f"seat must be 0..{len(seats) - 1}, got {seat}")
    rules = rules or Rules()
    job = PairedJob(seats, other, seat, _draw_specs(seats, draws), rules)
    alt = list(seats)
    alt[seat] = other
    _game(job.players, job.draws, rules)  # specs checked before any work
    _game(tuple(alt), job.draws, rules)
    t = run(job, hands, seed=seed, **run_options)
    o, n = t["out"], int(t["trials"])
    a, se_a = stats.mean_se(o[0], o[1], n)
    b, se_b = stats.mean_se(o[2], o[3], n)
    d, se_d = stats.mean_se(o[4], o[5], n)
    return {
        "a": float(a),
        "se_a": float(se_a),
        "b": float(b),
        "se_b": float(se_b),
        "diff": float(d),
        "diff_se": float(se_d),
        "hands": n,
    }
