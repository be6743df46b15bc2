"""Diablo evenings: deals with the chips carried over, to the end rule R-E4.

A plain Python referee, written from the rulings (R-E1, R-E2, R-E4, R-D4, R-D5, R-P4) and not
from the kernel, replays the log of every evening and checks each row: the stacks chain from
deal to deal, a broke player is never dealt in and posts nothing, every player with chips
antes min(ante, stack) unless the deal is played for a Diablo pot, the deal passes left to
the next player with chips, the carried pot is booked (stacks plus the pot in the middle are
always the chips of the start), and the evening ends exactly when R-E4 says: after the agreed
deals or when fewer than three players have chips, but never while a series runs (a pot is
carried); one player left with a pot carried takes it (the ``TAKES_CARRIED`` row), nobody
left with chips leaves the pot in the middle.  The statistics the kernel adds up (final chips,
wins, eliminations, length, overtime) are recomputed from the log.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from simkit.games.diablo.engine import ERR_END_RULE, TAKES_CARRIED
from simkit.games.diablo.jobs import evening_kernel, make_game
from simkit.games.diablo.rules import Rules
from simkit.games.diablo.strategies import players as player_arrays
from simkit.games.evening import (
    END_DEALS,
    END_KIND,
    END_LAST_PLAYER,
    END_MAX_DEALS,
    END_MIN_PLAYERS,
    END_SERIES,
    END_SIZE,
    GAME_DIABLO,
    LOG_CARRIED,
    LOG_DEAL,
    LOG_DEALER,
    LOG_EVENING,
    LOG_GAME,
    LOG_HEAD,
    LOG_OUTCOME,
    LOG_PLAYERS,
    LOG_POT,
    OUT_NAMES,
    RC_RUNAWAY,
    log_columns,
    new_outs,
)
from simkit.poker.history import NO_SHOWDOWN, SHOWDOWN, VOID
from simkit.rng import stream_state

OUT = {name: i for i, name in enumerate(OUT_NAMES)}
MIN_PLAYERS = 3  # R-E4: Diablo needs three players


def end_rule(agreed: int, max_deals: int = 100_000, kind: int = END_SERIES, least: int = 3) -> np.ndarray:
    end = np.zeros(END_SIZE, dtype=np.int64)
    end[END_KIND] = kind
    end[END_DEALS] = agreed
    end[END_MIN_PLAYERS] = least
    end[END_MAX_DEALS] = max_deals
    return end


def play(players, stacks, agreed, count, seed=1, rules=None, max_deals=100_000, rows=40_000):
    """Play ``count`` evenings; returns (rc, log rows, outs)."""
    n = len(players)
    stacks = np.asarray(stacks, dtype=np.int64)
    kernel = _kernel(players, rules)
    outs = new_outs(n, n, 4, int(stacks.sum()))
    log = np.zeros((rows, log_columns(n)), dtype=np.int64)
    rc = kernel(count, stacks, end_rule(agreed, max_deals), np.arange(n), stream_state(seed), outs, log)
    assert rc <= rows, "log too small"
    return rc, log[: max(rc, 0)], outs


def _kernel(players, rules):
    """:func:`evening_kernel`, also for tables it refuses (players who never open make the
    deterministic deals below: every deal void)."""
    try:
        return evening_kernel(players, rules, log_capacity=8)
    except ValueError:
        k = evening_kernel(["trips"] * len(players), rules, log_capacity=8)
        return replace(k, game=make_game(player_arrays(players), rules or Rules()))


# --- the referee -------------------------------------------------------------------------------


def evening_over(stacks, carried, deals, agreed) -> bool:
    """R-E4 before the next deal: a running series (a pot in the middle) is played to its end
    by those left, so the evening goes on while anyone has chips; otherwise it ends after the
    agreed deals or when fewer than three players have chips."""
    with_chips = sum(1 for c in stacks if c > 0)
    if carried > 0:
        return with_chips == 0
    return with_chips < MIN_PLAYERS or (agreed > 0 and deals >= agreed)


def next_left_with_chips(dealer, stacks):
    n = len(stacks)
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if stacks[s] > 0:
            return s
    raise AssertionError("nobody has chips to deal")


def referee_evening(rows, start, agreed, ante, diablo_rule=True):
    """Check one evening's log rows (module docstring); returns its summary."""
    n = len(start)
    total = sum(start)
    stacks = list(start)
    carried = 0
    diablo_pot = False  # the carried pot is a Diablo pot (no ante, R-D5)
    dealer = None
    deals = 0
    broke_at = [0] * n
    for i, row in enumerate(rows):
        before = [int(x) for x in row[LOG_HEAD : LOG_HEAD + n]]
        forced = [int(x) for x in row[LOG_HEAD + n : LOG_HEAD + 2 * n]]
        after = [int(x) for x in row[LOG_HEAD + 2 * n : LOG_HEAD + 3 * n]]
        assert row[LOG_GAME] == GAME_DIABLO
        assert before == stacks, f"row {i}: stacks do not chain"
        with_chips = [s for s in range(n) if before[s] > 0]
        if carried > 0 and len(with_chips) == 1:
            # R-E4: the one player left takes the carried pot; no deal
            (taker,) = with_chips
            assert row[LOG_OUTCOME] == TAKES_CARRIED
            assert row[LOG_DEAL] == deals and row[LOG_PLAYERS] == 0 and row[LOG_DEALER] == taker
            assert forced == [0] * n and row[LOG_POT] == carried and row[LOG_CARRIED] == 0
            assert after == [c + (carried if s == taker else 0) for s, c in enumerate(before)]
            stacks, carried, diablo_pot = after, 0, False
            continue
        assert row[LOG_OUTCOME] in (NO_SHOWDOWN, SHOWDOWN, VOID)
        assert not evening_over(before, carried, deals, agreed), f"row {i}: the evening was over"
        deals += 1
        assert row[LOG_DEAL] == deals
        d = int(row[LOG_DEALER])
        if dealer is None:
            assert before[d] > 0, "the first dealer has chips"
        else:
            assert d == next_left_with_chips(dealer, before), f"row {i}: dealer {d} after {dealer}"
        dealer = d
        assert row[LOG_PLAYERS] == len(with_chips)
        for s in range(n):
            if before[s] == 0:  # out: not dealt in, posts nothing (R-E1, R-P4)
                assert forced[s] == 0 and after[s] == 0
            else:  # the ante, all-in when short (R-E2); none for a Diablo pot (R-D5)
                assert forced[s] == (0 if diablo_pot else min(ante, before[s])), f"row {i} seat {s}"
        pot, carried_after = int(row[LOG_POT]), int(row[LOG_CARRIED])
        assert pot >= carried + sum(forced)
        if row[LOG_OUTCOME] == VOID:  # nobody opened: the pot stays, its kind too (R-D4)
            assert after == [b - f for b, f in zip(before, forced)]
            assert carried_after == carried + sum(forced) == pot
        else:  # an opener who lost pays a new pot at most the pot won (R-D5); else none is carried
            assert carried_after <= pot
            if not diablo_rule:
                assert carried_after == 0
            diablo_pot = carried_after > 0
        assert sum(after) + carried_after == total, f"row {i}: chips are not conserved"
        for s in range(n):
            if before[s] > 0 and after[s] == 0:
                broke_at[s] = deals
        stacks, carried = after, carried_after
    with_chips = sum(1 for c in stacks if c > 0)
    assert not (carried > 0 and with_chips == 1), "the last player did not take the pot"
    assert evening_over(stacks, carried, deals, agreed), "the evening ended too early"
    return {"final": stacks, "carried": carried, "deals": deals, "broke_at": broke_at}


