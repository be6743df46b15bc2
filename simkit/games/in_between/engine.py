"""The compiled In-Between kernels: one dealer's game at a table state, and the batch loop.

One hand: :func:`_play_hand` (the common table interface of :mod:`simkit.games.table`)::

    rc = _play_hand(table, game, rng, work, record)

plays ONE dealer's game (R-I3), or in the ante-for-everyone variant one pot game, or in Red
Dog one bank's turn (R-I4), at any table state, and writes the new stacks back into ``table``:

- ``table`` (int64, :func:`simkit.games.table.new_table`): the seats, the dealer
  ``table[TABLE_DEALER]``, per seat the stack and whether it is still in.  A seat that is out
  (``table[TABLE_IN + s] == 0``) is never dealt a card and antes nothing; a seat that is in
  but has no chips (too few for the ante with ``ante_all``) sits the hand out too.  The
  dealer opens ``min(pot, his chips)`` (R-I3); in the ante variant the deal passes left every
  round from ``table[TABLE_DEALER]`` on (R-I4).  In-Between carries no chips from one hand to
  the next: ``table[TABLE_CARRIED]`` is left as it is, and the pot goes back to the dealer
  (or is split) at the end of the hand, so ``chips_on_table`` is the same before and after.
  The kernel never moves ``table[TABLE_DEALER]`` nor counts the deal.
- ``game`` = ``(rules, pol)``, read only, built once by :mod:`.jobs` (:func:`make_game`):
  ``rules`` the int64 rules vector (``R_*``: pot, rounds, ante, the variant switches; the
  seat count comes from ``table``), ``pol`` the float64 ``(seats, 4)`` policy matrix
  (columns ``P_*``: kind, parameter, least spread, counting).
- ``rng``: the random stream (:func:`simkit.rng.stream_state`), the only randomness.
- ``work`` = ``(st, seat_out, game_out)`` from :func:`_new_work`: ``st`` the packed int64
  game state (layout ``ST_*``: deck, flags, counts, chips and cards per seat), and the
  running tallies the hand ADDS its counts into: ``seat_out`` ``(seats, N_SEAT_STATS)``
  (decisions, stakes, outcomes, splits, the dealer's result ... by seat, ``S_*``) and
  ``game_out`` ``(N_GAME_STATS,)`` (games, rounds, whole-pot ends, shuffles, conservation
  errors ..., ``G_*``).
- ``record`` (int64, :data:`REC_SIZE`): the hand record, the common head
  (``REC_DEALER`` the dealer of the first round, ``REC_POT`` the chips put in the pot: the
  opening pot, or every ante of the ante variant or of Red Dog, ``REC_OUTCOME`` one of ``OUT_*``,
  ``REC_PLAYERS`` the players dealt in in the first round) and In-Between's fields
  ``REC_DEALER_NET`` (the dealer's result: pot taken back minus pot opened; 0 in the ante
  variant; the bank's result in Red Dog), ``REC_ROUNDS`` (rounds played; Red Dog: hands),
  ``REC_LAST_DEALER`` (who dealt the last round: the caller passes the deal on from there;
  in the ante variant, when a pot game of at least one round ends without a whole-pot win,
  it names the seat left of the last round's dealer: the evening counts the deal from
  ``REC_ROUNDS`` instead).  ``st[GS_FORCED:]`` holds per seat the chips the hand forced in
  (:func:`_forced`).
- ``rc``: 0, or ``RC_DEALER_OUT`` (-1) when the dealer of a dealer's game (the bank) is out.

Red Dog (``rules[RV_RED_DOG]``, :func:`_red_dog_turn`): the dealer is the bank for
``rules[RV_ROUNDS]`` hands; each hand every other seat with chips bets the ante (all it has
when short, R-E2), two cards of a freshly shuffled deck are turned, the seats' raises come
from their stake policies (:func:`_raises`) and the third card settles the bets at the odds of
:mod:`.red_dog`; a bank short of chips pays in turn from its left.  ``REC_POT`` is the antes,
``REC_DEALER_NET`` the bank's result, ``REC_ROUNDS`` the hands dealt.

Evenings: :func:`_play_evenings` plays whole evenings to R-E5 with the blocks of
:mod:`simkit.games.evening` (the turns of the dealers counted there).

The batch kernel :func:`_engine` (behind every simulation) is a loop over ``_play_hand``
(:func:`_trials`): one trial seats everyone with ``stacks`` chips, plays ``deals`` hands with
the deal passing left (``table.next_dealer``; seat 0 deals first, chips carried) and counts
the trial's net and busts from ``table``.

State.  Everything mutable of the game lives in ``st``, the policies in ``pol``, so that the
calls between the kernel's functions pass few arrays.  Every function but :func:`_engine` and
:func:`_new_work` (which allocate) is compiled without Numba's reference-counting runtime,
through :func:`simkit.jit.lean` (see there: Numba's private ``_nrt`` option, guarded by
a test).  ``_play_hand``, the dealer's game (``_dealer_game``, with the plain round) and the
chip count (``_held``) are inlined into the loops that call them (:func:`_trials`, the
evenings): a call passes every array as seven or nine words on the stack, and the three calls
of a dealer's game cost it 9.6 % (a same-process A/B, 25 pairs).  The batch kernel's compile
time did not grow (24.7 s against 26.0 s on a fresh cache), but each loop now compiles its own
copy of the dealer's game, and :func:`_play_one` (Dealer's Choice) one more.  The variants' games (``_ante_game``,
``_red_dog_turn``) are compiled apart and called once per hand; inlining the plain round into
them as well cost 20 s of compile time.  Edits
of the helpers imported from :mod:`.odds`, :mod:`.strategies`, :mod:`.rules` or
:mod:`simkit.rng` recompile the kernel: the cache is keyed by a digest of the whole source
(:mod:`simkit._compile_cache`).

Cards.  ``deck`` (``st[GS_DECK:]``) holds all 52 cards; ``deck[:top]`` have been dealt since the last shuffle and
``deck[top:]`` is the stack in unknown order: dealing a card swaps a uniform random stack card
to ``top`` (a one-step Fisher-Yates, the draw of :func:`simkit.deck.draw_card`), so a
shuffle is just ``top = 0`` and the stream is consumed only by cards actually dealt.  ``live``
marks cards on the table (posts and first cards of players still to act), ``vis`` the face-up
ones, ``seen`` counts the face-up cards by rank that are not in the stack: that is what a
counting seat knows.  When the stack runs out mid-round the used cards (all but the live ones)
are shuffled into a new stack (the rule of the twice-through variant, used by every mode so
that splits and three posts never run dry).

The plain dealer's game (face-up posts, two of them, no pairs rule, a fresh deck every round, at most
17 players: :func:`_is_plain`) has a round of its own, :func:`_plain_round`, which leaves out
what the variants need (the card flags, the reshuffle) and keeps the seen cards in the bits of
one integer, the random stream in local words, and asks the compiled policies directly
(:func:`~.strategies._stake_at`, a non-counting seat's Kelly fraction from a table): the same
games from the same seed as :func:`_round` (a test plays both), about twice as fast.

Decisions.  Every stake of the general round goes through :func:`_decide` and every split
choice through :func:`_wants_split`.  The Python path of :mod:`.jobs` runs this very module's source as
plain Python with those two names bound to the user's functions (:func:`python_engine`), so
the rules exist once, and the same seed and the same decisions give the same games.

Examples
--------
>>> import numpy as np
>>> from simkit.rng import stream_state
>>> from simkit.games.table import chips_on_table, new_table
>>> game = make_game(make_rules(pot=20, rounds=3), make_policies([2, 2, 2], [0.5] * 3, [0] * 3, [0] * 3))
>>> work = _new_work(np.zeros((3, N_SEAT_STATS)), np.zeros(N_GAME_STATS))
>>> table, record = new_table([100, 100, 100]), np.zeros(REC_SIZE, np.int64)
>>> _play_hand(table, game, stream_state(1), work, record), chips_on_table(table)
(0, 300)
>>> int(record[REC_POT]), int(record[REC_DEALER_NET]) == int(table[TABLE_STACK]) - 100
(20, True)
"""

