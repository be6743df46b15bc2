"""The compiled dealer's-game engine: a batch of games per call, every rule of R-I2..R-I4.

One call of :func:`_engine` plays ``games`` trials.  A trial is ``deals`` dealer's games with
the deal passing left (seat 0 deals first) and chips carried from one to the next (R-I3); in
the ante-for-everyone variant it is ``deals`` pot games (R-I4).  Statistics are added into
``seat_out`` (per seat) and ``game_out``; the random stream ``state`` is the only randomness.

State.  Everything mutable lives in one int64 array ``st`` (layout ``ST_*``: deck, flags,
counts, chips, cards per seat), the policies in one float64 matrix ``pol`` (columns
``P_*``), so that the calls between the kernel's functions pass few arrays.  Every function
below :func:`_engine` is compiled without Numba's reference-counting runtime (``_nrt=False``):
none of them allocates, and the atomic incref/decref of each array argument at every call and
inlined call otherwise cost more than the game itself (measured: 8 M against 30 M decisions
per second on one core).  Edits of the helpers imported from :mod:`.odds`, :mod:`.policies`,
:mod:`.rules` or :mod:`simkit.rng` recompile the kernel: the cache is keyed by a digest of the
whole source (:mod:`simkit._compile_cache`).

Cards.  ``deck`` (``st[ST_DECK:]``) holds all 52 cards; ``deck[:top]`` have been dealt since the last shuffle and
``deck[top:]`` is the stack in unknown order: dealing a card swaps a uniform random stack card
to ``top`` (a one-step Fisher-Yates, the draw of :func:`simkit.deck._shuffle_prefix`), so a
shuffle is just ``top = 0`` and the stream is consumed only by cards actually dealt.  ``live``
marks cards on the table (posts and first cards of players still to act), ``vis`` the face-up
ones, ``seen`` counts the face-up cards by rank that are not in the stack: that is what a
counting seat knows.  When the stack runs out mid-round the used cards (all but the live ones)
are shuffled into a new stack (the rule of the twice-through variant, used by every mode so
that splits and three posts never run dry).

Decisions.  Every stake goes through :func:`_decide` and every split choice through
:func:`_wants_split`.  The Python path of :mod:`.dealer_game` runs this very module's source as
plain Python with those two names bound to the user's functions (see ``python_engine``), so the
rules exist once, and the same seed and the same decisions give the same games.

Examples
--------
>>> import numpy as np
>>> from simkit.rng import stream_state
>>> rules = make_rules(players=3, chips=100, pot=20, rounds=3, deals=1)
>>> pol = make_policies([2, 2, 2], [0.5] * 3, [0] * 3, [0] * 3)  # half-Kelly everywhere
>>> seat_out = np.zeros((3, N_SEAT_STATS), np.int64); game_out = np.zeros(N_GAME_STATS, np.int64)
>>> _engine(1000, rules, pol, stream_state(1), seat_out, game_out)
>>> int(game_out[G_CONSERVATION_ERRORS]), int(seat_out[:, S_NET].sum())
(0, 0)
"""

from __future__ import annotations

import types

import numpy as np
from numba import njit

from ...rng import _draw_below
from .odds import _gap_probs_at
from .policies import RANDOM, _policy_stake
from .rules import BETWEEN, OUTSIDE, POST, _settle, _spread

__all__ = ["make_policies", "make_rules", "python_engine"]

# --- the rules vector -------------------------------------------------------------------------
(R_PLAYERS, R_CHIPS, R_POT, R_ROUNDS, R_DEALS, R_LOW_ACE, R_TWO_PASS, R_ANTE_ALL, R_ANTE,
 R_HIDDEN, R_MIN_STAKE, R_PAIRS, R_THREE_POSTS) = range(13)
N_RULES = 13
PAIRS_NONE, PAIRS_SPLIT, PAIRS_ANTE_BACK = 0, 1, 2

