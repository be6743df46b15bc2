"""The compiled blocks of a whole evening, shared by every game's evening kernel.

An *evening* is hands played one after another on one table (:mod:`simkit.games.table`)
with the chips carried over (R-E1): a player with no chips is out for the rest of it, the
deal passes left among the players still in, and the game's end rule (R-E3 to R-E5) says when
it is over; whoever has the most chips wins it, a tie for the most shares the win (R-E6).

Each game's ``engine.py`` has one kernel ``_play_evenings(count, stacks, end, game, rng, work,
record, outs, log)`` that plays ``count`` evenings with its own ``_play_hand`` and these
blocks:

- :func:`begin_evening` seats everyone with ``stacks`` chips and draws the first dealer
  uniformly at random from the evening's stream (the seating is the order of the players;
  drawing the first dealer is what keeps a strategy from gaining by its seat);
- :func:`after_hand` marks the players who went broke, counts the deal and adds the chip
  counts of this deal into the per-deal bands;
- :func:`finish_evening` adds the evening's end into the statistics ``outs``;
- :func:`log_hand` writes one row of the hand-by-hand log (``log`` with no rows: no log).

``outs`` is the tuple of summable arrays named by :data:`OUT_NAMES`, made by
:func:`new_outs`; per-deal arrays cover the first ``band_deals`` deals: ``band`` and ``lead``
count the evenings still running after deal ``d``, ``band_end`` and ``lead_end`` the final
chips of those that ended after deal ``d``, which count at every later deal (their cumulative
sum over deals: what a player takes home), so that a short evening costs no more than its
deals.
``end`` is the int64 vector of the end rule (``END_*``).

>>> outs = new_outs(seats=3, strategies=2, band_deals=4, chips=300)
>>> [a.shape for a in outs[:2]]
[(3,), (3,)]
>>> len(outs) == len(OUT_NAMES)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..jit import lean, njit
from ..rng import draw_below
from .table import (
    REC_DEALER,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_CARRIED,
    TABLE_DEAL,
    TABLE_IN,
    TABLE_SEATS,
    TABLE_SIZE,
    TABLE_STACK,
    next_dealer,
    seats_in,
    set_table,
    table_chips,
)

__all__ = [
    "GAMES",
    "GAME_DIABLO",
    "GAME_IN_BETWEEN",
    "GAME_RAZZ",
    "GAME_TRIPLE_DRAW",
    "EveningKernel",
    "END_DEALS",
    "END_KIND",
    "END_LAST_PLAYER",
    "END_MAX_DEALS",
    "END_MIN_PLAYERS",
    "END_SERIES",
    "END_SIZE",
    "END_TURNS",
    "LOG_CARRIED",
    "LOG_DEAL",
    "LOG_DEALER",
    "LOG_EVENING",
    "LOG_GAME",
    "LOG_HEAD",
    "LOG_OUTCOME",
    "LOG_PLAYERS",
    "LOG_POT",
    "OUT_NAMES",
    "RC_RUNAWAY",
    "after_hand",
    "begin_evening",
    "evening_scratch",
    "chip_bin",
    "finish_evening",
    "log_columns",
    "log_hand",
    "new_evening",
    "keep_stacks",
    "n_bins",
    "new_outs",
    "run_evenings",
]

#: The games an evening can be played in, by their ``LOG_GAME`` id.
GAMES = ("diablo", "triple-draw", "razz", "in-between")
GAME_DIABLO, GAME_TRIPLE_DRAW, GAME_RAZZ, GAME_IN_BETWEEN = range(4)

# The end rule ``end`` (int64[END_SIZE]).
END_KIND = 0  # END_LAST_PLAYER, END_SERIES or END_TURNS
END_DEALS = 1  # the agreed number of deals (0: none, play to the last player); turns: dealer's games each
END_MIN_PLAYERS = 2  # fewest players with chips for a new hand (Diablo: 3, R-E4)
END_MAX_DEALS = 3  # a guard against a runaway evening: exceeding it is an error, never an end
END_SIZE = 4

END_LAST_PLAYER = 0  # R-E3: until one player has chips, or after the agreed deals
END_SERIES = 1  # R-E4: after the agreed deals, a running Diablo series finished
END_TURNS = 2  # R-E5: every player deals the agreed number of dealer's games

RC_RUNAWAY = -100  # an evening ran past END_MAX_DEALS deals

#: Names of the arrays of ``outs`` (summable per chunk), in order.
OUT_NAMES = (
    "win",  # float64[seats]: share of the evening's win (R-E6: k tied for the most share)
    "win_sq",
    "final",  # float64[seats]: chips at the end
    "final_sq",
    "final_hist",  # int64[seats, bins]: chips at the end, binned (chip_bin)
    "broke",  # int64[seats]: evenings in which the seat went broke
    "broke_deal",  # float64[seats]: sum of the deal at which it went broke (1 = first deal)
    "broke_deal_sq",
    "strategy_win",  # float64[strategies]: per evening the mean win share of its seats
    "strategy_win_sq",
    "strategy_final",
    "strategy_final_sq",
    "strategy_broke",
    "strategy_broke_sq",
    "length",  # float64[3]: sum of deals, their squares, sum of hands (Diablo: deals too)
    "length_hist",  # int64[LENGTH_BINS]: evenings by deals played (last bin: that many or more)
    "overtime",  # float64[2]: deals played past the agreed number (Diablo), and squares
    "overtime_hist",  # int64[LENGTH_BINS]
    "anyone_broke",  # int64[1]: evenings in which someone went broke
    "band",  # int64[band_deals, seats, bins]: chips after deal d, binned
    "lead",  # float64[band_deals, seats]: the win share had the evening ended after deal d
    "errors",  # int64[2]: hands with an error code, chip-conservation failures
    "seat_deals",  # float64[seats]: deals the seat was in (to its going broke or the end)
    "band_end",  # int64[band_deals, seats, bins]: final chips of evenings that ended after deal d
    "lead_end",  # float64[band_deals, seats]: their win shares
)

LENGTH_BINS = 32768
#: Chip bins of the histograms: exact chips when the table holds fewer chips than this.
MAX_BINS = 128

# The hand-by-hand log: a head per hand, then per seat the stack before, the forced bet posted
# (ante, blinds, bring-in, a dealer's pot: what the game's rules made the seat put in before any
# choice) and the stack after.
LOG_EVENING = 0
LOG_DEAL = 1  # 1 = the evening's first deal
LOG_GAME = 2  # the game played (dealer's choice; else the game's own id)
LOG_DEALER = 3
LOG_POT = 4
LOG_OUTCOME = 5
LOG_PLAYERS = 6  # players dealt in
LOG_CARRIED = 7  # chips left in the middle after the hand (Diablo's pot)
LOG_HEAD = 8


def log_columns(seats: int) -> int:
    """Columns of a log row for ``seats`` seats."""
    return LOG_HEAD + 3 * seats


def n_bins(chips: int) -> int:
    """Bins of the chip histograms of a table holding ``chips`` chips."""
    return int(min(chips + 1, MAX_BINS))


def new_outs(seats: int, strategies: int, band_deals: int, chips: int) -> tuple:
    """Zeroed statistics of evenings at a table of ``seats`` seats with ``chips`` chips in
    all, ``strategies`` distinct strategies and per-deal bands over ``band_deals`` deals."""
    b = n_bins(chips)
    shapes = {
        "final_hist": ((seats, b), np.int64),
        "broke": ((seats,), np.int64),
        "length": ((3,), np.float64),
        "length_hist": ((LENGTH_BINS,), np.int64),
        "overtime": ((2,), np.float64),
        "overtime_hist": ((LENGTH_BINS,), np.int64),
        "anyone_broke": ((1,), np.int64),
        "band": ((band_deals, seats, b), np.int64),
        "lead": ((band_deals, seats), np.float64),
        "band_end": ((band_deals, seats, b), np.int64),
        "lead_end": ((band_deals, seats), np.float64),
        "errors": ((2,), np.int64),
    }
    out = []
    for name in OUT_NAMES:
        if name in shapes:
            shape, dtype = shapes[name]
        elif name.startswith("strategy_"):
            shape, dtype = (strategies,), np.float64
        else:
            shape, dtype = (seats,), np.float64
        out.append(np.zeros(shape, dtype=dtype))
    return tuple(out)


@njit(cache=True, inline="always")
def chip_bin(chips, total, bins):
    """The histogram bin of ``chips`` on a table of ``total`` chips: bin 0 is no chips, the
    last bin all of them, the bins between share the counts between evenly (one count per bin
    when the table holds fewer than ``bins`` chips)."""
    if chips <= 0:
        return 0
    if chips >= total:
        return bins - 1
    return 1 + (chips - 1) * (bins - 2) // (total - 1)


@njit(cache=True, inline="always")
def begin_evening(table, stacks, rng_first_dealer):
    """Seat everyone with ``stacks`` (int64[seats]) and ``rng_first_dealer`` as the first
    dealer (moved on to the next seat still in if that one has no chips)."""
    set_table(table, stacks, rng_first_dealer)
    if table[TABLE_IN + rng_first_dealer] == 0:
        next_dealer(table)


@njit(cache=True, inline="always")
def evening_scratch(stacks, outs):
    """The scratch of an evening loop at a table of ``stacks``: ``(table, broke_at, before,
    forced, share, tmp, errors, total)``: the table, per seat the deal it went broke at, its
    chips before the hand, the forced chips it posted and its win share, a per-strategy
    table, the error counter of ``outs`` and the chips on the table."""
    n = stacks.shape[0]
    total = 0
    for s in range(n):
        total += stacks[s]
    return (
        np.zeros(TABLE_SIZE, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.float64),
        np.zeros((outs[8].shape[0], 4), dtype=np.float64),
        outs[21],
        total,
    )


@njit(cache=True, inline="always")
def new_evening(table, stacks, broke_at, rng):
    """Start the next evening: everyone seated with ``stacks``, the first dealer drawn from
    ``rng``, nobody broke."""
    begin_evening(table, stacks, draw_below(rng, stacks.shape[0]))
    for s in range(stacks.shape[0]):
        broke_at[s] = 0


@njit(cache=True, inline="always")
def _shares(table, share):
    """Win shares (R-E6) of the table as it stands: 1/k to each of the k players with most chips."""
    n = table[TABLE_SEATS]
    top = -1
    for s in range(n):
        if table[TABLE_STACK + s] > top:
            top = table[TABLE_STACK + s]
    k = 0
    for s in range(n):
        if table[TABLE_STACK + s] == top:
            k += 1
    each = 1.0 / k  # one division, not one per seat (a deal of In-Between is some 300 ns)
    for s in range(n):
        share[s] = each if table[TABLE_STACK + s] == top else 0.0


@njit(cache=True, inline="always")
def after_hand(table, broke_at, total, outs, share):
    """Book a hand just played: count the deal, mark the players who went broke in it (out
    from now on, ``broke_at[s]`` the deal), add the deal's chips into the bands.  Returns the
    players still in."""
    band = outs[19]
    lead = outs[20]
    table[TABLE_DEAL] += 1
    deal = table[TABLE_DEAL]
    n = table[TABLE_SEATS]
    k = 0
    for s in range(n):
        if table[TABLE_IN + s] and table[TABLE_STACK + s] <= 0:
            table[TABLE_IN + s] = 0
            broke_at[s] = deal
        k += table[TABLE_IN + s]
    d = deal - 1
    if d < band.shape[0]:
        bins = band.shape[2]
        _shares(table, share)
        for s in range(n):
            band[d, s, chip_bin(table[TABLE_STACK + s], total, bins)] += 1
            lead[d, s] += share[s]
    return k


@lean()
def finish_evening(table, broke_at, total, agreed, hands, strategy, outs, share, tmp):
    """Add an evening that has ended into ``outs``: win shares, final chips, broke, length
    (``hands`` hands played; deals past ``agreed`` count as overtime when ``agreed > 0``),
    and the bands of the deals after its end.  ``strategy[s]`` is the strategy index of seat
    ``s``; ``tmp`` float64[strategies, 4] scratch.

    Once an evening: compiled once (:func:`simkit.jit.lean`), not inlined, so the four games'
    evening kernels and Dealer's Choice share it instead of each compiling it again."""
    (
        win,
        win_sq,
        final,
        final_sq,
        final_hist,
        broke,
        broke_deal,
        broke_deal_sq,
        s_win,
        s_win_sq,
        s_final,
        s_final_sq,
        s_broke,
        s_broke_sq,
        length,
        length_hist,
        overtime,
        overtime_hist,
        anyone_broke,
        band,
        lead,
        errors,
        seat_deals,
        band_end,
        lead_end,
    ) = outs
    n = table[TABLE_SEATS]
    bins = final_hist.shape[1]
    deals = table[TABLE_DEAL]
    _shares(table, share)
    for i in range(tmp.shape[0]):
        for j in range(4):
            tmp[i, j] = 0.0
    went_broke = 0
    for s in range(n):
        c = table[TABLE_STACK + s]
        win[s] += share[s]
        win_sq[s] += share[s] * share[s]
        final[s] += c
        final_sq[s] += float(c) * float(c)
        final_hist[s, chip_bin(c, total, bins)] += 1
        k = strategy[s]
        tmp[k, 0] += 1.0
        tmp[k, 1] += share[s]
        tmp[k, 2] += c
        seat_deals[s] += broke_at[s] if broke_at[s] > 0 else deals
        if broke_at[s] > 0:
            broke[s] += 1
            broke_deal[s] += broke_at[s]
            broke_deal_sq[s] += float(broke_at[s]) * float(broke_at[s])
            tmp[k, 3] += 1.0
            went_broke = 1
    for k in range(tmp.shape[0]):
        if tmp[k, 0] > 0:
            w = tmp[k, 1] / tmp[k, 0]
            f = tmp[k, 2] / tmp[k, 0]
            b = tmp[k, 3] / tmp[k, 0]
            s_win[k] += w
            s_win_sq[k] += w * w
            s_final[k] += f
            s_final_sq[k] += float(f) * float(f)
            s_broke[k] += b
            s_broke_sq[k] += float(b) * float(b)
    anyone_broke[0] += went_broke
    length[0] += deals
    length[1] += float(deals) * float(deals)
    length[2] += hands
    last = length_hist.shape[0] - 1
    length_hist[min(deals, last)] += 1
    if agreed > 0:
        over = max(deals - agreed, 0)
        overtime[0] += over
        overtime[1] += float(over) * float(over)
        overtime_hist[min(over, last)] += 1
    if deals < band_end.shape[0]:  # the deals after its end count its final chips: a cumulative sum
        for s in range(n):
            band_end[deals, s, chip_bin(table[TABLE_STACK + s], total, bins)] += 1
            lead_end[deals, s] += share[s]


