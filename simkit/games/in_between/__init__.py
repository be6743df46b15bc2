"""In-Between (Acey-Deucey): exact odds, stake sizing, the dealer's game simulator, Red Dog.

The player's one decision is how much to stake.  This package answers it exactly where it
can (:mod:`.odds`, :mod:`.kelly`, :mod:`.sizing`, :mod:`.red_dog`) and by simulation where the
pot, the bankroll and the other players matter (:mod:`.dealer_game` over the compiled
:mod:`.engine`, with the stake policies of :mod:`.policies`).  Rules: ``in_between.de.txt``,
rulings R-I1 .. R-I4.

Examples
--------
>>> from simkit.games import in_between as ib
>>> ib.settle("4c Jh", "9d", stake=5, pot=12, chips=100).pot_after
7
>>> round(ib.kelly_fraction(44 / 50, 6 / 50, 0.0), 2)
0.32
"""

from .dealer_game import DealerGameJob, DealerGameResult, simulate, summarize
from .kelly import expected_log_growth, kelly_fraction
from .odds import ODDS_COLUMNS, hand_odds, odds_table, rank_counts, three_posts_odds
from .policies import (
    Decision,
    Policy,
    PythonPolicy,
    fixed,
    half_kelly,
    kelly,
    never,
    parse_policy,
    pass_below,
    pay_twice,
    pot_fraction,
    random_stake,
)
from .red_dog import red_dog_edge, red_dog_table, simulate_red_dog
from .rules import Settlement, Variant, card_value, check_stake, settle, spread
from .sizing import best_game_stakes, evaluate_game_policy, integer_kelly_stake, sizing_table

__all__ = [
    "ODDS_COLUMNS",
    "DealerGameJob",
    "DealerGameResult",
    "Decision",
    "Policy",
    "PythonPolicy",
    "Settlement",
    "Variant",
    "best_game_stakes",
    "card_value",
    "check_stake",
    "evaluate_game_policy",
    "expected_log_growth",
    "fixed",
    "half_kelly",
    "hand_odds",
    "integer_kelly_stake",
    "kelly",
    "kelly_fraction",
    "never",
    "odds_table",
    "parse_policy",
    "pass_below",
    "pay_twice",
    "pot_fraction",
    "random_stake",
    "rank_counts",
    "red_dog_edge",
    "red_dog_table",
    "settle",
    "simulate",
    "simulate_red_dog",
    "sizing_table",
    "spread",
    "summarize",
    "three_posts_odds",
]
