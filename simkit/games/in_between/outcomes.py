"""In-Between outcome tables: one row per dealer's game and seat, for ``groupby``.

:func:`deals` plays the trials of :func:`.jobs.simulate` (the same seed and chunk size give
the same games, so the mean over trials of a seat's ``net`` summed over a trial's games is
the simulation's ``net_mean``) and keeps every dealer's game (or pot game of the ante variant,
or Red Dog bank's turn) from the engine's hand record and the stacks after it.

The columns follow :mod:`simkit.games.outcomes` (long format): ``deal`` (the trial), ``game``
(the dealer's game in the trial, 0 … ``deals - 1``: chips carry over from one to the next),
``seat``, ``player`` (the player's label), ``dealer`` (the seat that dealt the game's first
round), ``dealing`` (this seat is that dealer), ``outcome`` (``whole_pot``: a stake took the
whole pot; ``pot_back``: the rounds ran out and the dealer took the rest back; ``split``: the
ante variant split the rest; ``no_game``; Red Dog ``bank``, ``bank_short``), ``pot`` (the
chips put in the pot: the opening pot, or the antes of the ante variant or of Red Dog),
``players`` (dealt in in the first round), ``rounds`` (rounds played; Red Dog: hands),
``dealer_net`` (the dealer's result: pot taken back less pot opened; 0 in the ante variant;
the bank's in Red Dog), ``chips_before``, ``chips_after`` (the seat's stack around the game)
and ``net`` (their difference: they add up to 0 over a game's seats).

The engine keeps no record of single stake decisions (the posts, the third card, the stake):
a table of those is not written; the seat's chips around each game are the finest grain.

Examples
--------
>>> t = deals(["half_kelly", "pot:0.5", "kelly"], 200, seed=1, threads=1)
>>> t.columns.tolist()[:6]
['deal', 'game', 'seat', 'player', 'dealer', 'dealing']
>>> len(t), int(t.groupby(["deal", "game"]).net.sum().abs().max())
(600, 0)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from ...rng import SeedLike
from ..outcomes import collect
from ..table import REC_DEALER, REC_OUTCOME, REC_PLAYERS, REC_POT
from . import engine as E
from .jobs import DealerGameJob, _positive
from .rules import Rules
from .strategies import PlayerSpec, parse_players

__all__ = ["OUTCOMES", "deals"]

#: The names of the engine's outcomes (``OUT_*``), by code.
OUTCOMES = ("whole_pot", "pot_back", "split", "no_game", "bank", "bank_short")


def _frame(job: DealerGameJob, trials: int, seed: np.random.SeedSequence) -> pd.DataFrame:
    n, g = job.seats, job.deals
    records = np.zeros((trials, g, E.REC_SIZE), np.int64)
    after = np.zeros((trials, g, n), np.int64)
    job.play_chunk(trials, seed, (records, after))
    before = np.concatenate([np.full((trials, 1, n), job.rules.stacks, np.int64), after[:, :-1]], axis=1)
    rec = np.repeat(records.reshape(trials * g, E.REC_SIZE), n, axis=0)
    seat = np.tile(np.arange(n), trials * g)
    labels = np.array([p.label for p in job.players], dtype=object)
    return pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), g * n),
            "game": np.tile(np.repeat(np.arange(g, dtype=np.int64), n), trials),
            "seat": seat,
            "player": pd.Series(labels[seat], dtype="string"),
            "dealer": rec[:, REC_DEALER],
            "dealing": rec[:, REC_DEALER] == seat,
            "outcome": pd.Series(np.array(OUTCOMES, dtype=object)[rec[:, REC_OUTCOME]], dtype="string"),
            "pot": rec[:, REC_POT],
            "players": rec[:, REC_PLAYERS],
            "rounds": rec[:, E.REC_ROUNDS],
            "dealer_net": rec[:, E.REC_DEALER_NET],
            "chips_before": before.reshape(-1),
            "chips_after": after.reshape(-1),
            "net": (after - before).reshape(-1),
        }
    )


def deals(
    players: Sequence[PlayerSpec] | PlayerSpec,
    hands: int,
    *,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    deals: int = 1,
    seats: int | None = None,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Play ``hands`` trials of ``deals`` dealer's games: one row per game and seat.

    Parameters
    ----------
    players, seats
        As :func:`.jobs.simulate` takes them: one player spec per seat, or one spec for all
        ``seats``.
    hands
        Trials, each from everyone holding ``rules.stacks`` chips, seat 0 dealing first.
    rules
        The table's :class:`~.rules.Rules` (default ``Rules()``).
    seed, chunk_size
        Seed and trials per chunk (default :class:`.jobs.DealerGameJob`'s): with the same
        seed and chunk size the games are those of :func:`.jobs.simulate`.
    deals
        Dealer's games per trial, the deal passing left; chips carry over.
    threads
        Threads playing chunks side by side (the rows do not depend on it).
    path
        A ``.parquet`` file: the table is written there chunk by chunk and its path returned.
    quiet
        No progress bar (one appears on stderr when the run takes more than two seconds).

    Returns
    -------
    pandas.DataFrame or pathlib.Path
        One row per trial, game and seat (module docstring); ``attrs``: ``players``,
        ``stacks``.

    Examples
    --------
    >>> deals("kelly", 10, seats=1)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..24 (one policy per seat), got 1
    """
    _positive("deals", deals)
    job = DealerGameJob(parse_players(players, seats), rules=rules or Rules(), deals=deals)
    return collect(
        partial(_frame, job),
        hands,
        seed=seed,
        chunk_size=chunk_size or job.chunk_size,
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"players": [p.label for p in job.players], "stacks": job.rules.stacks},
    )
