"""The bounds of a last keep's value (:mod:`simkit.games.triple_draw.last_bounds`) against the
mean rank over every last draw, and the three-draw figures they give up keeps by: the same
integers as without them.

The reference means are worked out card by card: every set of cards the last draw can bring,
each hand ranked by the evaluator (A-5) or by the five-value ranks the walks use (2-7 with
flushes not counted)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest

from simkit.cards import format_cards, parse_cards
from simkit.games.triple_draw import rank_exact
from simkit.games.triple_draw.last_bounds import (
    _bound_sum,
    _by_rank,
    _hand_bound_by_draws,
    _keep_bound_sum,
    _last_keep_bounds,
)
from simkit.games.triple_draw.rank_exact import _value_sums, best_rank_keep, rank_play
from simkit.games.triple_draw.solver import rank_numerators
from simkit.games.triple_draw.value_sums import (
    MULTISETS,
    VOFF,
    _excess_value_sums,
    _keep_index,
    _value_indices,
    _walk_value,
)
from simkit.hands import evaluate

#: The index of each multiset of five walk values in the five-value ranks.
_INDEX = {tuple(MULTISETS[i].tolist()): i - int(VOFF[5]) for i in range(int(VOFF[5]), int(VOFF[6]))}


def _ranks(hands: np.ndarray, family: str, T5: np.ndarray) -> np.ndarray:
    """The rank numerator of each row of five cards: A-5 by the evaluator, 2-7 (flushes not
    counted) by the five-value ranks."""
    if family == "ace_to_five":
        return rank_numerators(family)[evaluate(hands, family)].astype(np.float64)
    values = np.sort(np.vectorize(lambda c: int(_walk_value(c)))(hands), axis=1)
    return np.array([T5[_INDEX[tuple(v)]] for v in values.tolist()], dtype=np.float64)


def _mean_last(kept: list[int], deck: list[int], family: str, T5: np.ndarray) -> float:
    """The mean rank of ``kept`` and every draw of the rest from ``deck``."""
    draws = np.array(list(combinations(deck, 5 - len(kept))), dtype=np.int64).reshape(-1, 5 - len(kept))
    hands = np.hstack([np.tile(np.array(kept, dtype=np.int64), (draws.shape[0], 1)), draws])
    return float(_ranks(hands, family, T5).mean())


def _tables(family: str) -> np.ndarray:
    return _value_sums(family, suitless=family == "deuce_to_seven")[int(VOFF[5]) :]


def _counts(deck: list[int]) -> np.ndarray:
    cnt = np.zeros(13, dtype=np.int64)
    for c in deck:
        cnt[int(_walk_value(c))] += 1
    return cnt


@pytest.mark.parametrize("family", ["ace_to_five", "deuce_to_seven"])
def test_the_bounds_hold_for_every_last_keep_and_deck(family):
    """For a deck ``D0`` of 24 cards and a second keep drawing ``m`` from ``n2`` of them, no last
    keep of up to four cards has a greater mean over its last draws from any ``n2 - m`` cards
    of ``D0`` than the bound ``U[m]``: the best four low cards with the cards that pair them
    taken out of the deck first, and random keeps and decks."""
    rng = np.random.default_rng(20261207)
    T5 = _tables(family)
    D0 = parse_cards("As Ah 2s 2d 3c 3h 4d 4s 5c 5h 6s 7d 7c 8h 9s 9d Tc Jh Qs Qd Kc Kh 6h 8c").tolist()
    outside = [c for c in range(52) if c not in D0]
    for n2 in (24, 19):
        U = np.zeros(6)
        _last_keep_bounds(_counts(D0), n2, T5, U)
        assert np.all(U[1:] > 0) and np.all(U[1:] < rank_numerators(family)[-1])
        for m in (2, 3, 5):
            n3 = n2 - m
            # the strongest four held, the deck stripped of the cards that pair them
            kept = parse_cards("Ad 2h 3s 4c" if family == "ace_to_five" else "2c 3d 4h 5s").tolist()
            assert not set(kept) & set(D0)
            pairing = [c for c in D0 if any(c >> 2 == k >> 2 for k in kept)]
            deck = [c for c in D0 if c not in pairing][:n3]
            deck += [c for c in D0 if c not in deck][: n3 - len(deck)]
            worst = _mean_last(kept, deck, family, T5)
            assert worst <= U[m], (m, worst, U[m])
            for _ in range(6):
                deck = rng.choice(D0, n3, replace=False).tolist()
                size = int(rng.integers(1, 5))
                pool = [c for c in D0 + outside if c not in deck]
                held = rng.choice(pool, size, replace=False).tolist()
                assert _mean_last(held, deck, family, T5) <= U[m], (format_cards(held), m)


def test_the_bounds_are_tighter_than_the_best_hand():
    """The point of the bounds: for the five-card draw of K-Q-J-J-9 in A-5 they are below 0.9 of
    the best hand's rank, where the walk used that rank for every draw."""
    T5 = _tables("ace_to_five")
    hand = parse_cards("Ks Qh Jd Jc 9h").tolist()
    deck = [c for c in range(52) if c not in hand]
    U = np.zeros(6)
    _last_keep_bounds(_counts(deck), len(deck) - 5, T5, U)
    top = rank_numerators("ace_to_five")[-1]
    assert U[5] < 0.9 * top and U[1] < U[5]


