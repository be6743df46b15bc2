"""Exact expected rank with best play over two and three draws against a brute force over
every sequence of draws, written from the rules: the final hand's rank is its strength's rank
numerator, every keep (first and later) the one with the greatest mean, discards dead; ties
go to the keep with more cards, then the lower cards.

The decks are made small with dead cards, so the brute force can walk every draw."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from simkit.cards import format_cards, parse_cards
from simkit.deck import next_combination
from simkit.games.triple_draw import rank_exact
from simkit.games.triple_draw.rank_estimate import RankPlayJob
from simkit.games.triple_draw.rank_exact import (
    _NO_THR,
    _SEARCHES,
    _checked,
    _Ctx,
    _ff,
    _flush_tables,
    _heaviest_first,
    _keep_value,
    _KeepBounds,
    _likely_best_first,
    _pat_is_best,
    _quick_first_keep,
    _value_runs,
    _value_weight,
    _worst_first,
    best_rank_keep,
    rank_bound,
    rank_play,
    rank_value,
    rank_values,
)
from simkit.games.triple_draw.rules import target_threshold
from simkit.games.triple_draw.solver import discard_options, draw_odds, rank_numerators
from simkit.hands import evaluate

DENOM = 2 * (comb(52, 5) - 1)


def _values(cards: list[int], family: str) -> dict[frozenset, int]:
    """Rank numerator of every five of ``cards`` (the hand and the live deck)."""
    fives = [list(f) for f in combinations(sorted(cards), 5)]
    strengths = evaluate(np.array(fives, dtype=np.int64), family)
    num = rank_numerators(family)
    return {frozenset(f): int(num[s]) for f, s in zip(fives, strengths.tolist(), strict=True)}


def _mean_last(kept: tuple, deck: list[int], val) -> Fraction:
    draws = list(combinations(deck, 5 - len(kept)))
    return Fraction(sum(val[frozenset(kept + d)] for d in draws), len(draws))


def _best_last(hand: tuple, deck: list[int], val) -> Fraction:
    return max(_mean_last(k, deck, val) for n in range(6) for k in combinations(hand, n))


def brute_two(kept: tuple, deck: list[int], val) -> Fraction:
    """Keep ``kept``, draw, then the best last keep: the mean final rank numerator."""
    firsts = list(combinations(deck, 5 - len(kept)))
    total = Fraction(0)
    for x in firsts:
        rest = [c for c in deck if c not in x]
        total += _best_last(kept + x, rest, val)
    return total / len(firsts)


CASES = [
    ("7s 5h 3d 2c Kc", "2h 3h 4h 4d 6c 8c 9s Kd Qh Js", "deuce_to_seven"),
    ("8h 6h 4h 3h Ks", "2h 5h 7h 2d 5c 6c 7d 9d Kd Ts", "deuce_to_seven"),
    ("Ac 2d 4s 4h Qc", "3c 5d 5s 6h 7c 8d Qs Kd 2h 9s", "ace_to_five"),
]


@pytest.mark.parametrize(("hand", "live", "family"), CASES)
def test_two_draws_match_brute_force(hand, live, family):
    """Every keep of one and two cards drawn, two draws, on a ten-card live deck."""
    h = parse_cards(hand).tolist()
    deck = parse_cards(live).tolist()
    dead = format_cards([c for c in range(52) if c not in h and c not in deck])
    val = _values(h + deck, family)
    for n in (4, 3):
        for kept in combinations(h, n):
            got = rank_value(hand, list(kept), 2, dead=dead, family=family)
            assert got == brute_two(kept, deck, val) / DENOM, (hand, format_cards(list(kept)))


def test_best_keep_two_draws_matches_brute_force():
    hand, live, family = CASES[0]
    h = parse_cards(hand).tolist()
    deck = parse_cards(live).tolist()
    dead = format_cards([c for c in range(52) if c not in h and c not in deck])
    val = _values(h + deck, family)
    ref = {k: brute_two(k, deck, val) for n in range(6) for k in combinations(h, n)}
    best = max(ref.values())
    v, keep = best_rank_keep(hand, 2, dead=dead, family=family)
    assert v == best / DENOM
    assert ref[tuple(c for c in h if c in parse_cards(keep).tolist())] == best


@pytest.mark.parametrize(
    ("family", "keeps"),
    [
        ("deuce_to_seven", ["9s 8h 3d", "9s 8h 3d Qc", "3d Qc Kc", "9s 8h 3d", "9s 8h 3d Qc Kc"]),
        ("ace_to_five", ["9s 8h", "", "9s 8h 3d", "Qc Kc", "9s", "9s 8h 3d", "9s 8h 3d Qc", "Kc"]),
    ],
)
def test_rank_values_is_rank_value_of_each_keep(family, keeps):
    """:func:`rank_values` values its keeps with one query's tables and work space (its memos
    cleared for each keep, whatever the one before drew; in A-5 the best second keeps of
    drawn cards shared by the keeps of one size): the same fractions as :func:`rank_value` of
    each keep alone, with three draws."""
    hand = "9s 8h 3d Qc Kc"
    dead = "2s 2h 4s 4h 5s 5h 6s 6h 7s 7h Ts Th Js Jh Qs Qh Ks Kh As Ah 3s 3h 9d 8d Ad Ac"
    got = rank_values(hand, keeps, 3, dead=dead, family=family)
    assert got == [rank_value(hand, keep, 3, dead=dead, family=family) for keep in keeps]
    assert got[0] == got[3] if family == "deuce_to_seven" else got[2] == got[5]
    with pytest.raises(ValueError, match="rank_values values given keeps, got None"):
        rank_values(hand, [keeps[0], None], 3, dead=dead, family=family)


def test_one_draw_agrees_with_the_one_draw_enumeration():
    """One draw: the same keep and value as the existing exact one-draw rank code."""
    df = discard_options("9s 5h 3d 2c 2h", 1, "rank")
    v, keep = best_rank_keep("9s 5h 3d 2c 2h", 1)
    assert keep == df.keep[0] and float(v) == pytest.approx(df.value[0], rel=1e-12)


def test_refused():
    with pytest.raises(ValueError, match="draws must be 1, 2 or 3"):
        rank_value("7s 5h 3d 2c Kc", "7s", 4)
    with pytest.raises(ValueError, match="got None; best_rank_keep"):
        rank_value("7s 5h 3d 2c Kc", None, 1)


@pytest.mark.parametrize("n_live", [0, 1, 3])
def test_one_draw_with_fewer_than_five_cards_left(n_live):
    """Fewer live cards than a full draw (pat, or drawing one or two from 1-3 cards): the
    mean over every draw the deck allows (the rank code's tables scale by five-card draws)."""
    hand, live, family = CASES[0]
    h = parse_cards(hand).tolist()
    deck = parse_cards(live).tolist()[:n_live]
    dead = [c for c in range(52) if c not in h and c not in deck]
    val = _values(h + deck, family)
    for kept in [tuple(h), *combinations(h, 5 - min(n_live, 2))]:
        got = rank_value(hand, list(kept), 1, dead=dead, family=family)
        assert got == _mean_last(kept, deck, val) / DENOM, format_cards(list(kept))


def _keeps(hand: tuple) -> list[tuple]:
    """Every keep of ``hand`` in the tie order: more cards first, then the lower cards."""
    cards = sorted(hand)
    out = []
    for mask in sorted(range(32), key=lambda m: (-bin(m).count("1"), m)):
        out.append(tuple(cards[i] for i in range(5) if (mask >> i) & 1))
    return out


def _play(hand: tuple, deck: list[int], d: int, val, hits) -> tuple[Fraction, list[Fraction]]:
    """Best play for the rank with ``d`` draws left: (mean rank numerator, chance of each
    target), ``hits(five)`` the targets a final hand makes (0/1 each)."""
    best = None
    for k in _keeps(hand):
        v = _keep(k, deck, d, val, hits)
        if best is None or v[0] > best[0]:
            best = v
    assert best is not None
    return best


def _keep(kept: tuple, deck: list[int], d: int, val, hits) -> tuple[Fraction, list[Fraction]]:
    draws = list(combinations(deck, 5 - len(kept)))
    total = Fraction(0)
    ch: list[Fraction] = []
    for x in draws:
        hand = kept + x
        if d == 1:
            v, c = Fraction(val[frozenset(hand)]), [Fraction(h) for h in hits(hand)]
        else:
            v, c = _play(hand, [c for c in deck if c not in x], d - 1, val, hits)
        total += v
        ch = c if not ch else [a + b for a, b in zip(ch, c, strict=True)]
    return total / len(draws), [a / len(draws) for a in ch]


def _setting(hand: str, live: str, family: str, targets: list[str]):
    h = parse_cards(hand).tolist()
    deck = parse_cards(live).tolist()
    dead = format_cards([c for c in range(52) if c not in h and c not in deck])
    val = _values(h + deck, family)
    thr = [target_threshold(t, family) for t in targets]

    def hits(five):
        s = int(evaluate(np.array([sorted(five)], dtype=np.int64), family)[0])
        return [int(s >= t) for t in thr]

    return h, deck, dead, val, hits


@pytest.mark.parametrize(("hand", "live", "family"), CASES)
def test_target_chances_under_rank_play_two_draws(hand, live, family):
    """The chance of each target when every keep maximises the expected rank (two draws)."""
    targets = ["8", "9", "K"]
    h, deck, dead, val, hits = _setting(hand, live, family, targets)
    kept = tuple(h[:4])
    v, ch = _keep(kept, deck, 2, val, hits)
    r = rank_play(hand, format_cards(list(kept)), 2, targets, dead=dead, family=family)
    assert r.value == v / DENOM
    assert r.chances == ch


def test_three_draws_match_brute_force():
    """Three draws standing pat first, on a ten-card live deck."""
    hand = "8h 6h 4h 3h Ks"
    live = "2h 5c 7d 9d Kd Ts 2d 6c Qs Jh"
    targets = ["8", "T"]
    h, deck, dead, val, hits = _setting(hand, live, "deuce_to_seven", targets)
    v, ch = _keep(tuple(h), deck, 3, val, hits)
    r = rank_play(hand, hand, 3, targets, dead=dead)
    assert r.value == v / DENOM and r.chances == ch


@pytest.mark.slow
def test_three_draws_one_card_drawn_match_brute_force():
    """Three draws keeping four, on an eleven-card live deck (slow: the brute force)."""
    hand = "7s 5h 3d 2c Kc"
    live = "2h 3h 4h 4d 6c 8c 9s Kd Qh Js 7c"
    h, deck, dead, val, hits = _setting(hand, live, "deuce_to_seven", ["7"])
    kept = tuple(h[:4])
    v, ch = _keep(kept, deck, 3, val, hits)
    r = rank_play(hand, format_cards(list(kept)), 3, ["7"], dead=dead)
    assert r.value == v / DENOM and r.chances == ch


def test_three_draws_give_the_same_integers_on_any_number_of_threads():
    """The first draws of three are shared out over threads, each with its own memos: one and
    three threads give the same value and target chances, also where a first keep is given
    up against a figure to beat (the cut is checked after every block of draws)."""
    hand, keep = "7s 5h 3d 2c Kc", "7s 5h 3d 2c"
    cards, _, deck, dead_cards = _checked(hand, None, 3, None, "deuce_to_seven")
    thr = np.array([target_threshold(t, "deuce_to_seven") for t in ("8", "9")], dtype=np.int32)
    kept = parse_cards(keep).astype(np.int64)
    ctx = _Ctx("deuce_to_seven")
    one, three = (_keep_value(ctx, cards, kept, deck, dead_cards, 3, thr, threads=t) for t in (1, 3))
    assert one is not None and one == three
    assert one[0] == Fraction(15985777361, 16856848074)  # the figure of the sequential kernel before threads
    below, above = one[0] * Fraction(999, 1000), one[0] * Fraction(1001, 1000)
    beaten = _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, below, threads=3)
    assert beaten is not None and beaten[0] == one[0]
    assert _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, above, threads=3) is None


