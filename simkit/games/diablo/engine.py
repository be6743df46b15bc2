"""Diablo's compiled kernels: one deal with the carried pot and the Diablo rule, and the series
loop built on it, on the betting engine of :mod:`simkit.poker`.

One hand
--------
``rc = _play_hand(table, game, rng, work, record)`` plays one deal at the table state
``table`` (:mod:`simkit.games.table`) as the rules say (diablo.de.txt, "Ablauf eines Spiels"):

1. every seat still in (``table[TABLE_IN + s]``) with chips antes (none when the carried pot
   is a Diablo pot, ``table[TABLE_DIABLO_POT]``, R-D4/R-D5) and gets five cards, dealt from
   the dealer's left; the other seats are not dealt in and post nothing (R-P4);
2. the first betting round starts left of the dealer; the first bet makes the opener (R-D3).
   If everybody checks the deal is void: the pot stays for the next deal (R-D4);
3. the players still in draw, from the dealer's left: each keeps what its draw policy keeps
   (:mod:`.keep_table`; 0-2 cards, R-D6; the draw-three variant up to 3, or 4 keeping an
   ace).  When the stub runs short (only possible drawing three), the discards of the players
   who already drew are shuffled into a new stub; a player's own discards are not among them;
4. the second round starts with the opener, or the next player still in on their left
   (R-D3, ``FIRST_OPENER``);
5. showdown with the deuces-wild evaluator; side pots, ties and the odd chip by
   :mod:`simkit.poker.pots` (R-D7, R-P3);
6. the Diablo rule (:func:`_diablo_rule`, R-D5): an opener who wins no share of the pot, also
   after folding, pays a new pot equal to the pot just won (at most the cap, at most their
   chips); the next deal is played for it without ante.  Getting back only one's own
   uncalled chips is no share (R-D9): the opener must be awarded chips that others put in.

It writes the new stacks back into ``table`` and what the next deal is played for: after a
void deal ``TABLE_CARRIED`` holds the whole pot (its kind unchanged), after an opened deal the
Diablo payment (``TABLE_DIABLO_POT`` = 1 when there is one, else 0).  Chips are conserved:
``sum(stacks) + TABLE_CARRIED`` is the same before and after.  It never moves the dealer nor
marks players out: the caller does (:func:`simkit.games.table.drop_broke`, then
:func:`simkit.games.table.next_dealer`, which passes the deal one
seat left when nobody is in, as the series have always done).
On an error (``rc < 0``) ``table`` is left as it was.

- ``game`` = ``(structure, cfg, players, tabs, fixed_deck, fixed_keep, script)``, read only,
  built once per batch by :func:`simkit.games.diablo.jobs.make_game`: the betting structure
  and the rules as an int64 array (:meth:`~.rules.Rules.structure`, :meth:`~.rules.Rules.config`);
  ``players`` = (kinds, params, open_floor, bluff, carried_floor, speak_floor)
  (:class:`~.strategies.PlayerArrays`);
  ``tabs`` = (T, policy, final_value): the evaluator tables, the draw policy of every hand by
  colex number packed as ``value << 5 | keep mask`` (uint32, :func:`pack_policy`; one memory
  access per hand) and the post-draw score of every strength; and, to replay given hands,
  ``fixed_deck`` (52 cards replacing the shuffle; empty: shuffle), ``fixed_keep`` (per seat a
  keep mask over the hand as dealt, -1: the policy's keep) and ``script`` (rows ``seat,
  action, to`` replacing every decision; no rows: the strategies decide).
- ``work`` = ``(st, deck, h, pat, dd, final, scores, draws, payout, kmask, disc, force, floor,
  hand)``,
  made once per batch by :func:`_new_work`: the betting state (:mod:`simkit.poker.table_state`),
  the deck, the hands (``h[5 s:5 s + 5]``), per seat the strength as dealt (``pat``, -1: not
  dealt in), the deuces as dealt (``dd``), the final strength (``final``), the scores before
  and after the draw, the cards drawn (-1: none), what it won (``payout``); scratch for keeps
  and discards; ``force`` (int64[5], ``FORCE_*`` and ``SCRIPT_*``): the first time the seat
  ``force[FORCE_SEAT]`` may open holding a hand below its threshold it opens anyway (mode 1)
  or checks (mode 2) and ``force[FORCE_DONE]`` is set (mode 0: no forcing), and the
  script's position; ``floor`` (int64[seats]) scratch for the deal's opening floors;
  ``hand`` (int64[seats + 2]) the stacks dealt in and the deal's counters (``H_*``).  After
  the hand they hold its details for the batch kernels.
- ``record`` (int64[:data:`REC_SIZE`]): the head of :mod:`simkit.games.table` (``REC_DEALER``,
  ``REC_POT``: the pot contested, carried chips included (after a void deal the pot that
  stays), ``REC_OUTCOME``: ``SHOWDOWN``, ``NO_SHOWDOWN``, ``VOID`` or the error code,
  ``REC_PLAYERS``: players dealt in) and from ``REC_GAME`` on :data:`REC_OPENER` (-1: void),
  :data:`REC_PENALTY` (the new pot the opener pays, R-D5), :data:`REC_CARRIED_IN` (chips
  carried into the deal), :data:`REC_DIABLO_IN` (1: it was played for a Diablo pot, no ante),
  :data:`REC_SCRIPT_USED` (scripted actions used) and :data:`REC_OPENER_WON` (1: the opener
  won the pot or a share of it, R-D5/R-D9).

Decisions: the opening decision follows the seat's opening threshold (:mod:`.strategies`):
open when the hand as dealt reaches the seat's floor for the deal (or, below it, with
probability ``bluff``), else check.  The floor is ``open_floor``, unless the seat has
situational levels (:func:`_deal_floors`): the ``carried_floor`` step the carried Diablo pot
reaches, else the ``speak_floor`` step of the players still to speak after it; they are
fixed before the first action (until somebody opens, everybody before the seat checked); every other decision is the poker threshold rule on the seat's
*score* (before the draw the expected showdown share against two random hands of the
policy's keep, after it the final hand's share).

Series
------
A *deal* is one shuffle (void when everybody checks, R-D4); a *game* is an opened deal; a
*series* is the games from a normal pot up to the first game an opener wins (R-D5): a
series counts as one unit and each game in it counts too.  :func:`_series_kernel` plays
``hands`` series, each to its end, a loop of :func:`_play_hand` on one table, and adds up
summable statistics (:data:`COUNTS`, :data:`SUMS`, per seat :data:`SEAT_SUMS`, by deuces
dealt, histograms of series length and final pot, the mean pot by game number, and the
series result of a forced seat, tip D5).  Stacks start fresh every ``session`` series (1 =
every series; then every series starts with a dealer drawn at random, so that seats are
alike); a player without chips is out until then; the deal passes left after every deal
(with dealer's choice: after a series, left of the player who dealt its first game).  Chips
are checked after every deal: stacks plus the pot on the table always add up to the chips at
the start.

A series always ends by the rules: an opener wins (R-D5); a losing opener with no chips at all
pays nothing and the series ends (``short_end``); or fewer than two players have chips left,
and the one left takes the pot (``last_player_takes``, as in an evening, R-E4; should nobody
have chips, the dealer does).  A series still running after ``max_deals`` deals (players who
never open) is a runaway: the kernel stops, counts ``max_deals``, and the job raises; no figure
comes from it.

Examples
--------
:func:`simkit.games.diablo.jobs.play_deals` plays given or random deals from Python.
"""

