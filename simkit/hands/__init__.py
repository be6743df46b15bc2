"""Hand evaluators: batch Numba kernels, one integer strength per hand, greater is better.

Families (``FAMILIES``): ``high`` (5 and 7 cards), ``deuces_wild`` (Diablo, 5),
``deuce_to_seven`` (2-7 low, 5), ``ace_to_five`` (Razz, 5 and 7), ``ace_to_six`` (5 and 7) and
``eight_or_better`` (the Hi-Lo low half, 5 and 7; strength 0 = no qualifying low).

Game kernels use :func:`kernel_tables` and the per-hand ``eval5_*`` / ``eval7_*`` functions of
:mod:`simkit.hands.kernels` inside their own compiled loops.

>>> from simkit.cards import parse_cards
>>> describe(evaluate(parse_cards("Ad 3s 6h 8c 9s 9d Qc"), "ace_to_five"), "ace_to_five")
'9-8-6-3-A, nine-low'
"""

from . import kernels
from .codes import CATEGORIES, FAMILIES, FAMILY_CARDS
from .enumeration import category_counts
from .evaluate import category_names, check_family, describe, evaluate, family_categories
from .tables import kernel_tables, strength_codes

#: Hand sizes per family, as in the issue's wording.
CARD_COUNTS = FAMILY_CARDS

__all__ = [
    "CARD_COUNTS",
    "CATEGORIES",
    "FAMILIES",
    "category_counts",
    "category_names",
    "check_family",
    "describe",
    "evaluate",
    "family_categories",
    "kernel_tables",
    "kernels",
    "strength_codes",
]
