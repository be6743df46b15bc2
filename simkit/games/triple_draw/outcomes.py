"""2-7 (and A-5) Triple Draw outcome tables: one row per deal and seat, for ``groupby``.

- :func:`deals` plays full games (the hands of :func:`.jobs.match`: the same seed gives the
  same hands, so the mean ``net`` of a seat is the match's ``chips_per_hand``);
- :func:`equity_deals` deals and draws three times with no betting (the deals of
  :func:`.jobs.equity`: the mean ``share`` of a seat is its equity).

The columns follow :mod:`simkit.games.outcomes` (long format, ``deal`` and ``seat``).  Full
games: ``deal, seat, player, dealer, start`` (the five cards dealt), ``drawn1`` …
``drawnK`` (cards drawn at each of the variant's draws, -1: did not draw), ``cards`` (the
final five; for a seat that folded, the hand it folded), ``in_at_end`` (had not folded),
``showdown``, ``hand``, ``category`` (``8-low``, ``one_pair`` … at a showdown), ``put_in``
(chips put in, blinds and antes included), ``net`` (chips won or lost), ``share`` (chips won
back over the pot).  A seat without chips is not dealt in (its ``start`` is empty).  Equity
tables: ``deal, seat, given`` (the hand as given, a range's text, or ``random``), ``range``
(the range's text for a seat dealt from a range, empty otherwise), ``start`` (the five
dealt: for a range, the member of the range dealt), ``drawn1``, ``drawn2``, ``drawn3``,
``cards``, ``hand``, ``category``, ``share`` (1, 1/k, 0) and ``win`` (won alone).

Examples
--------
>>> t = deals(["tight", "loose", "station"], 300, seed=1, threads=1)
>>> t.columns.tolist()[:8]
['deal', 'seat', 'player', 'dealer', 'start', 'drawn1', 'drawn2', 'drawn3']
>>> len(t), int(t.groupby("deal").net.sum().abs().max())
(900, 0)
>>> e = equity_deals(["7s 5h 4d 3c 2s", "8s 6h 5d 4c 2h"], 200, seed=1, threads=1)
>>> bool(abs(e.groupby("deal").share.sum() - 1).max() < 1e-12)
True
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from ...checks import chips_per_seat
from ...jit import njit
from ...poker.table_state import ST_ACTIVE, ST_ALL_IN, STATUS, TOTAL
from ...rng import SeedLike, stream_state
from ..outcomes import card_text, collect, hand_columns, range_column
from ..table import TABLE_DEALER, TABLE_IN, TABLE_SEATS, TABLE_STACK, new_table, next_dealer
from .engine import REC_SIZE, _new_work, _play_one
from .jobs import EquityJob, MatchJob, _family, _match_job, equity_job, game_tuple
from .strategies import player_name

__all__ = ["deals", "equity_deals"]


@njit(cache=True, nogil=True)
def _record_hands(
    table, game, rng, work, record, stacks, n_hands, dealer, cards, drew_out, status, put_in, net
):
    """:func:`.engine._play_batch`'s hands (the same calls in the same order) with each one
    kept: per hand the dealer; per hand and seat the cards dealt and after each draw
    (``cards`` (H, n, draws + 1, 5), -1 where not dealt or not drawn), the cards drawn
    (``drew_out`` (H, n, draws), -1: did not draw), the final status, the chips put in and
    the net result.  Returns the number of hands with an illegal action or lost chips."""
    st = work[0]
    drew = work[7]
    start = work[12]
    held = work[13]
    n = table[TABLE_SEATS]
    n_draws = game[12]
    bad = 0
    for h in range(n_hands):
        for s in range(n):
            table[TABLE_STACK + s] = stacks[s]
            table[TABLE_IN + s] = 1 if stacks[s] > 0 else 0
        dealer[h] = table[TABLE_DEALER]
        if _play_one(table, game, rng, work, record) < 0:
            bad += 1
        total = 0
        for s in range(n):
            dealt = start[s] > 0
            for j in range(5):
                cards[h, s, 0, j] = held[0, s, j] if dealt else -1
            for d in range(n_draws):
                m = drew[d, s] if dealt else -1
                drew_out[h, s, d] = m
                for j in range(5):
                    cards[h, s, d + 1, j] = held[d + 1, s, j] if m >= 0 else -1
            status[h, s] = st[STATUS + s]
            put_in[h, s] = st[TOTAL + s] if dealt else 0
            net[h, s] = table[TABLE_STACK + s] - stacks[s]
            total += net[h, s]
        if total != 0:
            bad += 1
        next_dealer(table)
    return bad


def _final(cards: np.ndarray, drew: np.ndarray) -> np.ndarray:
    """The last hand held: after the last draw taken (draws are a prefix: a seat stops
    drawing only by folding), else as dealt.  ``cards`` (rows, draws + 1, 5), ``drew`` (rows,
    draws)."""
    taken = (drew >= 0).sum(axis=1)
    return cards[np.arange(cards.shape[0]), taken]


def _drawn_columns(drew: np.ndarray) -> dict[str, np.ndarray]:
    return {f"drawn{d + 1}": drew[:, d].astype(np.int8) for d in range(drew.shape[1])}


def _match_frame(job: MatchJob, names: list[str], trials: int, seed: np.random.SeedSequence) -> pd.DataFrame:
    seats = list(job.players)
    n = len(seats)
    rules = job.rules
    n_draws = rules.draws
    stacks = chips_per_seat(rules.stacks, n)
    dealer = np.zeros(trials, np.int64)
    cards4 = np.zeros((trials, n, n_draws + 1, 5), np.int64)
    drew3 = np.zeros((trials, n, n_draws), np.int64)
    status = np.zeros((trials, n), np.int64)
    put_in = np.zeros((trials, n), np.int64)
    net = np.zeros((trials, n), np.int64)
    bad = _record_hands(
        new_table(stacks, dealer=0),
        game_tuple(seats, rules),
        stream_state(seed),
        _new_work(n, n_draws, 0),
        np.zeros(REC_SIZE, dtype=np.int64),
        stacks,
        trials,
        dealer,
        cards4,
        drew3,
        status,
        put_in,
        net,
    )
    if bad:  # pragma: no cover - a bug in simkit.poker
        raise RuntimeError(f"{bad} hands stopped on an illegal action or lost chips")
    cards = cards4.reshape(trials * n, n_draws + 1, 5)
    drew = drew3.reshape(trials * n, n_draws)
    final = _final(cards, drew)
    seat = np.tile(np.arange(n), trials)
    st = status.reshape(-1)
    in_end = (st == ST_ACTIVE) | (st == ST_ALL_IN)
    n_in = np.repeat(in_end.reshape(trials, n).sum(axis=1), n)
    showdown = in_end & (n_in >= 2)
    hand, category, _ = hand_columns(final, rules.family, showdown)
    pot = np.repeat(put_in.sum(axis=1), n)
    p = put_in.reshape(-1)
    v = net.reshape(-1)
    return pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), n),
            "seat": seat,
            "player": pd.Series(np.array(names, dtype=object)[seat], dtype="string"),
            "dealer": np.repeat(dealer, n),
            "start": card_text(cards[:, 0]),
            **_drawn_columns(drew),
            "cards": card_text(final),
            "in_at_end": in_end,
            "showdown": showdown,
            "hand": hand,
            "category": category,
            "put_in": p,
            "net": v,
            "share": (v + p) / np.maximum(pot, 1),
        }
    )


def deals(
    players,
    hands: int,
    *,
    rules=None,
    variant: str | None = None,
    stacks: int | None = None,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Play ``hands`` hands and return one row per hand and seat (module docstring).

    Parameters
    ----------
    players
        One player spec per seat (2-6), as :func:`.jobs.match` takes them.
    hands
        Hands to play, every one from fresh stacks, the dealer moving one seat left a hand.
    rules, variant, stacks
        As :func:`.jobs.match`.
    seed, chunk_size
        Seed and hands per chunk (default the runner's, 2**18): with the same seed and chunk
        size the hands are those of :func:`.jobs.match`.
    threads
        Threads playing chunks side by side (the rows do not depend on it).
    path
        A ``.parquet`` file: the table is written there chunk by chunk and its path returned.
    quiet
        No progress bar (one appears on stderr when the run takes more than two seconds).

    Returns
    -------
    pandas.DataFrame or pathlib.Path
        One row per hand and seat; ``attrs``: ``family``, ``players``.

    Examples
    --------
    >>> deals(["tight"], 10)
    Traceback (most recent call last):
    ...
    ValueError: 2-7 Triple Draw is for 2-6 players, got 1
    """
    job = _match_job(players, None, rules, variant, stacks)
    names = [player_name(p) for p in job.players]
    return collect(
        partial(_match_frame, job, names),
        hands,
        seed=seed,
        chunk_size=chunk_size or getattr(job, "chunk_size", None),
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"family": job.rules.family, "players": names},
    )