from __future__ import annotations

import types

import numpy as np

from ...cards import N_CARDS
from ...jit import lean, njit
from ...rng import draw_below, step_below
from ..evening import (
    END_DEALS,
    END_KIND,
    END_MAX_DEALS,
    END_MIN_PLAYERS,
    END_TURNS,
    GAME_IN_BETWEEN,
    RC_RUNAWAY,
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
    TABLE_DEAL,
    TABLE_DEALER,
    TABLE_IN,
    TABLE_MAX_SEATS,
    TABLE_SEATS,
    TABLE_SIZE,
    TABLE_STACK,
    next_dealer,
    seats_in,
    set_table,
    table_chips,
)
from .kelly import _kelly
from .odds import _gap_probs_at
from .red_dog import TRIPS_PAYS, _pays
from .rules import BETWEEN, OUTSIDE, POST, _settle, _spread
from .strategies import KELLY, RANDOM, _policy_stake, _stake_at

__all__ = ["make_game", "make_policies", "make_rules", "python_engine"]


# --- the rules vector -------------------------------------------------------------------------
(
    RV_POT,
    RV_ROUNDS,
    RV_LOW_ACE,
    RV_TWO_PASS,
    RV_ANTE_ALL,
    RV_ANTE,
    RV_HIDDEN,
    RV_MIN_STAKE,
    RV_PAIRS,
    RV_THREE_POSTS,
    RV_RED_DOG,
    RV_RAISE_FROM,
) = range(12)
N_RULES = 12
PAIRS_NONE, PAIRS_SPLIT, PAIRS_ANTE_BACK = 0, 1, 2

# --- the hand record: the common head of simkit.games.table, then In-Between's fields ---------
REC_DEALER_NET = REC_GAME  # the dealer's result: pot taken back minus pot opened (0: ante_all)
REC_ROUNDS = REC_GAME + 1  # rounds played
REC_LAST_DEALER = REC_GAME + 2  # who dealt the last round (ante_all: the deal passes each round)
REC_SIZE = REC_GAME + 3
#: Outcomes (``record[REC_OUTCOME]``): a whole-pot stake won the pot; the rounds ran out and
#: the dealer took the rest back; the ante variant split the rest; nothing was played; a Red
#: Dog bank dealt its hands and paid every win in full; a Red Dog bank could not pay a win in
#: full (it paid what it had, from its left).
OUT_WHOLE_POT, OUT_POT_BACK, OUT_SPLIT, OUT_NO_GAME, OUT_BANK, OUT_BANK_SHORT = range(6)
#: Return code of :func:`_play_hand` when the dealer of a dealer's game (or the bank) is out.
RC_DEALER_OUT = -1
#: Return code of :func:`_play_evenings` for an end rule other than ``END_TURNS`` (R-E5).
RC_END_RULE = -2

# --- per-seat statistics (columns of seat_out) ------------------------------------------------
(
    SO_NET,
    SO_NET_SQ,
    SO_DECISIONS,
    SO_STAKES,
    SO_STAKED,
    SO_BETWEEN,
    SO_OUTSIDE,
    SO_POST,
    SO_BUSTS,
    SO_DEALER_NET,
    SO_DEALER_NET_SQ,
    SO_DEALER_GAMES,
    SO_WHOLE_POT,
    SO_SPLITS,
    SO_ANTE_BACK,
) = range(15)
N_SEAT_STATS = 15
SEAT_STATS = (
    "net",
    "net_sq",
    "decisions",
    "stakes",
    "staked",
    "between",
    "outside",
    "post",
    "busts",
    "dealer_net",
    "dealer_net_sq",
    "dealer_games",
    "whole_pot",
    "splits",
    "ante_back",
)

# --- per-batch statistics (game_out) ----------------------------------------------------------
(
    GO_GAMES,
    GO_ROUNDS,
    GO_WHOLE_POT,
    GO_CONSERVATION_ERRORS,
    GO_DEALER_SUM,
    GO_DEALER_SQ,
    GO_DEALER_LOSES,
    GO_SHUFFLES,
    GO_RESHUFFLES,
    GO_CARDS,
    GO_SPLIT_POTS,
) = range(11)
N_GAME_STATS = 11
GAME_STATS = (
    "games",
    "rounds",
    "whole_pot_ends",
    "conservation_errors",
    "dealer_sum",
    "dealer_sq",
    "dealer_loses",
    "shuffles",
    "reshuffles",
    "cards",
    "split_pots",
)

# --- the packed game state: one int64 array, so that calls pass few arrays -------------------
GS_MAX_SEATS = TABLE_MAX_SEATS  # seats the game state has room for (the table layout's 32)
GS_TOP, GS_RUNOUTS, GS_END, GS_POT, GS_ROUND, GS_SEATS = range(6)  # scalars
GS_SEEN = 8  # 13 face-up cards by rank, not in the stack
GS_U = GS_SEEN + 13  # 13 scratch rank counts: what a deciding seat cannot see
GS_DECK = GS_U + 13  # 52 cards: dealt since the shuffle, then the stack
GS_LIVE = GS_DECK + N_CARDS  # 52 flags by card: on the table
GS_VIS = GS_LIVE + N_CARDS  # 52 flags by card: face up
GS_CHIPS = GS_VIS + N_CARDS  # per seat
GS_FIRST = GS_CHIPS + GS_MAX_SEATS  # first card per seat
GS_SECOND = GS_FIRST + GS_MAX_SEATS  # second card per seat (hidden cards)
GS_ORDER = GS_SECOND + GS_MAX_SEATS  # the seats of this round, in turn order
GS_IN = GS_ORDER + GS_MAX_SEATS  # per seat: still in (the table's TABLE_IN)
GS_FORCED = GS_IN + GS_MAX_SEATS  # per seat: forced chips of this hand (dealer's pot, antes)
GS_BET = GS_FORCED + GS_MAX_SEATS  # per seat: the Red Dog bet of this hand
GS_SIZE = GS_BET + GS_MAX_SEATS

# --- policy matrix columns (float64, one row per seat) -----------------------------------------
P_KIND, P_PARAM, P_MIN, P_COUNT = range(4)

#: Safety cap on the rounds of one twice-through dealer's game (two passes of 52 cards end it
#: long before: every round deals at least two cards).
MAX_TWO_PASS_ROUNDS = 200


def make_rules(
    pot: int,
    rounds: int,
    *,
    low_ace=False,
    two_pass=False,
    ante_all=False,
    ante=1,
    hidden=False,
    min_stake=False,
    pairs=PAIRS_NONE,
    three_posts=False,
    red_dog=False,
    raise_from=12,
) -> np.ndarray:
    """The int64 rules vector the kernel reads (from a validated :class:`~.rules.Rules`, see
    :func:`simkit.games.in_between.jobs.game_of`); ``raise_from`` is the least spread at which
    Red Dog's best raise rule raises (:func:`.red_dog.best_raise_from`)."""
    r = np.zeros(N_RULES, dtype=np.int64)
    r[RV_POT], r[RV_ROUNDS] = pot, rounds
    r[RV_LOW_ACE], r[RV_TWO_PASS], r[RV_ANTE_ALL], r[RV_ANTE] = low_ace, two_pass, ante_all, ante
    r[RV_HIDDEN], r[RV_MIN_STAKE], r[RV_PAIRS], r[RV_THREE_POSTS] = hidden, min_stake, pairs, three_posts
    r[RV_RED_DOG], r[RV_RAISE_FROM] = red_dog, raise_from
    return r


def make_policies(kinds, params, min_spreads, counting) -> np.ndarray:
    """The float64 ``(players, 4)`` policy matrix: kind, parameter, min spread, counting."""
    pol = np.zeros((len(kinds), 4), dtype=np.float64)
    pol[:, P_KIND], pol[:, P_PARAM], pol[:, P_MIN], pol[:, P_COUNT] = kinds, params, min_spreads, counting
    return pol


