"""Razz and its variants: defaults, showdown families, and the hand notation of the tools.

Variants (R-Z6), by the names every tool takes (``variant=``, ``--variant``):

============  =========================================  ==============================
name          showdown                                    betting
============  =========================================  ==============================
razz          A-5 low of seven (R-Z1)                     bring-in by the highest upcard
private       A-5 low of seven (R-Z1)                     no bring-in, lowest hand opens
stud-high     standard high of seven                      bring-in by the lowest upcard
stud-hilo     high half and eight-or-better low half      bring-in by the lowest upcard
ace-to-six    A-6 low of seven (straights, flushes bad)   as razz
============  =========================================  ==============================

Stud high and Stud Hi-Lo follow the usual Seven-Card Stud conventions, which the Razz
document leaves to the (absent) Seven-Card Stud document: the lowest upcard brings in (ace
high, ties to the lower suit, ♣ lowest), and from fourth street the highest visible hand acts
first.  Ties of visible hands go to the player nearest the dealer's left, as in R-Z3.

A hand is written as its cards, optionally ``down / up`` (``"As 2d / 3c"``); ``?`` stands for
a card that has been dealt but is not known (an opponent's down card).  In the order of the
deal, cards 1, 2 and 7 are down and 3 to 6 up, so a hand has at most three down cards and four
up cards.

Examples
--------
>>> h = parse_hand("As 2d / 3c")
>>> h.known.tolist(), h.unknown, h.n_cards
([51, 1, 4], 0, 3)
>>> parse_hand("? ? / Kh 9c").n_cards
4
>>> check_variant("stud8")
Traceback (most recent call last):
...
ValueError: unknown variant 'stud8'; expected one of razz, private, stud-high, stud-hilo, ace-to-six
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ...cards import CARD_DTYPE, format_cards, parse_cards

__all__ = [
    "DEFAULTS",
    "FAMILY_OF",
    "Hand",
    "VARIANTS",
    "check_variant",
    "format_hand",
    "parse_hand",
    "parse_dead",
    "variant_code",
]

#: The variants, in the order of their integer codes inside the kernels.
VARIANTS = ("razz", "private", "stud-high", "stud-hilo", "ace-to-six")
V_RAZZ, V_PRIVATE, V_HIGH, V_HILO, V_A6 = range(5)

#: The hand-evaluator family of each variant's showdown (stud-hilo: high and eight_or_better).
FAMILY_OF = {
    "razz": "ace_to_five",
    "private": "ace_to_five",
    "stud-high": "high",
    "stud-hilo": "high",
    "ace-to-six": "ace_to_six",
}

#: R-Z5 defaults: ante 1, bring-in 2, small bet 5, big bet 10, 200 chips each, 2-8 players.
#: The private round (R-Z6) has no bring-in and a higher ante (2 here, the document says only
#: "higher").
DEFAULTS = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "chips": 200,
            "private_ante": 2, "min_players": 2, "max_players": 8}


def check_variant(variant: str) -> str:
    """Return ``variant`` if it is one of :data:`VARIANTS`, else raise ``ValueError``."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    return variant


def variant_code(variant: str) -> int:
    """The integer code of ``variant`` used inside kernels.

    >>> variant_code("stud-hilo")
    3
    """
    return VARIANTS.index(check_variant(variant))


@dataclass(frozen=True)
class Hand:
    """A player's cards as far as they are known.

    ``known`` are the known cards (down ones first), ``unknown`` the number of dealt but
    unknown cards, ``n_down`` / ``n_up`` how many known cards are down / up and
    ``unknown_down`` how many of the unknown ones are down (``n_down`` is ``-1`` when the hand
    was written without a ``/``: then it is not said which cards are up).
    """

    known: np.ndarray
    unknown: int
    n_down: int = -1
    n_up: int = -1
    unknown_down: int = 0

    @property
    def n_cards(self) -> int:
        """Cards dealt to the hand so far, known or not."""
        return int(self.known.size) + self.unknown


_UNKNOWN = re.compile(r"\?+|[xX]{2}")


