"""Exact equity of given Diablo hands at the draw: each player's share of the pot when every
player keeps the given cards and draws the rest from one deck.

The deck is the 52 cards less every hand and the dead cards (discards never come back).
Players draw in *draw order*, the first player left of the dealer first (the order the hands
are given in, unless ``order`` says otherwise), each taking the next ``5 - kept`` cards.
Every assignment of distinct live cards to the draws is equally likely; the showdown pays a
win 1 and a ``k``-way tie ``1/k`` each (R-D1, R-D2 rank the hands).  A player standing pat
keeps all five cards.

Exact enumeration (:func:`_equity_exact`) visits every draw of every player but one, in draw
order, each from the cards the earlier ones left; the player who draws most (the last in
draw order among equals) is counted, not visited.  For the best strength ``b`` of the others
and the cards ``X`` they drew, that player's draws from the rest are counted below, at and
above ``b`` by inclusion-exclusion over the subsets ``J`` of ``X``: each count is a sum over
``J`` of ``(-1)^|J|`` times the number of that player's draws from the whole live deck that
contain ``J`` (read from sorted lists by binary search).  So a heads-up spot costs at most the
first player's draws times 32 look-ups, and every outcome is counted: the result is flagged
``exact``.  Shares are kept in units of 1/2520 (a k-way tie for k <= 10 is whole), so the
totals are integers.

With fixed keeps the shares cannot depend on the draw order (every card unseen is alike);
the order says in which order the deck is dealt, and the test suite checks the invariance.
When an exact count would take too long (:data:`EXACT_LIMIT` look-ups) it is Monte Carlo
(:class:`DrawEquityJob`) with standard errors, flagged ``exact: false``.

A hand may be a range (:mod:`.ranges`: ``"trips+"``, ``"two_pair no deuce"``, ``"2 deuces"``
…): every deal gives that player a hand of the range by weight, jointly with the other ranges
and without the cards known elsewhere (:mod:`simkit.hands.ranges`), and the player keeps what
the draw policy keeps (:func:`~.keep_table.policy_table` of the draw limit, as the engine's
players and random opponents do).  With a range the answer is always Monte Carlo
(:func:`_equity_mc_ranged`).

Examples
--------
>>> df = draw_equity(["As Ah Ad 7c 4s", "Kh Qh Jh 9h 3c"], ["As Ah Ad", "Kh Qh Jh 9h"])
>>> df[["hand", "draw", "equity"]].round(4).values.tolist()
[['As Ah Ad 7c 4s', 2, 0.7284], ['Kh Qh Jh 9h 3c', 1, 0.2716]]
>>> df.attrs["exact"], df.attrs["outcomes"]
(True, 34440)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from math import comb
from typing import Any, cast

import numpy as np
import pandas as pd

from ...cards import N_CARDS, as_cards, format_cards
from ...checks import is_int, positive_int
from ...deck import (
    advance_level,
    cards_left,
    draw_card,
    enter_level,
    live_deck,
    next_combination,
    shuffle_prefix,
)
from ...hands.kernels import eval5_deuces_wild
from ...hands.ranges import Combos, check_compatible, draw_joint, packed, rejection_error
from ...jit import njit
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from .keep_table import _keep_sorted, _sort5, policy_table
from .ranges import is_range_text, parse_range
from .rules import draw_limit, limit_label, tables
from .solver import Cards, _keep_of

__all__ = [
    "EXACT_LIMIT",
    "MAX_PLAYERS",
    "UNITS",
    "DrawEquityJob",
    "DrawSpot",
    "draw_equity",
    "monte_carlo_job",
    "prepare",
]

#: A k-way tie (k <= 10) pays 1/k: whole in units of 1/2520 = 1/lcm(1..10).
UNITS = 2520
#: Ten hands use 50 of the 52 cards.
MAX_PLAYERS = 10
#: Look-ups an exact count may take (a few seconds per 10**8) before Monte Carlo is used.
EXACT_LIMIT = 200_000_000
# BIN[j, c] = C(c, j) for the colex number of a card set.
BIN = np.array([[comb(c, j) for c in range(53)] for j in range(6)], dtype=np.int64)


@njit(cache=True, inline="always")
def _eval(cards, o, T):
    return eval5_deuces_wild(cards[o], cards[o + 1], cards[o + 2], cards[o + 3], cards[o + 4], T)


@njit(cache=True, inline="always")
def _lower(a, lo, hi, b):
    """The first index in ``a[lo:hi]`` (sorted) whose value is not below ``b``."""
    while lo < hi:
        mid = (lo + hi) >> 1
        if a[mid] < b:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True)
def _draw_lists(cards, o, n_keep, live, T):
    """The sorted final strengths of the counted player (cards ``cards[o:o + n_keep]`` kept,
    ``d = 5 - n_keep`` drawn) over every draw containing ``J``, for every set ``J`` of ``0..d``
    live-deck positions: one flat int16 array, the list of ``J`` starting at
    ``start[j] + colex(J) * C(N - j, d - j)`` (``j = |J|``)."""
    N = live.shape[0]
    d = 5 - n_keep
    start = np.zeros(d + 2, dtype=np.int64)
    jbase = np.zeros(d + 2, dtype=np.int64)
    for j in range(d + 1):
        start[j + 1] = start[j] + BIN[j, N] * BIN[d - j, N - j]
        jbase[j + 1] = jbase[j] + BIN[j, N]
    lists = np.zeros(start[d + 1], dtype=np.int16)
    fill = np.zeros(jbase[d + 1], dtype=np.int64)
    h = np.zeros(5, dtype=np.int64)
    for p in range(n_keep):
        h[p] = cards[o + p]
    idx = np.zeros(5, dtype=np.int64)
    for j in range(d):
        idx[j] = j
    while True:
        for j in range(d):
            h[n_keep + j] = live[idx[j]]
        s = eval5_deuces_wild(h[0], h[1], h[2], h[3], h[4], T)
        for sub in range(1 << d):
            j = 0
            code = 0
            for p in range(d):
                if (sub >> p) & 1:
                    j += 1
                    code += BIN[j, idx[p]]
            lists[start[j] + code * BIN[d - j, N - j] + fill[jbase[j] + code]] = s
            fill[jbase[j] + code] += 1
        if d == 0 or not next_combination(idx, d, N):
            break
    for j in range(d + 1):
        size = BIN[d - j, N - j]
        for code in range(BIN[j, N]):
            a = start[j] + code * size
            lists[a : a + size].sort()
    return lists, start


@njit(cache=True)
def _counted(lists, start, d, N, X, x, b, idx):
    """Draws of the counted player from the live deck less the positions ``X[:x]`` (ascending)
    with final strength below and equal to ``b``, by inclusion-exclusion over ``J`` in ``X``."""
    lt = 0
    le = 0
    for j in range(min(d, x) + 1):
        size = BIN[d - j, N - j]
        for q in range(j):
            idx[q] = q
        while True:
            code = 0
            for q in range(j):
                code += BIN[q + 1, X[idx[q]]]
            a = start[j] + code * size
            n_lt = _lower(lists, a, a + size, b) - a
            n_le = _lower(lists, a, a + size, b + 1) - a
            if j & 1:
                lt -= n_lt
                le -= n_le
            else:
                lt += n_lt
                le += n_le
            if j == 0 or not next_combination(idx, j, x):
                break
    return lt, le - lt


@njit(cache=True)
def _equity_exact(cards, n_keep, levels, last, live, T, share, win):
    """Every draw of the players in ``levels`` (draw order), each from what the earlier ones
    left, and the counted player ``last`` (module doc); shares in :data:`UNITS` and outright
    wins into ``share`` and ``win``.  Returns the number of outcomes counted."""
    n = n_keep.shape[0]
    N = live.shape[0]
    nlev = levels.shape[0]
    d_last = 5 - n_keep[last]
    lists, start = _draw_lists(cards, 5 * last, n_keep[last], live, T)
    h = cards.copy()
    s = np.zeros(n, dtype=np.int64)
    for i in range(n):
        if n_keep[i] == 5:
            s[i] = _eval(h, 5 * i, T)
    used = np.zeros(N, dtype=np.bool_)
    avail = np.zeros((nlev + 1, N), dtype=np.int64)
    n_avail = np.zeros(nlev + 1, dtype=np.int64)
    combs = np.zeros((nlev + 1, 5), dtype=np.int64)
    X = np.zeros(N, dtype=np.int64)
    jdx = np.zeros(5, dtype=np.int64)
    count = 0
    level = -1
    while True:
        # descend: every level below the current one starts at its first combination
        while level < nlev - 1:
            level += 1
            enter_level(used, avail, n_avail, combs, level, 5 - n_keep[levels[level]])
        # one draw of every visited player: score it against the counted player's draws
        for lv in range(nlev):
            p = levels[lv]
            k = n_keep[p]
            for j in range(5 - k):
                h[5 * p + k + j] = live[avail[lv, combs[lv, j]]]
            s[p] = _eval(h, 5 * p, T)
        b = -1
        t = 0
        for i in range(n):
            if i != last:
                if s[i] > b:
                    b = s[i]
                    t = 1
                elif s[i] == b:
                    t += 1
        x = 0
        for c in range(N):
            if used[c]:
                X[x] = c
                x += 1
        total = BIN[d_last, N - x]
        n_lt, n_eq = _counted(lists, start, d_last, N, X, x, b, jdx)
        n_gt = total - n_lt - n_eq
        for i in range(n):
            if i != last and s[i] == b:
                share[i] += n_lt * (UNITS // t) + n_eq * (UNITS // (t + 1))
                if t == 1:
                    win[i] += n_lt
        share[last] += n_eq * (UNITS // (t + 1)) + n_gt * UNITS
        win[last] += n_gt
        count += total
        # advance the deepest level that can, backtracking
        while level >= 0:
            if advance_level(used, avail, n_avail, combs, level, 5 - n_keep[levels[level]]):
                break
            level -= 1
        if level < 0:
            return count


@njit(cache=True, nogil=True)
def _equity_mc(
    cards, n_keep, order, live, T, trials, state, share, share_sq, win,
    kept_start=None, kept_final=None, kept_n=None, kept_strength=None,
):  # fmt: skip
    """``trials`` random deals of the draws (in draw order ``order``): shares in
    :data:`UNITS`, their squares and outright wins into the totals.  ``kept_start``,
    ``kept_final`` (trials, n, 5), ``kept_n`` and ``kept_strength`` (trials, n), unless None,
    keep every deal: each player's five before the draw (the kept cards first) and after it,
    how many it kept and its final strength."""
    n = n_keep.shape[0]
    deck = live.copy()
    h = cards.copy()
    m = 0
    for i in range(n):
        m += 5 - n_keep[i]
    s = np.zeros(n, dtype=np.int64)
    for t in range(trials):
        shuffle_prefix(deck, m, state)
        pos = 0
        for q in range(order.shape[0]):
            p = order[q]
            for j in range(n_keep[p], 5):
                h[5 * p + j] = deck[pos]
                pos += 1
        _score_deal(h, s, T, share, share_sq, win)
        if kept_start is not None:  # None: compiled without
            _keep_deal(cards, h, n_keep, s, t, n, kept_start, kept_final, kept_n, kept_strength)


@njit(cache=True, inline="always")
def _score_deal(h, s, T, share, share_sq, win):
    """The showdown of one deal: every player's final strength (``h``, 5 cards a player) into
    ``s``; the pot shares in :data:`UNITS`, their squares and outright wins into the totals."""
    b = -1
    ties = 0
    for i in range(s.shape[0]):
        s[i] = _eval(h, 5 * i, T)
        if s[i] > b:
            b = s[i]
            ties = 1
        elif s[i] == b:
            ties += 1
    for i in range(s.shape[0]):
        if s[i] == b:
            sh = UNITS // ties
            share[i] += sh
            share_sq[i] += sh * sh
            if ties == 1:
                win[i] += 1


@njit(cache=True, inline="always")
def _keep_deal(start, h, nk, s, t, n, kept_start, kept_final, kept_n, kept_strength):
    for i in range(n):
        kept_n[t, i] = nk[i]
        kept_strength[t, i] = s[i]
        for j in range(5):
            kept_start[t, i, j] = start[5 * i + j]
            kept_final[t, i, j] = h[5 * i + j]


@njit(cache=True, nogil=True)
def _equity_mc_ranged(
    cards, n_keep, order, live, T, trials, state, share, share_sq, win, drawn,
    who, masks, starts, ends, cum, rcards, mask_table,
    kept_start=None, kept_final=None, kept_n=None, kept_strength=None,
):  # fmt: skip
    """:func:`_equity_mc` with ranged players: player ``who[r]`` gets a hand of range ``r``
    (rows ``starts[r]:ends[r]`` of ``rcards``, drawn jointly by weight without a card twice,
    :func:`~simkit.hands.ranges.draw_joint`; none holds a card outside ``live``) and keeps
    what ``mask_table`` keeps; the draws come from ``live`` less the ranged hands.  Cards
    drawn by each player are summed into ``drawn``; ``kept_start`` … as in :func:`_equity_mc`
    (a ranged player's start is the hand of its range dealt, sorted).  Returns False when the
    ranges gave up (they almost never fit together)."""
    n = n_keep.shape[0]
    R = who.shape[0]
    h = cards.copy()
    nk = n_keep.copy()
    deck = live.copy()
    picks = np.zeros(R, np.int64)
    s = np.zeros(n, dtype=np.int64)
    start = cards.copy()
    for t in range(trials):
        used = draw_joint(masks, starts, ends, cum, state, picks)
        if used < 0:
            return False
        for r in range(R):
            i = picks[r]
            o = 5 * who[r]
            for j in range(5):
                h[o + j] = rcards[i, j]
            _sort5(h, o)
            for j in range(5):
                start[o + j] = h[o + j]
            nk[who[r]] = _keep_sorted(h, o, mask_table)
        size = cards_left(live, used, deck)
        pos = 0
        for q in range(order.shape[0]):
            p = order[q]
            for j in range(nk[p], 5):
                draw_card(deck, pos, size, state)
                h[5 * p + j] = deck[pos]
                pos += 1
            drawn[p] += 5 - nk[p]
        _score_deal(h, s, T, share, share_sq, win)
        if kept_start is not None:  # None: compiled without
            _keep_deal(start, h, nk, s, t, n, kept_start, kept_final, kept_n, kept_strength)
    return True


@dataclass(frozen=True)
class DrawSpot:
    """A prepared spot: every player's cards, the kept ones first (``cards``, 5 per player),
    how many each keeps, the draw order (player indices) and the live deck.  A player in
    ``ranged`` is dealt from a range on every deal: its cards are ``-1`` and its keep (0 here)
    follows the draw policy; ``live`` still holds the cards its hands come from."""

    cards: tuple[int, ...]
    n_keep: tuple[int, ...]
    order: tuple[int, ...]
    live: tuple[int, ...]
    ranged: tuple[int, ...] = ()

    def _exact_only(self) -> None:
        if self.ranged:
            raise ValueError("a spot with ranged players has no fixed outcomes to count (Monte Carlo only)")

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``cards``, ``n_keep``, ``order``, ``live`` as int64 arrays for the kernels."""
        return (
            np.array(self.cards, dtype=np.int64),
            np.array(self.n_keep, dtype=np.int64),
            np.array(self.order, dtype=np.int64),
            np.array(self.live, dtype=np.int64),
        )

    @property
    def draws(self) -> tuple[int, ...]:
        return tuple(5 - k for k in self.n_keep)

    def outcomes(self) -> int:
        """The number of equally likely outcomes of the draws (in draw order).

        >>> prepare(["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h 7h"]).outcomes()
        34440
        """
        self._exact_only()
        pool, total = len(self.live), 1
        for p in self.order:
            total *= comb(pool, self.draws[p])
            pool -= self.draws[p]
        return total

    def plan(self) -> tuple[tuple[int, ...], int, int]:
        """The exact count's plan: the visited players (draw order), the counted player (draws
        most; the last in draw order among equals) and the look-ups it takes.

        >>> prepare(["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h 7h"]).plan()
        ((1,), 0, 3528)
        """
        self._exact_only()
        last = max(self.order, key=lambda p: (self.draws[p], self.order.index(p)))
        levels = tuple(p for p in self.order if p != last and self.draws[p] > 0)
        pool, outer, x = len(self.live), 1, 0
        for p in levels:
            outer *= comb(pool, self.draws[p])
            pool -= self.draws[p]
            x += self.draws[p]
        d = self.draws[last]
        terms = sum(comb(x, j) for j in range(min(d, x) + 1))
        work = outer * terms + comb(len(self.live), d) * 2**d
        return levels, last, work


def _equity_se(totals: dict) -> tuple[np.ndarray, np.ndarray]:
    """The players' equities and their standard errors from the totals of a
    :class:`DrawEquityJob` run (shares in :data:`UNITS`, their squares, ``trials``)."""
    n = int(totals["trials"])
    eq = totals["share"] / (UNITS * n)
    second = totals["share_sq"] / (UNITS * UNITS * n)
    se = np.sqrt(np.maximum(second - eq * eq, 0.0) * n / max(n - 1, 1) / n)
    return eq, se


@dataclass(frozen=True)
class DrawEquityJob:
    """The Monte Carlo job (:mod:`simkit.runner`) of one :class:`DrawSpot`.  ``ranges`` holds
    ``(player, combos)`` for every player of ``spot.ranged`` (without the cards known
    elsewhere); those players keep by the draw policy of ``variant`` / ``max_draw``."""

    spot: DrawSpot
    name: str = "diablo_draw_equity"
    ranges: tuple[tuple[int, Combos], ...] = ()
    variant: str = "standard"
    max_draw: int | None = None

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the players' equities."""
        from ...runner import stats

        return stats.worst(_equity_se(totals)[1])

    def params(self) -> dict:
        spot = asdict(self.spot)
        out: dict[str, Any] = {"spot": spot, "name": self.name}
        if not self.ranges:  # the parameters of a spot without ranges, as they always were
            del spot["ranged"]
            return out
        # a range by its text and a digest of its combos and weights
        out["ranges"] = [[p, r.text, r.digest] for p, r in self.ranges]
        out["variant"], out["max_draw"] = self.variant, self.max_draw
        return out

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        return self.play_chunk(trials, seed)

    def play_chunk(
        self, trials: int, seed: np.random.SeedSequence, kept: tuple | None = None
    ) -> dict[str, np.ndarray]:
        """:meth:`run_chunk`, keeping every deal in ``kept`` when it is given: the arrays
        ``(start, final, n_kept, strength)`` of :func:`_equity_mc` (``kept_start`` …)."""
        cards, n_keep, order, live = self.spot.arrays()
        n = n_keep.size
        share = private_zeros(n, np.int64)
        share_sq = private_zeros(n, np.int64)
        win = private_zeros(n, np.int64)
        if kept is None:
            kept = (None, None, None, None)
        if not self.ranges:
            _equity_mc(
                cards, n_keep, order, live, tables(), trials, stream_state(seed), share, share_sq, win, *kept
            )
            return {"share": share, "share_sq": share_sq, "win": win}
        drawn = private_zeros(n, np.int64)
        rcards, masks, starts, ends, cum = packed(tuple(r for _, r in self.ranges))
        who = np.array([p for p, _ in self.ranges], dtype=np.int64)
        mask_table = policy_table(self.variant, max_draw=self.max_draw).mask
        ok = _equity_mc_ranged(
            cards, n_keep, order, live, tables(), trials, stream_state(seed), share, share_sq, win, drawn,
            who, masks, starts, ends, cum, rcards, mask_table, *kept,
        )  # fmt: skip
        if not ok:
            raise rejection_error([r.text or f"hand {p + 1}" for p, r in self.ranges])
        return {"share": share, "share_sq": share_sq, "win": win, "drawn": drawn}


def prepare(
    hands: Sequence[Cards | None],
    keeps: Sequence[Cards | None],
    dead: Cards | None = None,
    *,
    order: Sequence[int] | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
) -> DrawSpot:
    """Check the hands, keeps, dead cards, draw order and draw limit; the :class:`DrawSpot`.

    A hand ``None`` is a player dealt from a range on every deal (:attr:`DrawSpot.ranged`):
    its keep must be ``None`` (the draw policy decides), and the live deck must hold its five
    cards and the most it may draw.

    ``ValueError`` names the bad value: a hand without five cards, a card in two hands or
    among the dead cards, a keep not in its hand or breaking the draw limit, a number of keeps
    other than one per hand, an order that is not a permutation of the players, or a live
    deck too small for the draws.

    >>> prepare(["As Ah Ad 7c 4s", "Kh Qh Jh 9h 3c"], ["As Ah Ad"])
    Traceback (most recent call last):
    ...
    ValueError: give one keep per hand: 2 hands, 1 keep
    >>> prepare(["As Ah Ad 7c 4s", None], ["As Ah Ad", None]).ranged
    (1,)
    """
    hands = list(hands)
    keeps = list(keeps)
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"give 2..{MAX_PLAYERS} hands, got {len(hands)}")
    if len(keeps) != len(hands):
        raise ValueError(
            f"give one keep per hand: {len(hands)} hands, {len(keeps)} keep{'s' if len(keeps) != 1 else ''}"
        )
    most, _ = draw_limit(variant, max_draw)
    held: list[np.ndarray | None] = []
    for i, h in enumerate(hands):
        if h is None:
            if keeps[i] is not None:
                raise ValueError(
                    f"hand {i + 1} is a range: it keeps by the draw policy (give None as its keep)"
                )
            held.append(None)
            continue
        try:
            held.append(as_cards(h, "hand", n=5))
        except ValueError as e:
            raise ValueError(f"hand {i + 1}: {e}") from None
    dead_arr = np.zeros(0, dtype=np.int64) if dead is None else as_cards(dead, "dead")
    everything = np.concatenate([*(h for h in held if h is not None), dead_arr])
    values, counts = np.unique(everything, return_counts=True)
    if (counts > 1).any():
        card = format_cards(values[counts > 1][:1])
        raise ValueError(f"card {card!r} is in more than one hand or among the dead cards")
    cards: list[int] = []
    n_keep: list[int] = []
    ranged: list[int] = []
    for i, (h, k) in enumerate(zip(held, keeps, strict=True)):
        if h is None:
            cards += [-1] * 5
            n_keep.append(0)
            ranged.append(i)
            continue
        if isinstance(k, str) and k.strip() in ("-", ""):
            k = []
        try:
            kept = _keep_of(h, k, variant, max_draw)
        except ValueError as e:
            raise ValueError(f"player {i + 1}: {e}") from None
        rest = [int(c) for c in h if c not in set(kept.tolist())]
        cards += [int(c) for c in kept] + rest
        n_keep.append(int(kept.size))
    if order is None:
        seq = tuple(range(len(hands)))
    else:
        seq = tuple(order)
        if not all(is_int(p) for p in seq) or sorted(seq) != list(range(len(hands))):
            raise ValueError(f"order must list each player 0..{len(hands) - 1} once, got {list(order)!r}")
        seq = tuple(int(p) for p in seq)
    live = live_deck(everything).astype(np.int64)
    need = sum(5 - k for i, k in enumerate(n_keep) if i not in ranged) + len(ranged) * (5 + most)
    if need > live.size:
        what = f"players draw {need}"
        if ranged:
            what = f"ranged hands take {5 * len(ranged)} and the players may draw {need - 5 * len(ranged)}"
        raise ValueError(
            f"the live deck has {live.size} cards (52 less the hands and the dead cards) but the "
            f"{what}: give fewer hands, dead cards or cards drawn"
        )
    return DrawSpot(tuple(cards), tuple(n_keep), seq, tuple(int(c) for c in live), tuple(ranged))


