"""The A-5 rank sums by values (:mod:`simkit.games.triple_draw.value_sums`) against a count
over all 2,598,960 hands, and the second keep of three draws made from them against the
inclusion-exclusion over every card out that it replaces."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.triple_draw.rank_exact import (
    _KEEP_ROWS,
    _NL,
    _best_two,
    _bint,
    _bound_tables,
    _Ctx,
    _value_count_row,
    _value_counts,
    _value_sums,
)
from simkit.games.triple_draw.rules import target_threshold
from simkit.games.triple_draw.solver import rank_numerators
from simkit.games.triple_draw.value_sums import SUBSET_ROW, VOFF, _out_sums
from simkit.hands import evaluate
from simkit.hands.enumeration import all_hands

FAMILY = "ace_to_five"


@pytest.fixture(scope="module")
def every_hand():
    """All hands, a bit mask of the cards of each, and each one's rank numerator."""
    hands = all_hands().astype(np.int64)
    bits = np.zeros(hands.shape[0], dtype=np.uint64)
    for j in range(5):
        bits |= np.left_shift(np.uint64(1), hands[:, j].astype(np.uint64))
    strength = evaluate(hands, FAMILY)
    return bits, strength, rank_numerators(FAMILY)[strength]


def _mask(cards) -> np.uint64:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return np.uint64(m)


def _index(values: list[int]) -> int:
    v = sorted(values)
    return int(VOFF[len(v)]) + sum(comb(x + j, j + 1) for j, x in enumerate(v))


def _cards_of(values: list[int], out: list[int]) -> list[int]:
    """One card of each value (a multiset), none of them in ``out``."""
    cards: list[int] = []
    for v in values:
        c = next(4 * v + s for s in range(4) if 4 * v + s not in out and 4 * v + s not in cards)
        cards.append(c)
    return cards


MULTISETS = [[], [12], [0, 0], [3, 7], [1, 1, 1], [0, 5, 9, 11], [2, 2, 6, 6], [4, 4, 4, 10]]
OUTS = ["", "Kc", "Ah Ad 2c 7s", "2c 2d 3h 4s 5c 6d 7h 8s 9c"]


@pytest.mark.parametrize("out", OUTS)
def test_sums_by_values_are_the_sums_over_the_hands(every_hand, out):
    """``_out_sums`` of the rank sums (and of a target's counts): for each multiset of values,
    one card of each taken, the sum over every hand containing those cards and none of the
    cards out; every five-value entry is that hand's rank."""
    bits, strength, rank = every_hand
    E = parse_cards(out).astype(np.int64) if out else np.zeros(0, dtype=np.int64)
    threshold = target_threshold("8", FAMILY)
    got = np.zeros(int(VOFF[6]), dtype=np.int64)
    counts = np.zeros(int(VOFF[6]), dtype=np.int64)
    _out_sums(E, E.size, _value_sums(FAMILY), got)
    _out_sums(E, E.size, _value_count_row(FAMILY, threshold), counts)
    e_mask = _mask(E.tolist())
    avoid = (bits & e_mask) == 0
    for values in MULTISETS:
        m = _mask(_cards_of(values, E.tolist()))
        hit = avoid & ((bits & m) == m)
        assert got[_index(values)] == int(rank[hit].sum()), values
        assert counts[_index(values)] == int((strength[hit] >= threshold).sum()), values
    for values in ([0, 1, 2, 3, 4], [0, 0, 5, 9, 12], [3, 3, 3, 8, 8]):
        cards = _cards_of(values, [])
        assert got[_index(values)] == int(rank[bits == _mask(cards)][0]), values
    if not out:
        assert got[0] == comb(52, 5) * (comb(52, 5) - 1)  # every hand beats or ties the others


def _second_keep(h1, deck, E, ctx, thr, by_sums):
    """``_best_two`` holding ``h1`` (two draws left): its value, keep and target chances, the
    keeps' tables made by values from the sums of the cards out (``by_sums``) or by
    inclusion-exclusion over every card out."""
    nt = thr.size
    AE = np.zeros(int(VOFF[6]) if by_sums else 0, dtype=np.int64)
    AEC = np.zeros((nt, int(VOFF[6]) if by_sums else 0), dtype=np.int64)
    if by_sums:
        _out_sums(E, E.size, _value_sums(FAMILY), AE)
        VC = _value_counts(FAMILY, thr)
        for t in range(nt):
            _out_sums(E, E.size, VC[t], AEC[t])
    sub = np.zeros((32, SUBSET_ROW), dtype=np.int64)
    dbuf = np.zeros(_KEEP_ROWS, dtype=np.int64)
    dcbuf = np.zeros((_KEEP_ROWS, nt), dtype=np.int64)
    v = np.zeros(_NL, dtype=np.int64)
    hit = np.zeros((nt, _NL), dtype=np.int64)
    tg = ctx.targets(thr)
    bt = _bound_tables(FAMILY, deck.size)
    best = _best_two(
        h1, deck, deck.size, E, E.size, ctx.S, ctx.A, ctx.stamp, ctx.gen, ctx.fam, ctx.Tk, ctx.num, tg, v,
        hit, bt, True, AE, AEC, sub, dbuf, dcbuf,
    )  # fmt: skip
    return _bint(v), int(best), [_bint(hit[t]) for t in range(nt)]


@pytest.mark.parametrize("dead", ["", "As 2s 3s 3c 9d Th Jh Qs Kd"])
def test_second_keep_by_value_sums_matches_inclusion_exclusion(dead):
    """Holding random second hands (pairs among them) after a first draw, the best keep with
    two draws left, its value and its targets' chances are the same integers whether the
    keeps' tables come from the sums by values or from inclusion-exclusion over every card
    out (dead cards and the first discards); with a paired hand one keep of each pair of equal
    keeps is tried, and standing pat is valued from the hand's subsets."""
    rng = np.random.default_rng(20261205)
    ctx = _Ctx(FAMILY)
    thr = np.array([target_threshold(t, FAMILY) for t in ("6", "8", "K")], dtype=np.int32)
    first = parse_cards("Kc Qh Jd Jc 9h").tolist()
    E = np.array(first + (parse_cards(dead).tolist() if dead else []), dtype=np.int64)
    live = np.array([c for c in range(52) if c not in E.tolist()], dtype=np.int64)
    hands = [rng.choice(live, 5, replace=False) for _ in range(6)]
    hands += [parse_cards("Ah Ac 5d 5s 8c"), parse_cards("4h 4c 4d 7s 7c"), parse_cards("Ad 2d 3h 4c 5h")]
    for h1 in hands:
        h1 = np.sort(h1).astype(np.int64)
        deck = np.array([c for c in live.tolist() if c not in h1.tolist()], dtype=np.int64)
        fast = _second_keep(h1, deck, E, ctx, thr, True)
        slow = _second_keep(h1, deck, E, ctx, thr, False)
        assert fast == slow, h1.tolist()