def referee(log, outs, start, agreed, ante, count, diablo_rule=True):
    """Replay every evening of ``log`` and check the statistics ``outs`` against it."""
    assert outs[OUT["errors"]].tolist() == [0, 0]
    assert sorted(set(log[:, LOG_EVENING].tolist())) == list(range(count))
    summaries = []
    for e in range(count):
        rows = log[log[:, LOG_EVENING] == e]
        summaries.append(referee_evening(rows, start, agreed, ante, diablo_rule))
    final = np.array([s["final"] for s in summaries], dtype=np.float64)
    deals = np.array([s["deals"] for s in summaries], dtype=np.float64)
    broke_at = np.array([s["broke_at"] for s in summaries], dtype=np.float64)
    top = final.max(axis=1, keepdims=True)
    win = (final == top) / (final == top).sum(axis=1, keepdims=True)  # R-E6
    np.testing.assert_allclose(outs[OUT["final"]], final.sum(axis=0))
    np.testing.assert_allclose(outs[OUT["win"]], win.sum(axis=0))
    assert outs[OUT["broke"]].tolist() == (broke_at > 0).sum(axis=0).tolist()
    np.testing.assert_allclose(outs[OUT["broke_deal"]], broke_at.sum(axis=0))
    np.testing.assert_allclose(outs[OUT["length"]], [deals.sum(), (deals**2).sum(), deals.sum()])
    over = np.maximum(deals - agreed, 0) if agreed > 0 else np.zeros(count)
    np.testing.assert_allclose(outs[OUT["overtime"]], [over.sum(), (over**2).sum()])
    hist = outs[OUT["overtime_hist"]]
    wanted = np.bincount(over.astype(int), minlength=hist.size) if agreed > 0 else np.zeros(hist.size)
    assert hist.tolist() == wanted.tolist()
    carried = np.array([s["carried"] for s in summaries])
    assert (final.sum(axis=1) + carried == sum(start)).all()
    return summaries


