"""Diablo series in batches: the compiled loop over deals, games and series, and its statistics.

A *deal* is one shuffle (void when everybody checks, R-D4); a *game* is an opened deal; a
*series* is the games from a normal pot up to the first game an opener wins (R-D5): a
series counts as one unit and each game in it counts too.  :func:`_series_kernel` plays
``n`` series and adds up summable statistics (:data:`COUNTS`, :data:`SUMS`, per seat
:data:`SEAT_SUMS`, by deuces dealt, histograms of series length and final pot, the mean pot
by game number, and the series result of a forced seat, tip D5).  Stacks start fresh every ``session`` series (1 = every series; then
every series starts with a dealer drawn at random, so that seats are alike); the deal passes
left after every deal (with dealer's choice: after a series, left of the player who dealt its
first game).  Chips are checked after every deal: stacks plus the pot on the
table always add up to the chips at the start.

Safety valves, counted in ``abandoned``: a series still running after ``max_deals`` deals
(players who never open), or one in which fewer than two players have chips left, ends;
the pot on the table is split among the players with chips (odd chips from the dealer's
left).  An opener who loses with no chips at all pays nothing and the series ends
(``short_end``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simkit.poker.history import SHOWDOWN, VOID
from simkit.poker.table_state import S_DEAD, STACK, TOTAL, _new_state
from simkit.memory import private_zeros
from simkit.rng import _draw_below

from .engine import (
    C_CAP,
    C_DEALERS_CHOICE,
    C_DIABLO,
    C_MAX_DEALS,
    C_SESSION,
    _diablo_rule,
    _next_dealer,
    _play_deal,
)

__all__ = ["COUNTS", "LEN_BINS", "MAX_LEN_BINS", "POT_BINS", "POT_GAMES", "SEAT_SUMS", "SUMS", "new_totals"]

#: Integer counters (``cnt``), in this order.
COUNTS = ("series", "games", "deals", "voids", "showdowns", "opener_wins", "penalties",
          "penalty_chips", "capped", "short_pay", "short_end", "abandoned", "sessions", "busts",
          "chip_errors", "errors", "max_deals")
#: Float sums (``acc``): ``x`` and ``x2`` pairs per series or per game.
SUMS = ("len", "len2", "deals", "deals2", "final_pot", "final_pot2", "first_pot", "first_pot2",
        "growth", "growth2", "opener_net", "opener_net2", "penalty", "penalty2", "pot", "pot2",
        "dead_to_opener", "dead_to_others", "forced", "forced_net", "forced_net2")
#: Per-seat float sums (``seat[s, k]``).
SEAT_SUMS = ("net", "net2", "opened", "open_net", "open_net2", "penalty", "dealt", "won",
             "series_opened")
LEN_BINS = 65  # games per series 1..63, last bin 64 or more
POT_BINS = 40  # final pot by powers of two: bin k holds 2**k <= pot < 2**(k+1)
POT_GAMES = 32  # mean pot of the k-th game of a series, k < 31; the last bin pools the rest

(K_SERIES, K_GAMES, K_DEALS, K_VOIDS, K_SHOWDOWNS, K_OPENER_WINS, K_PENALTIES, K_PENALTY_CHIPS,
 K_CAPPED, K_SHORT_PAY, K_SHORT_END, K_ABANDONED, K_SESSIONS, K_BUSTS, K_CHIP_ERRORS, K_ERRORS,
 K_MAX_DEALS) = range(len(COUNTS))
(A_LEN, A_LEN2, A_DEALS, A_DEALS2, A_FINAL, A_FINAL2, A_FIRST, A_FIRST2, A_GROWTH, A_GROWTH2,
 A_ONET, A_ONET2, A_PEN, A_PEN2, A_POT, A_POT2, A_DEAD_OPENER, A_DEAD_OTHERS, A_FORCED,
 A_FORCED_NET, A_FORCED_NET2) = range(len(SUMS))
(S_NET, S_NET2, S_OPENED, S_OPEN_NET, S_OPEN_NET2, S_PENALTY, S_DEALT, S_WON,
 S_SERIES_OPENED) = range(len(SEAT_SUMS))


MAX_LEN_BINS = 1025  # the longest series of a chunk, one-hot; the last bin pools 1024+


def new_totals(n_seats: int, total_chips: int) -> dict[str, np.ndarray]:
    """Zeroed statistic arrays for a table of ``n_seats`` with ``total_chips`` in play.

    Maxima cannot be added up, so each chunk marks its largest pot and its longest series in
    a one-hot histogram (``max_pot_hist``, ``max_len_hist``): after the runner adds the
    chunks, the highest bin that is not empty is the overall maximum.  The kernel updates them
    hand by hand, so they sit on cache lines of their own (:mod:`simkit.memory`).
    """
    return {
        "max_pot_hist": private_zeros(total_chips + 1, np.int64),
        "max_len_hist": private_zeros(MAX_LEN_BINS, np.int64),
        "cnt": private_zeros(len(COUNTS), np.int64),
        "acc": private_zeros(len(SUMS)),
        "seat": private_zeros((n_seats, len(SEAT_SUMS))),
        "deuce": private_zeros((5, 4)),
        "len_hist": private_zeros(LEN_BINS, np.int64),
        "pot_hist": private_zeros(POT_BINS, np.int64),
        "pot_game": private_zeros((POT_GAMES, 2)),
    }


@njit(cache=True)
def _split(stacks, amount, dealer):
    """Give ``amount`` to the players with chips, evenly, odd chips from the dealer's left."""
    n = stacks.shape[0]
    alive = 0
    for s in range(n):
        if stacks[s] > 0:
            alive += 1
    if alive == 0:
        stacks[dealer] += amount
        return
    share = amount // alive
    rest = amount - share * alive
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if stacks[s] > 0:
            stacks[s] += share
            if rest > 0:
                stacks[s] += 1
                rest -= 1


