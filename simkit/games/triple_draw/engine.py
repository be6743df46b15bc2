"""The compiled game: the draw pile and its reshuffle, one hand at a table state
(:func:`_play_hand`), and the batch kernel built on it; betting is the shared engine of
:mod:`simkit.poker`.  No pandas and no jobs here (:mod:`.jobs` drives these kernels).

**The draw pile** (R-T3, R-T6).  A *table deck* is three arrays a kernel allocates once per
batch: ``deck`` int64[52] (the draw pile is ``deck[pile[0]:pile[1]]``), ``disc`` int64[52]
(the discards, ``pile[2]`` of them) and ``pile`` int64[3].  Every card taken from the pile is
a uniform pick among the cards left (a Fisher-Yates step), so the order the pile is in never
matters.  Draws go in order from the dealer's left.  When the pile is empty and a player still
needs cards, the discards so far are shuffled into a new pile; the player being served has
put their own discards aside, and they join the discard pile only after their draw.  A player
who folds throws their hand onto the discard pile.

**One hand** (R-T1..R-T5, R-P1..R-P4, R-E1/R-E2): ``rc = _play_hand(table, game, rng, work,
record)`` plays one hand at the table state ``table`` (:mod:`simkit.games.table`: stacks, the
dealer, who is still in):

1. every seat still in (``table[TABLE_IN + s]``, with chips) is dealt five cards, one at a
   time from the dealer's left; a seat that is out gets no cards, posts nothing and its hand
   is never looked at;
2. antes (variant), blinds and the first betting round (left of the big blind first; with two
   players in, the dealer posts the small blind and acts first, R-T2) — :mod:`simkit.poker`;
3. ``n_draws`` times: a draw of 0-5 cards by every player still in, from the dealer's left,
   the pile rebuilt from the discards when it runs out (R-T3), then a betting round from the
   first active player left of the dealer (small bets, then big bets, R-T4);
4. showdown: the best hand wins (R-T1), ties split with the odd chip left of the dealer, side
   pots for all-in players (R-P3) — :func:`simkit.poker.pots._settle`.

The new stacks are written back into ``table`` (nothing is carried between hands in this
game: ``TABLE_CARRIED`` is left as it is); the dealer is not moved (the caller uses
:func:`simkit.games.table.next_dealer`).  Fewer than two players in: nothing is dealt.
``rc`` is 0, or -1 when a betting strategy made an illegal action (the hand is settled as far
as it went; a bug in :mod:`simkit.poker`).

- ``game`` (read only, built once by :func:`.jobs.game_tuple`): ``(structure, kinds, params,
  dkinds, dparams, fam, T, ace_low, suits_count, keep_tab, score_tab, cdf, n_draws)``:
  the betting structure of the rules (:meth:`.rules.Rules.structure`), the seats' betting
  kinds/params (:mod:`simkit.poker.strategies`) and draw kinds/params (:mod:`.strategies`),
  the hand family id and evaluator tables, the family switches (aces low; suits count), the
  rank-model keep table (:mod:`.keep_table`), the drawing score by values held
  (:func:`.strategies.score_table`) and the final hand distribution
  (:func:`.strategies._score`), and the number of draws.
- ``work`` (:func:`_new_work` ``(n, n_draws)``, once per batch): ``(st, deck, disc, pile,
  hands, thrown, mucked, drew, last, scores, strengths, payout, start, cards, kept)``: the
  betting state of :mod:`simkit.poker.table_state` (statuses at the end of the hand), the
  table deck, the seats' current hands int64[n, 5], scratch, ``drew`` int64[n_draws, n]
  cards drawn by seat at each draw (-1: did not draw), ``last`` the last draw count,
  ``scores``, ``strengths`` at the showdown (players still in; 0 for the others),
  ``payout`` int64[n] what each seat won, ``start`` the stacks at the start of the hand (0 for a seat that is out), ``cards``
  int64[n_draws + 1, n, 5] the hands after the deal and after each draw (rows of a seat that
  did not draw are stale) and ``kept`` int64[n_draws, n] the kept 5-bit masks.
- ``record`` (int64[:data:`REC_SIZE`]): the head of :mod:`simkit.games.table` (dealer, the
  pot: all chips won, the outcome :data:`OUTCOME_SHOWDOWN`, :data:`OUTCOME_UNCONTESTED` or
  :data:`OUTCOME_NO_HAND`, the players dealt in), then ``REC_ROUNDS`` (betting rounds begun)
  and ``REC_AT_END`` (players still in at the end).

The batch kernel :func:`_play_batch` plays hand after hand from fresh stacks (every hand
starts from the given stacks; the dealer moves one seat left every hand) and counts chips and
draw statistics from ``record`` and ``work``.

One hand at a table where seat 1 is out (the next issue's evenings drive exactly this):

>>> from simkit.games.table import chips_on_table, new_table
>>> from simkit.games.triple_draw.jobs import game_tuple
>>> from simkit.games.triple_draw.rules import Rules
>>> from simkit.rng import stream_state
>>> table = new_table([200, 0, 150, 90], dealer=0)
>>> game = game_tuple(["tight", "tight", "loose", "station"], Rules())
>>> work, record = _new_work(4, 3, 0), np.zeros(REC_SIZE, dtype=np.int64)
>>> _play_hand(table, game, stream_state(2), work, record), chips_on_table(table)
(0, 440)
>>> int(record[REC_PLAYERS]), int(table[TABLE_STACK + 1]), work[7][:, 1].tolist()  # never dealt in
(3, 0, [-1, -1, -1])

The draw pile:

>>> deck, disc, pile = new_table_deck()
>>> st = stream_state(1)
>>> _reset_deck(deck, pile)
>>> hands = np.zeros((6, 5), dtype=np.int64)
>>> _deal(hands, 6, st, deck, pile)
>>> int(pile[1] - pile[0]), len(set(hands.ravel().tolist()))
(22, 30)
"""

