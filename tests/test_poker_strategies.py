"""Strategies (compiled and Python), the betting-only simulator, the hand record, structures."""

import numpy as np
import pandas as pd
import pytest

from simkit.poker.actions import BET, BRING_IN, CALL, CHECK, FOLD, NO_ACTION
from simkit.poker.history import VOID, format_history, results_frame
from simkit.poker.kernels import (
    apply_action,
    decide_action,
    decide_on_state,
    fill_view,
    legal_actions,
    players_in_hand,
    post_antes,
    reset_hand,
    start_round,
)
from simkit.poker.python_strategy import (
    Compiled,
    betting_round,
    compiled,
    play_hand,
)
from simkit.poker.strategies import (
    LOOSE_AGGRESSIVE,
    N_PARAMS,
    P_BET,
    P_BLUFF,
    P_CALL,
    P_ODDS,
    P_OPEN,
    P_PAT,
    P_SIZE,
    P_STEP,
    P_SUNK,
    RANDOM,
    TIGHT,
    TIGHT_PARAMS,
    strategy_table,
)
from simkit.poker.structure import (
    F_ANTE,
    FIXED,
    Round,
    diablo,
    make_structure,
    razz,
    single_draw_27_no_limit,
    triple_draw_27,
)
from simkit.poker.table import _play_hand, _random_inputs, simulate_hands
from simkit.poker.table_state import (
    L_AGG,
    LOG,
    N_LOG_FIELDS,
    S_LOG_CAP,
    S_N_LOG,
    S_TO_ACT,
    V_END,
    V_FIRST,
    Table,
    new_state,
    seat_left,
)
from simkit.rng import draw_below, stream_state, uniform

STRUCTURES = [diablo(), triple_draw_27(), razz(), single_draw_27_no_limit(), triple_draw_27(ante=1)]


@pytest.mark.parametrize("structure", STRUCTURES)
def test_the_decision_on_the_state_is_the_decision_on_the_view(structure):
    """``decide_on_state`` (what the game kernels call) reads the state's own fields; at every
    decision of random hands, for every kind and bluffs, pat players and pot odds switched on,
    it chooses what ``decide_action`` chooses on the filled view row, from the same stream."""
    specs = [
        "tight",
        ("tight", {"P_PAT": 0.2, "P_BLUFF": 0.3, "P_SUNK": 0.2}),
        ("loose-aggressive", {"P_PAT": 0.05}),
        "random",
        "check-call",
    ]
    kinds, params = strategy_table(specs)
    n = len(specs)
    rng = stream_state(11)
    st = new_state(n)
    compared = 0
    for hand in range(150):
        stacks = np.array([3 + draw_below(rng, 60) for _ in range(n)])
        reset_hand(st, stacks, hand % n, 0)
        post_antes(st, structure.forced[F_ANTE])
        for r in range(structure.limits.shape[0]):
            start_round(st, structure, r, draw_below(rng, n))
            draws = np.array([-1 if r == 0 else draw_below(rng, 4) for _ in range(n)])
            scores = np.array([uniform(rng) for _ in range(n)])
            while st[S_TO_ACT] >= 0:
                seat = int(st[S_TO_ACT])
                legal_actions(st, seat)
                seed = int(draw_below(rng, 1 << 30))
                on_state = decide_on_state(kinds, params, scores, draws, st, stream_state(seed), seat)
                fill_view(st, seat, draws)
                on_view = decide_action(kinds, params, scores, st, stream_state(seed), seat)
                assert on_state == on_view, (hand, r, seat)
                compared += 1
                assert apply_action(st, seat, *on_state) == 0
            if players_in_hand(st) <= 1:
                break
    assert compared > 1000


def test_seat_left_is_the_modulo_it_replaces():
    """Every seat of every table size, every step from a whole turn right to a whole turn
    left: the same seat as Python's ``%`` (compiled and plain)."""
    for n in range(1, 11):
        for seat in range(n):
            for k in range(-n, n + 1):
                assert seat_left(seat, k, n) == (seat + k) % n
                assert seat_left.py_func(seat, k, n) == (seat + k) % n


# --- Python strategies that mimic the compiled ones -----------------------------------------


