"""The dealer's game simulator (R-I2, R-I3, R-I4): the runner job and the public entry points.

:func:`simulate` (also :func:`match`) plays many trials through :func:`simkit.runner.run`:
seat 0 deals first and the deal passes left after each dealer's game (``deals`` of them per
trial, chips carried over).  Each seat has a player, a stake policy (:mod:`.strategies`);
compiled policies run in the Numba engine (:mod:`.engine`), a user's Python function runs the
same engine source as plain Python (slower, same rules and random stream).  Every figure comes
with its standard error; chips are checked for conservation after every round of every game.

Examples
--------
>>> r = simulate(["half_kelly", "half_kelly", "pot:0.5"], hands=2000, seed=1)
>>> r.conservation_errors, list(r.seats.columns[:4])
(0, ['seat', 'policy', 'net_mean', 'net_se'])
>>> bool(abs(r.seats.net_mean.sum()) < 1e-9)  # chips only move between seats
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ...checks import is_int, positive_int, record_capacity
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from ..evening import (
    END_DEALS,
    END_KIND,
    END_MAX_DEALS,
    END_MIN_PLAYERS,
    END_SIZE,
    END_TURNS,
    GAME_IN_BETWEEN,
    EveningKernel,
)
from ..table import TABLE_MAX_SEATS, HandKernel
from . import engine as E
from .red_dog import best_raise_from
from .rules import MAX_PLAYERS, PAIRS_MODES, Rules, check_stake
from .strategies import (
    PYTHON,
    Decision,
    PlayerSpec,
    Policy,
    PythonPolicy,
    parse_player,
    parse_players,
)

__all__ = [
    "DealerGameJob",
    "DealerGameResult",
    "evening_end",
    "evening_kernel",
    "game_of",
    "hand_kernel",
    "match",
    "simulate",
    "summarize",
]


def _positive(name: str, value, minimum: int = 1) -> int:
    if not is_int(value) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def game_of(rules: Rules, players: Sequence[Policy | PythonPolicy]) -> tuple:
    """The kernel's read-only ``game`` tuple (rules vector, policy matrix) for these rules and
    parsed players (one per seat)."""
    vec = E.make_rules(
        rules.pot,
        rules.rounds,
        low_ace=rules.low_ace,
        two_pass=rules.two_pass,
        ante_all=rules.ante_all,
        ante=rules.ante,
        hidden=rules.hidden,
        min_stake=rules.min_stake,
        pairs=PAIRS_MODES.index(rules.pairs),
        three_posts=rules.three_posts,
        red_dog=rules.red_dog,
        raise_from=best_raise_from(1),
    )
    kinds, params, mins, counting = [], [], [], []
    for p in players:
        if isinstance(p, PythonPolicy):
            kinds.append(PYTHON)
            params.append(0.0)
            mins.append(0)
            counting.append(p.counting)
        else:
            kinds.append(p.code)
            params.append(p.param)
            mins.append(p.min_spread)
            counting.append(p.counting)
    return E.make_game(vec, E.make_policies(kinds, params, mins, counting))


def hand_kernel(players: Sequence[PlayerSpec] | PlayerSpec, rules: Rules | None = None) -> HandKernel:
    """The hand kernel of an In-Between table with one player spec per seat (common table
    interface, :mod:`simkit.games.table`): one dealer's game by the table's dealer (in the
    ante-for-everyone variant one pot game).  The kernel's running tallies per seat and per
    game are ``kernel.work[1]`` and ``kernel.work[2]``.

    >>> from simkit.games.table import chips_on_table, new_table
    >>> from simkit.rng import stream_state
    >>> kernel = hand_kernel(["half_kelly", "pay_twice", "kelly"])
    >>> table = new_table([100, 100, 100])
    >>> kernel(table, stream_state(1)) >= 0, chips_on_table(table)
    (True, 300)
    """
    rules, seats = _compiled_table(players, rules, "hand kernel")
    seat_out = np.zeros((len(seats), E.N_SEAT_STATS))
    game_out = np.zeros(E.N_GAME_STATS)
    return HandKernel(
        E._play_one, game_of(rules, seats), E._new_work(seat_out, game_out), np.zeros(E.REC_SIZE, np.int64)
    )


def _compiled_table(players, rules: Rules | None, what: str) -> tuple[Rules, tuple]:
    """Checked rules (default ``Rules()``) and parsed compiled players, one per seat."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {rules!r}")
    seats = parse_players(players)
    if any(isinstance(p, PythonPolicy) for p in seats):
        raise ValueError(
            f"a Python player cannot sit at a compiled {what}; use simulate(..., python_path=True)"
        )
    return rules, seats


