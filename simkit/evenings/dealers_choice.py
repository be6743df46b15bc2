"""Dealer's Choice evenings (R-E7): each dealer in turn names a game from the agreed set.

Each dealer names a game and deals it with that game's own limits: one hand of 2-7 Triple
Draw or Razz (or a variant, by the rules given), one dealer's game of In-Between, or Diablo,
which runs until an opener wins (the deal passing left every deal; when one player with
chips is left, that player takes the pot, as in a Diablo evening), after which the left
neighbour of whoever called Diablo chooses.  One chip currency for all games; a game is named
only when enough players have chips for it (Diablo three, the others two).  The evening ends
like 2-7's (R-E3): when one player has every chip or after the agreed deals, a running Diablo
series finished (R-E4); each hand of any game, and each Diablo deal, is one deal.

A player is ``STRATEGY@CHOICE``: ``STRATEGY`` one of ``tips``, ``tight``,
``loose-aggressive``, ``passive`` (the game's tips player or the player of that kind in its
typical field, :mod:`.setups`), ``CHOICE`` how they choose: a game's name (their favourite),
``random`` (uniformly among the games that can be dealt) or ``best`` (the game in which their
strategy has the largest edge at this table, in chips per deal, measured first by
single-game evenings of the same table or given as ``edges``).  When the favourite cannot be
dealt, the next game by edge (``best``) or in the set's order is named.

>>> parse_seat("tips@best"), parse_seat("passive@razz")
(('tips', 'best'), ('passive', 'razz'))
>>> parse_seat("tips")
Traceback (most recent call last):
...
ValueError: a dealer's choice player is STRATEGY@CHOICE, e.g. tips@best, got 'tips'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from ..checks import non_negative_int, positive_int
from ..games.diablo.engine import _forced as _diablo_forced
from ..games.diablo.engine import _lone_takes_carried as _diablo_lone
from ..games.diablo.engine import _play_one as _diablo_hand
from ..games.evening import (
    END_DEALS,
    END_MAX_DEALS,
    GAME_DIABLO,
    GAME_IN_BETWEEN,
    GAME_RAZZ,
    GAMES,
    OUT_NAMES,
    RC_RUNAWAY,
    after_hand,
    evening_scratch,
    finish_evening,
    keep_stacks,
    log_columns,
    log_hand,
    new_evening,
    new_outs,
)
from ..games.in_between.engine import _forced as _in_between_forced
from ..games.in_between.engine import _play_one as _in_between_hand
from ..games.razz.engine import _forced as _razz_forced
from ..games.razz.engine import _play_one as _razz_hand
from ..games.table import (
    TABLE_CARRIED,
    TABLE_DEAL,
    TABLE_DEALER,
    next_dealer,
    seats_in,
    table_chips,
)
from ..games.triple_draw.engine import _forced as _triple_draw_forced
from ..games.triple_draw.engine import _play_one as _triple_draw_hand
from ..jit import njit
from ..rng import SeedLike, as_seed_sequence, draw_below, stream_state
from ..runner import run
from ..runner.chunks import chunk_seed
from .result import Evening
from .setups import FIELD_KINDS, SETUPS

__all__ = ["CHOICES", "STRATEGIES", "DealersChoiceJob", "dealers_choice", "measure_edges", "parse_seat"]

#: The strategies a dealer's choice player may have: the tips player or a field kind.
STRATEGIES = ("tips",) + FIELD_KINDS
#: How a player chooses, besides naming a favourite game.
CHOICES = ("random", "best")
#: Fewest players with chips each game needs, by game id.
MIN_PLAYERS = np.array([3, 2, 2, 2], dtype=np.int64)
RANDOM = -1  # a seat's preference row starting with this chooses uniformly at random
#: Deals of each single-game evening that measures the edges of ``best`` (In-Between: 1 game each).
EDGE_DEALS = 40
DEFAULT_DEALS = 100
LOG_ACTIONS = 256


def parse_seat(spec: str) -> tuple[str, str]:
    """``STRATEGY@CHOICE`` as ``(strategy, choice)``, checked."""
    if not isinstance(spec, str) or spec.count("@") != 1:
        raise ValueError(f"a dealer's choice player is STRATEGY@CHOICE, e.g. tips@best, got {spec!r}")
    strategy, choice = spec.split("@")
    if strategy not in STRATEGIES:
        raise ValueError(
            f"unknown strategy {strategy!r} in {spec!r}; expected one of {', '.join(STRATEGIES)}"
        )
    if choice not in CHOICES and choice not in GAMES:
        raise ValueError(
            f"unknown choice policy {choice!r} in {spec!r}; expected a game ({', '.join(GAMES)}) or one of "
            f"{', '.join(CHOICES)}"
        )
    return strategy, choice


def game_spec(game: str, strategy: str) -> str:
    """The player spec of ``strategy`` in ``game``."""
    s = SETUPS[game]
    return s.tips if strategy == "tips" else s.typical[strategy]


@njit(cache=True, inline="always")
def _choose(prefs, seat, allowed, n_in, rng):
    """The game ``seat`` names: the first of its preferences that can be dealt, or (its row
    starts with ``RANDOM``) one of those uniformly; -1 when none can."""
    k = 0
    for g in range(4):
        if allowed[g] and n_in >= MIN_PLAYERS[g]:
            k += 1
    if k == 0:
        return -1
    if prefs[seat, 0] == RANDOM:
        j = draw_below(rng, k)
        for g in range(4):
            if allowed[g] and n_in >= MIN_PLAYERS[g]:
                if j == 0:
                    return g
                j -= 1
    for i in range(4):
        g = prefs[seat, i]
        if g >= 0 and allowed[g] and n_in >= MIN_PLAYERS[g]:
            return g
    return -1


@njit(cache=True, inline="always")
def _play(g, table, kernels, rng, forced, n, want_forced):
    """Play one hand of game ``g``; the forced bets into ``forced`` when ``want_forced``."""
    d, t, r, i = kernels
    if g == GAME_DIABLO:
        rc = _diablo_hand(table, d[0], rng, d[1], d[2])
        if want_forced:
            _diablo_forced(d[1], n, forced)
        return rc, d[2]
    if g == GAME_RAZZ:
        rc = _razz_hand(table, r[0], rng, r[1], r[2])
        if want_forced:
            _razz_forced(r[1], n, forced)
        return rc, r[2]
    if g == GAME_IN_BETWEEN:
        rc = _in_between_hand(table, i[0], rng, i[1], i[2])
        if want_forced:
            _in_between_forced(i[1], n, forced)
        return rc, i[2]
    rc = _triple_draw_hand(table, t[0], rng, t[1], t[2])
    if want_forced:
        _triple_draw_forced(t[1], n, forced)
    return rc, t[2]


@njit(cache=True, nogil=True)
def _play_dealers_choice(count, stacks, end, strategy, prefs, allowed, kernels, rng, outs, game_deals, log):
    """Play ``count`` Dealer's Choice evenings (module docstring) into ``outs`` (and
    ``game_deals[g]``: deals of game ``g``); ``kernels`` holds ``(game, work, record)`` of
    Diablo, 2-7, Razz and In-Between.  Returns the log rows wanted, or a negative error."""
    n = stacks.shape[0]
    table, broke_at, before, forced, share, tmp, errors, total = evening_scratch(stacks, outs)
    agreed = end[END_DEALS]
    want_forced = log.shape[0] > 0
    row = 0
    for e in range(count):
        new_evening(table, stacks, broke_at, rng)
        chooser = table[TABLE_DEALER]
        caller = -1  # who called the running Diablo series
        while True:
            n_in = seats_in(table)
            if table[TABLE_CARRIED] > 0:
                if n_in == 0:
                    break
                if n_in == 1:  # nobody to finish the series with: the last player takes the pot
                    keep_stacks(table, before)
                    _diablo_lone(table, kernels[0][2])
                    if want_forced:
                        for s in range(n):
                            forced[s] = 0
                        row = log_hand(log, row, e, GAME_DIABLO, kernels[0][2], before, forced, table)
                    table[TABLE_DEALER] = caller
                    next_dealer(table)
                    chooser = table[TABLE_DEALER]
                    continue
                g = GAME_DIABLO
            else:
                if n_in < 2 or (agreed > 0 and table[TABLE_DEAL] >= agreed):
                    break
                g = _choose(prefs, chooser, allowed, n_in, rng)
                if g < 0:
                    break
                table[TABLE_DEALER] = chooser
                if g == GAME_DIABLO:
                    caller = chooser
            if table[TABLE_DEAL] >= end[END_MAX_DEALS]:
                return RC_RUNAWAY
            keep_stacks(table, before)
            rc, record = _play(g, table, kernels, rng, forced, n, want_forced)
            if rc < 0:
                errors[0] += 1
                return rc
            game_deals[g] += 1
            after_hand(table, broke_at, total, outs, share)
            if table_chips(table) != total:
                errors[1] += 1
            if want_forced:
                row = log_hand(log, row, e, g, record, before, forced, table)
            if g == GAME_DIABLO and table[TABLE_CARRIED] > 0:
                next_dealer(table)  # the series goes on: the next deal is dealt from the left
                continue
            # the next chooser: left of who called Diablo, else left of this dealer
            table[TABLE_DEALER] = caller if g == GAME_DIABLO else chooser
            next_dealer(table)
            chooser = table[TABLE_DEALER]
        finish_evening(table, broke_at, total, agreed, table[TABLE_DEAL], strategy, outs, share, tmp)
    return row


@dataclass(frozen=True)
class DealersChoiceJob:
    """Dealer's Choice evenings of ``players`` (``STRATEGY@CHOICE``) with the agreed ``games``
    and each game's ``rules``; ``prefs`` is each seat's preference row (game ids by rank, or
    ``RANDOM``)."""

    players: tuple[str, ...]
    games: tuple[str, ...]
    rules: tuple[Any, ...]  # one per game of GAMES
    deals: int
    stacks_each: int
    prefs: tuple[tuple[int, ...], ...]
    band_deals: int = 200
    max_deals: int = 1_000_000
    chunk_size: int = 128
    game: str = field(default="dealers-choice", init=False)

    name: ClassVar[str] = "evening_dealers_choice"

    def worst_se(self, totals: dict[str, Any]) -> float:
        """The largest SE of each seat's chance of winning the evening (``win_se``)."""
        from ..runner import stats

        return stats.worst(stats.mean_se(totals["win"], totals["win_sq"], totals["trials"])[1])

    def params(self) -> dict:
        return {
            "players": list(self.players),
            "games": list(self.games),
            "rules": [repr(r) for r in self.rules],
            "deals": self.deals,
            "stacks": self.stacks_each,
            "prefs": [list(p) for p in self.prefs],
            "band_deals": self.band_deals,
        }

    def stacks(self) -> np.ndarray:
        return np.full(len(self.players), self.stacks_each, dtype=np.int64)

    def _kernels(self, log_capacity: int) -> tuple:
        out = []
        for game, rules in zip(GAMES, self.rules, strict=True):
            specs = [game_spec(game, parse_seat(p)[0]) for p in self.players]
            if game == "diablo" and len(specs) < 3:  # never dealt: any three seats fill the tuple
                specs = (specs * 3)[:3]
            k = SETUPS[game].jobs.evening_kernel(specs, rules, log_capacity=log_capacity)
            out.append((k.game, k.work, k.record))
        return tuple(out)

    def play(self, count: int, seed: SeedLike, log_rows: int = 0) -> tuple[tuple, np.ndarray, np.ndarray]:
        """Play ``count`` evenings from ``seed``: statistics, deals per game, and the log."""
        names = list(dict.fromkeys(self.players))
        strategy = np.array([names.index(p) for p in self.players], dtype=np.int64)
        n = len(self.players)
        end = np.array([0, self.deals, 2, self.max_deals], dtype=np.int64)
        allowed = np.array([g in self.games for g in GAMES], dtype=np.int64)
        prefs = np.array(self.prefs, dtype=np.int64)
        while True:
            outs = new_outs(n, len(names), self.band_deals, int(self.stacks().sum()))
            game_deals = np.zeros(len(GAMES), dtype=np.int64)
            log = np.zeros((log_rows, log_columns(n)), dtype=np.int64)
            rc = _play_dealers_choice(
                count,
                self.stacks(),
                end,
                strategy,
                prefs,
                allowed,
                self._kernels(LOG_ACTIONS if log_rows else 0),
                stream_state(seed),
                outs,
                game_deals,
                log,
            )
            if rc == RC_RUNAWAY:  # the settings, not the code: stacks too deep for the stakes
                raise ValueError(
                    f"a dealer's choice evening ran past {self.max_deals:,} deals without an end: "
                    f"stacks {self.stacks().tolist()} are too deep to play to the last chip; agree a "
                    "length (deals=) or bring fewer chips"
                )
            if rc < 0:
                raise RuntimeError(f"the dealer's choice kernel failed with code {rc}")
            if rc <= log_rows:
                return outs, game_deals, log[:rc]
            log_rows = rc

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        outs, game_deals, _ = self.play(trials, seed)
        return dict(zip(OUT_NAMES, outs, strict=True)) | {"game_deals": game_deals}


