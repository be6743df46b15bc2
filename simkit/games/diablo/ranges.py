"""Ranges of Diablo hands: a small grammar for the five-card hands a player may be dealt,
by the category as dealt (deuces wild, R-D1, R-D2) and the deuces held.

A range is a comma-separated list of *items*, each optionally weighted ``ITEM:WEIGHT``
(``"trips+:2, two_pair no deuce"``).

Items
    ``CAT``         the hands dealt as category ``CAT``, wilds counted (the category of the
                    ``deuces_wild`` evaluator, :data:`~.rules.CATEGORIES`): ``high_card``,
                    ``one_pair`` (or ``pair``), ``two_pair``, ``three_of_a_kind`` (or
                    ``trips``), ``straight``, ``flush``, ``full_house``, ``four_of_a_kind``
                    (or ``quads``), ``straight_flush``, ``five_of_a_kind``; spaces or dashes
                    for the underscores are fine (``two pair``).
    ``CAT+``        that category or better: ``trips+`` is every hand dealt three of a kind
                    or better (a pair with a deuce is trips, so it counts).
    ``N deuces``    exactly ``N`` deuces (0-4; ``1 deuce``); ``N+ deuces`` at least ``N``;
                    ``no deuce`` = ``0 deuces``.
    ``CAT Q``       a category (or ``CAT+``) with a deuce qualifier ``Q`` as above:
                    ``two_pair no deuce``, ``trips 1 deuce``, ``straight+ 1+ deuces``.
    ``any``         every hand (``random`` too).
    hands           explicit five-card hands, several joined by ``|``:
                    ``As Ah Kd Kc 7s|2c 2d 9h 9s 4c``.

Case and whitespace around the words are ignored.  Every hand (combo) of a range has weight
1 times its item's weight: with every weight 1 the range's hands are dealt as often as in a
real deal (combinatorial weight).  A hand named by several items counts once, with the weight
of the first item that names it.  Card removal is counted: a hand holding a card known
elsewhere is not dealt, and the ranges of several players are dealt jointly without a card
twice (:mod:`simkit.hands.ranges`).

Examples
--------
>>> r = parse_range("trips+")
>>> len(r), r.total
(479232, 479232.0)
>>> len(parse_range("2 deuces")), len(parse_range("two_pair no deuce"))
(103776, 95040)
>>> len(parse_range("As Ah Kd Kc 7s|2c 2d 9h 9s 4c:2"))
2
>>> parse_range("trips+, flsuh")
Traceback (most recent call last):
...
ValueError: bad range token 'flsuh' in 'flsuh': expected a category (two_pair, trips, flush, ...; CAT+ = CAT or better), N deuces (0-4, N+ deuces, no deuce), a category with a deuce count (two_pair no deuce), any, or five cards (As Ah Kd Kc 7s, several joined by |)
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from ...cards import parse_cards
from ...hands import evaluate
from ...hands.enumeration import all_hands
from ...hands.ranges import Combos, item_weights
from .rules import CATEGORIES, FAMILY, category_of_strength

__all__ = ["ALIASES", "is_range_text", "parse_range"]

#: Short names of categories a range may use.
ALIASES = {"pair": "one_pair", "trips": "three_of_a_kind", "quads": "four_of_a_kind"}

_HELP = (
    "expected a category (two_pair, trips, flush, ...; CAT+ = CAT or better), N deuces (0-4, "
    "N+ deuces, no deuce), a category with a deuce count (two_pair no deuce), any, or five cards "
    "(As Ah Kd Kc 7s, several joined by |)"
)
#: ``[HEAD] COUNT[+] deuce(s)``: a deuce qualifier at the end of an item.
_DEUCES = re.compile(r"(?P<head>.*?)\s*(?P<count>no|\S*?)\s*(?P<plus>\+?)\s*deuces?", re.IGNORECASE)
#: What only a range has: a separator, a weight, ``+``, ``_`` or a word of the grammar.
_RANGE_MARK = re.compile(
    r"[,:|+_]|any|random|deuce|pair|trip|quad|straight|flush|full|house|kind|high|card|three|four|five",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _universe() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All 2,598,960 hands (ascending cards), each one's category as dealt and deuces held,
    the sorted card-bit keys and their order (to find a hand)."""
    hands = all_hands()
    cat = category_of_strength()[evaluate(hands, FAMILY)]
    deuces = (hands < 4).sum(axis=1)
    keys = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
    order = np.argsort(keys)
    return hands, cat, deuces, keys[order], order


def _category(text: str) -> int | None:
    """The category number of a name (or alias), ``None`` when it is not one."""
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    key = ALIASES.get(key, key)
    return CATEGORIES.index(key) if key in CATEGORIES else None