@pytest.mark.parametrize("m", [0, 1, 3, 5])
def test_the_first_draws_by_values_come_heaviest_first(m):
    """Every first draw by values (the first cards of each value it takes) once, with the
    weight the walk in draw order gives it, the heaviest first: together they stand for every
    draw of ``m`` cards."""
    cards, _, deck, _ = _checked("7s 5h 3d 2c Kc", None, 3, "Ah 9d 9c", "ace_to_five")
    deck = _worst_first(deck, "ace_to_five")
    first, per_value = np.zeros(13, dtype=np.int64), np.zeros(13, dtype=np.int64)
    _value_runs(deck, deck.size, first, per_value)
    drawn, weight = _heaviest_first(m, deck, deck.size, per_value)
    walked = {}
    idx = np.arange(5, dtype=np.int64)
    while True:
        w = _value_weight(idx, m, deck, per_value)
        if w > 0:
            walked[tuple(idx[:m].tolist())] = int(w)
        if not next_combination(idx, m, deck.size):
            break
    assert {tuple(d[:m].tolist()): int(w) for d, w in zip(drawn, weight)} == walked
    assert len(walked) == drawn.shape[0] and int(weight.sum()) == comb(deck.size, m)
    assert (np.diff(weight) <= 0).all()


def test_the_second_hands_bounds_are_the_same_on_any_number_of_threads():
    """The bounds of the second hands of a first keep (by values, heaviest first), from which a
    keep is given up before its first draws are valued, are shared out over threads, each with
    its own hand and memo: one and three threads give the same numbers, by look-ups and summed
    on each hand's own deck (the latter never above the former, but for the floats' rounding)."""
    family = "ace_to_five"
    cards, kept, deck, _ = _checked("Ks Qh Jd Jc 9h", "Ks", 3, None, family)
    k, m, n = 1, 4, deck.size
    walk = _worst_first(deck, family)
    first, per_value = np.zeros(13, dtype=np.int64), np.zeros(13, dtype=np.int64)
    _value_runs(walk, n, first, per_value)
    drawn, _ = _heaviest_first(m, walk, n, per_value)
    bt = rank_exact._bound_tables(family, n - m)
    ub = rank_exact._second_bounds(family, deck, m, True)
    h = np.zeros(5, dtype=np.int64)
    h[0] = kept[0]
    idx = np.zeros(5, dtype=np.int64)
    got = {
        (refine, threads): rank_exact._first_bounds(
            idx, h, k, m, walk, n, per_value, True, bt, ub, drawn, refine, threads
        )
        for refine in (False, True)
        for threads in (1, 3)
    }
    for refine in (False, True):
        assert got[refine, 1].shape == (drawn.shape[0],)
        assert np.array_equal(got[refine, 1], got[refine, 3])
    assert (got[True, 1] <= got[False, 1] * (1 + 1e-12)).all() and (got[True, 1] > 0).all()


