"""The public evaluators: strengths of many hands at once, and what a strength means.

Examples
--------
>>> from simkit.cards import parse_cards
>>> hands = np.stack([parse_cards("9s 9h 2c 2d Kh"), parse_cards("Ah Kh 9h 7h 5h")])
>>> s = evaluate(hands, "deuces_wild")
>>> bool(s[0] > s[1])
True
>>> describe(s[0], "deuces_wild"), list(category_names(s, "deuces_wild"))
('four nines', ['four_of_a_kind', 'flush'])
>>> describe(evaluate(parse_cards("8s 6h 5d 4c 2s"), "ace_to_five"), "ace_to_five")
'8-6-5-4-2, eight-low'
"""

from __future__ import annotations

import numpy as np

from ..cards import N_CARDS
from .codes import CATEGORIES, FAMILIES, FAMILY_CARDS, category_name, describe_base
from .kernels import _evaluate5_into, _evaluate7_into
from .tables import decode, kernel_tables, strength_codes

__all__ = ["category_names", "check_family", "describe", "evaluate", "family_categories"]


def check_family(family: str, n_cards: int | None = None) -> int:
    """The kernel id of ``family``; ``ValueError`` for an unknown family or hand size.

    >>> check_family("razz")
    Traceback (most recent call last):
    ...
    ValueError: unknown family 'razz'; expected one of high, deuces_wild, deuce_to_seven, ace_to_five, ace_to_six, eight_or_better
    >>> check_family("deuce_to_seven", 7)
    Traceback (most recent call last):
    ...
    ValueError: family 'deuce_to_seven' evaluates 5-card hands, not 7
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    if n_cards is not None and n_cards not in FAMILY_CARDS[family]:
        sizes = " or ".join(str(k) for k in FAMILY_CARDS[family])
        raise ValueError(f"family {family!r} evaluates {sizes}-card hands, not {n_cards}")
    return FAMILIES.index(family)


def _check_hands(hands: np.ndarray, family: str) -> np.ndarray:
    arr = np.asarray(hands)
    if arr.ndim not in (1, 2):
        raise ValueError(f"hands must be one hand or an (n, 5|7) array, got shape {arr.shape}")
    rows = arr.reshape(-1, arr.shape[-1]) if arr.ndim == 2 else arr.reshape(1, -1)
    check_family(family, rows.shape[1])
    if rows.size and not np.issubdtype(rows.dtype, np.integer):
        raise ValueError(f"cards must be integers 0..51, got dtype {rows.dtype}")
    if rows.dtype != np.int8:
        # Out-of-range values must survive the cast to int8 to be reported, so check them here.
        if rows.size and (rows.min() < 0 or rows.max() >= N_CARDS):
            bad = int(rows.min()) if rows.min() < 0 else int(rows.max())
            raise ValueError(f"card {bad} is out of range 0..51")
        rows = rows.astype(np.int8)
    return np.ascontiguousarray(rows)


def _raise_invalid(rows: np.ndarray, i: int) -> None:
    cards = rows[i].tolist()
    wrong = [c for c in cards if not 0 <= c < N_CARDS]
    if wrong:
        raise ValueError(f"card {wrong[0]} is out of range 0..51 (hand {i}: {cards})")
    raise ValueError(f"hand {i} repeats a card: {cards}")


def evaluate(hands: np.ndarray, family: str) -> np.ndarray:
    """Strength of every hand: an integer where greater is better for ``family``.

    The strength is the rank of the hand's class among all classes of the family (0 = the
    weakest), so low families compare the same way as high ones and equal strengths tie.

    Parameters
    ----------
    hands
        Card integers, shape ``(n, 5)`` or ``(n, 7)`` (best five of seven), or one hand.
    family
        ``high``, ``deuces_wild``, ``deuce_to_seven``, ``ace_to_five``, ``ace_to_six`` or
        ``eight_or_better`` (0 = no qualifying low).

    Returns
    -------
    numpy.ndarray
        ``int32`` strengths, shape ``(n,)``; a 0-d array for one hand.

    Examples
    --------
    >>> from simkit.cards import parse_cards
    >>> int(evaluate(parse_cards("7s 5h 4d 3c 2s"), "deuce_to_seven"))
    7461
    >>> evaluate(parse_cards("As Ks"), "high")
    Traceback (most recent call last):
    ...
    ValueError: family 'high' evaluates 5 or 7-card hands, not 2
    """
    single = np.ndim(hands) == 1
    rows = _check_hands(hands, family)
    fam = FAMILIES.index(family)
    out = np.empty(rows.shape[0], dtype=np.int32)
    T = kernel_tables(family)
    kernel = _evaluate5_into if rows.shape[1] == 5 else _evaluate7_into
    bad = kernel(rows.view(np.uint8), fam, T, out)
    if bad >= 0:
        _raise_invalid(rows, bad)
    return out.reshape(()) if single else out


def _check_strengths(strengths, family: str) -> np.ndarray:
    check_family(family)
    s = np.asarray(strengths)
    if s.dtype.kind not in "iu":  # bool, float, text, objects: not strengths
        raise TypeError(f"strengths must be integers (greater is better), got {s.dtype} values")
    n = strength_codes(family).size
    if s.size and (s.min() < 0 or s.max() >= n):
        bad = int(s.min()) if s.min() < 0 else int(s.max())
        raise ValueError(f"strength {bad} is out of range 0..{n - 1} for family {family!r}")
    return s


def family_categories(family: str) -> list[str]:
    """The category names of ``family``, weakest first.

    >>> family_categories("eight_or_better")
    ['no_low', '8-low', '7-low', '6-low', '5-low']
    """
    check_family(family)
    codes = strength_codes(family)
    names: list[str] = []
    for s in range(codes.size):
        name = category_name(*decode(s, family), family)
        if not names or names[-1] != name:
            names.append(name)
    return names


def category_names(strengths, family: str) -> np.ndarray:
    """The category name of each strength (an object array of the same shape).

    >>> category_names([0, 7461], "high").tolist()
    ['high_card', 'straight_flush']
    """
    s = _check_strengths(strengths, family)
    lookup = _category_lookup(family)
    return lookup[s]


_CATEGORY_LOOKUPS: dict[str, np.ndarray] = {}


def _category_lookup(family: str) -> np.ndarray:
    if family not in _CATEGORY_LOOKUPS:
        n = strength_codes(family).size
        _CATEGORY_LOOKUPS[family] = np.array(
            [category_name(*decode(s, family), family) for s in range(n)], dtype=object
        )
    return _CATEGORY_LOOKUPS[family]


def describe(strength: int, family: str) -> str:
    """A readable description of one strength.

    >>> from simkit.cards import parse_cards
    >>> describe(evaluate(parse_cards("Kh Kd 9s 9c Ks"), "high"), "high")
    'full house, kings over nines'
    >>> describe(1.5, "high")
    Traceback (most recent call last):
    ...
    TypeError: strength must be an integer (greater is better), got 1.5
    """
    value = np.asarray(strength)
    if value.ndim != 0 or value.dtype.kind not in "iu":
        raise TypeError(f"strength must be an integer (greater is better), got {strength!r}")
    s = int(_check_strengths(value.reshape(-1), family)[0])
    return describe_base(decode(s, family), family)


# The categories every family can report, for documentation and tests.
ALL_CATEGORY_NAMES = CATEGORIES