def _split_tokens(text: str) -> tuple[list[int], int]:
    """Cards and the number of ``?`` in ``text`` (``??`` counts two)."""
    unknown = 0
    cards: list[int] = []
    for chunk in re.split(r"[\s,;]+", text.strip()):
        if not chunk:
            continue
        if _UNKNOWN.fullmatch(chunk):
            unknown += chunk.count("?") or 1
            continue
        if "?" in chunk:
            raise ValueError(f"unknown card {chunk!r}: write an unknown card as a separate '?'")
        cards.extend(parse_cards(chunk).tolist())
    return cards, unknown


def parse_hand(text: str) -> Hand:
    """Parse one player's cards: ``"As 2d 3c"``, ``"As 2d / 3c 7h"`` (down / up) or with ``?``.

    Raises ``ValueError`` naming the bad token, or the hand, when it has a repeated card,
    more than seven cards, more than three down or more than four up cards.

    >>> parse_hand("As 2d 3c 4h 5s 6d 7c 8h")
    Traceback (most recent call last):
    ...
    ValueError: hand 'As 2d 3c 4h 5s 6d 7c 8h' has 8 cards; a stud hand has at most 7
    >>> parse_hand("As 2d 3c / 4h")
    Traceback (most recent call last):
    ...
    ValueError: hand 'As 2d 3c / 4h' has 3 down cards before the 7th street card is dealt
    """
    if not isinstance(text, str):
        raise ValueError(f"a hand must be a card string, got {text!r}")
    parts = text.split("/")
    if len(parts) > 2:
        raise ValueError(f"hand {text!r} has more than one '/' (write down cards / up cards)")
    down, n_unknown_down = _split_tokens(parts[0])
    up, n_unknown_up = ([], 0) if len(parts) == 1 else _split_tokens(parts[1])
    known = np.array(down + up, dtype=CARD_DTYPE)
    if np.unique(known).size != known.size:
        values, counts = np.unique(known, return_counts=True)
        raise ValueError(f"repeated card {format_cards([values[counts > 1][0]])!r} in hand {text!r}")
    unknown = n_unknown_down + n_unknown_up
    total = known.size + unknown
    if total > 7:
        raise ValueError(f"hand {text!r} has {total} cards; a stud hand has at most 7")
    if len(parts) == 1:
        return Hand(known, unknown)
    n_down, n_up = len(down) + n_unknown_down, len(up) + n_unknown_up
    if n_up > 4:
        raise ValueError(f"hand {text!r} has {n_up} up cards; a stud hand shows at most 4")
    if n_down > 3:
        raise ValueError(f"hand {text!r} has {n_down} down cards; a stud hand has at most 3")
    if n_down == 3 and n_up < 4:
        raise ValueError(
            f"hand {text!r} has 3 down cards before the 7th street card is dealt")
    if n_down < 2 and n_up > 0:
        raise ValueError(f"hand {text!r} has up cards but fewer than two down cards")
    return Hand(known, unknown, len(down), len(up), n_unknown_down)


def format_hand(hand: Hand) -> str:
    """Write a :class:`Hand` back as text.

    >>> format_hand(parse_hand("as 2d / 3c ?"))
    'As 2d / 3c ?'
    >>> format_hand(parse_hand("? ? / Kh"))
    '? ? / Kh'
    """
    if hand.n_down < 0:
        return " ".join(filter(None, [format_cards(hand.known)] + ["?"] * hand.unknown))
    down = [format_cards(hand.known[: hand.n_down])] if hand.n_down else []
    up = [format_cards(hand.known[hand.n_down:])] if hand.n_up else []
    down += ["?"] * hand.unknown_down
    up += ["?"] * (hand.unknown - hand.unknown_down)
    return f"{' '.join(down)} / {' '.join(up)}".strip()


def parse_dead(text: str | None) -> tuple[np.ndarray, int]:
    """Dead cards (folded upcards) and the number of unknown dead cards (``?``: folded down
    cards), from a card string.

    >>> cards, unknown = parse_dead("Kh Qs ? ?")
    >>> format_cards(cards), unknown
    ('Kh Qs', 2)
    """
    if text is None or not text.strip():
        return np.zeros(0, dtype=CARD_DTYPE), 0
    cards, unknown = _split_tokens(text.replace("/", " "))
    arr = np.array(cards, dtype=CARD_DTYPE)
    if np.unique(arr).size != arr.size:
        values, counts = np.unique(arr, return_counts=True)
        raise ValueError(f"dead card {format_cards([values[counts > 1][0]])!r} is given twice")
    return arr, unknown