@pytest.mark.parametrize(
    "family, suitless, hand, keep",
    [
        ("ace_to_five", False, "7s 5h 3d 2c Kc", "5h 3d 2c"),
        ("deuce_to_seven", True, "7s 5h 3d 2c Kc", "7s 5h 3d"),  # flushes not counted: by values
    ],
)
def test_three_draws_by_values_are_given_up_only_below_the_figure_to_beat(family, suitless, hand, keep):
    """By values the first draws are valued heaviest first; a keep is given up against a figure
    to beat only when its value is below it, on any number of threads, and the bound tables
    (whose model ignores suits) skip no second keep that changes the value, also for the ranks
    with flushes not counted."""
    cards, kept, deck, dead_cards = _checked(hand, keep, 3, None, family)
    kept = kept.astype(np.int64)
    ctx = _Ctx(family, suitless=suitless)
    full, unpruned = (
        _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, prune=p, threads=1) for p in (True, False)
    )
    assert full is not None and full == unpruned
    assert full[0] <= _KeepBounds(deck, family, 3, count=False).bound(kept)
    below, above = full[0] * Fraction(999, 1000), full[0] * Fraction(1001, 1000)
    for threads in (1, 3):
        beaten = _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, below, threads=threads)
        assert beaten is not None and beaten[0] == full[0]
        assert _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, above, threads=threads) is None


