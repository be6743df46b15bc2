"""One Diablo deal and the Diablo rule, compiled, on the betting engine of :mod:`simkit.poker`.

A deal (:func:`_play_deal`) goes as the rules say (diablo.de.txt, "Ablauf eines Spiels"):

1. every seat with chips antes (none when the pot is a Diablo pot, R-D4/R-D5) and gets five
   cards, dealt from the dealer's left; seats without chips are out (R-P4);
2. the first betting round starts left of the dealer; the first bet makes the opener (R-D3).
   If everybody checks the deal is void: the pot stays for the next deal (R-D4);
3. the players still in draw, from the dealer's left: each keeps what its draw policy keeps
   (:mod:`.keeps`; 0-2 cards, R-D6; the draw-three variant up to 3, or 4 keeping an ace).
   When the stub runs short (only possible drawing three), the discards of the players who
   already drew are shuffled into a new stub; a player's own discards are not among them;
4. the second round starts with the opener, or the next player still in on their left
   (R-D3, ``FIRST_OPENER``);
5. showdown with the deuces-wild evaluator; side pots, ties and the odd chip by
   :mod:`simkit.poker.pots` (R-D7, R-P3).

The Diablo rule (:func:`_diablo_rule`, R-D5): an opener who wins no share of the pot, also
after folding, pays a new pot equal to the pot just won (at most the cap, at most their
chips); the next deal is played for it without ante.

Decisions: the opening decision follows the seat's opening threshold (:mod:`.strategies`):
open when the hand as dealt reaches ``open_floor`` (or, below it, with probability
``bluff``), else check; every other decision is the poker threshold rule on the seat's
*score* (before the draw the expected showdown share against two random hands of the
policy's keep, after it the final hand's share).  A *script* (rows ``seat, action, to``)
replaces all decisions, and fixed keeps replace the draw policy, to replay a given hand.

Examples
--------
:func:`simkit.games.diablo.play.play_deals` plays given or random deals from Python.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simkit.deck import _shuffle_prefix
from simkit.hands.kernels import _eval5_deuces_wild
from simkit.poker.actions import BET, CHECK, NO_ACTION
from simkit.poker.betting import _apply_legal, _legal, _n_in_hand, _post_antes, _pot, _reset, \
    _start_round
from simkit.poker.history import NO_SHOWDOWN, SHOWDOWN, VOID
from simkit.poker.pots import _pay, _settle
from simkit.poker.strategies import CHECK_CALL, P_SIZE, RANDOM, _decide, _view
from simkit.poker.table_state import L_AGG, L_MAX_TO, L_MIN_TO, S_LEVEL, S_OPENER, S_ROUND, \
    S_SEATS, S_TO_ACT, ST_ACTIVE, ST_ALL_IN, ST_OUT, STACK, STATUS
from simkit.rng import _uniform

from .draw import _hand_colex, _sort5

__all__ = ["pack_policy", "C_ANTE", "C_CAP", "C_DEALERS_CHOICE", "C_DIABLO", "C_DRAW3", "C_JACKS",
           "C_JJ_FLOOR", "C_MAX_DEALS", "C_SESSION", "ERR_SCRIPT", "N_CFG"]

# Configuration entries (int64 array ``cfg``).
C_ANTE = 0  # ante per seat (R-D6)
C_DIABLO = 1  # 1: the Diablo rule (R-D5); 0: plain deuces wild (Varianten)
C_CAP = 2  # cap on the Diablo pot, 0 = none (Varianten: Obergrenze)
C_DRAW3 = 3  # 1: draw up to three, four keeping an ace (Varianten: Mehr tauschen)
C_JACKS = 4  # 1: opening needs a pair of jacks or better (Varianten: Buben oder besser)
C_DEALERS_CHOICE = 5  # 1: after a series the deal passes left of who started it
C_SESSION = 6  # series per session (stacks carry over inside a session), 1 = fresh stacks
C_MAX_DEALS = 7  # safety: deals per series before it is abandoned
C_JJ_FLOOR = 8  # strength of the weakest pair of jacks
N_CFG = 9

ERR_SCRIPT = -10  # a scripted action belongs to another seat or the script ran out

VALUE_BITS = 26
VALUE_UNIT = 1.0 / (1 << VALUE_BITS)


def pack_policy(mask: np.ndarray, value: np.ndarray) -> np.ndarray:
    """The draw policy as one uint32 per hand: ``round(value * 2**26) << 5 | mask``.

    >>> pack_policy(np.array([3], dtype=np.uint8), np.array([0.5])).tolist()
    [1073741827]
    """
    v = np.round(np.clip(value, 0.0, 1.0) * (1 << VALUE_BITS)).astype(np.uint32)
    return (v << np.uint32(5)) | mask.astype(np.uint32)


@njit(cache=True)
def _opening(st, seat, pat, open_floor, bluff, cfg, params, rng):
    """The opening decision (R-D3) of a threshold player: open or check."""
    want = pat[seat] >= open_floor[seat]
    if not want and bluff[seat] > 0.0:
        want = _uniform(rng) < bluff[seat]
    if want and cfg[C_JACKS] != 0 and pat[seat] < cfg[C_JJ_FLOOR]:
        want = False
    if not want:
        return CHECK, 0
    to = np.int64(st[S_LEVEL] + params[seat, P_SIZE] * _pot(st) + 0.5)
    return BET, min(max(to, st[L_MIN_TO]), st[L_MAX_TO])


@njit(cache=True)
def _betting(st, kinds, params, scores, draws, rng, pat, open_floor, bluff, cfg,
             script, sp, force):
    """Play the current round to its end; return ``(players still in or an error, sp)``.

    ``force`` (int64[3]: seat, mode, done): the first time ``seat`` may open holding a hand
    below its opening threshold, it opens anyway (mode 1, a bluff) or checks (mode 2), and
    ``done`` is set; mode 0 = no forcing.
    """
    while True:
        seat = st[S_TO_ACT]
        if seat < 0:
            break
        _legal(st, seat)
        can_open = st[S_ROUND] == 0 and st[S_OPENER] < 0 and st[L_AGG] != NO_ACTION
        if script.shape[0] > 0:
            if sp >= script.shape[0] or script[sp, 0] != seat:
                return ERR_SCRIPT, sp
            action = script[sp, 1]
            to = script[sp, 2]
            sp += 1
        elif (can_open and force[1] != 0 and force[2] == 0 and seat == force[0]
              and pat[seat] < open_floor[seat]):
            force[2] = 1
            if force[1] == 1 and not (cfg[C_JACKS] != 0 and pat[seat] < cfg[C_JJ_FLOOR]):
                to = np.int64(st[S_LEVEL] + params[seat, P_SIZE] * _pot(st) + 0.5)
                action, to = BET, min(max(to, st[L_MIN_TO]), st[L_MAX_TO])
            else:
                action, to = CHECK, 0
        elif can_open and kinds[seat] != RANDOM and kinds[seat] != CHECK_CALL:
            action, to = _opening(st, seat, pat, open_floor, bluff, cfg, params, rng)
        else:
            _view(st, seat, draws)
            action, to = _decide(kinds, params, scores, st, rng, seat)
            if can_open and action == BET and cfg[C_JACKS] != 0 and pat[seat] < cfg[C_JJ_FLOOR]:
                action, to = CHECK, 0
        rc = _apply_legal(st, seat, action, to)
        if rc < 0:
            return rc, sp
    return _n_in_hand(st), sp


@njit(cache=True)
def _in_hand(st, s):
    x = st[STATUS + s]
    return x == ST_ACTIVE or x == ST_ALL_IN


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
def _draw_round(st, n, dealer, h, deck, pos, kmask, disc, draws, rng):
    """Every player still in draws, from the dealer's left (rules step 3).

    Seat ``s`` keeps the positions of its hand in ``kmask[s]`` (the policy's keep, or a
    fixed one); ``disc`` is scratch for the discards (at least 4 per seat).
    """
    src = deck
    spos = pos
    nd = 0
    for k in range(n):
        s = (dealer + 1 + k) % n
        if not _in_hand(st, s):
            continue
        m = kmask[s]
        need = 5
        for p in range(5):
            need -= (m >> p) & 1
        if spos + need > src.shape[0]:
            # The stub is short (drawing three): the earlier discards become the new stub.
            left = src.shape[0] - spos
            pile = np.empty(left + nd, dtype=np.int64)
            for j in range(left):
                pile[j] = src[spos + j]
            tail = disc[:nd].copy()
            _shuffle_prefix(tail, nd, rng)
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
def _play_deal(st, structure, cfg, stacks, dealer, dead, diablo_pot, players, tabs, deck,
               fixed_deck, fixed_keep, script, force, rng, h, pat, dd, final, scores, draws,
               payout, kmask, work):
    """Play one deal (module docstring) on ``st``; return ``(outcome, script position)``.

    ``players`` = (kinds, params, open_floor, bluff); ``tabs`` = (T, policy, final_value):
    the evaluator tables, the draw policy of every hand by colex number packed as
    ``value << 5 | keep mask`` (uint32, :func:`pack_policy`; one memory access per hand)
    and the post-draw score of every strength.  ``fixed_deck``
    (52 cards) replaces the shuffle when given.  Outcomes: ``NO_SHOWDOWN``, ``SHOWDOWN``,
    ``VOID`` or a negative error.  ``payout`` is what each seat won (credited to ``st``);
    ``pat``, ``dd`` and ``final`` hold each seat's strength as dealt (-1: not dealt in), its
    deuces as dealt and its final strength; ``kmask`` (int64[seats]) and ``work``
    (int64[5 + 4 * seats]) are scratch.  Only as many cards are shuffled as can be used.
    """
    kinds, params, open_floor, bluff = players
    T, policy, final_value = tabs
    n = st[S_SEATS]
    _reset(st, stacks, dealer, dead)
    if not diablo_pot:
        _post_antes(st, cfg[C_ANTE])
    n_dealt = 0
    for s in range(n):
        if st[STATUS + s] != ST_OUT:
            n_dealt += 1
    if fixed_deck.shape[0] == 52:
        for j in range(52):
            deck[j] = fixed_deck[j]
    else:
        m = n_dealt * (9 if cfg[C_DRAW3] != 0 else 7)  # five dealt, at most 4 (or 2) drawn
        _shuffle_prefix(deck, m if m < 52 else 52, rng)
    c = work[:5]
    disc = work[5:]
    pos = 0
    for k in range(n):
        s = (dealer + 1 + k) % n
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
        pat[s] = _eval5_deuces_wild(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4], T)
        if fixed_keep[s] < 0:
            _sort5(h, o)  # the policy's keep refers to the sorted hand
            code = policy[_hand_colex(h, o)]
            kmask[s] = code & 31
        else:
            for j in range(5):
                c[j] = h[o + j]
            _sort5(c, 0)
            code = policy[_hand_colex(c, 0)]
            kmask[s] = fixed_keep[s]
        scores[0, s] = (code >> 5) * VALUE_UNIT
    sp = 0
    _start_round(st, structure, 0, -1)
    n_in, sp = _betting(st, kinds, params, scores[0], draws[0], rng, pat, open_floor, bluff,
                        cfg, script, sp, force)
    if n_in < 0:
        return n_in, sp
    if st[S_OPENER] < 0:
        for s in range(n):
            payout[s] = 0
        return VOID, sp
    if n_in >= 2:
        _draw_round(st, n, dealer, h, deck, pos, kmask, disc, draws[1], rng)
        for s in range(n):
            if _in_hand(st, s):
                o = 5 * s
                final[s] = _eval5_deuces_wild(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4], T)
                scores[1, s] = final_value[final[s]]
        _start_round(st, structure, 1, -1)
        n_in, sp = _betting(st, kinds, params, scores[1], draws[1], rng, pat, open_floor,
                            bluff, cfg, script, sp, force)
        if n_in < 0:
            return n_in, sp
    _settle(st, final, payout)
    _pay(st, payout)
    return (SHOWDOWN if _n_in_hand(st) >= 2 else NO_SHOWDOWN), sp


@njit(cache=True)
def _diablo_rule(st, cfg, payout, stacks_out):
    """R-D5 after an opened deal: copy the stacks to ``stacks_out`` and return
    ``(opener, pot, penalty)``; ``penalty`` > 0 is the new pot the opener pays (taken from
    ``stacks_out``), 0 when the opener won a share (or the rule is off, or they have no
    chips: an opener short of chips pays all they have, capped by ``cfg[C_CAP]``)."""
    n = st[S_SEATS]
    pot = 0
    for s in range(n):
        pot += payout[s]
        stacks_out[s] = st[STACK + s]
    opener = st[S_OPENER]
    if cfg[C_DIABLO] == 0 or opener < 0 or payout[opener] > 0:
        return opener, pot, 0
    pay = pot
    if cfg[C_CAP] > 0 and pay > cfg[C_CAP]:
        pay = cfg[C_CAP]
    if pay > stacks_out[opener]:
        pay = stacks_out[opener]
    stacks_out[opener] -= pay
    return opener, pot, pay


@njit(cache=True)
def _next_dealer(stacks, dealer):
    """The next seat with chips left of ``dealer`` (the deal passes left)."""
    n = stacks.shape[0]
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if stacks[s] > 0:
            return s
    return (dealer + 1) % n

