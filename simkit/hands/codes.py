"""Hand-class codes: the value of a five-card hand of each family, in plain Python.

This is the one place where the rules of hand ranking live in code.  It works on the rank
multiset of five cards (and whether they are suited); the lookup tables of
:mod:`simkit.hands.tables` are built from it, and :mod:`simkit.hands.evaluate` turns the
strengths back into names and descriptions with it.

A *base code* is a standard-high style integer ``category << 20 | r1 << 16 | … | r5``: the
category (0 = high card … 9 = five of a kind) and up to five rank nibbles, most important first.
Low families rank their hands by the *reverse* of such a code, computed with their own rank
order (aces low in A-5 and A-6) and their own idea of a straight.

Examples
--------
>>> cat, ranks = base_hand(sorted([7, 7, 0, 0, 11]), suited=False, family="high")
>>> CATEGORIES[cat], ranks
('two_pair', [7, 0, 11])
>>> describe_base(base_hand([2, 3, 4, 6, 12], False, "ace_to_five"), "ace_to_five")
'8-6-5-4-A, eight-low'
"""

from __future__ import annotations

from collections import Counter

__all__ = [
    "CATEGORIES",
    "FAMILIES",
    "FAMILY_CARDS",
    "LOW_FAMILIES",
    "base_hand",
    "category_name",
    "describe_base",
    "pack",
]

#: Family names, in the order of their integer ids inside the kernels.
FAMILIES = (
    "high",
    "deuces_wild",
    "deuce_to_seven",
    "ace_to_five",
    "ace_to_six",
    "eight_or_better",
)
#: The hand sizes each family evaluates (7 = best five of seven).
FAMILY_CARDS = {
    "high": (5, 7),
    "deuces_wild": (5,),
    "deuce_to_seven": (5,),
    "ace_to_five": (5, 7),
    "ace_to_six": (5, 7),
    "eight_or_better": (5, 7),
}
LOW_FAMILIES = ("deuce_to_seven", "ace_to_five", "ace_to_six", "eight_or_better")

#: Standard categories by number, weakest first (R-D1 order, five of a kind on top).
CATEGORIES = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
)
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_KIND = range(
    10
)

