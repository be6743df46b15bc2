"""In-Between outcome tables against the dealer's game simulation of the same seed."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simkit.games.in_between.jobs import simulate
from simkit.games.in_between.outcomes import deals
from simkit.games.in_between.rules import Rules

PLAYERS = ["half_kelly", "pot:0.5", "kelly", "pot:1@9"]


def _check_against_simulate(t: pd.DataFrame, r, n: int, stacks: int) -> None:
    per_trial = t.groupby(["deal", "seat"]).net.sum().unstack()
    np.testing.assert_allclose(per_trial.mean().to_numpy(), r.seats.net_mean, rtol=0, atol=1e-9)
    assert len(per_trial) == n
    assert (t.groupby(["deal", "game"]).net.sum() == 0).all()  # chips only move between seats
    assert (t.chips_before + t.net == t.chips_after).all() and (t.chips_after >= 0).all()
    first = t[t.game == 0]
    assert (first.chips_before == stacks).all()


@pytest.mark.parametrize("deals_per_trial", [1, 3])
def test_deals_agree_with_simulate(deals_per_trial):
    rules = Rules()
    kw = dict(rules=rules, seed=4, deals=deals_per_trial, chunk_size=700)
    t = deals(PLAYERS, 1500, threads=2, **kw)
    r = simulate(PLAYERS, hands=1500, **kw)
    _check_against_simulate(t, r, 1500, rules.stacks)
    assert len(t) == 1500 * deals_per_trial * len(PLAYERS)
    # the dealer's result, per trial, is the simulation's dealer net
    d = t[t.dealing].groupby("deal").dealer_net.sum()
    assert d.mean() == pytest.approx(r.dealer["net_mean"], abs=1e-9)
    # the game's record is the same on every seat's row, and the deal passes left
    assert (t.groupby(["deal", "game"]).dealer.nunique() == 1).all()
    g0 = t[(t.game == 0)]
    assert (g0.dealer == 0).all()
    if deals_per_trial > 1:
        assert (t[t.game == 1].dealer == 1).all()
    assert set(t.outcome) <= {"whole_pot", "pot_back"}
    assert (t.groupby(["deal", "game"]).dealing.sum() == 1).all()


def test_ante_variant_and_red_dog_agree_with_simulate():
    for rules in (Rules(ante_all=True), Rules(red_dog=True)):
        t = deals(PLAYERS[:3], 400, rules=rules, seed=2, deals=2, threads=1)
        r = simulate(PLAYERS[:3], rules=rules, hands=400, seed=2, deals=2)
        _check_against_simulate(t, r, 400, rules.stacks)
        assert t.outcome.notna().all()


def test_same_rows_on_one_thread_and_two_and_in_parquet(tmp_path):
    a = deals(PLAYERS, 500, seed=3, deals=2, chunk_size=200, threads=1)
    pd.testing.assert_frame_equal(a, deals(PLAYERS, 500, seed=3, deals=2, chunk_size=200, threads=2))
    p = deals(PLAYERS, 500, seed=3, deals=2, chunk_size=200, path=tmp_path / "d.parquet")
    pd.testing.assert_frame_equal(a, pd.read_parquet(p), check_dtype=False)


def test_python_path_keeps_the_same_games():
    from simkit.games.in_between.jobs import DealerGameJob
    from simkit.games.in_between.strategies import parse_players

    seed = np.random.SeedSequence(7)
    out = []
    for python_path in (False, True):
        job = DealerGameJob(parse_players(PLAYERS[:2]), deals=2, python_path=python_path)
        records = np.zeros((30, 2, 7), np.int64)
        stacks = np.zeros((30, 2, 2), np.int64)
        job.play_chunk(30, seed, (records, stacks))
        out.append((records, stacks))
    np.testing.assert_array_equal(out[0][0], out[1][0])
    np.testing.assert_array_equal(out[0][1], out[1][1])


@pytest.mark.parametrize(
    ("call", "msg"),
    [
        (lambda: deals("kelly", 10, seats=1), "2..24"),
        (lambda: deals(PLAYERS, 0), "trials|hands"),
        (lambda: deals(PLAYERS, 10, deals=0), "deals"),
        (lambda: deals(PLAYERS, 10, path="x.csv"), "parquet"),
        (lambda: deals(["kelly", "nobody"], 10), "nobody"),
    ],
)
def test_bad_input_refused(call, msg):
    with pytest.raises(ValueError, match=msg):
        call()