@lean()
def log_hand(log, row, evening, game_id, record, before, forced, table):
    """Write hand ``row`` of ``log`` (when it has room; returns ``row + 1`` either way):
    the head from ``record`` (:mod:`simkit.games.table`'s common hand record) and per seat the
    stack ``before`` the hand, the ``forced`` chips posted and the stack after.  Compiled once
    and shared, as :func:`finish_evening`."""
    if row < log.shape[0]:
        n = table[TABLE_SEATS]
        log[row, LOG_EVENING] = evening
        log[row, LOG_DEAL] = table[TABLE_DEAL]
        log[row, LOG_GAME] = game_id
        log[row, LOG_DEALER] = record[REC_DEALER]
        log[row, LOG_POT] = record[REC_POT]
        log[row, LOG_OUTCOME] = record[REC_OUTCOME]
        log[row, LOG_PLAYERS] = record[REC_PLAYERS]
        log[row, LOG_CARRIED] = table[TABLE_CARRIED]
        for s in range(n):
            log[row, LOG_HEAD + s] = before[s]
            log[row, LOG_HEAD + n + s] = forced[s]
            log[row, LOG_HEAD + 2 * n + s] = table[TABLE_STACK + s]
    return row + 1


@njit(cache=True, inline="always")
def keep_stacks(table, before):
    """Copy the stacks of ``table`` into ``before`` (the log's stacks before a hand)."""
    for s in range(table[TABLE_SEATS]):
        before[s] = table[TABLE_STACK + s]


