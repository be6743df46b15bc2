"""Ranges of 2-7 and A-5 triple draw hands: a small grammar for the five-card hands a player
may hold before the draws.

A range is a comma-separated list of *items*, each optionally weighted ``ITEM:WEIGHT``
(``"pat 8-:2, draw 7-:1"``).  Ranks are ``2 3 4 5 6 7 8 9 T J Q K A`` (or ``10``, any case).
A card's *low value* follows the family: in 2-7 (R-T1) the ace is high (the worst card), in
A-5 (R-T5) the ace is low (the best card).  "``X`` or lower" means a low value at most the
low value of ``X``.

Items
    ``pat X-``      a made X-low or better: five different ranks, all X or lower, and in 2-7
                    neither a straight nor a flush (in A-5 straights and flushes do not
                    count).  ``pat 8-`` in 2-7: 8-7-6-5-3 down to 7-5-4-3-2; ``X`` from 7 (2-7)
                    or 5 (A-5) up to K, or A in 2-7 (every no-pair hand that is neither a
                    straight nor a flush).
    ``draw X-``     a four-card draw to an X-low: exactly four different ranks X or lower
                    among the five cards; the fifth card is above X or pairs one of them
                    (``draw 7-``: 7-5-3-2 + K, 7-5-3-2 + 5 …; 7-5-3-2 + 4 is not a draw, it
                    is pat).  Straight and flush draws count (7-6-5-4 + K is a ``draw 7-``).
    ``K to X``      exactly ``K`` different ranks X or lower (``K`` from 1 to 5) and the rest
                    above X or pairing them: ``3 to 7`` is a three-card draw to a 7,
                    ``4 to 7`` is ``draw 7-``; ``5 to 8`` counts straights and flushes that
                    ``pat 8-`` leaves out.
    ``any``         every hand (``random`` too).
    hands           explicit five-card hands, several joined by ``|``:
                    ``7s5h4d3c2s|8h6d4c3s2h`` (spaces between the cards are allowed).

Whitespace around the words is ignored (``pat8-`` = ``pat 8-``).  Every hand (combo) of a
range has weight 1 times its item's weight: with every weight 1 the range's hands are dealt
as often as in a real deal (combinatorial weight).  A hand named by several items counts once,
with the weight of the first item that names it.  Card removal is counted: a hand holding a
card known elsewhere is not dealt, and the ranges of several players are dealt jointly without
a card twice (:mod:`simkit.hands.ranges`).

Examples
--------
>>> r = parse_range("pat 8-")
>>> len(r), r.total
(18360, 18360.0)
>>> len(parse_range("pat 7-")), len(parse_range("pat 5-", "ace_to_five"))
(4080, 1024)
>>> len(parse_range("draw 7-")), len(parse_range("7s5h4d3c2s|8h6d4c3s2h:2"))
(130560, 2)
>>> parse_range("pat 8-, drwa 7-")
Traceback (most recent call last):
...
ValueError: bad range token 'drwa' in 'drwa 7-': expected pat X- (a made X-low or better), draw X- (four different cards X or lower), K to X (K different cards X or lower), any, or five cards (7s5h4d3c2s, several joined by |)
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

import numpy as np

from ...cards import N_CARDS, RANK_CHARS, parse_cards
from ...hands.enumeration import all_hands
from ...hands.ranges import Combos, item_weights

__all__ = ["FAMILIES", "is_range_text", "parse_range"]

#: The hand orders a range can be read in (2-7 and A-5 triple draw).
FAMILIES = ("deuce_to_seven", "ace_to_five")

_HELP = (
    "expected pat X- (a made X-low or better), draw X- (four different cards X or lower), "
    "K to X (K different cards X or lower), any, or five cards (7s5h4d3c2s, several joined by |)"
)
_PAT = re.compile(r"(pat|draw)\s*(\S*?)\s*(-?)", re.IGNORECASE)
_TO = re.compile(r"(\S+?)\s*to\s*(\S*?)\s*-?", re.IGNORECASE)
_CARDS = re.compile(r"[0-9TJQKABDtjqkabdcdhsCDHS♣♦♥♠♧♢♡♤\s]*")
#: What only a range has: a separator, a weight, a dash, or a word of the grammar.
_RANGE_MARK = re.compile(r"[,:|\-]|pat|draw|any|random|\dto|to\d|\sto\s", re.IGNORECASE)


def _family(family: str) -> str:
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    return family


def _values(family: str) -> np.ndarray:
    """Low value of each card integer: the rank in 2-7 (deuce 0 … ace 12), the ace 0 in A-5."""
    r = np.arange(N_CARDS) >> 2
    return r if family == "deuce_to_seven" else np.where(r == 12, 0, r + 1)


@lru_cache(maxsize=2)
def _universe(family: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All 2,598,960 hands (ascending cards), their value masks, whether each is a straight or
    a flush (in 2-7; never in A-5), the sorted card-bit keys and their order (to find a hand)."""
    hands = all_hands()
    v = _values(family)[hands]
    vmask = np.bitwise_or.reduce(np.left_shift(1, v), axis=1).astype(np.int64)
    if family == "deuce_to_seven":
        s = hands & 3
        flush = (s == s[:, :1]).all(axis=1)
        straight = (v.max(axis=1) - v.min(axis=1) == 4) & (_popcount(vmask) == 5)
        bad = flush | straight
    else:
        bad = np.zeros(len(hands), bool)
    keys = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
    order = np.argsort(keys)
    return hands, vmask, bad, keys[order], order


