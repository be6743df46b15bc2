"""The Razz engine: the compiled kernels that play whole hands, on the shared betting state
machine, and nothing else (the jobs and entry points that drive them are in :mod:`.jobs`).

A hand (R-Z1 … R-Z7, R-P1 … R-P4) on the seats still in at a table of ``n`` seats (2-8),
numbered clockwise:

1. every seat in the hand antes (R-Z5) and gets two down cards and one up card;
2. third street: the highest upcard brings in (K highest, A lowest, ties ♠ > ♥ > ♦ > ♣,
   R-Z2) and may complete instead; others fold, call or complete, raises after a completion.
   Stud high and Hi-Lo: the lowest upcard (ace high, ties ♣ lowest).  Private round: no
   bring-in, the lowest visible hand starts and may check (R-Z6);
3. fourth to sixth street one more up card, seventh street one down card, a betting round
   each; the lowest visible hand acts first, ties to the seat nearest the dealer's left (R-Z3;
   stud high and Hi-Lo: the highest).  Small bets on third and fourth street, big bets from
   fifth (:meth:`.rules.Rules.structure`);
4. when the deck cannot give every player still in a seventh-street card, one community card
   is turned up as everyone's seventh (R-Z4);
5. showdown: the best A-5 low of seven (R-Z1) or the variant's value; side pots, ties and the
   odd chip by :mod:`simkit.poker.pots` (R-P2, R-P3); Hi-Lo halves each pot (R-Z6).

Dealing: each hand has one shuffled deck; the ``j``-th card of seat ``s`` is ``deck[j*n + s]``
for the first six cards, so a seat's cards do not depend on who folds, and two strategies
can be compared on the very same deals.  Seventh-street cards come from the positions not
dealt yet.  No cards are burnt (the rule document burns none).  The strategies draw their
random numbers from a stream of their own, seeded per hand from the hand's stream.

The hand kernel (the common table interface, :mod:`simkit.games.table`)
-----------------------------------------------------------------------
``rc = _play_hand(table, game, rng, work, record)`` plays one hand at the table state
``table`` (int64[TABLE_SIZE]): the seats with ``table[TABLE_IN + s] == 1`` and chips are dealt
in with ``table[TABLE_STACK + s]`` chips, the others are not dealt in and post nothing;
``table[TABLE_DEALER]`` is the dealer (ties of visible hands, the odd chip).  The new stacks
are written back; nothing is carried between hands (``TABLE_CARRIED`` stays as it is), the
dealer is not moved.  ``rc`` is 0, or a negative error code of :mod:`simkit.poker.betting`
(an illegal decision: a bug); then ``table`` is left unchanged.

- ``rng``: the hand's stream (uint64[4]).  Unless the caller gave the deck (``work``), the
  hand first shuffles ``work``'s deck from it; then it draws the four words that seed the
  strategies' own stream.  Nothing else is drawn from it.
- ``game`` (read only; :func:`simkit.games.razz.jobs.game_for` builds it):
  ``(structure, variant, kinds, params, T, T8, score_tab)``: the betting structure of the
  :class:`~.rules.Rules` (:class:`simkit.poker.structure.Structure`), the variant's code, the
  seats' strategy kinds (int64[n]) and parameter rows (float64[n, 9]) of
  :func:`~.strategies.razz_strategy_table`, the evaluator tables of
  :func:`~.showdown.tables` and the score tables of :func:`~.strategies.score_tables`.
- ``work`` (made once per batch by :func:`_new_work` for ``n`` seats): ``(st, hs, deck, used,
  cards, scores, feats, draws, hi, lo, payout, rows, vh, vl, start, srng)``.  After the hand:
  ``st`` the betting state with its action record (:mod:`simkit.poker.table_state`; ``TOTAL``
  what each seat put in), ``hs`` the hand scalars ``H_*``, ``deck`` the hand's deck,
  ``cards`` (n, 7) every seat's cards in the order dealt (-1: not dealt; a community card is
  every seat's seventh), ``payout`` what each seat took from the pots, ``start`` the stacks
  the seats were dealt in with (0: not dealt in); the others are scratch.  A caller that sets
  ``deck`` itself sets ``hs[H_DECK_GIVEN] = 1`` (the hand then does not shuffle and clears
  the flag).
- ``record`` (int64[REC_SIZE]): the head of :mod:`simkit.games.table` (``REC_DEALER``,
  ``REC_POT`` the chips put in, ``REC_OUTCOME`` :data:`OUTCOME_SHOWDOWN` or
  :data:`OUTCOME_FOLDED`, ``REC_PLAYERS`` the players dealt in), then ``REC_BRING_IN`` (the
  bring-in seat, -1 in the private round), ``REC_COMMUNITY`` (the community card, -1 none),
  ``REC_ROUNDS`` (betting rounds started) and ``REC_AT_END`` (players at the end).

Chips are conserved: the stacks of the seats in add up to the same before and after.
:func:`_run_hands`, the batch kernel behind every match, comparison and per-hand run, is a
loop that sets up ``table`` (every hand from the given stacks, the dealer drawn at random)
and calls ``_play_hand`` once per strategy configuration on the same deal.

Evenings (R-E1..R-E3, R-E6): :func:`_play_evenings` plays whole evenings of ``_play_hand``
with the chips carried over (:func:`simkit.games.evening.run_evenings`): a player without
chips is out, the deal passes left among the players with chips, two players left play on
heads-up, and the evening ends when one player has all the chips or after the agreed deals.
Its log's forced bets (:func:`_forced`) are the ante and the bring-in each seat posted, read
from the hand state's action record (``work``'s ``st`` made with a record of at least ``n +
1`` actions: the antes come first, then the bring-in's action).
"""