@njit(cache=True, inline="always")
def _ended(table, end):
    """Whether the evening is over before the next deal (R-E3, R-E4)."""
    n_in = seats_in(table)
    agreed = end[END_DEALS]
    over_time = agreed > 0 and table[TABLE_DEAL] >= agreed
    if end[END_KIND] == END_SERIES and table[TABLE_CARRIED] > 0:
        return n_in == 0  # a running series is finished by those left (R-E4)
    return n_in < end[END_MIN_PLAYERS] or over_time


@njit(cache=True, inline="always")
def run_evenings(play, forced_of, game_id, count, stacks, end, strategy, game, rng, work, record, outs, log):
    """Play ``count`` evenings of the game whose hand kernel is ``play`` (its ``_play_hand``)
    to the end rule ``end`` (``END_LAST_PLAYER`` or ``END_SERIES``), adding them into
    ``outs`` and logging their hands into ``log`` (no rows: no log).

    ``forced_of(work, seats, forced)`` writes the forced chips each seat posted in the hand
    just played (for the log).  A game kernel passes its functions by name, so it is compiled,
    and cached, with them.  Returns the log rows wanted (more than ``log`` holds: call again
    with a larger one), or a negative error code: the hand kernel's, or :data:`RC_RUNAWAY`.
    """
    n = stacks.shape[0]
    table, broke_at, before, forced, share, tmp, errors, total = evening_scratch(stacks, outs)
    row = 0
    for e in range(count):
        new_evening(table, stacks, broke_at, rng)
        while not _ended(table, end):
            if table[TABLE_DEAL] >= end[END_MAX_DEALS]:
                return RC_RUNAWAY
            keep_stacks(table, before)
            rc = play(table, game, rng, work, record)
            if rc < 0:
                errors[0] += 1
                return rc
            after_hand(table, broke_at, total, outs, share)
            if table_chips(table) != total:
                errors[1] += 1
            if log.shape[0] > 0:
                forced_of(work, n, forced)
                row = log_hand(log, row, e, game_id, record, before, forced, table)
            next_dealer(table)
        finish_evening(table, broke_at, total, end[END_DEALS], table[TABLE_DEAL], strategy, outs, share, tmp)
    return row


@dataclass(frozen=True)
class EveningKernel:
    """A game's evening kernel set up for one table: made by the game's
    ``jobs.evening_kernel(players, rules, log_capacity=...)``, one per thread (``work`` is
    scratch).

    ``play`` is the game's compiled ``_play_evenings(count, stacks, end, strategy, game, rng,
    work, record, outs, log)``; ``end_kind`` its end rule (``END_*``), ``min_players`` the
    fewest players with chips a new hand needs, ``game_id`` its id in :data:`GAMES`.
    """

    play: Callable
    game: tuple
    work: tuple
    record: np.ndarray
    end_kind: int
    min_players: int
    game_id: int

    def __call__(self, count, stacks, end, strategy, rng, outs, log) -> int:
        return int(self.play(count, stacks, end, strategy, self.game, rng, self.work, self.record, outs, log))
