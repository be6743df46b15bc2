"""Razz and its variants: the fixed facts, the one :class:`Rules` of a table, and the hand
notation of the tools.

Variants (R-Z6), by the names every tool takes (``Rules(variant=...)``, ``--variant``):

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
first (R-Z7).  Ties of visible hands go to the player nearest the dealer's left, as in R-Z3.

:class:`Rules` holds every agreed setting of a table (R-Z5 defaults: ante 1, bring-in 2,
small bet 5, big bet 10, 200 chips each; one bet and three raises, R-Z3; the private round's
ante 2, R-Z7) and is the only place a default lives; :data:`VARIANTS` maps each variant's
name to its default :class:`Rules`.

A hand is written as its cards, optionally ``down / up`` (``"As 2d / 3c"``); ``?`` stands for
a card that has been dealt but is not known (an opponent's down card).  In the order of the
deal, cards 1, 2 and 7 are down and 3 to 6 up, so a hand has at most three down cards and four
up cards.

Examples
--------
>>> r = Rules(variant="private")
>>> r.ante_posted, r.structure().forced.tolist()[:4]
(2, [2, 0, 0, 0])
>>> Rules(big_bet=0)
Traceback (most recent call last):
...
ValueError: big_bet must be a whole number >= 1, got 0
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
from dataclasses import dataclass, replace

import numpy as np

from ...cards import CARD_DTYPE, format_cards, parse_cards
from ...checks import INT_LIMIT, is_int
from ...jit import njit
from ...poker.structure import Structure
from ...poker.structure import razz as razz_structure

__all__ = [
    "DEFAULTS",
    "FAMILY_OF",
    "Hand",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Rules",
    "VARIANTS",
    "VARIANT_NAMES",
    "as_rules",
    "check_variant",
    "format_hand",
    "parse_hand",
    "parse_dead",
    "variant_code",
]

#: The variants, in the order of their integer codes inside the kernels.
VARIANT_NAMES = ("razz", "private", "stud-high", "stud-hilo", "ace-to-six")
V_RAZZ, V_PRIVATE, V_HIGH, V_HILO, V_A6 = range(5)
#: Players at a table (R-Z5).
MIN_PLAYERS, MAX_PLAYERS = 2, 8

#: The hand-evaluator family of each variant's showdown (stud-hilo: high and eight_or_better).
FAMILY_OF = {
    "razz": "ace_to_five",
    "private": "ace_to_five",
    "stud-high": "high",
    "stud-hilo": "high",
    "ace-to-six": "ace_to_six",
}


@njit(cache=True, inline="always")
def _razz_value(card):
    """A card's value with the ace low (R-Z1): A = 1, 2 = 2 … K = 13 (inside kernels)."""
    r = np.int64(card) >> 2
    return 1 if r == 12 else r + 2


def check_variant(variant: str) -> str:
    """Return ``variant`` if it is one of :data:`VARIANTS`, else raise ``ValueError``."""
    if variant not in VARIANT_NAMES:
        raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANT_NAMES)}")
    return variant


def variant_code(variant: str) -> int:
    """The integer code of ``variant`` used inside kernels.

    >>> variant_code("stud-hilo")
    3
    """
    return VARIANT_NAMES.index(check_variant(variant))


def _whole(name: str, value, least: int) -> None:
    if not is_int(value) or value < least:
        raise ValueError(f"{name} must be a whole number >= {least}, got {value!r}")
    if value > INT_LIMIT:
        raise ValueError(f"{name} must be at most 2**53, got {value!r}")


