"""2-7 Triple Draw facts in code: the agreed settings (:class:`Rules`, :data:`VARIANTS`),
targets ("8-low or better"), card values, hand features.

Every setting of a game lives in one frozen :class:`Rules` (R-T4 defaults: blinds 1/2, small
bet 2, big bet 4, one bet and three raises, 200 chips each, three draws, 2-7 ranking);
:data:`VARIANTS` maps the variant names of R-T5 to their ``Rules``.

Hands are ranked by :mod:`simkit.hands` (family ``deuce_to_seven``, R-T1: aces high, straights
and flushes count and are bad); the A-5 variant (R-T5) uses ``ace_to_five`` (aces low,
straights and flushes ignored).  This module adds what a drawing player thinks in:

- a card's *low value* ``v`` (0 = the best card): the rank in 2-7 (deuce 0 … ace 12), the
  rank moved up by one with the ace at 0 in A-5;
- a *target* "X-low or better": a hand with five different values, all at most X, that is
  neither a straight nor a flush (2-7).  Because the order of R-T1 puts every such hand above
  every pair, straight and flush, a hand reaches the target exactly when its strength is at
  least the strength of the worst X-low (:func:`target_threshold`), e.g. 8-7-6-5-3 for
  8-low (8-7-6-5-4 is a straight).

Examples
--------
>>> Rules().structure().limits[:, 1].tolist()  # small bets in rounds 1-2, big bets in 3-4
[2, 2, 4, 4]
>>> VARIANTS["single-draw-nl"].draws, list(VARIANTS)
(1, ['triple-draw', 'single-draw-nl', 'a5-triple-draw', 'ante'])
>>> Rules(big_bet=0)
Traceback (most recent call last):
...
ValueError: big_bet must be a positive chip count, got 0
>>> target_value("8"), target_value("10"), target_value("7", "ace_to_five")
(6, 8, 6)
>>> worst_low("8"), worst_low("5", "ace_to_five")
('8c 7d 6h 5s 3c', '5c 4d 3h 2s Ac')
>>> t = target_threshold("8")
>>> from simkit.cards import parse_cards
>>> import simkit
>>> int(simkit.evaluate(parse_cards("8s 6h 5d 4c 2s"), "deuce_to_seven")) >= t
True
>>> int(simkit.evaluate(parse_cards("9s 5h 4d 3c 2s"), "deuce_to_seven")) >= t
False
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

import numpy as np

from ...cards import RANK_CHARS, SUIT_CHARS, parse_cards
from ...checks import INT_LIMIT, is_int
from ...hands.kernels import eval5_plain, eval5_suited
from ...jit import njit
from ...poker.structure import (
    FIRST_BLINDS,
    FIRST_DEALER_LEFT,
    FIXED,
    NO_LIMIT,
    Round,
    Structure,
    make_structure,
)

__all__ = [
    "DEFAULT_TARGETS",
    "FAMILIES",
    "LIMITS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "TARGET_NAMES",
    "VARIANTS",
    "Rules",
    "check_players",
    "rules_for",
    "target_threshold",
    "target_value",
    "value_to_rank",
    "worst_low",
]

#: The hand families of the game and its A-5 variant (R-T1, R-T5).
FAMILIES = ("deuce_to_seven", "ace_to_five")
#: The targets of the draw-odds tables: 7-low, 8-low, 9-low, 10-low or better (2-7).
DEFAULT_TARGETS = ("7", "8", "9", "10")
#: Display names of targets by top card letter.
TARGET_NAMES = {
    "5": "5-low",
    "6": "6-low",
    "7": "7-low",
    "8": "8-low",
    "9": "9-low",
    "10": "10-low",
    "T": "10-low",
    "J": "J-low",
    "Q": "Q-low",
    "K": "K-low",
}

_FAMILY_ID = {"deuce_to_seven": 2, "ace_to_five": 3}  # ids of simkit.hands.kernels
#: Betting limits: fixed limit (R-T4) or no limit (2-7 Single Draw, R-T5).
LIMITS = ("fixed", "no-limit")
#: Players at a table (R-T4).
MIN_PLAYERS = 2
MAX_PLAYERS = 6


def check_players(n) -> int:
    """``n`` if it is a table size of the game (2-6 players, R-T4).

    >>> check_players(7)
    Traceback (most recent call last):
    ...
    ValueError: 2-7 Triple Draw is for 2-6 players, got 7
    """
    if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"2-7 Triple Draw is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {n!r}")
    return int(n)


@dataclass(frozen=True)
class Rules:
    """Every agreed setting of a game (defaults R-T4; variants R-T5, :data:`VARIANTS`).

    ``small_blind``, ``big_blind``: the blinds; ``small_bet`` (rounds before the middle
    draw) and ``big_bet`` (the later rounds) in fixed limit; ``ante`` from every player on top
    of the blinds (0 = none); ``stacks``: chips of every seat (R-E1, 200); ``max_raises``:
    raises allowed after the bet in a round, -1 for no cap; ``draws``: 1-3; ``family``:
    ``deuce_to_seven`` (R-T1) or ``ace_to_five`` (R-T5); ``limit``: ``fixed`` or ``no-limit``
    (the smallest bet is the big blind).
    """

    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2
    big_bet: int = 4
    ante: int = 0
    stacks: int = 200
    max_raises: int = 3
    draws: int = 3
    family: str = "deuce_to_seven"
    limit: str = "fixed"

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("family", "limit"):
                continue
            if not is_int(v):
                raise ValueError(f"{f.name} must be an integer, got {v!r}")
            if abs(v) > INT_LIMIT:
                raise ValueError(f"{f.name} must be at most 2**53, got {v!r}")
        for name in ("big_blind", "small_bet", "big_bet", "stacks"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be a positive chip count, got {getattr(self, name)!r}")
        for name in ("small_blind", "ante"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be a non-negative chip count, got {getattr(self, name)!r}")
        if self.small_blind > self.big_blind:
            raise ValueError(
                f"small_blind must not exceed big_blind {self.big_blind}, got {self.small_blind!r}"
            )
        if self.max_raises < -1:
            raise ValueError(f"max_raises must be -1 (no cap) or at least 0, got {self.max_raises!r}")
        if not 1 <= self.draws <= 3:
            raise ValueError(f"draws must be 1, 2 or 3, got {self.draws!r}")
        if self.family not in FAMILIES:
            raise ValueError(f"unknown family {self.family!r}; expected deuce_to_seven or ace_to_five")
        if self.limit not in LIMITS:
            raise ValueError(f"unknown limit {self.limit!r}; expected fixed or no-limit")

    def unused(self) -> dict[str, str]:
        """The settings these rules never read, each with the reason (a command line refuses
        them when typed): the fixed-limit bets in no limit.

        >>> sorted(VARIANTS["single-draw-nl"].unused())
        ['big_bet', 'small_bet']
        """
        if self.limit == "no-limit":
            why = "is a fixed-limit bet, not used in no limit: the smallest bet is the big blind"
            return {"small_bet": why, "big_bet": why}
        return {}

    def structure(self) -> Structure:
        """The betting structure: ``draws + 1`` rounds, blinds first, then left of the dealer
        (R-T2); fixed limit: small bets in the first half of the rounds, big bets after (R-T4)."""
        rounds = []
        for r in range(self.draws + 1):
            first = FIRST_BLINDS if r == 0 else FIRST_DEALER_LEFT
            if self.limit == "fixed":
                bet = self.small_bet if r < (self.draws + 1) // 2 else self.big_bet
                rounds.append(Round(FIXED, bet, cap=self.max_raises, first=first))
            else:
                rounds.append(Round(NO_LIMIT, self.big_blind, cap=self.max_raises, first=first))
        return make_structure(rounds, ante=self.ante, small_blind=self.small_blind, big_blind=self.big_blind)


#: The variants (R-T5): the game, 2-7 Single Draw No Limit (Kansas City: one draw, two no-limit
#: rounds), A-5 Triple Draw (aces low, straights and flushes ignored), an ante of 1 on top of
#: the blinds.
VARIANTS: dict[str, Rules] = {
    "triple-draw": Rules(),
    "single-draw-nl": Rules(draws=1, limit="no-limit", max_raises=-1),
    "a5-triple-draw": Rules(family="ace_to_five"),
    "ante": Rules(ante=1),
}


def rules_for(variant: str = "triple-draw", **changes) -> Rules:
    """The :class:`Rules` of a variant, with some settings changed.

    >>> rules_for("ante", stacks=50).stacks
    50
    >>> rules_for("razz")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'razz'; expected one of triple-draw, single-draw-nl, a5-triple-draw, ante
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    from dataclasses import replace

    return replace(VARIANTS[variant], **changes) if changes else VARIANTS[variant]