from __future__ import annotations

import numpy as np

from ...cards import N_CARDS
from ...deck import draw_card
from ...jit import lean, njit
from ...poker.kernels import (
    forced_chips,
    in_hand,
    new_hand_state,
    play_rounds,
    players_in_hand,
    run_betting_round,
)
from ...poker.structure import F_ANTE
from ...poker.table_state import S_ROUND, ST_FOLDED, STACK, STATUS, seat_left
from ..evening import GAME_TRIPLE_DRAW, run_evenings
from ..table import (
    REC_DEALER,
    REC_GAME,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_DEALER,
    TABLE_IN,
    TABLE_SEATS,
    TABLE_STACK,
    next_dealer,
)
from .rules import _eval
from .strategies import _choose_keep, _score

__all__ = [
    "OUTCOME_NO_HAND",
    "OUTCOME_SHOWDOWN",
    "OUTCOME_UNCONTESTED",
    "REC_AT_END",
    "REC_ROUNDS",
    "REC_SIZE",
    "new_table_deck",
]

# Outcomes (record[REC_OUTCOME]).
OUTCOME_SHOWDOWN = 0  # two or more players at the end
OUTCOME_UNCONTESTED = 1  # everyone else folded
OUTCOME_NO_HAND = 2  # fewer than two players in: nothing dealt
# The game's record fields.
REC_ROUNDS = REC_GAME  # betting rounds begun
REC_AT_END = REC_GAME + 1  # players still in at the end
REC_SIZE = REC_GAME + 2