from __future__ import annotations

import numpy as np

from ...cards import N_CARDS
from ...deck import shuffle_prefix
from ...hands.kernels import eval5_deuces_wild
from ...jit import lean, njit
from ...poker.actions import BET, CHECK, NO_ACTION
from ...poker.history import NO_SHOWDOWN, SHOWDOWN, VOID
from ...poker.kernels import (
    END_HAND,
    apply_action,
    decide_on_state,
    forced_chips,
    in_hand,
    legal_actions,
    new_hand_state,
    play_rounds,
    players_in_hand,
    pot_size,
    void_if_unopened,
)
from ...poker.strategies import CHECK_CALL, P_SIZE, RANDOM
from ...poker.table_state import (
    L_AGG,
    L_MAX_TO,
    L_MIN_TO,
    S_DEAD,
    S_LEVEL,
    S_OPENER,
    S_ROUND,
    S_SEATS,
    S_TO_ACT,
    ST_ACTIVE,
    ST_OUT,
    STACK,
    STATUS,
    TOTAL,
    seat_left,
)
from ...rng import draw_below, uniform
from ..evening import (
    END_DEALS,
    END_KIND,
    END_MAX_DEALS,
    END_MIN_PLAYERS,
    END_SERIES,
    GAME_DIABLO,
    RC_RUNAWAY,
    _ended,
    after_hand,
    evening_scratch,
    finish_evening,
    keep_stacks,
    log_hand,
    new_evening,
)
from ..table import (
    REC_DEALER,
    REC_GAME,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_CARRIED,
    TABLE_DEAL,
    TABLE_DEALER,
    TABLE_GAME,
    TABLE_IN,
    TABLE_SEATS,
    TABLE_SIZE,
    TABLE_STACK,
    drop_broke,
    next_dealer,
    seats_in,
    set_table,
    table_chips,
)
from .keep_table import _hand_colex, _sort5
from .rules import (
    C_ANTE,
    C_CAP,
    C_DEALERS_CHOICE,
    C_DIABLO,
    C_DRAW3,
    C_JACKS,
    C_JJ_FLOOR,
    C_MAX_DEALS,
    C_SESSION,
    N_CFG,
)

# The config slots C_* are the rules module's (listed in its __all__), imported here for the
# kernels.
__all__ = [
    "pack_policy",
    "COUNTS",
    "ERR_END_RULE",
    "ERR_SCRIPT",
    "LEN_BINS",
    "MIN_PLAYERS",
    "N_CFG",
    "POT_BINS",
    "POT_GAMES",
    "REC_CARRIED_IN",
    "REC_DIABLO_IN",
    "REC_OPENER",
    "REC_PENALTY",
    "REC_SCRIPT_USED",
    "REC_SIZE",
    "SEAT_SUMS",
    "SUMS",
    "TABLE_DIABLO_POT",
    "TAKES_CARRIED",
]

#: Table slot (game part of :mod:`simkit.games.table`): 1 when the carried chips are a Diablo
#: pot (played without ante, R-D5), 0 for a normal pot or the pot of a void deal (R-D4).
TABLE_DIABLO_POT = TABLE_GAME

# Diablo's fields of the hand record (after the common head).
REC_OPENER = REC_GAME  # the opener, -1 in a void deal
REC_PENALTY = REC_GAME + 1  # the new pot the opener pays (R-D5), 0 if none
REC_CARRIED_IN = REC_GAME + 2  # chips carried into the deal
REC_DIABLO_IN = REC_GAME + 3  # 1: the deal was played for a Diablo pot (no ante)
REC_SCRIPT_USED = REC_GAME + 4  # scripted actions used
REC_OPENER_WON = REC_GAME + 5  # 1: the opener won the pot or a share of it (R-D5, R-D9)
REC_SIZE = REC_GAME + 6

ERR_SCRIPT = -10  # a scripted action belongs to another seat or the script ran out
ERR_END_RULE = -11  # an evening's end rule is not Diablo's (END_SERIES, 3 players, R-E4)