def variant_name(rules: Rules) -> str:
    """The name of the variant whose rules these are (stacks aside), else ``custom``."""
    from dataclasses import replace

    for name, r in VARIANTS.items():
        if replace(rules, stacks=r.stacks) == r:
            return name
    return "custom"


def family_id(family: str) -> int:
    """The kernel id of ``family`` (only the game's two families).

    >>> family_id("high")
    Traceback (most recent call last):
    ...
    ValueError: unknown family 'high' for triple draw; expected deuce_to_seven or ace_to_five
    """
    if family not in _FAMILY_ID:
        raise ValueError(f"unknown family {family!r} for triple draw; expected deuce_to_seven or ace_to_five")
    return _FAMILY_ID[family]


def target_value(top: str | int, family: str = "deuce_to_seven") -> int:
    """The low value of a target's top card (``"8"`` or ``8`` for 8-low).

    >>> target_value("K")
    11
    >>> target_value("6")
    Traceback (most recent call last):
    ...
    ValueError: target '6' is not possible in deuce_to_seven: the best hand is 7-low
    """
    family_id(family)
    text = str(top).strip().upper()
    if text.endswith("-LOW"):
        text = text[:-4]
    text = {"10": "T", "B": "J", "D": "Q"}.get(text, text)
    if len(text) != 1 or text not in RANK_CHARS:
        raise ValueError(f"unknown target {top!r}: expected a top card such as 7, 8, 9, 10, J")
    rank = RANK_CHARS.index(text)
    if family == "deuce_to_seven":
        if rank < 5 or rank == 12:
            raise ValueError(f"target {top!r} is not possible in deuce_to_seven: the best hand is 7-low")
        return rank
    value = 0 if rank == 12 else rank + 1
    if value < 4:
        raise ValueError(f"target {top!r} is not possible in ace_to_five: the best hand is 5-low")
    return value