def py_random(view, legal):
    """The compiled RANDOM strategy with weights 1, 1, 1, written in Python."""
    w_fold = 1.0 if legal.fold else 0.0
    w_agg = 1.0 if legal.agg != NO_ACTION else 0.0
    u = uniform(view.rng) * (w_fold + 1.0 + w_agg)
    if u < w_fold:
        return FOLD, 0
    if u < w_fold + w_agg:
        return legal.agg, legal.min_to + draw_below(view.rng, legal.max_to - legal.min_to + 1)
    return passive(legal)


def passive(legal):
    if legal.bring_in > 0:
        return BRING_IN, legal.bring_in
    return (CHECK, 0) if legal.check else (CALL, 0)


def py_threshold(p):
    """The compiled threshold rule (TIGHT / LOOSE_AGGRESSIVE) with parameters ``p``."""

    def strategy(view, legal):
        s = view.score - p[P_PAT] * view.n_pat
        if legal.agg != NO_ACTION:
            thr = p[P_OPEN] if view.can_open else p[P_BET] + p[P_STEP] * view.bets
            go = s >= thr
            if not go and p[P_BLUFF] > 0:
                go = uniform(view.rng) < p[P_BLUFF]
            if go:
                to = int(view.level + p[P_SIZE] * (view.pot + view.to_call) + 0.5)
                return legal.agg, min(max(to, legal.min_to), legal.max_to)
        if legal.bring_in > 0 or legal.check:
            return passive(legal)
        if s >= p[P_CALL]:
            return CALL, 0
        if p[P_ODDS] > 0 and s * (view.pot + view.to_call) >= p[P_ODDS] * view.to_call:
            return CALL, 0
        if p[P_SUNK] > 0 and view.my_total >= p[P_SUNK] * view.pot:
            return CALL, 0
        return FOLD, 0

    return strategy


def same_hand(a, b):
    """Equal states, up to the end of the record (a reused state keeps older rows after it),
    but for the view row: scratch that the Python path fills for its callables and the
    compiled strategies do not need (they read the state's own fields)."""
    k = LOG + N_LOG_FIELDS * min(int(a[S_N_LOG]), int(a[S_LOG_CAP]))
    keep = np.ones(k, dtype=bool)
    keep[V_FIRST:V_END] = False
    return a.size == b.size and (a[:k][keep] == b[:k][keep]).all()


def py_version(kind, params):
    return py_random if kind == RANDOM else py_threshold(params)


@pytest.mark.parametrize("structure", STRUCTURES)
@pytest.mark.parametrize(
    "specs",
    [
        ["random"] * 5,
        ["tight", "loose-aggressive", "random", "tight", ("loose-aggressive", {"P_SUNK": 0.3})],
    ],
)
def test_python_strategies_mimicking_compiled_ones_play_identical_hands(structure, specs):
    kinds, params = strategy_table(specs)
    n = len(specs)
    n_rounds = structure.limits.shape[0]
    rng_inputs = stream_state(99)
    rng_compiled = stream_state(5)
    rng_python = stream_state(5)
    st = new_state(n, 256)
    scores = np.zeros((n_rounds, n))
    draws = np.zeros((n_rounds, n), dtype=np.int64)
    strengths = np.zeros(n, dtype=np.int64)
    given = np.zeros(n_rounds, dtype=np.int64)
    payout = np.zeros(n, dtype=np.int64)
    python = [py_version(k, p) for k, p in zip(kinds, params)]
    for h in range(60):
        stacks = np.array([5 + (7 * h + 13 * s) % 90 for s in range(n)], dtype=np.int64)
        _random_inputs(n, n_rounds, rng_inputs, scores, draws, strengths, given)
        rc = _play_hand(
            st,
            structure,
            stacks,
            h % n,
            h % 3,
            kinds,
            params,
            scores,
            draws,
            strengths,
            given,
            rng_compiled,
            payout,
        )
        r = play_hand(
            structure,
            stacks,
            python,
            scores=scores,
            strengths=strengths,
            dealer=h % n,
            dead=h % 3,
            draws=draws,
            given=given,
            rng=rng_python,
        )
        assert r.outcome == rc
        assert (r.payout == payout).all() or rc == VOID
        assert same_hand(r.st, st), format_history(r.st) + "\n---\n" + format_history(st)
        assert (rng_python == rng_compiled).all()