def make_game(rules: np.ndarray, pol: np.ndarray) -> tuple:
    """The read-only ``game`` tuple of :func:`_play_hand`: the rules vector and policy matrix."""
    return (rules, pol)


# --- cards ------------------------------------------------------------------------------------
@lean(inline=True)
def _full_shuffle(st, game_out):
    """Gather every card into the stack (between rounds, when nothing is live)."""
    st[GS_TOP] = 0
    for r in range(13):
        st[GS_SEEN + r] = 0
    game_out[GO_SHUFFLES] += 1


@lean()
def _reshuffle_used(st, game_out):
    """The stack is empty mid-round: the used cards (all but the live ones) become the stack."""
    n_live = 0
    for i in range(N_CARDS):
        c = st[GS_DECK + i]
        if st[GS_LIVE + c]:
            st[GS_DECK + i] = st[GS_DECK + n_live]
            st[GS_DECK + n_live] = c
            n_live += 1
    st[GS_TOP] = n_live
    for r in range(13):
        st[GS_SEEN + r] = 0
    for i in range(n_live):
        c = st[GS_DECK + i]
        if st[GS_VIS + c]:
            st[GS_SEEN + (c >> 2)] += 1
    st[GS_RUNOUTS] += 1
    game_out[GO_RESHUFFLES] += 1


@lean(inline=True)
def _deal(st, face_up, state, game_out):
    """Deal one card from the stack (face up or down) and mark it live."""
    top = st[GS_TOP]
    if top >= N_CARDS:
        _reshuffle_used(st, game_out)
        top = st[GS_TOP]
    j = GS_DECK + top + draw_below(state, N_CARDS - top)
    c = st[j]
    st[j] = st[GS_DECK + top]
    st[GS_DECK + top] = c
    st[GS_TOP] = top + 1
    st[GS_LIVE + c] = 1
    st[GS_VIS + c] = face_up
    if face_up:
        st[GS_SEEN + (c >> 2)] += 1
    game_out[GO_CARDS] += 1
    return c


@lean(inline=True)
def _ensure_stack(st, game_out):
    """Shuffle the used cards now if the stack is empty: the next card comes from them, and a
    counting seat must know that before it decides."""
    if st[GS_TOP] >= N_CARDS:
        _reshuffle_used(st, game_out)


@lean(inline=True)
def _release(st, c_a, c_b, c_c):
    """A turn is over: its cards are used, no longer on the table (``c_c < 0``: none)."""
    st[GS_LIVE + c_a] = 0
    st[GS_LIVE + c_b] = 0
    if c_c >= 0:
        st[GS_LIVE + c_c] = 0


@lean(inline=True)
def _reveal(st, c):
    if not st[GS_VIS + c]:
        st[GS_VIS + c] = 1
        st[GS_SEEN + (c >> 2)] += 1


# --- odds as a seat sees them ------------------------------------------------------------------
@lean(inline=True)
def _unknown(st, counting, c_a, c_b, c_c):
    """Fill the scratch counts ``st[GS_U:]`` with the ranks a seat cannot see; return how many.

    A counting seat removes every face-up card not in the stack (``seen``) and its own hidden
    posts; a non-counting seat removes only its own posts (``c_c < 0``: no third post).
    """
    for r in range(13):
        st[GS_U + r] = 4 - st[GS_SEEN + r] if counting else 4
    if not counting or not st[GS_VIS + c_a]:
        st[GS_U + (c_a >> 2)] -= 1
    if not counting or not st[GS_VIS + c_b]:
        st[GS_U + (c_b >> 2)] -= 1
    if c_c >= 0 and (not counting or not st[GS_VIS + c_c]):
        st[GS_U + (c_c >> 2)] -= 1
    total = 0
    for r in range(13):
        total += st[GS_U + r]
    return total


@lean(inline=True)
def _best_posts(st, c1, c2, low_ok, total, mult):
    """Post values and odds of first card ``c1`` and second ``c2`` from the scratch counts;
    with ``low_ok`` a first-card ace counts low when that has the higher EV per chip (ties:
    high) (R-I4)."""
    v1 = (c1 >> 2) + 2
    v2 = (c2 >> 2) + 2
    lo = v1 if v1 < v2 else v2
    hi = v1 if v1 > v2 else v2
    pb, pp, po = _gap_probs_at(lo, hi, st, GS_U, total)
    if low_ok and v1 == 14:
        pb2, pp2, po2 = _gap_probs_at(1, v2, st, GS_U, total)
        if pb2 - po2 - mult * pp2 > pb - po - mult * pp:
            return 1, v2, pb2, pp2, po2
    return lo, hi, pb, pp, po


def _no_count_tables() -> np.ndarray:
    """Odds of every two-post deal seen by a non-counting seat (the deck less its two posts):
    ``[r1, r2, option]`` -> (low, high, p_between, p_post, p_outside, EV at post x2, Kelly
    fraction at post x2); option 1 is a first-card ace counted low (only filled for ``r1`` =
    ace).  The Kelly fraction is the compiled :func:`~.kelly._kelly`'s, bit for bit."""
    t = np.zeros((13, 13, 2, 7), dtype=np.float64)
    for r1 in range(13):
        for r2 in range(13):
            u = np.full(13, 4, dtype=np.int64)
            u[r1] -= 1
            u[r2] -= 1
            for opt, v1 in ((0, r1 + 2), (1, 1)):
                if opt == 1 and r1 != 12:
                    continue
                lo, hi = min(v1, r2 + 2), max(v1, r2 + 2)
                pb, pp, po = _gap_probs_at(lo, hi, u, 0, 50)
                t[r1, r2, opt] = (lo, hi, pb, pp, po, pb - po - 2.0 * pp, _kelly(pb, pp, po, 2.0))
    return t


#: Baked into the compiled code as a constant.
_NC = _no_count_tables()


@lean(inline=True)
def _posts_no_count(c1, c2, low_ok):
    """:func:`_best_posts` for a non-counting seat with two posts, by table lookup, and the
    Kelly fraction of those odds at post x2."""
    r1 = c1 >> 2
    r2 = c2 >> 2
    # the post values from the ranks, not from the table: the third card's settlement needs
    # them, and it need not wait for a table load
    low = r1 + 2 if r1 < r2 else r2 + 2
    high = r1 + 2 if r1 > r2 else r2 + 2
    o = 0
    if low_ok and r1 == 12 and _NC[r1, r2, 1, 5] > _NC[r1, r2, 0, 5]:
        o = 1
        low = 1
        high = r2 + 2
    return (
        low,
        high,
        _NC[r1, r2, o, 2],
        _NC[r1, r2, o, 3],
        _NC[r1, r2, o, 4],
        _NC[r1, r2, o, 6],
    )


# --- decisions (rebound to the user's functions on the Python path) ------------------------------
@lean(inline=True)
def _decide(p, stage, rnd, low, high, spread, pb, pp, po, mult, pot, chips, ante, min_req, pol, state):
    """The stake of seat ``p``: its compiled policy, raised to the minimum ``min_req``."""
    s = _policy_stake(
        int(pol[p, P_KIND]), pol[p, P_PARAM], int(pol[p, P_MIN]), spread, pb, pp, po, mult, pot, chips, state
    )
    if s < min_req:
        s = min_req
    return s


