"""Diablo: five-card draw with deuces wild, at most two cards exchanged, and the Diablo rule.

Modules:

- :mod:`.rules` hand categories, the exact pat-hand distribution, draw limits (R-D1, R-D2, R-D6);
- :mod:`.solver` exact draw odds and the best keep of a hand, by enumeration;
- :mod:`.keeps` the best keep of all 2,598,960 hands at once (the players' draw policy), and
  the table by rank pattern;
- :mod:`.draw` compiled helpers to draw by that policy inside kernels;
- :mod:`.improve` a single pair's improvement odds, exactly (tip D4);
- :mod:`.showdown` showdown shares of dealt hands against 1-6 drawing opponents (D2, D3);
- :mod:`.strategies` players: an opening threshold by category, the poker threshold rule after;
- :mod:`.engine` one deal and the Diablo rule, compiled on :mod:`simkit.poker`;
- :mod:`.series` the compiled loop over series with its statistics;
- :mod:`.play` rules and variants, the series job, :func:`simulate`, replaying given hands;

>>> from simkit.games.diablo import draw_odds
>>> float(draw_odds("Ah 2c 9h 7h 5h").set_index("category").loc["flush", "at_least"])
1.0
"""

from .play import Rules, SeriesJob, play_deals, simulate
from .rules import CATEGORIES, category_index
from .solver import KeepChoice, best_keep, draw_odds, equity_weights, keep_values, target_weights
from .strategies import OPEN_LEVELS, Player

__all__ = ["CATEGORIES", "KeepChoice", "OPEN_LEVELS", "Player", "Rules", "SeriesJob",
           "best_keep", "category_index", "draw_odds", "equity_weights", "keep_values",
           "play_deals", "simulate", "target_weights"]