from __future__ import annotations

import numpy as np

from ...cards import N_CARDS
from ...deck import shuffle_prefix
from ...jit import lean, njit
from ...poker.kernels import (
    forced_chips,
    in_hand,
    new_hand_state,
    play_rounds,
    players_in_hand,
    run_betting_round_with,
)
from ...poker.structure import F_ANTE, F_BRING_IN
from ...poker.table_state import S_DEALER, STACK, TOTAL, seat_left
from ...rng import draw_below, next_u64
from ..evening import GAME_RAZZ, run_evenings
from ..table import (
    REC_DEALER,
    REC_GAME,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_DEALER,
    TABLE_IN,
    TABLE_SEATS,
    TABLE_SIZE,
    TABLE_STACK,
    set_table,
)
from .rules import V_HIGH, V_HILO, V_PRIVATE, _razz_value
from .showdown import _hand_values
from .strategies import N_FEATURES, _features, _razz_decide, _score

__all__ = [
    "H_BRING",
    "H_COMMUNITY",
    "H_DEALT",
    "H_DECK_GIVEN",
    "H_ROUNDS",
    "OUTCOME_FOLDED",
    "OUTCOME_SHOWDOWN",
    "REC_AT_END",
    "REC_BRING_IN",
    "REC_COMMUNITY",
    "REC_ROUNDS",
    "REC_SIZE",
]

# Hand scalars ``hs`` (work[1]).
H_DEALT = 0  # cards dealt so far (all seats)
H_COMMUNITY = 1  # the community card (R-Z4), -1 none
H_BRING = 2  # the bring-in seat, -1 none (private round)
H_ROUNDS = 3  # betting rounds started
H_DECK_GIVEN = 4  # 1: the caller put this hand's deck in work; the hand does not shuffle
N_H = 5

# Razz's fields of the hand record (after the common head of simkit.games.table).
REC_BRING_IN = REC_GAME  # the bring-in seat, -1 none (private round)
REC_COMMUNITY = REC_GAME + 1  # the community card (R-Z4), -1 none
REC_ROUNDS = REC_GAME + 2  # betting rounds started
REC_AT_END = REC_GAME + 3  # players still in at the end (>= 2: a showdown)
REC_SIZE = REC_GAME + 4

#: ``record[REC_OUTCOME]``: the hand went to a showdown, or everyone else folded.
OUTCOME_SHOWDOWN, OUTCOME_FOLDED = 0, 1


@njit(cache=True)
def _first_unused(used):
    for p in range(used.shape[0]):
        if not used[p]:
            return p
    return -1


@njit(cache=True, inline="always")
def _deal_street(st, r, n, deck, used, cards, hs):
    """Deal the cards of betting round ``r`` (0 = third street … 4 = seventh) to every seat
    still in; on seventh street a community card when the deck runs short (R-Z4)."""
    if r == 0:
        for s in range(n):
            if in_hand(st, s):
                for j in range(3):
                    p = j * n + s
                    cards[s, j] = deck[p]
                    used[p] = True
                    hs[H_DEALT] += 1
        return
    j = r + 2
    if r < 4:
        for s in range(n):
            if in_hand(st, s):
                p = j * n + s
                cards[s, j] = deck[p]
                used[p] = True
                hs[H_DEALT] += 1
        return
    k = 0
    for s in range(n):
        if in_hand(st, s):
            k += 1
    if k > N_CARDS - hs[H_DEALT]:  # R-Z4: one community card for everyone still in
        p = _first_unused(used)
        used[p] = True
        hs[H_DEALT] += 1
        hs[H_COMMUNITY] = deck[p]
        for s in range(n):
            if in_hand(st, s):
                cards[s, 6] = deck[p]
        return
    for s in range(n):
        if in_hand(st, s):
            p = 6 * n + s
            if p >= N_CARDS or used[p]:
                p = _first_unused(used)
            cards[s, 6] = deck[p]
            used[p] = True
            hs[H_DEALT] += 1