def _cards_of(item: str) -> np.ndarray:
    """Which hands an item of explicit hands (joined by ``|``) names (booleans)."""
    hands, _, _, keys, order = _universe()
    out = np.zeros(len(hands), bool)
    for alt in item.split("|"):
        if not alt.strip():
            raise ValueError(f"empty hand in range item {item!r} (hands are joined by |)")
        try:
            cards = parse_cards(alt, n=5)
        except ValueError as exc:
            unknown = re.match(r"unknown card '(.*?)'", str(exc))
            if unknown is None:
                raise ValueError(f"range item {item!r}: {exc}") from None
            token = unknown.group(1)
            if re.fullmatch(r"(10|[2-9TJQKABD])[^\s]?", token, re.IGNORECASE):
                raise ValueError(
                    f"bad range token {token!r} in {item!r}: not a card (a rank 2-9 T J Q K A and a suit c d h s)"
                ) from None
            word = alt.strip() if len(alt.split()) == 1 else token
            raise ValueError(f"bad range token {word!r} in {item!r}: {_HELP}") from None
        key = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)))
        out[order[np.searchsorted(keys, key)]] = True
    return out


def _match(item: str) -> np.ndarray:
    """Which of the 2,598,960 hands an item names (booleans)."""
    hands, cat, deuces, _, _ = _universe()
    text = item.strip()
    if text.lower() in ("any", "random"):
        return np.ones(len(hands), bool)
    hit = np.ones(len(hands), bool)
    head = text
    m = _DEUCES.fullmatch(text)
    if m:
        count = m.group("count").lower()
        if not count:
            raise ValueError(
                f"bad range token {m.group(0).strip()!r} in {item!r}: write N deuces (2 deuces, 1+ deuces) or no deuce"
            )
        if count not in ("no", "0", "1", "2", "3", "4"):
            raise ValueError(
                f"bad range token {m.group('count')!r} in {item!r}: N deuces takes N from 0 to 4 (or no deuce)"
            )
        n = 0 if count == "no" else int(count)
        if m.group("plus") and count == "no":
            raise ValueError(f"bad range token 'no+' in {item!r}: write no deuce or N+ deuces")
        hit &= deuces >= n if m.group("plus") else deuces == n
        head = m.group("head").strip()
        if not head:
            return hit
    plus = head.endswith("+")
    name = head[:-1] if plus else head
    c = _category(name)
    if c is None:
        if m or plus:
            token = name.strip() or head
            raise ValueError(f"bad range token {token!r} in {item!r}: {_HELP}")
        return _cards_of(text)
    return hit & (cat >= c if plus else cat == c)


@lru_cache(maxsize=16)
def _parse(text: str) -> Combos:
    hands = all_hands()
    weight = item_weights(text, len(hands), _match)
    keep = np.flatnonzero(weight)
    return Combos(hands[keep], weight[keep], " ".join(text.split()))


def parse_range(text: str) -> Combos:
    """The hands of a Diablo range (module docstring) as
    :class:`~simkit.hands.ranges.Combos` of five cards, every hand once, its weight the weight
    of the first item naming it.

    Parameters
    ----------
    text
        The range, e.g. ``"trips+"``, ``"two_pair no deuce:2, 2 deuces"``,
        ``"As Ah Kd Kc 7s|2c 2d 9h 9s 4c"``.

    Returns
    -------
    Combos
        Rows of five card integers and their weights (cached: do not change the arrays).

    Raises
    ------
    ValueError
        Naming the bad token, weight or item; an item that holds no hand.

    Examples
    --------
    >>> r = parse_range("five_of_a_kind:3, 4 deuces")
    >>> len(r), sorted(set(r.weights.tolist()))
    (672, [3.0])
    >>> parse_range("two_pair 2 deuces")
    Traceback (most recent call last):
    ...
    ValueError: range item 'two_pair 2 deuces' holds no hand
    >>> parse_range("5 deuces")
    Traceback (most recent call last):
    ...
    ValueError: bad range token '5' in '5 deuces': N deuces takes N from 0 to 4 (or no deuce)
    """
    if not isinstance(text, str):
        raise ValueError(f"a range must be a string, got {text!r}")
    return _parse(text)


def is_range_text(text: str) -> bool:
    """Whether ``text`` is meant as a range rather than a five-card hand: it is a range when it
    has a comma, a colon, ``|``, ``+``, ``_`` or a word of the grammar; cards alone are a hand
    (and a mistyped card is reported as one).

    >>> [is_range_text(t) for t in ("As Ah Kd Kc 7s", "AsAhKdKc7z", "trips+", "2 deuces", "any")]
    [False, False, True, True, True]
    """
    return bool(_RANGE_MARK.search(text))
