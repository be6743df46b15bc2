"""Slow, obvious triple-draw references written from the rules (triple_draw_27.de.txt, R-T1,
R-T3, R-T5), never from the kernels: card tuples instead of value counts, fractions instead of
floats, every subset kept and every sequence of draws enumerated.

- :func:`reaches`: a finished hand is "X-low or better" (R-T1; R-T5 for A-5);
- :func:`best_play`: the chance of reaching the target when every keep, the first included,
  is the one with the greatest chance, by plain recursion over what is kept and drawn;
- :func:`keep_value`: the same chance with the first keep fixed;
- :func:`drawing_equity`: each player's share of the pot when the players draw once in turn
  from one deck with fixed keeps, every draw of every player enumerated.

Cards are ``4 * rank + suit`` (rank 0 = deuce … 12 = ace).  The decks used with these
functions are small (dead cards take the rest out) so that the recursion ends in seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

RANKS = "23456789TJQKA"


def low_value(card: int, family: str) -> int:
    """The card's place in the low order, 0 the best: the rank in 2-7 (aces high, R-T1); in
    A-5 the ace is the lowest card (R-T5), then 2 … K."""
    r = card // 4
    if family == "ace_to_five":
        return 0 if r == 12 else r + 1
    return r


def top_value(top: str, family: str) -> int:
    """The low value of a target's top card, e.g. ``"8"`` for "8-low or better"."""
    rank = RANKS.index({"10": "T"}.get(top, top))
    return low_value(4 * rank, family)


def reaches(cards: Sequence[int], top: str, family: str = "deuce_to_seven") -> bool:
    """Whether five cards are ``top``-low or better: five different values, none above the
    top card; in 2-7 also not five in a row (the ace only high) and not five of one suit."""
    values = sorted(low_value(c, family) for c in cards)
    if len(set(values)) < 5 or values[-1] > top_value(top, family):
        return False
    if family == "ace_to_five":
        return True
    if values[-1] - values[0] == 4:
        return False  # a straight counts against you in 2-7
    return len({c % 4 for c in cards}) > 1  # so does a flush


def best_play(
    hand: Sequence[int], deck: Sequence[int], draws: int, top: str, family: str = "deuce_to_seven"
) -> Fraction:
    """The chance of finishing ``top``-low or better from ``hand`` with ``draws`` draws left
    from ``deck`` (the unseen cards; discards never come back), every keep the best one."""
    return _best(tuple(sorted(hand)), tuple(sorted(deck)), draws, top, family)


def keep_value(
    keep: Sequence[int], deck: Sequence[int], draws: int, top: str, family: str = "deuce_to_seven"
) -> Fraction:
    """The same chance when ``keep`` is kept at the first of ``draws`` draws."""
    return _after_keep(tuple(sorted(keep)), tuple(sorted(deck)), draws, top, family)


@cache
def _best(hand: tuple, deck: tuple, draws: int, top: str, family: str) -> Fraction:
    if draws == 0:
        return Fraction(int(reaches(hand, top, family)))
    best = Fraction(0)
    for k in range(6):
        for keep in combinations(hand, k):
            best = max(best, _after_keep(keep, deck, draws, top, family))
    return best


@cache
def _after_keep(keep: tuple, deck: tuple, draws: int, top: str, family: str) -> Fraction:
    m = 5 - len(keep)
    total = Fraction(0)
    for drawn in combinations(deck, m):
        rest = tuple(c for c in deck if c not in drawn)
        total += _best(tuple(sorted(keep + drawn)), rest, draws - 1, top, family)
    return total / comb(len(deck), m)


def strength(cards: Sequence[int], family: str) -> tuple:
    """A key that orders finished hands, greater is better (R-T1, R-T5), from the rules: in 2-7
    a pair or worse below every hand of five different ranks, straights and flushes below
    those; then the highest cards decide, lower is better."""
    from naive import evaluate

    return evaluate(list(cards), family)[0]


def drawing_equity(
    hands: Sequence[Sequence[int]],
    keeps: Sequence[Sequence[int]],
    deck: Sequence[int],
    family: str = "deuce_to_seven",
) -> list[Fraction]:
    """Each player's share of the pot (a k-way tie pays 1/k) when player 0, then 1, … each
    keep ``keeps[i]`` and draw the rest of five cards from ``deck``, one draw, every draw of
    every player enumerated."""
    n = len(hands)
    shares = [Fraction(0)] * n
    count = 0

    def deal(i: int, rest: tuple, finals: list) -> None:
        nonlocal count, shares
        if i == n:
            keys = [strength(h, family) for h in finals]
            top = max(keys)
            winners = [j for j in range(n) if keys[j] == top]
            for j in winners:
                shares[j] += Fraction(1, len(winners))
            count += 1
            return
        m = 5 - len(keeps[i])
        for drawn in combinations(rest, m):
            left = tuple(c for c in rest if c not in drawn)
            deal(i + 1, left, [*finals, tuple(keeps[i]) + drawn])

    deal(0, tuple(deck), [])
    return [s / count for s in shares]
