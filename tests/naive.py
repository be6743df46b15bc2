"""Slow, obviously-correct reference hand evaluators, written from the rules.

These are the yardstick for the fast kernels in :mod:`simkit.hands`; they are written from
the rules and rulings of ``docs/rules.md``, never from the kernels.

Every evaluator takes a sequence of card integers (``4 * rank + suit``, rank 0..12 = 2..A,
suit 0..3 = c d h s) and returns ``(key, name)``:

- ``key`` is a tuple; a greater key is a better hand *for that game* (low games included), equal
  keys tie;
- ``name`` is the category name (the contract shared with ``simkit.hands.category_names``).

The one building block is :func:`poker_key`, the ordinary poker order of five card values
(category first, then the cards that matter, most important first).  Each family says which
value an ace has, whether straights and flushes exist, and whether the order is reversed:

============== ========== ======================== ========== ==========
family         ace        straights / flushes      wheel      order
============== ========== ======================== ========== ==========
high           14         yes                      5-4-3-2-A  high
deuces_wild    14         yes, 2s wild (R-D2)      5-4-3-2-A  high
deuce_to_seven 14         yes, count against       no         reversed
ace_to_five    1          ignored                  --         reversed
ace_to_six     1          yes, count against       A-2-3-4-5  reversed
eight_or_better 1         ignored; 5 ranks <= 8    --         reversed
============== ========== ======================== ========== ==========

Seven-card hands take the best five-card hand over the 21 subsets (R-Z1), by definition.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, permutations

import numpy as np

RANK_CHARS = "23456789TJQKA"

#: Category names of the high families, index = category strength in the standard order
#: (R-D1: five of a kind > straight flush > ... > high card).
HIGH_NAMES = (
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
(HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_OF_A_KIND) = (
    range(10)
)

Key = tuple
Reference = Callable[[Sequence[int]], tuple[Key, str]]


# ---------------------------------------------------------------------------------------------
# the standard poker order of five card values
# ---------------------------------------------------------------------------------------------


@cache
def poker_key(values: tuple[int, ...], suited: bool, straights: bool, wheel: bool) -> Key:
    """The standard poker order key of five card values (a higher value is a higher card).

    ``values`` is sorted (any fixed order; the key does not depend on it); ``suited`` says all
    five cards share a suit; ``straights`` says straights and flushes exist at all; ``wheel``
    says ``A-5-4-3-2`` (values ``14, 5, 4, 3, 2``) is a five-high straight.

    Returns ``(category, v1, v2, ...)``: the category index (:data:`HIGH_NAMES`), then the
    values that break ties in order of importance: for groups (quads, trips, pairs) the bigger
    group first, equal groups by value, then the kickers from the top; for a straight its top
    card.  Cached: the key depends only on these four arguments.
    """
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(v for v, _ in groups)
    straight_top = 0
    if straights and len(counts) == 5:
        if max(values) - min(values) == 4:
            straight_top = max(values)
        elif wheel and sorted(values) == [2, 3, 4, 5, 14]:
            straight_top = 5  # the ace plays low in 5-4-3-2-A
    flush = straights and suited
    if straight_top and flush:
        return (STRAIGHT_FLUSH, straight_top)
    if shape == (4, 1):
        return (QUADS,) + order
    if shape == (3, 2):
        return (FULL_HOUSE,) + order
    if flush:
        return (FLUSH,) + order
    if straight_top:
        return (STRAIGHT, straight_top)
    if shape == (3, 1, 1):
        return (TRIPS,) + order
    if shape == (2, 2, 1):
        return (TWO_PAIR,) + order
    if shape == (2, 1, 1, 1):
        return (ONE_PAIR,) + order
    return (HIGH_CARD,) + order


def _check(cards: Sequence[int], sizes: tuple[int, ...]) -> list[int]:
    cards = [int(c) for c in cards]
    if len(cards) not in sizes:
        raise ValueError(f"expected {sizes} cards, got {len(cards)}")
    if any(not 0 <= c < 52 for c in cards) or len(set(cards)) != len(cards):
        raise ValueError(f"bad cards {cards}")
    return cards


def _high_values(cards: Sequence[int]) -> tuple[int, ...]:
    """Values with the ace high: 2..14 (R-C1)."""
    return tuple(sorted((c >> 2) + 2 for c in cards))


def _low_values(cards: Sequence[int]) -> tuple[int, ...]:
    """Values with the ace low: A = 1, 2..13 for 2..K (R-Z1, R-Z6)."""
    return tuple(sorted(1 if c >> 2 == 12 else (c >> 2) + 2 for c in cards))


def _suited(cards: Sequence[int]) -> bool:
    return len({c & 3 for c in cards}) == 1


def _value_char(v: int) -> str:
    return "A" if v in (1, 14) else RANK_CHARS[v - 2]


def _reverse(key: Key) -> Key:
    """Reverse an order: for keys compared lexicographically, negate every entry.

    Within one category all keys have the same length, and the category comes first, so the
    negated keys compare in exactly the opposite way.
    """
    return tuple(-x for x in key)


def _low_name(key: Key) -> str:
    """Name of a reversed key: ``'<top>-low'`` for a no-pair hand, else the high name."""
    cat = -key[0]
    if cat == HIGH_CARD:
        return f"{_value_char(-key[1])}-low"
    return HIGH_NAMES[cat]


# ---------------------------------------------------------------------------------------------
# five-card evaluators, one per family
# ---------------------------------------------------------------------------------------------


def _high5(cards: Sequence[int]) -> tuple[Key, str]:
    """Standard high (R-D1 without wilds): ace high, low only in 5-4-3-2-A."""
    key = poker_key(_high_values(cards), _suited(cards), True, True)
    return key, HIGH_NAMES[key[0]]


def _deuce_to_seven5(cards: Sequence[int]) -> tuple[Key, str]:
    """2-7 low (R-T1): ace always high, no wheel, straights and flushes count; the exact
    reverse of the high order."""
    key = _reverse(poker_key(_high_values(cards), _suited(cards), True, False))
    return key, _low_name(key)


def _ace_to_five5(cards: Sequence[int]) -> tuple[Key, str]:
    """A-5 low (R-Z1): ace low, straights and flushes ignored; lowest wins."""
    key = _reverse(poker_key(_low_values(cards), False, False, False))
    return key, _low_name(key)


def _ace_to_six5(cards: Sequence[int]) -> tuple[Key, str]:
    """A-6 low (R-Z6): ace low (never high: 5-4-3-2-A is a straight, K-Q-J-T-A is not),
    straights and flushes count against you; best 6-4-3-2-A."""
    key = _reverse(poker_key(_low_values(cards), _suited(cards), True, False))
    return key, _low_name(key)


NO_LOW: Key = (0,)


def _eight_or_better5(cards: Sequence[int]) -> tuple[Key, str]:
    """Eight-or-better low half (R-Z6): five different ranks, all 8 or lower, aces low,
    straights and flushes ignored; otherwise no low (the lowest key, ``(0,)``)."""
    values = _low_values(cards)
    if len(set(values)) != 5 or max(values) > 8:
        return NO_LOW, "no_low"
    desc = sorted(values, reverse=True)
    return (1,) + tuple(-v for v in desc), f"{desc[0]}-low"


# --- Diablo: deuces wild (R-D1, R-D2) --------------------------------------------------------


def _canonical(cards: Sequence[int]) -> tuple[int, ...]:
    """The smallest sorted card tuple over all 24 relabellings of the suits.

    Suits never rank hands (R-C2), so two sets of natural cards that differ only by a suit
    relabelling have the same best wild substitution; this is only a cache key.
    """
    return min(tuple(sorted(4 * (c >> 2) + perm[c & 3] for c in cards)) for perm in permutations(range(4)))


@cache
def _best_wild_substitution(naturals: tuple[int, ...]) -> Key:
    """Best standard-high key over every way to turn the wilds into distinct cards not held.

    R-D2: a wild takes the value that makes the best hand but may not become a card the hand
    already holds, so the five cards stay distinct (the five-of-a-kind exception is handled by
    the caller).  Brute force: every choice of ``5 - len(naturals)`` distinct cards among the
    52 that are not natural cards of the hand.
    """
    free = [c for c in range(52) if c not in naturals]
    best: Key = ()
    for extra in combinations(free, 5 - len(naturals)):
        hand = naturals + extra
        key = poker_key(_high_values(hand), _suited(hand), True, True)
        if key > best:
            best = key
    return best


def _deuces_wild5(cards: Sequence[int]) -> tuple[Key, str]:
    """Diablo (R-D1, R-D2): every 2 is wild; five of a kind tops the standard high order.

    A wild may not become a card the hand already holds except to make five of a kind: so when
    all natural cards share one rank, the wilds make five of that rank, the best hand there is
    (R-D1), and no other substitution needs looking at; otherwise the wilds become distinct
    cards not held, and the best such hand counts.
    """
    naturals = [c for c in cards if c >> 2 != 0]
    if len(naturals) == 5:
        return _high5(cards)
    ranks = {c >> 2 for c in naturals}
    if len(ranks) == 1:
        return (FIVE_OF_A_KIND, ranks.pop() + 2), "five_of_a_kind"
    key = _best_wild_substitution(_canonical(naturals))
    return key, HIGH_NAMES[key[0]]


def _checked(core: Reference) -> Reference:
    """The public five-card evaluator: checks five distinct cards in 0..51, then ``core``."""

    def five(cards: Sequence[int]) -> tuple[Key, str]:
        return core(_check(cards, (5,)))

    five.__name__ = core.__name__.lstrip("_")
    five.__doc__ = core.__doc__
    five.core = core  # type: ignore[attr-defined]
    return five


high5 = _checked(_high5)
deuces_wild5 = _checked(_deuces_wild5)
deuce_to_seven5 = _checked(_deuce_to_seven5)
ace_to_five5 = _checked(_ace_to_five5)
ace_to_six5 = _checked(_ace_to_six5)
eight_or_better5 = _checked(_eight_or_better5)


# ---------------------------------------------------------------------------------------------
# best of seven and the family table
# ---------------------------------------------------------------------------------------------


def ranks_only(cards: Sequence[int]) -> tuple:
    """Cache key for families that ignore suits (A-5 R-Z1, eight-or-better R-Z6): the ranks."""
    return tuple(sorted(c >> 2 for c in cards))


def ranks_and_flush_suit(cards: Sequence[int]) -> tuple:
    """Cache key for families where suits matter only through flushes (high, A-6 R-Z6).

    A five-card subset is valued by its ranks and whether its five suits agree; a suited
    subset can only come from a suit holding five or more of the cards (with seven cards at
    most one suit does).  So the ranks plus the ranks of that suit's cards fix the value.
    """
    suits = Counter(c & 3 for c in cards)
    flush_suits = [s for s, n in suits.items() if n >= 5]
    flush = tuple(sorted(c >> 2 for c in cards if (c & 3) in flush_suits))
    return ranks_only(cards), flush


def best_of(five: Reference, cache_key: Callable[[Sequence[int]], tuple]) -> Reference:
    """Best five-card hand of any number of cards: the maximum over all five-card subsets.

    Results are cached by ``cache_key(cards)``, which must determine the value of every
    five-card subset (see :func:`ranks_only`, :func:`ranks_and_flush_suit`); only speed.
    """
    core = getattr(five, "core", five)
    cache: dict[tuple, tuple[Key, str]] = {}

    def best(cards: Sequence[int]) -> tuple[Key, str]:
        cards = _check(cards, (5, 6, 7))
        k = cache_key(cards)
        if k not in cache:
            cache[k] = max((core(sub) for sub in combinations(cards, 5)), key=lambda kn: kn[0])
        return cache[k]

    best.__name__ = f"best_{five.__name__}"
    best.uncached = lambda cards: max(  # type: ignore[attr-defined]
        (core(sub) for sub in combinations(_check(cards, (5, 6, 7)), 5)), key=lambda kn: kn[0]
    )
    return best


FIVE: dict[str, Reference] = {
    "high": high5,
    "deuces_wild": deuces_wild5,
    "deuce_to_seven": deuce_to_seven5,
    "ace_to_five": ace_to_five5,
    "ace_to_six": ace_to_six5,
    "eight_or_better": eight_or_better5,
}

#: (family, number of cards) -> reference evaluator.
REFERENCES: dict[tuple[str, int], Reference] = {(f, 5): ev for f, ev in FIVE.items()}
REFERENCES.update(
    {
        ("high", 7): best_of(high5, ranks_and_flush_suit),
        ("ace_to_five", 7): best_of(ace_to_five5, ranks_only),
        ("ace_to_six", 7): best_of(ace_to_six5, ranks_and_flush_suit),
        ("eight_or_better", 7): best_of(eight_or_better5, ranks_only),
    }
)


def evaluate(cards: Sequence[int] | str, family: str) -> tuple[Key, str]:
    """Reference key and name of one hand; ``cards`` may be a card string (for tests)."""
    if isinstance(cards, str):
        from simkit.cards import parse_cards

        cards = parse_cards(cards).tolist()
    return REFERENCES[family, len(cards)](cards)


def evaluate_many(hands: np.ndarray, family: str) -> tuple[list[Key], list[str]]:
    """Reference keys and names of every row of ``hands``."""
    ref = REFERENCES[family, hands.shape[1]]
    keys, names = [], []
    for row in np.asarray(hands).tolist():
        k, n = ref(row)
        keys.append(k)
        names.append(n)
    return keys, names


# ---------------------------------------------------------------------------------------------
# comparing orders
# ---------------------------------------------------------------------------------------------


def dense_ranks(values: Sequence) -> np.ndarray:
    """Dense rank (0 = weakest) of each item; items may be any mutually comparable objects."""
    if isinstance(values, np.ndarray):
        return np.unique(values, return_inverse=True)[1].ravel().astype(np.int64)
    distinct = sorted(set(values))
    index = {v: i for i, v in enumerate(distinct)}
    return np.fromiter((index[v] for v in values), dtype=np.int64, count=len(values))


def order_mismatches(ref_keys: Sequence, strengths: np.ndarray, limit: int = 5) -> list:
    """Pairs ``(i, j)`` of hand indices on which two orders disagree (empty when they agree).

    Sorting the hands by reference key, the kernel strengths must rise strictly from one
    reference class to the next and stay constant within a class; checking neighbours in
    that order checks every pair of hands at once.
    """
    ref = dense_ranks(ref_keys)
    strengths = np.asarray(strengths)
    order = np.lexsort((strengths, ref))
    r, s = ref[order], strengths[order]
    same_ref = r[1:] == r[:-1]
    bad = np.flatnonzero((same_ref & (s[1:] != s[:-1])) | (~same_ref & (s[1:] <= s[:-1])))
    return [(int(order[b]), int(order[b + 1])) for b in bad[:limit]]
