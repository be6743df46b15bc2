"""In-Between (Acey-Deucey): exact odds, stake sizing, the dealer's game simulator, Red Dog.

The player's one decision is how much to stake.  This package answers it exactly where it
can and by simulation where the pot, the bankroll and the other players matter.  Rules:
``in_between.de.txt``, rulings R-I1 .. R-I5.

Modules
-------
:mod:`.rules`
    Card values, spreads, settling one stake, and :class:`Rules`, the one frozen record of
    every agreed setting (pot, rounds, stacks, ante, the variants of R-I4) with its defaults.
:mod:`.strategies`
    The players: stake policies, their presets and the one player-spec parser
    (:func:`parse_player`), Python policies and the :class:`Decision` they see.
:mod:`.engine`
    The compiled kernels: ``_play_hand`` (one dealer's game at a table state, the common table
    interface of :mod:`simkit.games.table`) and the batch loop over it.
:mod:`.jobs`
    The runner job :class:`DealerGameJob` and the entry points :func:`simulate` (= :func:`match`).
:mod:`.odds`
    Exact odds of the third card for every pair of posts, given the cards seen.
:mod:`.kelly`
    The Kelly fraction with the double loss on the post.
:mod:`.sizing`
    Stakes by spread and post pair, and the exact best stakes over a heads-up dealer's game.
:mod:`.red_dog`
    Red Dog, the casino version: exact house edge and its own small simulator.

Examples
--------
>>> from simkit.games import in_between as ib
>>> ib.settle("4c Jh", "9d", stake=5, pot=12, chips=100).pot_after
7
>>> round(ib.kelly_fraction(44 / 50, 6 / 50, 0.0), 2)
0.32
>>> ib.Variant is ib.Rules  # the name before issue 12
True
"""

from .jobs import DealerGameJob, DealerGameResult, match, simulate, summarize
from .kelly import expected_log_growth, kelly_fraction
from .odds import ODDS_COLUMNS, hand_odds, odds_table, rank_counts, three_posts_odds
from .red_dog import red_dog_edge, red_dog_table, simulate_red_dog
from .rules import Rules, Settlement, card_value, check_stake, settle, spread
from .sizing import best_game_stakes, evaluate_game_policy, integer_kelly_stake, sizing_table
from .strategies import (
    Decision,
    Policy,
    PythonPolicy,
    fixed,
    half_kelly,
    kelly,
    never,
    parse_player,
    parse_players,
    parse_policy,
    pass_below,
    pay_twice,
    pot_fraction,
    random_stake,
)

#: Deprecated alias: the variants of R-I4 are fields of :class:`Rules` since issue 12.
Variant = Rules

__all__ = [
    "ODDS_COLUMNS",
    "DealerGameJob",
    "DealerGameResult",
    "Decision",
    "Policy",
    "PythonPolicy",
    "Rules",
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
    "match",
    "never",
    "odds_table",
    "parse_player",
    "parse_players",
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