# --- per-seat statistics (columns of seat_out) ------------------------------------------------
(S_NET, S_NET_SQ, S_DECISIONS, S_STAKES, S_STAKED, S_BETWEEN, S_OUTSIDE, S_POST, S_BUSTS,
 S_DEALER_NET, S_DEALER_NET_SQ, S_DEALER_GAMES, S_WHOLE_POT, S_SPLITS, S_ANTE_BACK) = range(15)
N_SEAT_STATS = 15
SEAT_STATS = ("net", "net_sq", "decisions", "stakes", "staked", "between", "outside", "post",
              "busts", "dealer_net", "dealer_net_sq", "dealer_games", "whole_pot", "splits",
              "ante_back")

# --- per-batch statistics (game_out) ----------------------------------------------------------
(G_GAMES, G_ROUNDS, G_WHOLE_POT, G_CONSERVATION_ERRORS, G_DEALER_SUM, G_DEALER_SQ,
 G_DEALER_LOSES, G_SHUFFLES, G_RESHUFFLES, G_CARDS, G_SPLIT_POTS) = range(11)
N_GAME_STATS = 11
GAME_STATS = ("games", "rounds", "whole_pot_ends", "conservation_errors", "dealer_sum",
              "dealer_sq", "dealer_loses", "shuffles", "reshuffles", "cards", "split_pots")

# --- the packed game state: one int64 array, so that calls pass few arrays -------------------
MAX_SEATS = 32
ST_TOP, ST_RUNOUTS, ST_END, ST_POT, ST_ROUND = range(5)  # scalars
ST_SEEN = 8  # 13 face-up cards by rank, not in the stack
ST_U = ST_SEEN + 13  # 13 scratch rank counts: what a deciding seat cannot see
ST_DECK = ST_U + 13  # 52 cards: dealt since the shuffle, then the stack
ST_LIVE = ST_DECK + 52  # 52 flags by card: on the table
ST_VIS = ST_LIVE + 52  # 52 flags by card: face up
ST_CHIPS = ST_VIS + 52  # per seat
ST_FIRST = ST_CHIPS + MAX_SEATS  # first card per seat
ST_SECOND = ST_FIRST + MAX_SEATS  # second card per seat (hidden cards)
ST_ORDER = ST_SECOND + MAX_SEATS  # the seats of this round, in turn order
ST_SIZE = ST_ORDER + MAX_SEATS

# --- policy matrix columns (float64, one row per seat) -----------------------------------------
P_KIND, P_PARAM, P_MIN, P_COUNT = range(4)

#: Safety cap on the rounds of one twice-through dealer's game (two passes of 52 cards end it
#: long before: every round deals at least two cards).
MAX_TWO_PASS_ROUNDS = 200


def make_rules(players: int, chips: int, pot: int, rounds: int, deals: int, *, low_ace=False,
               two_pass=False, ante_all=False, ante=1, hidden=False, min_stake=False,
               pairs=PAIRS_NONE, three_posts=False) -> np.ndarray:
    """The int64 rules vector the kernel reads (validated by :mod:`.dealer_game`)."""
    r = np.zeros(N_RULES, dtype=np.int64)
    r[R_PLAYERS], r[R_CHIPS], r[R_POT], r[R_ROUNDS], r[R_DEALS] = players, chips, pot, rounds, deals
    r[R_LOW_ACE], r[R_TWO_PASS], r[R_ANTE_ALL], r[R_ANTE] = low_ace, two_pass, ante_all, ante
    r[R_HIDDEN], r[R_MIN_STAKE], r[R_PAIRS], r[R_THREE_POSTS] = hidden, min_stake, pairs, three_posts
    return r


def make_policies(kinds, params, min_spreads, counting) -> np.ndarray:
    """The float64 ``(players, 4)`` policy matrix: kind, parameter, min spread, counting."""
    pol = np.zeros((len(kinds), 4), dtype=np.float64)
    pol[:, P_KIND], pol[:, P_PARAM], pol[:, P_MIN], pol[:, P_COUNT] = kinds, params, min_spreads, counting
    return pol