def new_table_deck() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty ``deck``, ``disc`` and ``pile`` arrays (fill with :func:`_reset_deck`)."""
    return np.zeros(N_CARDS, dtype=np.int64), np.zeros(N_CARDS, dtype=np.int64), np.zeros(3, dtype=np.int64)


@njit(cache=True, inline="always")
def _reset_deck(deck, pile):
    for c in range(N_CARDS):
        deck[c] = c
    pile[0] = 0
    pile[1] = N_CARDS
    pile[2] = 0


@njit(cache=True, inline="always")
def _remove(deck, pile, card):
    """Take a known card out of the pile (a fixed hand); returns False if it is not there."""
    for i in range(pile[0], pile[1]):
        if deck[i] == card:
            deck[i] = deck[pile[0]]
            deck[pile[0]] = card
            pile[0] += 1
            return True
    return False


@njit(cache=True, inline="always")
def _take(state, deck, disc, pile):
    """One uniform card from the pile, rebuilding it from the discards when empty (R-T3)."""
    if pile[0] == pile[1]:
        nd = pile[2]
        for i in range(nd):
            deck[i] = disc[i]
        pile[0] = 0
        pile[1] = nd
        pile[2] = 0
        if nd == 0:
            return -1
    c = draw_card(deck, pile[0], pile[1], state)
    pile[0] += 1
    return c


@lean()
def _deal(hands, n, state, deck, pile):
    """Five cards to each of ``n`` seats, one at a time round the table from seat 0."""
    for j in range(5):
        for s in range(n):
            hands[s, j] = draw_card(deck, pile[0], pile[1], state)
            pile[0] += 1


def _thrown_positions() -> tuple[np.ndarray, np.ndarray]:
    """For every 5-bit keep mask, the positions it throws (in order) and how many."""
    pos = np.zeros((32, 5), dtype=np.int64)
    count = np.zeros(32, dtype=np.int64)
    for keep in range(32):
        thrown = [i for i in range(5) if not (keep >> i) & 1]
        pos[keep, : len(thrown)] = thrown
        count[keep] = len(thrown)
    return pos, count


#: Baked into the compiled code as constants: a draw loops over the thrown positions rather
#: than testing each of the five bits (a branch the processor cannot foresee).
_THROWN_POS, _THROWN_COUNT = _thrown_positions()


@lean(inline=True)
def _draw(hand, keep, state, deck, disc, pile, thrown):
    """Replace the cards of ``hand`` outside the 5-bit ``keep`` mask, lowest position first;
    returns how many.

    The thrown cards are set aside in ``thrown`` while the player is served and join the
    discard pile afterwards (R-T3).
    """
    m = _THROWN_COUNT[keep]
    for j in range(m):
        i = _THROWN_POS[keep, j]
        thrown[j] = hand[i]
        hand[i] = _take(state, deck, disc, pile)
    nd = pile[2]
    for j in range(m):
        disc[nd + j] = thrown[j]
    pile[2] = nd + m
    return m


@njit(cache=True, inline="always")
def _muck(hand, disc, pile):
    """A folded hand goes onto the discard pile."""
    nd = pile[2]
    for i in range(5):
        disc[nd + i] = hand[i]
    pile[2] = nd + 5


# --- one hand at a table state ---------------------------------------------------------------


@njit(cache=True)
def _new_work(n, n_draws, log_capacity):
    """The scratch arrays of :func:`_play_hand` for ``n`` seats and ``n_draws`` draws (a hand
    state with a record of ``log_capacity`` actions)."""
    return (
        new_hand_state(n, log_capacity),
        np.zeros(N_CARDS, dtype=np.int64),
        np.zeros(N_CARDS, dtype=np.int64),
        np.zeros(3, dtype=np.int64),
        np.zeros((n, 5), dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n_draws, n), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.float64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n_draws + 1, n, 5), dtype=np.int64),
        np.zeros((n_draws, n), dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _street(r, table, st, game, work, rng):
    """Before betting round ``r``: the draw (from the dealer's left, R-T3; none before the
    first round), then every dealt seat's score for the draws left.  Anyone may open."""
    dkinds, dparams, fam, T, ace_low, suits_count = game[3], game[4], game[5], game[6], game[7], game[8]
    keep_tab, score_tab, cdf, n_draws = game[9], game[10], game[11], game[12]
    deck, disc, pile, hands, thrown = work[1], work[2], work[3], work[4], work[5]
    drew, last, scores, cards, kept = work[7], work[8], work[9], work[13], work[14]
    n = table[TABLE_SEATS]
    dealer = table[TABLE_DEALER]
    d_left = n_draws - r
    if r > 0:
        for i in range(n):
            s = seat_left(dealer, 1 + i, n)
            if in_hand(st, s):
                keep = _choose_keep(
                    hands[s], d_left + 1, dkinds[s], dparams[s], ace_low, suits_count, keep_tab
                )
                m = _draw(hands[s], keep, rng, deck, disc, pile, thrown)
                drew[r - 1, s] = m
                last[s] = m
                kept[r - 1, s] = keep
                for j in range(5):
                    cards[r, s, j] = hands[s, j]
    for s in range(n):  # only a seat still in the hand reads its score (a seat dealt nothing is out)
        if in_hand(st, s):
            scores[s] = _score(hands[s], d_left, fam, T, ace_low, score_tab, cdf)
    return -1


