"""Slow, obvious In-Between references written from the rules (in_between.de.txt, R-I1..R-I4),
never from the kernels: card lists instead of rank counts, fractions instead of floats, plain
recursion instead of the engine.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

RANKS = range(13)  # 0 = deuce … 12 = ace


def value(card: int, low_ace: bool = False) -> int:
    """Ace high (R-I1): rank + 2; a first-card ace counted low is 1."""
    r = card // 4
    if low_ace and r == 12:
        return 1
    return r + 2


def outcome_counts(low: int, high: int, remaining: list[int]) -> tuple[int, int, int]:
    """(between, post, outside) among the actual remaining cards; a third card is always
    valued ace-high."""
    b = p = o = 0
    for c in remaining:
        v = c // 4 + 2
        if low < v < high:
            b += 1
        elif v in (low, high):
            p += 1
        else:
            o += 1
    return b, p, o


def exact_odds(low: int, high: int, seen: list[int]) -> tuple[Fraction, Fraction, Fraction] | None:
    """Odds of posts ``low <= high`` (values; 1 = low ace) when ``seen`` cards are out: take
    any unseen card of each post's rank as the posts, then count the rest card by card."""
    deck = [c for c in range(52) if c not in seen]
    posts = []
    for v in (low, high):
        rank = 12 if v == 1 else v - 2
        choice = next((c for c in deck if c // 4 == rank and c not in posts), None)
        if choice is None:
            return None
        posts.append(choice)
    rest = [c for c in deck if c not in posts]
    if not rest:
        return None
    b, p, o = outcome_counts(low, high, rest)
    n = len(rest)
    return Fraction(b, n), Fraction(p, n), Fraction(o, n)


def deals():
    """Every ordered two-card deal from a full deck by rank, with its probability."""
    for r1, r2 in product(RANKS, RANKS):
        w = Fraction(4, 52) * Fraction(4 - (r1 == r2), 51)
        yield r1, r2, w


def third_card_ranks(used: list[int]):
    """The rank distribution of a card from a full deck less cards of ranks ``used``."""
    left = [4] * 13
    for r in used:
        left[r] -= 1
    n = sum(left)
    return [(r, Fraction(left[r], n)) for r in RANKS if left[r]]


@cache
def posts_of(r1: int, r2: int, low_ace: bool) -> tuple[int, int]:
    """Post values of first rank ``r1`` and second ``r2``; with the low-ace variant the ace
    first card counts low when that gives the higher EV per chip (full deck)."""
    options = [(r1 + 2, r2 + 2)]
    if low_ace and r1 == 12:
        options.append((1, r2 + 2))
    best = None
    for a, b in options:
        lo, hi = min(a, b), max(a, b)
        ev = Fraction(0)
        for r3, p in third_card_ranks([r1, r2]):
            v = r3 + 2
            ev += p * (1 if lo < v < hi else (-2 if v in (lo, hi) else -1))
        if best is None or ev > best[0]:
            best = (ev, lo, hi)
    return best[1], best[2]


def settle(lo: int, hi: int, third_rank: int, stake: int, chips: int, mult: int = 2) -> int:
    """The player's chip change (R-I1, R-I2)."""
    v = third_rank + 2
    if lo < v < hi:
        return stake
    if v in (lo, hi):
        return -min(mult * stake, chips)
    return -stake


def heads_up_value(stake_rule, chips: int, pot: int, rounds: int, low_ace: bool = False) -> Fraction:
    """Expected final chips of the one player against the dealer (R-I3), by recursion over
    rounds; ``stake_rule(lo, hi, pot, chips) -> stake`` (capped here by pot and chips)."""
    total = chips + pot

    @cache
    def v(r: int, c: int) -> Fraction:
        p = total - c
        if r == rounds or p == 0:
            return Fraction(c)
        out = Fraction(0)
        for r1, r2, w in deals():
            lo, hi = posts_of(r1, r2, low_ace)
            s = max(0, min(stake_rule(lo, hi, p, c), p, c))
            if s == 0:
                out += w * v(r + 1, c)
                continue
            for r3, q in third_card_ranks([r1, r2]):
                d = settle(lo, hi, r3, s, c)
                out += w * q * v(r + 1, c + d)
        return out

    return v(0, chips)