# --- cards ------------------------------------------------------------------------------------
@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _full_shuffle(st, game_out):
    """Gather every card into the stack (between rounds, when nothing is live)."""
    st[ST_TOP] = 0
    for r in range(13):
        st[ST_SEEN + r] = 0
    game_out[G_SHUFFLES] += 1


@njit(cache=True, nogil=True, _nrt=False)
def _reshuffle_used(st, game_out):
    """The stack is empty mid-round: the used cards (all but the live ones) become the stack."""
    n_live = 0
    for i in range(52):
        c = st[ST_DECK + i]
        if st[ST_LIVE + c]:
            st[ST_DECK + i] = st[ST_DECK + n_live]
            st[ST_DECK + n_live] = c
            n_live += 1
    st[ST_TOP] = n_live
    for r in range(13):
        st[ST_SEEN + r] = 0
    for i in range(n_live):
        c = st[ST_DECK + i]
        if st[ST_VIS + c]:
            st[ST_SEEN + (c >> 2)] += 1
    st[ST_RUNOUTS] += 1
    game_out[G_RESHUFFLES] += 1


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _deal(st, face_up, state, game_out):
    """Deal one card from the stack (face up or down) and mark it live."""
    top = st[ST_TOP]
    if top >= 52:
        _reshuffle_used(st, game_out)
        top = st[ST_TOP]
    j = ST_DECK + top + _draw_below(state, 52 - top)
    c = st[j]
    st[j] = st[ST_DECK + top]
    st[ST_DECK + top] = c
    st[ST_TOP] = top + 1
    st[ST_LIVE + c] = 1
    st[ST_VIS + c] = face_up
    if face_up:
        st[ST_SEEN + (c >> 2)] += 1
    game_out[G_CARDS] += 1
    return c


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _ensure_stack(st, game_out):
    """Shuffle the used cards now if the stack is empty: the next card comes from them, and a
    counting seat must know that before it decides."""
    if st[ST_TOP] >= 52:
        _reshuffle_used(st, game_out)


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _release(st, c_a, c_b, c_c):
    """A turn is over: its cards are used, no longer on the table (``c_c < 0``: none)."""
    st[ST_LIVE + c_a] = 0
    st[ST_LIVE + c_b] = 0
    if c_c >= 0:
        st[ST_LIVE + c_c] = 0


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _reveal(st, c):
    if not st[ST_VIS + c]:
        st[ST_VIS + c] = 1
        st[ST_SEEN + (c >> 2)] += 1


# --- odds as a seat sees them ------------------------------------------------------------------
@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _unknown(st, counting, c_a, c_b, c_c):
    """Fill the scratch counts ``st[ST_U:]`` with the ranks a seat cannot see; return how many.

    A counting seat removes every face-up card not in the stack (``seen``) and its own hidden
    posts; a non-counting seat removes only its own posts (``c_c < 0``: no third post).
    """
    for r in range(13):
        st[ST_U + r] = 4 - st[ST_SEEN + r] if counting else 4
    if not counting or not st[ST_VIS + c_a]:
        st[ST_U + (c_a >> 2)] -= 1
    if not counting or not st[ST_VIS + c_b]:
        st[ST_U + (c_b >> 2)] -= 1
    if c_c >= 0 and (not counting or not st[ST_VIS + c_c]):
        st[ST_U + (c_c >> 2)] -= 1
    total = 0
    for r in range(13):
        total += st[ST_U + r]
    return total


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _best_posts(st, c1, c2, low_ok, total, mult):
    """Post values and odds of first card ``c1`` and second ``c2`` from the scratch counts;
    with ``low_ok`` a first-card ace counts low when that has the higher EV per chip (ties:
    high) (R-I4)."""
    v1 = (c1 >> 2) + 2
    v2 = (c2 >> 2) + 2
    lo = v1 if v1 < v2 else v2
    hi = v1 if v1 > v2 else v2
    pb, pp, po = _gap_probs_at(lo, hi, st, ST_U, total)
    if low_ok and v1 == 14:
        pb2, pp2, po2 = _gap_probs_at(1, v2, st, ST_U, total)
        if pb2 - po2 - mult * pp2 > pb - po - mult * pp:
            return 1, v2, pb2, pp2, po2
    return lo, hi, pb, pp, po