@njit(cache=True, inline="always")
def _betting(r, table, st, game, work, rng):
    """The betting round (the shared strategies on the scores and the cards each seat drew
    last); a seat that folded mucks its cards onto the discards."""
    kinds, params = game[1], game[2]
    disc, pile, hands, mucked, last, scores = work[2], work[3], work[4], work[6], work[8], work[9]
    n_in = run_betting_round(st, kinds, params, scores, last, rng)
    if n_in >= 0:
        for s in range(table[TABLE_SEATS]):
            if st[STATUS + s] == ST_FOLDED and mucked[s] == 0:
                _muck(hands[s], disc, pile)
                mucked[s] = 1
    return n_in


@njit(cache=True, inline="always")
def _showdown(table, st, game, work):
    """The strengths of the players still in, when two or more are (0 for every other seat:
    the pots look only at the players still in, and at no strength when one is left)."""
    fam, T = game[5], game[6]
    hands, strengths = work[4], work[10]
    contested = players_in_hand(st) >= 2
    for s in range(table[TABLE_SEATS]):
        if contested and in_hand(st, s):
            strengths[s] = _eval(hands[s, 0], hands[s, 1], hands[s, 2], hands[s, 3], hands[s, 4], fam, T)
        else:
            strengths[s] = 0
    return strengths, strengths, False


@njit(cache=True, inline="always")
def _play_hand(table, game, rng, work, record):
    """Play one hand at ``table`` (module docs) on poker's one hand driver; returns 0, or -1
    on an illegal action."""
    structure, n_draws = game[0], game[12]
    st, deck, pile, hands, mucked, drew, last = work[0], work[1], work[3], work[4], work[6], work[7], work[8]
    payout, start, cards = work[11], work[12], work[13]
    n = table[TABLE_SEATS]
    dealer = table[TABLE_DEALER]
    n_dealt = 0
    for s in range(n):
        if table[TABLE_IN + s] and table[TABLE_STACK + s] > 0:
            start[s] = table[TABLE_STACK + s]
            n_dealt += 1
        else:
            start[s] = 0
        mucked[s] = 0
        last[s] = -1
        payout[s] = 0
        for d in range(n_draws):
            drew[d, s] = -1
    record[REC_DEALER] = dealer
    record[REC_PLAYERS] = n_dealt
    record[REC_POT] = 0
    record[REC_ROUNDS] = 0
    if n_dealt < 2:
        record[REC_OUTCOME] = OUTCOME_NO_HAND
        record[REC_AT_END] = n_dealt
        return 0
    _reset_deck(deck, pile)
    for j in range(5):
        for i in range(n):
            s = seat_left(dealer, 1 + i, n)
            if start[s] == 0:
                continue
            c = draw_card(deck, pile[0], pile[1], rng)
            pile[0] += 1
            hands[s, j] = c
            cards[0, s, j] = c
    n_in = play_rounds(
        st,
        structure,
        start,
        dealer,
        0,
        structure.forced[F_ANTE],
        _street,
        _betting,
        _showdown,
        table,
        game,
        work,
        rng,
        payout,
    )
    if n_in < 0:
        return -1
    pot = 0
    for s in range(n):
        pot += payout[s]
        if table[TABLE_IN + s]:
            table[TABLE_STACK + s] = st[STACK + s]
    record[REC_ROUNDS] = st[S_ROUND] + 1
    record[REC_POT] = pot
    record[REC_AT_END] = n_in
    record[REC_OUTCOME] = OUTCOME_SHOWDOWN if n_in >= 2 else OUTCOME_UNCONTESTED
    return 0


