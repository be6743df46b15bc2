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


# --- exact keep solving, pay tables and equity at the draw -----------------------------------

_FULL_PAY = (
    "natural_royal=800,four_deuces=200,wild_royal=25,five_of_a_kind=15,straight_flush=9,"
    "four_of_a_kind=5,full_house=3,flush=2,straight=2,three_of_a_kind=1"
)
_FEW_LIVE = "2c 2d 2h 2s 3h 3s 4c 4d 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kh Ks Ac Ad Ah As"  # all but the hand Kd Kc 7s 4h 3c and 3d


def test_cli_best_keep_paytable_lists_every_keep(capsys):
    argv = ["diablo", "best-keep", "Kd Kc 7s 4h 3c", "--paytable", _FULL_PAY, "--max-draw", "5"]
    assert main([*argv, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 32 and rows[0]["keep"] == "Kd Kc" and rows[0]["fraction"] == "3028/5405"
    assert rows[0]["outcomes"] == 16215 and rows[0]["value"] == pytest.approx(3028 / 5405)
    assert main(["diablo", "best-keep", "Kd Kc 7s 4h 3c", "--objective", "expected_category"]) == 0
    assert "Kd Kc 7s" in capsys.readouterr().out


def test_cli_paytable_return(capsys):
    assert (
        main(["diablo", "paytable-return", "--paytable", _FULL_PAY, "--max-draw", "5", "--format", "json"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is True and round(out["return"], 6) == 1.007620
    cats = {r["category"]: r for r in out["categories"]}
    assert cats["natural_royal"]["combinations"] == 440_202_756
    assert main(["diablo", "paytable-return", "--format", "csv"]) == 0  # full pay, standard limit
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "category,pays,combinations,probability,return" and lines[-1].startswith("total,")


def test_cli_equity_exact(capsys):
    argv = [
        "diablo",
        "equity",
        "As Ah 2d 7c 4s",
        "Kh Jh 9h 7h 5s",
        "--keep",
        "As Ah 2d",
        "--keep",
        "Kh Jh 9h 7h",
    ]
    assert main([*argv, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is True and out["outcomes"] == 861 * 40 and out["order"] == [1, 2]
    assert sum(h["equity"] for h in out["hands"]) == pytest.approx(1.0)
    assert main([*argv, "--order", "2", "1"]) == 0
    text = capsys.readouterr().out
    assert "exact: true" in text and "draw order: players 2 1" in text


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["equity", "As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "--keep", "As Ah 2d"], "2 hands, 1 --keep"),
        (
            ["equity", "As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "--keep", "As", "--keep", "Kh", "--keep", "Kh"],
            "3 --keep",
        ),
        (
            ["equity", "As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "--keep", "As Ah 2c", "--keep", "Kh"],
            "'2c' is not in",
        ),
        (["equity", "As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "--keep", "As", "--keep", "Kh Jh 9h"], "exchanges 4"),
        (
            [
                "equity",
                "As Ah 2d 7c 4s",
                "Kh Jh 9h 7h 5s",
                "--keep",
                "As Ah 2d",
                "--keep",
                "Kh Jh 9h",
                "--order",
                "1",
                "3",
            ],
            "--order",
        ),
        (["best-keep", "Kd Kc 7s 4h 3c", "--paytable", "royal=800"], "unknown pay-table category 'royal'"),
        (["best-keep", "Kd Kc 7s 4h 3c", "--paytable", "flush=-2"], "payout for flush must be non-negative"),
        (["paytable-return", "--paytable", "flush=nan"], "finite number"),
        (["paytable-return", "--max-draw", "9"], "--max-draw must be 0..5, got '9'"),
        (
            ["best-keep", "Kd Kc 7s 4h 3c", "--max-draw", "3", "--variant", "draw-three"],
            "both set the draw limit",
        ),
        (
            ["best-keep", "Kd Kc 7s 4h 3c", "--objective", "equity", "--target", "flush"],
            "--target is only for",
        ),
        (["best-keep", "Kd Kc 7s 4h 3c", "--opponents", "2"], "--opponents is only for --objective equity"),
        (
            ["draw-odds", "Kd Kc 7s 4h 3c", "--keep", "Kd Kc 7s", "--dead", _FEW_LIVE],
            "the live deck has 1 card",
        ),
        (["best-keep", "Kd Kc 7s 4h 3c", "--dead", _FEW_LIVE], "the live deck has 1 card"),
    ],
)
def test_cli_exact_tools_refuse_bad_input(argv, needle, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["diablo", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err


def test_cli_five_card_draw_without_wilds(capsys):
    """``--wild none``: high poker, 9/6 Jacks or Better by default."""
    assert main(["diablo", "paytable-return", "--wild", "none", "--max-draw", "5", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wild"] == "none" and round(out["return"], 6) == 0.995439
    argv = ["diablo", "best-keep", "Ah Kh Qh Jh Js", "--wild", "none", "--max-draw", "5", "--format", "json"]
    assert main([*argv, "--paytable", "royal_flush=800,flush=6"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["keep"] == "Ah Kh Qh Jh" and rows[0]["fraction"] == "848/47"
    for extra, needle in (
        (["--paytable", "natural_royal=9"], "unknown pay-table category 'natural_royal'"),
        (["--objective", "equity"], "equity is for deuces wild only"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(["diablo", "best-keep", "Ah Kh Qh Jh Js", "--wild", "none", *extra])
        assert exc.value.code == 2 and needle in capsys.readouterr().err


def test_cli_players_who_never_open_end_in_one_line(capsys):
    """Everybody at ``--level never`` under a variant without a last-player-takes end: the series
    never ends, a one-line error (a traceback once, found by the long CLI fuzz run)."""
    with pytest.raises(SystemExit) as exc:
        main(["diablo", "variants", "--level", "never", "--trials", "1", "--ante", "0", "--quiet"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "ran past max_deals=1000 deals without an opener winning" in err
