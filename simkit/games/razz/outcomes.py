"""Razz (and stud variants) outcome tables: one row per deal and seat, for ``groupby``.

- :func:`deals` plays full games (the deals of :func:`.jobs.match`: the same seed gives the
  same hands, so the mean ``net`` of a seat is the match's ``chips_per_hand``);
- :func:`equity_deals` deals known hands out to seven cards (the deals of
  :func:`.equity.equity` by Monte Carlo: the mean ``share`` of a hand is its equity).

The columns follow :mod:`simkit.games.outcomes` (long format, ``deal`` and ``seat``).  Full
games: ``deal, seat, player, dealer, bring_in`` (the seat brought it in), ``start`` (the
first three cards: two down and the door card), ``door`` (the door card's rank, ``"A"`` …
``"K"``), ``cards`` (every card dealt to the seat; a seat that folded got no more), ``community``
(R-Z4: the deal had a community card), ``in_at_end`` (had not folded), ``showdown``, ``hand``,
``category`` (best five of seven in the variant's ranking, at a showdown), in Stud Hi-Lo
``low`` (the eight-or-better low's category, ``no_low`` for none), ``put_in`` (chips the seat
put in, ante included), ``net`` (chips won or lost), ``share`` (chips won back over the pot).
Equity tables: ``deal, seat, given`` (the hand or range as given), ``range`` (the range's
text for a hand given as a range, empty otherwise), ``start`` (the first three cards: for a
range, the member of the range dealt), ``dealt`` (the cards dealt to it: its ``?`` cards, or
a range's start, and those to come, in the order drawn), ``cards`` (all seven), ``hand``,
``category``, in Stud Hi-Lo ``low``, ``share`` (1, 1/k, 0; a quarter, a half … in a split
Hi-Lo pot) and ``scoop`` (won the whole pot alone).

Examples
--------
>>> t = deals(["tips", "tight", "check-call"], 200, seed=1, threads=1)
>>> t.columns.tolist()[:6]
['deal', 'seat', 'player', 'dealer', 'bring_in', 'start']
>>> len(t), int(t.groupby("deal").net.sum().abs().max())
(600, 0)
>>> e = equity_deals(["As 2d / 3c", "Kh Qd / 5s"], 500, seed=1, threads=1)
>>> bool(abs(e.groupby("deal").share.sum() - 1).max() < 1e-12)
True
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from ...hands.ranges import Combos
from ...poker.table_state import LOG, ST_ACTIVE, ST_ALL_IN, STATUS, TOTAL
from ...rng import SeedLike
from ..outcomes import card_text, collect, given_text, hand_columns, range_column, rank_text
from .equity import EquityJob, prepare
from .jobs import MatchJob, _check_players
from .rules import FAMILY_OF, Hand, Rules, as_rules, format_hand
from .showdown import UNITS
from .strategies import player_name, specs_key

__all__ = ["deals", "equity_deals"]


def _match_arrays(job: MatchJob, trials: int, seed: np.random.SeedSequence) -> tuple:
    """One chunk of :class:`.jobs.MatchJob` (its first configuration) with every hand kept:
    the same calls, so the same deals as the job's chunk."""
    n = len(job.configs[0])
    per_net = np.zeros((trials, n), np.int64)
    per_cards = np.full((trials, n, 7), -1, np.int8)
    per_info = np.zeros((trials, 5), np.int64)
    per_log = np.zeros((trials, LOG), np.int64)  # the hand state's head: statuses, chips put in
    out = job.play_chunk(trials, seed, (per_net, per_cards, per_info, per_log))
    if out["errors"][0]:
        raise RuntimeError(f"{int(out['errors'][0])} hands failed (an illegal decision or lost chips)")
    return per_net, per_cards, per_info, per_log


def _match_frame(job: MatchJob, names: list[str], trials: int, seed: np.random.SeedSequence) -> pd.DataFrame:
    per_net, per_cards, per_info, per_log = _match_arrays(job, trials, seed)
    n = per_net.shape[1]
    variant = job.rules.variant
    cards = per_cards.reshape(trials * n, 7).astype(np.int64)
    status = per_log[:, STATUS : STATUS + n].reshape(-1)
    put_in = per_log[:, TOTAL : TOTAL + n].reshape(-1)
    net = per_net.reshape(-1)
    seat = np.tile(np.arange(n), trials)
    in_end = (status == ST_ACTIVE) | (status == ST_ALL_IN)
    showdown = in_end & np.repeat(per_info[:, 4] >= 2, n) & (cards >= 0).all(axis=1)
    hand, category, _ = hand_columns(cards, FAMILY_OF[variant], showdown)
    pot = np.repeat(per_log[:, TOTAL : TOTAL + n].sum(axis=1), n)
    df = pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), n),
            "seat": seat,
            "player": pd.Series(np.array(names, dtype=object)[seat], dtype="string"),
            "dealer": np.repeat(per_info[:, 2], n),
            "bring_in": seat == np.repeat(per_info[:, 0], n),
            "start": card_text(cards[:, :3]),
            "door": rank_text(cards[:, 2]),
            "cards": card_text(cards),
            "community": np.repeat(per_info[:, 1] >= 0, n),
            "in_at_end": in_end,
            "showdown": showdown,
            "hand": hand,
            "category": category,
        }
    )
    if variant == "stud-hilo":
        df["low"] = hand_columns(cards, "eight_or_better", showdown)[1]
    df["put_in"] = put_in
    df["net"] = net
    df["share"] = (net + put_in) / np.maximum(pot, 1)
    return df