@lean()
def _wants_split(p, rnd, c1, c2, pot, chips, ante, st, total, pol, state):
    """Split a pair (R-I4) when the seat's own policy expects the two new hands to win more
    than the extra ante: ``2 * sum_x P(x) stake(x) EV(x) > ante`` over the new second card
    (the scratch counts hold what the seat cannot see)."""
    kind = int(pol[p, P_KIND])
    if kind == RANDOM:
        return draw_below(state, 2) == 1
    if total < 2:
        return False
    v = (c1 >> 2) + 2
    gain = 0.0
    for r in range(13):
        if st[GS_U + r] == 0:
            continue
        prob = st[GS_U + r] / total
        st[GS_U + r] -= 1
        w = r + 2
        lo = v if v < w else w
        hi = v if v > w else w
        pb, pp, po = _gap_probs_at(lo, hi, st, GS_U, total - 1)
        st[GS_U + r] += 1
        s = _policy_stake(
            kind,
            pol[p, P_PARAM],
            int(pol[p, P_MIN]),
            _spread(lo, hi),
            pb,
            pp,
            po,
            2,
            pot,
            chips - ante,
            state,
        )
        gain += prob * s * (pb - po - 2.0 * pp)
    return 2.0 * gain > ante


@lean(inline=True)
def _book_stake(p, outcome, stake, pot, seat_out):
    """Count a settled stake of seat ``p`` (``pot`` before it) in ``seat_out``."""
    seat_out[p, SO_STAKES] += 1
    seat_out[p, SO_STAKED] += stake
    if outcome == BETWEEN:
        seat_out[p, SO_BETWEEN] += 1
        if stake == pot:
            seat_out[p, SO_WHOLE_POT] += 1
    elif outcome == OUTSIDE:
        seat_out[p, SO_OUTSIDE] += 1
    elif outcome == POST:
        seat_out[p, SO_POST] += 1


# --- one stake, one turn, one round ------------------------------------------------------------
@lean(inline=True)
def _one_stake(p, c1, c2, c3, low_ok, mult, stage, rules, st, pol, state, seat_out, game_out):
    """Posts ``c1`` (first card), ``c2``; ``c3`` a third post held (three posts) or -1.
    The seat decides, and a stake meets the next card.  Returns the stake."""
    pot = st[GS_POT]
    chips = st[GS_CHIPS + p]
    cap = pot if pot < chips else chips
    if cap <= 0:
        return 0
    _ensure_stack(st, game_out)
    if c3 < 0 and pol[p, P_COUNT] == 0.0:
        low, high, pb, pp, po, _ = _posts_no_count(c1, c2, low_ok)
    else:
        total = _unknown(st, pol[p, P_COUNT] != 0.0, c1, c2, c3)
        low, high, pb, pp, po = _best_posts(st, c1, c2, low_ok, total, mult)
    ante = rules[RV_ANTE]
    min_req = 0
    if stage == 2 or rules[RV_MIN_STAKE]:
        min_req = ante if ante < cap else cap
    seat_out[p, SO_DECISIONS] += 1
    stake = _decide(
        p,
        stage,
        st[GS_ROUND],
        low,
        high,
        _spread(low, high),
        pb,
        pp,
        po,
        mult,
        pot,
        chips,
        ante,
        min_req,
        pol,
        state,
    )
    if stake <= 0:
        return 0
    _reveal(st, c1)
    _reveal(st, c2)
    third = _deal(st, 1, state, game_out)
    outcome, delta = _settle(low, high, (third >> 2) + 2, stake, mult, chips)
    st[GS_LIVE + third] = 0
    st[GS_CHIPS + p] = chips + delta
    st[GS_POT] = pot - delta
    _book_stake(p, outcome, stake, pot, seat_out)
    return stake


@lean(inline=True)
def _turn(p, rules, st, pol, state, seat_out, game_out):
    """Seat ``p``'s turn: its second card (or two more in three posts), pairs, one or two hands.

    One call site of :func:`_one_stake` (a loop over the turn's hands), so that both inline.
    """
    low_ok = rules[RV_LOW_ACE] != 0
    three = rules[RV_THREE_POSTS] != 0
    c1 = st[GS_FIRST + p]
    c3 = -1
    split = False
    if three:
        c2 = _deal(st, 1, state, game_out)
        c3 = _deal(st, 1, state, game_out)
    elif rules[RV_HIDDEN]:
        c2 = st[GS_SECOND + p]
    else:
        c2 = _deal(st, 1, state, game_out)
    pairs = rules[RV_PAIRS]
    if pairs != PAIRS_NONE:
        _ensure_stack(st, game_out)
        total = _unknown(st, pol[p, P_COUNT] != 0.0, c1, c2, -1)
        low, high, pb, pp, po = _best_posts(st, c1, c2, low_ok, total, 2)
        ante = rules[RV_ANTE]
        chips = st[GS_CHIPS + p]
        if pairs == PAIRS_ANTE_BACK and high - low <= 1:
            back = ante if ante < st[GS_POT] else st[GS_POT]
            st[GS_CHIPS + p] = chips + back
            st[GS_POT] -= back
            seat_out[p, SO_ANTE_BACK] += 1
            _reveal(st, c1)
            _reveal(st, c2)
            _release(st, c1, c2, -1)
            return
        if (
            pairs == PAIRS_SPLIT
            and low == high
            and chips > ante
            and _wants_split(p, st[GS_ROUND], c1, c2, st[GS_POT], chips, ante, st, total, pol, state)
        ):
            st[GS_CHIPS + p] = chips - ante
            st[GS_POT] += ante
            seat_out[p, SO_SPLITS] += 1
            _reveal(st, c1)
            _reveal(st, c2)
            split = True
    n_hands = 2 if (three or split) else 1
    for h in range(n_hands):
        if h > 0 and st[GS_POT] <= 0:
            break
        mult = 2
        stage = 1
        low_h = low_ok
        if three:  # gap 1: c1-c2 (post x2); gap 2: c2-c3 (post x3, at least the ante)
            a, b, c = (c1, c2, c3) if h == 0 else (c2, c3, c1)
            if h == 1:
                mult, stage, low_h = 3, 2, False
        elif split:  # each card of the pair is the first card of a new hand
            a = c1 if h == 0 else c2
            b = _deal(st, 1, state, game_out)
            c = -1
        else:
            a, b, c = c1, c2, -1
        _one_stake(p, a, b, c, low_h, mult, stage, rules, st, pol, state, seat_out, game_out)
        if split:
            st[GS_LIVE + b] = 0
    _release(st, c1, c2, c3)


@lean(inline=True)
def _deck_ready(rules, st, need, game_out):
    """Round start: shuffle (every round), or in the twice-through variant go on with the
    stack, shuffling everything once when it cannot give everyone a card.  False: the deck is
    through twice and the dealer's game is over."""
    if not rules[RV_TWO_PASS]:
        _full_shuffle(st, game_out)
        return True
    if st[GS_RUNOUTS] >= 2 or st[GS_END]:
        return False
    if N_CARDS - st[GS_TOP] < need:
        if st[GS_RUNOUTS] >= 1:
            return False
        _full_shuffle(st, game_out)
        st[GS_RUNOUTS] = 1
    return True


@lean()
def _round(n_order, rules, st, pol, state, seat_out, game_out):
    """First cards to the ``n_order`` seats of ``st[GS_ORDER:]``, then each turn in that order
    (R-I3); hidden cards: both cards first."""
    face_up = 0 if rules[RV_HIDDEN] else 1
    for i in range(n_order):
        p = st[GS_ORDER + i]
        st[GS_FIRST + p] = _deal(st, face_up, state, game_out)
    if not face_up:
        for i in range(n_order):
            p = st[GS_ORDER + i]
            st[GS_SECOND + p] = _deal(st, 0, state, game_out)
    done = n_order
    for i in range(n_order):
        _turn(st[GS_ORDER + i], rules, st, pol, state, seat_out, game_out)
        if st[GS_POT] <= 0:
            done = i + 1
            break
    # every turn released its cards; the game may have ended before the last ones: between
    # rounds nothing is on the table
    for j in range(done, n_order):
        q = st[GS_ORDER + j]
        st[GS_LIVE + st[GS_FIRST + q]] = 0
        if not face_up:
            st[GS_LIVE + st[GS_SECOND + q]] = 0
    if rules[RV_TWO_PASS] and st[GS_RUNOUTS] >= 2:
        st[GS_END] = 1
    game_out[GO_ROUNDS] += 1


