"""Razz: seven-card stud for the lowest hand (A-5 low), and its variants (R-Z1 … R-Z6).

Modules, bottom up:

- :mod:`.rules` variants, defaults (R-Z5), the hand notation of the tools;
- :mod:`.showdown` showdown values and pot shares inside kernels;
- :mod:`.equity` all-in equity from any street, Monte Carlo or exact enumeration;
- :mod:`.starts` the 455 three-card starts against 1-7 random opponents (R1, R2);
- :mod:`.upcards` what opponents' upcards and dead cards do to a start (R3);
- :mod:`.pairs` exact low odds and the early-pair job (R4);
- :mod:`.strategies` scores, card features and the tips player;
- :mod:`.engine` whole hands compiled end to end on :mod:`simkit.poker`;
- :mod:`.match` chips per hand per seat, paired comparisons (R2's chips, R5).

>>> from simkit.games.razz import equity
>>> df = equity(["As 2d 3c 4h 5s 9d", "Ks Qd Jh Tc 9s 8c"])
>>> df.equity.tolist()
[1.0, 0.0]
"""

from .engine import MatchJob, deck_for, play_hands
from .equity import EquityJob, equity, prepare
from .match import compare, match
from .pairs import low_odds
from .rules import DEFAULTS, VARIANTS, parse_hand
from .starts import start_table
from .upcards import dead_card_values, upcard_effect

__all__ = [
    "DEFAULTS",
    "VARIANTS",
    "EquityJob",
    "MatchJob",
    "compare",
    "dead_card_values",
    "deck_for",
    "equity",
    "low_odds",
    "match",
    "parse_hand",
    "play_hands",
    "prepare",
    "start_table",
    "upcard_effect",
]
