"""simkit: Monte Carlo simulation and strategy analysis for four card games.

Layers, each importing only the ones before it::

    cards -> deck -> hands -> runner -> poker -> games -> evenings -> analysis -> report, cli

:func:`evening` (whole evenings of a game, :mod:`simkit.evenings`) is loaded on first use, so
that ``import simkit`` stays light.

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
    "evening",
    "deal",
    "deal_with_draws",
    "describe",
    "evaluate",
    "format_cards",
    "parse_cards",
]


def __getattr__(name: str):
    """``simkit.evening``: the top-level entry point, imported on first use."""
    if name == "evening":
        from .evenings import evening

        return evening
    raise AttributeError(f"module 'simkit' has no attribute {name!r}")