def test_the_python_driver_runs_compiled_strategies_like_the_kernel():
    structure = triple_draw_27()
    kinds, params = strategy_table(["random", "tight", "loose-aggressive"])
    seats = [Compiled(int(k), p) for k, p in zip(kinds, params)]
    for seed in range(20):
        rng_a, rng_b = stream_state(seed), stream_state(seed)
        scores = np.array([[0.2, 0.6, 0.9]] * 4)
        draws = np.full((4, 3), -1)
        strengths = np.array([1, 2, 3])
        given = np.zeros(4, dtype=np.int64)
        st = new_state(3, 128)
        payout = np.zeros(3, dtype=np.int64)
        rc = _play_hand(
            st,
            structure,
            np.array([60, 60, 60]),
            seed % 3,
            0,
            kinds,
            params,
            scores,
            draws,
            strengths,
            given,
            rng_a,
            payout,
        )
        r = play_hand(
            structure,
            [60, 60, 60],
            seats,
            scores=scores,
            strengths=strengths,
            dealer=seed % 3,
            rng=rng_b,
            log_capacity=128,
        )
        assert r.outcome == rc and same_hand(r.st, st) and (r.payout == payout).all()


def test_a_python_strategy_answering_illegally_is_named():
    structure = triple_draw_27()
    st = new_state(2)
    reset_hand(st, np.array([50, 50]), 0, 0)
    start_round(st, structure, 0, -1)
    with pytest.raises(ValueError, match="seat 0 chose an illegal action 'check'"):
        betting_round(
            st, [lambda v, l: (CHECK, 0), compiled("random")], np.zeros(2), np.full(2, -1), stream_state(0)
        )


def test_python_strategies_see_the_game_info_and_draws():
    seen = []

    def spy(view, legal):
        seen.append((view.seat, view.info, view.draws, view.n_pat, view.min_draw, view.to_call))
        return passive(legal)

    structure = triple_draw_27()
    st = new_state(3)
    reset_hand(st, np.array([50, 50, 50]), 0, 0)
    start_round(st, structure, 1, -1)
    betting_round(st, [spy] * 3, np.zeros(3), np.array([0, 2, 0]), stream_state(0), info=["a", "b", "c"])
    assert seen[0] == (1, "b", (0, 2, 0), 2, 0, 0)
    assert seen[1][:5] == (2, "c", (0, 2, 0), 1, 0)


# --- the compiled baselines -----------------------------------------------------------------


def decide(spec, st, seat, score, draws=None, seed=0):
    kinds, params = strategy_table([spec] * int(st[0]))
    draws = np.full(int(st[0]), -1) if draws is None else np.asarray(draws)
    legal_actions(st, seat)
    fill_view(st, seat, draws)
    return decide_action(kinds, params, np.full(int(st[0]), score), st, stream_state(seed), seat)


def diablo_opening(n=4):
    st = new_state(n)
    reset_hand(st, np.full(n, 100), n - 1, 0)
    post_antes(st, 1)
    start_round(st, diablo(), 0, -1)
    return st


def test_tight_opens_only_with_a_hand_that_probably_wins():
    """Tip D1 in the tight preset: open only from score P_OPEN (0.85) on, else check."""
    st = diablo_opening()
    assert decide("tight", st, 0, 0.80) == (CHECK, 0)
    action, to = decide("tight", st, 0, 0.90)
    assert action == BET and 1 <= to <= 5


def test_tight_respects_a_player_who_stood_pat():
    """Tip T4: a pat opponent lowers the effective score by P_PAT."""
    st = new_state(3)
    reset_hand(st, np.full(3, 100), 2, 0)
    start_round(st, triple_draw_27(), 1, -1)
    score = TIGHT_PARAMS[P_BET] + 0.05
    assert decide("tight", st, 0, score, draws=[1, 2, 1])[0] == BET
    assert decide("tight", st, 0, score, draws=[1, 0, 1])[0] == CHECK