@pytest.mark.parametrize(
    "family, hand, dead",
    [
        ("deuce_to_seven", "8s 6h 3d 2c Kc", None),
        ("deuce_to_seven", "7s 5h 4d Kc Kd", "7h 5s 4c 3s"),
        ("ace_to_five", "Ks Qh Jd Jc 9h", "As 2h"),
        ("ace_to_five", "7s 5h 3d 2c Kc", None),
    ],
)
def test_standing_pat_with_three_draws_is_the_two_draw_search(family, hand, dead):
    """Standing pat with three draws left draws nothing: its value and its targets' chances,
    found by the two-draw search of the same hand, are the three-draw kernel's integers (its one
    first draw, the hand itself, valued without skipping a second keep); below a figure to beat
    it is given up, at it not."""
    cards, kept, deck, dead_cards = _checked(hand, hand, 3, dead, family)
    kept = kept.astype(np.int64)
    ctx = _Ctx(family)
    thr = np.array([target_threshold(t, family) for t in ("8", "9")], dtype=np.int32)
    counter = np.zeros(1, dtype=np.int64)
    quick = _keep_value(ctx, cards, kept, deck, dead_cards, 3, thr, counter=counter)
    kernel = _keep_value(ctx, cards, kept, deck, dead_cards, 3, thr, prune=False)
    assert quick is not None and quick == kernel
    assert int(counter[0]) == 1
    value = quick[0]
    assert _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, value)[0] == value
    assert _keep_value(ctx, cards, kept, deck, dead_cards, 3, _NO_THR, value + Fraction(1, 10**9)) is None


def test_the_likely_best_first_keep_comes_first():
    """The order of the three-draw search: every keep once, the keep of the greatest two-draw
    value first (each valued only until it cannot beat the greatest before it)."""
    hand = "8s 6h 3d 2c Kc"
    cards, _, deck, dead_cards = _checked(hand, None, 3, None, "deuce_to_seven")
    masks = sorted(range(32), key=lambda m: (-bin(m).count("1"), m))
    keeps = {m: cards[[i for i in range(5) if (m >> i) & 1]] for m in masks}
    order = _likely_best_first(_Ctx("deuce_to_seven"), cards, keeps, masks, deck, dead_cards)
    assert sorted(order) == list(range(32))
    assert format_cards(keeps[order[0]]) == best_rank_keep(hand, 2)[1] == "8s 6h 3d 2c"


@pytest.mark.parametrize(
    "hand, family",
    [
        ("7s 5h 3d 2c Kc", "deuce_to_seven"),
        ("8s 6h 4d 3c 2s", "deuce_to_seven"),
        ("Ts 8h 6d 4c 2s", "deuce_to_seven"),
        ("Ks Kh Qd Qc Jh", "ace_to_five"),
        ("8s 5h 4d 3c As", "ace_to_five"),
    ],
)
def test_rank_bound_is_above_the_three_draw_value_of_standing_pat(hand, family):
    assert rank_bound(hand, hand, family=family) >= rank_value(hand, hand, 3, family=family)


def test_rank_bound_is_above_the_brute_force_on_a_small_deck():
    hand = "8h 6h 4h 3h Ks"
    live = "2h 5c 7d 9d Kd Ts 2d 6c Qs Jh"
    h, deck, dead, val, hits = _setting(hand, live, "deuce_to_seven", [])
    v, _ = _keep(tuple(h), deck, 3, val, hits)
    assert rank_bound(hand, hand, dead=dead) >= v / DENOM


@pytest.mark.parametrize(
    ("hand", "live", "family", "every"),
    [(*CASES[0], False), *[pytest.param(*c, True, marks=pytest.mark.slow) for c in CASES]],
)
def test_counted_keep_bounds_are_above_the_brute_force(hand, live, family, every):
    """The bound the search skips first keeps by, with every target's chance counted, is at
    least the brute-force value of a keep (two draws, ten-card live deck) and at most the
    table's bound: every keep (slow), or the keeps of four cards or more and one of each
    smaller size."""
    h, deck, dead, val, hits = _setting(hand, live, family, [])
    _, _, live_deck, _ = _checked(hand, None, 2, dead, family)
    counted, table = _KeepBounds(live_deck, family, 2), _KeepBounds(live_deck, family, 2, count=False)
    assert counted.count
    keeps = _keeps(tuple(h))
    for k in keeps if every else keeps[:7] + [keeps[-12], keeps[-2], keeps[-1]]:
        kept = np.array(k, dtype=np.int64)
        bound = counted.bound(kept)
        assert _keep(k, deck, 2, val, hits)[0] / DENOM <= bound <= table.bound(kept), format_cards(list(k))
        assert counted.at_most(kept, bound) and not counted.at_most(kept, bound * Fraction(999_999, 10**6))


@pytest.mark.parametrize(
    "family, keeps",
    [
        ("deuce_to_seven", ["7s 5h 3d 2c Kc", "7s 5h 3d 2c"]),
        ("ace_to_five", ["7s 5h 3d 2c Kc", "7s 5h 3d 2c", "5h 3d 2c", "3d 2c"]),
    ],
)
def test_counted_keep_bounds_three_draws(family, keeps):
    """With three draws the counted bound lies between the exact value and the table's bound,
    well below the table's for the keeps that draw."""
    hand = "7s 5h 3d 2c Kc"
    for keep in keeps:
        table, counted = (rank_bound(hand, keep, family=family, count=c) for c in (False, True))
        assert rank_value(hand, keep, 3, family=family) <= counted <= table
        assert keep == hand or counted < table - 0.005


def test_counted_bounds_prove_standing_pat_where_the_table_cannot():
    cards, _, deck, _ = _checked("Ts 7h 4d 3c 2s", None, 3, None, "deuce_to_seven")
    table = _KeepBounds(deck, "deuce_to_seven", 3, count=False)
    assert _pat_is_best(cards, deck, "deuce_to_seven") and not _pat_is_best(
        cards, deck, "deuce_to_seven", table
    )


