"""Whole evenings: every game played to its end rule, Dealer's Choice, who wins the night.

An evening carries the chips from hand to hand until the game's end rule says it is over
(R-E1 to R-E6): 2-7 Triple Draw and Razz to the last player or the agreed deals, Diablo to
the agreed deals with the running series finished, In-Between until everyone has dealt the
agreed dealer's games; the most chips wins.  :func:`evening` plays a batch of them (also
``simkit.evening``) and returns an :class:`Evening` of tables with standard errors.

=================  ==========================================================================
module             what it holds
=================  ==========================================================================
:mod:`.setups`     each game as the evening sees it: rules, players, the typical field
:mod:`.jobs`       the runner job of a batch of evenings and :func:`evening`
:mod:`.result`     :class:`Evening`: the tables and plots
=================  ==========================================================================

The compiled loop lives with the games (:mod:`simkit.games.evening` and each game's
``engine._play_evenings``); this package chooses, runs and summarises.
"""

from .jobs import EveningJob, evening
from .result import Evening
from .setups import SETUPS, GameSetup

__all__ = ["SETUPS", "Evening", "EveningJob", "GameSetup", "evening"]