def evening_kernel(players, rules: Rules | None = None, *, log_capacity: int = 0) -> EveningKernel:
    """The evening kernel of an In-Between table (R-E1, R-E5): dealer's games (with
    ``rules.ante_all`` pot games, with ``rules.red_dog`` a bank's turns of Red Dog) with the
    chips carried over, every player dealing in turn from the first dealer, round the table,
    the agreed number of times (``end[END_DEALS]``, :func:`evening_end`); a player without
    chips is skipped; the evening ends early when fewer than two players have chips.  See
    ``engine._play_evenings`` for how turns are counted in the ante variant.

    ``players``: one compiled player spec per seat (2 to 24, :func:`~.strategies.parse_player`);
    in Red Dog a seat's stake policy also says when it raises (``engine._raises``).
    ``log_capacity`` is taken for the common signature of the games' evening kernels: an
    In-Between hand record has no actions to hold (must be an integer >= 0).

    >>> from simkit.games.evening import new_outs
    >>> from simkit.rng import stream_state
    >>> k = evening_kernel(["half_kelly", "pay_twice", "never"])
    >>> k.min_players, k.end_kind == END_TURNS
    (2, True)
    >>> outs = new_outs(3, 3, band_deals=3, chips=300)
    >>> stacks, strategy = np.full(3, 100), np.arange(3)
    >>> k(50, stacks, evening_end(3, 2), strategy, stream_state(1), outs, np.zeros((0, 17), np.int64))
    0
    >>> int(outs[21].sum()), float(outs[0].sum())  # no errors; one win shared out per evening
    (0, 50.0)
    >>> evening_kernel(["kelly"])
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..24 (one policy per seat), got 1
    """
    rules, seats = _compiled_table(players, rules, "evening kernel")
    if not 2 <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"players must be 2..{MAX_PLAYERS} (one policy per seat), got {len(seats)}")
    record_capacity(log_capacity)
    seat_out = np.zeros((len(seats), E.N_SEAT_STATS))
    game_out = np.zeros(E.N_GAME_STATS)
    return EveningKernel(
        E._play_evenings,
        game_of(rules, seats),
        E._new_work(seat_out, game_out),
        np.zeros(E.REC_SIZE, np.int64),
        END_TURNS,
        2,
        GAME_IN_BETWEEN,
    )


def evening_end(seats: int, dealer_games: int = 1) -> np.ndarray:
    """The end rule vector of an In-Between evening (R-E5) at a table of ``seats`` seats: every
    player deals ``dealer_games`` dealer's games (default 1); at least two players with chips;
    the runaway guard at one deal per turn.

    >>> evening_end(4, 2).tolist() == [END_TURNS, 2, 2, 8]
    True
    >>> evening_end(4, 0)
    Traceback (most recent call last):
    ...
    ValueError: dealer_games must be an integer >= 1, got 0
    """
    _positive("seats", seats, 2)
    if seats > TABLE_MAX_SEATS:
        raise ValueError(f"seats must be 2..{TABLE_MAX_SEATS}, got {seats!r}")
    _positive("dealer_games", dealer_games)
    end = np.zeros(END_SIZE, np.int64)
    end[END_KIND], end[END_DEALS], end[END_MIN_PLAYERS] = END_TURNS, dealer_games, 2
    end[END_MAX_DEALS] = seats * dealer_games
    return end


