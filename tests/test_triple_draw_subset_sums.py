"""The rank sums by values (A-5, :mod:`simkit.games.triple_draw.value_sums`) and by cards
(2-7, :mod:`simkit.games.triple_draw.card_sums`) against a count over all 2,598,960 hands, and
the second keep of three draws made from them against the inclusion-exclusion over every card
out that it replaces."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.triple_draw.card_sums import (
    _OFF,
    _card_index,
    _card_out_sums,
    _card_subset_sums,
    _zero_cards,
)
from simkit.games.triple_draw.rank_exact import (
    _NL,
    _NO_THR,
    _NO_UB,
    _best_two,
    _bint,
    _bound_tables,
    _count_table,
    _Ctx,
    _discards_table,
    _new_space,
    _suitless_value_sums,
    _value_count_row,
    _value_counts,
    _value_sums,
    _worst_first,
)
from simkit.games.triple_draw.rules import target_threshold, target_value
from simkit.games.triple_draw.solver import rank_numerators
from simkit.games.triple_draw.value_sums import (
    VOFF,
    _discard_sums,
    _keep_rows,
    _keep_sums,
    _keep_sums_by_discards,
    _layout,
    _out_sums,
    _subset_sums,
    _value_indices,
    _walk_value,
)
from simkit.hands import evaluate
from simkit.hands.enumeration import all_hands

FAMILY = "ace_to_five"


def _every_hand(family: str):
    """All hands, a bit mask of the cards of each, and each one's strength and rank numerator."""
    hands = all_hands().astype(np.int64)
    bits = np.zeros(hands.shape[0], dtype=np.uint64)
    for j in range(5):
        bits |= np.left_shift(np.uint64(1), hands[:, j].astype(np.uint64))
    strength = evaluate(hands, family)
    return bits, strength, rank_numerators(family)[strength]


@pytest.fixture(scope="module")
def every_hand():
    """:func:`_every_hand` in A-5."""
    return _every_hand(FAMILY)


@pytest.fixture(scope="module")
def every_hand_27():
    """:func:`_every_hand` in 2-7."""
    return _every_hand("deuce_to_seven")


def _mask(cards) -> np.uint64:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return np.uint64(m)


def _index(values: list[int]) -> int:
    v = sorted(values)
    return int(VOFF[len(v)]) + sum(comb(x + j, j + 1) for j, x in enumerate(v))


def _cards_of(values: list[int], out: list[int]) -> list[int]:
    """One card of each value of a multiset of the tables' values (K = 0, Q = 1, … 2 = 11,
    A = 12: 12 minus the A-5 low value), none of them in ``out``."""
    cards: list[int] = []
    for v in values:
        low = 12 - v  # A = 0, 2 = 1, … K = 12
        r = 12 if low == 0 else low - 1  # the card code's rank: 2 = 0, … A = 12
        c = next(4 * r + s for s in range(4) if 4 * r + s not in out and 4 * r + s not in cards)
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


@pytest.mark.parametrize("out", OUTS)
def test_suitless_sums_are_the_sums_over_the_hands_with_no_flush(every_hand_27, out):
    """``_out_sums`` of ``_suitless_value_sums`` (2-7): for each multiset of values, one card of
    each taken, the sum over every hand containing those cards and none of the cards out of its
    rank as if it were no flush (a flush ranked as the same cards with one suit changed: the
    rules rank it below them), never less than the true ranks' sum."""
    bits, _, rank = every_hand_27
    hands = all_hands().astype(np.int64)
    flush = (hands & 3 == hands[:, :1] & 3).all(axis=1)
    unsuited = hands[flush].copy()
    unsuited[:, 0] ^= 1  # another suit for one card: the same values, no flush
    suitless = rank.copy()
    suitless[flush] = rank_numerators("deuce_to_seven")[evaluate(unsuited, "deuce_to_seven")]
    assert (suitless[flush] > rank[flush]).all() and flush.sum() == 5_148
    E = parse_cards(out).astype(np.int64) if out else np.zeros(0, dtype=np.int64)
    got = np.zeros(int(VOFF[6]), dtype=np.int64)
    _out_sums(E, E.size, _suitless_value_sums("deuce_to_seven"), got)
    avoid = (bits & _mask(E.tolist())) == 0
    for values in MULTISETS:
        m = _mask(_cards_of(values, E.tolist()))
        hit = avoid & ((bits & m) == m)
        assert got[_index(values)] == int(suitless[hit].sum()), values
        assert got[_index(values)] >= int(rank[hit].sum()), values
    for values in ([0, 1, 2, 3, 4], [1, 3, 5, 7, 9], [3, 3, 3, 8, 8]):  # five values: a hand's rank
        cards = _cards_of(values, [])
        assert got[_index(values)] == int(suitless[bits == _mask(cards)][0]), values