@lean(inline=True)
def _is_plain(rules, k):
    """True when a round of ``k`` players is the plain game that :func:`_plain_round` plays:
    face-up posts, no pairs rule, two posts, a fresh deck every round, and cards enough that
    the stack cannot run out within the round (``3 k`` cards at most)."""
    return (
        3 * k <= N_CARDS
        and rules[RV_ANTE_ALL] == 0
        and rules[RV_RED_DOG] == 0
        and rules[RV_HIDDEN] == 0
        and rules[RV_PAIRS] == PAIRS_NONE
        and rules[RV_THREE_POSTS] == 0
        and rules[RV_TWO_PASS] == 0
    )


_NIBBLES = 0x0F0F0F0F0F0F0F0F
_BYTES = 0x0101010101010101


@lean(inline=True)
def _seen_odds(seen, low, high, total):
    """``(p_between, p_post, p_outside)`` of posts ``low <= high`` for a counting seat of the
    plain round: the ``total`` unseen cards are the deck less ``seen`` (4 bits per rank, the
    deuce lowest), so the counts come from bit operations, not a loop over the ranks.  The
    same numbers as :func:`_best_posts`' (the same integers divided by the same total)."""
    n_between = 0
    if high - low > 1:  # values low+1 .. high-1 are ranks low-1 .. high-3
        width = high - low - 1
        x = (seen >> (4 * (low - 1))) & ((1 << (4 * width)) - 1)
        x = (x & _NIBBLES) + ((x >> 4) & _NIBBLES)  # bytes of two ranks each, at most 8
        n_between = 4 * width - (((x * _BYTES) >> 56) & 0xFF)
    n_post = 4 - ((seen >> (4 * (high - 2))) & 15)
    if low != high and low >= 2:  # a low ace (value 1) is never hit
        n_post += 4 - ((seen >> (4 * (low - 2))) & 15)
    return n_between / total, n_post / total, (total - n_between - n_post) / total


@lean(inline=True)
def _seen_posts(seen, c1, c2, low_ok, total):
    """:func:`_best_posts` of a counting seat in the plain round (see :func:`_seen_odds`)."""
    v1 = (c1 >> 2) + 2
    v2 = (c2 >> 2) + 2
    lo = v1 if v1 < v2 else v2
    hi = v1 if v1 > v2 else v2
    pb, pp, po = _seen_odds(seen, lo, hi, total)
    if low_ok and v1 == 14:
        pb2, pp2, po2 = _seen_odds(seen, 1, v2, total)
        if pb2 - po2 - 2 * pp2 > pb - po - 2 * pp:
            return 1, v2, pb2, pp2, po2
    return lo, hi, pb, pp, po


@lean(inline=True)
def _deal_face_up(st, top, s0, s1, s2, s3):
    """:func:`_deal` for the plain round: the card at ``top`` of the stack, swapped in from a
    uniform place of the stack (the same card from the same random number), the stream in
    four local words (:func:`simkit.rng.step_below`)."""
    k, s0, s1, s2, s3 = step_below(N_CARDS - top, s0, s1, s2, s3)
    j = GS_DECK + top + k
    c = st[j]
    st[j] = st[GS_DECK + top]
    st[GS_DECK + top] = c
    return c, s0, s1, s2, s3


@lean(inline=True)
def _plain_round(n_order, rules, st, pol, state, seat_out, game_out):
    """:func:`_round` for the plain game (:func:`_is_plain`): the same cards from the same
    random numbers, the same decisions and the same counts, with what the variants need left
    out.  Every card is dealt face up from a stack freshly shuffled for the round (``st[GS_TOP]``
    is 0, nothing seen) that cannot run out within it, so a card needs no live or face-up
    flag, the cards dealt are ``top``, and what a counting seat has seen is every card dealt,
    kept by rank in the bits of one integer (:func:`_seen_odds`), written to ``st[GS_SEEN:]``
    at the end."""
    low_ok = rules[RV_LOW_ACE] != 0
    min_stake = rules[RV_MIN_STAKE] != 0
    ante = rules[RV_ANTE]
    top = 0
    seen = 0
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]  # the stream, in locals
    for i in range(n_order):  # first cards
        p = st[GS_ORDER + i]
        c, s0, s1, s2, s3 = _deal_face_up(st, top, s0, s1, s2, s3)
        top += 1
        seen += 1 << (4 * (c >> 2))
        st[GS_FIRST + p] = c
    pot = st[GS_POT]
    for i in range(n_order):
        if i > 0 and pot <= 0:  # the pot is won: the game is over
            break
        p = st[GS_ORDER + i]
        c1 = st[GS_FIRST + p]
        c2, s0, s1, s2, s3 = _deal_face_up(st, top, s0, s1, s2, s3)
        top += 1
        seen += 1 << (4 * (c2 >> 2))
        chips = st[GS_CHIPS + p]
        cap = pot if pot < chips else chips
        if cap <= 0:
            continue
        if pol[p, P_COUNT] == 0.0:
            low, high, pb, pp, po, kelly_f = _posts_no_count(c1, c2, low_ok)
        else:
            low, high, pb, pp, po = _seen_posts(seen, c1, c2, low_ok, N_CARDS - top)
            kelly_f = -1.0  # worked out below if the policy asks
        seat_out[p, SO_DECISIONS] += 1
        # the seat's compiled policy (what _decide does, with a non-counting seat's Kelly
        # fraction from the table)
        kind = int(pol[p, P_KIND])
        stake = 0
        if _spread(low, high) >= int(pol[p, P_MIN]):
            if kind == KELLY and kelly_f < 0.0:
                kelly_f = _kelly(pb, pp, po, 2.0)
            if kind == RANDOM:  # the one policy that draws
                state[0], state[1], state[2], state[3] = s0, s1, s2, s3
                stake = _stake_at(kind, pol[p, P_PARAM], kelly_f, 2, pot, chips, cap, state)
                s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
            else:
                stake = _stake_at(kind, pol[p, P_PARAM], kelly_f, 2, pot, chips, cap, state)
        if min_stake:
            least = ante if ante < cap else cap
            if stake < least:
                stake = least
        if stake <= 0:
            continue
        third, s0, s1, s2, s3 = _deal_face_up(st, top, s0, s1, s2, s3)
        top += 1
        seen += 1 << (4 * (third >> 2))
        outcome, delta = _settle(low, high, (third >> 2) + 2, stake, 2, chips)
        st[GS_CHIPS + p] = chips + delta
        _book_stake(p, outcome, stake, pot, seat_out)
        pot -= delta
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    st[GS_POT] = pot
    st[GS_TOP] = top
    for r in range(13):
        st[GS_SEEN + r] = (seen >> (4 * r)) & 15
    game_out[GO_CARDS] += top
    game_out[GO_ROUNDS] += 1


@lean(inline=True)
def _held(st):
    """Chips of every seat plus the pot; -1 when a seat holds fewer than none (an error that
    the conservation check then counts).

    The early return also keeps the loop scalar: vectorised, it read the stacks just written
    one by one with wide loads, which wait for those stores to reach the cache (a tenth of a
    dealer's game in the profile)."""
    held = st[GS_POT]
    for i in range(st[GS_SEATS]):
        chips = st[GS_CHIPS + i]
        if chips < 0:
            return -1
        held += chips
    return held


@lean(inline=True)
def _play_round(k, r, total_chips, rules, st, pol, state, seat_out, game_out):
    """Round ``r`` for the ``k`` players of ``st[GS_ORDER:]``; a change in the chips held
    (never expected) is counted as a conservation error."""
    st[GS_ROUND] = r
    _round(k, rules, st, pol, state, seat_out, game_out)
    if _held(st) != total_chips:
        game_out[GO_CONSERVATION_ERRORS] += 1


@lean()
def _pass_left(st, d):
    """The next seat to the left of ``d`` that is still in (R-E1: a seat out is skipped)."""
    n = st[GS_SEATS]
    for _ in range(n):
        d = d + 1 if d + 1 < n else 0
        if st[GS_IN + d]:
            break
    return d