def _no_count_tables() -> np.ndarray:
    """Odds of every two-post deal seen by a non-counting seat (the deck less its two posts):
    ``[r1, r2, option]`` -> (low, high, p_between, p_post, p_outside, EV at post x2); option 1
    is a first-card ace counted low (only filled for ``r1`` = ace)."""
    t = np.zeros((13, 13, 2, 6), dtype=np.float64)
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
                t[r1, r2, opt] = (lo, hi, pb, pp, po, pb - po - 2.0 * pp)
    return t


#: Baked into the compiled code as a constant.
_NC = _no_count_tables()


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _posts_no_count(c1, c2, low_ok):
    """:func:`_best_posts` for a non-counting seat with two posts, by table lookup."""
    r1 = c1 >> 2
    r2 = c2 >> 2
    o = 0
    if low_ok and r1 == 12 and _NC[r1, r2, 1, 5] > _NC[r1, r2, 0, 5]:
        o = 1
    return (int(_NC[r1, r2, o, 0]), int(_NC[r1, r2, o, 1]), _NC[r1, r2, o, 2], _NC[r1, r2, o, 3],
            _NC[r1, r2, o, 4])


# --- decisions (rebound to the user's functions on the Python path) ------------------------------
@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _decide(p, stage, rnd, low, high, spread, pb, pp, po, mult, pot, chips, ante, min_req,
            pol, state):
    """The stake of seat ``p``: its compiled policy, raised to the minimum ``min_req``."""
    s = _policy_stake(int(pol[p, P_KIND]), pol[p, P_PARAM], int(pol[p, P_MIN]), spread,
                      pb, pp, po, mult, pot, chips, state)
    if s < min_req:
        s = min_req
    return s


@njit(cache=True, nogil=True, _nrt=False)
def _wants_split(p, rnd, c1, c2, pot, chips, ante, st, total, pol, state):
    """Split a pair (R-I4) when the seat's own policy expects the two new hands to win more
    than the extra ante: ``2 * sum_x P(x) stake(x) EV(x) > ante`` over the new second card
    (the scratch counts hold what the seat cannot see)."""
    kind = int(pol[p, P_KIND])
    if kind == RANDOM:
        return _draw_below(state, 2) == 1
    if total < 2:
        return False
    v = (c1 >> 2) + 2
    gain = 0.0
    for r in range(13):
        if st[ST_U + r] == 0:
            continue
        prob = st[ST_U + r] / total
        st[ST_U + r] -= 1
        w = r + 2
        lo = v if v < w else w
        hi = v if v > w else w
        pb, pp, po = _gap_probs_at(lo, hi, st, ST_U, total - 1)
        st[ST_U + r] += 1
        s = _policy_stake(kind, pol[p, P_PARAM], int(pol[p, P_MIN]), _spread(lo, hi), pb, pp, po,
                          2, pot, chips - ante, state)
        gain += prob * s * (pb - po - 2.0 * pp)
    return 2.0 * gain > ante


