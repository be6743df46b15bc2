"""Diablo: five-card draw with deuces wild, at most two cards exchanged, and the Diablo rule.

Modules:

- :mod:`.rules` hand categories, the exact pat-hand distribution, draw limits (R-D1, R-D2, R-D6);
- :mod:`.solver` exact draw odds and the best keep of a hand, by enumeration;

>>> from simkit.games.diablo import draw_odds
>>> float(draw_odds("Ah 2c 9h 7h 5h").set_index("category").loc["flush", "at_least"])
1.0
"""

from .rules import CATEGORIES, category_index
from .solver import KeepChoice, best_keep, draw_odds, equity_weights, keep_values, target_weights

__all__ = ["CATEGORIES", "KeepChoice", "best_keep", "category_index", "draw_odds",
           "equity_weights", "keep_values", "target_weights"]