def value_to_rank(v: int, family: str = "deuce_to_seven") -> int:
    """The card rank (0 = deuce … 12 = ace) of low value ``v``."""
    return v if family == "deuce_to_seven" else (12 if v == 0 else v - 1)


def worst_low(top: str | int, family: str = "deuce_to_seven") -> str:
    """The worst hand that is still ``top``-low, as cards of mixed suits."""
    x = target_value(top, family)
    values = (
        [x, x - 1, x - 2, x - 3, x - 5] if family == "deuce_to_seven" else [x, x - 1, x - 2, x - 3, x - 4]
    )
    ranks = [value_to_rank(v, family) for v in values]
    return " ".join(RANK_CHARS[r] + SUIT_CHARS[i % 4] for i, r in enumerate(ranks))


@cache
def target_threshold(top: str | int, family: str = "deuce_to_seven") -> int:
    """The strength of the worst ``top``-low: a hand reaches the target iff its strength is at
    least this (R-T1)."""
    from ...hands import evaluate

    return int(evaluate(parse_cards(worst_low(top, family))[None, :], family)[0])


def thresholds(targets, family: str = "deuce_to_seven") -> np.ndarray:
    """Strength thresholds of several targets, int32."""
    return np.array([target_threshold(t, family) for t in targets], dtype=np.int32)


def target_values(targets, family: str = "deuce_to_seven") -> np.ndarray:
    """Low values of several targets' top cards, int64."""
    return np.array([target_value(t, family) for t in targets], dtype=np.int64)


@njit(cache=True, inline="always")
def _value(card, ace_low):
    """Low value of a card: the rank (2-7) or the rank shifted so that the ace is 0 (A-5)."""
    r = np.int64(card) >> 2
    if ace_low:
        return 0 if r == 12 else r + 1
    return r


@njit(cache=True, inline="always")
def _is_straight_mask(mask):
    """Five consecutive values in a 13-bit value mask (2-7 straights; the ace is high only)."""
    for lo in range(9):
        if (mask >> lo) & 0x1F == 0x1F:
            return True
    return False


@njit(cache=True, inline="always")
def _is_flush(hand):
    """Five cards of one suit (2-7: a flush, a bad hand, R-T1)."""
    s = hand[0] & 3
    return (hand[1] & 3) == s and (hand[2] & 3) == s and (hand[3] & 3) == s and (hand[4] & 3) == s


@njit(cache=True, inline="always")
def _eval(c0, c1, c2, c3, c4, fam, T):
    """Strength of five cards in family ``fam`` (2: 2-7, suits count; 3: A-5, suitless)."""
    if fam == 2:
        return eval5_suited(c0, c1, c2, c3, c4, T)
    return eval5_plain(c0, c1, c2, c3, c4, T)


@njit(cache=True, inline="always")
def _strengths(hands, n, fam, T, strength):
    """The strength of each of the ``n`` hands (rows of ``hands``) into ``strength``; returns
    (the best strength, how many hands have it)."""
    best = -1
    for i in range(n):
        s = _eval(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], fam, T)
        strength[i] = s
        if s > best:
            best = s
    k = 0
    for i in range(n):
        if strength[i] == best:
            k += 1
    return best, k
