"""Differential tests against PokerKit, an independent open-source implementation.

PokerKit classes (public API): ``StandardHighHand`` = high, ``StandardLowHand`` = 2-7 low
(R-T1), ``RegularLowHand`` = A-5 low (R-Z1), ``EightOrBetterLowHand`` = eight-or-better low
(R-Z6; PokerKit raises/returns nothing when there is no qualifying low, which we map to the
lowest strength, like simkit's 0).  PokerKit has neither deuces wild nor A-6.

A PokerKit strength is its lookup entry index (``Hand.entry.index``), negated for low hands
(there a smaller index is the stronger hand).  Best of seven is the best entry over the 21
five-card subsets, which is what ``Hand.from_game`` does; a small sample checks that equality,
the large samples use the faster lookup directly.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import naive
import numpy as np
import pytest

import simkit
from simkit.cards import format_cards

pokerkit = pytest.importorskip("pokerkit")

CLASSES = {
    "high": pokerkit.StandardHighHand,
    "deuce_to_seven": pokerkit.StandardLowHand,
    "ace_to_five": pokerkit.RegularLowHand,
    "eight_or_better": pokerkit.EightOrBetterLowHand,
}
CASES = [
    ("high", 5),
    ("deuce_to_seven", 5),
    ("ace_to_five", 5),
    ("eight_or_better", 5),
    ("high", 7),
    ("ace_to_five", 7),
    ("eight_or_better", 7),
]
N = 100_000
N_REFERENCE = 20_000
NO_HAND = -(10**9)  # below every PokerKit index: "no qualifying low"

_CARDS = [next(pokerkit.Card.parse("23456789TJQKA"[c // 4] + "cdhs"[c % 4])) for c in range(52)]


def pk_strength(row: list[int], family: str) -> int:
    """PokerKit's strength of one hand (greater = better), best five of however many cards."""
    cls = CLASSES[family]
    cards = [_CARDS[c] for c in row]
    indices = [e.index for e in map(cls.lookup.get_entry_or_none, combinations(cards, 5)) if e is not None]
    if not indices:
        return NO_HAND
    return -min(indices) if cls.low else max(indices)


def pk_strength_from_game(row: list[int], family: str) -> int:
    cls = CLASSES[family]
    hand = cls.from_game_or_none([_CARDS[c] for c in row])
    if hand is None:
        return NO_HAND
    return -hand.entry.index if cls.low else hand.entry.index


@cache
def sample(family: str, k: int, n: int):
    hands = simkit.deal(n, k, seed=77_000 + 100 * k + sorted(CLASSES).index(family))
    strengths = np.array([pk_strength(row, family) for row in hands.tolist()], dtype=np.int64)
    return hands, strengths


def assert_same_order(ref, strengths, hands, what):
    bad = naive.order_mismatches(ref, strengths)
    if bad:
        lines = [
            f"{format_cards(hands[i])} (pokerkit {ref[i]}, other {strengths[i]}) vs "
            f"{format_cards(hands[j])} (pokerkit {ref[j]}, other {strengths[j]})"
            for i, j in bad
        ]
        pytest.fail(f"{what}: order differs from PokerKit on\n" + "\n".join(lines))


def test_pokerkit_strength_is_from_game():
    """Our use of the lookup equals PokerKit's own ``from_game``."""
    for family, k in CASES:
        hands = simkit.deal(1_000, k, seed=5)
        for row in hands.tolist():
            assert pk_strength(row, family) == pk_strength_from_game(row, family), (family, row)


def test_pokerkit_examples():
    # Sanity of the mapping: the best hands are the strongest.
    def s(text, family):
        return pk_strength(simkit.parse_cards(text).tolist(), family)

    assert s("Kc 8d 6h 4s 3c", "deuce_to_seven") > s("Ac 5d 4h 3s 2c", "deuce_to_seven")
    assert s("7c 5d 4h 3s 2c", "deuce_to_seven") > s("8c 5d 4h 3s 2c", "deuce_to_seven")
    assert s("5c 4d 3h 2s Ac", "ace_to_five") > s("6c 4d 3h 2s Ac", "ace_to_five")
    assert s("5c 4d 3h 2s Ac", "eight_or_better") > s("8c 7d 6h 5s 4c", "eight_or_better")
    assert s("9c 4d 3h 2s Ac", "eight_or_better") == NO_HAND
    assert s("Ac Kc Qc Jc Tc", "high") > s("Ac Ad Ah As Kc", "high")


@pytest.mark.parametrize("family,k", CASES)
def test_simkit_matches_pokerkit(family, k):
    hands, ref = sample(family, k, N)
    strengths = simkit.evaluate(hands, family)
    assert_same_order(ref, strengths, hands, f"simkit {family} {k} cards")
    if family == "eight_or_better":
        assert ((ref == NO_HAND) == (strengths == 0)).all()


@pytest.mark.parametrize("family,k", CASES)
def test_reference_matches_pokerkit(family, k):
    """The plain-Python references of tests/naive.py agree with PokerKit too."""
    hands, ref = sample(family, k, N)
    hands, ref = hands[:N_REFERENCE], ref[:N_REFERENCE]
    keys, _ = naive.evaluate_many(hands, family)
    bad = naive.order_mismatches(keys, ref)
    assert not bad, [(format_cards(hands[i]), format_cards(hands[j])) for i, j in bad]
