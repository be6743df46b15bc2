"""The compiled API of the poker engine: what game kernels call, under public names.

Diablo, 2-7 Triple Draw and Razz play their hands on one flat int64 state ``st``
(:mod:`.table_state`) through one hand driver, ``play_rounds(st, structure, stacks, dealer,
carried, ante, street, betting, showdown, table, game, work, rng, payout)``: the game brings
its compiled steps (deal or draw before each round, the round's betting, the showdown
strengths) and the driver runs reset, antes, the rounds, settle and pay (see
:func:`.table._play_rounds`).  Written out, a hand is::

    st = new_hand_state(n_seats, 0)                    # once per batch
    ...
    reset_hand(st, stacks, dealer, carried_pot)        # R-P4: seats without chips are out
    post_antes(st, ante)
    for r in range(n_rounds):
        start_round(st, structure, r, first_seat)      # blinds, bring-in, who starts
        n_in = run_betting_round(st, kinds, params, scores, draws, rng)
        if n_in <= 1: break
        ...deal / draw, update scores and draws...
    settle_pots(st, strengths, payout)                 # or settle_split_pots for hi-lo
    pay_out(st, payout)
    # st[S_OPENER]: the Diablo opener (R-D3); st[STACK + s] - st[START + s]: chip change

A game whose players decide with more than a score (a strategy of its own) plays the same
loop with its own compiled decision: ``run_betting_round_with(st, decide, kinds, params,
scores, info, draws, rng)`` calls ``decide(kinds, params, scores, info, draws, st, rng, seat)``
for each seat to act.  The shared strategies decide with :func:`decide_on_state`, which reads
the state's own fields (:func:`shared_decision` is that decision as a ``decide``); a strategy
that reads the seat's view row fills it first with :func:`fill_view` and may then ask
:func:`decide_action`, the same decision on the view (Razz's tips player);
:func:`passive_action` is the check, call or bring-in every strategy falls back to.  A game
where a deal nobody opens is void (Diablo, R-D4) ends its first betting step with
``void_if_unopened(r, n_in, st, payout)``.

Strengths are integers, greater is better (the evaluators' convention); ``scores`` are the
floats in [0, 1] the shared strategies threshold on (:mod:`.strategies`).  None of these check
their input: the public Python functions of each game do that before a kernel runs.

>>> st = new_hand_state(3, 0)
>>> reset_hand(st, np.array([10, 10, 0]), 0, 0); post_antes(st, 1)
>>> int(pot_size(st)), int(players_in_hand(st)), bool(in_hand(st, 2))
(2, 2, False)
"""

from __future__ import annotations

import numpy as np  # noqa: F401  (the doctest)

from .betting import _apply_legal as apply_action
from .betting import _forced_chips as forced_chips
from .betting import _legal as legal_actions
from .betting import _n_in_hand as players_in_hand
from .betting import _post_antes as post_antes
from .betting import _pot as pot_size
from .betting import _reset as reset_hand
from .betting import _start_round as start_round
from .pots import _pay as pay_out
from .pots import _settle as settle_pots
from .pots import _settle_split as settle_split_pots
from .strategies import _decide as decide_action
from .strategies import _decide_on_state as decide_on_state
from .strategies import _passive as passive_action
from .strategies import _view as fill_view
from .table import END_HAND
from .table import _betting_round as run_betting_round
from .table import _betting_round_with as run_betting_round_with
from .table import _play_rounds as play_rounds
from .table import _shared_decision as shared_decision
from .table import _void_if_unopened as void_if_unopened
from .table_state import _new_state as new_hand_state
from .table_state import in_hand

__all__ = [
    "END_HAND",
    "apply_action",
    "decide_action",
    "decide_on_state",
    "forced_chips",
    "fill_view",
    "in_hand",
    "legal_actions",
    "passive_action",
    "new_hand_state",
    "pay_out",
    "play_rounds",
    "players_in_hand",
    "post_antes",
    "pot_size",
    "reset_hand",
    "run_betting_round",
    "run_betting_round_with",
    "shared_decision",
    "settle_pots",
    "settle_split_pots",
    "start_round",
    "void_if_unopened",
]