@dataclass(frozen=True)
class DealerGameJob:
    """A runner job: ``trials`` trials of ``deals`` dealer's games per chunk.

    ``players`` has one player spec per seat (seat 0 deals first), parsed by
    :func:`~.strategies.parse_player`; ``rules`` the table's :class:`~.rules.Rules`.
    ``python_path`` forces the Python engine even for compiled policies (for tests of the two
    paths).
    """

    players: tuple
    rules: Rules = field(default_factory=Rules)
    deals: int = 1
    python_path: bool = False
    name: str = "in_between_dealer_game"
    chunk_size: int = 1 << 17

    def __post_init__(self) -> None:
        pols = tuple(parse_player(p) for p in self.players)
        object.__setattr__(self, "players", pols)
        n = len(pols)
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"players must be 2..{MAX_PLAYERS} (one policy per seat), got {n}")
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, got {self.rules!r}")
        self.rules.check()
        _positive("deals", self.deals)
        if self.rules.red_dog and any(isinstance(p, PythonPolicy) for p in pols):
            raise ValueError(
                "a Python player cannot sit at a Red Dog table: its raises come from compiled policies"
            )

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def policies(self) -> tuple:
        """The seats' players (the name before issue 12)."""
        return self.players

    @property
    def has_python(self) -> bool:
        return self.python_path or any(isinstance(p, PythonPolicy) for p in self.players)

    def worst_se(self, totals: dict) -> float:
        """The largest SE of each seat's net chips per hand (``net_se``)."""
        from ...runner.stats import mean_se, worst

        s = totals["seat_stats"].astype(np.float64)
        return worst(mean_se(s[:, E.SO_NET], s[:, E.SO_NET_SQ], totals["trials"])[1])

    def params(self) -> dict:
        return {
            "players": [p.label for p in self.players],
            "rules": self.rules.as_dict(),
            "deals": self.deals,
            "python_path": self.python_path,
        }

    def game(self) -> tuple:
        """The kernel's ``game`` tuple (rules vector, policy matrix)."""
        return game_of(self.rules, self.players)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        return self.play_chunk(trials, seed)

    def play_chunk(
        self, trials: int, seed: np.random.SeedSequence, kept: tuple | None = None
    ) -> dict[str, np.ndarray]:
        """:meth:`run_chunk`, keeping every dealer's game in ``kept`` when it is given: the
        arrays ``(records, stacks)`` of :func:`.engine._engine` (``kept_records``,
        ``kept_stacks``)."""
        game = self.game()
        state = stream_state(seed)
        seat_out = private_zeros((self.seats, E.N_SEAT_STATS))
        game_out = private_zeros(E.N_GAME_STATS)
        engine = _python_engine_for(self.players) if self.has_python else E._engine
        engine(
            trials, self.deals, self.rules.stacks, game, state, seat_out, game_out, *(kept or (None, None))
        )
        return {"seat_stats": seat_out, "game_stats": game_out}


def _python_engine_for(players: Sequence[Policy | PythonPolicy]):
    """The engine as plain Python, stakes of Python seats from their functions (checked)."""
    py = {i: p for i, p in enumerate(players) if isinstance(p, PythonPolicy)}

    def decide(p, stage, rnd, low, high, spread, pb, pp, po, mult, pot, chips, ante, min_req, pol, state):
        pp_ = py.get(int(p))
        if pp_ is None:
            return E._decide(
                p, stage, rnd, low, high, spread, pb, pp, po, mult, pot, chips, ante, min_req, pol, state
            )
        d = Decision(
            seat=int(p),
            round=int(rnd),
            stage=int(stage),
            low=int(low),
            high=int(high),
            spread=int(spread),
            pot=int(pot),
            chips=int(chips),
            ante=int(ante),
            min_stake=int(min_req),
            max_stake=int(min(pot, chips)),
            post_penalty=int(mult),
            p_between=float(pb),
            p_post=float(pp),
            p_outside=float(po),
        )
        return check_stake(
            pp_.func(d),
            int(pot),
            int(chips),
            minimum=int(min_req),
            who=f"the policy {pp_.label} of seat {int(p)}",
        )

    def wants_split(p, rnd, c1, c2, pot, chips, ante, st, total, pol, state):
        pp_ = py.get(int(p))
        if pp_ is None:
            return E._wants_split(p, rnd, c1, c2, pot, chips, ante, st, total, pol, state)
        if pp_.split is None:
            return False
        v = (int(c1) >> 2) + 2
        n_post = int(st[E.GS_U + (int(c1) >> 2)])
        d = Decision(
            seat=int(p),
            round=int(rnd),
            stage=0,
            low=v,
            high=v,
            spread=0,
            pot=int(pot),
            chips=int(chips),
            ante=int(ante),
            min_stake=0,
            max_stake=int(min(pot, chips)),
            post_penalty=2,
            p_between=0.0,
            p_post=n_post / int(total),
            p_outside=1.0 - n_post / int(total),
        )
        return bool(pp_.split(d))

    return E.python_engine(decide, wants_split)