def _no_flushes() -> tuple:
    """The rest of ``_best_two``'s suitless tables: the flushes not put back by values (the
    keeps are walked by cards; ``rank_exact._flushed_walk``, tested in
    ``test_triple_draw_rank_exact.py``)."""
    e1, e2 = np.zeros(0, dtype=np.int64), np.zeros((0, 0), dtype=np.int64)
    return (e2, e1, e2, e1, e2, np.zeros(4, dtype=np.int64), np.zeros(13, dtype=np.int64))


def _no_bound():
    """``_best_two``'s suitless bound, off (its sums of the cards out empty)."""
    return tuple(np.zeros(0, dtype=np.int64) for _ in range(4)) + _no_flushes()


def _suitless_bound(h1, deck, E):
    """``_best_two``'s suitless bound (2-7 by cards): the sums by values of the cards out with
    flushes not counted, the tables of a hand's subsets and of a keep by values, and the deck
    in the walk order of the tables by values."""
    AER = np.zeros(int(VOFF[6]), dtype=np.int64)
    _out_sums(E, E.size, _suitless_value_sums("deuce_to_seven"), AER)
    subs, dbuf, _ = _buffers(deck.size, True, 0)
    walk = np.array(sorted(deck.tolist(), key=lambda c: int(_walk_value(c))), dtype=np.int64)
    return (AER, subs[0], dbuf, walk, *_no_flushes())


def _buffers(nd: int, by_value: bool, nt: int):
    """The tables of a second hand's subsets (for the rank sums and, with targets, a target's
    counts) and of one keep (and its targets' counts) for ``_best_two`` with ``nd`` cards left."""
    off = np.empty(6, dtype=np.int64)
    soff = np.empty(33, dtype=np.int64)
    _layout(nd, by_value, off, soff)
    rows = _keep_rows(off)
    return (
        np.zeros((2 if nt else 1, soff[32]), dtype=np.int64),
        np.zeros(rows, dtype=np.int64),
        np.zeros((rows, nt), dtype=np.int64),
    )


