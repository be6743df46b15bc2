"""The compiled engine (``engine.py``): ``_play_hand`` at any table state (the common table
interface of ``simkit.games.table``), the batch kernel as a loop over it, and the private
Numba features the engine relies on."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.games.in_between import DealerGameJob, Rules
from simkit.games.in_between import engine as E
from simkit.games.table import (
    REC_DEALER,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_DEALER,
    TABLE_IN,
    TABLE_STACK,
    chips_on_table,
    drop_broke,
    new_table,
    next_dealer,
)
from simkit.rng import stream_state

PLAYERS = ("kelly+count", "pot:1@0", "random", "half_kelly", "pay_twice", "pot:0.5@8")
RULES = [
    Rules(),
    Rules(pot=30, low_ace=True, two_pass=True),
    Rules(ante_all=True, ante=2, rounds=6),
    Rules(ante_all=True, pairs="ante_back"),
    Rules(hidden=True, pairs="split", min_stake=True),
    Rules(three_posts=True, ante=2),
]


def _setup(rules: Rules, players=PLAYERS, seed=1):
    job = DealerGameJob(players, rules=rules)
    n = len(players)
    seat_out = np.zeros((n, E.N_SEAT_STATS))
    game_out = np.zeros(E.N_GAME_STATS)
    work = E._new_work(seat_out, game_out)
    return job.game(), work, stream_state(seed), np.zeros(E.REC_SIZE, np.int64)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: ",".join(r.variants) or "base")
def test_chips_conserved_over_an_evening_and_the_broke_are_out(rules):
    """Carried stacks, no reset: every hand keeps the chips on the table, a player who goes
    broke is out (and stays out), and a seat that is out is never dealt in."""
    game, work, rng, record = _setup(rules)
    _, seat_out, game_out = work
    table = new_table([60, 10, 100, 35, 0, 80], dealer=0)  # seat 4 starts out
    total = chips_on_table(table)
    hands = 0
    for _ in range(400):
        out = [s for s in range(6) if not table[TABLE_IN + s]]
        before = seat_out[out].copy()
        stacks = table[TABLE_STACK + np.array(out, dtype=int)].copy() if out else None
        rc = E._play_hand(table, game, rng, work, record)
        assert rc == 0
        hands += 1
        assert chips_on_table(table) == total
        assert (table[TABLE_STACK : TABLE_STACK + 6] >= 0).all()
        if out:  # never dealt in: no decision, no stake, no deal, chips untouched
            np.testing.assert_array_equal(seat_out[out], before)
            np.testing.assert_array_equal(table[TABLE_STACK + np.array(out, dtype=int)], stacks)
        assert record[REC_PLAYERS] <= 6 - len(out)
        if drop_broke(table) < 2:
            break
        table[TABLE_DEALER] = record[E.REC_LAST_DEALER]
        next_dealer(table)
        assert table[TABLE_IN + table[TABLE_DEALER]] == 1
    assert hands > 5
    assert game_out[E.GO_CONSERVATION_ERRORS] == 0
    assert seat_out[4].sum() == 0  # out from the start
    assert seat_out[:, E.SO_DECISIONS].sum() > 0


def test_a_seat_out_with_chips_is_not_dealt_in():
    """``TABLE_IN == 0`` keeps a seat out even with chips: it antes nothing, is never dealt a
    card and keeps its stack, in the dealer's game and in the ante variant."""
    for rules in (Rules(), Rules(ante_all=True), Rules(hidden=True, two_pass=True)):
        game, work, rng, record = _setup(rules)
        table = new_table([100] * 6, dealer=0)
        table[TABLE_IN + 2] = 0
        table[TABLE_IN + 5] = 0
        for _ in range(50):
            assert E._play_hand(table, game, rng, work, record) == 0
            assert table[TABLE_STACK + 2] == 100 and table[TABLE_STACK + 5] == 100
            table[TABLE_DEALER] = record[E.REC_LAST_DEALER]
            next_dealer(table)
        seat_out = work[1]
        assert seat_out[[2, 5]].sum() == 0
        assert seat_out[[0, 1, 3, 4], E.SO_DECISIONS].min() > 0


def test_dealer_out_plays_nothing_and_the_record_head():
    game, work, rng, record = _setup(Rules(pot=25))
    table = new_table([100] * 6, dealer=3)
    table[TABLE_IN + 3] = 0
    state = rng.copy()
    assert E._play_hand(table, game, rng, work, record) == E.RC_DEALER_OUT
    np.testing.assert_array_equal(rng, state)  # no card dealt
    assert record[REC_OUTCOME] == E.OUT_NO_GAME and record[REC_POT] == 0
    table[TABLE_IN + 3] = 1
    assert E._play_hand(table, game, rng, work, record) == 0
    assert record[REC_DEALER] == 3 and record[REC_POT] == 25 and record[REC_PLAYERS] == 5
    assert record[REC_OUTCOME] in (E.OUT_WHOLE_POT, E.OUT_POT_BACK)
    assert record[E.REC_DEALER_NET] == table[TABLE_STACK + 3] - 100
    assert 1 <= record[E.REC_ROUNDS] <= 3


