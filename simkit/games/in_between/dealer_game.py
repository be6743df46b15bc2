"""The dealer's game simulator (R-I2, R-I3, R-I4): public function, runner job and results.

:func:`simulate` plays millions of dealer's games through :func:`simkit.runner.run`: seat 0
deals first and the deal passes left after each dealer's game (``deals`` of them per trial,
chips carried over).  Each seat has a stake policy (:mod:`.policies`); compiled policies run in
the Numba engine (:mod:`.engine`), a user's Python function runs the same engine source as
plain Python (slower, same rules and random stream).  Every figure comes with its standard
error; chips are checked for conservation after every round of every game.

Examples
--------
>>> r = simulate(["half_kelly", "half_kelly", "pot:0.5"], games=2000, seed=1)
>>> r.conservation_errors, list(r.seats.columns[:4])
(0, ['seat', 'policy', 'net_mean', 'net_se'])
>>> bool(abs(r.seats.net_mean.sum()) < 1e-9)  # chips only move between seats
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from . import engine as E
from .policies import PYTHON, Decision, Policy, PythonPolicy, parse_policy
from .rules import PAIRS_MODES, Variant, check_stake

__all__ = ["DealerGameJob", "DealerGameResult", "simulate", "summarize"]

#: Most seats at one table: with hidden cards every player holds two cards through the round,
#: and the stack (reshuffled from the used cards when it runs out) must never be empty.
MAX_PLAYERS = 24

PolicyLike = Policy | PythonPolicy | str | Callable[[Decision], int]


def _as_policy(p: PolicyLike) -> Policy | PythonPolicy:
    if isinstance(p, (Policy, PythonPolicy)):
        return p
    if isinstance(p, str):
        return parse_policy(p)
    if callable(p):
        return PythonPolicy(p)
    raise ValueError(f"a policy is a Policy, a PythonPolicy, a policy name or a function, got {p!r}")


def _positive(name: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


@dataclass(frozen=True)
class DealerGameJob:
    """A runner job: ``trials`` trials of ``deals`` dealer's games per chunk.

    ``policies`` has one entry per seat (seat 0 deals first).  ``python_path`` forces the
    Python engine even for compiled policies (for tests of the two paths).
    """

    policies: tuple
    pot: int = 20
    chips: int = 100
    rounds: int = 3
    deals: int = 1
    variant: Variant = field(default_factory=Variant)
    python_path: bool = False
    name: str = "in_between_dealer_game"
    chunk_size: int = 1 << 17

    def __post_init__(self) -> None:
        pols = tuple(_as_policy(p) for p in self.policies)
        object.__setattr__(self, "policies", pols)
        n = len(pols)
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"players must be 2..{MAX_PLAYERS} (one policy per seat), got {n}")
        _positive("pot", self.pot)
        _positive("chips", self.chips)
        _positive("rounds", self.rounds)
        _positive("deals", self.deals)
        if not isinstance(self.variant, Variant):
            raise ValueError(f"variant must be a Variant, got {self.variant!r}")
        self.variant.check()

    @property
    def players(self) -> int:
        return len(self.policies)

    @property
    def has_python(self) -> bool:
        return self.python_path or any(isinstance(p, PythonPolicy) for p in self.policies)

    def params(self) -> dict:
        return {
            "policies": [p.label for p in self.policies],
            "pot": self.pot,
            "chips": self.chips,
            "rounds": self.rounds,
            "deals": self.deals,
            "variant": self.variant.as_dict(),
            "python_path": self.python_path,
        }

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The kernel's rules vector and policy matrix."""
        v = self.variant
        rules = E.make_rules(
            self.players, self.chips, self.pot, self.rounds, self.deals,
            low_ace=v.low_ace, two_pass=v.two_pass, ante_all=v.ante_all, ante=v.ante,
            hidden=v.hidden, min_stake=v.min_stake, pairs=PAIRS_MODES.index(v.pairs),
            three_posts=v.three_posts,
        )
        kinds, params, mins, counting = [], [], [], []
        for p in self.policies:
            if isinstance(p, PythonPolicy):
                kinds.append(PYTHON), params.append(0.0), mins.append(0), counting.append(p.counting)
            else:
                kinds.append(p.code), params.append(p.param), mins.append(p.min_spread)
                counting.append(p.counting)
        return rules, E.make_policies(kinds, params, mins, counting)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        rules, pol = self.arrays()
        state = stream_state(seed)
        seat_out = private_zeros((self.players, E.N_SEAT_STATS), np.int64)
        game_out = private_zeros(E.N_GAME_STATS, np.int64)
        if self.has_python:
            _python_engine_for(self.policies)(trials, rules, pol, state, seat_out, game_out)
        else:
            E._engine(trials, rules, pol, state, seat_out, game_out)
        return {"seat_stats": seat_out, "game_stats": game_out}


