"""Whole evenings of one game: the runner job and the public entry point :func:`evening`.

An evening is played to its game's end rule with the chips carried from hand to hand
(:mod:`simkit.games.evening`); a batch of evenings is a runner job (:class:`EveningJob`)
cut into seeded chunks of evenings, so the same seed gives the same evenings on one thread,
two threads or a Dask cluster.  :func:`evening` validates the input, runs the job and wraps
the totals in an :class:`~.result.Evening` (tables with standard errors, plots).

>>> ev = evening("triple-draw", ["tight", "station"], evenings=20, stacks=40, seed=1, quiet=True)
>>> list(ev.seats.columns[:4])
['seat', 'strategy', 'win', 'win_se']
>>> float(ev.seats["win"].sum())
1.0
>>> evening("triple-draw", ["tight", "station"], stacks=0)
Traceback (most recent call last):
...
ValueError: stacks must be positive chip counts, got 0
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..checks import is_int, non_negative_int, positive_int
from ..games.evening import (
    END_DEALS,
    END_KIND,
    END_MAX_DEALS,
    END_MIN_PLAYERS,
    END_SIZE,
    LOG_EVENING,
    OUT_NAMES,
    RC_RUNAWAY,
    EveningKernel,
    log_columns,
    new_outs,
)
from ..rng import SeedLike, as_seed_sequence, stream_state
from ..runner import run
from ..runner.chunks import chunk_seed
from .result import Evening
from .setups import GameSetup, setup

__all__ = ["DEFAULT_BAND_DEALS", "MAX_DEALS", "EveningJob", "evening", "logged_evenings", "make_job"]

#: Deals covered by the per-deal chip bands and lead curves.
DEFAULT_BAND_DEALS = 200
#: A guard against a runaway evening: one longer than this is an error (never cut short).
MAX_DEALS = 1_000_000
#: Evenings per chunk.
CHUNK_EVENINGS = 128
#: Actions a hand's record holds when the evening is logged (forced bets are read from it).
LOG_ACTIONS = 256


def _strategy_index(players: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """The distinct strategies in order of first seat, and each seat's index among them."""
    names: list[str] = []
    for p in players:
        if p not in names:
            names.append(p)
    return names, np.array([names.index(p) for p in players], dtype=np.int64)


