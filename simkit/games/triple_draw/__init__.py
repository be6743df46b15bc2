"""2-7 Triple Draw (triple_draw_27.de.txt, R-T1..R-T5): draw solver, draw strategies, all-in
equity, the full compiled game, strategy matches and variants.

Modules: :mod:`.rules` (targets, values), :mod:`.solver` (exact draw odds), :mod:`.table`
(best-discard table by rank pattern), :mod:`.draws` (draw strategies), :mod:`.deal` (draw pile
and reshuffle), :mod:`.equity`, :mod:`.scores`, :mod:`.engine` (the game kernel),
:mod:`.match` (matches through the runner, variants), :mod:`.odds_table`.

>>> from simkit.games.triple_draw import draw_odds
>>> float(draw_odds("7s 5h 4d 3c Ks", "7s 5h 4d 3c", 1, ["7"]).probability[0]) == 4 / 47
True
"""

from .equity import equity, hand_group, starting_hand_equity
from .engine import PLAYERS, play
from .match import VARIANTS, match
from .odds_table import holding_odds_table
from .solver import best_discard, discard_options, draw_odds

__all__ = ["PLAYERS", "VARIANTS", "best_discard", "discard_options", "draw_odds", "equity",
           "hand_group", "holding_odds_table", "match", "play", "starting_hand_equity"]
