"""The ``simkit razz`` command group: outputs, seeds, one-line usage errors."""

from __future__ import annotations

import json

import pytest

from simkit.cli.main import main

#: Every card but one left out of "As 2d 3c 4h 5s": the deck holds one card for the two to come.
ALL_BUT_ONE = " ".join([r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in "As 2d 3c 4h 5s"][1:])


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_equity_json_contract(capsys):
    out = _json(
        capsys,
        [
            "razz",
            "equity",
            "As 2d / 3c",
            "? ? / Kh",
            "--dead",
            "Qs 9c",
            "--trials",
            "20000",
            "--seed",
            "3",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert out["method"] == "monte carlo" and out["deals"] == 20000 and out["dead"] == "Qs 9c"
    hands = out["hands"]
    assert [h["hand"] for h in hands] == ["As 2d / 3c", "? ? / Kh"]
    assert sum(h["equity"] for h in hands) == pytest.approx(1.0)
    assert all(h["se"] > 0 for h in hands) and hands[0]["equity"] > 0.7
    again = _json(
        capsys,
        [
            "razz",
            "equity",
            "As 2d / 3c",
            "? ? / Kh",
            "--dead",
            "Qs 9c",
            "--trials",
            "20000",
            "--seed",
            "3",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert again == out


def test_equity_exact_and_variants(capsys):
    out = _json(capsys, ["razz", "equity", "As 2d 3c 4h 5s 9d", "Ks Qd Jh Tc 9s 8c", "--format", "json"])
    assert out["method"] == "exact" and [h["se"] for h in out["hands"]] == [0.0, 0.0]
    for v in ("private", "stud-high", "stud-hilo", "ace-to-six"):
        o = _json(
            capsys, ["razz", "equity", "As 2d 3c 4h 5s", "Ks Kd Qh Qc 9s", "--variant", v, "--format", "json"]
        )
        assert o["variant"] == v and sum(h["equity"] for h in o["hands"]) == pytest.approx(1.0)


def test_starts_wide_and_low_odds(capsys, tmp_path):
    out = tmp_path / "starts.csv"
    assert (
        main(
            [
                "razz",
                "starts",
                "--opponents",
                "1",
                "3",
                "--trials",
                "300",
                "--wide",
                "--quiet",
                "--format",
                "csv",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    lines = out.read_text().splitlines()
    assert lines[0] == "pattern,high,pairing,deals,equity_1,equity_3,se_1,se_3"
    assert len(lines) == 456 and lines[1].startswith("3-2-A,")
    rows = _json(capsys, ["razz", "low-odds", "As 2d 4c 4h", "--format", "json"])
    assert [r["low"] for r in rows][0] == "5" and rows[-1]["p"] < 1


def test_upcards_and_dead_cards(capsys):
    rows = _json(
        capsys,
        [
            "razz",
            "upcards",
            "As 2d / 4c",
            "--opponents",
            "2",
            "--trials",
            "3000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert len(rows) == 6 and {r["series"] for r in rows} == {"needed", "duplicate"}
    rows = _json(
        capsys,
        [
            "razz",
            "dead-cards",
            "As 2d / 4c",
            "--opponents",
            "1",
            "--trials",
            "2000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert [r["rank"] for r in rows][:2] == ["A", "2"] and len(rows) == 13


def test_match_command(capsys):
    out = _json(
        capsys,
        [
            "razz",
            "match",
            "tips",
            "tight",
            "check-call",
            "tips:T_KQ=0",
            "--trials",
            "4000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    seats = out["seats"]
    assert [s["strategy"] for s in seats] == ["tips", "tight", "check-call", "tips(T_KQ=0)"]
    assert sum(s["chips_per_hand"] for s in seats) == pytest.approx(0.0, abs=1e-9)
    assert out["hands"] == 4000 and all(s["se"] > 0 for s in seats)


def test_match_rule_options_are_the_rules_fields(capsys):
    """--stacks and the betting rules reach Rules; the same seed with the default values
    given explicitly is the same match."""
    base = ["razz", "match", "tips", "tight", "check-call", "--trials", "2000", "--quiet", "--format", "json"]
    out = _json(capsys, base)
    same = _json(
        capsys,
        base
        + [
            "--stacks",
            "200",
            "--ante",
            "1",
            "--bring-in",
            "2",
            "--small-bet",
            "5",
            "--big-bet",
            "10",
            "--raise-cap",
            "3",
        ],
    )
    assert same == out
    other = _json(capsys, base + ["--stacks", "30", "--ante", "2", "--raise-cap", "1"])
    assert other["seats"] != out["seats"]
    assert sum(s["chips_per_hand"] for s in other["seats"]) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["razz", "equity", "As 2d 3c", "As 4d"], "more than one hand"),
        (["razz", "equity", "As 2d 3c", "Zq"], "unknown card"),
        (["razz", "equity", "As 2d 3c", "Kd", "--variant", "omaha"], "unknown variant"),
        (["razz", "equity", "As 2d 3c", "Kd", "--trials", "0"], "positive whole number"),
        (["razz", "starts", "--opponents", "8"], "opponents must be 1..7"),
        (["razz", "upcards", "As 2d"], "three known cards"),
        (["razz", "match", "tips"], "2 to 8 seats"),
        (["razz", "match", "tips", "shark"], "unknown strategy"),
        (["razz", "match", "tips", "tips:T_KQ"], "KEY=NUMBER"),
        (["razz", "match", "tips", "tips", "--variant", "stud-high"], "A-5 low"),
        (["razz", "low-odds", "? ? ?"], "known cards"),
        (["razz", "low-odds", "As 2d 3c 4h 5s", "--dead", ALL_BUT_ONE], "needs 2 more cards"),
        (["razz", "match", "tips", "tight", "--stacks", "0"], "stacks must be 1.."),
        (["razz", "match", "tips", "tight", "--bring-in", "5"], "bring_in must be smaller"),
        (["razz", "starts", "--variant", "stud-high", "--trials", "10"], "A-5 low"),
    ],
)
def test_usage_errors_are_one_line(capsys, argv, needle):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1, err