@pytest.mark.parametrize(
    ("hand", "live", "family"),
    [
        # a pair: the keeps that trade one 4 for the other tie, and are valued once
        ("Ac 2d 4s 4h Qc", "3c 5d 5s 6h 7c 8d Qs Kd 2h 9s As 3h 6d Tc Jd", "ace_to_five"),
        ("Kc Qd Js Jh 9c", "3c 5d 5s 6h 7c 8d Qs Kd 2h 9s As 3h 6d Tc Jd", "ace_to_five"),
        pytest.param(  # the same search by cards (slow: 24 s)
            "7s 5h 3d 2c Kc",
            "2h 3h 4h 4d 6c 8c 9s Kd Qh Js 7d 5c Ad Th 8s",
            "deuce_to_seven",
            marks=pytest.mark.slow,
        ),
        pytest.param(  # by cards with a pair: a suitless value serves both keeps of its values (slow)
            "7s 5h 4d Kc Kd",
            "2h 3h 4h 4c 6c 8c 9s Ks Qh Js 7d 5c Ad Th 8s",
            "deuce_to_seven",
            marks=pytest.mark.slow,
        ),
    ],
)
def test_three_draw_search_is_the_best_of_every_keep(hand, live, family):
    """The three-draw search (keeps valued in the order of their two-draw values, one A-5 keep
    per set of values, each given up as soon as it cannot beat the best found) gives the
    greatest of every keep's exact value, and of equal ones the first in the tie order: more
    cards, then the first in the hand (fifteen live cards: enough for three draws of five)."""
    h = parse_cards(hand).tolist()
    deck = parse_cards(live).tolist()
    dead = format_cards([c for c in range(52) if c not in h and c not in deck])
    values = {}
    for mask in sorted(range(32), key=lambda m: (-bin(m).count("1"), m)):
        keep = format_cards([h[i] for i in range(5) if (mask >> i) & 1])
        values[keep] = rank_value(hand, keep, 3, dead=dead, family=family)
    best = max(values.values())
    first = next(k for k, v in values.items() if v == best)
    assert best_rank_keep(hand, 3, dead=dead, family=family) == (best, first)


@pytest.mark.parametrize(
    "hand, family, best",
    [
        ("7s 5h 3d 2c Kc", "ace_to_five", "7s 5h 3d 2c"),  # every keep of two cards or fewer bounded below it
        # standing pat is best by its value, not by its own rank (_pat_is_best fails)
        ("Ts 7h 4d 3c 2s", "ace_to_five", "Ts 7h 4d 3c 2s"),
        # 2-7: every keep of two cards or fewer is ruled out by its bound or its suitless value
        ("7s 5h 3d 2c Kc", "deuce_to_seven", "7s 5h 3d 2c"),
        ("Ks Qh Jd Jc 9h", "deuce_to_seven", None),  # the likely best keep holds two cards: give up
    ],
)
def test_the_quick_search_finds_the_best_first_keep_or_gives_up(hand, family, best):
    """Looking for the best first keep of three draws without valuing a keep of few cards:
    where it answers, it is the keep (and value) of the whole search."""
    cards, _, deck, _ = _checked(hand, None, 3, None, family)
    mask, _ = _quick_first_keep(tuple(cards.tolist()), tuple(deck.tolist()), family)
    if best is None:
        assert mask == -1
        return
    assert format_cards(cards[[i for i in range(5) if (mask >> i) & 1]]) == best
    assert best_rank_keep(hand, 3, family=family) == (rank_value(hand, best, 3, family=family), best)


def test_the_search_counts_the_targets_of_its_first_keep_for_the_best():
    """The chances the search counts on the first keep it values (here the best) are those of
    the best keep valued on its own; asked for other targets, it has none (the keep is valued
    again), and rank_play with no keep gives the same chances as with the best keep given."""
    hand, family, tops = "7s 5h 3d 2c Kc", "ace_to_five", ["6", "8"]
    cards, _, deck, _ = _checked(hand, None, 3, None, family)
    key = (tuple(cards.tolist()), tuple(deck.tolist()), family)
    thr = tuple(target_threshold(t, family) for t in tops)
    _SEARCHES.clear()
    mask, chances = _quick_first_keep(*key, thr)
    keep = format_cards(cards[[i for i in range(5) if (mask >> i) & 1]])
    assert keep == "7s 5h 3d 2c" and chances is not None and len(chances) == 2
    assert chances == rank_play(hand, keep, 3, tops, family=family).chances
    assert _quick_first_keep(*key, thr[:1]) == (mask, None)
    assert _quick_first_keep(*key) == (mask, [])  # no targets: nothing to count
    assert rank_play(hand, None, 3, tops, family=family) == rank_play(hand, keep, 3, tops, family=family)
    rows = draw_odds(hand, None, 3, tops, policy="rank", family=family)  # the chances the search counted
    assert rows.keep.tolist() == [keep] * 2 and rows.exact.all()
    assert [Fraction(f) for f in rows.fraction] == chances


