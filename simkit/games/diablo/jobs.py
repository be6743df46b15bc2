"""Diablo's runner jobs and its Python entry points.

- :class:`SeriesJob` a runner job playing Diablo series (one trial = one series, played to
  its end, :func:`~.engine._series_kernel`), :func:`simulate` which runs it and
  :func:`summarize` which turns its totals into tables;
- :class:`ShowdownJob` showdown shares of dealt hands against drawing opponents
  (:mod:`.equity`) and :func:`showdown_table` which runs and tabulates it;
- :func:`play_deals` plays given or random deals one by one through the same kernel
  (:func:`~.engine._play_hand`; the rule document's worked example is a test) and returns
  what happened, deal by deal;
- :func:`make_game` the read-only ``game`` tuple of the kernels from players and rules;
- :func:`hand_kernel` and :func:`evening_kernel` the kernels of the common table interface
  (one deal; whole evenings to the end rule R-E4).

Parameters have the same names as in every game: ``players`` (one player spec per seat,
:mod:`.strategies`), ``rules`` (:class:`~.rules.Rules`, stacks included), ``hands`` (series
to play, each to its end), ``trials`` (Monte Carlo samples), ``seed`` and ``**run_options``
for :func:`simkit.runner.run`.

Examples
--------
>>> r = simulate(["trips"] * 4, 2000, seed=1, quiet=True)
>>> r.totals["cnt"][0], int(r.summary["chip_errors"])
(np.int64(2000), 0)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import cast

import numpy as np
import pandas as pd

from ...cards import N_CARDS, format_cards, parse_cards
from ...checks import INT_LIMIT, is_int, record_capacity
from ...memory import private_zeros
from ...poker.history import format_history
from ...rng import SeedLike, stream_state
from ...runner import run, stats
from ..evening import END_SERIES, GAME_DIABLO, EveningKernel
from ..table import (
    TABLE_CARRIED,
    TABLE_DEALER,
    TABLE_STACK,
    HandKernel,
    drop_broke,
    new_table,
    next_dealer,
)
from .engine import (
    COUNTS,
    LEN_BINS,
    MIN_PLAYERS,
    POT_BINS,
    POT_GAMES,
    REC_OPENER,
    REC_OPENER_WON,
    REC_PENALTY,
    REC_POT,
    REC_SCRIPT_USED,
    REC_SIZE,
    SEAT_SUMS,
    SUMS,
    _new_work,
    _play_evenings,
    _play_one,
    _series_kernel,
    pack_policy,
)
from .equity import _showdown_kernel, tabulate
from .equity import new_totals as new_showdown_totals
from .keep_table import policy_table
from .rules import Rules, category_of_strength, tables
from .solver import equity_weights
from .strategies import KIND_NAMES, NEVER, PlayerArrays, player
from .strategies import players as player_arrays

__all__ = [
    "DealRecord",
    "SeriesJob",
    "SeriesResult",
    "ShowdownJob",
    "evening_kernel",
    "hand_kernel",
    "make_game",
    "new_totals",
    "play_deals",
    "showdown_table",
    "simulate",
    "summarize",
]


@lru_cache(maxsize=4)
def _tabs(variant: str):
    pol = policy_table(variant)
    # keep and pre-draw score of a hand in one uint32: one cache miss per hand, not two
    return (tables(), pack_policy(pol.mask, pol.value), equity_weights(2))


def _player_arrays(specs) -> PlayerArrays:
    if not 3 <= len(specs) <= 7:
        raise ValueError(f"Diablo is for 3-7 players, got {len(specs)}")
    return player_arrays(specs)


_NO_DECK = np.zeros(0, dtype=np.int64)
_NO_SCRIPT = np.zeros((0, 3), dtype=np.int64)


def make_game(
    players: PlayerArrays,
    rules: Rules,
    fixed_deck: np.ndarray | None = None,
    fixed_keep: np.ndarray | None = None,
    script: np.ndarray | None = None,
) -> tuple:
    """The read-only ``game`` tuple of :func:`~.engine._play_hand` (engine docstring):
    ``(structure, cfg, players, tabs, fixed_deck, fixed_keep, script)``; without the replay
    arguments the cards are shuffled and the strategies decide."""
    n = players.kinds.size
    return (
        rules.structure(),
        rules.config(),
        tuple(players),
        _tabs(rules.variant),
        _NO_DECK if fixed_deck is None else fixed_deck,
        -np.ones(n, dtype=np.int64) if fixed_keep is None else fixed_keep,
        _NO_SCRIPT if script is None else script,
    )


def hand_kernel(players, rules: Rules | None = None, *, log_capacity: int = 0) -> HandKernel:
    """The hand kernel of a Diablo table with one player spec per seat (common table
    interface, :mod:`simkit.games.table`): one deal, with the carried pot and the opener's
    obligation in ``table``; ``log_capacity`` actions of each deal are recorded.

    >>> from simkit.games.table import chips_on_table, new_table
    >>> from simkit.rng import stream_state
    >>> kernel = hand_kernel(["two_pair", "trips", "two_pair", "pair"])
    >>> table = new_table([100] * 4)
    >>> kernel(table, stream_state(3)) >= 0, chips_on_table(table)
    (True, 400)
    """
    rules = rules or Rules()
    log_capacity = record_capacity(log_capacity)
    arrays = player_arrays(list(players))
    n = arrays.kinds.size
    if not 3 <= n <= 7:
        raise ValueError(f"Diablo is for 3-7 players, got {n}")
    return HandKernel(
        _play_one,
        make_game(arrays, rules),
        _new_work(n, log_capacity, np.array([-1, 0], dtype=np.int64)),
        np.zeros(REC_SIZE, dtype=np.int64),
    )


def evening_kernel(players, rules: Rules | None = None, *, log_capacity: int = 0) -> EveningKernel:
    """The evening kernel of a Diablo table with one player spec per seat (3-7): deals with the
    chips carried over until the agreed deals are played or fewer than three players have
    chips, a running series always played to its end by those left (R-E4,
    :func:`~.engine._play_evenings`).  ``log_capacity``: actions a deal's record holds (the
    evening log reads the antes posted from it: at least the number of seats).

    The deal passes left after every deal, so ``rules.dealers_choice`` (the series kernel's
    dealer rule) is refused; ``rules.stacks``, ``session`` and ``max_deals`` are not read (the
    evening's stacks and deal guard are arguments of the kernel).

    >>> kernel = evening_kernel(["trips", "two_pair", "pair:bluff=0.1"])
    >>> kernel.min_players, kernel.end_kind == END_SERIES
    (3, True)
    >>> evening_kernel(["trips", "trips"])
    Traceback (most recent call last):
    ...
    ValueError: Diablo is for 3-7 players, got 2
    >>> evening_kernel(["trips", "never", "jacks:kind=check-call"])
    Traceback (most recent call last):
    ...
    ValueError: players 'never', 'jacks:kind=check-call' never open: left alone with a pot in the middle they could never finish the series (R-E4); seat at most one player who never opens
    """
    rules = rules or Rules()
    log_capacity = record_capacity(log_capacity)
    if rules.dealers_choice:
        raise ValueError(
            f"dealers_choice={rules.dealers_choice!r} is a series rule: "
            "at a Diablo evening the deal passes left after every deal"
        )
    arrays = _player_arrays(list(players))
    never = _never_open(arrays)
    if never.sum() >= 2:
        names = ", ".join(repr(str(p)) for p, x in zip(players, never, strict=True) if x)
        raise ValueError(
            f"players {names} never open: left alone with a pot in the middle they could never "
            "finish the series (R-E4); seat at most one player who never opens"
        )
    return EveningKernel(
        _play_evenings,
        make_game(arrays, rules),
        _new_work(arrays.kinds.size, int(log_capacity), np.array([-1, 0], dtype=np.int64)),
        np.zeros(REC_SIZE, dtype=np.int64),
        END_SERIES,
        MIN_PLAYERS,
        GAME_DIABLO,
    )


def _never_open(arrays) -> np.ndarray:
    """Seats that never open: check-call players, and threshold players with no opening level
    and no bluff."""
    check_call = arrays.kinds == KIND_NAMES.index("check-call")
    threshold = arrays.kinds >= KIND_NAMES.index("tight")
    return check_call | (threshold & (arrays.open_floor >= NEVER) & (arrays.bluff <= 0))


def _with_stacks(rules: Rules, stacks) -> Rules:
    """``rules`` with ``stacks`` (the old keyword) when given; :class:`.rules.Rules` checks
    them (one count, or one per seat, each an integer: ``inf`` or ``1.5`` is refused, not cut)."""
    return rules if stacks is None else replace(rules, stacks=stacks)


@dataclass(frozen=True)
class SeriesJob:
    """Play Diablo series: one trial is one series, played to its end (runner contract,
    :mod:`simkit.runner`): ``trials`` series are ``hands`` of :func:`simulate`.

    ``players`` one player spec per seat (3-7); ``rules`` a :class:`~.rules.Rules`, whose
    ``stacks`` the players start with; ``stacks`` (the old field) overrides them when given.
    ``force = (seat, mode)``: the first time in a series that ``seat`` may open with a hand
    below its threshold, it opens anyway (mode 1, a bluff) or checks (mode 2); the series
    results of the forced seat in those series are summed apart (``forced*``, tip D5);
    (-1, 0) = no forcing.  ``carried`` > 0: every series starts with a Diablo pot of that many
    chips in the middle (paid before it by an opener who lost; not from the stacks), played
    for without ante (R-D5).
    """

    players: tuple = ("trips", "trips", "trips", "trips", "trips")
    rules: Rules = field(default_factory=Rules)
    stacks: int | tuple | None = None
    force: tuple[int, int] = (-1, 0)
    name: str = "diablo_series"
    chunk_size: int = 1 << 14
    carried: int = 0

    def __post_init__(self):
        if not is_int(self.carried) or self.carried < 0:
            raise ValueError(f"carried must be a whole number of chips >= 0, got {self.carried!r}")

    def _rules(self) -> Rules:
        return _with_stacks(self.rules, self.stacks)

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the chips each seat wins per series (the seats table)."""
        return stats.worst(summarize(totals).seats["se"].to_numpy())

    def params(self) -> dict:
        ps = [player(p) for p in self.players]
        rules = asdict(self._rules())
        st = rules["stacks"]
        rules["stacks"] = int(st) if np.ndim(st) == 0 else [int(x) for x in st]
        out: dict = {"players": [p.spec() for p in ps], "rules": rules, "force": list(self.force)}
        if self.carried:
            out["carried"] = int(self.carried)
        return out

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        arrays = _player_arrays(list(self.players))
        n = arrays.kinds.size
        rules = self._rules()
        stacks = rules.seat_stacks(n)
        out = new_totals(n)
        force = np.array([self.force[0], self.force[1]], dtype=np.int64)
        _series_kernel(
            trials,
            make_game(arrays, rules),
            stacks,
            force,
            stream_state(seed),
            out["cnt"],
            out["acc"],
            out["seat"],
            out["deuce"],
            out["len_hist"],
            out["pot_hist"],
            out["pot_game"],
            out["max_pot"],
            out["max_len"],
            int(self.carried),
        )
        if out["cnt"][COUNTS.index("max_deals")]:  # the players' levels never end a series: bad input
            raise ValueError(
                f"a Diablo series ran past max_deals={rules.max_deals} deals without an opener winning "
                "(do the players ever open?); no figure is produced from it"
            )
        return out


def new_totals(n_seats: int) -> dict[str, np.ndarray]:
    """Zeroed statistic arrays of :func:`~.engine._series_kernel` for a table of ``n_seats``.

    ``max_pot`` and ``max_len`` (the largest pot and the longest series) are maxima: the runner
    merges chunks' ``max_...`` results by their maximum.  The sums the kernel updates hand by
    hand sit on cache lines of their own (:mod:`simkit.memory`).
    """
    return {
        "max_pot": np.zeros(1, np.int64),
        "max_len": np.zeros(1, np.int64),
        "cnt": private_zeros(len(COUNTS), np.int64),
        "acc": private_zeros(len(SUMS)),
        "seat": private_zeros((n_seats, len(SEAT_SUMS))),
        "deuce": private_zeros((5, 4)),
        "len_hist": private_zeros(LEN_BINS, np.int64),
        "pot_hist": private_zeros(POT_BINS, np.int64),
        "pot_game": private_zeros((POT_GAMES, 3)),
    }


@dataclass
class SeriesResult:
    """Totals of a :class:`SeriesJob` run and the tables made from them."""

    totals: dict
    summary: pd.Series
    seats: pd.DataFrame
    deuces: pd.DataFrame
    lengths: pd.DataFrame  # series by games played: count, share and its SE
    pots: pd.DataFrame  # mean pot by game number in the series, with its SE
    final_pots: pd.DataFrame  # final pot of a series by powers of two [from, to)


def _ms(tot, key, key2, n):
    return stats.mean_se(tot[key], tot[key2], n) if n > 1 else (float("nan"), float("nan"))


def summarize(totals: dict) -> SeriesResult:
    """Tables from the totals of :class:`SeriesJob` (every mean with its standard error)."""
    cnt = dict(zip(COUNTS, totals["cnt"].tolist()))
    acc = dict(zip(SUMS, totals["acc"].tolist()))
    n_series, n_games = max(cnt["series"], 1), max(cnt["games"], 1)
    rows = {}
    for key, value in cnt.items():
        rows[key] = value
        if key == "penalties":
            rows["penalty_chips"] = int(acc["penalty"])  # from a float sum: chips of any size never wrap
    rows["max_pot"] = int(totals["max_pot"][0])
    rows["max_len"] = int(totals["max_len"][0])
    for name, n in (
        ("len", n_series),
        ("deals", n_series),
        ("final_pot", n_series),
        ("first_pot", n_series),
        ("growth", n_series),
        ("opener_net", n_games),
        ("pot", n_games),
        ("forced_net", max(int(acc["forced"]), 1)),
    ):
        m, se = _ms(acc, name, name + "2", n) if n > 1 else (float("nan"), float("nan"))
        rows[f"mean_{name}"], rows[f"se_{name}"] = m, se
    rows["opener_win_rate"], rows["se_opener_win_rate"] = stats.proportion(cnt["opener_wins"], n_games)
    rows["penalty_rate"], rows["se_penalty_rate"] = stats.proportion(cnt["penalties"], n_games)
    rows["void_rate"], rows["se_void_rate"] = stats.proportion(cnt["voids"], max(cnt["deals"], 1))
    rows["forced"] = int(acc["forced"])
    rows["dead_to_opener"] = acc["dead_to_opener"]
    rows["dead_to_others"] = acc["dead_to_others"]
    seat = totals["seat"]
    srows = []
    for s in range(seat.shape[0]):
        d = dict(zip(SEAT_SUMS, seat[s].tolist()))
        net, net_se = _ms(d, "net", "net2", n_series)
        k = max(int(d["opened"]), 1)
        on, on_se = _ms(d, "open_net", "open_net2", k) if d["opened"] > 1 else (float("nan"),) * 2
        # shares of games and of hands dealt, their SEs binomial (as opener_win_rate's)
        opened, opened_se = stats.proportion(d["opened"], n_games)
        won, won_se = stats.proportion(d["won"], max(d["dealt"], 1))
        srows.append(
            {
                "seat": s,
                "net_per_series": net,
                "se": net_se,
                "opened_per_game": opened,
                "opened_per_game_se": opened_se,
                "open_net": on,
                "open_net_se": on_se,
                "penalty_paid": d["penalty"],
                "win_rate": won,
                "win_rate_se": won_se,
            }
        )
    deuce = totals["deuce"]
    drows = []
    for deuces in range(5):
        c = int(deuce[deuces, 0])
        if c < 2:
            continue
        p, pse = stats.proportion(int(deuce[deuces, 1]), c)
        m, mse = stats.mean_se(deuce[deuces, 2], deuce[deuces, 3], c)
        drows.append({"deuces": deuces, "hands": c, "win": p, "win_se": pse, "net": m, "net_se": mse})
    lh = totals["len_hist"]
    share, share_se = stats.proportion(lh, max(int(lh.sum()), 1))
    lengths = pd.DataFrame({"games": np.arange(LEN_BINS), "series": lh, "share": share, "share_se": share_se})
    lengths = lengths[lengths.games > 0]
    pg = totals["pot_game"]
    count = pg[:, 0]
    pot_mean, pot_se = stats.mean_se(pg[:, 1], pg[:, 2], np.maximum(count, 1))
    # a series adds one pot to each bin but the last, which pools its games from POT_GAMES on:
    # those are not independent, so the last bin has no SE
    pot_se[count < 2] = np.nan
    pot_se[-1] = np.nan
    pots = pd.DataFrame(
        {
            "game": np.arange(1, POT_GAMES + 1),
            "games": count,
            "mean_pot": np.where(count > 0, pot_mean, np.nan),
            "mean_pot_se": pot_se,
        }
    )
    ph = totals["pot_hist"]
    final_pots = pd.DataFrame(
        {
            "from": 2 ** np.arange(ph.size),
            "to": 2 ** np.arange(1, ph.size + 1),
            "series": ph,
            "share": ph / max(ph.sum(), 1),
        }
    )
    return SeriesResult(
        totals,
        pd.Series(rows),
        pd.DataFrame(srows),
        pd.DataFrame(drows),
        lengths,
        pots[pots.games > 0].reset_index(drop=True),
        final_pots[final_pots.series > 0].reset_index(drop=True),
    )


def simulate(
    players,
    hands: int | None = None,
    rules: Rules | None = None,
    stacks=None,
    force: tuple[int, int] = (-1, 0),
    seed=0,
    *,
    n_series: int | None = None,
    carried: int = 0,
    **run_options,
) -> SeriesResult:
    """Play ``hands`` Diablo series with ``players`` (one per seat, 3-7) and summarize.

    Parameters
    ----------
    players
        Per seat a player spec: a :class:`~.strategies.Player` or its text (``"trips"``,
        ``"two_pair:bluff=0.1"`` …).
    hands
        Series to play, each to its end (each a trial of the runner); ``n_series`` is its
        old name.
    rules
        :class:`~.rules.Rules` (default R-D6, stacks of 100).
    stacks
        Starting chips, one number or one per seat: overrides ``rules.stacks`` (old keyword).
    force, carried
        See :class:`SeriesJob` (``carried``: every series starts with a Diablo pot of that
        many chips).
    seed, run_options
        Passed to :func:`simkit.runner.run` (workers, quiet, checkpoint, …).
    """
    if n_series is not None:
        if hands is not None:
            raise TypeError("give hands or its old name n_series, not both")
        hands = n_series
    if hands is None:
        raise TypeError("simulate() needs hands, the number of series to play")
    rules = _with_stacks(rules or Rules(), stacks)
    # force may come as a list; its pair shape is the caller's contract, not checked here
    job = SeriesJob(tuple(players), rules, None, cast("tuple[int, int]", tuple(force)), carried=carried)
    _player_arrays(list(job.players))
    rules.seat_stacks(len(job.players))
    return summarize(run(job, hands, seed=seed, **run_options))


# --- showdown shares against drawing opponents --------------------------------------------------


@dataclass(frozen=True)
class ShowdownJob:
    """Showdown shares by dealt class against 1-6 opponents, everyone drawing by the policy."""

    name: str = "diablo_showdown"
    chunk_size: int = 1 << 16

    def params(self) -> dict:
        return {"opponents": 6, "policy": "equity2"}

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        out = new_showdown_totals()
        _showdown_kernel(
            trials,
            policy_table().mask,
            tables(),
            category_of_strength(),
            stream_state(seed),
            out["count"],
            out["share"],
            out["share_sq"],
            out["final_cat"],
        )
        return out


def showdown_table(trials: int, by: str = "class", seed=0, **run_options) -> pd.DataFrame:
    """Run :class:`ShowdownJob` and tabulate it: one row per dealt group and opponent count.

    Parameters
    ----------
    trials
        Deals to simulate.
    by
        ``"class"``: category as dealt and deuces held; ``"deuces"``: deuces held only.
    seed, run_options
        Passed to :func:`simkit.runner.run` (workers, quiet, …).

    Returns
    -------
    pandas.DataFrame
        ``pat_category`` (for ``by="class"``), ``deuces``, ``hands`` (trials in the group),
        ``frequency``, ``opponents``, ``win`` (mean showdown share; with one opponent it is
        the percentile among final hands) and ``win_se``, ``fair`` (``1/(n+1)``).  Groups
        dealt fewer than twice are left out.  ``df.attrs["final_cat"]`` holds the hero's
        final-category counts per class (category as dealt x 5 + deuces).
    """
    return tabulate(run(ShowdownJob(), trials, seed=seed, **run_options), by)


# --- replaying given hands --------------------------------------------------------------------


@dataclass
class DealRecord:
    """What happened in one deal played by :func:`play_deals`."""

    outcome: str  # "void", "showdown" or "no showdown"
    dealer: int
    opener: int
    pot: int
    payout: list[int]
    penalty: int
    stacks: list[int]  # after the deal and any Diablo payment
    hands: list[str]  # final hands ("" for a seat not dealt in)
    strengths: list[int]
    history: str
    dealt: list[str] = field(default_factory=list)  # hands as dealt
    start: list[int] = field(default_factory=list)  # stacks before the deal
    dead_in: int = 0  # chips already in the pot (a void deal's pot, or a Diablo pot)
    log: np.ndarray | None = None  # the action record, columns G_* of simkit.poker.table_state
    opener_won: bool = False  # the opener won the pot or a share of it (R-D5, R-D9)


def _check_script(deal, number: int, n: int) -> None:
    """Refuse a deal script (:func:`play_deals`) that is not a dict of ``hands`` (one card
    string per seat), ``draw`` (cards), ``keep`` (one entry per seat) and ``actions``
    (``(seat, action, to)`` triples), naming the deal and what is wrong."""
    from ...poker.actions import ACTION_NAMES

    def bad(what: str) -> ValueError:
        return ValueError(f"deal {number}: {what}")

    if not isinstance(deal, dict):
        raise bad(
            f"a deal is None (dealt at random) or a dict of hands, draw, keep and actions, got {deal!r}"
        )
    unknown = sorted(set(deal) - {"hands", "draw", "keep", "actions"}, key=str)
    if unknown:
        raise bad(f"unknown keys {unknown}; a deal has hands, draw, keep and actions")
    hands, keep = deal.get("hands"), deal.get("keep", [None] * n)
    if not isinstance(hands, (list, tuple)) or len(hands) != n or not all(isinstance(h, str) for h in hands):
        raise bad(f"hands must be one card string per seat ({n}), got {hands!r}")
    if not isinstance(deal.get("draw", ""), str):
        raise bad(f"draw must be a card string, got {deal['draw']!r}")
    if (
        not isinstance(keep, (list, tuple))
        or len(keep) != n
        or not all(k is None or isinstance(k, str) for k in keep)
    ):
        raise bad(f"keep must be one card string or None per seat ({n}), got {keep!r}")
    actions = deal.get("actions")
    if not isinstance(actions, (list, tuple)):
        raise bad(f"actions must be a list of (seat, action, to), got {actions!r}")
    for a in actions:
        if (
            not isinstance(a, (list, tuple))
            or len(a) != 3
            or not is_int(a[0])
            or not 0 <= a[0] < n
            or a[1] not in ACTION_NAMES
            or not is_int(a[2])
            or not 0 <= a[2] <= INT_LIMIT
        ):
            raise bad(
                f"an action is (seat 0..{n - 1}, one of {', '.join(ACTION_NAMES)}, chips to), got {a!r}"
            )


def play_deals(
    deals: list[dict | None],
    stacks=None,
    rules: Rules | None = None,
    dealer: int = 0,
    names: list[str] | None = None,
    players=None,
    seed: SeedLike = 0,
) -> list[DealRecord]:
    """Play deals one by one through the compiled engine (:func:`~.engine._play_hand` on one
    table), applying R-D4/R-D5 between them.

    A deal given as a dict is replayed: ``hands`` (a card string per seat as dealt; ``""``
    for a seat without chips), ``draw`` (the cards handed out at the draw, in draw order from
    the dealer's left), ``keep`` (per seat the cards kept; ``None`` = all) and ``actions``
    (``(seat, action, to)`` with action names ``fold check call bet raise``).  A deal given
    as ``None`` is dealt at random (``seed``) and played by ``players`` (player specs; default:
    nobody ever opens), drawing by the policy.  The table starts with ``stacks`` (one per
    seat; default ``rules.stacks``); a player without chips is out; the deal passes left after
    every deal; play stops early when fewer than two players have chips.

    >>> recs = play_deals([{"hands": ["Ah Kh 9h 7h 5h", "9c 8d 7s 4c 3d", "Qs Jd 6c 5d 4s"],
    ...                     "draw": "", "keep": [None, None, None],
    ...                     "actions": [(1, "check", 0), (2, "check", 0), (0, "check", 0)]}],
    ...                   stacks=[10, 10, 10])
    >>> recs[0].outcome, recs[0].pot, recs[0].stacks
    ('void', 3, [9, 9, 9])
    """
    from ...poker.actions import ACTION_NAMES
    from ...poker.table_state import Table

    rules = _with_stacks(rules or Rules(), stacks)
    if np.ndim(rules.stacks) == 0 and players is None:
        raise ValueError(f"stacks must be one per seat without players, got {rules.stacks!r}")
    # np.ndim tells the per-seat tuple from the one int, which mypy cannot follow
    n = len(cast("tuple[int, ...]", rules.stacks)) if np.ndim(rules.stacks) else len(players)
    table = new_table(rules.seat_stacks(n), dealer)
    arrays = player_arrays(list(players) if players is not None else ["never"] * n)
    if arrays.kinds.size != n:
        raise ValueError(f"got {arrays.kinds.size} players for {n} seats")
    if not isinstance(deals, (list, tuple)):
        raise ValueError(f"deals must be a list of deal scripts or None, got {deals!r}")
    for number, deal in enumerate(deals, 1):
        if deal is not None:
            _check_script(deal, number, n)
    random_game = make_game(arrays, rules)
    names = names or [f"Seat {s}" for s in range(n)]
    work = _new_work(n, 256, np.array([-1, 0], dtype=np.int64))
    st, deck, h, pat, _dd, final, _scores, _draws, payout = work[:9]
    record = np.zeros(REC_SIZE, dtype=np.int64)
    out: list[DealRecord] = []
    rng = stream_state(seed)
    for deal in deals:
        stacks_now = table[TABLE_STACK : TABLE_STACK + n]
        if (stacks_now > 0).sum() < 2:
            break
        dealer = int(table[TABLE_DEALER])
        seats = [(dealer + 1 + k) % n for k in range(n)]
        if deal is None:
            game, n_script = random_game, 0
        else:
            cards = []
            for s in seats:
                if stacks_now[s] > 0:
                    cards += parse_cards(deal["hands"][s], n=5).tolist()
            cards += parse_cards(deal.get("draw", "")).tolist()
            rest = [c for c in range(N_CARDS) if c not in cards]
            fixed = np.array(cards + rest, dtype=np.int64)
            if len(set(cards)) != len(cards):
                raise ValueError("the given hands and draw cards repeat a card")
            keep = np.full(n, 31, dtype=np.int64)  # stand pat unless told otherwise
            for s, k in enumerate(deal.get("keep", [None] * n)):
                if k is not None and stacks_now[s] > 0:
                    dealt = parse_cards(deal["hands"][s]).tolist()
                    kept = parse_cards(k).tolist()
                    if not set(kept) <= set(dealt):
                        raise ValueError(f"seat {s} keeps {k!r}, which it was not dealt")
                    keep[s] = sum(1 << i for i, c in enumerate(dealt) if c in kept)
            script = np.array(
                [(s, ACTION_NAMES.index(a), to) for s, a, to in deal["actions"]], dtype=np.int64
            ).reshape(-1, 3)
            game, n_script = make_game(arrays, rules, fixed, keep, script), len(script)
        start, dead_in = stacks_now.copy(), int(table[TABLE_CARRIED])
        rc = _play_one(table, game, rng, work, record)
        sp = int(record[REC_SCRIPT_USED])
        if rc < 0 or sp != n_script:
            raise ValueError(
                f"the actions of deal {len(out) + 1} do not fit the game "
                f"(engine code {rc}, {sp} of {n_script} actions used)"
            )
        dealt_txt, k = [""] * n, 0
        for s in seats:
            if pat[s] >= 0:
                dealt_txt[s] = format_cards(deck[5 * k : 5 * k + 5])
                k += 1
        history = format_history(st, names=names, payout=payout if rc != 2 else None)
        hands_txt = [format_cards(h[5 * s : 5 * s + 5]) if pat[s] >= 0 else "" for s in range(n)]
        log = Table(st).log.copy()
        new_stacks = table[TABLE_STACK : TABLE_STACK + n].tolist()
        if rc == 2:  # void: the pot stays, R-D4
            rec = DealRecord(
                "void",
                dealer,
                -1,
                int(record[REC_POT]),
                [0] * n,
                0,
                new_stacks,
                hands_txt,
                final.tolist(),
                history,
            )
        else:
            rec = DealRecord(
                "showdown" if rc == 1 else "no showdown",
                dealer,
                int(record[REC_OPENER]),
                int(record[REC_POT]),
                payout.tolist(),
                int(record[REC_PENALTY]),
                new_stacks,
                hands_txt,
                final.tolist(),
                history,
            )
        rec.dealt, rec.start, rec.dead_in, rec.log = dealt_txt, start.tolist(), dead_in, log
        rec.opener_won = bool(record[REC_OPENER_WON])
        out.append(rec)
        drop_broke(table)
        next_dealer(table)
    return out