def measure_edges(
    players: Sequence[str],
    games: Sequence[str],
    rules: Mapping[str, Any],
    stacks: int,
    evenings: int,
    seed: SeedLike,
) -> pd.DataFrame:
    """Each seat's edge in each game at this table: chips won per deal in single-game evenings
    of :data:`EDGE_DEALS` deals (In-Between: one dealer's game each) with the same strategies."""
    from .jobs import evening

    seats = [parse_seat(p)[0] for p in players]
    rows = []
    for game in games:
        s = SETUPS[game]
        if not s.min_players <= len(seats) <= s.max_players:
            continue
        ev = evening(
            game,
            [game_spec(game, k) for k in seats],
            evenings=evenings,
            rules=rules.get(game),
            deals=1 if game == "in-between" else EDGE_DEALS,
            stacks=stacks,
            seed=seed,
            quiet=True,
        )
        per_deal = (ev.seats["final_chips"] - stacks) / ev.summary["mean_deals"]
        for seat, edge in enumerate(per_deal):
            rows.append({"game": game, "seat": seat, "strategy": seats[seat], "edge": float(edge)})
    return pd.DataFrame(rows)


def _prefs(players: Sequence[str], games: Sequence[str], edges: pd.DataFrame | None) -> tuple:
    rows: list[tuple[int, ...]] = []
    for seat, spec in enumerate(players):
        strategy, choice = parse_seat(spec)
        if choice == "random":
            rows.append((RANDOM, -1, -1, -1))
            continue
        if choice == "best":
            assert edges is not None
            e = edges[edges["seat"] == seat].sort_values("edge", ascending=False, kind="stable")
            order = [GAMES.index(g) for g in e["game"]]
        else:
            order = [GAMES.index(choice)]
        order += [GAMES.index(g) for g in games if GAMES.index(g) not in order]
        rows.append(tuple(order + [-1] * (4 - len(order))))
    return tuple(rows)