@dataclass
class DealerGameResult:
    """Per-seat results (``seats``), the dealer's (``dealer``) and the raw ``totals``."""

    job: DealerGameJob
    totals: dict
    seats: pd.DataFrame
    dealer: dict

    @property
    def conservation_errors(self) -> int:
        return int(self.totals["game_stats"][E.GO_CONSERVATION_ERRORS])

    @property
    def decisions(self) -> int:
        return int(self.totals["seat_stats"][:, E.SO_DECISIONS].sum())


def summarize(job: DealerGameJob, totals: dict) -> DealerGameResult:
    """Turn a job's summed statistics into means with standard errors."""
    from ...runner.stats import mean_se, proportion

    n = int(totals["trials"])
    s = totals["seat_stats"].astype(np.float64)
    g = totals["game_stats"]
    net, net_se = mean_se(s[:, E.SO_NET], s[:, E.SO_NET_SQ], n)
    bust, bust_se = proportion(s[:, E.SO_BUSTS], n)
    stakes = s[:, E.SO_STAKES]
    # shares of decisions and of stakes: binomial SEs, the decisions (stakes) taken as independent;
    # Red Dog's bets on a pair or adjacent ranks are stakes without a decision: no SE there
    decisions = np.maximum(s[:, E.SO_DECISIONS], 1)
    stake_rate = stakes / decisions
    stake_rate_se = np.where(
        stake_rate <= 1, np.sqrt(np.clip(stake_rate * (1 - stake_rate), 0, None) / decisions), np.nan
    )
    p_between, p_between_se = proportion(s[:, E.SO_BETWEEN], np.maximum(stakes, 1))
    with np.errstate(invalid="ignore", divide="ignore"):
        dg = s[:, E.SO_DEALER_GAMES]
        d_mean = np.where(dg > 0, s[:, E.SO_DEALER_NET] / np.maximum(dg, 1), np.nan)
        d_var = (s[:, E.SO_DEALER_NET_SQ] - dg * d_mean**2) / np.maximum(dg - 1, 1)
        d_se = np.where(dg > 1, np.sqrt(np.maximum(d_var, 0) / np.maximum(dg, 1)), np.nan)
        seats = pd.DataFrame(
            {
                "seat": np.arange(job.seats),
                "policy": [p.label for p in job.players],
                "net_mean": net,
                "net_se": net_se,
                "bust_rate": bust,
                "bust_se": bust_se,
                "decisions_per_trial": s[:, E.SO_DECISIONS] / n,
                "stake_rate": stake_rate,
                "stake_rate_se": stake_rate_se,
                "mean_stake": s[:, E.SO_STAKED] / np.maximum(stakes, 1),
                "p_between": p_between,
                "p_between_se": p_between_se,
                "p_post": s[:, E.SO_POST] / np.maximum(stakes, 1),
                "p_outside": s[:, E.SO_OUTSIDE] / np.maximum(stakes, 1),
                "whole_pot_wins": s[:, E.SO_WHOLE_POT].astype(np.int64),
                "splits": s[:, E.SO_SPLITS].astype(np.int64),
                "dealer_games": dg.astype(np.int64),
                "dealer_net_mean": d_mean,
                "dealer_net_se": d_se,
            }
        )
    games = int(g[E.GO_GAMES])
    dealer: dict = {"trials": n, "games": games}
    if not job.rules.ante_all:
        m, se = mean_se(float(g[E.GO_DEALER_SUM]), float(g[E.GO_DEALER_SQ]), n)
        p_lose, p_lose_se = proportion(int(g[E.GO_DEALER_LOSES]), games)
        dealer.update(net_mean=m, net_se=se, p_loses=p_lose, p_loses_se=p_lose_se)
    wp, wp_se = proportion(int(g[E.GO_WHOLE_POT]), games)
    dealer.update(
        whole_pot_rate=wp,
        whole_pot_se=wp_se,
        rounds_per_game=float(g[E.GO_ROUNDS]) / max(games, 1),
        split_pots=int(g[E.GO_SPLIT_POTS]),
        conservation_errors=int(g[E.GO_CONSERVATION_ERRORS]),
        decisions=int(totals["seat_stats"][:, E.SO_DECISIONS].sum()),
    )
    return DealerGameResult(job, totals, seats, dealer)