@njit(cache=True, inline="always")
def _value_of(card, high):
    """Card value for ordering: ace high (2..14) in stud high / Hi-Lo, else ace low (1..13)."""
    if high:
        return (np.int64(card) >> 2) + 2
    return _razz_value(card)


@njit(cache=True, inline="always")
def _board_key(cards, s, n_up, high):
    """Key of seat ``s``'s visible cards (``cards[s, 2:2+n_up]``, at most four): category (no
    pair, one pair, two pair, trips, quads) then the values ordered by count and value, most
    important first.  Razz: the smallest key is the lowest hand (R-Z3); stud high: the
    greatest is the highest.

    Each card gives ``count << 4 | value`` (its value's count among the up cards, packed 4 bits
    a value: no allocation); sorting these four numbers (a missing card is 0) by a sorting
    network orders the values as the key wants them, each value as often as it is held.
    """
    counts = np.int64(0)
    for i in range(n_up):
        counts += np.int64(1) << (4 * _value_of(cards[s, 2 + i], high))
    a = np.int64(0)
    b = np.int64(0)
    c = np.int64(0)
    d = np.int64(0)
    n_paired = 0  # cards whose value is held exactly twice
    most = np.int64(0)  # the largest count
    for i in range(n_up):
        v = _value_of(cards[s, 2 + i], high)
        k = (counts >> (4 * v)) & 15
        item = (k << 4) | v
        if i == 0:
            a = item
        elif i == 1:
            b = item
        elif i == 2:
            c = item
        else:
            d = item
        n_paired += k == 2
        most = max(most, k)
    cat = most if most >= 3 else n_paired // 2
    a, b = max(a, b), min(a, b)
    c, d = max(c, d), min(c, d)
    a, c = max(a, c), min(a, c)
    b, d = max(b, d), min(b, d)
    b, c = max(b, c), min(b, c)
    return (((cat * 16 + (a & 15)) * 16 + (b & 15)) * 16 + (c & 15)) * 16 + (d & 15)


@njit(cache=True, inline="always")
def _first_to_act(st, r, n, cards, variant):
    """The bring-in seat (round 0, R-Z2) or the seat with the lowest (stud high: highest)
    visible hand, ties to the seat nearest the dealer's left (R-Z3)."""
    high = variant == V_HIGH or variant == V_HILO
    dealer = st[S_DEALER]
    best = -1
    best_key = 0
    if r == 0 and variant != V_PRIVATE:
        for i in range(n):
            s = seat_left(dealer, 1 + i, n)
            if not in_hand(st, s):
                continue
            c = cards[s, 2]
            key = _value_of(c, high) * 4 + (np.int64(c) & 3)
            if high:
                key = -key  # the lowest card brings in, ace high, ♣ the lowest suit
            if best < 0 or key > best_key:
                best = s
                best_key = key
        return best
    n_up = r + 1 if r < 4 else 4
    for i in range(n):
        s = seat_left(dealer, 1 + i, n)
        if not in_hand(st, s):
            continue
        key = _board_key(cards, s, n_up, high)
        if not high:
            key = -key
        if best < 0 or key > best_key:
            best = s
            best_key = key
    return best


@njit(cache=True)
def _showdown_values(st, n, cards, variant, T, T8, hi, lo, rows, vh, vl):
    """The high and low values (``hi``, ``lo``) of the seats still in; -1 and 0 for the rest.
    ``rows``, ``vh``, ``vl`` are scratch space for the compact rows of the seats still in."""
    m = 0
    for s in range(n):
        hi[s] = -1
        lo[s] = 0
        if in_hand(st, s):
            for j in range(7):
                rows[m, j] = cards[s, j]
            m += 1
    if players_in_hand(st) >= 2:
        _hand_values(rows, m, variant, T, T8, vh, vl)
        k = 0
        for s in range(n):
            if in_hand(st, s):
                hi[s] = vh[k]
                lo[s] = vl[k]
                k += 1