def _equity_frame(
    job: EquityJob, given: list[str], ranges: list[str], trials: int, seed: np.random.SeedSequence
) -> pd.DataFrame:
    n = job.n_players
    cards4 = np.zeros((trials, n, 2, 5), np.int64)
    drew3 = np.zeros((trials, n, 3), np.int64)
    strength = np.zeros((trials, n), np.int64)
    job.play_chunk(trials, seed, (cards4, drew3, strength))
    best = strength.max(axis=1, keepdims=True)
    top = strength == best
    k = top.sum(axis=1, keepdims=True)
    share = np.where(top, 1.0 / k, 0.0).reshape(-1)
    cards = cards4.reshape(trials * n, 2, 5)
    seat = np.tile(np.arange(n), trials)
    hand, category, _ = hand_columns(cards[:, 1], job.family)
    return pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), n),
            "seat": seat,
            "given": pd.Series(np.array(given, dtype=object)[seat], dtype="string"),
            "range": pd.Series(np.array(ranges, dtype=object)[seat], dtype="string"),
            "start": card_text(cards[:, 0]),
            **_drawn_columns(drew3.reshape(trials * n, 3)),
            "cards": card_text(cards[:, 1]),
            "hand": hand,
            "category": category,
            "share": share,
            "win": (top & (k == 1)).reshape(-1),
        }
    )


