"""``simkit in-between``: the contracts of its commands, and one-line errors."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest

from simkit.cli.main import main
from simkit.games.in_between import ODDS_COLUMNS, odds_table, red_dog_edge

#: The 52 cards in order: the first 52 - k of them seen leave k cards in the deck.
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def cli(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_odds_csv_and_json_columns(capsys):
    status, out, _ = cli(["in-between", "odds", "--format", "csv"], capsys)
    assert status == 0
    t = pd.read_csv(io.StringIO(out))
    assert (
        list(t.columns)
        == ODDS_COLUMNS
        == ["low", "high", "spread", "p_between", "p_post", "p_outside", "ev_per_chip", "kelly_fraction"]
    )
    assert len(t) == 91
    status, out, _ = cli(
        ["in-between", "odds", "--seen", "Kc Kd 7h", "--low-ace", "--format", "json"], capsys
    )
    rows = json.loads(out)
    ref = odds_table("Kc Kd 7h", low_ace=True)
    assert len(rows) == len(ref) and set(rows[0]) == set(ODDS_COLUMNS)
    assert rows[0]["p_between"] == pytest.approx(ref.p_between.iloc[0])


def test_odds_of_one_hand_and_three_posts(capsys):
    status, out, _ = cli(["in-between", "odds", "--posts", "4c Jh", "--format", "json"], capsys)
    assert json.loads(out)["p_between"] == pytest.approx(24 / 50)
    status, out, _ = cli(
        ["in-between", "odds", "--posts", "4c Jh 9d", "--three-posts", "--format", "csv"], capsys
    )
    t = pd.read_csv(io.StringIO(out))
    assert t.stake.tolist() == [1, 2] and t.post_penalty.tolist() == [2, 3]


def test_odds_pairs_and_sizing_min_stake(capsys):
    status, out, _ = cli(["in-between", "odds", "--pairs", "split", "--format", "csv"], capsys)
    t = pd.read_csv(io.StringIO(out))
    assert list(t.columns) == ODDS_COLUMNS + ["split_ev_per_chip"]
    status, out, _ = cli(["in-between", "sizing", "--min-stake", "2", "--format", "csv"], capsys)
    assert (pd.read_csv(io.StringIO(out)).kelly_stake >= 2).all()


def test_odds_split_with_too_few_cards_left(capsys):
    """Three cards unseen, three of a rank: the pair's posts leave one card, too few to deal a
    split hand (a division by zero once, found by the long fuzz run); no split value."""
    seen = [c for c in DECK if c not in ("9c", "9d", "9h")]
    status, out, err = cli(
        ["in-between", "odds", "--pairs", "split", "--seen", " ".join(seen), "--three-posts", "--low-ace"]
        + ["--format", "csv"],
        capsys,
    )
    assert status == 0 and "Traceback" not in err
    t = pd.read_csv(io.StringIO(out))
    assert t.low.tolist() == t.high.tolist() == [9, 9]
    assert t.stake.tolist() == [1, 2] and t.split_ev_per_chip.isna().all()


def test_red_dog_json_fields(capsys):
    for decks in (1, 2, 4, 6, 8):
        status, out, _ = cli(["in-between", "red-dog", "--decks", str(decks), "--format", "json"], capsys)
        assert status == 0
        d = json.loads(out)
        assert {"house_edge_best_raise", "house_edge_no_raise", "raise_rule"} <= set(d)
        assert d["house_edge_best_raise"] == red_dog_edge(decks)["house_edge_best_raise"]
        assert d["raise_rule"] == "raise on spread 7 or more"


def test_sizing(capsys):
    status, out, _ = cli(["in-between", "sizing", "--chips", "100", "--pot", "20", "--format", "csv"], capsys)
    t = pd.read_csv(io.StringIO(out))
    assert {"kelly_stake", "half_kelly_stake", "kelly_stake_of_pot", "decision"} <= set(t.columns)
    status, out, _ = cli(["in-between", "sizing", "--game", "--rounds", "2", "--format", "csv"], capsys)
    t = pd.read_csv(io.StringIO(out))
    assert {"spread", "best_stake", "game_value"} <= set(t.columns)


def test_simulate(capsys, tmp_path):
    argv = [
        "in-between",
        "simulate",
        "--policy",
        "never",
        "--policy",
        "kelly",
        "--policy",
        "python:in_between_policy_example:half_pot_from_eight",
        "--trials",
        "2000",
        "--seed",
        "3",
        "--quiet",
        "--format",
        "json",
        "--variant",
        "low-ace",
    ]
    status, out, _ = cli(argv, capsys)
    assert status == 0
    d = json.loads(out)
    assert d["dealer"]["conservation_errors"] == 0 and len(d["seats"]) == 3
    status, out, _ = cli(
        ["in-between", "simulate", "--policy", "half_kelly", "--players", "4", "--trials", "1000", "--quiet"],
        capsys,
    )
    assert status == 0 and "dealer" in out and "net_mean" in out


def test_match_takes_one_spec_per_seat_and_the_rule_flags(capsys):
    """``match SPEC [SPEC ...]`` is ``simulate --policy SPEC ...``; the rule flags are the same
    in every command (``--stacks``, old ``--chips``; ``--low-ace`` = ``--variant low-ace``)."""
    base = ["--trials", "500", "--seed", "4", "--quiet", "--format", "csv", "--pot", "10"]
    runs = [
        ["in-between", "match", "kelly", "pot:0.5", "never", "--stacks", "50", "--low-ace"] + base,
        [
            "in-between",
            "simulate",
            "--policy",
            "kelly",
            "--policy",
            "pot:0.5",
            "--policy",
            "never",
            "--chips",
            "50",
            "--variant",
            "low-ace",
        ]
        + base,
        ["in-between", "match", "kelly", "pot:param=0.5", "never", "--stacks", "50", "--variant", "low_ace"]
        + base[2:]
        + ["--hands", "500"],
    ]
    outs = []
    for argv in runs:
        status, out, err = cli(argv, capsys)
        assert status == 0, err
        outs.append(pd.read_csv(io.StringIO(out)))
    pd.testing.assert_frame_equal(outs[0], outs[1])
    pd.testing.assert_frame_equal(outs[0].drop(columns="policy"), outs[2].drop(columns="policy"))
    status, out, _ = cli(
        [
            "in-between",
            "match",
            "half_kelly",
            "--seats",
            "3",
            "--trials",
            "300",
            "--quiet",
            "--three-posts",
            "--format",
            "json",
        ],
        capsys,
    )
    assert status == 0 and len(json.loads(out)["seats"]) == 3
    status, out, _ = cli(
        ["in-between", "sizing", "--stacks", "100", "--pot", "20", "--format", "csv"], capsys
    )
    assert status == 0 and "kelly_stake" in out


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["in-between", "odds", "--seen", "Zz"], "unknown card 'Zz'"),
        (["in-between", "odds", "--posts", "4c"], "expected 2 cards"),
        (["in-between", "red-dog", "--decks", "0"], "--decks"),
        (
            ["in-between", "simulate", "--policy", "bluff", "--players", "3", "--trials", "10"],
            "unknown policy",
        ),
        (["in-between", "simulate", "--policy", "kelly", "--trials", "10"], "--players"),
        (
            ["in-between", "simulate", "--policy", "kelly", "--players", "3", "--variant", "wild"],
            "unknown variant",
        ),
        (["in-between", "simulate", "--policy", "python:nope:f", "--players", "2"], "cannot load policy"),
        (["in-between", "match", "kelly", "--trials", "10"], "--seats"),
        (["in-between", "match", "kelly", "bluff", "--trials", "10"], "unknown policy"),
        (
            ["in-between", "match", "kelly", "--seats", "1e15", "--trials", "2"],
            "seats must be at most 24 (one table), got 1000000000000000",
        ),
        (
            ["in-between", "simulate", "--policy", "kelly", "--players", "25", "--trials", "2"],
            "seats must be at most 24 (one table), got 25",
        ),
        (
            ["in-between", "sizing", "--low-ace", "--seen", " ".join(DECK)],
            "the deck holds 0 once seen is out",
        ),
        (["in-between", "sizing", "--seen", " ".join(DECK[:-2])], "the deck holds 2 once seen is out"),
        (
            ["in-between", "odds", "--three-posts", "--posts", "Td 5c 3s", "--seen"]
            + [" ".join(c for c in DECK if c not in ("Td", "5c", "3s"))],
            "no card is left for the third card once the posts and the cards seen are out",
        ),
        (
            ["in-between", "sizing", "--by", "pair", "--seen", " ".join(DECK[:-1])],
            "the deck holds 1 once seen is out",
        ),
    ],
)
def test_bad_input_is_one_line(argv, needle, capsys):
    status, out, err = cli(argv, capsys)
    assert status == 2
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
