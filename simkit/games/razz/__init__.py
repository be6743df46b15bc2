"""Razz: seven-card stud for the lowest hand (A-5 low), and its variants (R-Z1 … R-Z6).

Modules: :mod:`.rules` (variants, defaults, hand notation), :mod:`.showdown` (values and pot
shares inside kernels), :mod:`.equity` (all-in equity from any street, Monte Carlo or exact).

>>> from simkit.games.razz import equity
>>> df = equity(["As 2d 3c 4h 5s 9d", "Ks Qd Jh Tc 9s 8c"])
>>> df.equity.tolist()
[1.0, 0.0]
"""

from .equity import EquityJob, equity, prepare
from .rules import DEFAULTS, VARIANTS, parse_hand

__all__ = ["DEFAULTS", "VARIANTS", "EquityJob", "equity", "parse_hand", "prepare"]