# Rank characters in each family's own order (index = the family's rank value).
_ACE_HIGH = "23456789TJQKA"
_ACE_LOW = "A23456789TJQK"
_WORDS = {
    "2": ("two", "twos"),
    "3": ("three", "threes"),
    "4": ("four", "fours"),
    "5": ("five", "fives"),
    "6": ("six", "sixes"),
    "7": ("seven", "sevens"),
    "8": ("eight", "eights"),
    "9": ("nine", "nines"),
    "T": ("ten", "tens"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "A": ("ace", "aces"),
}
LOW_CODE_BASE = 1 << 24  # low families rank by LOW_CODE_BASE - base code


def pack(category: int, ranks: list[int]) -> int:
    """``category << 20`` plus up to five rank nibbles, most important first."""
    code = category << 20
    for i, r in enumerate(ranks):
        code |= r << (16 - 4 * i)
    return code


def _by_count(values: list[int]) -> list[int]:
    """Ranks ordered by (count, rank), both descending, each once."""
    counts = Counter(values)
    return sorted(counts, key=lambda r: (counts[r], r), reverse=True)


def _standard(values: list[int], suited: bool, straights: str) -> tuple[int, list[int]]:
    """Category and tie-break ranks of five values (higher value = higher card).

    ``straights`` says which runs count: ``"wheel"`` (5-4-3-2-A too, standard high),
    ``"plain"`` (only five consecutive values), ``"none"`` (no straights and no flushes).
    """
    counts = sorted(Counter(values).values(), reverse=True)
    order = _by_count(values)
    distinct = sorted(set(values), reverse=True)
    top = None
    if straights != "none" and len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif straights == "wheel" and distinct == [12, 3, 2, 1, 0]:
            top = 3  # 5-4-3-2-A: the five is the top card
    flush = suited and straights != "none"
    if counts[0] == 5:
        return FIVE_KIND, order
    if top is not None and flush:
        return STRAIGHT_FLUSH, [top]
    if counts[0] == 4:
        return QUADS, order
    if counts[:2] == [3, 2]:
        return FULL_HOUSE, order
    if flush:
        return FLUSH, distinct
    if top is not None:
        return STRAIGHT, [top]
    if counts[0] == 3:
        return TRIPS, order
    if counts[:2] == [2, 2]:
        return TWO_PAIR, order
    if counts[0] == 2:
        return ONE_PAIR, order
    return HIGH_CARD, distinct


def _deuces_wild(ranks: list[int], suited: bool) -> tuple[int, list[int]]:
    """Best hand when every deuce (rank 0) is wild (R-D1, R-D2).

    ``suited`` says the natural (non-deuce) cards share one suit.  A wild takes any rank; it
    may not become a card the hand already holds, except for five of a kind.  For a flush that
    means the wilds take ranks the naturals lack (same suit); other hands never need a held card
    (a rank has four suits), so only five of a kind ever duplicates one.
    """
    naturals = [r for r in ranks if r != 0]
    wilds = 5 - len(naturals)
    if wilds == 0:
        return _standard(ranks, suited, "wheel")
    best: tuple[int, list[int]] = (-1, [])

    # Assign the wilds a non-decreasing tuple of ranks (order does not matter).
    def assign(start: int, left: int, chosen: list[int]) -> None:
        nonlocal best
        if left == 0:
            values = naturals + chosen
            can_flush = suited and len(set(values)) == 5
            cand = _standard(values, can_flush, "wheel")
            if (cand[0], cand[1]) > best:
                best = cand
            return
        for r in range(start, 13):
            assign(r, left - 1, chosen + [r])

    assign(0, wilds, [])
    return best


def base_hand(ranks: list[int], suited: bool, family: str) -> tuple[int, list[int]]:
    """Category and tie-break ranks of five cards for ``family``, before any reversal.

    ``ranks`` are card ranks (0 = deuce … 12 = ace).  For low families the returned ranks are in
    the family's own order (aces low in A-5, A-6 and eight-or-better: ace = 0 … king = 12).
    Eight-or-better returns ``(-1, [])`` for a hand with no qualifying low.
    """
    if family == "high":
        return _standard(ranks, suited, "wheel")
    if family == "deuces_wild":
        return _deuces_wild(ranks, suited)
    if family == "deuce_to_seven":
        # R-T1: ace always high, A-5-4-3-2 is no straight; straights and flushes count.
        return _standard(ranks, suited, "plain")
    low = [(r + 1) % 13 for r in ranks]  # aces low: A=0, 2=1, …, K=12
    if family == "ace_to_five":
        return _standard(low, suited, "none")  # R-Z1
    if family == "ace_to_six":
        return _standard(low, suited, "plain")  # R-Z6: 5-4-3-2-A is a straight, K-Q-J-T-A is not
    if family == "eight_or_better":
        if len(set(low)) == 5 and max(low) <= 7:  # five different ranks 8 or lower (R-Z6)
            return _standard(low, False, "none")
        return (-1, [])
    raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")


def strength_code(ranks: list[int], suited: bool, family: str) -> int:
    """An integer that orders hands of ``family``: greater is better (low families too)."""
    cat, tie = base_hand(ranks, suited, family)
    if cat < 0:
        return 0  # no qualifying low: below every low
    code = pack(cat, tie)
    return LOW_CODE_BASE - code if family in LOW_FAMILIES else code


def unpack(code: int, family: str) -> tuple[int, list[int]]:
    """The inverse of :func:`strength_code`: category and tie-break ranks (``(-1, [])`` = no low)."""
    if family == "eight_or_better" and code == 0:
        return -1, []
    if family in LOW_FAMILIES:
        code = LOW_CODE_BASE - code
    cat = code >> 20
    n = {
        FIVE_KIND: 1,
        STRAIGHT_FLUSH: 1,
        STRAIGHT: 1,
        QUADS: 2,
        FULL_HOUSE: 2,
        TRIPS: 3,
        TWO_PAIR: 3,
        ONE_PAIR: 4,
    }.get(cat, 5)
    return cat, [(code >> (16 - 4 * i)) & 15 for i in range(n)]


def category_name(cat: int, tie: list[int], family: str) -> str:
    """The category name of a hand (``"four_of_a_kind"``, ``"8-low"``, ``"no_low"``)."""
    if cat < 0:
        return "no_low"
    if family in LOW_FAMILIES and cat == HIGH_CARD:
        chars = _ACE_HIGH if family == "deuce_to_seven" else _ACE_LOW
        return f"{chars[tie[0]]}-low"
    return CATEGORIES[cat]


def describe_base(hand: tuple[int, list[int]], family: str) -> str:
    """A readable description: ``"four nines"``, ``"8-6-5-4-2, eight-low"``."""
    cat, tie = hand
    if cat < 0:
        return "no qualifying low"
    chars = _ACE_LOW if family in ("ace_to_five", "ace_to_six", "eight_or_better") else _ACE_HIGH
    one = [_WORDS[chars[r]][0] for r in tie]
    many = [_WORDS[chars[r]][1] for r in tie]
    cards = "-".join(chars[r] for r in tie)
    if cat == HIGH_CARD:
        if family in LOW_FAMILIES:
            return f"{cards}, {one[0]}-low"
        return f"{one[0]} high, {cards}"
    if cat == FIVE_KIND:
        return f"five {many[0]}"
    if cat == STRAIGHT_FLUSH:
        return "royal flush" if tie[0] == 12 and chars is _ACE_HIGH else f"straight flush, {one[0]} high"
    if cat == QUADS:
        return f"four {many[0]}"
    if cat == FULL_HOUSE:
        return f"full house, {many[0]} over {many[1]}"
    if cat == FLUSH:
        return f"flush, {cards}"
    if cat == STRAIGHT:
        return f"straight, {one[0]} high"
    if cat == TRIPS:
        return f"three {many[0]}"
    if cat == TWO_PAIR:
        return f"two pair, {many[0]} and {many[1]}"
    return f"pair of {many[0]}"
