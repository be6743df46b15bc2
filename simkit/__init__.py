"""simkit: Monte Carlo simulation and strategy analysis for four card games.

Layers, each importing only the ones before it::

    cards -> deck -> hands -> runner -> poker -> games -> evenings -> analysis -> report, cli

The top-level names (:func:`evening`, whole evenings of a game, :func:`evaluate`, ...) are
imported from their modules on first use, so that ``import simkit`` is light: ``simkit
--version`` and ``simkit --help`` load neither Numba nor pandas.  :mod:`simkit.jit`, through
which every kernel is compiled, first points Numba's cache at this source version's folder
(:mod:`simkit._compile_cache`).

>>> import simkit
>>> simkit.format_cards(simkit.parse_cards("As 10h"))
'As Th'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import format_cards, parse_cards
    from .deck import deal, deal_with_draws
    from .evenings import evening
    from .hands.enumeration import category_counts
    from .hands.evaluate import describe, evaluate

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

#: The module of each top-level name, imported on first use.
_HOMES = {
    "category_counts": "hands",
    "deal": "deck",
    "deal_with_draws": "deck",
    "describe": "hands",
    "evaluate": "hands",
    "evening": "evenings",
    "format_cards": "cards",
    "parse_cards": "cards",
}


def __getattr__(name: str):
    """The top-level names, each imported from its module on first use."""
    if name in _HOMES:
        value = getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'simkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the top-level ones not yet imported (tab completion)."""
    return sorted(set(globals()) | set(__all__))