#: Outcome of an evening's closing step (after ``NO_SHOWDOWN``, ``SHOWDOWN``, ``VOID``): the one
#: player left with chips takes the carried pot (R-E4, module docstring); no deal.
TAKES_CARRIED = 3
#: Fewest players with chips a deal needs when no series is running (R-E4, R-D6).
MIN_PLAYERS = 3

VALUE_BITS = 26
VALUE_UNIT = 1.0 / (1 << VALUE_BITS)


def pack_policy(mask: np.ndarray, value: np.ndarray) -> np.ndarray:
    """The draw policy as one uint32 per hand: ``round(value * 2**26) << 5 | mask``.

    >>> pack_policy(np.array([3], dtype=np.uint8), np.array([0.5])).tolist()
    [1073741827]
    """
    v = np.round(np.clip(value, 0.0, 1.0) * (1 << VALUE_BITS)).astype(np.uint32)
    return (v << np.uint32(5)) | mask.astype(np.uint32)


@njit(cache=True, inline="always")
def _below_jacks(cfg, pat, seat):
    """Jacks or better (Varianten) forbids ``seat`` to open its hand as dealt."""
    return cfg[C_JACKS] != 0 and pat[seat] < cfg[C_JJ_FLOOR]


@njit(cache=True, inline="always")
def _opening_bet(st, seat, params):
    """The opening bet of ``seat``: its share ``P_SIZE`` of the pot, within the limits."""
    to = np.int64(st[S_LEVEL] + params[seat, P_SIZE] * pot_size(st) + 0.5)
    return min(max(to, st[L_MIN_TO]), st[L_MAX_TO])


@njit(cache=True)
def _opening(st, seat, pat, open_floor, bluff, cfg, params, rng):
    """The opening decision (R-D3) of a threshold player: open or check."""
    want = pat[seat] >= open_floor[seat]
    if not want and bluff[seat] > 0.0:
        want = uniform(rng) < bluff[seat]
    if want and _below_jacks(cfg, pat, seat):
        want = False
    if not want:
        return CHECK, 0
    return BET, _opening_bet(st, seat, params)


# The forced opening decision ``force`` (int64[3]) of a series.
FORCE_SEAT = 0  # the seat whose first chance to open is forced, -1 none
FORCE_MODE = 1  # 1: it opens anyway (a bluff), 2: it checks, 0: no forcing
FORCE_DONE = 2  # 1 once the forced decision was made


@njit(cache=True)
def _betting(st, kinds, params, scores, draws, rng, pat, open_floor, bluff, cfg, script, sp, force):
    """Play the current round to its end; return ``(players still in or an error, sp)``.

    ``force`` (int64[3]: seat, mode, done): the first time ``seat`` may open holding a hand
    below its opening threshold, it opens anyway (mode 1, a bluff) or checks (mode 2), and
    ``done`` is set; mode 0 = no forcing.

    The steps are those of :func:`simkit.poker.kernels.run_betting_round_with` (legal row,
    decision, apply), with the opener's bookkeeping and the script position in the loop:
    written through that loop with a decision argument, a Diablo game ran 10-15 % slower.
    """
    while True:
        seat = st[S_TO_ACT]
        if seat < 0:
            break
        legal_actions(st, seat)
        can_open = st[S_ROUND] == 0 and st[S_OPENER] < 0 and st[L_AGG] != NO_ACTION
        if script.shape[0] > 0:
            if sp >= script.shape[0] or script[sp, 0] != seat:
                return ERR_SCRIPT, sp
            action = script[sp, 1]
            to = script[sp, 2]
            sp += 1
        elif (
            can_open
            and force[FORCE_MODE] != 0
            and force[FORCE_DONE] == 0
            and seat == force[FORCE_SEAT]
            and pat[seat] < open_floor[seat]
        ):
            force[FORCE_DONE] = 1
            if force[FORCE_MODE] == 1 and not _below_jacks(cfg, pat, seat):
                action, to = BET, _opening_bet(st, seat, params)
            else:
                action, to = CHECK, 0
        elif can_open and kinds[seat] != RANDOM and kinds[seat] != CHECK_CALL:
            action, to = _opening(st, seat, pat, open_floor, bluff, cfg, params, rng)
        else:
            action, to = decide_on_state(kinds, params, scores, draws, st, rng, seat)
            if can_open and action == BET and _below_jacks(cfg, pat, seat):
                action, to = CHECK, 0
        rc = apply_action(st, seat, action, to)
        if rc < 0:
            return rc, sp
    return players_in_hand(st), sp


@njit(cache=True)
def _exchange(h, o, m, src, spos, disc, nd):
    """Keep the cards of ``h[o:o+5]`` at the positions in ``m``, discard the rest into
    ``disc[nd:]`` and fill from ``src[spos:]``; return the number of cards exchanged."""
    k = 0
    n_out = 0
    for p in range(5):
        c = h[o + p]
        if (m >> p) & 1:
            h[o + k] = c
            k += 1
        else:
            disc[nd + n_out] = c
            n_out += 1
    for j in range(n_out):
        h[o + k + j] = src[spos + j]
    return n_out