def _split_ranges(hands: list, keeps: list) -> tuple[dict[int, Combos], list[Cards | None]]:
    """The ranged players' :class:`~simkit.hands.ranges.Combos` by player, and the hands with
    ``None`` for a ranged player (as :func:`prepare` takes them)."""
    ranges: dict[int, Combos] = {}
    slots: list[Cards | None] = []
    for i, h in enumerate(hands):
        if isinstance(h, str) and is_range_text(h):
            h = parse_range(h)
        if isinstance(h, Combos):
            if h.size != 5:
                raise ValueError(f"a Diablo range is of five-card hands, got combos of {h.size} cards")
            if i < len(keeps) and keeps[i] is not None:
                raise ValueError(
                    f"hand {i + 1} {h.text!r} is a range: it keeps by the draw policy (give None as its keep)"
                )
            ranges[i] = h
            slots.append(None)
        else:
            slots.append(h)
    return ranges, slots


def monte_carlo_job(
    hands: Sequence[Cards | Combos],
    keeps: Sequence[Cards | None],
    dead: Cards | None = None,
    *,
    order: Sequence[int] | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
) -> DrawEquityJob:
    """The :class:`DrawEquityJob` of :func:`draw_equity` by Monte Carlo (hands, ranges, keeps,
    dead cards, order and draw limit as it takes them, checked the same way).

    >>> job = monte_carlo_job(["trips+", "Kh Qh Jh 9h 3c"], [None, "Kh Qh Jh 9h"])
    >>> job.spot.ranged, [p for p, _ in job.ranges]
    ((0,), [0])
    """
    if isinstance(hands, (str, Combos)):
        raise ValueError(f"hands must be a list of five-card hands or ranges (one per player), got {hands!r}")
    ranges, slots = _split_ranges(list(hands), list(keeps))
    spot = prepare(slots, keeps, dead, order=order, variant=variant, max_draw=max_draw)
    return _monte_carlo_job(spot, ranges, variant, max_draw)


