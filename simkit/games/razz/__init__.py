"""Razz: seven-card stud for the lowest hand (A-5 low), and its variants (R-Z1 … R-Z7).

Modules, bottom up:

- :mod:`.rules` the fixed facts, the one :class:`Rules` of a table (R-Z5 defaults, R-Z6
  variants in :data:`VARIANTS`), the hand notation of the tools;
- :mod:`.showdown` showdown values and pot shares inside kernels;
- :mod:`.strategies` player specs and their one parser, scores, card features, the tips player;
- :mod:`.engine` the compiled kernels: one hand at any table state (``_play_hand``), the
  batch loop over it (``_run_hands``) and whole evenings of it (``_play_evenings``, R-E3);
- :mod:`.jobs` the runner job of full games and the entry points :func:`play_hands`,
  :func:`match` (chips per hand per seat) and :func:`compare` (paired comparisons, R2's
  chips, R5), and the table kernels ``hand_kernel`` and ``evening_kernel``;
- :mod:`.ranges` the grammar of ranges of three-card starts (``A23``, ``*8-``, ``pair``,
  ``top15%`` …; the order behind ``topN%`` in :mod:`.start_order`);
- :mod:`.equity` all-in equity of hands or ranges from any street, Monte Carlo or exact
  enumeration;
- :mod:`.starts` the start table: the 455 three-card starts against 1-7 random opponents
  (tips R1, R2, and the order of ``topN%`` ranges);
- :mod:`.studies` the other tip studies: what opponents' upcards and dead cards do to a start
  (R3), exact low odds and the early-pair job (R4).

>>> from simkit.games.razz import equity
>>> df = equity(["As 2d 3c 4h 5s 9d", "Ks Qd Jh Tc 9s 8c"])
>>> df.equity.tolist()
[1.0, 0.0]
"""

from .equity import EquityJob, equity, prepare
from .jobs import HandResults, MatchJob, compare, deck_for, match, play_hands
from .ranges import parse_range
from .rules import DEFAULTS, VARIANTS, Rules, parse_hand
from .starts import StartsJob, start_table
from .strategies import parse_player, player_name
from .studies import EarlyPairJob, dead_card_values, low_odds, upcard_effect

__all__ = [
    "DEFAULTS",
    "VARIANTS",
    "EarlyPairJob",
    "EquityJob",
    "HandResults",
    "MatchJob",
    "Rules",
    "StartsJob",
    "compare",
    "dead_card_values",
    "deck_for",
    "equity",
    "low_odds",
    "match",
    "parse_hand",
    "parse_player",
    "parse_range",
    "play_hands",
    "player_name",
    "prepare",
    "start_table",
    "upcard_effect",
]