# --- one hand, one turn, one round -------------------------------------------------------------
@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _play_hand(p, c1, c2, c3, low_ok, mult, stage, rules, st, pol, state, seat_out, game_out):
    """Posts ``c1`` (first card), ``c2``; ``c3`` a third post held (three posts) or -1.
    The seat decides, and a stake meets the next card.  Returns the stake."""
    pot = st[ST_POT]
    chips = st[ST_CHIPS + p]
    cap = pot if pot < chips else chips
    if cap <= 0:
        return 0
    _ensure_stack(st, game_out)
    if c3 < 0 and pol[p, P_COUNT] == 0.0:
        low, high, pb, pp, po = _posts_no_count(c1, c2, low_ok)
    else:
        total = _unknown(st, pol[p, P_COUNT] != 0.0, c1, c2, c3)
        low, high, pb, pp, po = _best_posts(st, c1, c2, low_ok, total, mult)
    ante = rules[R_ANTE]
    min_req = 0
    if stage == 2 or rules[R_MIN_STAKE]:
        min_req = ante if ante < cap else cap
    seat_out[p, S_DECISIONS] += 1
    stake = _decide(p, stage, st[ST_ROUND], low, high, _spread(low, high), pb, pp, po, mult,
                    pot, chips, ante, min_req, pol, state)
    if stake <= 0:
        return 0
    _reveal(st, c1)
    _reveal(st, c2)
    third = _deal(st, 1, state, game_out)
    outcome, delta = _settle(low, high, (third >> 2) + 2, stake, mult, chips)
    st[ST_LIVE + third] = 0
    st[ST_CHIPS + p] = chips + delta
    st[ST_POT] = pot - delta
    seat_out[p, S_STAKES] += 1
    seat_out[p, S_STAKED] += stake
    if outcome == BETWEEN:
        seat_out[p, S_BETWEEN] += 1
        if stake == pot:
            seat_out[p, S_WHOLE_POT] += 1
    elif outcome == OUTSIDE:
        seat_out[p, S_OUTSIDE] += 1
    elif outcome == POST:
        seat_out[p, S_POST] += 1
    return stake


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def _turn(p, rules, st, pol, state, seat_out, game_out):
    """Seat ``p``'s turn: its second card (or two more in three posts), pairs, one or two hands.

    One call site of :func:`_play_hand` (a loop over the turn's hands), so that both inline.
    """
    low_ok = rules[R_LOW_ACE] != 0
    three = rules[R_THREE_POSTS] != 0
    c1 = st[ST_FIRST + p]
    c3 = -1
    split = False
    if three:
        c2 = _deal(st, 1, state, game_out)
        c3 = _deal(st, 1, state, game_out)
    elif rules[R_HIDDEN]:
        c2 = st[ST_SECOND + p]
    else:
        c2 = _deal(st, 1, state, game_out)
    pairs = rules[R_PAIRS]
    if pairs != PAIRS_NONE:
        _ensure_stack(st, game_out)
        total = _unknown(st, pol[p, P_COUNT] != 0.0, c1, c2, -1)
        low, high, pb, pp, po = _best_posts(st, c1, c2, low_ok, total, 2)
        ante = rules[R_ANTE]
        chips = st[ST_CHIPS + p]
        if pairs == PAIRS_ANTE_BACK and high - low <= 1:
            back = ante if ante < st[ST_POT] else st[ST_POT]
            st[ST_CHIPS + p] = chips + back
            st[ST_POT] -= back
            seat_out[p, S_ANTE_BACK] += 1
            _reveal(st, c1)
            _reveal(st, c2)
            _release(st, c1, c2, -1)
            return
        if (pairs == PAIRS_SPLIT and low == high and chips > ante
                and _wants_split(p, st[ST_ROUND], c1, c2, st[ST_POT], chips, ante, st, total,
                                 pol, state)):
            st[ST_CHIPS + p] = chips - ante
            st[ST_POT] += ante
            seat_out[p, S_SPLITS] += 1
            _reveal(st, c1)
            _reveal(st, c2)
            split = True
    n_hands = 2 if (three or split) else 1
    for h in range(n_hands):
        if h > 0 and st[ST_POT] <= 0:
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
        _play_hand(p, a, b, c, low_h, mult, stage, rules, st, pol, state, seat_out, game_out)
        if split:
            st[ST_LIVE + b] = 0
    _release(st, c1, c2, c3)


@njit(cache=True, nogil=True, _nrt=False)
def _deck_ready(rules, st, need, game_out):
    """Round start: shuffle (every round), or in the twice-through variant go on with the
    stack, shuffling everything once when it cannot give everyone a card.  False: the deck is
    through twice and the dealer's game is over."""
    if not rules[R_TWO_PASS]:
        _full_shuffle(st, game_out)
        return True
    if st[ST_RUNOUTS] >= 2 or st[ST_END]:
        return False
    if 52 - st[ST_TOP] < need:
        if st[ST_RUNOUTS] >= 1:
            return False
        _full_shuffle(st, game_out)
        st[ST_RUNOUTS] = 1
    return True