def test_check_call_never_folds_and_never_bets():
    for structure in STRUCTURES:
        df = simulate_hands(structure, 2_000, "check-call", n_seats=4, seed=2)
        if structure.forced[4]:  # Diablo: nobody opens, every hand is void (R-D4)
            assert df["void"].all()
        else:
            assert df["showdown"].all()


def test_loose_aggressive_bets_more_than_tight_and_calls_more():
    structure = triple_draw_27()
    tight = simulate_hands(structure, 5_000, "tight", n_seats=4, seed=3)
    lag = simulate_hands(structure, 5_000, "loose-aggressive", n_seats=4, seed=3)
    assert lag["pot"].mean() > tight["pot"].mean()
    assert lag["showdown"].mean() > tight["showdown"].mean()


def test_the_sunk_cost_habit_makes_a_player_call_more():
    """P_SUNK (the habit tips T5/R5 warn against): call because chips are already in."""
    st = new_state(2)
    reset_hand(st, np.array([100, 100]), 0, 0)
    start_round(st, single_draw_27_no_limit(), 0, -1)
    from simkit.poker.actions import RAISE
    from simkit.poker.betting import _apply

    assert _apply(st, 0, RAISE, 40) == 0  # seat 1 (big blind, 2 in) faces 38 more
    habit = ("tight", {"P_SUNK": 0.04, "P_ODDS": 0.0})
    assert decide(("tight", {"P_ODDS": 0.0}), st, 1, 0.3)[0] == FOLD
    assert decide(habit, st, 1, 0.3)[0] == CALL


def test_random_uses_every_kind_of_legal_action():
    st = diablo_opening()
    from simkit.poker.betting import _apply

    assert _apply(st, 0, BET, 3) == 0
    seen = set()
    for seed in range(200):
        action, to = decide("random", st, 1, 0.5, seed=seed)
        seen.add(action)
        if action != FOLD and action != CALL:
            assert 4 <= to <= 8
    assert seen == {FOLD, CALL, 4}


def test_random_weights_steer_the_choice():
    st = diablo_opening()
    never_fold = ("random", [0.0, 1.0, 1.0] + [0.0] * (N_PARAMS - 3))
    from simkit.poker.betting import _apply

    assert _apply(st, 0, BET, 3) == 0
    assert all(decide(never_fold, st, 1, 0.5, seed=s)[0] != FOLD for s in range(100))


def test_strategy_table_validates():
    with pytest.raises(ValueError, match="unknown strategy parameter 'P_NOPE'"):
        strategy_table([("tight", {"P_NOPE": 1})])
    with pytest.raises(ValueError, match="must have 9 values"):
        strategy_table([("tight", [1.0, 2.0])])
    with pytest.raises(ValueError, match="needs n_seats"):
        strategy_table("tight")
    with pytest.raises(ValueError, match="got 2 strategies for n_seats=3"):
        strategy_table(["tight", "random"], n_seats=3)
    kinds, params = strategy_table([TIGHT, LOOSE_AGGRESSIVE])
    assert kinds.tolist() == [2, 3] and (params[0] == TIGHT_PARAMS).all()


# --- the betting-only simulator and the results frame --------------------------------------


@pytest.mark.parametrize("structure", STRUCTURES)
def test_every_compiled_strategy_only_takes_legal_actions(structure):
    """The kernel stops with an error on an illegal decision; short and deep stacks."""
    specs = [
        "random",
        "check-call",
        "tight",
        "loose-aggressive",
        ("random", [0, 1, 3] + [0] * 6),
        ("loose-aggressive", {"P_SIZE": 3.0, "P_BLUFF": 0.5}),
    ]
    df = simulate_hands(structure, 40_000, specs, stacks=[3, 10, 40, 200, 7, 1000], seed=6)
    net = df.filter(like="net_").to_numpy()
    assert (net.sum(axis=1) + df["carried"].to_numpy() == 0).all()


