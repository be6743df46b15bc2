"""``simkit diablo``: draw odds, keeps and the simulation commands, and their usage errors."""

from __future__ import annotations

import json

import pytest

from simkit.cli.main import main


def test_cli_match_and_open(capsys):
    assert (
        main(
            [
                "diablo",
                "match",
                "trips",
                "two_pair:bluff=0.1",
                "pair:kind=loose-aggressive",
                "--trials",
                "1500",
                "--quiet",
                "--format",
                "json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert [r["player"] for r in rows] == ["trips", "two_pair:bluff=0.1", "pair:kind=loose-aggressive"]
    assert sum(r["net_per_series"] for r in rows) == pytest.approx(0.0, abs=1e-9)
    assert (
        main(
            [
                "diablo",
                "open",
                "--players",
                "3",
                "--levels",
                "jacks",
                "trips",
                "--trials",
                "1000",
                "--quiet",
                "--format",
                "csv",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.count("\n") == 3


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["diablo", "match", "trips", "trips"], "3-7 players"),
        (["diablo", "match", "trips", "trips", "sometimes"], "sometimes"),
        (["diablo", "match", "trips", "trips", "trips:bluff=lots"], "bluff"),
        (["diablo", "open", "--players", "9"], "player count"),
        (["diablo", "series", "--stacks", "0", "--trials", "10"], "stacks"),
    ],
)
def test_cli_bad_values(argv, needle, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err


def test_cli_keeps_summary(capsys):
    assert main(["diablo", "keeps", "--summary", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deuces,pat_category,")


def test_cli_draw_odds_json(capsys):
    assert main(["diablo", "draw-odds", "9s 9h 2c Kd 5h", "--keep", "9s 9h 2c", "--format", "json"]) == 0
    rows = {r["category"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["five_of_a_kind"]["count"] == 10  # C(5, 2): two of the 9s and 2s left
    assert rows["three_of_a_kind"]["at_least"] == pytest.approx(1.0)


def test_cli_refuses_three_card_draw(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["diablo", "draw-odds", "As Ks Qs Js 9d", "--keep", "As Ks"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exchanges 3 cards" in err
    assert (
        main(
            [
                "diablo",
                "draw-odds",
                "As Ks Qs Js 9d",
                "--keep",
                "As Ks",
                "--variant",
                "draw-three",
                "--format",
                "csv",
            ]
        )
        == 0
    )


def test_cli_bad_keep(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["diablo", "draw-odds", "As Ks Qs Js 9d", "--keep", "As 2c 9d"])
    assert exc.value.code == 2
    assert "2c" in capsys.readouterr().err


def test_cli_rule_flags_in_bluff_and_variants(capsys):
    assert (
        main(
            [
                "diablo",
                "bluff",
                "--players",
                "3",
                "--stacks",
                "40",
                "--ante",
                "2",
                "--trials",
                "300",
                "--seed",
                "1",
                "--quiet",
                "--format",
                "json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert [r["diablo"] for r in rows] == [True, False]
    assert (
        main(
            [
                "diablo",
                "variants",
                "--players",
                "3",
                "--stacks",
                "40",
                "--trials",
                "200",
                "--quiet",
                "--format",
                "json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 7 and all(r["chip_errors"] == 0 for r in rows)
    with pytest.raises(SystemExit) as exc:
        main(["diablo", "bluff", "--stacks", "0", "--trials", "10"])
    assert exc.value.code == 2
    assert "stacks" in capsys.readouterr().err