@dataclass(frozen=True)
class EveningJob:
    """Evenings of ``game`` (a name of :data:`~simkit.games.evening.GAMES`) at a table of
    ``players`` (the game's specs, one per seat) under ``rules`` (the game's ``Rules``; its
    ``stacks`` are what everyone brings), to the end rule with ``deals`` (the agreed deals,
    or In-Between's dealer's games each; 0: none)."""

    game: str
    players: tuple[str, ...]
    rules: Any
    deals: int
    band_deals: int = DEFAULT_BAND_DEALS
    max_deals: int = MAX_DEALS
    chunk_size: int = CHUNK_EVENINGS

    name: ClassVar[str] = "evening"  # the game is in the params

    def worst_se(self, totals: dict[str, Any]) -> float:
        """The largest SE of each seat's chance of winning the evening (``win_se``), for runs
        to a target SE."""
        from ..runner import stats

        return stats.worst(stats.mean_se(totals["win"], totals["win_sq"], totals["trials"])[1])

    def params(self) -> dict:
        return {
            "game": self.game,
            "players": list(self.players),
            "rules": repr(self.rules),
            "deals": self.deals,
            "band_deals": self.band_deals,
            "max_deals": self.max_deals,
        }

    @property
    def setup(self) -> GameSetup:
        return setup(self.game)

    def stacks(self) -> np.ndarray:
        s = self.rules.stacks
        n = len(self.players)
        return np.array(list(s) if isinstance(s, tuple) else [s] * n, dtype=np.int64)

    def kernel(self, log_capacity: int = 0) -> EveningKernel:
        return self.setup.jobs.evening_kernel(list(self.players), self.rules, log_capacity=log_capacity)

    def end(self, kernel: EveningKernel) -> np.ndarray:
        end = np.zeros(END_SIZE, dtype=np.int64)
        end[END_KIND] = kernel.end_kind
        end[END_DEALS] = self.deals
        end[END_MIN_PLAYERS] = kernel.min_players
        end[END_MAX_DEALS] = self.max_deals
        return end

    def new_outs(self) -> tuple:
        names, _ = _strategy_index(self.players)
        return new_outs(len(self.players), len(names), self.band_deals, int(self.stacks().sum()))

    def play(self, count: int, seed: SeedLike, log_rows: int = 0) -> tuple[tuple, np.ndarray]:
        """Play ``count`` evenings from ``seed``; returns the statistics and the log (its first
        ``log_rows`` rows at least, grown until every hand fits when ``log_rows`` > 0)."""
        _, strategy = _strategy_index(self.players)
        stacks = self.stacks()
        n = len(self.players)
        while True:
            kernel = self.kernel(LOG_ACTIONS if log_rows else 0)
            outs = self.new_outs()
            log = np.zeros((log_rows, log_columns(n)), dtype=np.int64)
            rc = kernel(count, stacks, self.end(kernel), strategy, stream_state(seed), outs, log)
            if rc == RC_RUNAWAY:  # the settings, not the code: stacks too deep for the stakes
                raise ValueError(
                    f"an evening of {self.game} ran past {self.max_deals:,} deals without an end: "
                    f"stacks {self.rules.stacks!r} are too deep to play to the last chip; "
                    "agree a length (deals=) or bring fewer chips"
                )
            if rc < 0:
                raise RuntimeError(f"the {self.game} evening kernel failed with code {rc}")
            if rc <= log_rows:
                return outs, log[:rc] if log_rows else log
            log_rows = rc

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        outs, _ = self.play(trials, seed)
        return dict(zip(OUT_NAMES, outs, strict=True))


def _check_stacks(stacks: Any, n: int) -> Any:
    if stacks is None:
        return None
    values = list(stacks) if isinstance(stacks, (list, tuple, np.ndarray)) else [stacks]
    if not values or not all(is_int(v) and v > 0 for v in values):
        raise ValueError(f"stacks must be positive chip counts, got {stacks!r}")
    if len(values) > 1 and len(values) != n:
        raise ValueError(f"stacks must be one count or one per player ({n}), got {len(values)}")
    return int(values[0]) if len(values) == 1 else tuple(int(v) for v in values)


def make_job(
    game: str,
    players: Sequence[str] | None = None,
    *,
    rules: Any = None,
    deals: int | None = None,
    stacks: Any = None,
    band_deals: int = DEFAULT_BAND_DEALS,
) -> EveningJob:
    """The :class:`EveningJob` of :func:`evening`'s arguments, checked (``ValueError``)."""
    s = setup(game)
    if players is None:
        players = s.default_players()
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a list of player specs, got {players!r}")
    players = [str(p) for p in players]
    if not s.min_players <= len(players) <= s.max_players:
        raise ValueError(
            f"{game} is played by {s.min_players} to {s.max_players} players, got {len(players)}"
        )
    stacks = _check_stacks(stacks, len(players))
    rules = s.rules(rules, stacks=stacks)
    if deals is None:
        deals = 1 if s.name == "in-between" else s.default_deals
    non_negative_int(deals, "deals")
    if s.name == "in-between" and deals < 1:
        raise ValueError(f"deals (dealer's games each) must be at least 1 in in-between, got {deals}")
    positive_int(band_deals, "band_deals")
    job = EveningJob(game, tuple(players), rules, int(deals), int(band_deals))
    s.jobs.evening_kernel(players, rules)  # every spec is checked before any work
    return job