@njit(cache=True, nogil=True, _nrt=False)
def _round(n_order, rules, st, pol, state, seat_out, game_out):
    """First cards to the ``n_order`` seats of ``st[ST_ORDER:]``, then each turn in that order
    (R-I3); hidden cards: both cards first."""
    face_up = 0 if rules[R_HIDDEN] else 1
    for i in range(n_order):
        p = st[ST_ORDER + i]
        st[ST_FIRST + p] = _deal(st, face_up, state, game_out)
    if not face_up:
        for i in range(n_order):
            p = st[ST_ORDER + i]
            st[ST_SECOND + p] = _deal(st, 0, state, game_out)
    done = n_order
    for i in range(n_order):
        _turn(st[ST_ORDER + i], rules, st, pol, state, seat_out, game_out)
        if st[ST_POT] <= 0:
            done = i + 1
            break
    # every turn released its cards; the game may have ended before the last ones: between
    # rounds nothing is on the table
    for j in range(done, n_order):
        q = st[ST_ORDER + j]
        st[ST_LIVE + st[ST_FIRST + q]] = 0
        if not face_up:
            st[ST_LIVE + st[ST_SECOND + q]] = 0
    if rules[R_TWO_PASS] and st[ST_RUNOUTS] >= 2:
        st[ST_END] = 1
    game_out[G_ROUNDS] += 1


@njit(cache=True, nogil=True, _nrt=False)
def _held(rules, st):
    """Chips of every seat plus the pot."""
    held = st[ST_POT]
    for i in range(rules[R_PLAYERS]):
        held += st[ST_CHIPS + i]
    return held


@njit(cache=True, nogil=True, _nrt=False)
def _dealer_game(dealer, rules, st, pol, state, seat_out, game_out):
    """One dealer's game (R-I3); returns the dealer's result (pot taken minus pot opened)."""
    n = rules[R_PLAYERS]
    total_chips = _held(rules, st)
    chips_d = st[ST_CHIPS + dealer]
    opening = rules[R_POT] if rules[R_POT] < chips_d else chips_d
    st[ST_CHIPS + dealer] = chips_d - opening
    st[ST_POT] = opening
    st[ST_RUNOUTS] = 0
    st[ST_END] = 0
    if rules[R_TWO_PASS]:
        _full_shuffle(st, game_out)
    r = 0
    while st[ST_POT] > 0:
        if rules[R_TWO_PASS]:
            if r >= MAX_TWO_PASS_ROUNDS:
                break
        elif r >= rules[R_ROUNDS]:
            break
        k = 0
        for j in range(1, n):
            p = (dealer + j) % n
            if st[ST_CHIPS + p] > 0:
                st[ST_ORDER + k] = p
                k += 1
        if k == 0 or not _deck_ready(rules, st, k, game_out):
            break
        st[ST_ROUND] = r
        _round(k, rules, st, pol, state, seat_out, game_out)
        r += 1
        if _held(rules, st) != total_chips:
            game_out[G_CONSERVATION_ERRORS] += 1
    if st[ST_POT] == 0 and opening > 0:
        game_out[G_WHOLE_POT] += 1
    result = st[ST_POT] - opening
    st[ST_CHIPS + dealer] += st[ST_POT]
    st[ST_POT] = 0
    seat_out[dealer, S_DEALER_NET] += result
    seat_out[dealer, S_DEALER_NET_SQ] += result * result
    seat_out[dealer, S_DEALER_GAMES] += 1
    game_out[G_GAMES] += 1
    if result < 0:
        game_out[G_DEALER_LOSES] += 1
    if _held(rules, st) != total_chips:
        game_out[G_CONSERVATION_ERRORS] += 1
    return result