def _monte_carlo_job(
    spot: DrawSpot, ranges: dict[int, Combos], variant: str, max_draw: int | None
) -> DrawEquityJob:
    if not ranges:
        return DrawEquityJob(spot)
    known = sorted(set(range(N_CARDS)) - set(spot.live))  # the given hands and the dead cards
    live_ranges = tuple((i, r.without(known)) for i, r in ranges.items())
    check_compatible([r for _, r in live_ranges], [r.text or f"hand {i + 1}" for i, r in live_ranges])
    policy_table(variant, max_draw=max_draw)  # built (or read) once, before the workers
    return DrawEquityJob(spot, ranges=live_ranges, variant=variant, max_draw=max_draw)


def draw_equity(
    hands: Sequence[Cards | Combos],
    keeps: Sequence[Cards | None],
    dead: Cards | None = None,
    *,
    order: Sequence[int] | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
    exact: bool | str = "auto",
    exact_limit: int = EXACT_LIMIT,
    trials: int = 200_000,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """Each player's share of the pot when every player keeps the given cards and draws.

    Parameters
    ----------
    hands
        Two to ten five-card hands (card strings or card integers), in seat order from the
        player left of the dealer.  A hand may be a range (:mod:`.ranges`: ``"trips+"``,
        ``"two_pair no deuce"``, ``"2 deuces"``, or its :class:`~simkit.hands.ranges.Combos`):
        every deal gives that player a hand of the range by weight, jointly with the other
        ranges and without the cards known elsewhere, and it keeps what the draw policy keeps
        (:func:`~.keep_table.policy_table` of the draw limit); always Monte Carlo.
    keeps
        One per hand: the cards it keeps (all five: stands pat; ``""`` or ``"-"``: draws
        five, where the draw limit allows); ``None`` for a range (the policy keeps).
    dead
        Cards out of play (seen elsewhere).
    order
        The draw order as player indices (0 = the first hand); default the seat order.
    variant, max_draw
        The draw limit (:func:`~.rules.draw_limit`): ``standard`` 0-2 cards, ``draw-three``
        up to 3 (4 keeping an ace), or any ``max_draw`` 0..5.
    exact
        ``"auto"``: count every outcome when it takes at most ``exact_limit`` look-ups
        (every heads-up spot does), else Monte Carlo; ``True``: always count (``ValueError``
        beyond ``exact_limit``: use Monte Carlo); ``False``: Monte Carlo.
    trials, seed, run_options
        Monte Carlo deals, seed and the options of :func:`simkit.runner.run` (ignored when
        exact).

    Returns
    -------
    pandas.DataFrame
        One row per player (seat order): ``player`` (1 = left of the dealer), ``hand`` (a
        range's text for a range), ``keep`` (``by policy`` for a range), ``draw`` (the mean
        number of cards drawn for a range), ``equity`` (pot share), ``se`` (0 when exact),
        ``win`` (wins alone).  ``attrs``: ``exact``, ``method``, ``outcomes`` (all outcomes
        of the draws; ``None`` with ranges),
        ``trials`` (outcomes counted or deals simulated), ``order`` (players, 1-based, in
        draw order), ``limit``, ``dead``.

    Examples
    --------
    >>> draw_equity(["As Ah Ad 7c 4s", "Kh Qh Jh 9h 3c"], ["As Ah", "Kh Qh Jh 9h"])
    Traceback (most recent call last):
    ...
    ValueError: player 1: keeping As Ah exchanges 3 cards; the standard rules allow at most 2 (choose the draw-three variant for up to three)
    >>> df = draw_equity(["trips+", "two_pair no deuce"], [None, None], trials=4000, seed=1)
    >>> df.keep.tolist(), bool(df.equity[0] > df.equity[1]), df.attrs["exact"]
    (['by policy', 'by policy'], True, False)
    """
    if isinstance(hands, (str, Combos)):
        raise ValueError(f"hands must be a list of five-card hands or ranges (one per player), got {hands!r}")
    if exact not in (True, False, "auto"):
        raise ValueError(f"exact must be True, False or 'auto', got {exact!r}")
    hands = list(hands)
    keeps = list(keeps)
    ranges, slots = _split_ranges(hands, keeps)
    if ranges and exact is True:
        raise ValueError(
            "an exact count is not made with ranges: use exact='auto' or False (in the CLI --exact auto or never)"
        )
    spot = prepare(slots, keeps, dead, order=order, variant=variant, max_draw=max_draw)
    positive_int(exact_limit, "exact_limit")
    if ranges:
        return _ranged_equity(spot, ranges, hands, variant, max_draw, dead, trials, seed, run_options)
    levels, last, work = spot.plan()
    if exact is True and work > exact_limit:
        raise ValueError(
            f"an exact count takes about {work:,} look-ups, more than exact_limit={exact_limit:,}: "
            "use Monte Carlo (exact='auto' or False)"
        )
    cards, n_keep, order_arr, live = spot.arrays()
    n = n_keep.size
    use_exact = exact is True or (exact == "auto" and work <= exact_limit)
    if use_exact:
        share = np.zeros(n, dtype=np.int64)
        win = np.zeros(n, dtype=np.int64)
        count = _equity_exact(
            cards, n_keep, np.array(levels, dtype=np.int64), last, live, tables(), share, win
        )
        if count != spot.outcomes():  # pragma: no cover - a broken enumeration
            raise RuntimeError(f"counted {count} outcomes of {spot.outcomes()}")
        eq = share / (UNITS * count)
        se = np.zeros(n)
        won = win / count
        done = count
    else:
        from ...runner import run

        positive_int(trials, "trials")
        run_options.setdefault("quiet", True)
        tot = run(DrawEquityJob(spot), trials, seed=seed, **run_options)
        done = int(tot["trials"])
        eq, se = _equity_se(tot)
        won = tot["win"] / done
    df = pd.DataFrame(
        {
            "player": np.arange(1, n + 1),
            "hand": [
                format_cards(as_cards(cast(str | Sequence[int], h), "hand", n=5)) for h in hands
            ],  # no ranges
            "keep": [format_cards(cards[5 * i : 5 * i + n_keep[i]]) or "-" for i in range(n)],
            "draw": 5 - n_keep,
            "equity": eq,
            "se": se,
            "win": won,
        }
    )
    df.attrs.update(
        exact=bool(use_exact),
        method="exact" if use_exact else "monte carlo",
        outcomes=spot.outcomes(),
        trials=done,
        order=[p + 1 for p in spot.order],
        limit=limit_label(variant, max_draw),
        dead=format_cards(np.zeros(0, dtype=np.int64) if dead is None else as_cards(dead, "dead")),
    )
    return df


def _ranged_equity(
    spot: DrawSpot,
    ranges: dict[int, Combos],
    hands: list,
    variant: str,
    max_draw: int | None,
    dead: Cards | None,
    trials: int,
    seed: SeedLike,
    run_options: dict,
) -> pd.DataFrame:
    """:func:`draw_equity` of a spot with ranged players (Monte Carlo)."""
    from ...runner import run

    positive_int(trials, "trials")
    job = _monte_carlo_job(spot, ranges, variant, max_draw)
    run_options.setdefault("quiet", True)
    tot = run(job, trials, seed=seed, **run_options)
    done = int(tot["trials"])
    cards, n_keep, _, _ = spot.arrays()
    n = n_keep.size
    eq, se = _equity_se(tot)
    df = pd.DataFrame(
        {
            "player": np.arange(1, n + 1),
            "hand": [
                ranges[i].text if i in ranges else format_cards(as_cards(h, "hand", n=5))
                for i, h in enumerate(hands)
            ],
            "keep": [
                "by policy" if i in ranges else format_cards(cards[5 * i : 5 * i + n_keep[i]]) or "-"
                for i in range(n)
            ],
            "draw": np.where([i in ranges for i in range(n)], tot["drawn"] / done, 5 - n_keep),
            "equity": eq,
            "se": se,
            "win": tot["win"] / done,
        }
    )
    df.attrs.update(
        exact=False,
        method="monte carlo; ranged hands dealt by weight, keeping by the draw policy",
        outcomes=None,
        trials=done,
        order=[p + 1 for p in spot.order],
        limit=limit_label(variant, max_draw),
        dead=format_cards(np.zeros(0, dtype=np.int64) if dead is None else as_cards(dead, "dead")),
    )
    return df