def _second_keep(h1, deck, E, ctx, thr, by_sums, by_discards=False, part=0, held=0, v0=None):
    """``_best_two`` holding ``h1`` (two draws left): its value, keep and target chances, the
    keeps' tables made by values from the sums of the cards out (``by_sums``; ``by_discards``:
    each a gather from the table of every set of discards, ``_discard_sums``) or by
    inclusion-exclusion over every card out; ``part``, ``held`` and ``v0`` as ``_best_two``'s
    (no targets with ``part``)."""
    nt = thr.size
    AE = np.zeros(int(VOFF[6]) if by_sums else 0, dtype=np.int64)
    AEC = np.zeros((nt, int(VOFF[6]) if by_sums else 0), dtype=np.int64)
    if by_sums:
        _out_sums(E, E.size, _value_sums(FAMILY), AE)
        VC = _value_counts(FAMILY, thr)
        for t in range(nt):
            _out_sums(E, E.size, VC[t], AEC[t])
    sub, dbuf, dcbuf = _buffers(deck.size, True, nt)
    v = np.zeros(_NL, dtype=np.int64)
    hit = np.zeros((nt, _NL), dtype=np.int64)
    tg = ctx.targets(thr)
    bt = _bound_tables(FAMILY, deck.size)
    best = _best_two(
        h1, deck, deck.size, E, E.size, ctx.S, ctx.A, ctx.stamp, ctx.gen, ctx.fam, ctx.Tk, ctx.num, tg, v,
        hit, bt, True, AE, AEC, sub, dbuf, dcbuf, _no_bound(), _NO_UB, _discards_table(
            AE, AEC, True, by_discards, E, E.size, _NO_UB, False, _new_space(1, nt, True)
        ), part, held, np.zeros(_NL, dtype=np.int64) if v0 is None else v0, _unknown(),
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
        deck = _worst_first(
            np.array([c for c in live.tolist() if c not in h1.tolist()], dtype=np.int64), FAMILY
        )
        fast = _second_keep(h1, deck, E, ctx, thr, True)
        slow = _second_keep(h1, deck, E, ctx, thr, False)
        assert fast == slow, h1.tolist()
        assert _second_keep(h1, deck, E, ctx, thr, True, by_discards=True) == slow, h1.tolist()


def test_second_keep_in_two_parts_is_the_best_keep():
    """The best second keep found in two parts (``_after_first_draw`` sharing the keeps of
    drawn cards between first keeps): the best keep of no position of ``held`` (part 1), then
    the keeps of some position of ``held`` against it (part 2) give the value of the whole
    search (part 0), whichever part holds the best keep."""
    rng = np.random.default_rng(20261207)
    ctx = _Ctx(FAMILY)
    first = parse_cards("Kc Qh Jd Jc 9h").tolist()
    E = np.array(first, dtype=np.int64)
    live = np.array([c for c in range(52) if c not in first], dtype=np.int64)
    hands = [rng.choice(live, 5, replace=False) for _ in range(4)]
    hands += [parse_cards("Ah 2c 5d Ks 8c"), parse_cards("Kh Qc 4d 7s 7c"), parse_cards("Qd Td 3h 4c 5h")]
    parts = set()
    for h1 in hands:
        h1 = h1.astype(np.int64)
        deck = _worst_first(
            np.array([c for c in live.tolist() if c not in h1.tolist()], dtype=np.int64), FAMILY
        )
        whole, keep, _ = _second_keep(h1, deck, E, ctx, _NO_THR, True, by_discards=True)
        for held in (0b00001, 0b00011, 0b00111, 0b01111, 0b11000):
            drawn, _, _ = _second_keep(h1, deck, E, ctx, _NO_THR, True, by_discards=True, part=1, held=held)
            v0 = np.array([(drawn >> (32 * i)) & 0xFFFFFFFF for i in range(_NL)], dtype=np.int64)
            both, _, _ = _second_keep(
                h1, deck, E, ctx, _NO_THR, True, by_discards=True, part=2, held=held, v0=v0
            )
            assert drawn <= whole, (h1.tolist(), held)
            assert both == whole, (h1.tolist(), held)
            parts.add(bool(keep & held))
    assert parts == {False, True}  # the best keep in either part


_NO_QR = (
    np.zeros((0, 0), dtype=np.int64),
    np.zeros((0, 0, 0), dtype=np.int32),
    np.zeros((0, 0), dtype=np.int64),
    np.zeros(6, dtype=np.float64),
)


@pytest.mark.parametrize("out", ["", "Kc Qh Jd Jc 9h", "As 2s 3s 3c 9d Th Jh Qs Kd"])
def test_keep_tables_by_discards_are_the_inclusion_exclusion(out):
    """Every keep's table gathered from the table of every set of discards (``_discard_sums``,
    each row its parent's less the parent's sums with one value more) is the same integers as
    the inclusion-exclusion over the keep's discards of the hand's subsets' table
    (``_keep_sums``), the five-card draw included, for hands with pairs and trips among their
    discards, for the rank sums and for a target's counts kept in 32 bits; the discards' table
    at no discard is the sums of the cards out themselves."""
    rng = np.random.default_rng(20261207)
    E = parse_cards(out).astype(np.int64) if out else np.zeros(0, dtype=np.int64)
    live = np.array([c for c in range(52) if c not in E.tolist()], dtype=np.int64)
    off = np.empty(6, dtype=np.int64)
    soff = np.empty(33, dtype=np.int64)
    _layout(live.size - 5, True, off, soff)
    sub = np.zeros(int(soff[32]), dtype=np.int64)
    rows = _keep_rows(off)
    hands = [rng.choice(live, 5, replace=False) for _ in range(8)]
    hands += [parse_cards("4h 4c 4d 7s 7c"), parse_cards("8d 8h 6c 6d 2s")]
    # the rank sums, and a target's counts in 32 bits (as the targets' tables are kept)
    for sums, dtype in (
        (_value_sums(FAMILY), np.int64),
        (_value_count_row(FAMILY, target_threshold("8", FAMILY)), np.int32),
    ):
        AE = np.zeros(int(VOFF[6]), dtype=np.int64)
        _out_sums(E, E.size, sums, AE)
        Q = np.empty((int(VOFF[5]), int(VOFF[5])), dtype=dtype)
        _discard_sums(AE, Q)
        np.testing.assert_array_equal(Q[0], AE[: int(VOFF[5])])
        for hs in hands:
            hs = np.asarray(hs, dtype=np.int64)
            _subset_sums(hs, AE, sub, soff, 0, 4)
            kxs = np.empty(32, dtype=np.int64)
            _value_indices(hs, kxs)
            for mask in range(31):
                k = bin(mask).count("1")
                want, got = (np.full(rows, -7, dtype=np.int64) for _ in range(2))
                _keep_sums(mask, k, 5 - k, sub, soff, off, want)
                _keep_sums_by_discards(hs, kxs, mask, k, 5 - k, Q, AE, got)
                np.testing.assert_array_equal(got, want, err_msg=f"{hs.tolist()} keep {mask}")


SETS = ["", "7s", "2c 3c", "As Kd", "4h 5h 6h", "2d 3d 4d 5d", "8c 9c Tc Jc"]
OUTS = ["", "Kc", "6h 7h Qs 9d", "2s 3s 4s 5s 6c 7c 8d 9h Th"]


@pytest.mark.parametrize("out", OUTS)
def test_sums_by_cards_are_the_sums_over_the_hands(every_hand_27, out):
    """``_card_out_sums`` of the rank sums and of a target's counts, both at once: for sets of
    up to four cards, the sum over every hand containing them and none of the cards out."""
    bits, strength, rank = every_hand_27
    E = parse_cards(out).astype(np.int64) if out else np.zeros(0, dtype=np.int64)
    ctx = _Ctx("deuce_to_seven")
    threshold = target_threshold("8", "deuce_to_seven")
    C = _count_table("deuce_to_seven", threshold)[None, :]
    ind = (np.arange(ctx.num.size) >= threshold).astype(np.int64)[None, :]
    got = np.zeros((2, int(_OFF[5])), dtype=np.int64)
    _card_out_sums(E, E.size, ctx.S, C, ctx.num, ind, ctx.fam, ctx.Tk, got)
    avoid = (bits & _mask(E.tolist())) == 0
    for cards in SETS:
        J = parse_cards(cards).astype(np.int64) if cards else np.zeros(0, dtype=np.int64)
        if set(J.tolist()) & set(E.tolist()):
            continue
        m = _mask(J.tolist())
        hit = avoid & ((bits & m) == m)
        ix = _card_index(np.sort(J).copy(), J.size)
        assert got[0, ix] == int(rank[hit].sum()), cards
        assert got[1, ix] == int((strength[hit] >= threshold).sum()), cards


@pytest.mark.parametrize("top", ["7", "9"])
def test_target_counts_by_cards_skip_only_sets_that_count_zero(top):
    """Every keep's dense table of a target's counts by cards is the same whether the sets
    holding a card that no hand making the target holds are walked, or skipped (``_zero_cards``:
    the deck's high cards at its start, set to 0, and the hand's K and, for 7-low, its 9, whose
    rows are neither written nor read); the rows walked are the same too."""
    ctx = _Ctx("deuce_to_seven")
    thr = np.array([target_threshold(top, "deuce_to_seven")], dtype=np.int32)
    C, _, _, ind = ctx.targets(thr)
    E = parse_cards("2c 3c Qd").astype(np.int64)
    AEs = np.zeros((2, int(_OFF[5])), dtype=np.int64)
    _card_out_sums(E, E.size, ctx.S, C, ctx.num, ind, ctx.fam, ctx.Tk, AEs)
    hs = np.sort(parse_cards("Ks 7h 5d 4c 9s")).astype(np.int64)
    seen = set(hs.tolist()) | set(E.tolist())
    deck = np.array([c for c in range(51, -1, -1) if c not in seen], dtype=np.int64)  # worst first
    off = np.empty(6, dtype=np.int64)
    soff = np.empty(33, dtype=np.int64)
    _layout(deck.size, False, off, soff)
    lo, zero = _zero_cards(hs, deck, deck.size, AEs[1])
    high = [i for i, c in enumerate(hs.tolist()) if c >> 2 > int(target_value(top, "deuce_to_seven"))]
    assert zero == sum(1 << i for i in high) and len(high) == (2 if top == "7" else 1)
    assert lo == sum(1 for c in deck.tolist() if c >> 2 > int(target_value(top, "deuce_to_seven")))
    walked, skipped = (np.full(int(soff[32]), -1, dtype=np.int64) for _ in range(2))
    _card_subset_sums(hs, deck, deck.size, AEs[1], ind[0], ctx.fam, ctx.Tk, walked, soff, off, 0, 5, 0, 0)
    _card_subset_sums(
        hs, deck, deck.size, AEs[1], ind[0], ctx.fam, ctx.Tk, skipped, soff, off, 0, 5, lo, zero
    )
    for L in range(32):
        row = slice(int(soff[L]), int(soff[L + 1]))
        if L & zero:
            assert (walked[row] == 0).all() and (skipped[row] == -1).all()  # 0, and not written
        else:
            np.testing.assert_array_equal(skipped[row], walked[row])
    assert (walked > 0).sum() > 1000
    rows = _keep_rows(off)
    for mask in range(32):
        k = bin(mask).count("1")
        want, got = (np.full(rows, -7, dtype=np.int64) for _ in range(2))
        _keep_sums(mask, k, 5 - k, walked, soff, off, want)
        _keep_sums(mask, k, 5 - k, skipped, soff, off, got, zero)
        np.testing.assert_array_equal(got, want)
        if mask == 0:  # the five-card draw: its table holds the counts of sets of low cards
            assert (want > 0).sum() > 1000


def _unknown():
    """No suitless bounds kept (``_best_two``'s ``known``)."""
    return np.zeros((0, _NL), dtype=np.int64), np.zeros(0), np.zeros(0, dtype=np.int64), 0


def _known_row(stamp=1):
    """An empty row of suitless bounds kept (``_suitless_known``), for the stamp ``stamp``."""
    return np.zeros((32, _NL), dtype=np.int64), np.zeros(32), np.zeros(32, dtype=np.int64), stamp


def _second_keep_by_cards(h1, deck, E, ctx, thr, by_sums, family, suitless=False, known=None):
    """``_best_two`` by cards holding ``h1`` (two draws left): its value, keep and target
    chances, the keeps' tables made from the sums of the cards out (``by_sums``) or by
    inclusion-exclusion over every card out; ``suitless``: the keeps that draw two or more
    bounded first with flushes not counted (2-7, by sums), kept in and taken from ``known``
    (``_suitless_known``; default: none kept)."""
    nt = thr.size
    tg = ctx.targets(thr)
    size = int(_OFF[5]) if by_sums else 0
    AEs = np.zeros((nt + 1, size), dtype=np.int64)
    if by_sums:
        _card_out_sums(E, E.size, ctx.S, tg[0], ctx.num, tg[3], ctx.fam, ctx.Tk, AEs)
    sub, dbuf, dcbuf = _buffers(deck.size, False, nt)
    v = np.zeros(_NL, dtype=np.int64)
    hit = np.zeros((nt, _NL), dtype=np.int64)
    bt = _bound_tables(family, deck.size)
    best = _best_two(
        h1, deck, deck.size, E, E.size, ctx.S, ctx.A, ctx.stamp, ctx.gen, ctx.fam, ctx.Tk, ctx.num, tg, v,
        hit, bt, False, AEs[0], AEs[1:], sub, dbuf, dcbuf, _suitless_bound(h1, deck, E) if suitless else _no_bound(),
        _NO_UB, _NO_QR, 0, 0, v, _unknown() if known is None else known,
    )  # fmt: skip
    return _bint(v), int(best), [_bint(hit[t]) for t in range(nt)]


@pytest.mark.parametrize(
    ("family", "first", "dead"),
    [
        ("deuce_to_seven", "Kc", ""),
        ("deuce_to_seven", "Kc Qh Jd", "As 2s 3s 9d Th"),
        (FAMILY, "Kc Qh", ""),
    ],
)
def test_second_keep_by_card_sums_matches_inclusion_exclusion(family, first, dead):
    """Holding second hands after a first draw (random, paired, a straight, a flush draw), the
    best keep with two draws left, its value and its targets' chances are the same integers
    whether the keeps' tables come from the sums by cards or from inclusion-exclusion over
    every card out (dead cards and the first discards), with the deck walked worst cards first
    or in order."""
    rng = np.random.default_rng(20261205)
    ctx = _Ctx(family)
    thr = np.array([target_threshold(t, family) for t in ("7", "9")], dtype=np.int32)
    E = np.array(parse_cards(first).tolist() + (parse_cards(dead).tolist() if dead else []), dtype=np.int64)
    live = np.array([c for c in range(52) if c not in E.tolist()], dtype=np.int64)
    hands = [rng.choice(live, 5, replace=False) for _ in range(2)]
    hands += [parse_cards("7h 7s 5d 3c 2c"), parse_cards("8d 7h 6s 5c 4d"), parse_cards("8h 5h 4h 3h 9c")]
    walked = 0
    for i, h1 in enumerate(hands):
        if set(h1.tolist()) & set(E.tolist()):
            continue
        h1 = np.sort(h1).astype(np.int64)
        deck = np.array([c for c in live.tolist() if c not in h1.tolist()], dtype=np.int64)
        if i % 2:
            deck = deck[::-1].copy()
        fast = _second_keep_by_cards(h1, deck, E, ctx, thr, True, family)
        slow = _second_keep_by_cards(h1, deck, E, ctx, thr, False, family)
        assert fast == slow, h1.tolist()
        if family == "deuce_to_seven":
            bounded = _second_keep_by_cards(h1, deck, E, ctx, thr, True, family, suitless=True)
            assert bounded == slow, h1.tolist()
            # the suitless bounds kept for a second hand of the same values, then taken from there
            known = _known_row()
            for _ in range(2):
                kept = _second_keep_by_cards(h1, deck, E, ctx, thr, True, family, suitless=True, known=known)
                assert kept == slow, h1.tolist()
            walked += int((known[2] >= 2).sum())  # bounds kept: walked in full (3) or given up (2)
    assert walked > 0 or family != "deuce_to_seven"