def test_simulate_hands_conserves_chips_and_is_reproducible():
    structure = razz()
    a = simulate_hands(
        structure,
        3_000,
        ["random", "tight", "loose-aggressive", "check-call"],
        stacks=[40, 200, 0, 90],
        seed=4,
    )
    b = simulate_hands(
        structure,
        3_000,
        ["random", "tight", "loose-aggressive", "check-call"],
        stacks=[40, 200, 0, 90],
        seed=4,
    )
    pd.testing.assert_frame_equal(a, b)
    net = a[[f"net_{s}" for s in range(4)]].to_numpy()
    assert (net.sum(axis=1) + a["carried"].to_numpy() == 0).all()
    assert (a["net_2"] == 0).all()  # no chips: out of every hand (R-P4)
    assert (net[:, 0] >= -40).all()
    assert a["winner"].isin([0, 1, 3]).all()
    assert (a.loc[~a["showdown"], "pot"] > 0).all()


def test_simulate_hands_diablo_voids_and_openers():
    df = simulate_hands(diablo(), 4_000, "random", n_seats=5, seed=8)
    assert df["void"].any() and (df.loc[df["void"], "winner"] == -1).all()
    assert (df.loc[~df["void"], "opener"] >= 0).all()
    assert (df.loc[df["void"], "carried"] == df.loc[df["void"], "pot"]).all()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(n_hands=1.5), "n_hands must be"),
        (dict(stacks=[1, 2]), "stacks must be"),
        (dict(stacks=-3), "stacks must be"),
        (dict(strategies=["random"] * 11, n_seats=None), "2..10 seats"),
    ],
)
def test_simulate_hands_validates(kwargs, message):
    args = dict(structure=diablo(), n_hands=10, strategies="random", n_seats=3)
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        simulate_hands(**args)


def test_results_frame_columns():
    df = results_frame(
        np.array([[2, -2], [-1, -1]]),
        np.array([0, 2]),
        np.array([0, -1]),
        np.array([4, 2]),
        np.array([0, -1]),
    )
    assert df["void"].tolist() == [False, True] and df["carried"].tolist() == [0, 2]
    assert df["showdown"].tolist() == [False, False]


def test_a_full_record_says_what_it_dropped():
    r = play_hand(
        triple_draw_27(),
        [100, 100, 100],
        [compiled("random")] * 3,
        scores=np.full(3, 0.5),
        strengths=np.array([1, 2, 3]),
        seed=2,
        log_capacity=3,
    )
    text = format_history(r.st)
    assert "more actions not recorded" in text
    assert Table(r.st).log.shape == (3, 6)


# --- structures and states ------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(rounds=[]), "at least one betting round"),
        (dict(rounds=[Round(FIXED, 2, 3)]), "fixed limit needs one bet size"),
        (dict(rounds=[Round(7, 2)]), "kind must be"),
        (dict(rounds=[Round(FIXED, 2, cap=-2)]), "cap must be"),
        (dict(rounds=[Round(FIXED, 2, first=9)]), "unknown first-to-act rule"),
        (dict(rounds=[Round(FIXED, 2)], big_blind=2), "blinds need FIRST_BLINDS"),
        (dict(rounds=[Round(FIXED, 2, first=0)], small_blind=3, big_blind=2), "larger than"),
        (dict(rounds=[Round(FIXED, 2)], bring_in=1), "needs FIRST_GIVEN"),
        (dict(rounds=[Round(FIXED, 2)], ante=-1), "ante must be non-negative"),
        (dict(rounds=[Round(FIXED, 2, first=2)]), "FIRST_OPENER needs an earlier round"),
        (dict(rounds=[Round(FIXED, "2")]), "must be an integer"),
    ],
)
def test_make_structure_names_the_bad_value(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_structure(**kwargs)


def test_new_state_validates_and_table_reads_it():
    with pytest.raises(ValueError, match="n_seats must be 2..10, got 11"):
        new_state(11)
    with pytest.raises(ValueError, match="log_capacity"):
        new_state(3, -1)
    st = new_state(3)
    reset_hand(st, np.array([5, 0, 7]), 1, 3)
    t = Table(st)
    assert t.stack.tolist() == [5, 0, 7] and t.status.tolist() == [1, 0, 1]
    assert t.pot == 3 and t.dealer == 1 and t.opener == -1 and t.to_act == -1
    assert st[S_TO_ACT] == -1 and st[L_AGG] == 0