def equity_deals(
    cards=None,
    trials: int = 100_000,
    *,
    n_players: int | None = None,
    strategy: str = "table",
    strategies: tuple[str, ...] = (),
    family: str | None = None,
    rules=None,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Deal and draw three times ``trials`` times with no betting: one row per deal and seat.

    Parameters
    ----------
    cards, n_players, strategy, strategies, family, rules
        As :func:`.jobs.equity`: given hands or ranges for the first seats
        (``"7s 5h 4d 3c 2s"``, ``"pat 8-"``), random hands up to ``n_players``, the draw strategy of every seat (of the first ones
        ``strategies``), the ranking (default 2-7).
    trials
        Deals.
    seed, chunk_size
        Seed and deals per chunk (default the runner's, 2**18): with the same seed and chunk
        size the deals are those of :func:`.jobs.equity`.
    threads, path, quiet
        As :func:`deals`.

    Returns
    -------
    pandas.DataFrame or pathlib.Path
        One row per deal and seat (module docstring); ``attrs``: ``family``.

    Examples
    --------
    >>> equity_deals(["7s 5h 4d 3c 2s", "7d 5c 4h 3s 2c", "Ks Kh Kd Kc 2s"], 10)
    Traceback (most recent call last):
    ...
    ValueError: hand 3 'Ks Kh Kd Kc 2s' shares a card with an earlier hand
    """
    fam = _family(family, rules)
    job, names = equity_job(
        () if cards is None else cards, n_players, strategy=strategy, family=fam, strategies=tuple(strategies)
    )
    n = job.n_players
    ranged = {s for s, _ in job.ranges}
    given = names + ["random"] * (n - len(names))
    ranges = range_column(given, ranged)
    return collect(
        partial(_equity_frame, job, given, ranges),
        trials,
        seed=seed,
        chunk_size=chunk_size or getattr(job, "chunk_size", None),
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"family": fam},
    )