def _popcount(m: np.ndarray) -> np.ndarray:
    out = np.zeros(m.shape, np.int64)
    for b in range(13):
        out += (m >> b) & 1
    return out


def _top(text: str, item: str, family: str, kind: str) -> int:
    """The low value of the ``X`` of an item."""
    t = text.upper()
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in RANK_CHARS or (t == "A" and family == "ace_to_five"):
        hint = "a rank 2-9, T, J, Q, K" + (", A" if family == "deuce_to_seven" else "")
        raise ValueError(f"bad range token {text!r} in {item!r}: {kind} takes {hint}")
    r = RANK_CHARS.index(t)
    return r if family == "deuce_to_seven" else (0 if r == 12 else r + 1)


def _match(item: str, family: str) -> np.ndarray:
    """Which of the 2,598,960 hands an item names (booleans)."""
    hands, vmask, bad, keys, order = _universe(family)
    word = item.strip().lower()
    if word in ("any", "random"):
        return np.ones(len(hands), bool)
    m = _PAT.fullmatch(item.strip())
    if m:
        kind = m.group(1).lower()
        if not m.group(3) or not m.group(2):
            shown = m.group(2) or m.group(0)
            raise ValueError(
                f"bad range token {shown!r} in {item!r}: write {kind} X- with the dash ({kind} 8-)"
            )
        x = _top(m.group(2), item, family, f"{kind} X-")
        low = _popcount(vmask & ((2 << x) - 1))
        if kind == "pat":
            return (low == 5) & ~bad
        return low == 4
    m = _TO.fullmatch(item.strip())
    if m and not _CARDS.fullmatch(item):
        k = m.group(1)
        if k not in ("1", "2", "3", "4", "5"):
            raise ValueError(f"bad range token {k!r} in {item!r}: K to X takes a count K from 1 to 5")
        if not m.group(2):
            raise ValueError(f"bad range token {m.group(0)!r} in {item!r}: write K to X (3 to 7)")
        x = _top(m.group(2), item, family, "K to X")
        return _popcount(vmask & ((2 << x) - 1)) == int(k)
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
            raise ValueError(f"bad range token {token!r} in {item!r}: {_HELP}") from None
        key = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)))
        out[order[np.searchsorted(keys, key)]] = True
    return out


@lru_cache(maxsize=16)
def _parse(text: str, family: str) -> Combos:
    hands = all_hands()
    weight = item_weights(text, len(hands), partial(_match, family=family), holds=f"hand in {family}")
    keep = np.flatnonzero(weight)
    return Combos(hands[keep], weight[keep], " ".join(text.split()))


def parse_range(text: str, family: str = "deuce_to_seven") -> Combos:
    """The hands of a range (module docstring) as :class:`~simkit.hands.ranges.Combos` of
    five cards, every hand once, its weight the weight of the first item naming it.

    Parameters
    ----------
    text
        The range, e.g. ``"pat 8-"``, ``"draw 7-:2, 3 to 7"``, ``"7s5h4d3c2s|8h6d4c3s2h"``.
    family
        ``deuce_to_seven`` (2-7, R-T1) or ``ace_to_five`` (A-5, R-T5): where the ace counts
        and whether straights and flushes do.

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
    >>> r = parse_range("pat 7-:3, 7s5h4d3c2s")
    >>> len(r), sorted(set(r.weights.tolist()))
    (4080, [3.0])
    >>> parse_range("pat 6-")
    Traceback (most recent call last):
    ...
    ValueError: range item 'pat 6-' holds no hand in deuce_to_seven
    >>> parse_range("pat 8")
    Traceback (most recent call last):
    ...
    ValueError: bad range token '8' in 'pat 8': write pat X- with the dash (pat 8-)
    >>> parse_range("6 to 7")
    Traceback (most recent call last):
    ...
    ValueError: bad range token '6' in '6 to 7': K to X takes a count K from 1 to 5
    """
    if not isinstance(text, str):
        raise ValueError(f"a range must be a string, got {text!r}")
    return _parse(text, _family(family))


def is_range_text(text: str) -> bool:
    """Whether ``text`` is meant as a range rather than a five-card hand: it is a range when it
    has a comma, a colon, ``|``, a dash or a word of the grammar; cards alone are a hand (and
    a mistyped card is reported as one).

    >>> [is_range_text(t) for t in ("7s 5h 4d 3c 2s", "7s5h4d3c2z", "pat 8-", "3 to 7", "any")]
    [False, False, True, True, True]
    """
    return bool(_RANGE_MARK.search(text))