@njit(cache=True)
def _draw_round(st, n, dealer, h, deck, pos, kmask, disc, spare, draws, rng):
    """Every player still in draws, from the dealer's left (rules step 3).

    Seat ``s`` keeps the positions of its hand in ``kmask[s]`` (the policy's keep, or a
    fixed one); ``disc`` is scratch for the discards (at least 4 per seat), ``spare``
    (2 x 52) for a new stub of the discards when the old one is short (it allocates nothing).
    """
    src = deck
    spos = pos
    nd = 0
    for k in range(n):
        s = seat_left(dealer, 1 + k, n)
        if not in_hand(st, s):
            continue
        m = kmask[s]
        need = 5
        for p in range(5):
            need -= (m >> p) & 1
        if spos + need > src.shape[0]:
            # The stub is short (drawing three): the earlier discards become the new stub.
            left = src.shape[0] - spos
            pile = spare[: left + nd]  # src may be pile already: copied downwards, in order
            for j in range(left):
                pile[j] = src[spos + j]
            tail = spare[N_CARDS : N_CARDS + nd]
            for j in range(nd):
                tail[j] = disc[j]
            shuffle_prefix(tail, nd, rng)
            for j in range(nd):
                pile[left + j] = tail[j]
            src = pile
            spos = 0
            nd = 0
        d = _exchange(h, 5 * s, m, src, spos, disc, nd)
        nd += d
        spos += d
        draws[s] = d


@njit(cache=True)
def _new_work(n, log_capacity, force):
    """The scratch arrays of :func:`_play_hand` for ``n`` seats (module docstring); the betting
    state records up to ``log_capacity`` actions; ``force`` = (seat, mode) (``(-1, 0)``: none)."""
    st = new_hand_state(n, log_capacity)
    deck = np.arange(N_CARDS, dtype=np.int64)
    h = np.zeros(5 * n, dtype=np.int64)
    pat = np.zeros(n, dtype=np.int64)
    dd = np.zeros(n, dtype=np.int64)
    final = np.zeros(n, dtype=np.int64)
    scores = np.zeros((2, n))
    draws = np.zeros((2, n), dtype=np.int64)
    payout = np.zeros(n, dtype=np.int64)
    kmask = np.zeros(n, dtype=np.int64)
    disc = np.zeros(5 + 4 * n + 2 * N_CARDS, dtype=np.int64)
    frc = np.zeros(3, dtype=np.int64)
    frc[FORCE_SEAT] = force[0]
    frc[FORCE_MODE] = force[1]
    floor = np.zeros(n, dtype=np.int64)
    hand = np.zeros(n + 2, dtype=np.int64)
    return st, deck, h, pat, dd, final, scores, draws, payout, kmask, disc, frc, floor, hand


# Past the stacks (``hand[:n]``), the deal's own counters in ``hand`` (work[13]).
H_SCRIPT = 0  # scripted actions used
H_POS = 1  # cards dealt from the deck before the draw


@njit(cache=True, inline="always")
def _play_hand(table, game, rng, work, record):
    """Play one deal at ``table`` (module docstring) on poker's one hand driver; return the
    outcome (``NO_SHOWDOWN``, ``SHOWDOWN``, ``VOID``) or a negative error.  Only as many cards
    are shuffled as can be used."""
    structure, cfg = game[0], game[1]
    st, payout, hand = work[0], work[8], work[13]
    n = table[TABLE_SEATS]
    dealer = table[TABLE_DEALER]
    carried = table[TABLE_CARRIED]
    diablo_pot = table[TABLE_DIABLO_POT] != 0
    record[REC_DEALER] = dealer
    record[REC_CARRIED_IN] = carried
    record[REC_DIABLO_IN] = 1 if diablo_pot else 0
    record[REC_OPENER] = -1
    record[REC_PENALTY] = 0
    record[REC_OPENER_WON] = 0
    n_dealt = 0
    for s in range(n):  # a seat out of the evening is not dealt in and posts nothing
        hand[s] = table[TABLE_STACK + s] if table[TABLE_IN + s] != 0 else 0
        if hand[s] > 0:
            n_dealt += 1
    hand[n + H_SCRIPT] = 0
    n_in = play_rounds(
        st,
        structure,
        hand[:n],
        dealer,
        carried,
        0 if diablo_pot else cfg[C_ANTE],  # a Diablo pot is played without ante (R-D5)
        _street,
        _bet_round,
        _showdown,
        table,
        game,
        work,
        rng,
        payout,
    )
    for s in range(n):
        if table[TABLE_IN + s] == 0:  # out of the evening: dealt no stack, its chips stay
            st[STACK + s] = table[TABLE_STACK + s]
    if n_in == END_HAND:
        rc = VOID
    elif n_in < 0:
        rc = n_in
    else:
        rc = SHOWDOWN if n_in >= 2 else NO_SHOWDOWN
    record[REC_OUTCOME] = rc
    record[REC_PLAYERS] = n_dealt
    record[REC_SCRIPT_USED] = hand[n + H_SCRIPT]
    if rc < 0:
        record[REC_POT] = 0
        return rc
    if rc == VOID:
        for s in range(n):
            table[TABLE_STACK + s] = st[STACK + s]
        pot = pot_size(st)  # the pot stays (R-D4)
        table[TABLE_CARRIED] = pot
        record[REC_POT] = pot
        return rc
    opener, pot, pen, won = _diablo_rule(st, cfg, payout, table[TABLE_STACK : TABLE_STACK + n])
    record[REC_OPENER_WON] = 1 if won else 0
    table[TABLE_CARRIED] = pen
    table[TABLE_DIABLO_POT] = 1 if pen > 0 else 0
    record[REC_POT] = pot
    record[REC_OPENER] = opener
    record[REC_PENALTY] = pen
    return rc