def evening(
    game: str,
    players: Sequence[str] | None = None,
    *,
    evenings: int = 1000,
    rules: Any = None,
    deals: int | None = None,
    stacks: Any = None,
    seed: SeedLike = None,
    log: int = 0,
    band_deals: int = DEFAULT_BAND_DEALS,
    chunk_size: int | None = None,
    threads: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    checkpoint: str | os.PathLike | None = None,
    quiet: bool = False,
    games: Sequence[str] | None = None,
) -> Evening:
    """Play ``evenings`` whole evenings of ``game`` and return their statistics.

    Parameters
    ----------
    game
        ``"diablo"``, ``"triple-draw"``, ``"razz"`` or ``"in-between"`` (a variant through
        ``rules``), or ``"dealers-choice"``: :func:`~.dealers_choice.dealers_choice` with these
        arguments (``players`` as ``STRATEGY@CHOICE``, ``rules`` a dict by game, ``games``
        the agreed set).
    players
        The game's player specs, one per seat (default: the tips player against a typical
        field, :meth:`~.setups.GameSetup.default_players`).
    evenings
        Evenings to play.
    rules
        The game's ``Rules`` (limits, antes, blinds, variant); default its defaults.
    deals
        The agreed time in deals: 2-7 and Razz end there or when one player has every chip
        (default 0: to the last player); Diablo ends there once no series runs (default
        100); In-Between: the dealer's games each player deals (default 1).
    stacks
        Chips each player brings (one count, or one per seat); default the rules' stacks.
    seed
        An int, a ``SeedSequence`` or ``None``: the same seed gives the same evenings on
        every backend.
    log
        Keep the hand-by-hand record of the first ``log`` evenings (:attr:`Evening.log`).
    band_deals
        Deals covered by the per-deal chip bands (:attr:`Evening.trajectories`).
    chunk_size, threads, workers, scheduler, checkpoint, quiet
        As :func:`simkit.runner.run`.
    games
        Dealer's Choice only: the agreed set of games.

    Returns
    -------
    Evening
        ``seats``, ``strategies``, ``lengths``, ``trajectories`` and ``log`` tables and plots.
    """
    run_kw: dict[str, Any] = dict(
        chunk_size=chunk_size, threads=threads, workers=workers, scheduler=scheduler, checkpoint=checkpoint
    )
    if game == "dealers-choice":
        from .dealers_choice import DEFAULT_DEALS, dealers_choice

        dc: dict[str, Any] = {"games": games} if games is not None else {}
        if stacks is not None:
            dc["stacks"] = stacks
        return dealers_choice(
            players,
            evenings=evenings,
            rules=rules,
            deals=DEFAULT_DEALS if deals is None else deals,
            seed=seed,
            log=log,
            quiet=quiet,
            **dc,
            **run_kw,
        )
    if games is not None:
        raise ValueError(f"games is the agreed set of a dealers-choice evening, not of {game!r}")
    positive_int(evenings, "evenings")
    non_negative_int(log, "log")
    job = make_job(game, players, rules=rules, deals=deals, stacks=stacks, band_deals=band_deals)
    root = as_seed_sequence(seed)
    totals = run(job, evenings, seed=root, quiet=quiet, **run_kw)
    if totals["errors"][1]:
        raise RuntimeError(f"chips were not conserved in {int(totals['errors'][1])} hands of {game}")
    logged = logged_evenings(job, min(log, evenings), root, chunk_size or job.chunk_size)
    return Evening.from_totals(job, totals, logged)


def logged_evenings(job: EveningJob, count: int, root: np.random.SeedSequence, chunk_size: int) -> np.ndarray:
    """The hand-by-hand log of the first ``count`` evenings of a run of ``job`` from ``root``
    in chunks of ``chunk_size``: the same evenings, played again with their log kept."""
    parts = []
    for i in range(-(-count // chunk_size)):
        k = min(chunk_size, count - i * chunk_size)
        _, rows = job.play(k, chunk_seed(root, i), log_rows=max(64, 256 * k))
        rows[:, LOG_EVENING] += i * chunk_size
        parts.append(rows)
    return np.concatenate(parts) if parts else np.zeros((0, log_columns(len(job.players))), dtype=np.int64)