@pytest.mark.parametrize(
    "hand, family, proven",
    [
        ("7s 5h 4d 3c 2s", "deuce_to_seven", True),
        ("8s 6h 4d 3c 2s", "deuce_to_seven", True),
        ("9s 8h 5d 3c 2s", "deuce_to_seven", True),
        ("Ts 7h 4d 3c 2s", "deuce_to_seven", True),  # by the counted bounds (not the table's)
        ("7s 5h 3d 2c Kc", "deuce_to_seven", False),
        ("Ts 9h 8d 7c 6s", "deuce_to_seven", False),  # a straight: not a made low
        ("8s 5h 4d 3c As", "ace_to_five", True),
        ("Ks 7h 5d 3c 2s", "ace_to_five", False),
    ],
)
def test_standing_pat_is_proven_best_for_made_hands(hand, family, proven):
    cards, _, deck, _ = _checked(hand, None, 3, None, family)
    assert _pat_is_best(cards, deck, family) == proven
    if proven:  # then the three-draw best keep is one two-draw solve
        assert best_rank_keep(hand, 3, family=family) == (rank_value(hand, hand, 3, family=family), hand)


@pytest.mark.slow
def test_the_keeps_that_break_a_made_hand_are_worse_than_standing_pat():
    """What the proof for 8-6-4-3-2 says, by the exact three-draw values of the keeps that
    break it (one card drawn: the strongest rivals; slow, 47 two-draw solves each)."""
    hand = "8s 6h 4d 3c 2s"
    pat = rank_value(hand, hand, 3)
    cards = hand.split()
    for i in range(5):
        keep = " ".join(cards[:i] + cards[i + 1 :])
        value = rank_value(hand, keep, 3)
        assert value < pat and value <= rank_bound(hand, keep)


@pytest.mark.parametrize("family", ["deuce_to_seven", "ace_to_five"])
@pytest.mark.parametrize(
    "hand, keep",
    [
        ("7s 5h 3d 2c Kc", "7s 5h 3d 2c Kc"),
        ("Ks Kh Qd Qc Jh", "Ks Kh Qd Qc Jh"),
        pytest.param("7s 5h 3d 2c Kc", "7s 5h 3d 2c", marks=pytest.mark.slow),  # 47 solves, twice
    ],
)
def test_three_draws_skip_only_second_keeps_that_cannot_win(family, hand, keep):
    """Skipping the second keeps whose bound is below the best found (_keep_bound) changes no
    value and no target chance (the full deck: with many dead cards the model bounds
    nothing)."""
    cards, kept, deck, dead_cards = _checked(hand, keep, 3, None, family)
    thr = np.array([target_threshold(t, family) for t in ("7", "9")], dtype=np.int32)
    pruned, full = (
        _keep_value(_Ctx(family), cards, kept.astype(np.int64), deck, dead_cards, 3, thr, prune=p)
        for p in (True, False)
    )
    assert pruned == full


@pytest.mark.parametrize("family", ["deuce_to_seven", "ace_to_five"])
def test_fast_two_draw_values_match_the_memoised_walk(family):
    """The dense two-draw kernel (dense sums, nested loops, the tie order kept by comparing)
    against the memoised walk (the tie order by construction), values and target chances,
    for small keeps on a 27-card live deck."""
    hand = "Kd 9c 7h 4s 2d"
    dead = "As Ah 3c 3h 5s 5d 6c 6h 8s 8d Tc Th Js Jd Qc Qh Ks Kh 9s 7d"
    cards, _, deck, dead_cards = _checked(hand, None, 2, dead, family)
    ctx = _Ctx(family)
    thr = np.array([target_threshold(t, family) for t in ("7", "9", "K")], dtype=np.int32)
    for keep in ("", "7h", "Kd", "7h 2d", "9c 4s 2d", "Kd 9c 4s 2d"):
        kept = parse_cards(keep).astype(np.int64)
        fast = _keep_value(ctx, cards, kept, deck, dead_cards, 2, thr)
        walk = _keep_value(ctx, cards, kept, deck, dead_cards, 2, thr, walk=True)
        assert fast == walk, keep
        assert fast is not None and fast[0] == rank_value(hand, keep, 2, dead=dead, family=family)


@pytest.mark.slow
def test_three_draws_by_value_match_brute_force():
    """A-5 standing pat with three draws on a ten-card live deck holding two and three cards of
    some values: the later draws are walked one per set of values (by_value), weighted (slow:
    the brute force; the fast check is the card-by-card walk below)."""
    hand = "Kc 9d 7s 4h 2c"
    live = "As Ad 3c 3d 3h 5s 6c 6d 8h Qs"
    targets = ["8", "Q"]
    h, deck, dead, val, hits = _setting(hand, live, "ace_to_five", targets)
    v, ch = _keep(tuple(h), deck, 3, val, hits)
    r = rank_play(hand, hand, 3, targets, dead=dead, family="ace_to_five")
    assert r.value == v / DENOM and r.chances == ch


def test_flush_tables_sum_what_being_a_flush_changes():
    """The flush tables (:func:`_flush_tables`) against the evaluator: for any set of values, the
    sum over its five-value subsets of the rank of those values as a flush less their rank in
    two suits, and the same of a target's indicator."""
    family = "deuce_to_seven"
    thr = np.array([target_threshold("9", family)], dtype=np.int32)
    Z, ZC = _flush_tables(family, thr)
    num = rank_numerators(family)
    fives = list(combinations(range(13), 5))
    suited = np.array([[4 * r + 3 for r in f] for f in fives], dtype=np.int64)
    mixed = suited.copy()
    mixed[:, 0] -= 1  # one card of another suit: the same values, no flush
    s_flush, s_plain = evaluate(suited, family), evaluate(mixed, family)
    change = {f: int(num[a]) - int(num[b]) for f, a, b in zip(fives, s_flush, s_plain, strict=True)}
    made = {f: int(a >= thr[0]) - int(b >= thr[0]) for f, a, b in zip(fives, s_flush, s_plain, strict=True)}
    assert all(v < 0 for v in change.values())  # in 2-7 a flush only loses
    for values in [(0, 1, 2, 3, 5), (0, 1, 2, 3, 4, 5, 6), (0, 2, 4, 5, 7, 9, 10, 11), tuple(range(13))]:
        mask = sum(1 << v for v in values)
        inside = [f for f in fives if set(f) <= set(values)]
        assert Z[mask] == sum(change[f] for f in inside)
        assert ZC[0, mask] == sum(made[f] for f in inside)
    assert Z[(1 << 4) - 1] == 0  # four values: no flush


