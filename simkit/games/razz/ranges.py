"""Ranges of Razz (and stud) starts: a small grammar for the three-card starts a player may hold.

A range is a comma-separated list of *items*, each optionally weighted ``ITEM:WEIGHT``
(``"A23:2,A24:1"``).  An item is a *pattern* of three card symbols or a *name*; ranks are
written ``A 2 3 4 5 6 7 8 9 T J Q K`` (or ``10``, any case), the ace low as in Razz (R-Z1).

Card symbols
    ``A`` … ``K``   a card of that rank, any suit;
    ``Ah``          that very card (suits ``c d h s`` or ``♣ ♦ ♥ ♠``);
    ``*`` or ``x``  any card;
    ``8-``          any card 8 or lower (ace low);
    ``*8-``         every remaining symbol of the pattern (or of its part, see ``/``) is a
                    card 8 or lower, and the whole start has no pair.

Patterns
    ``A23``         an ace, a deuce and a three, any suits (64 deals);
    ``A2*``         an ace, a deuce and any third card (pairs included);
    ``*8-``         three different cards 8 or lower; ``A*8-``: an ace and two other
                    different cards 8 or lower; ``8*7-``: 8-high (8 and two of A-7);
    ``A2/3``        upcard fixed: ``A`` and ``2`` down, the ``3`` up (without ``/`` any of the
                    three cards may be the upcard); ``**/Kh``: any start showing the K♥.
Names
    ``pair``        exactly one pair; ``trips``: three of a kind; ``any``: every start;
    ``top15%``      the best starts of the committed start table
                    (:data:`~.start_order.START_ORDER`, heads-up equity, ace low), taken in order
                    while they cover at most 15 % of the 22,100 three-card deals (at least one
                    start; any number, e.g. ``top7.5%``).

Whitespace inside an item is ignored (``"As 2d / 3c"`` is one start).  Every combo of a range
keeps its combinatorial weight: a start is as likely as the number of its deals in the
range, and a weight multiplies that (``A23:2`` makes each ``A23`` deal twice as likely as a
weight-1 deal).  A start named by several items counts once, with the weight of the first
item that names it.  Up and down cards change nothing at the showdown; the ``/`` only
chooses which starts (and how many of their deals) belong to the range: ``**/K`` holds a
``K-K-5`` start twice as often as a ``K-7-5`` (either king may be up).

A range stands for a third-street start (three cards); the rest of the hand is dealt.  Card
removal is counted: a combo holding a card known elsewhere is not dealt, and players'
ranges are dealt jointly without a card twice (:mod:`simkit.hands.ranges`).

Examples
--------
>>> r = parse_range("A23")
>>> len(r), r.total
(64, 192.0)
>>> len(parse_range("*8-")), len(parse_range("pair")), len(parse_range("A2/3h"))
(3584, 3744, 16)
>>> len(parse_range("top15%"))
3264
>>> parse_range("A2Z")
Traceback (most recent call last):
...
ValueError: bad range token 'Z' in 'A2Z': expected a rank (A 2-9 T J Q K), a card (Ah), * or x (any card), 8- (a card 8 or lower), *8- (the rest unpaired, 8 or lower), or a name (pair, trips, any, top15%)
"""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations

import numpy as np

from ...cards import N_CARDS
from ...hands.ranges import Combos, item_weights
from .start_order import START_ORDER

__all__ = ["is_range_text", "parse_range", "top_patterns"]