# Every strategy of the game sits at an evening table: the opening levels, a bluff, every kind.
TABLES = [
    (["trips", "two_pair", "pair:bluff=0.1", "jacks"], 10, 4, 60, Rules()),
    (["pair", "aces:kind=check-call", "two_pair:kind=loose-aggressive"], (6, 9, 12), 3, 50, Rules()),
    (["pair:kind=random", "never", "straight", "flush:bluff=0.3", "pair"], 8, 0, 30, Rules()),
    (
        ["full_house:bluff=0.5", "quads:bluff=0.5", "pair", "aces", "trips", "pair", "jacks"],
        6,
        2,
        20,
        Rules(),
    ),
    (["pair", "trips", "two_pair", "jacks"], 9, 3, 30, Rules(diablo=False)),
    (["pair", "trips", "two_pair"], 12, 2, 30, Rules(ante=2, cap=3, jacks_or_better=True)),
    (["pair", "two_pair:bluff=0.2", "pair", "aces"], 10, 3, 30, Rules(draw_three=True, before=(1, 2))),
]


@pytest.fixture(scope="module")
def replayed():
    """Every table of TABLES played and refereed: 250 evenings."""
    out = []
    for k, (players, stacks, agreed, count, rules) in enumerate(TABLES):
        start = [stacks] * len(players) if np.ndim(stacks) == 0 else list(stacks)
        rc, log, outs = play(players, start, agreed, count, seed=10 + k, rules=rules)
        assert rc >= 0
        summaries = referee(log, outs, start, agreed, rules.ante, count, rules.diablo)
        out.append((players, start, agreed, log, outs, summaries))
    return out


def test_referee_replays_every_deal(replayed):
    assert sum(len(s) for *_, s in replayed) >= 200


def test_series_running_at_the_agreed_time_is_finished(replayed):
    overtime = 0
    for _players, _start, agreed, log, outs, summaries in replayed:
        if agreed == 0:
            continue
        at_time = log[(log[:, LOG_DEAL] == agreed) & (log[:, LOG_OUTCOME] != TAKES_CARRIED)]
        for row in at_time[at_time[:, LOG_CARRIED] > 0]:
            s = summaries[row[LOG_EVENING]]
            last = log[log[:, LOG_EVENING] == row[LOG_EVENING]][-1]
            if sum(s["final"]) == 0:
                continue  # nobody has chips left: the pot cannot be won (module docstring)
            assert s["carried"] == 0  # the series was played to its end ...
            if last[LOG_OUTCOME] != TAKES_CARRIED:  # ... by two or more: past the agreed deals
                assert s["deals"] > agreed and last[LOG_OUTCOME] != VOID
                overtime += 1
        assert outs[OUT["overtime"]][0] == sum(max(s["deals"] - agreed, 0) for s in summaries)
    assert overtime >= 10  # the case is met often enough to be tested


def test_fewer_than_three_with_chips_and_no_series_ends_the_evening(replayed):
    early = 0
    for _players, _start, agreed, _log, _outs, summaries in replayed:
        for s in summaries:
            with_chips = sum(1 for c in s["final"] if c > 0)
            if agreed == 0 or s["deals"] < agreed:
                assert s["carried"] == 0 and with_chips < 3 or with_chips == 0
                early += with_chips > 0
    assert early >= 20