@pytest.mark.parametrize(
    "hand, keep, dead",
    [
        ("Ks Qh Jd 9c 8s", "Ks Qh Jd 9c", None),  # junk second hands: their keeps draw three or more
        ("Ks Qs Js 9s 8h", "Ks Qs Js 9s", None),  # one suit: the second keeps that can make a flush
        ("Ks Qh Jd 9c 8s", "Ks Qh Jd 9c", "2h 3h 4h 5h 6d"),  # a suit thinned by dead cards
        # two cards drawn first (351 draws, 66 sets of values): the second keeps' suitless bounds
        # kept by the values drawn and taken by the draws of the same values (_suitless_known)
        ("Ks Qh Jd 9c 8s", "Ks Qh Jd", "2s 3s 4d 5d 6c 7c Ts Td Tc Th Js Jc Qs Qd Kh Kc As Ad 9h 8h"),
    ],
)
def test_flushes_put_back_by_values_give_the_integers_of_every_card(monkeypatch, hand, keep, dead):
    """2-7 with three draws: the second keeps that draw three cards or more are walked by
    values with flushes not counted and the flushes put back (:func:`.rank_exact._flush_fix`),
    with the same value and target chances as walking every second draw card by card, also
    where a second hand takes its keeps' suitless bounds from an earlier one of its values.  With
    the flush tables zeroed the same walk gives the figures with flushes not counted, greater:
    the flushes are put back there."""
    family = "deuce_to_seven"
    cards, kept, deck, dead_cards = _checked(hand, keep, 3, dead, family)
    thr = np.array([target_threshold(t, family) for t in ("7", "8", "T")], dtype=np.int32)

    def value():
        return _keep_value(_Ctx(family), cards, kept.astype(np.int64), deck, dead_cards, 3, thr)

    by_values = value()
    monkeypatch.setattr(rank_exact, "FLUSHES_BY_VALUES", False)
    by_cards = value()
    assert by_values is not None and by_values == by_cards
    monkeypatch.setattr(rank_exact, "FLUSHES_BY_VALUES", True)
    monkeypatch.setattr(
        rank_exact,
        "_flush_tables",
        lambda family, thr: (np.zeros(8192, np.int64), np.zeros((thr.size, 8192), np.int64)),
    )
    no_flush = value()
    assert no_flush is not None and no_flush[0] > by_cards[0]


@pytest.mark.slow
@pytest.mark.parametrize("first", ["2h 3h", "4c 6s"])
def test_second_hands_with_flushes_put_back_match_brute_force(first):
    """After the first draw of three (K-Q-J kept, a live deck of twelve cards, seven of them
    hearts): the exact best play of two draws of the second hand, whose keeps that draw three
    or more are valued by values with the flushes put back, against the brute force over every
    draw (slow: about half a minute a hand)."""
    family, targets = "deuce_to_seven", ["8", "T"]
    hand, keep = "Kh Qh Jd 9c 8s", "Kh Qh Jd"
    live = "2h 3h 4h 5h 6h 7h 2d 4c 6s 7d 9h 3s"
    h, deck, _, val, hits = _setting(hand, live, family, targets)
    kept = parse_cards(keep).tolist()
    thr = tuple(target_threshold(t, family) for t in targets)
    order = _worst_first(np.array(deck, dtype=np.int64), family).tolist()  # the deck the kernel walks
    x = parse_cards(first).tolist()
    draw = np.array([sorted(order.index(c) for c in x)], dtype=np.int64)
    vout, hout = RankPlayJob(tuple(h), tuple(kept), tuple(deck), thr, family).second_hands(draw)
    v, ch = _play(tuple(kept + x), [c for c in deck if c not in x], 2, val, hits)
    scale = _ff(len(deck) - 2, 10)
    limbs = [sum(int(a) << (32 * i) for i, a in enumerate(row.tolist())) for row in (vout[0], *hout[0])]
    assert Fraction(limbs[0], scale * DENOM) == v / DENOM
    assert [Fraction(c, scale) for c in limbs[1:]] == ch


@pytest.mark.parametrize(
    "hand, keep, draws, dead",
    [
        ("Ac 7h 7s 4d 2c", "", 2, None),
        ("Ac 7h 7s 4d 2c", "Ac", 2, None),
        ("Ac 7h 7s 4d 2c", "7h 7s", 2, None),
        ("Ac 7h 7s 4d 2c", "7h 4d 2c", 2, "As 3c 3d 3h 9s"),
        ("Ac 7h Kd 4d 2c", "Ac 4d 2c Kd", 2, None),
        ("Ac 7h Kd 4d 2c", "Ac 4d 2c Kd", 3, "As Ad 3c 5h 5s 6d"),
        pytest.param("Ac 7h 7s 4d 2c", "7h 4d 2c", 3, None, marks=pytest.mark.slow),  # 1,081 solves by card
    ],
)
def test_a5_by_value_gives_the_integers_of_every_card(hand, keep, draws, dead):
    """In A-5 one draw of each set of values stands for the others (their number as weight):
    the same value and target chances as walking every draw card by card, on the full deck or
    with dead cards (values with fewer cards left)."""
    cards, kept, deck, dead_cards = _checked(hand, keep, draws, dead, "ace_to_five")
    thr = np.array([target_threshold(t, "ace_to_five") for t in ("6", "7", "9")], dtype=np.int32)
    ctx = _Ctx("ace_to_five")
    by_value, by_card = (
        _keep_value(ctx, cards, kept.astype(np.int64), deck, dead_cards, draws, thr, by_value=b)
        for b in (True, False)
    )
    assert by_value is not None and by_value == by_card