@pytest.mark.parametrize("kept", ["", "7s", "Ks Kd", "5h 4d 3c"])
def test_the_bound_sum_counts_every_draw(kept):
    """:func:`_keep_bound_sum` sums, over every draw of the cards left (each set of values once,
    weighted by its draws), the greater of the hand's rank and the bound: the same as over
    every draw of cards."""
    family = "ace_to_five"
    T5 = _tables(family)
    held = parse_cards(kept).tolist() if kept else []
    dead = parse_cards("As 2s 3s 4h 6c 7c 8d 9d Tc Jd Qh Kh 5s 6s 7h 8h 9c Th").tolist()
    deck = [c for c in range(52) if c not in held and c not in dead]
    m = 5 - len(held)
    u = float(int(np.median(T5[T5 > 0])))  # whole: the sums are exact in any order
    draws = np.array(list(combinations(deck, m)), dtype=np.int64)
    hands = np.hstack([np.tile(np.array(held, dtype=np.int64), (draws.shape[0], 1)), draws])
    ranks = _ranks(hands, family, T5)
    brute = float(np.maximum(ranks, u).sum())
    values = sorted(int(_walk_value(c)) for c in held)
    kx = int(VOFF[len(values)]) + sum(comb(v + j, j + 1) for j, v in enumerate(values))
    assert _keep_bound_sum(kx, len(held), m, _counts(deck), T5, u) == brute
    assert _bound_sum(kx, len(held), m, _counts(deck), T5, _by_rank(T5), u) == brute