def dealers_choice(
    players: Sequence[str] | None = None,
    *,
    games: Sequence[str] | None = None,
    evenings: int = 1000,
    rules: Mapping[str, Any] | None = None,
    deals: int = DEFAULT_DEALS,
    stacks: int = 200,
    seed: SeedLike = None,
    log: int = 0,
    edges: pd.DataFrame | None = None,
    edge_evenings: int = 200,
    chunk_size: int | None = None,
    threads: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    checkpoint: str | os.PathLike | None = None,
    quiet: bool = False,
) -> Evening:
    """Play ``evenings`` Dealer's Choice evenings (module docstring).

    Parameters
    ----------
    players
        ``STRATEGY@CHOICE`` per seat (default: ``tips@best`` against ``tight@random``,
        ``loose-aggressive@random``, ``passive@random``, ``tight@random``).
    games
        The agreed set of games (default all four).
    rules
        The rules of each game by name (``{"razz": razz.Rules(variant="stud")}``); default
        each game's defaults.
    deals
        The agreed time in deals (0: to the last player); a running Diablo series is finished.
    stacks
        Chips each player brings.
    edges
        The table of :func:`measure_edges` for ``best`` players; default measured here with
        ``edge_evenings`` evenings per game.
    seed, log, chunk_size, threads, workers, scheduler, checkpoint, quiet
        As :func:`simkit.evening`.

    Returns
    -------
    Evening
        As :func:`simkit.evening`; ``summary`` adds the share of deals of each game, and
        ``edges`` the edges the ``best`` players chose by.

    Examples
    --------
    >>> dealers_choice(["tips@best", "tight@diablo"], games=["razz"], evenings=1)
    Traceback (most recent call last):
    ...
    ValueError: choice 'diablo' of 'tight@diablo' is not in the agreed games razz
    """
    if players is None:
        players = ["tips@best", "tight@random", "loose-aggressive@random", "passive@random", "tight@random"]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a list of STRATEGY@CHOICE specs, got {players!r}")
    players = [str(p) for p in players]
    games = GAMES if games is None else games
    if isinstance(games, str) or not games or any(g not in GAMES for g in games):
        raise ValueError(f"games must be a non-empty list of {', '.join(GAMES)}, got {games!r}")
    games = list(dict.fromkeys(games))
    specs = [parse_seat(p) for p in players]
    for p, (_, choice) in zip(players, specs, strict=True):
        if choice in GAMES and choice not in games:
            raise ValueError(f"choice {choice!r} of {p!r} is not in the agreed games {', '.join(games)}")
    lo = min(SETUPS[g].min_players for g in games)
    hi = min(SETUPS[g].max_players for g in games)
    if not max(lo, 2) <= len(players) <= hi:
        raise ValueError(
            f"a dealer's choice of {', '.join(games)} seats {max(lo, 2)} to {hi} players, got {len(players)}"
        )
    positive_int(evenings, "evenings")
    positive_int(stacks, "stacks")
    non_negative_int(deals, "deals")
    non_negative_int(log, "log")
    rules = dict(rules or {})
    unknown = set(rules) - set(GAMES)
    if unknown:
        raise ValueError(f"rules for unknown games {sorted(unknown)}; expected names of {', '.join(GAMES)}")
    game_rules = tuple(SETUPS[g].rules(rules.get(g)) for g in GAMES)
    root = as_seed_sequence(seed)
    if edges is None and any(c == "best" for _, c in specs):
        edges = measure_edges(players, games, rules, stacks, edge_evenings, chunk_seed(root, 2**20))
    job = DealersChoiceJob(
        tuple(players), tuple(games), game_rules, int(deals), int(stacks), _prefs(players, games, edges)
    )
    totals = run(
        job,
        evenings,
        seed=root,
        chunk_size=chunk_size,
        threads=threads,
        workers=workers,
        scheduler=scheduler,
        checkpoint=checkpoint,
        quiet=quiet,
    )
    if totals["errors"][1]:
        raise RuntimeError(f"chips were not conserved in {int(totals['errors'][1])} dealer's choice hands")
    size = chunk_size or job.chunk_size
    parts = []
    for i in range(-(-min(log, evenings) // size)):
        k = min(size, min(log, evenings) - i * size)
        _, _, rows = job.play(k, chunk_seed(root, i), log_rows=max(64, 256 * k))
        rows[:, 0] += i * size
        parts.append(rows)
    logged = np.concatenate(parts) if parts else None
    ev = Evening.from_totals(job, totals, logged)
    deals_by_game = np.asarray(totals["game_deals"], dtype=float)
    ev.summary.update(
        {
            f"share_{g}": float(x)
            for g, x in zip(GAMES, deals_by_game / max(deals_by_game.sum(), 1), strict=True)
        }
    )
    if edges is not None:
        ev.edges = edges
    return ev