@lean(inline=True)
def _book_dealer(dealer, result, seat_out, game_out):
    """A dealer's game (or a bank's turn) is over, ``result`` chips won by the dealer: its
    counts."""
    seat_out[dealer, SO_DEALER_NET] += result
    seat_out[dealer, SO_DEALER_NET_SQ] += float(result) * float(result)
    seat_out[dealer, SO_DEALER_GAMES] += 1
    game_out[GO_GAMES] += 1
    if result < 0:
        game_out[GO_DEALER_LOSES] += 1


@lean(inline=True)
def _write_record(record, dealer, pot, outcome, players, dealer_net, rounds, last_dealer):
    record[REC_DEALER] = dealer
    record[REC_POT] = pot
    record[REC_OUTCOME] = outcome
    record[REC_PLAYERS] = players
    record[REC_DEALER_NET] = dealer_net
    record[REC_ROUNDS] = rounds
    record[REC_LAST_DEALER] = last_dealer


@lean(inline=True)
def _order_players(st, dealer):
    """The seats with chips after ``dealer``, left of it first, into ``st[GS_ORDER:]``; their
    number (a seat that is out has no chips here)."""
    n = st[GS_SEATS]
    k = 0
    p = dealer
    for _ in range(1, n):
        p = p + 1 if p + 1 < n else 0
        if st[GS_CHIPS + p] > 0:
            st[GS_ORDER + k] = p
            k += 1
    return k


@lean(inline=True)
def _dealer_game(dealer, rules, st, pol, state, seat_out, game_out, record):
    """One dealer's game (R-I3) at the seats of ``st``; its record into ``record``."""
    total_chips = _held(st)
    chips_d = st[GS_CHIPS + dealer]
    opening = rules[RV_POT] if rules[RV_POT] < chips_d else chips_d
    st[GS_CHIPS + dealer] = chips_d - opening
    st[GS_FORCED + dealer] = opening
    st[GS_POT] = opening
    st[GS_RUNOUTS] = 0
    st[GS_END] = 0
    if rules[RV_TWO_PASS]:
        _full_shuffle(st, game_out)
    r = 0
    first = 0  # players dealt in in the first round
    while st[GS_POT] > 0:
        if rules[RV_TWO_PASS]:
            if r >= MAX_TWO_PASS_ROUNDS:
                break
        elif r >= rules[RV_ROUNDS]:
            break
        k = _order_players(st, dealer)
        if k == 0 or not _deck_ready(rules, st, k, game_out):
            break
        if r == 0:
            first = k
        if _is_plain(rules, k):  # the plain game's own round, inlined here only
            st[GS_ROUND] = r
            _plain_round(k, rules, st, pol, state, seat_out, game_out)
            if _held(st) != total_chips:
                game_out[GO_CONSERVATION_ERRORS] += 1
        else:
            _play_round(k, r, total_chips, rules, st, pol, state, seat_out, game_out)
        r += 1
    outcome = OUT_POT_BACK
    if st[GS_POT] == 0 and opening > 0:
        game_out[GO_WHOLE_POT] += 1
        outcome = OUT_WHOLE_POT
    elif r == 0:
        outcome = OUT_NO_GAME
    result = st[GS_POT] - opening
    st[GS_CHIPS + dealer] += st[GS_POT]
    st[GS_POT] = 0
    _book_dealer(dealer, result, seat_out, game_out)
    if _held(st) != total_chips:
        game_out[GO_CONSERVATION_ERRORS] += 1
    _write_record(record, dealer, opening, outcome, first, result, r, dealer)


@lean()
def _ante_game(dealer, rules, st, pol, state, seat_out, game_out, record):
    """One pot game of the ante-for-everyone variant (R-I4) from ``dealer`` on, the deal
    passing left after every round not won; its record into ``record``."""
    n = st[GS_SEATS]
    ante = rules[RV_ANTE]
    total_chips = _held(st)
    first_dealer = dealer
    st[GS_POT] = 0
    st[GS_RUNOUTS] = 0
    st[GS_END] = 0
    if rules[RV_TWO_PASS]:
        _full_shuffle(st, game_out)
    k = 0  # players of the last round played; st[GS_ORDER:] keeps them for the split
    r = 0
    first = 0  # players dealt in in the first round
    put = 0  # antes paid
    won = False
    while r < rules[RV_ROUNDS]:
        able = 0
        for j in range(n):
            if st[GS_CHIPS + j] >= ante:
                able += 1
        if able < 2 or not _deck_ready(rules, st, able, game_out):
            break
        k = 0
        for j in range(1, n + 1):  # from the dealer's left; the dealer plays last
            p = (dealer + j) % n
            if st[GS_CHIPS + p] >= ante:
                st[GS_ORDER + k] = p
                k += 1
        for i in range(k):
            st[GS_CHIPS + st[GS_ORDER + i]] -= ante
            st[GS_FORCED + st[GS_ORDER + i]] += ante
        st[GS_POT] += k * ante
        put += k * ante
        if r == 0:
            first = k
        _play_round(k, r, total_chips, rules, st, pol, state, seat_out, game_out)
        r += 1
        if st[GS_POT] <= 0:
            won = True
            break
        dealer = _pass_left(st, dealer)
    outcome = OUT_NO_GAME
    if won:
        game_out[GO_WHOLE_POT] += 1
        outcome = OUT_WHOLE_POT
    elif st[GS_POT] > 0:
        # stop and split (R-I4): equal shares among the last round's players (the order array
        # still holds them), odd chips one each from the dealer's left
        share = st[GS_POT] // k
        rest = st[GS_POT] - share * k
        for i in range(k):
            st[GS_CHIPS + st[GS_ORDER + i]] += share + (1 if i < rest else 0)
        st[GS_POT] = 0
        game_out[GO_SPLIT_POTS] += 1
        outcome = OUT_SPLIT
    game_out[GO_GAMES] += 1
    if _held(st) != total_chips:
        game_out[GO_CONSERVATION_ERRORS] += 1
    _write_record(record, first_dealer, put, outcome, first, 0, r, dealer)


# --- Red Dog: the dealer is the bank (R-I4) --------------------------------------------------
@lean(inline=True)
def _raises(p, spread, rules, pol, state):
    """Whether seat ``p`` raises its Red Dog bet at ``spread`` (1..11), read from its stake
    policy: a policy that never stakes (parameter 0, ``never``) never raises; ``kelly`` raises
    when the raised unit has positive expectation (the best rule of :mod:`.red_dog`, spread 7
    or more with one deck, ``RV_RAISE_FROM``); ``random`` on a coin flip; ``fixed``,
    ``pot_fraction`` and ``pay_twice`` from their least spread on (``@0``: always).  Every
    policy keeps to its least spread."""
    if pol[p, P_PARAM] <= 0.0 or spread < pol[p, P_MIN]:
        return False
    kind = int(pol[p, P_KIND])
    if kind == KELLY:
        return spread >= rules[RV_RAISE_FROM]
    if kind == RANDOM:
        return draw_below(state, 2) == 1
    return True


@lean(inline=True)
def _red_dog_settle(k, bank, pays, third_on_post, st, seat_out):
    """Settle the bets of the ``k`` players of ``st[GS_ORDER:]``: ``pays`` > 0 pays that many
    to 1 (from the bank's left, each in full while the bank can, then what it has left), 0 a
    push, < 0 the bank takes the bets.  Returns whether the bank fell short."""
    short = False
    for i in range(k):
        p = st[GS_ORDER + i]
        bet = st[GS_BET + p]
        st[GS_BET + p] = 0
        seat_out[p, SO_STAKES] += 1
        seat_out[p, SO_STAKED] += bet
        if pays < 0:
            st[GS_CHIPS + bank] += bet
            if third_on_post:
                seat_out[p, SO_POST] += 1
            else:
                seat_out[p, SO_OUTSIDE] += 1
            continue
        win = pays * bet
        has = st[GS_CHIPS + bank]
        paid = win if win < has else has
        if paid < win:
            short = True
        st[GS_CHIPS + bank] = has - paid
        st[GS_CHIPS + p] += bet + paid
        if pays > 0:
            seat_out[p, SO_BETWEEN] += 1
    return short