@njit(cache=True)
def _alive(stacks):
    k = 0
    for s in range(stacks.shape[0]):
        if stacks[s] > 0:
            k += 1
    return k


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
        seat[s, S_DEALT] += 1
        if payout[s] > 0:
            seat[s, S_WON] += 1
        d = dd[s]
        deuce[d, 0] += 1
        deuce[d, 1] += 1.0 if payout[s] > 0 else 0.0
        deuce[d, 2] += net
        deuce[d, 3] += net * net
    o_net = payout[opener] - st[TOTAL + opener] - pen
    seat[opener, S_OPENED] += 1
    seat[opener, S_OPEN_NET] += o_net
    seat[opener, S_OPEN_NET2] += o_net * o_net
    seat[opener, S_PENALTY] += pen
    acc[A_ONET] += o_net
    acc[A_ONET2] += o_net * o_net
    acc[A_POT] += pot
    acc[A_POT2] += pot * pot
    if dead > 0:
        if pot > 0:
            mine = dead * payout[opener] / pot
            acc[A_DEAD_OPENER] += mine
            acc[A_DEAD_OTHERS] += dead - mine


@njit(cache=True, nogil=True)
def _series_kernel(n_series, structure, cfg, start, players, tabs, force, rng,
                   cnt, acc, seat, deuce, len_hist, pot_hist, pot_game, max_pot_hist,
                   max_len_hist):
    """Play ``n_series`` Diablo series and add their statistics (module docstring)."""
    n = start.shape[0]
    st = _new_state(n, 0)
    deck = np.arange(52, dtype=np.int64)
    no_deck = np.zeros(0, dtype=np.int64)
    no_keep = -np.ones(n, dtype=np.int64)
    no_script = np.zeros((0, 3), dtype=np.int64)
    h = np.zeros(5 * n, dtype=np.int64)
    pat = np.zeros(n, dtype=np.int64)
    final = np.zeros(n, dtype=np.int64)
    scores = np.zeros((2, n))
    draws = np.zeros((2, n), dtype=np.int64)
    payout = np.zeros(n, dtype=np.int64)
    dd = np.zeros(n, dtype=np.int64)
    kmask = np.zeros(n, dtype=np.int64)
    work = np.zeros(5 + 4 * n, dtype=np.int64)
    stacks = start.copy()
    before = start.copy()
    opened_in_series = np.zeros(n, dtype=np.int64)
    frc = force.copy()
    total = 0
    for s in range(n):
        total += start[s]
    dealer = _draw_below(rng, n)
    in_session = cfg[C_SESSION]
    top_pot = 0
    top_len = 0
    for _ in range(n_series):
        if in_session >= cfg[C_SESSION] or _alive(stacks) < 2:
            for s in range(n):
                stacks[s] = start[s]
            in_session = 0
            cnt[K_SESSIONS] += 1
            if stacks[dealer] <= 0:
                dealer = _next_dealer(stacks, dealer)
        in_session += 1
        if cfg[C_SESSION] == 1:
            # independent series: every seat is equally likely to deal first
            dealer = _draw_below(rng, n)
        for s in range(n):
            before[s] = stacks[s]
            opened_in_series[s] = 0
        frc[2] = 0
        first_dealer = dealer
        dead = 0
        diablo_pot = False
        games = 0
        deals = 0
        first_pot = 0
        final_pot = 0
        max_pot = 0
        while True:
            if deals >= cfg[C_MAX_DEALS] or _alive(stacks) < 2:
                _split(stacks, dead, dealer)
                dead = 0
                cnt[K_ABANDONED] += 1
                if deals >= cfg[C_MAX_DEALS]:
                    cnt[K_MAX_DEALS] += 1
                break
            rc, _sp = _play_deal(st, structure, cfg, stacks, dealer, dead, diablo_pot, players,
                                 tabs, deck, no_deck, no_keep, no_script, frc, rng, h, pat,
                                 dd, final, scores, draws, payout, kmask, work)
            deals += 1
            cnt[K_DEALS] += 1
            if rc < 0:
                cnt[K_ERRORS] += 1
                for s in range(n):
                    stacks[s] = start[s]
                dead = 0
                break
            if rc == VOID:
                cnt[K_VOIDS] += 1
                dead = 0
                for s in range(n):
                    stacks[s] = st[STACK + s]
                    dead += st[TOTAL + s]
                dead += st[S_DEAD]  # the pot stays (R-D4)
                check = dead
                for s in range(n):
                    check += stacks[s]
                if check != total:
                    cnt[K_CHIP_ERRORS] += 1
                dealer = _next_dealer(stacks, dealer)
                continue
            opener, pot, pen = _diablo_rule(st, cfg, payout, stacks)
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
            opened_in_series[opener] = 1
            _record_game(st, n, opener, pot, pen, st[S_DEAD], payout, pat, dd, seat, deuce, acc)
            if payout[opener] > 0 or cfg[C_DIABLO] == 0:
                if payout[opener] > 0:
                    cnt[K_OPENER_WINS] += 1
                final_pot = pot
                dead = 0
                check = 0
                for s in range(n):
                    check += stacks[s]
                if check != total:
                    cnt[K_CHIP_ERRORS] += 1
                break
            if pen > 0:
                cnt[K_PENALTIES] += 1
                cnt[K_PENALTY_CHIPS] += pen
                acc[A_PEN] += pen
                acc[A_PEN2] += pen * pen
                if cfg[C_CAP] > 0 and pot > cfg[C_CAP] and pen == cfg[C_CAP]:
                    cnt[K_CAPPED] += 1
                if pen < pot and (cfg[C_CAP] == 0 or pen < cfg[C_CAP]):
                    cnt[K_SHORT_PAY] += 1
                if stacks[opener] == 0:
                    cnt[K_BUSTS] += 1
                dead = pen
                diablo_pot = True
                check = dead
                for s in range(n):
                    check += stacks[s]
                if check != total:
                    cnt[K_CHIP_ERRORS] += 1
                dealer = _next_dealer(stacks, dealer)
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
        acc[A_LEN2] += games * games
        acc[A_DEALS] += deals
        acc[A_DEALS2] += deals * deals
        if games > 0:
            acc[A_FINAL] += final_pot
            acc[A_FINAL2] += final_pot * final_pot
            acc[A_FIRST] += first_pot
            acc[A_FIRST2] += first_pot * first_pot
            growth = final_pot / first_pot if first_pot > 0 else 1.0
            acc[A_GROWTH] += growth
            acc[A_GROWTH2] += growth * growth
            b = 0
            while b < POT_BINS - 1 and (final_pot >> (b + 1)) > 0:
                b += 1
            pot_hist[b] += 1
        if frc[2] != 0:
            net = stacks[frc[0]] - before[frc[0]]
            acc[A_FORCED] += 1
            acc[A_FORCED_NET] += net
            acc[A_FORCED_NET2] += net * net
        for s in range(n):
            net = stacks[s] - before[s]
            seat[s, S_NET] += net
            seat[s, S_NET2] += net * net
            seat[s, S_SERIES_OPENED] += opened_in_series[s]
        if cfg[C_DEALERS_CHOICE] != 0:
            dealer = _next_dealer(stacks, first_dealer)
        else:
            dealer = _next_dealer(stacks, dealer)
    if n_series > 0:
        max_pot_hist[min(top_pot, max_pot_hist.shape[0] - 1)] += 1
        max_len_hist[min(top_len, max_len_hist.shape[0] - 1)] += 1