@njit(cache=True)
def _new_work(n, log_capacity):
    """The scratch arrays of :func:`_play_hand` for ``n`` seats (see the module docstring);
    ``log_capacity`` actions are recorded in ``st`` per hand (0: none)."""
    return (
        new_hand_state(n, log_capacity),
        np.zeros(N_H, np.int64),
        np.arange(N_CARDS).astype(np.int8),
        np.zeros(N_CARDS, np.bool_),
        np.full((n, 7), -1, np.int8),
        np.zeros(n),
        np.zeros((n, N_FEATURES), np.int64),
        np.full(n, -1, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros((n, 7), np.int8),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(4, np.uint64),
    )


@njit(cache=True, inline="always")
def _street(r, table, st, game, work, rng):
    """Deal street ``r`` (third street: two down, one up), show the seats still in their
    scores and features, and name who opens the betting: the bring-in on third street (the
    private round has none), the best board after (R-Z2, R-Z3)."""
    variant, score_tab = game[1], game[6]
    hs, deck, used, cards, scores, feats = work[1], work[2], work[3], work[4], work[5], work[6]
    n = table[TABLE_SEATS]
    _deal_street(st, r, n, deck, used, cards, hs)
    c = r + 3
    for s in range(n):
        if in_hand(st, s):
            scores[s] = _score(cards, s, c, score_tab)
            _features(cards, s, c, feats)
    first = _first_to_act(st, r, n, cards, variant)
    if r == 0 and variant != V_PRIVATE:
        hs[H_BRING] = first
    hs[H_ROUNDS] = r + 1
    return first


@njit(cache=True, inline="always")
def _betting(r, table, st, game, work, rng):
    """The betting round: every seat by its Razz strategy, on the strategies' own stream."""
    kinds, params = game[2], game[3]
    scores, feats, draws, srng = work[5], work[6], work[7], work[15]
    return run_betting_round_with(st, _razz_decide, kinds, params, scores, feats, draws, srng)


@njit(cache=True, inline="always")
def _showdown(table, st, game, work):
    """The seats' high and low values; split pots in Stud Hi-Lo (R-Z6)."""
    variant, T, T8 = game[1], game[4], game[5]
    cards, hi, lo, rows, vh, vl = work[4], work[8], work[9], work[11], work[12], work[13]
    _showdown_values(st, table[TABLE_SEATS], cards, variant, T, T8, hi, lo, rows, vh, vl)
    return hi, lo, variant == V_HILO


@njit(cache=True, inline="always")
def _play_hand(table, game, rng, work, record):
    """Play one hand at ``table`` (see the module docstring) on poker's one hand driver; 0 or
    a negative error code."""
    structure = game[0]
    st, hs, deck, used, cards = work[0], work[1], work[2], work[3], work[4]
    payout, start, srng = work[10], work[14], work[15]
    n = table[TABLE_SEATS]
    dealer = table[TABLE_DEALER]
    if hs[H_DECK_GIVEN] == 0:
        shuffle_prefix(deck, N_CARDS, rng)
    hs[H_DECK_GIVEN] = 0
    for k in range(4):
        srng[k] = next_u64(rng)
    if srng[0] == 0 and srng[1] == 0 and srng[2] == 0 and srng[3] == 0:
        srng[0] = 1
    players = 0
    for s in range(n):
        start[s] = table[TABLE_STACK + s] if table[TABLE_IN + s] else 0
        if start[s] > 0:
            players += 1
    hs[H_DEALT] = 0
    hs[H_COMMUNITY] = -1
    hs[H_BRING] = -1
    hs[H_ROUNDS] = 0
    for p in range(N_CARDS):
        used[p] = False
    for s in range(n):
        for j in range(7):
            cards[s, j] = -1
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
        return n_in
    pot = 0
    for s in range(n):
        pot += st[TOTAL + s]
        if start[s] > 0:
            table[TABLE_STACK + s] = st[STACK + s]
    record[REC_DEALER] = dealer
    record[REC_POT] = pot
    record[REC_OUTCOME] = OUTCOME_SHOWDOWN if n_in >= 2 else OUTCOME_FOLDED
    record[REC_PLAYERS] = players
    record[REC_BRING_IN] = hs[H_BRING]
    record[REC_COMMUNITY] = hs[H_COMMUNITY]
    record[REC_ROUNDS] = hs[H_ROUNDS]
    record[REC_AT_END] = n_in
    return 0


@njit(cache=True, inline="always")
def _with_strategies(game, kinds, params):
    """``game`` with the seats' strategies ``kinds``, ``params`` (another configuration)."""
    structure, variant, _, _, T, T8, score_tab = game
    return (structure, variant, kinds, params, T, T8, score_tab)


@njit(cache=True, nogil=True)
def _run_hands(
    game,
    kinds_all,
    params_all,
    stacks,
    random_stacks,
    rng,
    decks,
    dealers,
    n_hands,
    log_capacity,
    net_sum,
    net_sq,
    diff_sum,
    diff_sq,
    won,
    showdowns,
    community,
    vpip,
    errors,
    per_net,
    per_cards,
    per_info,
    per_log,
):
    """Play ``n_hands`` hands under every configuration (``kinds_all[c]``, ``params_all[c]``
    replace ``game``'s strategies) on the same deals, each a :func:`_play_hand` call.

    ``decks`` (hands, 52) and ``dealers`` (hands,) fix the deals when they have rows, else
    each hand shuffles a deck and draws a dealer.  ``random_stacks``: every seat starts with
    a uniform 1..stacks[s] chips (side pots), else with ``stacks``.  Sums per configuration
    and seat; ``diff_*`` are the per-hand differences to configuration 0.  Per-hand arrays
    (first axis > 0) keep configuration 0's net, cards, (bring-in seat, community card,
    dealer, rounds, players at the end) and action record.
    """
    structure = game[0]
    n_cfg = kinds_all.shape[0]
    n = stacks.shape[0]
    work = _new_work(n, log_capacity)
    st, hs, deck, cards, payout = work[0], work[1], work[2], work[4], work[10]
    table = np.zeros(TABLE_SIZE, np.int64)
    record = np.zeros(REC_SIZE, np.int64)
    start = np.zeros(n, np.int64)
    base_net = np.zeros(n, np.int64)
    saved = np.zeros(4, np.uint64)
    fixed = decks.shape[0] > 0
    ante = structure.forced[F_ANTE]
    bring_in = structure.forced[F_BRING_IN]
    for h in range(n_hands):
        if fixed:
            for p in range(N_CARDS):
                deck[p] = decks[h, p]
            dealer = dealers[h]
        else:
            shuffle_prefix(deck, N_CARDS, rng)
            dealer = draw_below(rng, n)
        for s in range(n):
            start[s] = 1 + draw_below(rng, stacks[s]) if random_stacks else stacks[s]
        for k in range(4):
            saved[k] = rng[k]
        for cfg in range(n_cfg):
            for k in range(4):
                rng[k] = saved[k]  # every configuration: the same strategy stream
            set_table(table, start, dealer)
            hs[H_DECK_GIVEN] = 1
            rc = _play_one(table, _with_strategies(game, kinds_all[cfg], params_all[cfg]), rng, work, record)
            if rc < 0:
                errors[cfg] += 1
                continue
            n_end = record[REC_AT_END]
            bring = record[REC_BRING_IN]
            total = 0
            for s in range(n):
                d = table[TABLE_STACK + s] - start[s]
                total += d
                net_sum[cfg, s] += d
                net_sq[cfg, s] += float(d) * float(d)
                if cfg == 0:
                    base_net[s] = d
                else:
                    e = d - base_net[s]
                    diff_sum[cfg, s] += e
                    diff_sq[cfg, s] += float(e) * float(e)
                if payout[s] > 0 and d > 0:
                    won[cfg, s] += 1
                if st[TOTAL + s] > ante + (bring_in if s == bring else 0):
                    vpip[cfg, s] += 1
            if total != 0:
                errors[cfg] += 1
            if n_end >= 2:
                showdowns[cfg] += 1
            if record[REC_COMMUNITY] >= 0:
                community[cfg] += 1
            if cfg == 0 and per_net.shape[0] > 0:
                for s in range(n):
                    per_net[h, s] = table[TABLE_STACK + s] - start[s]
                    for j in range(7):
                        per_cards[h, s, j] = cards[s, j]
                per_info[h, 0] = bring
                per_info[h, 1] = record[REC_COMMUNITY]
                per_info[h, 2] = dealer
                per_info[h, 3] = record[REC_ROUNDS]
                per_info[h, 4] = n_end
                for k in range(per_log.shape[1]):
                    per_log[h, k] = st[k] if k < st.shape[0] else 0


# --- evenings --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _forced(work, n, out):
    """The ante and the bring-in each seat posted in the hand just played (the evening log),
    read from the action record of the hand state: a bring-in who completes instead posted
    no bring-in (R-Z2)."""
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
    :func:`_play_hand` with the chips carried over, until one player has them all or the
    agreed deals are played (R-E3); two players left play heads-up (R-E2)."""
    return run_evenings(
        _play_one, _forced, GAME_RAZZ, count, stacks, end, strategy, game, rng, work, record, outs, log
    )
