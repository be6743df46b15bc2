"""Cards as small integers, and the text spellings players use for them.

A card is one integer ``4 * rank + suit`` in ``0..51``:

- ``rank`` 0..12 stands for ``2 3 4 5 6 7 8 9 T J Q K A`` (R-C1);
- ``suit`` 0..3 stands for ``c d h s`` (♣ ♦ ♥ ♠), so a higher suit index is the higher suit
  in the one place suits order anything, the Razz bring-in tie (R-C2).

Card arrays use :data:`CARD_DTYPE` (``int8``) so that millions of hands stay small.

Examples
--------
>>> parse_cards("As Kd 10♥ Dc Bs")
array([51, 45, 34, 40, 39], dtype=int8)
>>> format_cards(parse_cards("as kd 10h dc bs"))
'As Kd Th Qc Js'
>>> rank_of(parse_cards("2c As"))
array([ 0, 12], dtype=int8)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from .checks import holds_bool

__all__ = [
    "CARD_DTYPE",
    "N_CARDS",
    "N_RANKS",
    "N_SUITS",
    "RANK_CHARS",
    "SUIT_CHARS",
    "as_cards",
    "card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]

CARD_DTYPE = np.int8
N_RANKS = 13
N_SUITS = 4
N_CARDS = 52

#: English rank letters, index = rank.
RANK_CHARS = "23456789TJQKA"
#: Suit letters, index = suit (♣ ♦ ♥ ♠).
SUIT_CHARS = "cdhs"

_RANK_SPELLINGS = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_SPELLINGS.update({"10": 8, "D": 10, "B": 9})  # German Dame and Bube (R-C1)
_SUIT_SPELLINGS = {
    "c": 0,
    "d": 1,
    "h": 2,
    "s": 3,
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
}
# One card: a rank spelling followed by a suit spelling.  "10" is tried before single digits.
_CARD_RE = re.compile(r"(10|[2-9TJQKADB])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)


def card(rank: int, suit: int) -> int:
    """The card integer of ``rank`` (0 = deuce … 12 = ace) and ``suit`` (0 = ♣ … 3 = ♠).

    >>> card(12, 3)
    51
    >>> card(13, 0)
    Traceback (most recent call last):
    ...
    ValueError: rank 13 is out of range 0..12
    """
    if not 0 <= rank < N_RANKS:
        raise ValueError(f"rank {rank} is out of range 0..12")
    if not 0 <= suit < N_SUITS:
        raise ValueError(f"suit {suit} is out of range 0..3")
    return 4 * rank + suit


def parse_card(token: str) -> int:
    """Parse one card such as ``"As"``, ``"10♥"``, ``"Dc"`` (German queen) or ``"bs"``.

    >>> parse_card("Td") == parse_card("10d") == parse_card("10♦")
    True
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    ValueError: unknown card '1x': expected a rank (2-9, 10/T, J/B, Q/D, K, A) and a suit (s h d c or ♠ ♥ ♦ ♣)
    """
    m = _CARD_RE.fullmatch(token.strip())
    if m is None:
        raise ValueError(
            f"unknown card {token!r}: expected a rank (2-9, 10/T, J/B, Q/D, K, A) "
            "and a suit (s h d c or ♠ ♥ ♦ ♣)"
        )
    rank = _RANK_SPELLINGS[m.group(1).upper()]
    suit = _SUIT_SPELLINGS[m.group(2).lower()]
    return 4 * rank + suit


def _tokens(text: str) -> list[str]:
    """Split a card string into one token per card.

    Cards may be separated by spaces or commas, or written together (``"AsKd10h"``).
    """
    tokens: list[str] = []
    for chunk in re.split(r"[\s,;]+", text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            m = _CARD_RE.match(chunk, pos)
            if m is None:
                # Report the whole chunk when it is one bad token, else the bad rest of it.
                bad = chunk if pos == 0 else chunk[pos:]
                parse_card(bad)  # raises the ValueError naming the bad token
            assert m is not None  # parse_card raised above otherwise
            tokens.append(m.group(0))
            pos = m.end()
    return tokens


def parse_cards(text: str | Iterable[str], n: int | None = None) -> np.ndarray:
    """Parse a card string into an array of card integers.

    Parameters
    ----------
    text
        Cards separated by spaces or commas (``"As Kd 10♥ Dc Bs"``) or written together
        (``"AsKd"``), or an iterable of single-card tokens.  Ranks ``2-9 10 T J Q K A`` and the
        German ``B`` (Bube) and ``D`` (Dame); suits ``s h d c`` or ``♠ ♥ ♦ ♣``; any case.
    n
        The number of cards the caller needs; ``None`` accepts any number.

    Returns
    -------
    numpy.ndarray
        The cards, in the order given, as :data:`CARD_DTYPE`.

    Raises
    ------
    ValueError
        For an unknown token, a repeated card or the wrong number of cards; the message names
        the offending token.

    Examples
    --------
    >>> parse_cards("AsKd")
    array([51, 45], dtype=int8)
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    ValueError: repeated card 'As' in 'As Kd As'
    >>> parse_cards("As Kd", n=5)
    Traceback (most recent call last):
    ...
    ValueError: expected 5 cards, got 2 in 'As Kd'
    """
    source = text if isinstance(text, str) else " ".join(text)
    tokens = _tokens(source)
    cards = [parse_card(t) for t in tokens]
    seen: dict[int, str] = {}
    for tok, c in zip(tokens, cards):
        if c in seen:
            raise ValueError(f"repeated card {tok!r} in {source.strip()!r}")
        seen[c] = tok
    if n is not None and len(cards) != n:
        raise ValueError(f"expected {n} cards, got {len(cards)} in {source.strip()!r}")
    return np.array(cards, dtype=CARD_DTYPE)


def format_cards(cards: Iterable[int] | np.ndarray) -> str:
    """Write cards as English tokens (``"As Kd Th"``), the reverse of :func:`parse_cards`.

    >>> format_cards([0, 51])
    '2c As'
    >>> format_cards([52])
    Traceback (most recent call last):
    ...
    ValueError: card 52 is out of range 0..51
    >>> format_cards([1.5])
    Traceback (most recent call last):
    ...
    ValueError: a card is an integer 0..51, got 1.5
    """
    out = []
    for c in np.asarray(cards).ravel().tolist():
        if isinstance(c, bool) or not isinstance(c, int):
            raise ValueError(f"a card is an integer 0..51, got {c!r}")
        if not 0 <= c < N_CARDS:
            raise ValueError(f"card {c} is out of range 0..51")
        out.append(RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3])
    return " ".join(out)


def as_cards(
    cards: str | Iterable[int] | np.ndarray, what: str = "cards", n: int | None = None
) -> np.ndarray:
    """Cards given as a card string (:func:`parse_cards`) or as card integers 0..51, checked,
    as an int64 array in the order given.

    Parameters
    ----------
    cards
        A card string such as ``"As Kd"``, or a sequence or 1-D array of card integers.
    what
        What the cards are (``"hand"``, ``"dead"``), for the error message.
    n
        The number of cards needed; ``None`` accepts any number.

    Raises
    ------
    ValueError
        For anything but distinct cards (a float, a bool, a number out of range, a card twice)
        or the wrong number of them; the message names the value.

    Examples
    --------
    >>> as_cards("As Kd").tolist(), as_cards([51, 45]).tolist()
    ([51, 45], [51, 45])
    >>> as_cards([51, 51], "hand")
    Traceback (most recent call last):
    ...
    ValueError: hand repeats a card: As As
    >>> as_cards(7, "hand")
    Traceback (most recent call last):
    ...
    ValueError: hand must be a card string or card integers 0..51, got 7
    """
    if isinstance(cards, str):
        return parse_cards(cards, n=n).astype(np.int64)
    try:
        arr = np.asarray(cards if isinstance(cards, np.ndarray) else list(cards))
    except TypeError:  # not iterable
        arr = np.asarray(None)
    ints = arr.ndim == 1 and (arr.size == 0 or np.issubdtype(arr.dtype, np.integer))
    if not ints or holds_bool(cards):
        raise ValueError(f"{what} must be a card string or card integers 0..51, got {cards!r}")
    if arr.size and (arr.min() < 0 or arr.max() >= N_CARDS):
        raise ValueError(f"{what} has a card out of range 0..51: {arr.tolist()}")
    arr = arr.astype(np.int64)
    if np.unique(arr).size != arr.size:
        raise ValueError(f"{what} repeats a card: {format_cards(arr)}")
    if n is not None and arr.size != n:
        raise ValueError(f"{what} must have {n} cards, got {arr.size}")
    return arr


def rank_of(cards: np.ndarray) -> np.ndarray:
    """Rank of each card (0 = deuce … 12 = ace), vectorised over any shape."""
    return np.asarray(cards) >> 2


def suit_of(cards: np.ndarray) -> np.ndarray:
    """Suit of each card (0 = ♣, 1 = ♦, 2 = ♥, 3 = ♠), vectorised over any shape."""
    return np.asarray(cards) & 3