@njit(cache=True, inline="always")
def _street(r, table, st, game, work, rng):
    """Steps 1-2 (r = 0: shuffle, deal, each seat's keep and score as dealt) or step 4 (r = 1:
    the draw, the final strengths and scores) of a deal (module docstring); anyone may open."""
    cfg, players, tabs, fixed_deck, fixed_keep = game[1], game[2], game[3], game[4], game[5]
    deck, h, pat, dd, final, scores, draws = work[1], work[2], work[3], work[4], work[5], work[6], work[7]
    kmask, scratch, floor, hand = work[9], work[10], work[12], work[13]
    T, policy, final_value = tabs
    n = st[S_SEATS]
    dealer = table[TABLE_DEALER]
    if r == 1:
        disc, spare = scratch[5 : 5 + 4 * n], scratch[5 + 4 * n :]
        _draw_round(st, n, dealer, h, deck, hand[n + H_POS], kmask, disc, spare, draws[1], rng)
        for s in range(n):
            if in_hand(st, s):
                o = 5 * s
                final[s] = eval5_deuces_wild(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4], T)
                scores[1, s] = final_value[final[s]]
        return -1
    n_dealt = 0
    for s in range(n):
        if st[STATUS + s] != ST_OUT:
            n_dealt += 1
    if fixed_deck.shape[0] == N_CARDS:
        for j in range(N_CARDS):
            deck[j] = fixed_deck[j]
    else:
        m = n_dealt * (9 if cfg[C_DRAW3] != 0 else 7)  # five dealt, at most 4 (or 2) drawn
        shuffle_prefix(deck, m if m < N_CARDS else N_CARDS, rng)
    c = scratch[:5]
    pos = 0
    for k in range(n):
        s = seat_left(dealer, 1 + k, n)
        draws[0, s] = -1
        draws[1, s] = -1
        pat[s] = -1
        dd[s] = 0
        final[s] = 0
        scores[0, s] = 0.0
        scores[1, s] = 0.0
        if st[STATUS + s] == ST_OUT:
            continue
        o = 5 * s
        for j in range(5):
            h[o + j] = deck[pos + j]
            if h[o + j] < 4:
                dd[s] += 1
        pos += 5
        pat[s] = eval5_deuces_wild(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4], T)
        if fixed_keep[s] < 0:
            _sort5(h, o)  # the policy's keep refers to the sorted hand
            kmask[s] = _hand_colex(h, o)
        else:
            for j in range(5):
                c[j] = h[o + j]
            _sort5(c, 0)
            kmask[s] = _hand_colex(c, 0)
    # The policy table (10 MB) is read apart, one load per seat back to back, so that the
    # processor has every seat's load in flight at once (each alone is a cache miss; issued
    # between the seats' other work they waited one after the other: 30 % of a deal).
    for s in range(n):
        if st[STATUS + s] != ST_OUT:
            code = policy[kmask[s]]
            kmask[s] = code & 31 if fixed_keep[s] < 0 else fixed_keep[s]
            scores[0, s] = (code >> 5) * VALUE_UNIT
    hand[n + H_POS] = pos
    open_floor, carried_floor, speak_floor = players[2], players[4], players[5]
    if carried_floor.shape[1] > 0 or speak_floor.shape[1] > 0:
        diablo_pot = table[TABLE_DIABLO_POT] != 0
        _deal_floors(
            st, dealer, table[TABLE_CARRIED], diablo_pot, open_floor, carried_floor, speak_floor, floor
        )
    return -1


@njit(cache=True, inline="always")
def _bet_round(r, table, st, game, work, rng):
    """Steps 3 and 5 of a deal: a betting round with the opener's bookkeeping; a deal that
    nobody opens is void (R-D4): the hand ends there, its pot unsettled."""
    cfg, script = game[1], game[6]
    kinds, params, open_floor, bluff, carried_floor, speak_floor = game[2]
    pat, scores, draws, payout, force, floor, hand = (
        work[3],
        work[6],
        work[7],
        work[8],
        work[11],
        work[12],
        work[13],
    )
    n = st[S_SEATS]
    floors = open_floor
    if carried_floor.shape[1] > 0 or speak_floor.shape[1] > 0:
        floors = floor
    n_in, sp = _betting(
        st,
        kinds,
        params,
        scores[r],
        draws[r],
        rng,
        pat,
        floors,
        bluff,
        cfg,
        script,
        hand[n + H_SCRIPT],
        force,
    )
    hand[n + H_SCRIPT] = sp
    return void_if_unopened(r, n_in, st, payout)


@njit(cache=True, inline="always")
def _showdown(table, st, game, work):
    """The final strengths (step 6): the best hand wins, wild deuces counted."""
    final = work[5]
    return final, final, False


@njit(cache=True)
def _deal_floors(st, dealer, dead, diablo_pot, open_floor, carried_floor, speak_floor, out):
    """Each seat's opening floor in this deal (module docstring) into ``out``: the floor of the
    last ``carried_floor`` step whose chips the carried Diablo pot ``dead`` reaches; else the
    floor of the first ``speak_floor`` step whose number is at least the players still to speak
    after the seat (dealt in and able to act, up to the dealer); else ``open_floor``."""
    n = st[S_SEATS]
    behind = 0  # players after the seat, up to the dealer, who will speak
    for k in range(n):
        s = seat_left(dealer, -k, n)  # the dealer first, then to the right
        out[s] = open_floor[s]
        found = False
        if diablo_pot:
            for j in range(carried_floor.shape[1]):
                if dead >= carried_floor[s, j, 0]:
                    out[s] = carried_floor[s, j, 1]
                    found = True
        if not found:
            for j in range(speak_floor.shape[1]):
                if speak_floor[s, j, 0] >= behind:
                    out[s] = speak_floor[s, j, 1]
                    break
        if st[STATUS + s] == ST_ACTIVE:
            behind += 1


@njit(cache=True, inline="always")
def _opener_won(st, payout, opener):
    """Whether the opener won the pot or a share of it (R-D5): was awarded chips that others
    put in, or carried chips.  Getting back only its own uncalled chips (the part of its bet
    that nobody matched, R-P3) is no share (R-D9)."""
    others = 0
    for s in range(st[S_SEATS]):
        if s != opener and st[TOTAL + s] > others:
            others = st[TOTAL + s]
    uncalled = st[TOTAL + opener] - others
    return payout[opener] > (uncalled if uncalled > 0 else 0)