def test_two_players_finish_a_series_and_the_last_player_takes_the_pot():
    # nobody ever opens: every deal is void, everyone antes again, the pot grows (R-D4)
    rc, log, outs = play(["never"] * 3, [1, 2, 4], 0, 1)
    players = log[:, LOG_PLAYERS].tolist()
    assert players == [3, 2, 0]  # the third deal has no one to play: a closing row, no deal
    assert log[:, LOG_CARRIED].tolist() == [3, 5, 0]
    assert log[-1, LOG_OUTCOME] == TAKES_CARRIED and log[-1, LOG_DEAL] == 2
    assert log[-1, LOG_HEAD + 6 : LOG_HEAD + 9].tolist() == [0, 0, 7]
    assert outs[OUT["length"]][0] == 2 and outs[OUT["win"]].tolist() == [0.0, 0.0, 1.0]
    referee(log, outs, [1, 2, 4], 0, 1, 1)


def test_nobody_with_chips_leaves_the_pot_in_the_middle():
    rc, log, outs = play(["never"] * 3, [2, 2, 2], 1, 1)
    assert log[:, LOG_CARRIED].tolist() == [3, 6]  # the series ran past the agreed deal
    assert log[-1, LOG_HEAD + 6 : LOG_HEAD + 9].tolist() == [0, 0, 0]
    np.testing.assert_allclose(outs[OUT["win"]], [1 / 3] * 3)  # R-E6: a tie at 0 chips
    assert outs[OUT["overtime"]][0] == 1
    referee(log, outs, [2, 2, 2], 1, 1, 1)


def test_chips_are_conserved(replayed):
    for _players, start, _agreed, log, outs, summaries in replayed:
        assert outs[OUT["errors"]].tolist() == [0, 0]
        total = sum(start)
        after = log[:, LOG_HEAD + 2 * len(start) :].sum(axis=1) + log[:, LOG_CARRIED]
        assert (after == total).all()
        finals = [sum(s["final"]) + s["carried"] for s in summaries]
        assert finals == [total] * len(summaries)


def test_fewer_than_three_players_with_chips_at_the_start_play_no_deal():
    rc, log, outs = play(["trips"] * 3, [5, 5, 0], 4, 3)
    assert rc == 0 and outs[OUT["length"]].tolist() == [0.0, 0.0, 0.0]


def test_a_table_of_two_who_never_open_is_refused():
    with pytest.raises(ValueError, match="never open"):
        evening_kernel(["trips", "never", "jacks:kind=check-call"])


def test_a_deal_guard_never_ends_a_series():
    # the agreed deal is played, its pot stays (void), the series runs into the guard: an error
    rc, _log, _outs = play(["never"] * 4, [100] * 4, 2, 1, max_deals=10)
    assert rc == RC_RUNAWAY


def test_the_end_rule_must_be_diablos():
    kernel = evening_kernel(["trips"] * 3)
    stacks = np.full(3, 10, dtype=np.int64)
    log = np.zeros((0, log_columns(3)), dtype=np.int64)
    for end in (end_rule(3, kind=END_LAST_PLAYER), end_rule(3, least=2), end_rule(3, least=4)):
        outs = new_outs(3, 1, 4, 30)
        assert kernel(1, stacks, end, np.zeros(3, np.int64), stream_state(1), outs, log) == ERR_END_RULE


@pytest.mark.parametrize(
    ("players", "kwargs", "message"),
    [
        (["trips", "trips"], {}, "3-7 players, got 2"),
        (["trips"] * 8, {}, "3-7 players, got 8"),
        (["trips"] * 3, {"log_capacity": -1}, "got -1"),
        (["trips"] * 3, {"log_capacity": 2.5}, "got 2.5"),
        (["trips"] * 3, {"rules": Rules(dealers_choice=True)}, "dealers_choice=True"),
        (["trips", "sometimes", "trips"], {}, "'sometimes'"),
    ],
)
def test_bad_input_is_refused(players, kwargs, message):
    with pytest.raises(ValueError, match=message):
        evening_kernel(players, **kwargs)