#: Razz value of each card (A = 1, 2 = 2 … K = 13), by card integer.
_VALUE = np.array([1 if c // 4 == 12 else c // 4 + 2 for c in range(N_CARDS)], dtype=np.int64)
_RANK = "A23456789TJQK"  # index + 1 = Razz value
_SUITS = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_HELP = (
    "expected a rank (A 2-9 T J Q K), a card (Ah), * or x (any card), 8- (a card 8 or lower), "
    "*8- (the rest unpaired, 8 or lower), or a name (pair, trips, any, top15%)"
)
_TOKEN = re.compile(
    r"(?P<fill>[*xX](?P<fv>10|[2-9TJQKAtjqka])-)"
    r"|(?P<any>[*xX])"
    r"|(?P<rank>10|[2-9TJQKAtjqka])(?P<suit>[cdhs♣♦♥♠])?(?P<low>-)?"
)
_TOP = re.compile(r"top(\d+(?:\.\d*)?|\.\d+)%", re.IGNORECASE)
#: What only a range has: a separator, a weight, a percentage, a star or a rank without a suit.
_RANGE_MARK = re.compile(
    r"[,:%*]|(?<![A-Za-z])(10|[2-9TJQKAtjqka])(?![cdhs♣♦♥♠♧♢♡♤])|\b(any|random|pair|trips|top)",
    re.IGNORECASE,
)


def _value(text: str) -> int:
    return 10 if text == "10" else _RANK.index(text.upper()) + 1


@cache
def _universe() -> tuple[np.ndarray, np.ndarray]:
    """All 22,100 three-card sets (ascending cards) and their rank keys (sorted Razz values as
    one integer)."""
    sets = np.array(list(combinations(range(N_CARDS), 3)), dtype=np.int64)
    v = np.sort(_VALUE[sets], axis=1)
    keys = (v[:, 0] * 14 + v[:, 1]) * 14 + v[:, 2]
    return sets, keys


def _pattern_key(name: str) -> int:
    """``'3-2-A'`` -> the rank key of its sets."""
    v = sorted(_value(t) for t in name.split("-"))
    return (v[0] * 14 + v[1]) * 14 + v[2]


def top_patterns(percent: float) -> tuple[str, ...]:
    """The best starts of :data:`~.start_order.START_ORDER`, in order, while their deals stay
    within ``percent`` % of the 22,100 (at least the best one).

    >>> top_patterns(1)
    ('5-3-A', '5-2-A', '4-2-A')
    """
    if not 0 < percent <= 100:
        raise ValueError(f"a top percentage must be in (0, 100], got {percent!r}")
    _, keys = _universe()
    deals = {k: int(n) for k, n in zip(*np.unique(keys, return_counts=True))}
    limit = percent / 100 * len(keys)
    out: list[str] = []
    covered = 0
    for name in START_ORDER:
        covered += deals[_pattern_key(name)]
        if out and covered > limit + 1e-9:
            break
        out.append(name)
    return tuple(out)


def _symbols(part: str, item: str) -> tuple[list[np.ndarray], int]:
    """The card symbols of one pattern part as 52-card masks, and the ``N`` of a closing
    ``*N-`` (0 without one: then the caller fills nothing)."""
    masks: list[np.ndarray] = []
    fill = None
    pos = 0
    while pos < len(part):
        m = _TOKEN.match(part, pos)
        if not m:
            bad = re.match(r"[A-Za-z]+|.", part[pos:])
            raise ValueError(f"bad range token {bad.group(0) if bad else part[pos:]!r} in {item!r}: {_HELP}")
        pos = m.end()
        if fill is not None:
            raise ValueError(
                f"bad range token {m.group(0)!r} in {item!r}: {fill[0]!r} fills the rest of the pattern"
            )
        if m.group("fill"):
            fill = (m.group("fill"), _value(m.group("fv")))
        elif m.group("any"):
            masks.append(np.ones(N_CARDS, bool))
        else:
            v = _value(m.group("rank"))
            if m.group("suit") and m.group("low"):
                raise ValueError(f"bad range token {m.group(0)!r} in {item!r}: {_HELP}")
            if m.group("low"):
                masks.append(_VALUE <= v)
            elif m.group("suit"):
                mask = np.zeros(N_CARDS, bool)
                rank = 12 if v == 1 else v - 2
                mask[4 * rank + _SUITS[m.group("suit")]] = True
                masks.append(mask)
            else:
                masks.append(_VALUE == v)
    return masks, (fill[1] if fill else 0)


def _fill(masks: list[np.ndarray], low: int, n: int, item: str, part: str) -> list[np.ndarray]:
    if low:
        if len(masks) >= n:
            raise ValueError(
                f"range item {item!r}: nothing left for the '*{_RANK[low - 1]}-' to fill in {part!r}"
            )
        masks = masks + [_VALUE <= low] * (n - len(masks))
    if len(masks) != n:
        raise ValueError(
            f"range item {item!r} has {len(masks)} cards in {part!r} where {n} are needed "
            "(a start is three cards, two down / one up; * is any card)"
        )
    return masks


def _match(item: str) -> np.ndarray:
    """Membership of one item: ``(22100, 3)`` booleans, set ``s`` dealt with its card ``u``
    up (and the other two down) belongs to the item."""
    sets, keys = _universe()
    name = item.lower()
    v = _VALUE[sets]
    paired = (v[:, 0] == v[:, 1]) | (v[:, 1] == v[:, 2]) | (v[:, 0] == v[:, 2])
    trips = (v[:, 0] == v[:, 1]) & (v[:, 1] == v[:, 2])
    every = np.ones((len(sets), 3), bool)
    if name in ("any", "random"):
        return every
    if name == "pair":
        return every & (paired & ~trips)[:, None]
    if name == "trips":
        return every & trips[:, None]
    top = _TOP.fullmatch(item)
    if top:
        wanted = [_pattern_key(p) for p in top_patterns(float(top.group(1)))]
        return every & np.isin(keys, wanted)[:, None]
    word = re.match(r"[A-Za-z]+", item)
    if word and re.search(r"[^AaTtJjQqKkxXcdhs]", word.group(0)):
        raise ValueError(f"bad range token {word.group(0)!r} in {item!r}: {_HELP}")
    parts = item.split("/")
    if len(parts) > 2:
        raise ValueError(f"range item {item!r} has more than one '/' (write down cards / up card)")
    if len(parts) == 1:
        masks, low = _symbols(item, item)
        slots = _fill(masks, low, 3, item, item)
        hit = np.zeros(len(sets), bool)
        for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
            hit |= slots[0][sets[:, p[0]]] & slots[1][sets[:, p[1]]] & slots[2][sets[:, p[2]]]
        if low:
            hit &= ~paired
        return every & hit[:, None]
    down, dlow = _symbols(parts[0], item)
    up, ulow = _symbols(parts[1], item)
    down = _fill(down, dlow, 2, item, parts[0] or "/")
    up = _fill(up, ulow, 1, item, parts[1] or "/")
    out = np.zeros((len(sets), 3), bool)
    for u in range(3):  # card u of the set is the upcard
        a, b = [j for j in range(3) if j != u]
        ca, cb = sets[:, a], sets[:, b]
        out[:, u] = up[0][sets[:, u]] & ((down[0][ca] & down[1][cb]) | (down[0][cb] & down[1][ca]))
    if dlow or ulow:
        out &= ~paired[:, None]
    return out


def parse_range(text: str) -> Combos:
    """The starts of a range (see the module docstring for the grammar) as
    :class:`~simkit.hands.ranges.Combos`: every three-card set once, its weight = deals in
    the range times the item's weight.

    Raises ``ValueError`` naming the bad token, weight or item.

    >>> r = parse_range("A23:2, A24")
    >>> len(r), sorted(set(r.weights.tolist()))
    (128, [3.0, 6.0])
    >>> parse_range("A2")
    Traceback (most recent call last):
    ...
    ValueError: range item 'A2' has 2 cards in 'A2' where 3 are needed (a start is three cards, two down / one up; * is any card)
    >>> parse_range("A23:0")
    Traceback (most recent call last):
    ...
    ValueError: bad range weight '0' in 'A23:0': a weight is a positive number
    """
    if not isinstance(text, str):
        raise ValueError(f"a range must be a string, got {text!r}")
    sets, _ = _universe()
    # per deal: which card is up
    weight = item_weights(text, (len(sets), 3), _match, holds="start", tidy=lambda s: re.sub(r"\s+", "", s))
    per_set = weight.sum(axis=1)
    keep = per_set > 0
    return Combos(sets[keep], per_set[keep], " ".join(text.split()))


def is_range_text(text: str) -> bool:
    """Whether ``text`` is meant as a range rather than a hand of cards: it is a range when it
    has a comma, a colon, ``%``, ``*``, a name or a rank without a suit (``A23``); cards with
    suits, ``?`` and ``/`` are a hand (and a mistyped card is reported as one).

    >>> [is_range_text(t) for t in ("As 2d / 3c", "? ? / Kh", "Zq", "A2/3", "top10%", "pair")]
    [False, False, False, True, True, True]
    """
    return bool(_RANGE_MARK.search(text))
