"""Diablo's jobs: series end only when an opener wins, chips are conserved under every variant
and over a million games, the old parameter names keep working."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from simkit.games.diablo.jobs import SeriesJob, simulate, summarize
from simkit.games.diablo.rules import Rules
from simkit.games.diablo.strategies import Player
from simkit.runner import run


def test_series_end_only_when_an_opener_wins():
    r = simulate(["jacks", "trips", "two_pair", "trips", "aces"], 3000, seed=5, quiet=True, chunk_size=700)
    c = r.summary
    assert c["chip_errors"] == 0 and c["errors"] == 0
    # every game ends its series (opener won) or carries a Diablo pot into the next one
    assert c["games"] == c["opener_wins"] + c["penalties"] + c["short_end"]
    assert c["series"] == c["opener_wins"] + c["short_end"] + c["last_player_takes"]
    assert c["max_len"] >= 2 and r.lengths.series.sum() == c["series"]
    assert c["max_len"] == r.lengths[r.lengths.series > 0].games.max()
    assert 0 < c["max_pot"] <= 500 and c["max_pot"] >= r.summary["mean_final_pot"]


def test_without_the_diablo_rule_every_game_is_a_series():
    # several chunks: maxima must survive the runner's adding up of chunk results
    r = simulate(["trips"] * 4, 2000, rules=Rules(diablo=False), seed=2, quiet=True, chunk_size=300)
    assert r.summary["penalties"] == 0 and r.summary["max_len"] == 1
    assert r.summary["games"] == r.summary["series"] - r.summary["last_player_takes"]


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(cap=15),
        Rules(draw_three=True),
        Rules(jacks_or_better=True),
        Rules(dealers_choice=True),
        Rules(diablo=False),
        Rules(session=50),
    ],
)
def test_chip_conservation_variants(rules):
    specs = [
        Player("pair", kind="random"),
        Player("trips", bluff=0.2),
        "jacks",
        Player("two_pair", kind="loose-aggressive"),
        "never",
        "trips",
        "aces",
    ]
    r = simulate(specs, 3000, rules=replace(rules, stacks=(30, 60, 100, 20, 50, 80, 40)), seed=9, quiet=True)
    assert r.summary["chip_errors"] == 0 and r.summary["errors"] == 0
    assert r.summary["deals"] > 3000


def _conservation(series: int, min_games: int):
    specs = [
        Player("pair", kind="random"),
        Player("trips", bluff=0.1),
        "jacks",
        Player("two_pair", kind="loose-aggressive"),
        "trips",
    ]
    job = SeriesJob(tuple(specs), Rules(session=20, stacks=(25, 40, 100, 15, 60)))
    tot = run(job, series, seed=3, quiet=True)
    s = summarize(tot).summary
    assert s["games"] >= min_games
    assert s["chip_errors"] == 0 and s["errors"] == 0
    assert s["busts"] > 0 and s["short_pay"] > 0  # the hard paths were exercised
    assert tot["seat"][:, 0].sum() == 0  # the players' net results cancel exactly


def test_chip_conservation_over_a_million_games():
    _conservation(800_000, 1_000_000)


@pytest.mark.slow
def test_chip_conservation_over_ten_million_games():
    _conservation(8_000_000, 10_000_000)


def test_jacks_or_better_nobody_opens_below_jacks():
    r = simulate(
        [Player("pair", kind="random")] * 4, 2000, rules=Rules(jacks_or_better=True), seed=4, quiet=True
    )
    assert r.summary["errors"] == 0


def test_old_names_stacks_and_n_series_still_work():
    new = simulate(
        ["trips", "jacks:bluff=0.1", "pair"], hands=500, rules=Rules(stacks=(50, 60, 70)), seed=3, quiet=True
    )
    old = simulate(
        ["trips", "jacks:bluff=0.1", "pair"], n_series=500, stacks=[50, 60, 70], seed=3, quiet=True
    )
    for key in new.totals:
        assert np.array_equal(new.totals[key], old.totals[key]), key
    job = SeriesJob(("trips",) * 3, Rules(), stacks=(50, 60, 70))
    assert job.params()["rules"]["stacks"] == [50, 60, 70]
    with pytest.raises(TypeError, match="not both"):
        simulate(["trips"] * 3, 10, n_series=10)
    with pytest.raises(ValueError, match="at least two players"):
        simulate(["trips"] * 3, 10, rules=Rules(stacks=(0, 0, 5)))


@pytest.mark.parametrize("stacks", [[float("inf"), 10, 10], [10.5, 10, 10], np.array([10.0, 10.0, 10.0])])
def test_stacks_per_seat_that_are_not_integers_are_refused(stacks):
    """One stack per seat is checked as given: ``inf`` was an OverflowError and ``10.5`` was
    cut to 10 (found by the library fuzz)."""
    from simkit.games.diablo.jobs import play_deals

    with pytest.raises(ValueError, match="stacks must be one non-negative integer"):
        play_deals([None], stacks=stacks, players=["trips"] * 3)
    with pytest.raises(ValueError, match="stacks must be one non-negative integer"):
        simulate(["trips"] * 3, stacks=stacks, hands=1, quiet=True)


HANDS = ["Ah Kh 9h 7h 5h", "9c 8d 7s 4c 3d", "Qs Jd 6c 5d 4s"]
CHECKS = [(1, "check", 0), (2, "check", 0), (0, "check", 0)]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({}, "hands must be one card string per seat"),
        ({"hands": HANDS[:2], "actions": CHECKS}, "hands must be one card string per seat"),
        (
            {"hands": HANDS, "keep": [None], "actions": CHECKS},
            "keep must be one card string or None per seat",
        ),
        ({"hands": HANDS}, "actions must be a list"),
        ({"hands": HANDS, "actions": [(3, "check", 0)]}, r"an action is \(seat 0..2"),
        ({"hands": HANDS, "actions": [(0, "wait", 0)]}, r"an action is \(seat 0..2"),
        ({"hands": HANDS, "actions": [(0, "bet", 1.5)]}, r"an action is \(seat 0..2"),
        ({"hands": HANDS, "draw": 5, "actions": CHECKS}, "draw must be a card string"),
        ({"hands": HANDS, "action": CHECKS}, "unknown keys"),
        ("x", "a deal is None"),
    ],
)
def test_deal_scripts_are_checked_before_any_deal_is_played(deal, message):
    """A malformed script names its deal and what is wrong (a missing key was a KeyError and
    a short hand list an IndexError; found by the library fuzz), before the first deal."""
    from simkit.games.diablo.jobs import play_deals

    with pytest.raises(ValueError, match=f"deal 2: {message}"):
        play_deals([None, deal], stacks=[10, 10, 10], players=["trips"] * 3)
