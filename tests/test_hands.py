"""simkit.evaluate against the plain-Python references of tests/naive.py, written from the rules.

- The references themselves: published counts of the 2,598,960 five-card hands (R-D1, R-T1,
  R-Z1, R-Z6) and the worked examples of the rule documents.
- The kernels: the same worked examples; every five-card hand of every family (exhaustive, via
  the 134,459 suit-relabelling classes); 200,000 random hands per family and card count (same
  category name, same order of every pair); published category counts; bad input.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import naive
import numpy as np
import pytest
from numba import njit

import simkit
import simkit.hands
from simkit.cards import format_cards, parse_cards
from simkit.hands.kernels import highest_bit, lowest_bit

FAMILY_SIZES = [
    ("high", 5),
    ("deuces_wild", 5),
    ("deuce_to_seven", 5),
    ("ace_to_five", 5),
    ("ace_to_six", 5),
    ("eight_or_better", 5),
    ("high", 7),
    ("ace_to_five", 7),
    ("ace_to_six", 7),
    ("eight_or_better", 7),
]
FAMILIES = sorted({f for f, _ in FAMILY_SIZES})
IMPLS = ["reference", "simkit"]

#: Published counts of the 2,598,960 five-card poker hands.
HIGH5_COUNTS = {
    "straight_flush": 40,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "one_pair": 1_098_240,
    "high_card": 1_302_540,
}
#: Published counts of the 133,784,560 seven-card hands (best five of seven).
HIGH7_COUNTS = {
    "straight_flush": 41_584,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "one_pair": 58_627_800,
    "high_card": 23_294_460,
}


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


def value(cards: str, family: str, impl: str):
    """Comparable strength of one hand (greater = better) from the reference or from simkit."""
    if impl == "reference":
        return naive.evaluate(cards, family)[0]
    return int(simkit.evaluate(parse_cards(cards)[None, :], family)[0])


def name(cards: str, family: str, impl: str) -> str:
    if impl == "reference":
        return naive.evaluate(cards, family)[1]
    strengths = simkit.evaluate(parse_cards(cards)[None, :], family)
    return str(simkit.hands.category_names(strengths, family)[0])


def simkit_counts(family: str, n_cards: int) -> tuple[dict, int]:
    """simkit.category_counts as ``({category: count}, distinct strengths)``, zeros dropped."""
    df = simkit.category_counts(family, n_cards)
    counts = {str(c): int(n) for c, n in zip(df["category"], df["count"]) if n}
    return counts, int(df.attrs["distinct"])


def low_counts(counts: Counter) -> int:
    return sum(v for k, v in counts.items() if k.endswith("-low"))


def assert_same_order(ref_ranks, strengths, hands, family):
    bad = naive.order_mismatches(ref_ranks, strengths)
    if bad:
        lines = []
        for i, j in bad:
            ki = naive.evaluate(hands[i].tolist(), family)
            kj = naive.evaluate(hands[j].tolist(), family)
            lines.append(
                f"{format_cards(hands[i])} (ref {ki}, simkit {strengths[i]}) vs "
                f"{format_cards(hands[j])} (ref {kj}, simkit {strengths[j]})"
            )
        pytest.fail(f"{family}: order differs from the reference on\n" + "\n".join(lines))


def assert_same_names(ref_names, kernel_names, hands, family):
    ref_names = np.asarray(ref_names, dtype=object)
    kernel_names = np.asarray(kernel_names, dtype=object)
    bad = np.flatnonzero(ref_names != kernel_names)
    if bad.size:
        lines = [
            f"{format_cards(hands[i])}: reference {ref_names[i]!r}, simkit {kernel_names[i]!r}"
            for i in bad[:5]
        ]
        pytest.fail(f"{family}: {bad.size} category names differ, e.g.\n" + "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# the references on all 2,598,960 five-card hands (one representative per suit class)
# ---------------------------------------------------------------------------------------------

_REF_CLASS_CACHE: dict[str, tuple[list, list]] = {}


def ref_on_classes(family: str, classes) -> tuple[list, list]:
    """Reference keys and names of one hand of each of the 134,459 suit classes."""
    if family not in _REF_CLASS_CACHE:
        _REF_CLASS_CACHE[family] = naive.evaluate_many(classes.reps, family)
    return _REF_CLASS_CACHE[family]


def ref_counts(family: str, classes) -> Counter:
    _, names = ref_on_classes(family, classes)
    counts: Counter = Counter()
    for n, size in zip(names, classes.sizes.tolist()):
        counts[n] += size
    return counts


def test_suit_classes(five_card_classes):
    assert five_card_classes.hands.shape == (2_598_960, 5)
    assert len(five_card_classes.reps) == 134_459
    assert five_card_classes.sizes.sum() == 2_598_960


def test_reference_high_published_counts(five_card_classes):
    keys, _ = ref_on_classes("high", five_card_classes)
    assert dict(ref_counts("high", five_card_classes)) == HIGH5_COUNTS
    assert len(set(keys)) == 7_462


def test_reference_deuce_to_seven_counts(five_card_classes):
    # R-T1: the high order reversed, but A-5-4-3-2 is no straight: 9 straight rank sets, so
    # 9 * 4 straight flushes, 9 * 1020 straights, its 4 suited versions are flushes and its
    # 1020 others are A-high no-pair hands.
    keys, _ = ref_on_classes("deuce_to_seven", five_card_classes)
    counts = ref_counts("deuce_to_seven", five_card_classes)
    assert len(set(keys)) == 7_462
    assert counts["straight_flush"] == 36
    assert counts["straight"] == 9 * 1020
    assert counts["flush"] == 5_108 + 4
    assert low_counts(counts) == 1_302_540 + 1020
    for cat in ("four_of_a_kind", "full_house", "three_of_a_kind", "two_pair", "one_pair"):
        assert counts[cat] == HIGH5_COUNTS[cat]
    assert counts["A-low"] == (495 - 1) * 1020  # C(12,4) rank sets with an ace, less A-K-Q-J-T
    assert counts["7-low"] == 4 * 1020  # 7-5-4-3-2, 7-6-4-3-2, 7-6-5-3-2, 7-6-5-4-2


def test_reference_ace_to_five_counts(five_card_classes):
    # R-Z1: no straights or flushes; 1287 five-rank sets * 4^5 suits are no-pair hands.
    keys, _ = ref_on_classes("ace_to_five", five_card_classes)
    counts = ref_counts("ace_to_five", five_card_classes)
    assert len(set(keys)) == 6_175
    assert low_counts(counts) == 1287 * 1024
    for cat in ("four_of_a_kind", "full_house", "three_of_a_kind", "two_pair", "one_pair"):
        assert counts[cat] == HIGH5_COUNTS[cat]
    assert set(counts) - {"one_pair", "two_pair", "three_of_a_kind", "full_house", "four_of_a_kind"} == {
        f"{r}-low" for r in "56789TJQK"
    }
    assert counts["5-low"] == 1024


def test_reference_ace_to_six_counts(five_card_classes):
    # R-Z6: the ace is only low, so the straights are A-2-3-4-5 .. 9-T-J-Q-K (9 rank sets;
    # K-Q-J-T-A is none): the same category counts as 2-7, and 7,462 classes.
    keys, _ = ref_on_classes("ace_to_six", five_card_classes)
    counts = ref_counts("ace_to_six", five_card_classes)
    assert len(set(keys)) == 7_462
    assert counts["straight_flush"] == 36
    assert counts["straight"] == 9 * 1020
    assert counts["flush"] == 5_108 + 4
    assert low_counts(counts) == 1_302_540 + 1020
    for cat in ("four_of_a_kind", "full_house", "three_of_a_kind", "two_pair", "one_pair"):
        assert counts[cat] == HIGH5_COUNTS[cat]
    assert "5-low" not in counts and counts["6-low"] == 4 * 1020  # 6 + 4 of A-5, not 6-5-4-3-2
    assert counts["K-low"] == (495 - 1) * 1020  # C(12,4) sets under K, less 9-T-J-Q-K


def test_reference_eight_or_better_counts(five_card_classes):
    # R-Z6: a low is 5 different ranks out of A..8: C(8,5) = 56 lows, each in 4^5 suit patterns.
    keys, _ = ref_on_classes("eight_or_better", five_card_classes)
    counts = ref_counts("eight_or_better", five_card_classes)
    assert len(set(keys)) == 57
    assert counts == Counter(
        {
            "5-low": 1 * 1024,
            "6-low": 5 * 1024,
            "7-low": 15 * 1024,
            "8-low": 35 * 1024,
            "no_low": 2_598_960 - 56 * 1024,
        }
    )


def test_reference_deuces_wild_counts(five_card_classes):
    # Five of a kind: the naturals share one rank. 4 naturals + 1 deuce: 12 * 4;
    # 3 + 2: 12 * 4 * 6; 2 + 3: 12 * 6 * 4; 1 + 4: 48.
    keys, _ = ref_on_classes("deuces_wild", five_card_classes)
    counts = ref_counts("deuces_wild", five_card_classes)
    assert counts["five_of_a_kind"] == 48 + 288 + 288 + 48
    assert sum(counts.values()) == 2_598_960
    # Hands without a deuce keep their standard category: 4-wild-free no-pair, non-straight,
    # non-flush hands are C(12,5) - 8 straights rank sets times 1020 suit patterns.
    assert counts["high_card"] == (792 - 8) * 1020


@pytest.mark.parametrize("family", ["high", "ace_to_five", "ace_to_six", "eight_or_better"])
def test_reference_seven_card_cache_is_only_speed(family):
    ref = naive.REFERENCES[family, 7]
    hands = simkit.deal(3_000, 7, seed=5).tolist()
    # Flush-heavy hands too: seven cards from one suit plus the aces.
    pool = [4 * r + 2 for r in range(13)] + [48, 49, 51]
    rng = np.random.default_rng(5)
    hands += [rng.choice(pool, 7, replace=False).tolist() for _ in range(1_000)]
    for row in hands:
        assert ref(row) == ref.uncached(row), row


# ---------------------------------------------------------------------------------------------
# worked examples of the rule documents, for the reference and for simkit
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("impl", IMPLS)
def test_high_examples(impl):
    v = lambda c: value(c, "high", impl)
    # R-D1: ace high, and low only in 5-4-3-2-A.
    assert v("5c 4d 3h 2s Ac") < v("6c 5d 4h 3s 2c") < v("Ac Kd Qh Js Tc")
    assert name("5c 4d 3h 2s Ac", "high", impl) == "straight"
    assert name("Ac Kc Qc Jc 2c", "high", impl) == "flush"
    assert name("Ac 2c 3c 4c 5c", "high", impl) == "straight_flush"
    assert name("Kc Ad Ah As Ac", "high", impl) == "four_of_a_kind"
    assert v("Ah Kh 9h 7h 5h") == v("As Ks 9s 7s 5s")  # suits never rank (R-C2)
    assert v("Qc Qd 4h 4s 2c") > v("Jc Jd Th Ts Ac")  # two pair: the higher pair first
    assert v("2c 2d 2h 3s 3c") > v("Ac Ad Kh Ks Qc")


@pytest.mark.parametrize("impl", IMPLS)
def test_diablo_examples(impl):
    v = lambda c: value(c, "deuces_wild", impl)
    # diablo.de.txt: Ben's 9 9 2 2 K is four nines and beats Anna's flush.
    ben = "9s 9h 2c 2d Kc"
    assert name(ben, "deuces_wild", impl) == "four_of_a_kind"
    assert v(ben) > v("Ah Jh 9h 6h 3h")
    assert v(ben) == v("9s 9h 9c 9d Kc")
    # R-D2: the wild may not be a second A♥: A♥ 2 9♥ 7♥ 5♥ is an A-K-9-7-5 flush.
    wild_flush = "Ah 2c 9h 7h 5h"
    assert name(wild_flush, "deuces_wild", impl) == "flush"
    assert v(wild_flush) == v("Ah Kh 9h 7h 5h") == v("As Ks 9s 7s 5s")
    assert v(wild_flush) > v("As Qs 9s 7s 5s")
    assert v(wild_flush) < v("As Ks Ts 7s 5s")
    # With the K♥ also held, the wild becomes the next heart not held, the Q♥.
    assert v("Ah Kh 2c 7h 5h") == v("As Ks Qs 7s 5s")
    # R-D1: five of a kind on top, above a royal flush; the exception of R-D2 allows it.
    for five in ("Ac Ad Ah As 2c", "2c 2d 2h 2s Ac", "Ac Ad 2h 2s 2c"):
        assert name(five, "deuces_wild", impl) == "five_of_a_kind"
        assert v(five) > v("Ah Kh Qh Jh Th")
        assert v(five) == v("Ac Ad Ah As 2c")
    assert v("3c 3d 3h 2s 2c") < v("4c 4d 2h 2s 2c")
    assert v("Ah Kh Qh Jh 2h") == v("Ah Kh Qh Jh Th")  # wild royal ties a natural one
    assert name("2c 3d 4h 5s 7c", "deuces_wild", impl) == "straight"  # wild = 6
    assert v("2c 3d 4h 5s 7c") == v("3d 4h 5s 6c 7c")
    # A 3 4 5 + wild: the wild as a 2 makes the 5-high straight, better than trip aces.
    assert name("Ac 3d 4h 5s 2c", "deuces_wild", impl) == "straight"
    assert v("Ac Ad Ah 5s 4c") < v("Ac 3d 4h 5s 2c") < v("2c 3d 4h 5s 7c")
    assert v("Ac 3c 4c 5c 2d") > v("Ac Ad Ah As Kc")  # ... and here a straight flush


@pytest.mark.parametrize("impl", IMPLS)
def test_deuce_to_seven_examples(impl):
    v = lambda c: value(c, "deuce_to_seven", impl)
    # triple_draw_27.de.txt: Anna keeps 8♥ 7♦ 3♠ 2♣ and draws the 5♦: 8-7-5-3-2.
    anna = "8h 7d 5d 3s 2c"
    assert name(anna, "deuce_to_seven", impl) == "8-low"
    assert v("9s 6d 6c 4h 2d") < v(anna)  # Ben's starting pair of sixes
    assert v("7s 6d 5c 4h 2d") > v(anna)  # Ben's 7-6-5-4-2 wins
    assert v("7s 6d 4h 3c 2d") > v(anna)  # with a 3 instead: 7-6-4-3-2
    assert v("8c 7s 6d 4h 2d") < v(anna)  # with an 8: 8-7-6-4-2 loses to 8-7-5-3-2
    assert v("8c 5d 4h 3s 2c") > v("8d 6h 4c 3d 2s")
    assert v("7c 6d 5h 4s 2c") > v("8c 5d 4h 3s 2d")
    # A-5-4-3-2 is no straight and loses to every king-high no-pair hand.
    wheel = "Ac 5d 4h 3s 2c"
    assert name(wheel, "deuce_to_seven", impl) == "A-low"
    for rest in combinations("23456789TJQ", 4):
        ranks = ("K",) + rest
        if ranks == ("K", "9", "T", "J", "Q"):
            continue  # K-Q-J-T-9 is a straight
        hand = " ".join(r + s for r, s in zip(ranks, "cdhsc"))
        assert v(hand) > v(wheel), hand
    # Straights and flushes count against you (tips: 6-5-4-3-2 and 7-6-5-4-3 are straights).
    assert name("6c 5d 4h 3s 2c", "deuce_to_seven", impl) == "straight"
    assert name("7c 6d 5h 4s 3c", "deuce_to_seven", impl) == "straight"
    assert v("6c 5d 4h 3s 2c") < v("Kc Kd Ah Qs Jc")  # a straight loses to a pair
    assert name("7c 5c 4c 3c 2c", "deuce_to_seven", impl) == "flush"
    assert v("7c 5c 4c 3c 2c") < v("6c 5d 4h 3s 2c")  # flush below straight (R-T1)
    assert v("7c 5d 4h 3s 2c") > v("7c 6d 4h 3s 2c")  # 7-5-4-3-2 is the best hand
    assert v("2c 2d 7h 8s 9c") > v("3c 3d 7h 8s 9c")  # the lower pair wins
    assert v("Ac Kd Qh Js Tc") > v("Ac Ad Ah Ks Kc")  # R-T1: straight > flush > full house
    assert v("Tc Jc Qc Kc Ac") < v("2c 2d 2h 2s 3c")  # straight flush is the worst
    assert v("7c 5d 4h 3s 2c") == v("7d 5h 4s 3c 2h")  # suits never decide


@pytest.mark.parametrize("impl", IMPLS)
def test_razz_examples(impl):
    v5 = lambda c: value(c, "ace_to_five", impl)
    # razz.de.txt: Anna's best five is 9-8-6-3-A, Dan's 10-8-7-4-2; Anna wins.
    anna = "Ad 3s 6h 8c 9s 9d Dc"
    dan = "2c 4d 7h 7s 8d 10h Ks"
    assert value(anna, "ace_to_five", impl) == v5("9s 8c 6h 3s Ad")
    assert value(dan, "ace_to_five", impl) == v5("10h 8d 7s 4d 2c")
    assert value(anna, "ace_to_five", impl) > value(dan, "ace_to_five", impl)
    assert name(anna, "ace_to_five", impl) == "9-low"
    assert name(dan, "ace_to_five", impl) == "T-low"
    assert v5("8c 5d 4h 3s 2c") > v5("8d 6h 3c 2d As")
    assert v5("7c 6d 5h 4s 3c") > v5("8c 4d 3h 2s Ac")  # straights are ignored
    # 5♥ 4♥ 3♥ 2♥ A♥ is simply the best low hand (straights and flushes ignored).
    assert name("5h 4h 3h 2h Ah", "ace_to_five", impl) == "5-low"
    assert v5("5h 4h 3h 2h Ah") == v5("5c 4d 3h 2s Ac") > v5("6c 4d 3h 2s Ac")
    assert v5("Kc Qd Jh Ts 9c") > v5("Ac Ad 2h 3s 4c")  # any no-pair beats any pair
    assert v5("Ac Ad Kh Qs Jc") > v5("2c 2d 3h 4s 5c")  # the lower pair wins, aces low
    assert v5("Kc Qd Jh Ts Ac") == v5("Kd Qh Js Tc Ad")
    assert name("Kc Qd Jh Ts Ac", "ace_to_five", impl) == "K-low"
    assert name("Ac Ad Ah As Kc", "ace_to_five", impl) == "four_of_a_kind"
    # Seven cards: the lowest five; the pair plays only when it must.
    assert value("Ac Ad 2h 2s 3c 3d 4h", "ace_to_five", impl) == v5("Ac Ad 2h 3c 4h")


@pytest.mark.parametrize("impl", IMPLS)
def test_ace_to_six_examples(impl):
    v = lambda c: value(c, "ace_to_six", impl)
    # R-Z6: aces low, straights and flushes count against you; best 6-4-3-2-A.
    assert name("6c 4d 3h 2s Ac", "ace_to_six", impl) == "6-low"
    assert name("5c 4d 3h 2s Ac", "ace_to_six", impl) == "straight"
    assert v("6c 4d 3h 2s Ac") > v("6c 5d 3h 2s Ac") > v("7c 4d 3h 2s Ac")
    assert v("5c 4d 3h 2s Ac") < v("Ac Ad Kh Qs Jc")
    assert name("Kc Qd Jh Ts Ac", "ace_to_six", impl) == "K-low"  # ace never high
    assert name("6c 4c 3c 2c Ac", "ace_to_six", impl) == "flush"
    assert name("5c 4c 3c 2c Ac", "ace_to_six", impl) == "straight_flush"
    assert v("Ac Ad Kh Qs Jc") > v("2c 2d 3h 4s 5c")  # pair of aces is the lowest pair
    assert value("6c 4d 3h 2s Ac 5d Kc", "ace_to_six", impl) == v("6c 4d 3h 2s Ac")


@pytest.mark.parametrize("impl", IMPLS)
def test_eight_or_better_examples(impl):
    v = lambda c: value(c, "eight_or_better", impl)
    # R-Z6: five different ranks, all 8 or lower, aces low.
    assert name("8c 7d 6h 4s 2c", "eight_or_better", impl) == "8-low"
    assert name("5c 4c 3c 2c Ac", "eight_or_better", impl) == "5-low"  # straight flush ignored
    assert name("9c 4d 3h 2s Ac", "eight_or_better", impl) == "no_low"
    assert name("8c 8d 3h 2s Ac", "eight_or_better", impl) == "no_low"
    assert v("5c 4c 3c 2c Ac") > v("6c 4d 3h 2s Ac") > v("8c 7d 6h 5s 4c") > v("8c 8d 3h 2s Ac")
    assert v("9c 4d 3h 2s Ac") == v("Kc Kd Kh 2s Ac")  # every no-low ties
    assert v("8c 5d 4h 3s 2c") > v("8d 6h 3c 2d As")
    seven = "Ac 2d 3h 9s Kc 8d 7h"
    assert name(seven, "eight_or_better", impl) == "8-low"
    assert value(seven, "eight_or_better", impl) == v("8d 7h 3h 2d Ac")
    assert name("Ac Ad 2h 2s 3c Kd Qh", "eight_or_better", impl) == "no_low"


def test_describe_examples():
    nines = simkit.evaluate(parse_cards("9s 9h 2c 2d Kc")[None, :], "deuces_wild")[0]
    assert "four nines" in simkit.hands.describe(nines, "deuces_wild")
    low = simkit.evaluate(parse_cards("8c 6d 5h 4s 2c")[None, :], "ace_to_five")[0]
    assert simkit.hands.describe(low, "ace_to_five") == "8-6-5-4-2, eight-low"


# ---------------------------------------------------------------------------------------------
# every five-card hand, every family
# ---------------------------------------------------------------------------------------------

FIVE_FAMILIES = [f for f, k in FAMILY_SIZES if k == 5]


@pytest.mark.parametrize("family", FIVE_FAMILIES)
def test_all_five_card_hands(family, five_card_classes):
    """Exhaustive: every one of the 2,598,960 hands is in the same place as the reference
    puts its suit class (which also checks that suits never change a strength, R-C2)."""
    classes = five_card_classes
    keys, names = ref_on_classes(family, classes)
    strengths = simkit.evaluate(classes.hands, family)
    assert strengths.shape == (2_598_960,)
    ref_ranks = naive.dense_ranks(keys)[classes.class_of]
    assert_same_order(ref_ranks, strengths, classes.hands, family)
    rep_strengths = simkit.evaluate(classes.reps, family)
    assert_same_names(names, simkit.hands.category_names(rep_strengths, family), classes.reps, family)


@pytest.mark.parametrize("family", FIVE_FAMILIES)
def test_five_card_category_counts(family, five_card_classes):
    expected = ref_counts(family, five_card_classes)
    got, distinct = simkit_counts(family, 5)
    assert got == dict(expected)
    keys, _ = ref_on_classes(family, five_card_classes)
    assert distinct == len(set(keys))
    if family == "high":
        assert got == HIGH5_COUNTS


def test_distinct_five_card_classes(five_card_classes):
    hands = five_card_classes.hands
    for family, n in [
        ("high", 7_462),
        ("deuce_to_seven", 7_462),
        ("ace_to_five", 6_175),
        ("ace_to_six", 7_462),
        ("eight_or_better", 57),
    ]:
        assert np.unique(simkit.evaluate(hands, family)).size == n, family


# ---------------------------------------------------------------------------------------------
# random hands, every family and card count
# ---------------------------------------------------------------------------------------------

N_RANDOM = 200_000


@cache
def random_sample(family: str, k: int, n: int):
    hands = simkit.deal(n, k, seed=20_240_700 + 10 * k + FAMILIES.index(family))
    keys, names = naive.evaluate_many(hands, family)
    return hands, keys, names


def _check_random(family, k, n):
    hands, keys, names = random_sample(family, k, n)
    strengths = simkit.evaluate(hands, family)
    assert strengths.shape == (n,) and strengths.dtype == np.int32
    assert_same_names(names, simkit.hands.category_names(strengths, family), hands, family)
    assert_same_order(keys, strengths, hands, family)


@pytest.mark.parametrize("family,k", [fk for fk in FAMILY_SIZES if fk[1] == 5])
def test_random_five_card_hands(family, k):
    _check_random(family, k, N_RANDOM)


@pytest.mark.parametrize("family,k", [fk for fk in FAMILY_SIZES if fk[1] == 7])
def test_random_seven_card_hands(family, k):
    _check_random(family, k, N_RANDOM)


def test_seven_card_ace_to_six_five_of_a_suit():
    """A-6 with five or more cards of one suit: exactly five is one load from the table of
    every class (suited ranks, the other two ranks), six or seven tries the 21 fives.  The
    suited ranks are drawn low and the other two often pair them or are high, so that the
    suited five is often the best by ranks and the answer is another five."""
    rng = np.random.default_rng(11)
    rows = []
    for _ in range(4_000):
        suit = int(rng.integers(4))
        k = int(rng.choice([5, 5, 5, 6, 7]))
        low = rng.random() < 0.7
        ranks = rng.choice(8 if low else 13, size=k, replace=False)
        suited = [4 * int(r) + suit for r in ranks]
        others = [c for c in range(52) if c % 4 != suit]
        if rng.random() < 0.5:  # pair the suited ranks
            others = [c for c in others if c // 4 in ranks]
        rows.append(suited + [int(c) for c in rng.choice(others, size=7 - k, replace=False)])
    hands = np.array(rows, dtype=np.int8)
    keys, names = naive.evaluate_many(hands, "ace_to_six")
    strengths = simkit.evaluate(hands, "ace_to_six")
    assert_same_order(keys, strengths, hands, "ace_to_six")
    assert_same_names(names, simkit.hands.category_names(strengths, "ace_to_six"), hands, "ace_to_six")


# ---------------------------------------------------------------------------------------------
# published seven-card counts
# ---------------------------------------------------------------------------------------------


def test_seven_card_high_published_counts():
    got, distinct = simkit_counts("high", 7)
    assert got == HIGH7_COUNTS
    assert distinct == 4_824  # published: distinct values of best-five-of-seven hands
    assert sum(got.values()) == 133_784_560


# ---------------------------------------------------------------------------------------------
# seven cards, exhaustively, where suits play no part (A-5 R-Z1, eight-or-better R-Z6)
# ---------------------------------------------------------------------------------------------


@cache
def seven_card_rank_multisets() -> tuple[np.ndarray, np.ndarray]:
    """One hand per multiset of 7 ranks (no rank more than 4 times) and how many of the
    133,784,560 seven-card hands have those ranks (the product of C(4, multiplicity))."""
    from itertools import combinations_with_replacement
    from math import comb

    reps, weights = [], []
    for ranks in combinations_with_replacement(range(13), 7):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        reps.append([4 * r + s for r, m in sorted(counts.items()) for s in range(m)])
        w = 1
        for m in counts.values():
            w *= comb(4, m)
        weights.append(w)
    return np.array(reps, dtype=np.int8), np.array(weights, dtype=np.int64)


@cache
def ref_on_rank_multisets(family: str) -> tuple[list, list]:
    return naive.evaluate_many(seven_card_rank_multisets()[0], family)


@pytest.mark.parametrize("family", ["ace_to_five", "eight_or_better"])
def test_all_seven_card_rank_sets(family):
    reps, weights = seven_card_rank_multisets()
    assert weights.sum() == 133_784_560
    keys, names = ref_on_rank_multisets(family)
    strengths = simkit.evaluate(reps, family)
    assert_same_order(keys, strengths, reps, family)
    assert_same_names(names, simkit.hands.category_names(strengths, family), reps, family)


@pytest.mark.parametrize("family", ["ace_to_five", "eight_or_better"])
def test_seven_card_counts_suitless(family):
    reps, weights = seven_card_rank_multisets()
    keys, names = ref_on_rank_multisets(family)
    expected: Counter = Counter()
    for n, w in zip(names, weights.tolist()):
        expected[n] += w
    got, distinct = simkit_counts(family, 7)
    assert got == dict(expected)
    assert distinct == len(set(keys))


# ---------------------------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------------------------


def test_bad_family():
    with pytest.raises(ValueError, match="bogus"):
        simkit.evaluate(simkit.deal(3, 5, seed=1), "bogus")


@pytest.mark.parametrize(
    "family,k", [("high", 6), ("high", 4), ("deuces_wild", 7), ("deuce_to_seven", 7), ("ace_to_five", 6)]
)
def test_bad_card_count(family, k):
    with pytest.raises(ValueError, match=str(k)):
        simkit.evaluate(simkit.deal(3, k, seed=1), family)


@pytest.mark.parametrize("bad", [52, -1, 99])
def test_card_out_of_range(bad):
    hands = simkit.deal(4, 5, seed=1).astype(np.int64)
    hands[2, 3] = bad
    with pytest.raises(ValueError, match=str(bad)):
        simkit.evaluate(hands, "high")


def test_repeated_card():
    hands = np.array([parse_cards("As Kd Qh Jc 9s"), parse_cards("As Kd Qh Jc 9s")])
    hands[1, 4] = hands[1, 0]  # the second hand holds the A♠ twice
    with pytest.raises(ValueError, match=r"As|51|A♠"):
        simkit.evaluate(hands, "high")
    with pytest.raises(ValueError):
        simkit.evaluate(hands, "ace_to_five")


def test_reference_rejects_bad_hands():
    with pytest.raises(ValueError):
        naive.high5([0, 1, 2, 3])
    with pytest.raises(ValueError):
        naive.high5([0, 1, 2, 3, 3])
    with pytest.raises(ValueError):
        naive.high5([0, 1, 2, 3, 52])


@pytest.mark.parametrize("bad", [1.5, "x", True, None])
def test_describe_refuses_a_strength_that_is_not_an_integer(bad):
    with pytest.raises(TypeError, match="strength must be an integer"):
        simkit.describe(bad, "high")
    with pytest.raises(TypeError, match="strengths must be integers"):
        simkit.hands.category_names([bad], "high")


@pytest.mark.parametrize("family", ["high", "deuce_to_seven", "ace_to_five", "ace_to_six", "eight_or_better"])
def test_five_card_strength_from_a_sum_of_card_keys(family):
    """``eval5_from_keys`` over the sum of the five ``card_key5`` (and the mask of their ranks)
    gives every hand's strength, as ``simkit.evaluate`` does: flushes included where suits
    count."""
    from numba import njit

    from simkit.hands.enumeration import all_hands
    from simkit.hands.kernels import card_key5, eval5_from_keys
    from simkit.hands.tables import kernel_tables

    @njit
    def by_keys(hands, suited, T, out):
        for i in range(hands.shape[0]):
            key = 0
            ranks = 0
            for j in range(5):
                key += card_key5(hands[i, j], suited, T)
                ranks |= 1 << (np.int64(hands[i, j]) >> 2)
            out[i] = eval5_from_keys(key, ranks, suited, T)

    hands = all_hands()
    got = np.empty(hands.shape[0], dtype=np.int32)
    by_keys(hands, family not in ("ace_to_five", "eight_or_better"), kernel_tables(family), got)
    assert np.array_equal(got, simkit.evaluate(hands, family))


def test_lowest_and_highest_bit_match_python_bit_lengths():
    @njit
    def both(xs, out):
        for i in range(xs.shape[0]):
            out[i, 0] = lowest_bit(xs[i])
            out[i, 1] = highest_bit(xs[i])

    rng = np.random.default_rng(5)
    single = [1 << b for b in range(63)]
    mixed = [int(x) | 1 << int(b) for x, b in zip(rng.integers(1, 1 << 62, 200), rng.integers(0, 63, 200))]
    xs = np.array(single + mixed, dtype=np.int64)
    out = np.empty((xs.size, 2), dtype=np.int64)
    both(xs, out)
    expected = [((x & -x).bit_length() - 1, x.bit_length() - 1) for x in xs.tolist()]
    assert out.tolist() == [list(e) for e in expected]
