"""Diablo: five-card draw with deuces wild, at most two cards exchanged, and the Diablo rule.

Modules:

- :mod:`.rules` hand categories, the exact pat-hand distribution, draw limits (R-D1, R-D2,
  R-D6), the agreed :class:`Rules` (stacks included) and the variants (:data:`VARIANTS`);
- :mod:`.strategies` players: an opening threshold by category, the poker threshold rule
  after; :func:`parse_player`, the one parser of player specs (``trips:bluff=0.1``);
- :mod:`.solver` exact draw odds and the best keep of a hand, by enumeration, for any
  objective (a target category, the expected category, showdown share, a pay table) and any
  draw limit;
- :mod:`.paytable` pay tables (natural and wild royal, four deuces, ...) and the whole game
  solved exactly under best play (:func:`~.paytable.paytable_return`);
- :mod:`.draw_equity` the exact pot shares of given hands at the draw, each keeping given
  cards (:func:`~.draw_equity.draw_equity`); a hand may be a range, keeping by the policy;
- :mod:`.ranges` ranges of dealt hands by category and deuces (``trips+``, ``two_pair no
  deuce``, ``2 deuces``, hand lists) for the equity, :func:`parse_range`;
- :mod:`.keep_table` the best keep of all 2,598,960 hands at once (the players' draw policy),
  the helpers kernels draw by, and the table by rank pattern;
- :mod:`.engine` the compiled kernels: ``_play_hand`` (one deal with the carried pot and the
  opener's obligation, on the table state of :mod:`simkit.games.table`), the series loop
  and the evening loop (R-E4) built on it;
- :mod:`.equity` showdown shares of dealt hands against 1-6 drawing opponents (D2, D3);
- :mod:`.jobs` the runner jobs (:class:`SeriesJob`, :class:`~.jobs.ShowdownJob`),
  :func:`simulate`, :func:`~.jobs.showdown_table`, and :func:`play_deals` (given hands);
- :mod:`.studies` the tip studies: opening thresholds and their equilibrium, bluffs, series,
  variants, and a single pair's improvement odds, exactly (D1, D4, D5).

>>> from simkit.games.diablo import draw_odds
>>> float(draw_odds("Ah 2c 9h 7h 5h").set_index("category").loc["flush", "at_least"])
1.0
"""

from .draw_equity import draw_equity
from .jobs import SeriesJob, ShowdownJob, play_deals, showdown_table, simulate
from .paytable import FULL_PAY, PayTable, paytable_return
from .ranges import parse_range
from .rules import CATEGORIES, VARIANTS, Rules, category_index
from .solver import (
    KeepChoice,
    best_keep,
    draw_odds,
    equity_weights,
    keep_values,
    rank_keeps,
    target_weights,
)
from .strategies import OPEN_LEVELS, Player, parse_player

__all__ = [
    "CATEGORIES",
    "FULL_PAY",
    "KeepChoice",
    "OPEN_LEVELS",
    "PayTable",
    "Player",
    "Rules",
    "SeriesJob",
    "ShowdownJob",
    "VARIANTS",
    "best_keep",
    "category_index",
    "draw_equity",
    "draw_odds",
    "equity_weights",
    "keep_values",
    "parse_player",
    "parse_range",
    "paytable_return",
    "play_deals",
    "rank_keeps",
    "showdown_table",
    "simulate",
    "target_weights",
]
