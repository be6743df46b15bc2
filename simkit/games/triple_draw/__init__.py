"""2-7 Triple Draw (triple_draw_27.de.txt, R-T1..R-T6): draw solver, draw strategies, all-in
equity, the full compiled game, strategy matches and variants.

Modules:

- :mod:`.rules`: the game's facts (targets, card values, hand families) and the one
  :class:`Rules` of every agreed setting, with the variants :data:`VARIANTS` (R-T4, R-T5);
- :mod:`.keep_table`: the best keep by rank pattern, target and draws left (rank model);
- :mod:`.strategies`: draw strategies, the score betting strategies see, the player presets
  :data:`PLAYERS` and the one player-spec parser :func:`parse_player`;
- :mod:`.engine`: the compiled kernels: the draw pile and reshuffle, one hand at a table state
  (``_play_hand``) and the batch kernel on it;
- :mod:`.jobs`: the runner jobs and the entry points :func:`play`, :func:`match`,
  :func:`equity`, :func:`starting_hand_equity`;
- :mod:`.equity`: the all-in equity kernel, starting-hand groups (pooled with their SE by
  :func:`pool_groups`), the typical final hand;
- :mod:`.solver`: draw odds and best discards (exact best play for a target, :mod:`.exact`);
- :mod:`.exact`: the exact best-play recursion over 0-3 draws;
- :mod:`.drawing`: the exact equity of given drawing hands (:func:`drawing_equity`);
- :mod:`.ranges`: ranges of five-card hands (``pat 8-``, ``draw 7-``, ``3 to 7``, hand lists)
  for the equity functions, :func:`parse_range`;
- :mod:`.studies`: the draw-odds tables of kept holdings.

>>> from simkit.games.triple_draw import draw_odds
>>> float(draw_odds("7s 5h 4d 3c Ks", "7s 5h 4d 3c", 1, ["7"]).probability[0]) == 4 / 47
True
"""

from .drawing import drawing_equity
from .equity import hand_group, pool_groups
from .jobs import equity, match, play, starting_hand_equity
from .ranges import parse_range
from .rules import VARIANTS, Rules
from .solver import best_discard, discard_options, draw_odds, rank_odds_exact
from .strategies import PLAYERS, Player, parse_player
from .studies import holding_odds_table

__all__ = [
    "PLAYERS",
    "VARIANTS",
    "Player",
    "Rules",
    "best_discard",
    "discard_options",
    "draw_odds",
    "drawing_equity",
    "equity",
    "hand_group",
    "holding_odds_table",
    "match",
    "parse_player",
    "parse_range",
    "play",
    "pool_groups",
    "rank_odds_exact",
    "starting_hand_equity",
]