def _python_engine_for(policies: Sequence[Policy | PythonPolicy]):
    """The engine as plain Python, stakes of Python seats from their functions (checked)."""
    py = {i: p for i, p in enumerate(policies) if isinstance(p, PythonPolicy)}

    def decide(p, stage, rnd, low, high, spread, pb, pp, po, mult, pot, chips, ante, min_req,
               pol, state):
        pp_ = py.get(int(p))
        if pp_ is None:
            return E._decide(p, stage, rnd, low, high, spread, pb, pp, po, mult, pot, chips, ante,
                             min_req, pol, state)
        d = Decision(
            seat=int(p), round=int(rnd), stage=int(stage), low=int(low), high=int(high),
            spread=int(spread), pot=int(pot), chips=int(chips), ante=int(ante),
            min_stake=int(min_req), max_stake=int(min(pot, chips)), post_penalty=int(mult),
            p_between=float(pb), p_post=float(pp), p_outside=float(po),
        )
        return check_stake(pp_.func(d), int(pot), int(chips), minimum=int(min_req),
                           who=f"the policy {pp_.label} of seat {int(p)}")

    def wants_split(p, rnd, c1, c2, pot, chips, ante, st, total, pol, state):
        pp_ = py.get(int(p))
        if pp_ is None:
            return E._wants_split(p, rnd, c1, c2, pot, chips, ante, st, total, pol, state)
        if pp_.split is None:
            return False
        v = (int(c1) >> 2) + 2
        n_post = int(st[E.ST_U + (int(c1) >> 2)])
        d = Decision(
            seat=int(p), round=int(rnd), stage=0, low=v, high=v, spread=0, pot=int(pot),
            chips=int(chips), ante=int(ante), min_stake=0, max_stake=int(min(pot, chips)),
            post_penalty=2, p_between=0.0, p_post=n_post / int(total),
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
        return int(self.totals["game_stats"][E.G_CONSERVATION_ERRORS])

    @property
    def decisions(self) -> int:
        return int(self.totals["seat_stats"][:, E.S_DECISIONS].sum())


def summarize(job: DealerGameJob, totals: dict) -> DealerGameResult:
    """Turn a job's summed statistics into means with standard errors."""
    from ...runner.stats import mean_se, proportion

    n = int(totals["trials"])
    s = totals["seat_stats"].astype(np.float64)
    g = totals["game_stats"]
    net, net_se = mean_se(s[:, E.S_NET], s[:, E.S_NET_SQ], n)
    bust, bust_se = proportion(s[:, E.S_BUSTS], n)
    stakes = s[:, E.S_STAKES]
    with np.errstate(invalid="ignore", divide="ignore"):
        dg = s[:, E.S_DEALER_GAMES]
        d_mean = np.where(dg > 0, s[:, E.S_DEALER_NET] / np.maximum(dg, 1), np.nan)
        d_var = (s[:, E.S_DEALER_NET_SQ] - dg * d_mean**2) / np.maximum(dg - 1, 1)
        d_se = np.where(dg > 1, np.sqrt(np.maximum(d_var, 0) / np.maximum(dg, 1)), np.nan)
        seats = pd.DataFrame({
            "seat": np.arange(job.players),
            "policy": [p.label for p in job.policies],
            "net_mean": net,
            "net_se": net_se,
            "bust_rate": bust,
            "bust_se": bust_se,
            "decisions_per_trial": s[:, E.S_DECISIONS] / n,
            "stake_rate": stakes / np.maximum(s[:, E.S_DECISIONS], 1),
            "mean_stake": s[:, E.S_STAKED] / np.maximum(stakes, 1),
            "p_between": s[:, E.S_BETWEEN] / np.maximum(stakes, 1),
            "p_post": s[:, E.S_POST] / np.maximum(stakes, 1),
            "p_outside": s[:, E.S_OUTSIDE] / np.maximum(stakes, 1),
            "whole_pot_wins": s[:, E.S_WHOLE_POT].astype(np.int64),
            "splits": s[:, E.S_SPLITS].astype(np.int64),
            "dealer_games": dg.astype(np.int64),
            "dealer_net_mean": d_mean,
            "dealer_net_se": d_se,
        })
    games = int(g[E.G_GAMES])
    dealer: dict = {"trials": n, "games": games}
    if not job.variant.ante_all:
        m, se = mean_se(float(g[E.G_DEALER_SUM]), float(g[E.G_DEALER_SQ]), n)
        p_lose, p_lose_se = proportion(int(g[E.G_DEALER_LOSES]), games)
        dealer.update(net_mean=m, net_se=se, p_loses=p_lose, p_loses_se=p_lose_se)
    wp, wp_se = proportion(int(g[E.G_WHOLE_POT]), games)
    dealer.update(
        whole_pot_rate=wp,
        whole_pot_se=wp_se,
        rounds_per_game=float(g[E.G_ROUNDS]) / max(games, 1),
        split_pots=int(g[E.G_SPLIT_POTS]),
        conservation_errors=int(g[E.G_CONSERVATION_ERRORS]),
        decisions=int(totals["seat_stats"][:, E.S_DECISIONS].sum()),
    )
    return DealerGameResult(job, totals, seats, dealer)


def simulate(
    policies: Sequence[PolicyLike] | PolicyLike,
    *,
    players: int | None = None,
    games: int = 100_000,
    pot: int = 20,
    chips: int = 100,
    rounds: int = 3,
    deals: int = 1,
    variant: Variant | None = None,
    seed: SeedLike = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    chunk_size: int | None = None,
    checkpoint: str | None = None,
    threads: int | None = None,
    quiet: bool = True,
    python_path: bool = False,
) -> DealerGameResult:
    """Simulate ``games`` trials of the dealer's game and summarise them per seat.

    Parameters
    ----------
    policies
        One policy per seat (a :class:`~.policies.Policy`, a name such as ``"half_kelly"`` or
        ``"pot:0.5@8"``, a :class:`~.policies.PythonPolicy` or a function of a
        :class:`~.policies.Decision`); or one policy for all ``players`` seats.
    players
        Number of seats when one policy is given for all.
    games
        Trials; each is ``deals`` dealer's games (or pot games with ``variant.ante_all``).
    pot, chips, rounds
        The dealer's opening pot, everyone's starting chips, rounds per dealer's game (R-I3).
    deals
        Dealer's games per trial, the deal passing left; chips carry over.
    variant
        Rule variants (R-I4), default none.
    seed, workers, scheduler, chunk_size, checkpoint, threads, quiet
        Passed to :func:`simkit.runner.run`.
    python_path
        Run the Python engine even for compiled policies (slow; for tests).

    Returns
    -------
    DealerGameResult

    Examples
    --------
    >>> simulate("kelly", players=1)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..24 (one policy per seat), got 1
    >>> simulate("kelly", players=3, pot=0)
    Traceback (most recent call last):
    ...
    ValueError: pot must be an integer >= 1, got 0
    """
    from ...runner import run

    if isinstance(policies, (Policy, PythonPolicy, str)) or callable(policies):
        if players is None:
            raise ValueError("give one policy per seat, or players= with a single policy")
        policies = [policies] * _positive("players", players, 0)
    elif players is not None and players != len(policies):
        raise ValueError(f"players={players} but {len(policies)} policies were given")
    job = DealerGameJob(
        tuple(policies), pot=pot, chips=chips, rounds=rounds, deals=deals,
        variant=variant or Variant(), python_path=python_path,
    )
    _positive("games", games)
    totals = run(job, games, seed=seed, chunk_size=chunk_size, workers=workers,
                 scheduler=scheduler, checkpoint=checkpoint, quiet=quiet, threads=threads)
    return summarize(job, totals)