@pytest.mark.parametrize("family", ["ace_to_five", "deuce_to_seven"])
@pytest.mark.parametrize("kept", ["", "Ks", "2c", "Ah", "9d 9c", "Qs 9h 3d"])
def test_the_sum_by_the_hands_above_the_bound_is_the_odometer_sum(family, kept):
    """:func:`_bound_sum` by the hands that rank above the bound (a keep drawing four or five)
    equals the odometer's pass over every draw by values, on a full deck less the keep and a deck
    short of some values, for bounds from below the median rank to above every hand; a kept
    value the deck has no card more of included."""
    T5 = _value_sums(family, family == "deuce_to_seven")[VOFF[5] :]
    top = _by_rank(T5)
    held = parse_cards(kept).tolist() if kept else []
    values = sorted(int(_walk_value(c)) for c in held)
    kx = int(VOFF[len(values)]) + sum(comb(v + j, j + 1) for j, v in enumerate(values))
    m = 5 - len(held)
    for dead in ("", "Kd Kh Kc 7s 7d 7h 7c 4s 2s 2h 2d Ac Ad"):
        out = set(held) | set(parse_cards(dead).tolist() if dead else [])
        counts = _counts([c for c in range(52) if c not in out])
        for q in (0.3, 0.5, 0.9, 0.99, 1.0):
            u = float(np.quantile(T5[T5 > 0], q) // 1)  # whole: the sums are exact in any order
            assert _bound_sum(kx, len(held), m, counts, T5, top, u) == _keep_bound_sum(
                kx, len(held), m, counts, T5, u
            )


@pytest.mark.parametrize("family", ["ace_to_five", "deuce_to_seven"])
@pytest.mark.parametrize("out", ["Ks Qh Jd Jc 9h", "7s 3d 2c Kc Qh 4h 4d 9s"])
def test_the_bound_sums_by_look_ups_are_the_odometer_sums(family, out):
    """:func:`.rank_exact._keep_excess`: for every keep of a second hand that draws two or more
    (hands with pairs and trips among them), the sum over its draws of each hand's whole bound
    ``W[m]`` (:func:`_whole_hand_bounds`), by look-ups in the excess sums of the cards out over
    the least of them (:func:`.value_sums._excess_value_sums` by way of ``_discards_table``),
    is the same number as :func:`_keep_bound_sum`'s pass over the draws: in A-5, and in 2-7
    with flushes not counted (the suitless bound's walks)."""
    E = parse_cards(out).astype(np.int64)
    D0 = np.array([c for c in range(52) if c not in E.tolist()], dtype=np.int64)
    ub = rank_exact._second_bounds(family, D0, 5, family == "ace_to_five")
    W = ub[4]
    AE = np.zeros(int(VOFF[6]), dtype=np.int64)
    AEC = np.zeros((0, int(VOFF[6])), dtype=np.int64)
    by_value = family == "ace_to_five"
    _, _, AEX, AXF = rank_exact._discards_table(
        AE, AEC, by_value, True, E, E.size, ub, not by_value, rank_exact._new_space(1, 0, by_value)
    )
    assert AEX.shape[0] == 6
    rng = np.random.default_rng(20261207)
    hands = [rng.choice(D0, 5, replace=False) for _ in range(6)]
    hands += [
        np.array([c for c in D0.tolist() if c >> 2 == r][:3] + [c for c in D0.tolist() if c >> 2 == 5][:2])
        for r in (0, 12)
    ]
    for h1 in hands:
        h1 = np.asarray(h1, dtype=np.int64)
        deck = [c for c in D0.tolist() if c not in h1.tolist()]
        got = np.full(32, -1.0)
        kxs = np.empty(32, dtype=np.int64)
        _value_indices(h1, kxs)
        rank_exact._keep_excess(kxs, AEX, AXF, len(deck), got)
        for mask in range(32):
            k = bin(mask).count("1")
            values = sorted(int(_walk_value(h1[i])) for i in range(5) if (mask >> i) & 1)
            kx = int(VOFF[k]) + sum(comb(v + j, j + 1) for j, v in enumerate(values))
            assert kxs[mask] == kx == _keep_index(h1, mask)  # the kept values' index, two ways
            if 5 - k < 2:
                assert got[mask] == -1.0
                continue
            want = _keep_bound_sum(kx, k, 5 - k, _counts(deck), W[5 - k], 0.0)
            assert got[mask] == want, (h1.tolist(), mask)


def test_the_excess_sums_count_every_hand_that_holds_the_cards():
    """:func:`.value_sums._excess_value_sums` (a recurrence from the multisets one value larger)
    against the count written out: for a multiset ``s`` of up to four values, the excess over
    ``u`` of every five-value hand ``H`` that contains it, times the ways to take ``H``'s other
    cards from the ``4 - c_v`` cards of each value ``v`` that ``s``'s cards leave."""
    rng = np.random.default_rng(20261207)
    T5 = np.floor(rng.random(int(VOFF[6] - VOFF[5])) * 60.0)
    u = 17.0
    out = np.full(int(VOFF[6]), -1, dtype=np.int64)
    _excess_value_sums(T5, u, out)
    hands = [np.bincount(MULTISETS[i], minlength=13) for i in range(int(VOFF[5]), int(VOFF[6]))]
    np.testing.assert_array_equal(out[int(VOFF[5]) :], np.maximum(T5 - u, 0.0))
    picks = [0, *rng.choice(np.arange(1, int(VOFF[5])), 40, replace=False).tolist()]
    for ix in picks:
        t = next(t for t in range(5) if VOFF[t] <= ix < VOFF[t + 1])
        c = np.bincount(MULTISETS[ix, :t], minlength=13)
        want = 0
        for H, e in zip(hands, T5 - u):
            if e > 0 and (H >= c).all():
                want += int(e) * int(np.prod([comb(4 - int(a), int(b - a)) for a, b in zip(c, H)]))
        assert out[ix] == want, MULTISETS[ix, :t].tolist()


def _naive_hand_bound(h2: list[int], deck2: list[int], F: np.ndarray) -> float:
    """The greatest over the keeps of ``h2`` of the mean over every draw from ``deck2`` (by
    values, each weighted by its draws of cards) of ``F`` of the hand it makes; standing pat
    ``F[1]`` of the hand."""
    pv = _counts(deck2)
    best = 0.0
    five = int(VOFF[5])
    for mask in range(32):
        kept = sorted(int(_walk_value(h2[i])) for i in range(5) if (mask >> i) & 1)
        m = 5 - len(kept)
        if m == 0:
            best = max(best, F[1, five + _INDEX[tuple(kept)]])
            continue
        total = 0.0
        for drawn in combinations_with_replacement(range(13), m):
            w = 1
            for v in set(drawn):
                w *= comb(int(pv[v]), drawn.count(v))
            if w:
                total += w * F[m, five + _INDEX[tuple(sorted(kept + list(drawn)))]]
        best = max(best, total / comb(len(deck2), m))
    return best


def _first_keep(family: str, hand: str, kept: str) -> tuple:
    cards = parse_cards(hand).tolist()
    held = parse_cards(kept).tolist() if kept else []
    D0 = [c for c in range(52) if c not in cards]
    by_value = family == "ace_to_five"
    bounds = rank_exact._second_bounds(family, np.array(D0, dtype=np.int64), 5 - len(held), by_value)
    return cards, held, D0, bounds


_SECOND_HANDS = [
    ("ace_to_five", "Ks Qh Jd Jc 9h", "Ks"),
    ("ace_to_five", "7s 3d 2c Kc Qh", ""),
    ("ace_to_five", "7s 3d 2c Kc Qh", "3d 2c"),
    ("deuce_to_seven", "7s 5h 4d Kc Kd", "7s"),
    ("deuce_to_seven", "Ks Qh Jd 2c 3c", "Ks Qh Jd"),
]


@pytest.mark.parametrize(("family", "hand", "kept"), _SECOND_HANDS)
def test_the_bound_of_a_third_hand_holds(family, hand, kept):
    """:func:`_hand_value_bounds`: after the first draw (sampled) and a second keep and draw
    (sampled, every size), the exact value of the hand with one draw left (its best last keep)
    is at most its ``F``, which is at most the greater of its rank and ``U``; and (two cards
    drawn or more) at most its whole bound ``W`` (:func:`_whole_hand_bounds`), a whole number
    from its rank to the greater of its rank and ``ceil(U)``."""
    rng = np.random.default_rng(9)
    cards, held, D0, (U, T5, _, F, W) = _first_keep(family, hand, kept)
    discards = [c for c in cards if c not in held]
    for m2 in range(1, 6):
        first = rng.choice(D0, 5 - len(held), replace=False).tolist()
        h2 = held + first
        second = rng.choice([c for c in D0 if c not in first], m2, replace=False).tolist()
        h3 = h2[: 5 - m2] + second
        dead = discards + h2[5 - m2 :]
        value, _ = best_rank_keep(
            format_cards(np.array(h3)), 1, dead=format_cards(np.array(dead)), family=family
        )
        i = int(VOFF[5]) + _INDEX[tuple(sorted(int(_walk_value(c)) for c in h3))]
        assert value * rank_exact.DENOM <= F[m2, i] <= max(float(T5[i - int(VOFF[5])]), U[m2]) * (1 + 1e-8)
        if m2 >= 2:
            rank, whole = int(T5[i - int(VOFF[5])]), int(W[m2, i - int(VOFF[5])])
            assert value * rank_exact.DENOM <= whole
            assert rank <= whole <= max(rank, int(np.ceil(U[m2])))


@pytest.mark.parametrize(("family", "hand", "kept"), _SECOND_HANDS)
def test_the_bound_of_a_second_hand_is_its_keeps_greatest_bound_sum(family, hand, kept):
    """:func:`_hand_bound_by_draws` (a second hand after a sampled first draw, its memo shared
    by the hands of one first keep) is, summed on the deck left, the greatest over the hand's
    keeps of the mean ``F`` of their draws, worked out by every draw of values, and at least
    the hand's exact expected rank with best play over two draws (2-7: with flushes, which the
    bound's ranks do not count); by the look-ups alone at least that."""
    rng = np.random.default_rng(7)
    cards, held, D0, (_, _, _, F, _) = _first_keep(family, hand, kept)
    discards = [c for c in cards if c not in held]
    memo = np.full(int(VOFF[5]), -1.0)
    work = np.zeros(64, dtype=np.int64)
    for _ in range(4):
        drawn = rng.choice(D0, 5 - len(held), replace=False).tolist()
        h2 = np.array(held + drawn, dtype=np.int64)
        got = _hand_bound_by_draws(h2, len(held), _counts(D0), F, memo, work, True)
        looked_up = _hand_bound_by_draws(h2, len(held), _counts(D0), F, memo, work, False)
        want = _naive_hand_bound(h2.tolist(), [c for c in D0 if c not in drawn], F)
        assert want <= got <= want * (1 + 1e-8) and got <= looked_up * (1 + 1e-12), (h2, got, want)
        value, _ = best_rank_keep(format_cards(h2), 2, dead=format_cards(np.array(discards)), family=family)
        assert value * rank_exact.DENOM <= got


def test_the_bound_of_a_second_hand_is_tighter_than_the_targets_bound():
    """The point of :func:`_hand_bound_by_draws`: for the second hands of keeping the king of
    K-Q-J-J-9 in A-5 with three draws it is below 0.9 of the best hand's rank, where the bound
    by the targets' chances is above 0.95, so that a first keep that loses is given up sooner."""
    family = "ace_to_five"
    cards, held, D0, (_, _, _, F, _) = _first_keep(family, "Ks Qh Jd Jc 9h", "Ks")
    bt = rank_exact._bound_tables(family, len(D0) - 4)
    memo = np.full(int(VOFF[5]), -1.0)
    work = np.zeros(64, dtype=np.int64)
    rng = np.random.default_rng(8)
    ours, targets = [], []
    for _ in range(50):
        h2 = np.array([*held, *rng.choice(D0, 4, replace=False).tolist()], dtype=np.int64)
        ours.append(_hand_bound_by_draws(h2, 1, _counts(D0), F, memo, work, True))
        targets.append(rank_exact._hand_bound(h2, bt))
    top_rank = float(rank_numerators(family)[-1])
    assert np.mean(ours) < 0.9 * top_rank < 0.95 * top_rank < np.mean(targets)


@pytest.mark.parametrize(
    "call",
    [
        lambda: rank_play("7s 3d 2c Kc Qh", "Kc Qh", 3, ["6", "8"], family="ace_to_five"),
        lambda: rank_play("Ks Qh Jd 2c 3c", "Ks Qh Jd", 3, ["8"], dead="Ah 4h 5h 6h 9h Th Jh Qs As 2s 7c 8c"),
        lambda: best_rank_keep("7s 5h 3d 2c Kc", 3),
        lambda: best_rank_keep("Ks Qh Jd 9c 8s", 2, family="ace_to_five"),
    ],
    ids=["a5-three", "27-three", "27-search-three", "a5-search-two"],
)
def test_the_same_figures_without_the_bounds(monkeypatch, call):
    """Three-draw values with their target chances (A-5, and 2-7 whose second keeps are walked
    with flushes not counted and put back), a three-draw and a two-draw search: the same keep
    and exact integers whether the walks of keeps by values are given up by the bounds of
    their last keeps or by the best hand's rank (every second hand's keeps but its best are
    walked against the best found)."""
    rank_exact._SEARCHES.clear()
    with_bounds = call()
    monkeypatch.setattr(rank_exact, "LAST_KEEP_BOUNDS", False)
    rank_exact._SEARCHES.clear()
    assert call() == with_bounds