@dataclass(frozen=True)
class Rules:
    """Every agreed setting of a Razz table (R-Z5 defaults, R-Z6/R-Z7 variants).

    ``variant`` one of :data:`VARIANT_NAMES`; ``ante``, ``bring_in``, ``small_bet`` (third and
    fourth street) and ``big_bet`` (fifth to seventh) in chips; ``stacks`` the chips every
    seat starts a hand with; ``max_raises`` the raises allowed after the bet (R-Z3: one bet and
    three raises); ``private_ante`` the higher ante of the private round, which has no
    bring-in (R-Z7).  Raises ``ValueError`` naming a bad value.
    """

    variant: str = "razz"
    ante: int = 1
    bring_in: int = 2
    small_bet: int = 5
    big_bet: int = 10
    stacks: int = 200
    max_raises: int = 3
    private_ante: int = 2

    def __post_init__(self):
        check_variant(self.variant)
        for name, least in (
            ("ante", 0),
            ("bring_in", 0),
            ("small_bet", 1),
            ("big_bet", 1),
            ("stacks", 1),
            ("max_raises", 0),
            ("private_ante", 0),
        ):
            _whole(name, getattr(self, name), least)
        if self.bring_in >= self.small_bet:
            raise ValueError(f"bring_in must be smaller than small_bet={self.small_bet}, got {self.bring_in}")

    @property
    def code(self) -> int:
        """The variant's integer code inside the kernels."""
        return variant_code(self.variant)

    @property
    def private(self) -> bool:
        """The private round (R-Z6): no bring-in, the higher ante."""
        return self.variant == "private"

    @property
    def ante_posted(self) -> int:
        """The ante every seat posts: ``private_ante`` in the private round, else ``ante``."""
        return self.private_ante if self.private else self.ante

    def structure(self) -> Structure:
        """The betting structure: small bets on 3rd and 4th street, big bets from 5th, the
        bring-in (none in the private round) and ``max_raises`` raises a round (R-Z3, R-Z5)."""
        return razz_structure(
            self.ante_posted,
            self.bring_in,
            self.small_bet,
            self.big_bet,
            private=self.private,
            cap=self.max_raises,
        )

    def unused(self) -> dict[str, str]:
        """The settings these rules never read, each with the reason (a command line refuses
        them when typed): ``ante`` and ``bring_in`` in the private round, ``private_ante``
        elsewhere.

        >>> sorted(Rules(variant="private").unused()), list(Rules().unused())
        (['ante', 'bring_in'], ['private_ante'])
        """
        if self.private:
            return {
                "ante": "is not used in the private round: every seat antes the private ante (R-Z7)",
                "bring_in": "is not used in the private round: it has no bring-in (R-Z6)",
            }
        return {"private_ante": f"is the ante of the private round only, not of {self.variant}"}

    def replace(self, **changes) -> Rules:
        """A copy with ``changes`` (checked again)."""
        return replace(self, **changes)


def as_rules(rules: Rules | None = None, variant: str | None = None, stacks: int | None = None) -> Rules:
    """``rules`` (default :class:`Rules`), with the shorthands ``variant`` and ``stacks`` of the
    older keyword arguments applied when given.

    >>> as_rules(variant="stud-high", stacks=50)
    Rules(variant='stud-high', ante=1, bring_in=2, small_bet=5, big_bet=10, stacks=50, max_raises=3, private_ante=2)
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be a razz Rules, got {rules!r}")
    changes = {k: v for k, v in (("variant", variant), ("stacks", stacks)) if v is not None}
    return rules.replace(**changes) if changes else rules


#: Each variant's name mapped to its default :class:`Rules` (iterates over the names in the
#: order of their kernel codes).
VARIANTS = {name: Rules(variant=name) for name in VARIANT_NAMES}

#: R-Z5 defaults as a plain mapping (read from :class:`Rules`; kept for older callers).
DEFAULTS = {
    "ante": Rules.ante,
    "bring_in": Rules.bring_in,
    "small_bet": Rules.small_bet,
    "big_bet": Rules.big_bet,
    "chips": Rules.stacks,
    "private_ante": Rules.private_ante,
    "min_players": MIN_PLAYERS,
    "max_players": MAX_PLAYERS,
}


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
        raise ValueError(f"hand {text!r} has 3 down cards before the 7th street card is dealt")
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
    up = [format_cards(hand.known[hand.n_down :])] if hand.n_up else []
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
    if text is not None and not isinstance(text, str):
        raise ValueError(f"dead cards are a card string such as 'Kh Qs ? ?', got {text!r}")
    if text is None or not text.strip():
        return np.zeros(0, dtype=CARD_DTYPE), 0
    cards, unknown = _split_tokens(text.replace("/", " "))
    arr = np.array(cards, dtype=CARD_DTYPE)
    if np.unique(arr).size != arr.size:
        values, counts = np.unique(arr, return_counts=True)
        raise ValueError(f"dead card {format_cards([values[counts > 1][0]])!r} is given twice")
    return arr, unknown
