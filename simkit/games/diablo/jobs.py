"""Diablo from Python: the rules and variants, Monte Carlo series jobs, replaying given hands.

- :class:`Rules` the agreed rules: ante, limits (R-D6), the Diablo rule on or off, and the
  variants of diablo.de.txt (cap, draw three, jacks or better, dealer's choice);
- :class:`SeriesJob` a runner job playing Diablo series (:mod:`.series`) and
  :func:`simulate` which runs it and :func:`summarize` which turns its totals into tables;
- :func:`play_deals` replays given cards and actions through the same compiled engine (the
  rule document's worked example is a test) and returns what happened, deal by deal.

Examples
--------
>>> r = simulate(["trips"] * 4, 2000, seed=1, quiet=True)
>>> r.totals["cnt"][0], int(r.summary["chip_errors"])
(np.int64(2000), 0)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache

import numpy as np
import pandas as pd

from simkit.cards import format_cards, parse_cards
from simkit.poker.betting import _pot
from simkit.poker.history import format_history
from simkit.poker.structure import diablo as diablo_structure
from simkit.poker.table_state import STACK, new_state
from simkit.rng import stream_state
from simkit.runner import run, stats

from .engine import C_ANTE, C_CAP, C_DEALERS_CHOICE, C_DIABLO, C_DRAW3, C_JACKS, C_JJ_FLOOR, \
    C_MAX_DEALS, C_SESSION, N_CFG, _diablo_rule, _play_deal, pack_policy
from .keeps import policy_table
from .rules import tables
from .series import COUNTS, LEN_BINS, POT_GAMES, SEAT_SUMS, SUMS, _series_kernel, new_totals
from .solver import equity_weights
from .strategies import Player, PlayerArrays, open_floor, players as player_arrays

__all__ = ["DealRecord", "Rules", "SeriesJob", "SeriesResult", "play_deals", "simulate",
           "summarize"]


@dataclass(frozen=True)
class Rules:
    """The rules agreed before play (R-D6 defaults; the variants of diablo.de.txt).

    ``diablo=False`` is the Deuces Wild variant (no Diablo rule); ``cap`` > 0 caps the pot an
    opener pays; ``draw_three`` allows three cards (four keeping an ace); ``jacks_or_better``
    lets only a pair of jacks or better open; ``dealers_choice``: after a series the deal
    passes left of the player who dealt its first game.  ``session``: series played before
    the stacks start fresh; ``max_deals``: deals after which a series is abandoned.

    >>> int(Rules(cap=20).config()[2])
    20
    >>> Rules(ante=-1)
    Traceback (most recent call last):
    ...
    ValueError: ante must be a non-negative integer, got -1
    """

    ante: int = 1
    before: tuple[int, int] = (1, 5)
    after: tuple[int, int] = (2, 10)
    max_raises: int = 4
    diablo: bool = True
    cap: int = 0
    draw_three: bool = False
    jacks_or_better: bool = False
    dealers_choice: bool = False
    session: int = 1
    max_deals: int = 1000

    def __post_init__(self):
        for name in ("ante", "cap", "max_raises"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
                raise ValueError(f"{name} must be a non-negative integer, got {v!r}")
        for name in ("session", "max_deals"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
                raise ValueError(f"{name} must be a positive integer, got {v!r}")
        diablo_structure(self.ante, tuple(self.before), tuple(self.after), self.max_raises)

    def structure(self):
        return diablo_structure(self.ante, tuple(self.before), tuple(self.after), self.max_raises)

    def config(self) -> np.ndarray:
        cfg = np.zeros(N_CFG, dtype=np.int64)
        cfg[C_ANTE] = self.ante
        cfg[C_DIABLO] = int(self.diablo)
        cfg[C_CAP] = self.cap
        cfg[C_DRAW3] = int(self.draw_three)
        cfg[C_JACKS] = int(self.jacks_or_better)
        cfg[C_DEALERS_CHOICE] = int(self.dealers_choice)
        cfg[C_SESSION] = self.session
        cfg[C_MAX_DEALS] = self.max_deals
        cfg[C_JJ_FLOOR] = open_floor("jacks")
        return cfg

    @property
    def variant(self) -> str:
        return "draw-three" if self.draw_three else "standard"


@lru_cache(maxsize=4)
def _tabs(variant: str):
    pol = policy_table(variant)
    # keep and pre-draw score of a hand in one uint32: one cache miss per hand, not two
    return (tables(), pack_policy(pol.mask, pol.value), equity_weights(2))


def _player_arrays(specs) -> PlayerArrays:
    if not 3 <= len(specs) <= 7:
        raise ValueError(f"Diablo is for 3-7 players, got {len(specs)}")
    return player_arrays(specs)


def _stacks(stacks, n: int) -> np.ndarray:
    st = np.broadcast_to(np.asarray(stacks), (n,)) if np.ndim(stacks) == 0 else np.asarray(stacks)
    if st.shape != (n,) or not np.issubdtype(st.dtype, np.integer) or (st < 0).any():
        raise ValueError(f"stacks must be one non-negative integer or one per seat, got {stacks!r}")
    if (st > 0).sum() < 2:
        raise ValueError(f"at least two players need chips, got {stacks!r}")
    return np.ascontiguousarray(st, dtype=np.int64)


@dataclass(frozen=True)
class SeriesJob:
    """Play Diablo series: one trial is one series (runner contract, :mod:`simkit.runner`).

    ``force = (seat, mode)``: the first time in a series that ``seat`` may open with a hand
    below its threshold, it opens anyway (mode 1, a bluff) or checks (mode 2); the series
    results of the forced seat in those series are summed apart (``forced*``, tip D5);
    (-1, 0) = no forcing.
    """

    players: tuple = ("trips", "trips", "trips", "trips", "trips")
    rules: Rules = field(default_factory=Rules)
    stacks: int | tuple = 100
    force: tuple[int, int] = (-1, 0)
    name: str = "diablo_series"
    chunk_size: int = 1 << 14

    def params(self) -> dict:
        ps = [p if isinstance(p, Player) else Player(str(p)) for p in self.players]
        return {"players": [asdict(p) for p in ps], "rules": asdict(self.rules),
                "stacks": self.stacks if np.ndim(self.stacks) == 0 else list(self.stacks),
                "force": list(self.force)}

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        arrays = _player_arrays(list(self.players))
        n = arrays.kinds.size
        stacks = _stacks(self.stacks, n)
        out = new_totals(n, int(stacks.sum()))
        force = np.array([self.force[0], self.force[1], 0], dtype=np.int64)
        _series_kernel(trials, self.rules.structure(), self.rules.config(), stacks,
                       tuple(arrays), _tabs(self.rules.variant), force, stream_state(seed),
                       out["cnt"], out["acc"], out["seat"], out["deuce"], out["len_hist"],
                       out["pot_hist"], out["pot_game"], out["max_pot_hist"],
                       out["max_len_hist"])
        return out


@dataclass
class SeriesResult:
    """Totals of a :class:`SeriesJob` run and the tables made from them."""

    totals: dict
    summary: pd.Series
    seats: pd.DataFrame
    deuces: pd.DataFrame
    lengths: pd.DataFrame
    pots: pd.DataFrame  # mean pot by game number in the series
    final_pots: pd.DataFrame  # final pot of a series by powers of two [from, to)


def _ms(tot, key, key2, n):
    return stats.mean_se(tot[key], tot[key2], n) if n > 1 else (float("nan"), float("nan"))


def summarize(totals: dict) -> SeriesResult:
    """Tables from the totals of :class:`SeriesJob` (every mean with its standard error)."""
    cnt = dict(zip(COUNTS, totals["cnt"].tolist()))
    acc = dict(zip(SUMS, totals["acc"].tolist()))
    n_series, n_games = max(cnt["series"], 1), max(cnt["games"], 1)
    rows = dict(cnt)
    # the largest pot and the longest series: the highest non-empty bin of the one-hot maxima
    rows["max_pot"] = int(np.flatnonzero(totals["max_pot_hist"]).max(initial=0))
    rows["max_len"] = int(np.flatnonzero(totals["max_len_hist"]).max(initial=0))
    for name, n in (("len", n_series), ("deals", n_series), ("final_pot", n_series),
                    ("first_pot", n_series), ("growth", n_series), ("opener_net", n_games),
                    ("pot", n_games), ("forced_net", max(int(acc["forced"]), 1))):
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
        srows.append({"seat": s, "net_per_series": net, "se": net_se,
                      "opened_per_game": d["opened"] / n_games, "open_net": on,
                      "open_net_se": on_se, "penalty_paid": d["penalty"],
                      "win_rate": d["won"] / max(d["dealt"], 1)})
    deuce = totals["deuce"]
    drows = []
    for d in range(5):
        c = int(deuce[d, 0])
        if c < 2:
            continue
        p, pse = stats.proportion(int(deuce[d, 1]), c)
        m, mse = stats.mean_se(deuce[d, 2], deuce[d, 3], c)
        drows.append({"deuces": d, "hands": c, "win": p, "win_se": pse, "net": m, "net_se": mse})
    lh = totals["len_hist"]
    lengths = pd.DataFrame({"games": np.arange(LEN_BINS), "series": lh,
                            "share": lh / max(lh.sum(), 1)})
    lengths = lengths[lengths.games > 0]
    pg = totals["pot_game"]
    pots = pd.DataFrame({"game": np.arange(1, POT_GAMES + 1), "games": pg[:, 0],
                         "mean_pot": np.where(pg[:, 0] > 0, pg[:, 1] / np.maximum(pg[:, 0], 1), np.nan)})
    ph = totals["pot_hist"]
    final_pots = pd.DataFrame({"from": 2 ** np.arange(ph.size), "to": 2 ** np.arange(1, ph.size + 1),
                               "series": ph, "share": ph / max(ph.sum(), 1)})
    return SeriesResult(totals, pd.Series(rows), pd.DataFrame(srows), pd.DataFrame(drows),
                        lengths, pots[pots.games > 0].reset_index(drop=True),
                        final_pots[final_pots.series > 0].reset_index(drop=True))


def simulate(players, n_series: int, rules: Rules | None = None, stacks=100,
             force: tuple[int, int] = (-1, 0), **run_options) -> SeriesResult:
    """Play ``n_series`` Diablo series with ``players`` (one per seat, 3-7) and summarize.

    Parameters
    ----------
    players
        Per seat a :class:`~.strategies.Player` or an opening level (``"trips"`` …).
    n_series
        Series to play (each a trial of the runner).
    rules
        :class:`Rules` (default R-D6).
    stacks
        Starting chips, one number or one per seat.
    force
        See :class:`SeriesJob`.
    run_options
        Passed to :func:`simkit.runner.run` (seed, workers, quiet, checkpoint, …).
    """
    job = SeriesJob(tuple(players), rules or Rules(), stacks if np.ndim(stacks) == 0 else tuple(stacks),
                    tuple(force))
    _player_arrays(list(job.players))
    _stacks(job.stacks, len(job.players))
    return summarize(run(job, n_series, **run_options))


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


def play_deals(deals: list[dict | None], stacks, rules: Rules | None = None, dealer: int = 0,
               names: list[str] | None = None, players=None, seed: int = 0) -> list[DealRecord]:
    """Play deals one by one through the compiled engine, applying R-D4/R-D5 between them.

    A deal given as a dict is replayed: ``hands`` (a card string per seat as dealt; ``""``
    for a seat without chips), ``draw`` (the cards handed out at the draw, in draw order from
    the dealer's left), ``keep`` (per seat the cards kept; ``None`` = all) and ``actions``
    (``(seat, action, to)`` with action names ``fold check call bet raise``).  A deal given
    as ``None`` is dealt at random (``seed``) and played by ``players`` (default: nobody ever
    opens), drawing by the policy.  The deal passes left after every deal; play stops early
    when fewer than two players have chips.

    >>> recs = play_deals([{"hands": ["Ah Kh 9h 7h 5h", "9c 8d 7s 4c 3d", "Qs Jd 6c 5d 4s"],
    ...                     "draw": "", "keep": [None, None, None],
    ...                     "actions": [(1, "check", 0), (2, "check", 0), (0, "check", 0)]}],
    ...                   stacks=[10, 10, 10])
    >>> recs[0].outcome, recs[0].pot, recs[0].stacks
    ('void', 3, [9, 9, 9])
    """
    from simkit.poker.actions import ACTION_NAMES
    from simkit.poker.table_state import Table

    from .engine import _next_dealer

    rules = rules or Rules()
    stacks = _stacks(stacks, len(stacks) if np.ndim(stacks) else 0)
    n = stacks.size
    structure, cfg = rules.structure(), rules.config()
    arrays = player_arrays(list(players) if players is not None else ["never"] * n)
    if arrays.kinds.size != n:
        raise ValueError(f"got {arrays.kinds.size} players for {n} seats")
    tabs = _tabs(rules.variant)
    names = names or [f"Seat {s}" for s in range(n)]
    st = new_state(n, log_capacity=256)
    out: list[DealRecord] = []
    dead, diablo_pot = 0, False
    rng = stream_state(seed)
    deck = np.arange(52, dtype=np.int64)
    no_script = np.zeros((0, 3), dtype=np.int64)
    for deal in deals:
        if (stacks > 0).sum() < 2:
            break
        seats = [(dealer + 1 + k) % n for k in range(n)]
        if deal is None:
            fixed, keep, script = np.zeros(0, dtype=np.int64), -np.ones(n, dtype=np.int64), no_script
        else:
            cards = []
            for s in seats:
                if stacks[s] > 0:
                    cards += parse_cards(deal["hands"][s], n=5).tolist()
            cards += parse_cards(deal.get("draw", "")).tolist()
            rest = [c for c in range(52) if c not in cards]
            fixed = np.array(cards + rest, dtype=np.int64)
            if len(set(fixed.tolist())) != 52:
                raise ValueError("the given hands and draw cards repeat a card")
            keep = np.full(n, 31, dtype=np.int64)  # stand pat unless told otherwise
            for s, k in enumerate(deal.get("keep", [None] * n)):
                if k is not None and stacks[s] > 0:
                    dealt = parse_cards(deal["hands"][s]).tolist()
                    kept = parse_cards(k).tolist()
                    if not set(kept) <= set(dealt):
                        raise ValueError(f"seat {s} keeps {k!r}, which it was not dealt")
                    keep[s] = sum(1 << i for i, c in enumerate(dealt) if c in kept)
            script = np.array([(s, ACTION_NAMES.index(a), to) for s, a, to in deal["actions"]],
                              dtype=np.int64).reshape(-1, 3)
        h = np.zeros(5 * n, dtype=np.int64)
        pat, dd, final = (np.zeros(n, dtype=np.int64) for _ in range(3))
        scores, draws = np.zeros((2, n)), np.zeros((2, n), dtype=np.int64)
        payout = np.zeros(n, dtype=np.int64)
        start, dead_in = stacks.copy(), dead
        rc, sp = _play_deal(st, structure, cfg, stacks, dealer, dead, diablo_pot, tuple(arrays),
                            tabs, deck, fixed, keep, script, np.array([-1, 0, 0]), rng, h, pat, dd,
                            final, scores, draws, payout, np.zeros(n, dtype=np.int64),
                            np.zeros(5 + 4 * n, dtype=np.int64))
        if rc < 0 or sp != len(script):
            raise ValueError(f"the actions of deal {len(out) + 1} do not fit the game "
                             f"(engine code {rc}, {sp} of {len(script)} actions used)")
        dealt_txt, k = [""] * n, 0
        for s in seats:
            if pat[s] >= 0:
                dealt_txt[s] = format_cards(deck[5 * k:5 * k + 5])
                k += 1
        history = format_history(st, names=names, payout=payout if rc != 2 else None)
        hands_txt = [format_cards(h[5 * s:5 * s + 5]) if pat[s] >= 0 else "" for s in range(n)]
        log = Table(st).log.copy()
        if rc == 2:  # void: the pot stays, R-D4
            new_stacks = st[STACK:STACK + n].copy()
            dead = int(_pot(st))
            rec = DealRecord("void", dealer, -1, dead, [0] * n, 0, new_stacks.tolist(),
                             hands_txt, final.tolist(), history)
        else:
            new_stacks = np.zeros(n, dtype=np.int64)
            opener, pot, pen = _diablo_rule(st, cfg, payout, new_stacks)
            rec = DealRecord("showdown" if rc == 1 else "no showdown", dealer, int(opener),
                             int(pot), payout.tolist(), int(pen), new_stacks.tolist(),
                             hands_txt, final.tolist(), history)
            dead, diablo_pot = (int(pen), True) if pen > 0 else (0, False)
        rec.dealt, rec.start, rec.dead_in, rec.log = dealt_txt, start.tolist(), dead_in, log
        out.append(rec)
        stacks = new_stacks
        dealer = int(_next_dealer(stacks, dealer))
    return out
