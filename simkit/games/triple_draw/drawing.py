"""The equity of drawing hands: each player's share of the pot when given hands draw from one
deck, every draw of every player enumerated where that is feasible.

Players draw in turn from the one deck: the 52 cards less every hand and any dead cards; the
first player to draw is the one left of the dealer (the first hand given) unless ``order``
says otherwise.  Each player keeps ``keeps[i]`` at the first draw (all five cards to stand
pat) and draws the rest.  With more draws left the later keeps follow a named *policy*, the
same for every player, decided from what that player has seen (their own hand and discards
and the dead cards; nobody sees another player's cards):

- ``best:X``: the keep with the greatest chance of X-low or better (best play, :mod:`.exact`);
- a draw strategy of :data:`.strategies.DRAW_PRESETS` (``table``, ``table7``, ``rule``,
  ``rule7``, ``pat``): the rank-model keep table and the rule strategies the simulations use.

At the showdown the best hand wins; a k-way tie pays each 1/k (R-T1).

**Exact.**  Every draw of every player is enumerated in draw order; a deal's weight is the
product of ``1 / C(n, m)`` over its draws, so a sequence of draws is weighted by its chance
even when the players draw different numbers of cards later.  The shares are integers over
60 = lcm(1..6) per deal, and the result is a :class:`fractions.Fraction`.  The work is the
number of final deals; beyond ``limit`` (default :data:`EXACT_LIMIT`) the answer is a Monte
Carlo estimate with its standard error (``method="auto"``), or refused (``method="exact"``).
Discards never come back: a deck that cannot supply every draw asked for is refused.

Examples
--------
>>> df = drawing_equity(["7s 5h 3d 2c Kc", "8s 6h 4d 3c 2h"], ["7s 5h 3d 2c", "8s 6h 4d 3c 2h"])
>>> df[["hand", "keep", "fraction", "exact"]].values.tolist()
[['7s 5h 3d 2c Kc', '7s 5h 3d 2c', '1/7', True], ['8s 6h 4d 3c 2h', '8s 6h 4d 3c 2h', '6/7', True]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pandas as pd

from ...cards import N_CARDS, as_cards, format_cards
from ...checks import is_int, positive_int
from ...deck import cards_left, draw_card, next_combination
from ...hands import kernel_tables
from ...hands.ranges import Combos, check_compatible, deal_joint, pack, rejection_error
from ...jit import njit
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from ...runner import run, stats
from . import exact as _exact
from .keep_table import keep_table
from .ranges import is_range_text, parse_range
from .rules import _strengths, check_players, family_id, target_value
from .strategies import DRAW_PRESETS, _choose_keep, draw_table

__all__ = ["EXACT_LIMIT", "METHODS", "DrawingEquityJob", "drawing_equity", "equity_estimates", "parse_policy"]

#: The most final deals counted exactly before the answer turns to Monte Carlo.
EXACT_LIMIT = 50_000_000
#: How to answer: exact where feasible, else Monte Carlo; exact or refuse; Monte Carlo.
METHODS = ("auto", "exact", "monte-carlo")

_BEST = 0
_STRATEGY = 1
_SHARE = 60  # lcm(1, ..., 6): a k-way tie pays 60 / k


@dataclass(frozen=True)
class Policy:
    """A keep rule for the later draws: ``best:X`` (``x`` the target's top value) or a draw
    strategy preset (its compiled ``kind`` and ``params``)."""

    name: str
    code: int
    x: int
    kind: int
    params: np.ndarray


def parse_policy(text: str, family: str = "deuce_to_seven") -> Policy:
    """The policy named ``text``: ``best:X`` (X the top card of a target) or a draw strategy.

    >>> parse_policy("best:8").x, parse_policy("table").name
    (6, 'table')
    >>> parse_policy("best:6")
    Traceback (most recent call last):
    ...
    ValueError: target '6' is not possible in deuce_to_seven: the best hand is 7-low
    >>> parse_policy("greedy")
    Traceback (most recent call last):
    ...
    ValueError: unknown policy 'greedy'; expected best:X (X a target's top card, e.g. best:8) or one of rule, rule7, table, table7, pat
    """
    if not isinstance(text, str):
        raise ValueError(f"policy must be a name such as 'best:8' or 'table', got {text!r}")
    name = text.strip()
    if name.lower().startswith("best:"):
        top = name.split(":", 1)[1]
        x = target_value(top, family)
        return Policy(f"best:{top}", _BEST, x, 0, np.zeros(6))
    if name in DRAW_PRESETS:
        kinds, params = draw_table([name], family)
        return Policy(name, _STRATEGY, 0, int(kinds[0]), params[0])
    raise ValueError(
        f"unknown policy {text!r}; expected best:X (X a target's top card, e.g. best:8) or one of "
        f"{', '.join(DRAW_PRESETS)}"
    )


def _check(hands, keeps, draws, order, dead, family):
    """Checked (hands, keeps, order, dead, deck) as card lists; keeps[i] None: by the policy."""
    family_id(family)
    if isinstance(hands, str):
        raise ValueError(f"hands must be a list of five-card hands, got the string {hands!r}")
    hands = [None if h is None else as_cards(h, f"hand {i + 1}").tolist() for i, h in enumerate(hands)]
    check_players(len(hands))
    for i, h in enumerate(hands):
        if h is not None and (len(h) != 5 or len(set(h)) != 5):
            raise ValueError(f"hand {i + 1} must have 5 different cards, got {format_cards(h)!r}")
    seen: set[int] = set()
    for i, h in enumerate(hands):
        if h is None:
            continue
        if seen & set(h):
            raise ValueError(f"hand {i + 1} {format_cards(h)!r} shares a card with an earlier hand")
        seen |= set(h)
    keeps = list(keeps) if keeps is not None else []
    if isinstance(keeps, str):
        raise ValueError("keeps must be a list (one keep per hand), got a string")
    if len(keeps) > len(hands):
        raise ValueError(f"{len(keeps)} keeps for {len(hands)} hands; give at most one keep per hand")
    kept: list[list[int] | None] = []
    for i, h in enumerate(hands):
        k = keeps[i] if i < len(keeps) else None
        if h is None and k is not None and not (isinstance(k, str) and not k.strip()):
            raise ValueError(
                f"hand {i + 1} is a range: its first keep follows the policy (give no keep for it)"
            )
        if k is None or h is None:
            kept.append(None)
            continue
        k = as_cards(k, f"keep {i + 1}").tolist()
        for c in k:
            if c not in h:
                raise ValueError(
                    f"kept card {format_cards([c])!r} is not in hand {i + 1} {format_cards(h)!r}"
                )
        if len(set(k)) != len(k):
            raise ValueError(f"keep {i + 1} gives a card twice: {format_cards(k)!r}")
        kept.append(k)
    if not is_int(draws) or not 1 <= draws <= 3:
        raise ValueError(f"draws must be 1, 2 or 3, got {draws!r}")
    n = len(hands)
    if order is None:
        order = list(range(n))
    else:
        order = list(order)
        if sorted(order) != list(range(n)) or not all(is_int(o) for o in order):
            raise ValueError(f"order must list every seat 0..{n - 1} once, got {order!r}")
        order = [int(o) for o in order]
    dead_cards = [] if dead is None else as_cards(dead, "dead").tolist()
    if len(set(dead_cards)) != len(dead_cards):
        raise ValueError(f"a dead card is given twice: {format_cards(dead_cards)!r}")
    for c in dead_cards:
        if c in seen:
            raise ValueError(f"dead card {format_cards([c])!r} is in a hand")
    deck = [c for c in range(N_CARDS) if c not in seen and c not in dead_cards]
    need = sum(5 - len(k) if k is not None else 5 for k in kept) + 5 * n * (draws - 1)
    ranged = 5 * sum(h is None for h in hands)
    if need + ranged > len(deck):
        raise ValueError(
            f"the deck has {len(deck) - ranged} cards (52 less {len(seen) + ranged} in hands and "
            f"{len(dead_cards)} dead) but {draws} draw{'s' if draws > 1 else ''} of {n} players can take "
            f"{need}; discards never come back here"
        )
    return hands, kept, order, dead_cards, deck


# --- the compiled pieces --------------------------------------------------------------------


@njit(cache=True)
def _showdown(hands, fam, T, strength, counts):
    """Score one deal: ``counts[i]`` += (share in 60ths, sole wins, ties)."""
    n = hands.shape[0]
    best, k = _strengths(hands, n, fam, T, strength)
    for i in range(n):
        if strength[i] == best:
            counts[i, 0] += 60 // k
            if k == 1:
                counts[i, 1] += 1
            else:
                counts[i, 2] += 1


@njit(cache=True)
def _last_round(kept, nkept, order, deck, fam, T, counts):
    """Every last draw of every player in ``order`` from ``deck``, player i keeping
    ``kept[i, :nkept[i]]``: ``counts[i]`` += (share in 60ths, wins, ties); returns the deals."""
    n = nkept.shape[0]
    size = deck.shape[0]
    rem = np.empty((n + 1, size), dtype=np.int64)
    rsize = np.zeros(n + 1, dtype=np.int64)
    idx = np.zeros((n, 5), dtype=np.int64)
    hands = np.empty((n, 5), dtype=np.int64)
    strength = np.empty(n, dtype=np.int64)
    for i in range(n):
        for j in range(nkept[i]):
            hands[i, j] = kept[i, j]
    for j in range(size):
        rem[0, j] = deck[j]
    rsize[0] = size
    deals = 0
    level = 0
    for j in range(5 - nkept[order[0]]):
        idx[0, j] = j
    while True:
        # place the current combination of this level and go down
        p = order[level]
        m = 5 - nkept[p]
        mark = 0  # positions taken (a bit mask over at most 52)
        for j in range(m):
            hands[p, nkept[p] + j] = rem[level, idx[level, j]]
            mark |= np.int64(1) << idx[level, j]
        t = 0
        for j in range(rsize[level]):
            if not (mark >> j) & 1:
                rem[level + 1, t] = rem[level, j]
                t += 1
        rsize[level + 1] = t
        if level + 1 < n:
            level += 1
            for j in range(5 - nkept[order[level]]):
                idx[level, j] = j
            continue
        _showdown(hands, fam, T, strength, counts)
        deals += 1
        # the next combination, climbing up where a level is done
        while level >= 0:
            if next_combination(idx[level], 5 - nkept[order[level]], rsize[level]):
                break
            level -= 1
        if level < 0:
            break
    return deals


@njit(cache=True)
def _decide(hand, seen_bits, d, code, kind, params, tables, keep_tab):
    """The kept positions of the policy for a hand with ``d`` draws left (1 or 2); ``tables``
    the arrays of :func:`.exact.decision_tables`."""
    nv, ace_low, suits = tables[0], tables[9], tables[10]
    if code == _BEST:
        alpha, c, n = _exact._view(seen_bits, nv, ace_low)
        return _exact._best_keep_mask(hand, d, alpha, c, n, *tables)
    return _choose_keep(hand, d, kind, params, ace_low, suits, keep_tab)


@njit(cache=True)
def _mc(
    hands0, first, order, deck0, dead_bits, draws, fam, T, code, kind, params, tables, keep_tab, trials, state,
    out, memo, who, rcards, masks, starts, ends, cum,
):  # fmt: skip
    """``trials`` deals: every player keeps ``first[i]`` (positions), draws, then follows the
    policy; ``out[i]`` += (share in sixtieths of the pot, its square, sole wins, ties).  ``memo`` keeps the policy's
    decisions with two draws left (by hand and seen cards).

    Ranges: seat ``who[r]`` gets a hand of range ``r`` (rows ``starts[r]:ends[r]`` of
    ``rcards``, drawn jointly by weight without a card twice, none holding a card of
    ``deck0``'s complement) and keeps by the policy from the first draw on (``first`` is -1
    there); the draws come from ``deck0`` less the ranged hands.  Returns False when the
    ranges gave up (they almost never fit together)."""
    n = hands0.shape[0]
    R = who.shape[0]
    deck = deck0.copy()
    size = deck.shape[0] - 5 * R
    hands0 = hands0.copy()
    picks = np.zeros(R, np.int64)
    hands = np.empty((n, 5), dtype=np.int64)
    seen = np.zeros(n, dtype=np.int64)
    counts = np.zeros((n, 3), dtype=np.int64)
    strength = np.empty(n, dtype=np.int64)
    for _ in range(trials):
        pos = 0
        if R > 0:
            used = deal_joint(masks, starts, ends, cum, state, picks, who, rcards, hands0)
            if used < 0:
                return False
            cards_left(deck0, used, deck)
        for i in range(n):
            seen[i] = dead_bits
            for j in range(5):
                hands[i, j] = hands0[i, j]
                seen[i] |= np.int64(1) << hands0[i, j]
        for r in range(draws):
            for t in range(n):
                p = order[t]
                if r == 0 and first[p] >= 0:
                    keep = first[p]
                else:
                    d = draws - r
                    hb = 0
                    for j in range(5):
                        hb |= np.int64(1) << hands[p, j]
                    key = (hb | (np.int64(d) << 56), seen[p])
                    if d >= 2 and code == _BEST and key in memo:
                        keep = memo[key]
                    else:
                        keep = _decide(hands[p], seen[p], d, code, kind, params, tables, keep_tab)
                        if d >= 2 and code == _BEST:
                            memo[key] = keep
                for j in range(5):
                    if not (keep >> j) & 1:
                        c = draw_card(deck, pos, size, state)
                        pos += 1
                        hands[p, j] = c
                        seen[p] |= np.int64(1) << c
        for i in range(n):
            counts[i, 0] = 0
            counts[i, 1] = 0
            counts[i, 2] = 0
        _showdown(hands, fam, T, strength, counts)
        for i in range(n):
            e = counts[i, 0]
            out[i, 0] += e
            out[i, 1] += e * e
            out[i, 2] += counts[i, 1]
            out[i, 3] += counts[i, 2]
    return True


# --- the Monte Carlo job ------------------------------------------------------------------

#: A share of the pot in sixtieths: every k-way tie of up to six players is a whole number.
UNITS = 60


@dataclass(frozen=True)
class DrawingEquityJob:
    """The Monte Carlo job (:mod:`simkit.runner`) of :func:`drawing_equity`.

    ``hands`` holds each seat's five cards (``-1`` for a ranged seat), ``first`` its first
    keep as a position mask (``-1``: by ``policy``, as for a ranged seat), ``order`` the seats
    in draw order, ``deck`` the unseen cards and ``dead_bits`` the dead cards as a bit set;
    ``ranges`` holds ``(seat, combos)`` for every ranged seat, without the cards known
    elsewhere.  A chunk sums each seat's share of the pot (:data:`UNITS`), its square, the
    deals won alone and the deals tied.
    """

    hands: tuple[tuple[int, ...], ...]
    first: tuple[int, ...]
    order: tuple[int, ...]
    deck: tuple[int, ...]
    dead_bits: int
    draws: int
    policy: str
    family: str
    ranges: tuple[tuple[int, Combos], ...] = ()
    name: str = "triple_draw_drawing_equity"
    chunk_size: int = 2**13

    def params(self) -> dict:
        keys = ("hands", "first", "order", "deck", "dead_bits", "draws", "policy", "family", "name")
        out = {k: getattr(self, k) for k in keys}
        out["ranges"] = [[p, r.text, r.digest] for p, r in self.ranges]  # a range by text and digest
        return out

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the seats' equities."""
        return stats.worst(equity_estimates(totals)[1])

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        pol = parse_policy(self.policy, self.family)
        fam = self.family
        x = pol.x if pol.code == _BEST else target_value("8" if fam == "deuce_to_seven" else "7", fam)
        # the policy's decisions with two draws left, by hand and cards seen (this chunk's)
        memo = _exact._pair_memo()
        if self.ranges:
            rcards, masks, starts, ends, cum = pack([r for _, r in self.ranges])
            who = np.array([p for p, _ in self.ranges], dtype=np.int64)
        else:
            rcards, masks = np.zeros((0, 5), np.int64), np.zeros(0, np.uint64)
            starts = ends = who = np.zeros(0, np.int64)
            cum = np.zeros(0, np.float64)
        out = private_zeros((len(self.hands), 4), np.int64)
        ok = _mc(
            np.array(self.hands, dtype=np.int64), np.array(self.first, dtype=np.int64),
            np.array(self.order, dtype=np.int64), np.array(self.deck, dtype=np.int64), np.int64(self.dead_bits),
            self.draws, family_id(fam), kernel_tables(fam), pol.code, pol.kind, pol.params,
            _exact.decision_tables(fam, x), keep_table(fam).keep, trials, stream_state(seed), out, memo, who,
            rcards, masks, starts, ends, cum,
        )  # fmt: skip
        if not ok:
            raise rejection_error([r.text or f"hand {p + 1}" for p, r in self.ranges])
        return {
            "share": out[:, 0].copy(),
            "share_sq": out[:, 1].copy(),
            "win": out[:, 2].copy(),
            "tie": out[:, 3].copy(),
        }


def equity_estimates(totals: dict) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's equity (share of the pot) and its standard error from the totals of a
    :class:`DrawingEquityJob` run."""
    n = int(totals["trials"])
    return stats.mean_se(totals["share"] / UNITS, totals["share_sq"] / UNITS**2, n)


# --- the Python side ----------------------------------------------------------------------


class _TooBig(Exception):
    """The exact count would pass the limit."""


def _mask_of(hand: list[int], keep: list[int]) -> int:
    return sum(1 << hand.index(c) for c in keep)


def drawing_equity(
    hands: Sequence,
    keeps: Sequence | None = None,
    draws: int = 1,
    *,
    order: Sequence[int] | None = None,
    policy: str = "best:8",
    dead=None,
    family: str = "deuce_to_seven",
    method: str = "auto",
    limit: int = EXACT_LIMIT,
    trials: int = 20_000,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """Each player's share of the pot when the given hands draw from one deck (module docs).

    Parameters
    ----------
    hands
        Two to six five-card hands (strings or card integers), the first left of the dealer,
        or ranges (:mod:`.ranges`: ``"pat 8-"``, ``"draw 7-"`` … or their
        :class:`~simkit.hands.ranges.Combos`): each deal gives a ranged seat a hand of its
        range by weight, jointly with the other ranges and without the known cards, and it
        keeps by ``policy`` from the first draw on.  With a range the answer is Monte Carlo
        (``method="exact"`` refused), and ``best:X`` with 3 draws is refused.
    keeps
        What each player keeps at the first draw (all five cards to stand pat); ``None`` or a
        missing entry: the policy's keep.  At most one keep per hand; none (``None`` or
        ``""``) for a ranged seat.
    draws
        Draws left, 1..3; after the first the keeps follow ``policy``.
    order
        The order of the seats at every draw (default: the order of ``hands``).
    policy
        ``best:X`` (best play for X-low) or a draw strategy (``table``, ``rule`` …).
    dead
        Other cards known to be out of the deck.
    family
        ``deuce_to_seven`` (R-T1) or ``ace_to_five`` (R-T5).
    method
        ``auto`` (exact up to ``limit`` final deals, else Monte Carlo), ``exact`` or
        ``monte-carlo``.
    limit
        The most final deals counted exactly.
    trials, seed
        Monte Carlo size and seed.
    **run_options
        Options of :func:`simkit.runner.run` for the Monte Carlo answer (``threads``,
        ``workers``, ``target_se``, ``quiet=False`` for a progress bar, ...).

    Returns
    -------
    pandas.DataFrame
        One row per seat: ``seat``, ``hand``, ``keep`` (the first keep), ``equity`` (share of
        the pot), ``se`` (0 when exact), ``win`` and ``tie`` (shares of deals won alone and
        tied), ``exact``, ``fraction`` (the exact equity "p/q"), ``method``.

    Examples
    --------
    >>> drawing_equity(["7s 5h 3d 2c Kc", "8s 6h 4d 3c 2h"], ["7s 5h 3d 2c", "8s 6h 4d 3c 2h", "Kc"])
    Traceback (most recent call last):
    ...
    ValueError: 3 keeps for 2 hands; give at most one keep per hand
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")
    positive_int(limit, "limit")
    positive_int(trials, "trials")
    if isinstance(hands, (str, Combos)):
        raise ValueError(f"hands must be a list of five-card hands, got {hands!r}")
    hands = list(hands)
    ranges: dict[int, Combos] = {}
    for i, h in enumerate(hands):
        if isinstance(h, str) and is_range_text(h):
            family_id(family)
            h = parse_range(h, family)
        if isinstance(h, Combos):
            if h.size != 5:
                raise ValueError(f"a triple draw range is of five-card hands, got combos of {h.size} cards")
            ranges[i] = h
            hands[i] = None
    hands_l, kept, order_l, dead_l, deck = _check(hands, keeps, draws, order, dead, family)
    pol = parse_policy(policy, family)
    if ranges:
        if method == "exact":
            raise ValueError(
                "an exact count is not made with ranges: use method='auto' or 'monte-carlo' "
                "(in the CLI --method auto or monte-carlo)"
            )
        if pol.code == _BEST and draws == 3:
            raise ValueError(
                "with a range and 3 draws the first keep of the ranged hand would be best play for "
                "three draws, worked out per deal: too slow; use a draw strategy as the policy "
                "(policy='table', --policy table), fewer draws, or the three-draw equity (no --draws)"
            )
        known = [c for h in hands_l if h is not None for c in h] + dead_l
        ranges = {i: r.without(known) for i, r in ranges.items()}
        check_compatible(list(ranges.values()), [r.text or f"hand {i + 1}" for i, r in ranges.items()])
    n = len(hands_l)
    fam = family_id(family)
    T = kernel_tables(family)
    x = pol.x if pol.code == _BEST else target_value("8" if family == "deuce_to_seven" else "7", family)
    tables = _exact.decision_tables(family, x)
    keep_tab = keep_table(family).keep
    dead_bits = sum(1 << c for c in dead_l)

    def decide(hand: list[int], seen_bits: int, d: int) -> int:
        if pol.code == _BEST and d == 3:
            deck_view = np.array([c for c in range(N_CARDS) if not (seen_bits >> c) & 1], dtype=np.int64)
            _, k = _exact.chances(np.array(hand, dtype=np.int64), None, deck_view, 3, [pol.name[5:]], family)[
                0
            ]
            return _mask_of(hand, k.tolist())
        return int(
            _decide(
                np.array(hand, dtype=np.int64),
                np.int64(seen_bits),
                d,
                pol.code,
                pol.kind,
                pol.params,
                tables,
                keep_tab,
            )
        )

    first = []
    for i in range(n):
        if i in ranges:
            first.append(-1)  # by the policy, per deal
        elif kept[i] is None:
            first.append(decide(hands_l[i], dead_bits | sum(1 << c for c in hands_l[i]), draws))
        else:
            first.append(_mask_of(hands_l[i], kept[i]))
    result = None
    if method != "monte-carlo" and not ranges:
        try:
            result = _exact_equity(hands_l, first, order_l, deck, draws, decide, dead_bits, fam, T, limit)
        except _TooBig:
            if method == "exact":
                raise ValueError(
                    f"the exact equity counts more than limit={limit:,} deals; raise the limit or use "
                    "method='monte-carlo'"
                ) from None
    rows = []
    if result is not None:
        shares, wins, ties, deals = result
        for i in range(n):
            rows.append(
                {
                    "seat": i,
                    "hand": format_cards(hands_l[i]),
                    "keep": format_cards([hands_l[i][j] for j in range(5) if (first[i] >> j) & 1]),
                    "equity": float(shares[i]),
                    "se": 0.0,
                    "win": float(wins[i]),
                    "tie": float(ties[i]),
                    "exact": True,
                    "fraction": f"{shares[i].numerator}/{shares[i].denominator}",
                    "method": f"exact: every draw of every player counted ({deals:,} deals)"
                    + (f"; later keeps by {pol.name}" if draws > 1 else ""),
                }
            )
        return pd.DataFrame(rows)
    job = DrawingEquityJob(
        tuple(tuple(map(int, h)) if h is not None else (-1,) * 5 for h in hands_l),
        tuple(map(int, first)),
        tuple(map(int, order_l)),
        tuple(map(int, deck)),
        int(dead_bits),
        draws,
        policy,
        family,
        tuple(ranges.items()),
    )
    totals = run(job, trials, seed=seed, **{"quiet": True, **run_options})
    done = int(totals["trials"])
    equity, se = equity_estimates(totals)
    how = f"monte carlo, {done:,} deals" + (f"; later keeps by {pol.name}" if draws > 1 else "")
    if ranges:
        how += f"; ranged hands dealt by weight, all their keeps by {pol.name}"
    elif method != "monte-carlo":
        how += f" (the exact count passes limit={limit:,})"
    for i in range(n):
        rows.append(
            {
                "seat": i,
                "hand": ranges[i].text if i in ranges else format_cards(hands_l[i]),
                "keep": f"by {pol.name}"
                if i in ranges
                else format_cards([hands_l[i][j] for j in range(5) if (first[i] >> j) & 1]),
                "equity": float(equity[i]),
                "se": float(se[i]),
                "win": totals["win"][i] / done,
                "tie": totals["tie"][i] / done,
                "exact": False,
                "fraction": None,
                "method": how,
            }
        )
    return pd.DataFrame(rows)


def _exact_equity(hands, first, order, deck, draws, decide, dead_bits, fam, T, limit):
    """(shares, wins, ties as Fractions, deals counted) by enumerating every draw; raises
    :class:`_TooBig` when the deals would pass ``limit``."""
    n = len(hands)
    shares = [Fraction(0)] * n
    wins = [Fraction(0)] * n
    ties = [Fraction(0)] * n
    budget = [0]
    first_path = [True]
    memo: dict = {}

    def keep_of(hand: list[int], seen: int, d: int) -> int:
        key = (frozenset(hand), seen, d)
        if key not in memo:
            memo[key] = decide(hand, seen, d)
        return memo[key]

    def last(cur: list[list[int]], keeps: list[int], rest: list[int], weight: Fraction) -> None:
        total = 1
        left = len(rest)
        for p in order:
            m = 5 - bin(keeps[p]).count("1")
            total *= comb(left, m)
            left -= m
        if first_path[0] and total / weight > limit:
            # the first path's deals times the branching above it: the tree is too big (an
            # estimate, to give up early; the running count below is the guarantee)
            raise _TooBig
        first_path[0] = False
        budget[0] += total
        if budget[0] > limit:
            raise _TooBig
        kept_arr = np.zeros((n, 5), dtype=np.int64)
        nk = np.zeros(n, dtype=np.int64)
        for p in range(n):
            ks = [cur[p][j] for j in range(5) if (keeps[p] >> j) & 1]
            kept_arr[p, : len(ks)] = ks
            nk[p] = len(ks)
        counts = np.zeros((n, 3), dtype=np.int64)
        deals = _last_round(
            kept_arr, nk, np.array(order, dtype=np.int64), np.array(rest, dtype=np.int64), fam, T, counts
        )
        for p in range(n):
            shares[p] += weight * Fraction(int(counts[p, 0]), _SHARE * deals)
            wins[p] += weight * Fraction(int(counts[p, 1]), deals)
            ties[p] += weight * Fraction(int(counts[p, 2]), deals)

    def round_(
        cur: list[list[int]], seen: list[int], keeps: list[int], rest: list[int], d: int, weight: Fraction
    ) -> None:
        if d == 1:
            last(cur, keeps, rest, weight)
            return

        def draw(t: int, cur: list[list[int]], seen: list[int], rest: list[int], weight: Fraction) -> None:
            if t == n:
                nxt = [keep_of(cur[p], seen[p], d - 1) for p in range(n)]
                round_(cur, seen, nxt, rest, d - 1, weight)
                return
            p = order[t]
            slots = [j for j in range(5) if not (keeps[p] >> j) & 1]
            w = weight / comb(len(rest), len(slots))
            for drawn in combinations(rest, len(slots)):
                budget[0] += 1
                if budget[0] > limit:
                    raise _TooBig
                hand = list(cur[p])
                for j, c in zip(slots, drawn):
                    hand[j] = c
                left = [c for c in rest if c not in drawn]
                cur2 = [*cur[:p], hand, *cur[p + 1 :]]
                seen2 = [*seen[:p], seen[p] | sum(1 << c for c in drawn), *seen[p + 1 :]]
                draw(t + 1, cur2, seen2, left, w)

        draw(0, cur, seen, rest, weight)

    seen0 = [dead_bits | sum(1 << c for c in h) for h in hands]
    round_([list(h) for h in hands], seen0, list(first), list(deck), draws, Fraction(1))
    return shares, wins, ties, budget[0]