@pytest.mark.parametrize("rules", RULES[:3], ids=("base", "low_ace,two_pass", "ante_all"))
def test_batch_kernel_is_a_loop_of_play_hand(rules):
    """``_engine`` gives exactly what a Python loop of ``_play_hand`` calls gives."""
    trials, deals, n = 60, 4, len(PLAYERS)
    game, _, _, _ = _setup(rules)
    seat_a = np.zeros((n, E.N_SEAT_STATS))
    game_a = np.zeros(E.N_GAME_STATS)
    E._engine(trials, deals, rules.stacks, game, stream_state(5), seat_a, game_a)

    seat_b = np.zeros((n, E.N_SEAT_STATS))
    game_b = np.zeros(E.N_GAME_STATS)
    work = E._new_work(seat_b, game_b)
    rng = stream_state(5)
    record = np.zeros(E.REC_SIZE, np.int64)
    for _ in range(trials):
        table = new_table([rules.stacks] * n, dealer=0)
        dealer_total = 0
        for _ in range(deals):
            assert E._play_hand(table, game, rng, work, record) == 0
            dealer_total += int(record[E.REC_DEALER_NET])
            table[TABLE_DEALER] = record[E.REC_LAST_DEALER]
            next_dealer(table)
        net = table[TABLE_STACK : TABLE_STACK + n] - rules.stacks
        seat_b[:, E.SO_NET] += net
        seat_b[:, E.SO_NET_SQ] += net * net
        seat_b[:, E.SO_BUSTS] += table[TABLE_STACK : TABLE_STACK + n] == 0
        game_b[E.GO_DEALER_SUM] += dealer_total
        game_b[E.GO_DEALER_SQ] += dealer_total * dealer_total
    np.testing.assert_array_equal(seat_a, seat_b)
    np.testing.assert_array_equal(game_a, game_b)
    assert game_a[E.GO_GAMES] == trials * deals


PLAIN_RULES = [
    Rules(),
    Rules(pot=7, low_ace=True, min_stake=True, ante=3, rounds=5),
    Rules(pot=40, low_ace=True, rounds=2),
]


def test_only_the_plain_dealers_game_is_plain():
    """Every variant of R-I4 that changes a round (and the ante game, Red Dog) is played by
    the general round."""
    for rules in RULES[1:] + [Rules(red_dog=True), Rules(pairs="split"), Rules(hidden=True)]:
        assert not E._is_plain(_setup(rules)[0][0], 5), rules.variants


@pytest.mark.parametrize("rules", PLAIN_RULES, ids=("base", "low_ace,min_stake", "low_ace,pot40"))
@pytest.mark.parametrize("seats", [2, 6, 17])
def test_plain_round_is_the_general_round(rules, seats):
    """The plain game's own round (``_plain_round``) plays exactly the games of the general
    round (``_round``, which the Python engine plays): every count, every stack and
    every record, from the same random numbers, over every kind of policy (counting, random,
    Kelly with its low-ace choice) and up to the most seats the plain round takes (17)."""
    players = (PLAYERS * 3)[:seats]
    trials, deals = (40, 3) if seats < 17 else (8, 2)
    game, _, _, _ = _setup(rules, players)
    assert E._is_plain(game[0], seats) and not E._is_plain(game[0], 18)
    general = E.python_engine(E._decide, E._wants_split)  # plays every round through _round
    out = []
    for engine in (E._engine, general):
        seat_out, game_out = np.zeros((seats, E.N_SEAT_STATS)), np.zeros(E.N_GAME_STATS)
        records = np.zeros((trials, deals, E.REC_SIZE), np.int64)
        stacks = np.zeros((trials, deals, seats), np.int64)
        engine(trials, deals, 60, game, stream_state(9), seat_out, game_out, records, stacks)
        out.append((seat_out, game_out, records, stacks))
    for a, b in zip(*out, strict=True):
        np.testing.assert_array_equal(a, b)
    assert out[0][1][E.GO_CONSERVATION_ERRORS] == 0 and out[0][0][:, E.SO_STAKES].sum() > 0


def test_private_numba_options_still_work():
    """The engine compiles its inner functions without Numba's reference counting through
    ``simkit.jit.lean`` (the private option ``_nrt=False``, itself tested in
    ``tests/test_jit.py``) and builds its Python path from the dispatchers' ``py_func``
    (``engine.python_engine``).  If a Numba upgrade breaks either, this test says so by name."""
    for name in ("_play_hand", "_trials", "_dealer_game", "_ante_game", "_turn", "_round", "_deal"):
        opts = getattr(E, name).targetoptions
        assert opts.get("_nrt") is False, (
            f"engine.{name} is no longer compiled with _nrt=False (simkit.jit.lean): {opts}"
        )
    for name in E._CHAIN:
        assert callable(getattr(getattr(E, name), "py_func", None)), (
            f"engine.{name} has no py_func: engine.python_engine cannot build the Python path"
        )
    assert E.python_engine(E._decide, E._wants_split).__name__ == "_engine"


def test_odds_table_of_a_non_counting_seat_is_the_counted_odds():
    """``_posts_no_count`` (the table of a seat that does not count) gives, for every two
    posts and with or without the low ace, what ``_best_posts`` works out from the deck less
    the two posts, and the Kelly fraction of those odds."""
    from simkit.games.in_between.kelly import _kelly

    st = np.zeros(E.GS_SIZE, np.int64)
    for low_ok in (False, True):
        for c1 in range(0, 52, 4):
            for c2 in range(1, 52, 4):
                st[E.GS_U : E.GS_U + 13] = 4
                st[E.GS_U + (c1 >> 2)] -= 1
                st[E.GS_U + (c2 >> 2)] -= 1
                want = E._best_posts(st, c1, c2, low_ok, 50, 2)
                got = E._posts_no_count(c1, c2, low_ok)
                assert got[:5] == want, (c1, c2, low_ok)
                assert got[5] == _kelly(*want[2:], 2.0)