@njit(cache=True)
def _diablo_rule(st, cfg, payout, stacks_out):
    """R-D5 after an opened deal: copy the stacks to ``stacks_out`` and return
    ``(opener, pot, penalty, won)``.  ``won``: the opener won the pot or a share of it
    (:func:`_opener_won`); otherwise ``penalty`` > 0 is the new pot the opener pays (taken from
    ``stacks_out``), equal to the pot just won, which leaves out the opener's own uncalled
    chips (R-D9); 0 when the rule is off or the opener has no chips (an opener short of chips
    pays all they have, capped by ``cfg[C_CAP]``)."""
    n = st[S_SEATS]
    pot = 0
    for s in range(n):
        pot += payout[s]
        stacks_out[s] = st[STACK + s]
    opener = st[S_OPENER]
    if opener < 0:
        return opener, pot, 0, False
    won = _opener_won(st, payout, opener)
    if cfg[C_DIABLO] == 0 or won:
        return opener, pot, 0, won
    pay = pot - payout[opener]  # what the opener got back was its own uncalled chips
    if cfg[C_CAP] > 0 and pay > cfg[C_CAP]:
        pay = cfg[C_CAP]
    if pay > stacks_out[opener]:
        pay = stacks_out[opener]
    stacks_out[opener] -= pay
    return opener, pot, pay, won


# --- series ----------------------------------------------------------------------------------

#: Integer counters (``cnt``), in this order.
COUNTS = (
    "series",
    "games",
    "deals",
    "voids",
    "showdowns",
    "opener_wins",
    "penalties",
    "capped",
    "short_pay",
    "short_end",
    "last_player_takes",
    "sessions",
    "busts",
    "chip_errors",
    "errors",
    "max_deals",
)
#: Float sums (``acc``): ``x`` and ``x2`` pairs per series or per game.
SUMS = (
    "len",
    "len2",
    "deals",
    "deals2",
    "final_pot",
    "final_pot2",
    "first_pot",
    "first_pot2",
    "growth",
    "growth2",
    "opener_net",
    "opener_net2",
    "penalty",
    "penalty2",
    "pot",
    "pot2",
    "dead_to_opener",
    "dead_to_others",
    "forced",
    "forced_net",
    "forced_net2",
)
#: Per-seat float sums (``seat[s, k]``).
SEAT_SUMS = ("net", "net2", "opened", "open_net", "open_net2", "penalty", "dealt", "won", "series_opened")
LEN_BINS = 65  # games per series 1..63, last bin 64 or more
POT_BINS = 40  # final pot by powers of two: bin k holds 2**k <= pot < 2**(k+1)
# pot of the k-th game of a series (count, sum, sum of squares), k < 31; the last bin pools the rest
POT_GAMES = 32

(
    K_SERIES,
    K_GAMES,
    K_DEALS,
    K_VOIDS,
    K_SHOWDOWNS,
    K_OPENER_WINS,
    K_PENALTIES,
    K_CAPPED,
    K_SHORT_PAY,
    K_SHORT_END,
    K_LAST_PLAYER_TAKES,
    K_SESSIONS,
    K_BUSTS,
    K_CHIP_ERRORS,
    K_ERRORS,
    K_MAX_DEALS,
) = range(len(COUNTS))
(
    A_LEN,
    A_LEN2,
    A_DEALS,
    A_DEALS2,
    A_FINAL,
    A_FINAL2,
    A_FIRST,
    A_FIRST2,
    A_GROWTH,
    A_GROWTH2,
    A_ONET,
    A_ONET2,
    A_PEN,
    A_PEN2,
    A_POT,
    A_POT2,
    A_DEAD_OPENER,
    A_DEAD_OTHERS,
    A_FORCED,
    A_FORCED_NET,
    A_FORCED_NET2,
) = range(len(SUMS))
(SS_NET, SS_NET2, SS_OPENED, SS_OPEN_NET, SS_OPEN_NET2, SS_PENALTY, SS_DEALT, SS_WON, SS_SERIES_OPENED) = (
    range(len(SEAT_SUMS))
)


@njit(cache=True)
def _split(table):
    """Give the carried chips to the players still in, evenly, odd chips from the dealer's
    left (nobody in: all to the dealer)."""
    n = table[TABLE_SEATS]
    dealer = table[TABLE_DEALER]
    amount = table[TABLE_CARRIED]
    table[TABLE_CARRIED] = 0
    table[TABLE_DIABLO_POT] = 0
    alive = seats_in(table)
    if alive == 0:
        table[TABLE_STACK + dealer] += amount
        if table[TABLE_STACK + dealer] > 0:
            table[TABLE_IN + dealer] = 1
        return
    share = amount // alive
    rest = amount - share * alive
    for k in range(1, n + 1):
        s = seat_left(dealer, k, n)
        if table[TABLE_IN + s]:
            table[TABLE_STACK + s] += share
            if rest > 0:
                table[TABLE_STACK + s] += 1
                rest -= 1


@njit(cache=True)
def _record_game(st, n, opener, pot, pen, dead, payout, pat, dd, seat, deuce, acc):
    """Per-game statistics: each dealt seat's net (the opener's includes the penalty), by
    deuces dealt; the opener's result; where the carried pot went."""
    for s in range(n):
        if pat[s] < 0:
            continue
        net = payout[s] - st[TOTAL + s]
        if s == opener:
            net -= pen
        seat[s, SS_DEALT] += 1
        if payout[s] > 0:
            seat[s, SS_WON] += 1
        d = dd[s]
        deuce[d, 0] += 1
        deuce[d, 1] += 1.0 if payout[s] > 0 else 0.0
        deuce[d, 2] += net
        deuce[d, 3] += float(net) * float(net)
    o_net = payout[opener] - st[TOTAL + opener] - pen
    seat[opener, SS_OPENED] += 1
    seat[opener, SS_OPEN_NET] += o_net
    seat[opener, SS_OPEN_NET2] += float(o_net) * float(o_net)
    seat[opener, SS_PENALTY] += pen
    acc[A_ONET] += o_net
    acc[A_ONET2] += float(o_net) * float(o_net)
    acc[A_POT] += pot
    acc[A_POT2] += float(pot) * float(pot)
    if dead > 0:
        if pot > 0:
            mine = dead * payout[opener] / pot
            acc[A_DEAD_OPENER] += mine
            acc[A_DEAD_OTHERS] += dead - mine


