"""simkit: Monte Carlo simulation and strategy analysis for four card games.

Layers, each importing only the ones before it::

    cards -> deck -> hands -> poker -> games -> analysis -> report, cli

>>> import simkit
>>> simkit.format_cards(simkit.parse_cards("As 10h"))
'As Th'
"""

from . import _compile_cache  # noqa: F401  (first: sets the kernel cache folder)
from .cards import format_cards, parse_cards
from .deck import deal, deal_with_draws
from .hands import category_counts, describe, evaluate

__version__ = "0.1.0"

__all__ = [
    "category_counts",
    "deal",
    "deal_with_draws",
    "describe",
    "evaluate",
    "format_cards",
    "parse_cards",
]