#: The keywords of :func:`simulate` before issue 12, still read: ``games`` (now ``hands``),
#: ``pot``, ``chips``, ``rounds``, ``variant`` (now ``rules``), ``players=N`` with one spec (now
#: ``seats``).
_OLD_KEYWORDS = ("games", "pot", "chips", "rounds", "variant")


def _old_keywords(
    rules: Rules | None, hands: int | None, seats: int | None, run_options: dict
) -> tuple[Rules, int, int | None]:
    """Fold the keywords of before issue 12 into ``rules``, ``hands`` and ``seats``."""
    old = {k: run_options.pop(k) for k in _OLD_KEYWORDS if k in run_options}
    if "games" in old:
        if hands is not None:
            raise ValueError("give hands= (or its old name games=), not both")
        hands = old.pop("games")
    if old:
        if rules is not None:
            raise ValueError(f"give rules=, or the old {', '.join(old)}=, not both")
        rules = old.pop("variant", None) or Rules()
        if "chips" in old:
            old["stacks"] = old.pop("chips")
        rules = dataclasses.replace(rules, **old)
    return rules if rules is not None else Rules(), 100_000 if hands is None else hands, seats


def simulate(
    players: Sequence[PlayerSpec] | PlayerSpec | None = None,
    /,
    *,
    rules: Rules | None = None,
    hands: int | None = None,
    deals: int = 1,
    seats: int | None = None,
    seed: SeedLike = 0,
    python_path: bool = False,
    **run_options,
) -> DealerGameResult:
    """Simulate ``hands`` trials of the dealer's game and summarise them per seat.

    Parameters
    ----------
    players
        One player spec per seat (:func:`~.strategies.parse_player`: a
        :class:`~.strategies.Policy`, a spec such as ``"half_kelly"`` or ``"pot:0.5@8"``,
        ``"python:MODULE:FUNCTION"``, a :class:`~.strategies.PythonPolicy` or a function of a
        :class:`~.strategies.Decision`); or one spec for all ``seats``.  Positional or keyword.
    rules
        The table's :class:`~.rules.Rules` (opening pot, rounds, stacks, ante, variants);
        default ``Rules()``.
    hands
        Trials (default 100,000); each is ``deals`` dealer's games (or pot games with
        ``rules.ante_all``).
    deals
        Dealer's games per trial, the deal passing left; chips carry over.
    seats
        Number of seats when one spec is given for all.
    seed
        The random seed.
    python_path
        Run the Python engine even for compiled policies (slow; for tests).
    **run_options
        Passed to :func:`simkit.runner.run`: ``chunk_size, workers, scheduler, checkpoint,
        quiet`` (default True), ``threads``.  The names of before issue 12 still work:
        ``games`` (= ``hands``), ``pot``, ``chips`` (= ``stacks``), ``rounds``, ``variant``
        (a ``Rules``), and ``players=N`` with a single spec (= ``seats``).

    Returns
    -------
    DealerGameResult

    Examples
    --------
    >>> simulate("kelly", seats=1)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..24 (one policy per seat), got 1
    >>> simulate("kelly", seats=3, rules=Rules(pot=0))
    Traceback (most recent call last):
    ...
    ValueError: pot must be an integer >= 1, got 0
    """
    from ...runner import run

    positive_int(deals, "deals")
    if "players" in run_options:  # simulate(spec, players=N) (old) or simulate(players=[...])
        given = run_options.pop("players")
        if players is None and not isinstance(given, (int, np.integer)):
            players = given
        elif seats is None:
            seats = given
        else:
            raise ValueError("give seats=, or its old name players=, not both")
    if players is None:
        raise ValueError("give the players: one player spec per seat")
    rules, hands, seats = _old_keywords(rules, hands, seats, run_options)
    job = DealerGameJob(parse_players(players, seats), rules=rules, deals=deals, python_path=python_path)
    _positive("hands", hands)
    run_options.setdefault("quiet", True)
    totals = run(job, hands, seed=seed, **run_options)
    return summarize(job, totals)


#: The same as :func:`simulate`, under the name every game's Python API uses for a match of
#: players at one table.
match = simulate