@njit(cache=True, nogil=True)
def _series_kernel(
    hands,
    game,
    start,
    force,
    rng,
    cnt,
    acc,
    seat,
    deuce,
    len_hist,
    pot_hist,
    pot_game,
    largest_pot,
    longest,
    carried=0,
):
    """Play ``hands`` Diablo series, each to its end, and add their statistics (module
    docstring): a loop of :func:`_play_hand` on one table starting from ``start``.

    ``carried`` > 0: every series starts with a Diablo pot of that many chips carried in (paid
    before the series by an opener who lost, from outside the table: the stacks do not pay it),
    so its first deal is played for it without ante (R-D5)."""
    n = start.shape[0]
    cfg = game[1]
    work = _new_work(n, 0, force)
    st = work[0]
    pat = work[3]
    dd = work[4]
    payout = work[8]
    frc = work[11]
    record = np.zeros(REC_SIZE, dtype=np.int64)
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    before = start.copy()
    opened_in_series = np.zeros(n, dtype=np.int64)
    total = 0
    for s in range(n):
        total += start[s]
    set_table(table, start, draw_below(rng, n))
    in_session = cfg[C_SESSION]
    top_pot = 0
    top_len = 0
    for _ in range(hands):
        if in_session >= cfg[C_SESSION] or seats_in(table) < 2:
            set_table(table, start, table[TABLE_DEALER])  # fresh stacks, everybody in
            in_session = 0
            cnt[K_SESSIONS] += 1
            if table[TABLE_STACK + table[TABLE_DEALER]] <= 0:
                next_dealer(table)
        in_session += 1
        if cfg[C_SESSION] == 1:
            # independent series: every seat is equally likely to deal first
            table[TABLE_DEALER] = draw_below(rng, n)
        if carried > 0:
            table[TABLE_CARRIED] = carried
            table[TABLE_DIABLO_POT] = 1
            total = table_chips(table)
        for s in range(n):
            before[s] = table[TABLE_STACK + s]
            opened_in_series[s] = 0
        frc[FORCE_DONE] = 0
        first_dealer = table[TABLE_DEALER]
        games = 0
        deals = 0
        first_pot = 0
        final_pot = 0
        max_pot = 0
        while True:
            if seats_in(table) < 2:  # the last player with chips takes the pot (R-E4)
                _split(table)
                cnt[K_LAST_PLAYER_TAKES] += 1
                break
            if deals >= cfg[C_MAX_DEALS]:  # a runaway series (nobody opens): an error, never an end
                cnt[K_MAX_DEALS] += 1
                return
            rc = _play_one(table, game, rng, work, record)
            deals += 1
            table[TABLE_DEAL] += 1
            cnt[K_DEALS] += 1
            if rc < 0:
                cnt[K_ERRORS] += 1
                set_table(table, start, table[TABLE_DEALER])
                break
            drop_broke(table)
            if rc == VOID:
                cnt[K_VOIDS] += 1
                if table_chips(table) != total:
                    cnt[K_CHIP_ERRORS] += 1
                next_dealer(table)
                continue
            opener = record[REC_OPENER]
            pot = record[REC_POT]
            pen = record[REC_PENALTY]
            games += 1
            cnt[K_GAMES] += 1
            if rc == SHOWDOWN:
                cnt[K_SHOWDOWNS] += 1
            if games == 1:
                first_pot = pot
            if pot > max_pot:
                max_pot = pot
            g = games - 1 if games - 1 < POT_GAMES else POT_GAMES - 1
            pot_game[g, 0] += 1
            pot_game[g, 1] += pot
            pot_game[g, 2] += float(pot) * float(pot)
            opened_in_series[opener] = 1
            _record_game(st, n, opener, pot, pen, st[S_DEAD], payout, pat, dd, seat, deuce, acc)
            if record[REC_OPENER_WON] != 0 or cfg[C_DIABLO] == 0:
                if record[REC_OPENER_WON] != 0:
                    cnt[K_OPENER_WINS] += 1
                final_pot = pot
                if table_chips(table) != total:
                    cnt[K_CHIP_ERRORS] += 1
                break
            if pen > 0:
                cnt[K_PENALTIES] += 1
                acc[A_PEN] += pen
                acc[A_PEN2] += float(pen) * float(pen)
                if cfg[C_CAP] > 0 and pot > cfg[C_CAP] and pen == cfg[C_CAP]:
                    cnt[K_CAPPED] += 1
                if pen < pot and (cfg[C_CAP] == 0 or pen < cfg[C_CAP]):
                    cnt[K_SHORT_PAY] += 1
                if table[TABLE_STACK + opener] == 0:
                    cnt[K_BUSTS] += 1
                if table_chips(table) != total:
                    cnt[K_CHIP_ERRORS] += 1
                next_dealer(table)
                continue
            cnt[K_SHORT_END] += 1  # the losing opener had no chips to pay
            final_pot = pot
            break
        cnt[K_SERIES] += 1
        if games > top_len:
            top_len = games
        if max_pot > top_pot:
            top_pot = max_pot
        len_hist[games if games < LEN_BINS - 1 else LEN_BINS - 1] += 1
        acc[A_LEN] += games
        acc[A_LEN2] += float(games) * float(games)
        acc[A_DEALS] += deals
        acc[A_DEALS2] += float(deals) * float(deals)
        if games > 0:
            acc[A_FINAL] += final_pot
            acc[A_FINAL2] += float(final_pot) * float(final_pot)
            acc[A_FIRST] += first_pot
            acc[A_FIRST2] += float(first_pot) * float(first_pot)
            growth = final_pot / first_pot if first_pot > 0 else 1.0
            acc[A_GROWTH] += growth
            acc[A_GROWTH2] += growth * growth
            b = 0
            while b < POT_BINS - 1 and (final_pot >> (b + 1)) > 0:
                b += 1
            pot_hist[b] += 1
        if frc[FORCE_DONE] != 0:
            net = table[TABLE_STACK + frc[FORCE_SEAT]] - before[frc[FORCE_SEAT]]
            acc[A_FORCED] += 1
            acc[A_FORCED_NET] += net
            acc[A_FORCED_NET2] += float(net) * float(net)
        for s in range(n):
            net = table[TABLE_STACK + s] - before[s]
            seat[s, SS_NET] += net
            seat[s, SS_NET2] += float(net) * float(net)
            seat[s, SS_SERIES_OPENED] += opened_in_series[s]
        if cfg[C_DEALERS_CHOICE] != 0:
            table[TABLE_DEALER] = first_dealer
        next_dealer(table)
    if top_pot > largest_pot[0]:
        largest_pot[0] = top_pot
    if top_len > longest[0]:
        longest[0] = top_len