@njit(cache=True, nogil=True, _nrt=False)
def _ante_game(dealer, rules, st, pol, state, seat_out, game_out):
    """One pot game of the ante-for-everyone variant (R-I4); returns the next dealer."""
    n = rules[R_PLAYERS]
    ante = rules[R_ANTE]
    total_chips = _held(rules, st)
    st[ST_POT] = 0
    st[ST_RUNOUTS] = 0
    st[ST_END] = 0
    if rules[R_TWO_PASS]:
        _full_shuffle(st, game_out)
    k = 0  # players of the last round played; st[ST_ORDER:] keeps them for the split
    r = 0
    won = False
    while r < rules[R_ROUNDS]:
        able = 0
        for j in range(n):
            if st[ST_CHIPS + j] >= ante:
                able += 1
        if able < 2 or not _deck_ready(rules, st, able, game_out):
            break
        k = 0
        for j in range(1, n + 1):  # from the dealer's left; the dealer plays last
            p = (dealer + j) % n
            if st[ST_CHIPS + p] >= ante:
                st[ST_ORDER + k] = p
                k += 1
        for i in range(k):
            st[ST_CHIPS + st[ST_ORDER + i]] -= ante
        st[ST_POT] += k * ante
        st[ST_ROUND] = r
        _round(k, rules, st, pol, state, seat_out, game_out)
        r += 1
        if _held(rules, st) != total_chips:
            game_out[G_CONSERVATION_ERRORS] += 1
        if st[ST_POT] <= 0:
            won = True
            break
        dealer = (dealer + 1) % n
    if won:
        game_out[G_WHOLE_POT] += 1
    elif st[ST_POT] > 0:
        # stop and split (R-I4): equal shares among the last round's players (the order array
        # still holds them), odd chips one each from the dealer's left
        share = st[ST_POT] // k
        rest = st[ST_POT] - share * k
        for i in range(k):
            st[ST_CHIPS + st[ST_ORDER + i]] += share + (1 if i < rest else 0)
        st[ST_POT] = 0
        game_out[G_SPLIT_POTS] += 1
    game_out[G_GAMES] += 1
    if _held(rules, st) != total_chips:
        game_out[G_CONSERVATION_ERRORS] += 1
    return (dealer + 1) % n


@njit(cache=True, nogil=True)
def _engine(games, rules, pol, state, seat_out, game_out):
    """Play ``games`` trials; add per-seat and per-batch statistics into the outputs."""
    n = rules[R_PLAYERS]
    st = np.zeros(ST_SIZE, dtype=np.int64)
    for i in range(52):
        st[ST_DECK + i] = i
    for _ in range(games):
        for i in range(n):
            st[ST_CHIPS + i] = rules[R_CHIPS]
        dealer = 0
        dealer_total = 0
        for _d in range(rules[R_DEALS]):
            if rules[R_ANTE_ALL]:
                dealer = _ante_game(dealer, rules, st, pol, state, seat_out, game_out)
            else:
                dealer_total += _dealer_game(dealer, rules, st, pol, state, seat_out, game_out)
                dealer = (dealer + 1) % n
        for i in range(n):
            chips = st[ST_CHIPS + i]
            net = chips - rules[R_CHIPS]
            seat_out[i, S_NET] += net
            seat_out[i, S_NET_SQ] += net * net
            if chips == 0:
                seat_out[i, S_BUSTS] += 1
        game_out[G_DEALER_SUM] += dealer_total
        game_out[G_DEALER_SQ] += dealer_total * dealer_total


# --- the Python path -----------------------------------------------------------------------------
#: Every function on a path from _engine to _decide or _wants_split, innermost first.
_CHAIN = ("_play_hand", "_turn", "_round", "_dealer_game", "_ante_game", "_engine")


def python_engine(decide, wants_split):
    """This module's engine as plain Python, with ``_decide`` and ``_wants_split`` bound to the
    given Python callables (same signatures); the helpers off that path stay compiled.

    >>> eng = python_engine(_decide, _wants_split)
    >>> eng.__name__
    '_engine'
    """
    namespace = dict(globals())
    namespace["_decide"] = decide
    namespace["_wants_split"] = wants_split
    for name in _CHAIN:
        py = globals()[name].py_func
        namespace[name] = types.FunctionType(py.__code__, namespace, name, py.__defaults__)
    return namespace["_engine"]