def deals(
    players: Sequence,
    hands: int,
    *,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    variant: str | None = None,
    stacks: int | None = None,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Play ``hands`` hands and return one row per hand and seat (module docstring).

    Parameters
    ----------
    players
        One player spec per seat (2-8), as :func:`.jobs.match` takes them.
    hands
        Hands to play.
    rules, variant, stacks
        The table's :class:`~.rules.Rules` (every hand from ``rules.stacks`` chips each);
        ``variant=``, ``stacks=`` are shorthands.
    seed, chunk_size
        Seed and hands per chunk (default :class:`.jobs.MatchJob`'s): with the same seed and
        chunk size the hands are those of :func:`.jobs.match`.
    threads
        Threads playing chunks side by side (the rows do not depend on it).
    path
        A ``.parquet`` file: the table is written there chunk by chunk and its path returned.
    quiet
        No progress bar (one appears on stderr when the run takes more than two seconds).

    Returns
    -------
    pandas.DataFrame or pathlib.Path
        One row per hand and seat; ``attrs`` holds ``variant`` and ``players``.

    Examples
    --------
    >>> deals(["tips"], 10)
    Traceback (most recent call last):
    ...
    ValueError: a Razz table has 2 to 8 seats, got 1
    """
    rules = as_rules(rules, variant, stacks)
    if isinstance(players, str):
        raise ValueError(f"players must be a sequence of player specs, one per seat, got {players!r}")
    players = list(players)
    _check_players(players, rules)
    job = MatchJob((specs_key(players),), rules)
    names = [player_name(p) for p in players]
    return collect(
        partial(_match_frame, job, names),
        hands,
        seed=seed,
        chunk_size=chunk_size or job.chunk_size,
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"variant": rules.variant, "players": names},
    )


def _equity_frame(
    job: EquityJob, given: list[str], ranges: list[str], trials: int, seed: np.random.SeedSequence
) -> pd.DataFrame:
    spot = job.spot
    _, n_known, _, _, _ = spot.arrays()
    n = n_known.shape[0]
    known_given = np.asarray(n_known).copy()
    known_given[[i for i, _, _ in spot.ranges]] = 0  # a range's start cards are dealt too
    cards3 = np.zeros((trials, n, 7), np.int64)
    units = np.zeros((trials, n), np.int64)
    job.play_chunk(trials, seed, (cards3, units))
    cards = cards3.reshape(trials * n, 7)
    seat = np.tile(np.arange(n), trials)
    known = np.repeat(known_given[None, :], trials, axis=0).reshape(-1)
    dealt = np.where(np.arange(7)[None, :] >= known[:, None], cards, -1)
    hand, category, _ = hand_columns(cards, FAMILY_OF[spot.variant])
    share = units.reshape(-1)
    df = pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), n),
            "seat": seat,
            "given": pd.Series(np.array(given, dtype=object)[seat], dtype="string"),
            "range": pd.Series(np.array(ranges, dtype=object)[seat], dtype="string"),
            "start": card_text(cards[:, :3]),
            "dealt": card_text(dealt),
            "cards": card_text(cards),
            "hand": hand,
            "category": category,
        }
    )
    if spot.variant == "stud-hilo":
        df["low"] = hand_columns(cards, "eight_or_better")[1]
    df["share"] = share / UNITS
    df["scoop"] = share == UNITS
    return df


def equity_deals(
    hands: Sequence[str | Hand | Combos],
    trials: int,
    *,
    dead: str | None = None,
    rules: Rules | None = None,
    variant: str | None = None,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Deal ``hands`` out to seven cards ``trials`` times: one row per deal and hand.

    Parameters
    ----------
    hands, dead, rules, variant
        As :func:`.equity.equity` takes them (``"As 2d / 3c"``, ``"? ? / Kh"``, ranges such
        as ``"A23,*7-"`` …; dead cards).
    trials
        Deals.
    seed, chunk_size
        Seed and deals per chunk (default the runner's, 2**18): with the same seed and chunk
        size the deals are those of ``equity(..., exact=False)``.
    threads, path, quiet
        As :func:`deals`.

    Returns
    -------
    pandas.DataFrame or pathlib.Path
        One row per deal and hand (module docstring); ``attrs``: ``variant``.

    Examples
    --------
    >>> equity_deals(["As 2d 3c", "As 5h 6h"], 10)
    Traceback (most recent call last):
    ...
    ValueError: card 'As' is in more than one hand or among the dead cards
    """
    spot = prepare(hands, dead, rules=rules, variant=variant)
    given = [given_text(h, format_hand) for h in hands]
    ranges = range_column(given, {i for i, _, _ in spot.ranges})
    return collect(
        partial(_equity_frame, EquityJob(spot), given, ranges),
        trials,
        seed=seed,
        chunk_size=chunk_size,
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"variant": spot.variant},
    )