# --- the batch kernel ------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _play_batch(
    table,
    game,
    rng,
    work,
    record,
    stacks,
    n_hands,
    net_sum,
    net_sq,
    per_hand,
    dstats,
    thr,
    rec_cards,
    rec_keep,
    flags,
):
    """Play ``n_hands`` hands at ``table`` (seats and first dealer set), each from the fresh
    ``stacks`` (int64[n]; a seat without chips is out); the dealer moves one seat left every
    hand.  Per seat ``net_sum``/``net_sq`` (float64[n]); ``per_hand`` (int64[H, n], H may be
    0) the first H hands' results; ``dstats`` float64[3, 6, 4] for players still in at a
    showdown: by draw and cards drawn, (players, reached thr[0], reached thr[1], pot share);
    ``rec_cards`` int64[R, n, n_draws + 1, 5] and ``rec_keep`` int64[R, n_draws, n] record the
    first R hands' cards and kept masks; ``flags`` int64[3]: (hands with a chip imbalance,
    strategy errors, showdowns)."""
    st = work[0]
    drew = work[7]
    strengths = work[10]
    payout = work[11]
    cards = work[13]
    kept = work[14]
    n = table[TABLE_SEATS]
    n_draws = game[12]
    n_rec = rec_cards.shape[0]
    for h in range(n_hands):
        for s in range(n):
            table[TABLE_STACK + s] = stacks[s]
            table[TABLE_IN + s] = 1 if stacks[s] > 0 else 0
        if _play_one(table, game, rng, work, record) < 0:
            flags[1] += 1
        if h < n_rec:
            for s in range(n):
                for j in range(5):
                    rec_cards[h, s, 0, j] = cards[0, s, j]
                for d in range(n_draws):
                    if drew[d, s] >= 0:
                        rec_keep[h, d, s] = kept[d, s]
                        for j in range(5):
                            rec_cards[h, s, d + 1, j] = cards[d + 1, s, j]
        n_in = record[REC_AT_END]
        pot = record[REC_POT]
        if n_in >= 2:
            flags[2] += 1
        total = 0
        for s in range(n):
            v = table[TABLE_STACK + s] - stacks[s]
            total += v
            net_sum[s] += v
            net_sq[s] += float(v) * float(v)
            if h < per_hand.shape[0]:
                per_hand[h, s] = v
            if in_hand(st, s) and n_in >= 2:
                share = payout[s] / pot if pot > 0 else 0.0
                for d in range(n_draws):
                    c = drew[d, s]
                    if c >= 0 and d < 3:
                        dstats[d, c, 0] += 1.0
                        if strengths[s] >= thr[0]:
                            dstats[d, c, 1] += 1.0
                        if strengths[s] >= thr[1]:
                            dstats[d, c, 2] += 1.0
                        dstats[d, c, 3] += share
        if total != 0:
            flags[0] += 1
        next_dealer(table)


@njit(cache=True, inline="always")
def _forced(work, n, out):
    """The blinds and antes each seat posted in the hand just played (the evening log)."""
    forced_chips(work[0], n, out)


@lean()
def _play_one(table, game, rng, work, record):
    """:func:`_play_hand` as a call of its own, compiled once for the batch and evening kernels,
    Dealer's Choice and the Python hand kernel (``jobs.hand_kernel``), without Numba's reference
    counting (:func:`simkit.jit.lean`: the hand allocates nothing)."""
    return _play_hand(table, game, rng, work, record)


@njit(cache=True, nogil=True)
def _play_evenings(count, stacks, end, strategy, game, rng, work, record, outs, log):
    """Play ``count`` evenings (:func:`simkit.games.evening.run_evenings`): hands of
    :func:`_play_hand` with the chips carried over, to the last player or the agreed deals."""
    return run_evenings(
        _play_one,
        _forced,
        GAME_TRIPLE_DRAW,
        count,
        stacks,
        end,
        strategy,
        game,
        rng,
        work,
        record,
        outs,
        log,
    )
