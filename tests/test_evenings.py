"""simkit.evening: the public entry point, its tables, its seeds and its errors."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import simkit
from simkit.cli.evening import SEAT_COLUMNS
from simkit.cli.main import main
from simkit.evenings import SETUPS, evening
from simkit.evenings.result import bin_middles, histogram_quantiles
from simkit.games.evening import GAMES, chip_bin

SMALL = {"evenings": 24, "stacks": 12, "seed": 7, "quiet": True}


def _same(a, b) -> None:
    pd.testing.assert_frame_equal(a.seats, b.seats)
    pd.testing.assert_frame_equal(a.trajectories, b.trajectories)
    pd.testing.assert_frame_equal(a.lengths, b.lengths)


def test_top_level_entry_point():
    assert simkit.evening is evening
    assert tuple(SETUPS) == GAMES


def test_one_thread_two_threads_and_a_chunking_the_same():
    players = ["tight", "loose", "station"]
    one = evening("triple-draw", players, threads=1, chunk_size=5, **SMALL)
    two = evening("triple-draw", players, threads=2, chunk_size=5, **SMALL)
    _same(one, two)


def test_a_local_cluster_plays_the_same_evenings():
    players = ["tight", "loose", "station"]
    one = evening("triple-draw", players, threads=1, chunk_size=5, **SMALL)
    dask = evening("triple-draw", players, workers=2, chunk_size=5, **SMALL)
    _same(one, dask)


def test_tables_add_up():
    ev = evening("triple-draw", ["tight", "loose", "station", "tight"], log=3, **SMALL)
    assert ev.seats["win"].sum() == pytest.approx(1.0)
    assert ev.seats["final_chips"].sum() == pytest.approx(4 * 12)
    assert (ev.seats["win_se"] >= 0).all() and (ev.seats["broke_se"] >= 0).all()
    s = ev.strategies.set_index("strategy")
    assert s.loc["tight", "seats"] == 2
    assert s.loc["tight", "win"] == pytest.approx(ev.seats.loc[[0, 3], "win"].mean())
    assert ev.lengths["evenings"].sum() == 24
    last = ev.trajectories[ev.trajectories["deal"] == ev.trajectories["deal"].max()]
    assert last["lead"].sum() == pytest.approx(1.0)
    assert ev.log["evening"].nunique() == 3
    assert set(ev.log["game"]) == {"triple-draw"}


def test_default_evening_is_the_tips_player_against_a_typical_field():
    s = SETUPS["triple-draw"]
    ev = evening("triple-draw", evenings=4, stacks=8, seed=1, quiet=True)
    assert ev.players == s.default_players() and len(ev.players) == s.usual_players


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"stacks": 0}, "stacks must be positive chip counts, got 0"),
        ({"stacks": -5}, "got -5"),
        ({"deals": -1}, "deals"),
        ({"evenings": 0}, "evenings"),
        ({"players": ["tight"]}, "2 to 6 players, got 1"),
        ({"players": ["tight"] * 7}, "2 to 6 players, got 7"),
        ({"players": ["tight", "shark"]}, "shark"),
        ({"players": "tight"}, "players must be a list"),
        ({"stacks": [10, 20]}, "one per player"),
    ],
)
def test_bad_input_is_refused_naming_it(kwargs, message):
    args = {"game": "triple-draw", "evenings": 2, "quiet": True} | kwargs
    with pytest.raises(ValueError, match=message):
        evening(**args)


def test_diablo_needs_three_players():
    with pytest.raises(ValueError, match="3 to 7 players, got 2"):
        evening("diablo", ["trips", "pair"], evenings=1)


def test_chip_bins_and_their_quantiles():
    total, bins = 1000, 128
    chips = np.arange(total + 1)
    b = np.array([chip_bin(c, total, bins) for c in chips])
    assert b[0] == 0 and b[-1] == bins - 1 and (np.diff(b) >= 0).all()
    assert set(b) == set(range(bins))
    mid = bin_middles(total, bins)
    assert mid[0] == 0 and mid[-1] == total
    assert np.all(np.abs(mid[b] - chips) <= total / (bins - 2))
    hist = np.bincount(b, minlength=bins)
    q = histogram_quantiles(hist, total, (0.5,))
    assert abs(q[0] - 500) <= total / (bins - 2)


def test_cli_table_log_and_errors(capsys):
    assert (
        main(
            [
                "evening",
                "triple-draw",
                "--players",
                "tight",
                "station",
                "--evenings",
                "6",
                "--stacks",
                "10",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.split()[: len(SEAT_COLUMNS)] == SEAT_COLUMNS
    assert (
        main(
            [
                "evening",
                "triple-draw",
                "--players",
                "tight",
                "station",
                "--evenings",
                "2",
                "--stacks",
                "10",
                "--log",
                "1",
                "--quiet",
                "--format",
                "csv",
            ]
        )
        == 0
    )
    head = capsys.readouterr().out.splitlines()[0]
    assert head == "evening,deal,game,dealer,pot,stack_0,stack_1"
    for argv, text in (
        (["evening", "poker"], "invalid choice"),
        (["evening", "razz", "--stacks", "0"], "--stacks"),
        (["evening", "razz", "--deals", "-3"], "deals"),
        (["evening", "triple-draw", "--players", "tight"], "2 to 6 players, got 1"),
        (["evening", "triple-draw", "--small-blind", "-1"], "small_blind"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert text in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_dealers_choice(capsys):
    argv = [
        "evening",
        "dealers-choice",
        "--players",
        "tips@razz",
        "tight@random",
        "--games",
        "razz",
        "triple-draw",
    ]
    assert (
        main([*argv, "--evenings", "4", "--stacks", "20", "--deals", "10", "--quiet", "--format", "json"])
        == 0
    )
    out = capsys.readouterr().out
    assert '"share_razz"' in out and '"win_se"' in out
    for bad, text in (
        ("tips@poker", "unknown choice policy 'poker'"),
        ("tips@diablo", "not in the agreed games"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(
                ["evening", "dealers-choice", "--players", bad, "tight@random", "--games", "razz", "--quiet"]
            )
        assert exc.value.code == 2 and text in capsys.readouterr().err


def test_an_evening_without_an_end_is_a_value_error():
    """Stacks too deep to play to the last chip within the job's deal limit: a ValueError that
    names the stacks (it was a RuntimeError; found by the library fuzz with 2**31 chips)."""
    from dataclasses import replace

    from simkit.evenings.jobs import make_job

    job = replace(make_job("razz", ["tips", "tight"], deals=0, stacks=10**6), max_deals=50)
    with pytest.raises(ValueError, match=r"ran past 50 deals without an end: stacks 1000000 are too deep"):
        job.play(1, 1)


def test_a_dealers_choice_evening_without_an_end_is_a_value_error():
    from dataclasses import replace

    from simkit.evenings.dealers_choice import DealersChoiceJob, _prefs
    from simkit.games.evening import GAMES

    players = ["tips@razz", "tight@razz"]
    rules = tuple(SETUPS[g].rules(None) for g in GAMES)
    job = DealersChoiceJob(tuple(players), ("razz",), rules, 0, 10**6, _prefs(players, ["razz"], None))
    with pytest.raises(ValueError, match=r"ran past 50 deals without an end: stacks \[1000000, 1000000\]"):
        replace(job, max_deals=50).play(1, 1)