@pytest.mark.parametrize(
    ("family", "keep", "by_value"),
    [("deuce_to_seven", "9s 8h", False), ("ace_to_five", "9s", True), ("ace_to_five", "9s 8h", False)],
)
def test_three_draws_count_every_first_draw_for_the_progress_bar(family, keep, by_value, capsys):
    """Valuing a keep with three draws counts its first draws as it goes (what the progress bar
    shows): ``C(n, drawn)`` at the end, by cards and by values (each set of values counted with
    the draws it stands for), and the value is the same with the bar as without."""
    hand = "9s 8h 3d Qc Kc"
    dead = "2s 2h 4s 4h 5s 5h 6s 6h 7s 7h Ts Th Js Jh Qs Qh Ks Kh As Ah 3s 3h 9d 8d Ad Ac"
    cards, kept, deck, dead_cards = _checked(hand, keep, 3, dead, family)
    thr = np.array([target_threshold("9", family)], dtype=np.int32)
    ctx = _Ctx(family)
    counter = np.zeros(1, dtype=np.int64)
    quiet = _keep_value(ctx, cards, kept.astype(np.int64), deck, dead_cards, 3, thr, by_value=by_value)
    shown = _keep_value(
        ctx,
        cards,
        kept.astype(np.int64),
        deck,
        dead_cards,
        3,
        thr,
        by_value=by_value,
        quiet=False,
        counter=counter,
    )
    assert int(counter[0]) == comb(deck.size, 5 - kept.size)
    assert quiet is not None and shown == quiet
    capsys.readouterr()  # the bar shows only after two seconds: nothing to check in it


def test_draw_odds_exact_counts_what_is_else_estimated():
    """``exact=True``: a 2-7 keep of two cards with three draws, else a Monte Carlo estimate, is
    counted in full (the value of :func:`rank_play`), and so is the whole search with no keep
    (``exact=False``: a keep found and valued by Monte Carlo);
    an unknown mode, or ``True`` beside the estimate's ``exact_limit=0``, is refused."""
    hand = "9s 8h 3d Qc Kc"
    dead = "2s 2h 4s 4h 5s 5h 6s 6h 7s 7h Ts Th Js Jh Qs Qh Ks Kh As Ah 3s 3h"
    targets = ["8", "10"]
    estimate = draw_odds(hand, "9s 8h", 3, targets, dead=dead, policy="rank", trials=8, quiet=True)
    assert not estimate.exact.any() and (estimate.se > 0).all()
    exact = draw_odds(hand, "9s 8h", 3, targets, dead=dead, policy="rank", exact=True)
    play = rank_play(hand, "9s 8h", 3, targets, dead=dead)
    assert exact.exact.all() and (exact.se == 0).all()
    assert exact.fraction.tolist() == [f"{c.numerator}/{c.denominator}" for c in play.chances]
    # exact=False: the keep found by Monte Carlo is estimated too, not valued exactly
    guessed = draw_odds(hand, None, 3, targets, dead=dead, policy="rank", exact=False, trials=16, quiet=True)
    assert not guessed.exact.any() and guessed.fraction.isna().all()
    searched = draw_odds(hand, None, 3, targets, dead=dead, policy="rank", exact=True)
    best = rank_play(hand, None, 3, targets, dead=dead)
    assert searched.exact.all() and set(searched.keep) == {best.keep}
    assert searched.fraction.tolist() == [f"{c.numerator}/{c.denominator}" for c in best.chances]
    with pytest.raises(ValueError, match="exact must be True, False or 'auto', got 'yes'"):
        draw_odds(hand, "9s 8h", 3, targets, policy="rank", exact="yes")
    with pytest.raises(ValueError, match="exact=True and exact_limit=0"):
        draw_odds(hand, "9s 8h", 3, targets, exact=True, exact_limit=0)


def test_discard_options_exact_values_every_keep_of_the_rank():
    """``exact=True``: with three draws in 2-7, where the rank's values are else estimated,
    every keep is valued exactly (the values of :func:`rank_value`), best first; ``exact=False``
    estimates them."""
    hand = "9s 8h 3d Qc Kc"
    dead = "2s 2h 4s 4h 5s 5h 6s 6h 7s 7h Ts Th Js Jh Qs Qh Ks Kh As Ah 3s 3h 9d 8d Ad Ac"
    df = discard_options(hand, 3, "rank", dead=dead, top=4, exact=True)
    assert df.exact.all() and (df.se == 0).all()
    for row in df.itertuples():
        assert Fraction(row.fraction) == rank_value(hand, row.keep, 3, dead=dead)
    assert df.value.is_monotonic_decreasing
    estimated = discard_options(hand, 3, "rank", dead=dead, top=4, exact=False, trials=64, quiet=True)
    assert not estimated.exact.any() and (estimated.se > 0).all()
