"""The full game, compiled end to end: dealing, betting, draws and the showdown of a batch of
hands in one Numba kernel, on the shared betting engine :mod:`simkit.poker`.

One hand (R-T1..R-T5, R-P1..R-P4):

1. the dealer button moves one seat left every hand; every seat starts from ``stacks``;
2. antes (variant), blinds and the first betting round (left of the big blind first;
   heads-up the dealer posts the small blind and acts first, R-T2) — :mod:`simkit.poker`;
3. three times: a draw of 0-5 cards by every player still in, in order from the dealer's
   left, the pile rebuilt from the discards when it runs out (R-T3, :mod:`.deal`), then a
   betting round from the first active player left of the dealer; small bets in rounds 1-2,
   big bets in 3-4 (R-T4);
4. showdown: the best 2-7 hand wins (R-T1), ties split with the odd chip left of the dealer,
   side pots for all-in players (R-P3) — :func:`simkit.poker.pots._settle`.

A *player* is a betting strategy of :mod:`simkit.poker.strategies` plus a draw strategy of
:mod:`.draws` (:data:`PLAYERS` names the usual pairs).  Betting strategies see a score
(:mod:`.scores`) and how many cards each opponent drew last.

Examples
--------
>>> r = play(3, ["tight", "loose"], n_hands=2000, seed=1)
>>> r.hands, int(r.net.sum())  # chips are conserved exactly
(2000, 0)
>>> r.table().columns.tolist()
['seat', 'player', 'chips_per_hand', 'se']
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from numba import njit

from ...hands import kernel_tables
from ...poker.betting import _post_antes, _reset, _start_round
from ...poker.pots import _pay, _settle
from ...poker.strategies import strategy_table
from ...poker.structure import F_ANTE, Structure, triple_draw_27
from ...poker.table import _betting_round
from ...poker.table_state import ST_ACTIVE, ST_ALL_IN, ST_FOLDED, STACK, STATUS, _new_state
from ...rng import SeedLike, _draw_below, stream_state
from ...memory import private_zeros
from .deal import _draw, _muck, _reset_deck
from .draws import _choose_keep, draw_table
from .rules import _eval, family_id, target_threshold
from .scores import _score, final_cdf, score_targets
from .table import keep_table

__all__ = ["PLAYERS", "GameResult", "play", "player_tables"]

#: Named players: (betting strategy spec, draw strategy preset).
PLAYERS: dict[str, tuple] = {
    "tight": ("tight", "table"),
    "tight-rule": ("tight", "rule"),
    "loose": ("loose-aggressive", "rule"),
    "station": ("check-call", "table"),
    "check-call": ("check-call", "rule"),
    "random": ("random", "rule"),
    # T5: the same tight player calling by pot odds only, or also "because I'm in"
    "pot-odds": ("tight", "table"),
    "sunk-cost": (("tight", {"P_SUNK": 0.15}), "table"),
}


def player_tables(players, family: str = "deuce_to_seven"):
    """Betting kinds/params and draw kinds/params for a list of player names or
    ``(betting spec, draw preset)`` pairs."""
    bet_specs, draw_specs = [], []
    for p in players:
        if isinstance(p, str):
            if p not in PLAYERS:
                raise ValueError(f"unknown player {p!r}; expected one of {', '.join(PLAYERS)}")
            p = PLAYERS[p]
        bet_specs.append(p[0])
        draw_specs.append(p[1])
    kinds, params = strategy_table(bet_specs)
    dkinds, dparams = draw_table(draw_specs, family)
    return kinds, params, dkinds, dparams


@njit(cache=True, nogil=True)
def _play_kernel(n, structure, stacks, kinds, params, dkinds, dparams, fam, T, ace_low,
                 suits_count, keep_tab, keep_val, xs, cdf, thr, n_draws, first_dealer, n_hands,
                 state, net_sum, net_sq, per_hand, dstats, rec_cards, rec_keep, flags):
    """Play ``n_hands`` hands.  Per seat ``net_sum``/``net_sq`` (float64[n]); ``per_hand``
    (int64[H, n], H may be 0) the first H hands' results; ``dstats`` float64[3, 6, 4] for
    players still in at the end: by draw and cards drawn, (players, reached thr[0], reached
    thr[1], pot share); ``rec_cards`` int64[R, n, n_draws + 1, 5] and ``rec_keep``
    int64[R, n_draws, n] record the first R hands' cards and kept masks; ``flags`` int64[3]:
    (hands with a chip imbalance, strategy errors, showdowns)."""
    st = _new_state(n, 0)
    deck = np.zeros(52, dtype=np.int64)
    disc = np.zeros(52, dtype=np.int64)
    pile = np.zeros(3, dtype=np.int64)
    hands = np.zeros((n, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    mucked = np.zeros(n, dtype=np.int64)
    drew = np.zeros((n_draws, n), dtype=np.int64)
    last = np.zeros(n, dtype=np.int64)
    scores = np.zeros(n, dtype=np.float64)
    strengths = np.zeros(n, dtype=np.int64)
    payout = np.zeros(n, dtype=np.int64)
    n_rounds = n_draws + 1
    ante = structure.forced[F_ANTE]
    n_rec = rec_cards.shape[0]
    for h in range(n_hands):
        dealer = (first_dealer + h) % n
        _reset_deck(deck, pile)
        for j in range(5):
            for i in range(n):
                s = (dealer + 1 + i) % n
                lo = pile[0]
                k = lo + _draw_below(state, pile[1] - lo)
                c = deck[k]
                deck[k] = deck[lo]
                deck[lo] = c
                pile[0] = lo + 1
                hands[s, j] = c
        if h < n_rec:
            for s in range(n):
                for j in range(5):
                    rec_cards[h, s, 0, j] = hands[s, j]
        for s in range(n):
            mucked[s] = 0
            last[s] = -1
            for d in range(n_draws):
                drew[d, s] = -1
        _reset(st, stacks, dealer, 0)
        _post_antes(st, ante)
        for r in range(n_rounds):
            d_left = n_draws - r
            if r > 0:
                # the draw before betting round r, from the dealer's left (R-T3)
                for i in range(n):
                    s = (dealer + 1 + i) % n
                    x = st[STATUS + s]
                    if x == ST_ACTIVE or x == ST_ALL_IN:
                        keep = _choose_keep(hands[s], d_left + 1, dkinds[s], dparams[s], ace_low,
                                            suits_count, keep_tab)
                        m = _draw(hands[s], keep, state, deck, disc, pile, thrown)
                        drew[r - 1, s] = m
                        last[s] = m
                        if h < n_rec:
                            rec_keep[h, r - 1, s] = keep
                            for j in range(5):
                                rec_cards[h, s, r, j] = hands[s, j]
            for s in range(n):
                scores[s] = _score(hands[s], d_left, fam, T, ace_low, keep_val, xs, cdf)
            _start_round(st, structure, r, -1)
            n_in = _betting_round(st, kinds, params, scores, last, state)
            if n_in < 0:
                flags[1] += 1
                break
            for s in range(n):
                if st[STATUS + s] == ST_FOLDED and mucked[s] == 0:
                    _muck(hands[s], disc, pile)
                    mucked[s] = 1
            if n_in <= 1:
                break
        for s in range(n):
            strengths[s] = _eval(hands[s, 0], hands[s, 1], hands[s, 2], hands[s, 3], hands[s, 4], fam, T)
        _settle(st, strengths, payout)
        _pay(st, payout)
        total = 0
        n_in = 0
        pot = 0
        for s in range(n):
            x = st[STATUS + s]
            if x == ST_ACTIVE or x == ST_ALL_IN:
                n_in += 1
            pot += payout[s]
        if n_in >= 2:
            flags[2] += 1
        for s in range(n):
            v = st[STACK + s] - stacks[s]
            total += v
            net_sum[s] += v
            net_sq[s] += v * v
            if h < per_hand.shape[0]:
                per_hand[h, s] = v
            x = st[STATUS + s]
            if (x == ST_ACTIVE or x == ST_ALL_IN) and n_in >= 2:
                share = payout[s] / pot if pot > 0 else 0.0
                for d in range(n_draws):
                    c = drew[d, s]
                    if c >= 0 and d < 3:
                        dstats[d, c, 0] += 1.0
                        if strengths[s] >= thr[0]:
                            dstats[d, c, 1] += 1.0
                        if strengths[s] >= thr[1]:
                            dstats[d, c, 2] += 1.0
                        dstats[d, c, 3] += share
        if total != 0:
            flags[0] += 1


@dataclass
class GameResult:
    """Totals of :func:`play`: ``net`` chips per seat, ``net_sq`` their squares, ``hands``,
    ``per_hand`` (first hands, per seat), ``dstats`` (draw statistics), ``players``."""

    players: list
    hands: int
    net: np.ndarray
    net_sq: np.ndarray
    per_hand: np.ndarray
    dstats: np.ndarray
    showdowns: int
    records: tuple = field(default=())

    def table(self) -> pd.DataFrame:
        """Chips per hand with standard error for each seat."""
        from ...runner import stats

        mean, se = stats.mean_se(self.net, self.net_sq, self.hands)
        return pd.DataFrame({"seat": np.arange(len(self.players)),
                             "player": [p if isinstance(p, str) else str(p) for p in self.players],
                             "chips_per_hand": mean, "se": se})


def _setup(n, players, structure, stacks, family):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 2 <= n <= 6:
        raise ValueError(f"2-7 Triple Draw is for 2-6 players, got {n!r}")
    players = list(players) if not isinstance(players, str) else [players]
    if len(players) < n:
        players = players + [players[-1]] * (n - len(players))
    if len(players) != n:
        raise ValueError(f"{len(players)} players for {n} seats")
    structure = structure or triple_draw_27()
    st = np.broadcast_to(np.asarray(stacks, dtype=np.int64), (n,)).copy()
    if (st < 0).any():
        raise ValueError(f"stacks must be non-negative, got {stacks!r}")
    return players, structure, st


def play(n: int, players, *, n_hands: int = 10_000, structure: Structure | None = None,
         stacks=200, family: str = "deuce_to_seven", n_draws: int = 3, seed: SeedLike = None,
         keep_per_hand: int = 0, record: int = 0, first_dealer: int = 0) -> GameResult:
    """Play ``n_hands`` hands of ``n`` seats; ``players`` names seat 0's player first, the
    last name fills the remaining seats ("A against field B": ``["A", "B"]``).

    Parameters
    ----------
    structure
        Betting structure (default :func:`simkit.poker.structure.triple_draw_27`, R-T4);
        it must have ``n_draws + 1`` rounds.
    stacks
        Chips of every seat at the start of every hand (default 200, R-T4).
    family
        ``deuce_to_seven``, or ``ace_to_five`` for the A-5 variant (R-T5).
    keep_per_hand, record
        Keep the results of the first hands (for win-rate plots), and record the cards and
        kept masks of the first ``record`` hands (for the PokerKit comparison).
    """
    players, structure, st = _setup(n, players, structure, stacks, family)
    if structure.limits.shape[0] != n_draws + 1:
        raise ValueError(f"the structure has {structure.limits.shape[0]} rounds; {n_draws} draws need {n_draws + 1}")
    kinds, params, dkinds, dparams = player_tables(players, family)
    tab = keep_table(family)
    thr = np.array([target_threshold("8" if family == "deuce_to_seven" else "7", family),
                    target_threshold("10" if family == "deuce_to_seven" else "9", family)], dtype=np.int64)
    net = private_zeros(n)
    net_sq = private_zeros(n)
    per_hand = np.zeros((min(keep_per_hand, n_hands), n), dtype=np.int64)
    dstats = private_zeros((3, 6, 4))
    rec_cards = np.zeros((min(record, n_hands), n, n_draws + 1, 5), dtype=np.int64)
    rec_keep = np.zeros((min(record, n_hands), n_draws, n), dtype=np.int64)
    flags = private_zeros(3, np.int64)
    _play_kernel(n, structure, st, kinds, params, dkinds, dparams, family_id(family),
                 kernel_tables(family), family == "ace_to_five", family == "deuce_to_seven",
                 tab.keep, tab.value, score_targets(family), final_cdf(family), thr, n_draws,
                 first_dealer, n_hands, stream_state(seed), net, net_sq, per_hand, dstats,
                 rec_cards, rec_keep, flags)
    if flags[1]:  # pragma: no cover - a strategy bug in simkit.poker
        raise RuntimeError(f"{int(flags[1])} hands stopped on an illegal action")
    if flags[0]:  # pragma: no cover - must never happen
        raise RuntimeError(f"chips not conserved in {int(flags[0])} hands")
    return GameResult(players, n_hands, net, net_sq, per_hand, dstats, int(flags[2]),
                      (rec_cards, rec_keep) if record else ())