# --- evenings --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _forced(work, n, out):
    """The ante each seat posted in the deal just played, none in a deal played for a Diablo
    pot (R-D5), read from the hand record (the evening log; it needs a record of at least
    ``n`` actions, the antes come first)."""
    forced_chips(work[0], n, out)


@njit(cache=True, inline="always")
def _lone_takes_carried(table, record):
    """R-E4 when one player has chips and a pot is carried: nobody is left to finish the series
    with, so that player takes the carried pot (module docstring).  Writes the record's head
    (outcome :data:`TAKES_CARRIED`, nobody dealt in, the taker as ``REC_DEALER``) and returns
    the seat, or -1 (nothing done) when it is not the case."""
    carried = table[TABLE_CARRIED]
    if carried <= 0 or seats_in(table) != 1:
        return -1
    seat = 0
    for s in range(table[TABLE_SEATS]):
        if table[TABLE_IN + s]:
            seat = s
    table[TABLE_STACK + seat] += carried
    record[REC_CARRIED_IN] = carried
    record[REC_DIABLO_IN] = table[TABLE_DIABLO_POT]
    table[TABLE_CARRIED] = 0
    table[TABLE_DIABLO_POT] = 0
    record[REC_DEALER] = seat
    record[REC_POT] = carried
    record[REC_OUTCOME] = TAKES_CARRIED
    record[REC_PLAYERS] = 0
    record[REC_OPENER] = -1
    record[REC_PENALTY] = 0
    record[REC_OPENER_WON] = 0
    return seat


@njit(cache=True, inline="always")
def _diablo_end(end):
    """Whether ``end`` is Diablo's end rule (R-E4): ``END_SERIES``, three players."""
    return end[END_KIND] == END_SERIES and end[END_MIN_PLAYERS] == MIN_PLAYERS


@lean()
def _play_one(table, game, rng, work, record):
    """:func:`_play_hand` as a call of its own, compiled once for the batch and evening kernels,
    Dealer's Choice and the Python hand kernel (``jobs.hand_kernel``), without Numba's reference
    counting (:func:`simkit.jit.lean`: the hand allocates nothing)."""
    return _play_hand(table, game, rng, work, record)


@njit(cache=True, nogil=True)
def _play_evenings(count, stacks, end, strategy, game, rng, work, record, outs, log):
    """Play ``count`` Diablo evenings (module docstring, "Evenings") and add them into
    ``outs`` (:func:`simkit.games.evening.new_outs`), their deals logged into ``log`` (no
    rows: no log; a closing row :data:`TAKES_CARRIED` when the last player takes the pot).

    The blocks and the end test (``_ended``, ``END_SERIES``) of :mod:`simkit.games.evening`,
    with the closing step of one player left before the end test.  Returns the log rows
    wanted, or a negative error: the hand kernel's, :data:`ERR_END_RULE` for an ``end`` that
    is not R-E4's, :data:`~simkit.games.evening.RC_RUNAWAY` for a deal past
    ``end[END_MAX_DEALS]``.
    """
    if not _diablo_end(end):
        return ERR_END_RULE
    n = stacks.shape[0]
    table, broke_at, before, forced, share, tmp, errors, total = evening_scratch(stacks, outs)
    row = 0
    for e in range(count):
        new_evening(table, stacks, broke_at, rng)
        while True:
            keep_stacks(table, before)
            if _lone_takes_carried(table, record) >= 0:
                for s in range(n):
                    forced[s] = 0
            elif _ended(table, end):
                break
            elif table[TABLE_DEAL] >= end[END_MAX_DEALS]:
                return RC_RUNAWAY
            else:
                rc = _play_one(table, game, rng, work, record)
                if rc < 0:
                    errors[0] += 1
                    return rc
                after_hand(table, broke_at, total, outs, share)
                if log.shape[0] > 0:
                    _forced(work, n, forced)
                next_dealer(table)
            if table_chips(table) != total:
                errors[1] += 1
            if log.shape[0] > 0:
                row = log_hand(log, row, e, GAME_DIABLO, record, before, forced, table)
        finish_evening(table, broke_at, total, end[END_DEALS], table[TABLE_DEAL], strategy, outs, share, tmp)
    return row