@lean(inline=True)
def _red_dog_hand(k, bank, rules, st, pol, state, seat_out, game_out):
    """One Red Dog hand for the ``k`` players of ``st[GS_ORDER:]`` against ``bank``: antes
    (all a short player has, R-E2), two cards from a fresh deck, the raises, the third card,
    the settlement.  Returns the antes put in and whether the bank fell short."""
    ante = rules[RV_ANTE]
    put = 0
    for i in range(k):
        p = st[GS_ORDER + i]
        chips = st[GS_CHIPS + p]
        a = ante if ante < chips else chips
        st[GS_CHIPS + p] = chips - a
        st[GS_BET + p] = a
        st[GS_FORCED + p] += a
        put += a
    _full_shuffle(st, game_out)
    c1 = _deal(st, 1, state, game_out)
    c2 = _deal(st, 1, state, game_out)
    v1 = (c1 >> 2) + 2
    v2 = (c2 >> 2) + 2
    low = v1 if v1 < v2 else v2
    high = v1 if v1 > v2 else v2
    c3 = -1
    pays = 0  # adjacent ranks: a push
    on_post = False
    if low == high:  # a pair: the same rank again pays 11 to 1, else a push
        c3 = _deal(st, 1, state, game_out)
        if (c3 >> 2) + 2 == low:
            pays = TRIPS_PAYS
    elif high - low > 1:
        spread = high - low - 1
        for i in range(k):
            p = st[GS_ORDER + i]
            seat_out[p, SO_DECISIONS] += 1
            if _raises(p, spread, rules, pol, state):
                more = st[GS_BET + p]
                if more > st[GS_CHIPS + p]:
                    more = st[GS_CHIPS + p]
                st[GS_CHIPS + p] -= more
                st[GS_BET + p] += more
        c3 = _deal(st, 1, state, game_out)
        v3 = (c3 >> 2) + 2
        if low < v3 < high:
            pays = _pays(spread)
        else:
            pays = -1
            on_post = v3 == low or v3 == high
    _release(st, c1, c2, c3)
    return put, _red_dog_settle(k, bank, pays, on_post, st, seat_out)


@lean()
def _red_dog_turn(bank, rules, st, pol, state, seat_out, game_out, record):
    """One bank's turn of Red Dog (R-I4): ``rules[RV_ROUNDS]`` hands against every other seat
    with chips, while the bank has chips; its record into ``record``."""
    total_chips = _held(st)
    start = st[GS_CHIPS + bank]
    put = 0
    first = 0  # players dealt in in the first hand
    short = False
    h = 0
    while h < rules[RV_ROUNDS] and st[GS_CHIPS + bank] > 0:
        k = _order_players(st, bank)
        if k == 0:
            break
        if h == 0:
            first = k
        a, fell_short = _red_dog_hand(k, bank, rules, st, pol, state, seat_out, game_out)
        put += a
        short = short or fell_short
        h += 1
        game_out[GO_ROUNDS] += 1
        if _held(st) != total_chips:
            game_out[GO_CONSERVATION_ERRORS] += 1
    result = st[GS_CHIPS + bank] - start
    outcome = OUT_NO_GAME if h == 0 else (OUT_BANK_SHORT if short else OUT_BANK)
    _book_dealer(bank, result, seat_out, game_out)
    _write_record(record, bank, put, outcome, first, result, h, bank)


@lean(inline=True)
def _play_hand(table, game, rng, work, record):
    """One dealer's game (ante variant: one pot game) at the table state ``table``: the common
    table interface (see the module docstring for ``game``, ``work`` and ``record``).

    With ``rules[RV_RED_DOG]`` the hand is one bank's turn of Red Dog (:func:`_red_dog_turn`).
    Reads the seats, stacks, who is in and the dealer from ``table``, plays the hand and
    writes the new stacks back, and the forced chips of each seat into ``st[GS_FORCED:]``
    (:func:`_forced`); never moves the dealer.  Returns 0, or ``RC_DEALER_OUT`` when the
    dealer of a dealer's game (the bank) is out (nothing is played then).
    """
    rules, pol = game
    st, seat_out, game_out = work
    n = table[TABLE_SEATS]
    dealer = table[TABLE_DEALER]
    st[GS_SEATS] = n
    for s in range(n):  # a seat that is out plays with no chips: it is never dealt in
        st[GS_CHIPS + s] = table[TABLE_STACK + s] * table[TABLE_IN + s]
        st[GS_FORCED + s] = 0
    if rules[RV_ANTE_ALL]:
        for s in range(n):
            st[GS_IN + s] = table[TABLE_IN + s]
        _ante_game(dealer, rules, st, pol, rng, seat_out, game_out, record)
    elif not table[TABLE_IN + dealer]:
        _write_record(record, dealer, 0, OUT_NO_GAME, 0, 0, 0, dealer)
        return RC_DEALER_OUT
    elif rules[RV_RED_DOG]:
        _red_dog_turn(dealer, rules, st, pol, rng, seat_out, game_out, record)
    else:
        _dealer_game(dealer, rules, st, pol, rng, seat_out, game_out, record)
    for s in range(n):
        if table[TABLE_IN + s]:
            table[TABLE_STACK + s] = st[GS_CHIPS + s]
    return 0


@lean()
def _play_one(table, game, rng, work, record):
    """:func:`_play_hand` as a call of its own, for Dealer's Choice and the Python hand kernel
    (``jobs.hand_kernel``), as the other games have it.

    It is a compiled copy of the dealer's game beside the batch loop's and the evenings' (each
    inlines its own): Dealer's Choice compiles it on a fresh cache, about 25 s (the report's
    Dealer's Choice section took 1.7 s when every loop called one shared ``_dealer_game``).
    Sharing one copy cost the batch loop 4.9 % (calling ``_dealer_game``) or 7.4 % (calling
    this function), same-process A/B medians of 25 pairs."""
    return _play_hand(table, game, rng, work, record)


@njit(cache=True, nogil=True)
def _new_work(seat_out, game_out):
    """The ``work`` tuple of :func:`_play_hand` for a batch: a fresh packed state (the deck in
    order, nothing dealt) and the tallies ``seat_out`` ``(seats, N_SEAT_STATS)`` and
    ``game_out`` ``(N_GAME_STATS,)`` that every hand adds into."""
    st = np.zeros(GS_SIZE, dtype=np.int64)
    for i in range(N_CARDS):
        st[GS_DECK + i] = i
    return (st, seat_out, game_out)


@njit(cache=True, nogil=True)
def _engine(trials, deals, stacks, game, rng, seat_out, game_out, kept_records=None, kept_stacks=None):
    """Play ``trials`` trials, each ``deals`` hands (:func:`_play_hand`) from everyone holding
    ``stacks`` chips, seat 0 dealing first and the deal passing left, chips carried from hand
    to hand; add per-seat and per-batch statistics into the outputs.  ``kept_records``
    (trials, deals, REC_SIZE) and ``kept_stacks`` (trials, deals, seats), unless None, keep
    every hand: its record and the stacks after it."""
    n = game[1].shape[0]
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    set_table(table, np.full(n, stacks, dtype=np.int64), 0)
    _trials(
        trials,
        deals,
        stacks,
        game,
        rng,
        _new_work(seat_out, game_out),
        table,
        np.zeros(REC_SIZE, dtype=np.int64),
        kept_records,
        kept_stacks,
    )


@lean()
def _trials(trials, deals, stacks, game, rng, work, table, record, kept_records=None, kept_stacks=None):
    """The loop of :func:`_engine` over trials and hands (allocates nothing: see :func:`simkit.jit.lean`)."""
    seat_out, game_out = work[1], work[2]
    n = table[TABLE_SEATS]
    for t in range(trials):
        for i in range(n):  # everyone in with ``stacks`` chips, seat 0 deals
            table[TABLE_STACK + i] = stacks
        table[TABLE_DEALER] = 0
        dealer_total = 0
        for _d in range(deals):
            _play_hand(table, game, rng, work, record)  # rc: the dealer is never out here
            if kept_records is not None:  # None: compiled without
                for k in range(REC_SIZE):
                    kept_records[t, _d, k] = record[k]
                for i in range(n):
                    kept_stacks[t, _d, i] = table[TABLE_STACK + i]
            dealer_total += record[REC_DEALER_NET]
            table[TABLE_DEALER] = record[REC_LAST_DEALER]
            next_dealer(table)
        for i in range(n):
            chips = table[TABLE_STACK + i]
            net = chips - stacks
            seat_out[i, SO_NET] += net
            seat_out[i, SO_NET_SQ] += float(net) * float(net)
            if chips == 0:
                seat_out[i, SO_BUSTS] += 1
        game_out[GO_DEALER_SUM] += dealer_total
        game_out[GO_DEALER_SQ] += float(dealer_total) * float(dealer_total)


# --- evenings (R-E1, R-E5, R-E6) ---------------------------------------------------------------
@njit(cache=True, inline="always")
def _forced(work, n, out):
    """The chips each seat was forced to put in in the hand just played (the evening log): the
    dealer's pot (``min(pot, chips)``), the antes of the ante variant, the Red Dog antes."""
    st = work[0]
    for s in range(n):
        out[s] = st[GS_FORCED + s]


@njit(cache=True, inline="always")
def _deal_moves(table, dealer, rounds, ante_all):
    """Seats the deal moved within the hand just played from its ``dealer``: 0 for a dealer's
    game or a bank's turn; in the ante variant the deal passed left after each of its
    ``rounds`` rounds but the last, over the seats in at the hand's start (R-I4)."""
    if not ante_all:
        return 0
    n = table[TABLE_SEATS]
    moves = 0
    d = dealer
    for _ in range(rounds - 1):
        for _k in range(n):
            d = d + 1 if d + 1 < n else 0
            moves += 1
            if table[TABLE_IN + d]:
                break
    return moves


@njit(cache=True, inline="always")
def _book_overtime(outs, over):
    """Add an evening's turns dealt past the agreed ones (``over``) into ``outs``."""
    overtime = outs[16]
    hist = outs[17]
    overtime[0] += over
    overtime[1] += float(over) * float(over)
    hist[min(over, hist.shape[0] - 1)] += 1


@njit(cache=True, nogil=True)
def _play_evenings(count, stacks, end, strategy, game, rng, work, record, outs, log):
    """Play ``count`` In-Between evenings to the end rule R-E5 (``end[END_KIND] ==
    END_TURNS``), adding them into ``outs`` and their hands (:func:`_play_hand`) into ``log``.

    Every evening seats everyone with ``stacks`` chips and draws the first dealer
    (:func:`simkit.games.evening.begin_evening`).  A *turn* is one seat's place in the order of
    deals from the first dealer round the table to the left; the evening has ``seats *
    end[END_DEALS]`` turns (every player deals ``end[END_DEALS]`` dealer's games, 0 read as
    the default 1).  A seat with chips deals its turn: one dealer's game (R-I3), or one bank's
    turn of Red Dog; a seat without chips is skipped and its turn counts as passed
    (``next_dealer``).  In the ante variant the deal passes left every round (R-I4): a pot game
    started by a seat takes one turn for each round, the seats passed between counted, and the
    next pot game starts left of whoever dealt its last round; a pot game started within the
    turns is played to its end, its rounds past the last turn counted as overtime
    (``outs`` ``overtime``).  The evening ends when the turns are used up, or earlier when
    fewer than ``end[END_MIN_PLAYERS]`` players have chips.  ``outs`` ``length`` counts the
    deals (dealer's games, pot games, bank turns) and, as hands, the rounds played (Red Dog:
    the hands).

    Returns the log rows wanted (call again with a larger ``log`` when it is more than it
    holds), or a negative error code: the hand kernel's, ``RC_RUNAWAY`` (more deals than
    ``end[END_MAX_DEALS]``) or :data:`RC_END_RULE`.
    """
    if end[END_KIND] != END_TURNS:
        return RC_END_RULE
    return _evenings(
        count, stacks, end, strategy, game, rng, work, record, outs, log, evening_scratch(stacks, outs)
    )


@lean()
def _evenings(count, stacks, end, strategy, game, rng, work, record, outs, log, scratch):
    """The loop of :func:`_play_evenings` over evenings and deals, on the evening's ``scratch``
    (:func:`simkit.games.evening.evening_scratch`), without reference counting: a dealer's game
    is a few hundred nanoseconds, and counting the arrays the bookkeeping takes from ``outs``
    cost a tenth of it (:func:`simkit.jit.lean`)."""
    ante_all = game[0][RV_ANTE_ALL] != 0
    n = stacks.shape[0]
    table, broke_at, before, forced, share, tmp, errors, total = scratch
    turns = n * (end[END_DEALS] if end[END_DEALS] > 0 else 1)
    row = 0
    for e in range(count):
        new_evening(table, stacks, broke_at, rng)
        turn = 0  # turns used, from the first dealer's
        over = 0
        rounds = 0
        while turn < turns and seats_in(table) >= end[END_MIN_PLAYERS]:
            if table[TABLE_DEAL] >= end[END_MAX_DEALS]:
                return RC_RUNAWAY
            keep_stacks(table, before)
            rc = _play_hand(table, game, rng, work, record)
            if rc < 0:
                errors[0] += 1
                return rc
            rounds += record[REC_ROUNDS]
            moves = _deal_moves(table, table[TABLE_DEALER], record[REC_ROUNDS], ante_all)
            over = max(turn + moves + 1 - turns, 0)
            after_hand(table, broke_at, total, outs, share)
            if table_chips(table) != total:
                errors[1] += 1
            if log.shape[0] > 0:
                _forced(work, n, forced)
                row = log_hand(log, row, e, GAME_IN_BETWEEN, record, before, forced, table)
            last = table[TABLE_DEALER] + moves  # who dealt the hand's last round
            while last >= n:
                last -= n
            table[TABLE_DEALER] = last
            next_dealer(table)
            step = table[TABLE_DEALER] - last
            turn += moves + (step if step > 0 else step + n)
        finish_evening(table, broke_at, total, 0, rounds, strategy, outs, share, tmp)
        _book_overtime(outs, over)
    return row


# --- the Python path -----------------------------------------------------------------------------
#: Every function on a path from _engine to _decide or _wants_split, innermost first.
_CHAIN = (
    "_one_stake",
    "_turn",
    "_round",
    "_play_round",
    "_dealer_game",
    "_ante_game",
    "_play_hand",
    "_trials",
    "_engine",
)


def _never_plain(rules, k):
    return False


def python_engine(decide, wants_split):
    """This module's batch kernel :func:`_engine` as plain Python, with ``_decide`` and
    ``_wants_split`` bound to the given Python callables (same signatures); the helpers off
    that path stay compiled.  Every round is the general :func:`_round`: the plain game's own
    round (:func:`_plain_round`, which keeps the random stream in local words) is the compiled
    engine's shortcut to the same games.

    The one place the package rebuilds compiled functions as Python: it takes each function
    of ``_CHAIN`` from its dispatcher's ``py_func`` (Numba's public attribute for the original
    Python function) and rebinds its code to a copy of this module's globals.  Guarded by
    ``tests/test_in_between_engine.py::test_private_numba_options_still_work``.

    >>> eng = python_engine(_decide, _wants_split)
    >>> eng.__name__
    '_engine'
    """
    namespace = dict(globals())
    namespace["_decide"] = decide
    namespace["_wants_split"] = wants_split
    namespace["_is_plain"] = _never_plain
    for name in _CHAIN:
        py = globals()[name].py_func
        namespace[name] = types.FunctionType(py.__code__, namespace, name, py.__defaults__)
    return namespace["_engine"]
