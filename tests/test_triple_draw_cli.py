"""The triple-draw command group."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from test_triple_draw_solver import brute_one_draw

from simkit.cards import parse_cards
from simkit.cli.main import main
from simkit.games.triple_draw.rank_exact import rank_play

# dead cards that leave 12 (and 9) cards beside the hand 7s 5h 3d 2c Kc
_DEAD_35 = " ".join(r + s for r in "4689TJQA" for s in "cdhs") + " Ks Kh Kd"
_DEAD_38 = _DEAD_35 + " 7c 7d 7h"


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_equity_command(capsys):
    rows = _json(
        capsys,
        [
            "triple-draw",
            "equity",
            "7s 5h 4d 3c 2s",
            "Ks Qh Jd 9c 8h",
            "--trials",
            "2000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert [r["seat"] for r in rows] == [0, 1]
    assert rows[0]["equity"] > rows[1]["equity"]
    assert sum(r["equity"] for r in rows) == pytest.approx(1.0)


def test_match_command(capsys):
    rows = _json(
        capsys,
        [
            "triple-draw",
            "match",
            "tight",
            "loose",
            "--players",
            "3",
            "--trials",
            "3000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert [r["player"] for r in rows] == ["tight", "loose", "loose"]
    assert sum(r["chips_per_hand"] for r in rows) == pytest.approx(0.0, abs=1e-9)
    assert all(r["se"] > 0 for r in rows)
    # one SPEC per seat plays the same games
    same = _json(
        capsys,
        [
            "triple-draw",
            "match",
            "tight",
            "loose",
            "loose",
            "--trials",
            "3000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert same == rows


def test_match_command_specs_and_rule_options(capsys):
    rows = _json(
        capsys,
        [
            "triple-draw",
            "match",
            "tight:draw=rule7",
            "sunk-cost",
            "station",
            "loose",
            "--stacks",
            "40",
            "--ante",
            "1",
            "--trials",
            "2000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert [r["player"] for r in rows] == ["tight:draw=rule7", "sunk-cost", "station", "loose"]
    assert rows[0]["variant"] == "ante"
    assert sum(r["chips_per_hand"] for r in rows) == pytest.approx(0.0, abs=1e-9)
    # the earlier form PLAYER FIELD: a table of six
    rows = _json(
        capsys,
        [
            "triple-draw",
            "match",
            "tight",
            "station",
            "--variant",
            "a5-triple-draw",
            "--trials",
            "1000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert [r["player"] for r in rows] == ["tight"] + ["station"] * 5
    assert rows[0]["variant"] == "a5-triple-draw"
    # every setting of the rules has its flag
    rows = _json(
        capsys,
        [
            "triple-draw",
            "match",
            "tight",
            "loose",
            "--players",
            "2",
            "--small-blind",
            "2",
            "--big-blind",
            "4",
            "--small-bet",
            "4",
            "--big-bet",
            "8",
            "--max-raises",
            "1",
            "--trials",
            "1000",
            "--quiet",
            "--format",
            "json",
        ],
    )
    assert rows[0]["variant"] == "custom" and len(rows) == 2


def test_best_discard_and_starting_hands(capsys):
    rows = _json(
        capsys, ["triple-draw", "best-discard", "7s 7h 5d 3c 2s", "--target", "7", "--format", "json"]
    )
    assert rows[0]["discard"] == "7h"
    rows = _json(capsys, ["triple-draw", "starting-hands", "--trials", "2000", "--quiet", "--format", "json"])
    assert sum(r["hands"] for r in rows) == 2000


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["triple-draw", "match", "tight", "loose", "--players", "7"], "player count"),
        (["triple-draw", "match", "tight", "loose", "loose", "--players", "2"], "3 SPECs"),
        (["triple-draw", "match", "tight", "shark", "loose"], "unknown player"),
        (["triple-draw", "match", "tight", "loose", "--stacks", "0"], "--stacks must be 1..2**53, got '0'"),
        (["triple-draw", "match", "tight", "loose", "--small-blind", "3"], "small_blind must not exceed"),
        (["triple-draw", "equity", "7s 5h 4d 3c 2s", "7s 6h 5d 4c 2c"], "shares a card"),
        (["triple-draw", "draw-odds", "7s 5h 4d 3c 2s", "--targets", "6"], "not possible"),
        (
            ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--keep", "7s Ah"],
            "kept card 'Ah' is not in the hand",
        ),
        (
            ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--workers", "2"],
            "--workers is for a Monte Carlo estimate; this answer is exact",
        ),
        (
            ["triple-draw", "best-discard", "7s 5h 3d 2c Kc", "--checkpoint", "x"],
            "--checkpoint is for a Monte Carlo estimate; these values are exact",
        ),
        (
            ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--draws", "3", "--dead", _DEAD_35],
            "the live deck has 12 cards (47 less 35 dead) but 3 draws can take 15",
        ),
        (
            ["triple-draw", "best-discard", "7s 5h 3d 2c Kc", "--draws", "2", "--dead", _DEAD_38],
            "can take 10",
        ),
        (
            ["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh", "--keep", "7s", "--keep", "8s Ah"],
            "kept card 'Ah' is not in hand 2",
        ),
        (
            ["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"] + ["--keep", "7s"] * 3,
            "3 keeps for 2 hands",
        ),
        (
            ["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh", "--keep", "7s", "--players", "3"],
            "--players adds random hands",
        ),
        (
            [
                "triple-draw",
                "equity",
                "7s 5h 3d 2c Kc",
                "8s 6h 4d Kd Qh",
                "--draws",
                "2",
                "--policy",
                "greedy",
            ],
            "unknown policy 'greedy'",
        ),
        (
            ["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh", "--order", "1,0"],
            "--order goes with --keep",
        ),
        (
            ["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh", "--draws", "1", "--order", "0,0"],
            "order must list every seat 0..1 once",
        ),
    ],
)
def test_usage_errors(capsys, argv, needle):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_cli_draw_odds_json(capsys):
    assert (
        main(
            [
                "triple-draw",
                "draw-odds",
                "8s 7h 3d 2c Ks",
                "--keep",
                "8s 7h 3d 2c",
                "--draws",
                "1",
                "--format",
                "json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert [r["target"] for r in rows] == ["7-low", "8-low", "9-low", "10-low"]
    assert all(r["exact"] for r in rows)
    hits, total = brute_one_draw("8s 7h 3d 2c Ks", "8s 7h 3d 2c", "9")
    assert rows[2]["probability"] == pytest.approx(hits / total)


def test_cli_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["triple-draw", "draw-odds", "8s 7h 3d 2c", "--draws", "1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "5 cards" in err


def test_cli_draw_odds_three_draws_exact(capsys):
    rows = _json(capsys, ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--draws", "3", "--format", "json"])
    assert [r["fraction"] for r in rows] == ["7076/16215", "1934/3243", "2344/3243", "886/1081"]
    assert all(r["exact"] and r["se"] == 0 and r["keep"] == "7s 5h 3d 2c" for r in rows)
    rows = _json(
        capsys,
        [
            "triple-draw",
            "draw-odds",
            "7s 5h 3d 2c Kc",
            "--draws",
            "1",
            "--policy",
            "rank",
            "--format",
            "json",
        ],
    )
    assert all(r["policy"] == "rank" and r["exact"] for r in rows)


def test_cli_draw_odds_rank_two_draws_exact(capsys):
    """Two draws, every keep the best for the expected rank: exact, as rank_play says."""
    from simkit.games.triple_draw.rank_exact import rank_play

    argv = ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--keep", "7s 5h 3d 2c", "--draws", "2"]
    rows = _json(capsys, [*argv, "--policy", "rank", "--targets", "7,9", "--format", "json"])
    play = rank_play("7s 5h 3d 2c Kc", "7s 5h 3d 2c", 2, ["7", "9"])
    assert [r["fraction"] for r in rows] == [f"{p.numerator}/{p.denominator}" for p in play.chances]
    assert all(r["exact"] and r["se"] == 0 and r["keep"] == "7s 5h 3d 2c" for r in rows)


def test_cli_draw_odds_rank_three_draws_exact_standing_pat_or_drawing_one(capsys):
    """Standing pat at the first of three draws, then best play for the expected rank: exact.
    From 7-5-3-2-K the rank-best play keeps 7-5-3-2 at the second draw and, with one draw
    left, stands on any made hand from 8-low to K-7-5-3-2 (each ranks above drawing one card
    to 7-5-3-2), so it draws again only after an ace or a pair (16 of the 47 cards): 7-low or
    better with the chance 8/47 + 16/47 * 8/46."""
    argv = ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--keep", "7s 5h 3d 2c Kc", "--draws", "3"]
    rows = _json(capsys, [*argv, "--policy", "rank", "--targets", "7", "--format", "json"])
    assert rows[0]["fraction"] == str(Fraction(8, 47) + Fraction(16, 47) * Fraction(8, 46))
    assert rows[0]["exact"] and rows[0]["se"] == 0 and rows[0]["keep"] == "7s 5h 3d 2c Kc"
    with pytest.raises(SystemExit) as e:
        main([*argv, "--policy", "rank", "--trials", "100"])
    assert e.value.code == 2
    assert "this answer is exact" in capsys.readouterr().err
    # a made hand: standing pat is proven the best first keep, so the best play is exact too
    made = ["triple-draw", "draw-odds", "8s 6h 4d 3c 2s", "--draws", "3", "--policy", "rank"]
    rows = _json(capsys, [*made, "--targets", "8,9", "--format", "json"])
    assert [r["fraction"] for r in rows] == ["1/1", "1/1"]
    assert all(r["exact"] and r["keep"] == "8s 6h 4d 3c 2s" for r in rows)
    with pytest.raises(SystemExit) as e:
        main([*made, "--seed", "1"])
    assert e.value.code == 2 and "this answer is exact" in capsys.readouterr().err
    # a first keep that draws one card: a two-draw solve for each of the 47 first draws, exact
    rows = _json(
        capsys,
        [*argv[:4], "7s 5h 3d 2c", *argv[5:], "--policy", "rank", "--targets", "7", "--format", "json"],
    )
    assert rows[0]["exact"] and rows[0]["keep"] == "7s 5h 3d 2c"
    assert rows[0]["fraction"] == str(rank_play("7s 5h 3d 2c Kc", "7s 5h 3d 2c", 3, ["7"]).chances[0])
    # a first keep of three cards: 1,081 first draws, each a two-draw solve, exact too
    three = [*argv[:4], "7s 5h 3d", *argv[5:], "--policy", "rank", "--targets", "7", "--format", "json"]
    rows = _json(capsys, three)
    assert rows[0]["exact"] and rows[0]["keep"] == "7s 5h 3d"
    assert rows[0]["fraction"] == str(rank_play("7s 5h 3d 2c Kc", "7s 5h 3d", 3, ["7"]).chances[0])
    # a first keep of two cards (16,215 first draws) is estimated
    two = [*argv[:4], "7s 5h", *argv[5:], "--policy", "rank", "--trials", "64", "--quiet", "--format", "json"]
    rows = _json(capsys, two)
    assert not rows[0]["exact"] and rows[0]["se"] > 0 and rows[0]["keep"] == "7s 5h"


def test_cli_draw_odds_rank_exact_flag(capsys):
    """--exact always: a 2-7 first keep of two cards with three draws, else estimated, is
    counted in full (the chances of rank_play), its progress bar silenced by --quiet; --exact
    never estimates; an estimate the rank policy does not have, or --exact beside
    --monte-carlo, is refused."""
    from simkit.games.triple_draw.rank_exact import rank_play

    dead = "2s 2h 4s 4h 5s 5h 6s 6h 7s 7h Ts Th Js Jh Qs Qh Ks Kh As Ah 3s 3h"
    argv = ["triple-draw", "draw-odds", "9s 8h 3d Qc Kc", "--keep", "9s 8h", "--draws", "3", "--dead", dead]
    rank = [*argv, "--policy", "rank", "--targets", "8,10", "--format", "json"]
    rows = _json(capsys, [*rank, "--exact", "always", "--quiet"])
    play = rank_play("9s 8h 3d Qc Kc", "9s 8h", 3, ["8", "10"], dead=dead)
    assert [r["fraction"] for r in rows] == [f"{p.numerator}/{p.denominator}" for p in play.chances]
    assert all(r["exact"] and r["se"] == 0 and r["keep"] == "9s 8h" for r in rows)
    # never: the estimate, also where auto counts (a keep of four cards)
    four = [*rank[:4], "9s 8h 3d Qc", *rank[5:]]
    rows = _json(capsys, [*four, "--exact", "never", "--trials", "16", "--quiet"])
    assert not any(r["exact"] for r in rows) and all(r["se"] > 0 for r in rows)
    for bad, message in [
        (
            [*rank[:6], "2", *rank[7:], "--exact", "never"],
            "--exact never: the rank policy is estimated with three draws only, got --draws 2",
        ),
        ([*argv, "--exact", "always", "--monte-carlo"], "--exact always and --monte-carlo: give one"),
    ]:
        with pytest.raises(SystemExit) as e:
            main(bad)
        assert e.value.code == 2
        assert message in capsys.readouterr().err


def test_cli_best_discard_exact_never_estimates_the_rank(capsys):
    """best-discard --exact never: the rank's values with two draws, else exact, estimated."""
    argv = ["triple-draw", "best-discard", "9s 8h 3d Qc Kc", "--draws", "2", "--target", "rank"]
    rows = _json(capsys, [*argv, "--exact", "never", "--trials", "200", "--quiet", "--format", "json"])
    assert rows and not any(r["exact"] for r in rows) and all(r["se"] > 0 for r in rows)
    rows = _json(capsys, [*argv, "--format", "json"])
    assert all(r["exact"] and r["se"] == 0 for r in rows)


def test_cli_equity_of_drawing_hands(capsys):
    from triple_draw_naive import drawing_equity

    argv = ["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"]
    rows = _json(
        capsys, [*argv, "--keep", "7s 5h 3d 2c", "--keep", "8s 6h 4d", "--draws", "1", "--format", "json"]
    )
    assert [r["fraction"] for r in rows] == ["12037/17220", "5183/17220"]
    assert all(r["exact"] for r in rows)
    hands = [parse_cards(h).astype(int).tolist() for h in argv[2:]]
    keeps = [hands[0][:4], hands[1][:3]]
    deck = [c for c in range(52) if c not in hands[0] + hands[1]]
    assert [str(f) for f in drawing_equity(hands, keeps, deck)] == ["12037/17220", "5183/17220"]
    # beyond the limit: Monte Carlo with standard errors
    rows = _json(
        capsys,
        [
            *argv,
            "--keep",
            "7s 5h 3d 2c",
            "--keep",
            "8s 6h 4d",
            "--limit",
            "100",
            "--trials",
            "5000",
            "--format",
            "json",
        ],
    )
    assert not any(r["exact"] for r in rows) and all(r["se"] > 0 for r in rows)


def test_cli_monte_carlo_draw_odds_run_as_runner_jobs(capsys):
    """The estimates of draw-odds and best-discard are runner jobs: a seed gives the same
    figures on one thread or two, and the runner's options apply (chunks, a target SE)."""
    base = [
        "triple-draw",
        "draw-odds",
        "7s 5h 3d 2c Kc",
        "--keep",
        "7s 5h",
        "--draws",
        "3",
        "--policy",
        "rank",
        "--format",
        "json",
    ]
    one = _json(capsys, [*base, "--trials", "24", "--seed", "5", "--threads", "1", "--quiet"])
    two = _json(capsys, [*base, "--trials", "24", "--seed", "5", "--threads", "2", "--quiet"])
    assert one == two and not one[0]["exact"] and one[0]["se"] > 0
    chunked = _json(capsys, [*base, "--trials", "24", "--seed", "5", "--chunk-size", "8", "--quiet"])
    assert chunked != one  # other chunks, other seeds: the runner's options apply
    aimed = _json(capsys, [*base, "--target-se", "0.1", "--chunk-size", "8", "--seed", "5", "--quiet"])
    assert all(r["se"] <= 0.1 for r in aimed)
    best = [
        "triple-draw",
        "best-discard",
        "7s 5h 3d 2c Kc",
        "--draws",
        "2",
        "--monte-carlo",
        "--format",
        "json",
    ]
    rows = _json(capsys, [*best, "--trials", "2000", "--threads", "2", "--quiet"])
    assert rows == _json(capsys, [*best, "--trials", "2000", "--threads", "1", "--quiet"])
    assert rows[0]["keep"] == "7s 5h 3d 2c" and 0 < rows[0]["se"] < 0.02


def test_cli_draw_odds_rank_three_draws_best_first_keep_exact_where_bounds_allow(capsys):
    """With no keep given, three draws are exact where the bounds rule out every first keep too
    dear to value (A-5 7-5-3-2-K: every keep of two cards or fewer; 2-7 7-5-3-2-K: every keep
    of two cards or fewer, by the counted bounds or by its value with flushes not counted); a
    2-7 junk hand, whose best keep draws four, is played after the first keep the table-play
    estimate finds best."""
    from simkit.games.triple_draw.rank_exact import rank_play

    argv = ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", *"--draws 3 --policy rank --targets 7".split()]
    rows = _json(capsys, [*argv, "--family", "ace_to_five", "--format", "json"])
    play = rank_play("7s 5h 3d 2c Kc", None, 3, ["7"], family="ace_to_five")
    assert rows[0]["exact"] and rows[0]["se"] == 0 and rows[0]["keep"] == play.keep == "7s 5h 3d 2c"
    assert rows[0]["fraction"] == str(play.chances[0])
    rows = _json(capsys, [*argv, "--format", "json"])
    play = rank_play("7s 5h 3d 2c Kc", None, 3, ["7"])
    assert rows[0]["exact"] and rows[0]["se"] == 0 and rows[0]["keep"] == play.keep == "7s 5h 3d 2c"
    assert rows[0]["fraction"] == str(play.chances[0])
    # 2-7 K-Q-J-J-9: the first keep is the best by the table-play estimate; not proven the best
    # keep, so not flagged exact
    junk = ["triple-draw", "draw-odds", "Ks Qh Jd Jc 9h", *argv[3:]]
    rows = _json(capsys, [*junk, "--trials", "32", "--quiet", "--format", "json"])
    assert not rows[0]["exact"] and "the first keep the best by a Monte Carlo estimate" in rows[0]["method"]


def test_cli_draw_odds_rank_three_draws_a5_small_keeps_exact(capsys):
    """In A-5 a given first keep of two or three cards is exact with three draws too: the draws
    are valued one per set of values (455 two-draw solves for two cards kept, not 16,215)."""
    from simkit.games.triple_draw.rank_exact import rank_play

    for keep in ("6d 4c 2c", "4c 2c"):
        argv = ["triple-draw", "draw-odds", "Qs Jh 6d 4c 2c", "--keep", keep, "--draws", "3"]
        rows = _json(
            capsys,
            [*argv, "--family", "ace_to_five", "--policy", "rank", "--targets", "7", "--format", "json"],
        )
        play = rank_play("Qs Jh 6d 4c 2c", keep, 3, ["7"], family="ace_to_five")
        assert rows[0]["exact"] and rows[0]["se"] == 0 and rows[0]["keep"] == keep
        assert rows[0]["fraction"] == str(play.chances[0])


# --- every three-draw rank query exact ------------------------------------------------

#: A junk A-5 hand whose best first keep is the five-card draw, and dead cards that leave a deck
#: of few values (A-5 by values: every keep's exact value in a fraction of a second).
A5_JUNK = "Ks Qh Jd Jc 8h"
A5_DEAD = "9s 9h 9d 9c Ts Th Td Tc 7s 7h 7d 7c 6s 6h 6d 6c Kd Kc Kh Qs Qd Qc"


def test_a5_best_discard_for_the_rank_with_three_draws_is_exact():
    """Every keep valued exactly (one valuing per set of values: keeping Jd or Jc is one), best
    first, the first the one the search finds."""
    from simkit.games.triple_draw.rank_exact import best_rank_keep, rank_value
    from simkit.games.triple_draw.solver import discard_options

    df = discard_options(A5_JUNK, 3, "rank", dead=A5_DEAD, family="ace_to_five")
    assert len(df) == 32 and df.exact.all() and (df.se == 0).all()
    for row in df.itertuples():
        assert Fraction(row.fraction) == rank_value(A5_JUNK, row.keep, 3, dead=A5_DEAD, family="ace_to_five")
    value, keep = best_rank_keep(A5_JUNK, 3, dead=A5_DEAD, family="ace_to_five")
    assert Fraction(df.fraction[0]) == value and keep in set(df.keep[df.fraction == df.fraction[0]])
    jd, jc = (df.set_index("keep").fraction[k] for k in ("Jd", "Jc"))
    assert jd == jc


def test_a5_draw_odds_for_the_rank_with_three_draws_is_exact_without_a_keep(capsys):
    """No keep given: in A-5 the whole search finds the best first keep, so the answer is exact
    (it was a Monte Carlo estimate where the bounds did not rule out the small keeps)."""
    from simkit.games.triple_draw.rank_exact import rank_play
    from simkit.games.triple_draw.solver import rank_odds_exact

    assert rank_odds_exact(A5_JUNK, None, 3, dead=A5_DEAD, family="ace_to_five")
    argv = ["triple-draw", "draw-odds", A5_JUNK, "--draws", "3", "--policy", "rank", "--targets", "8,J"]
    main([*argv, "--dead", A5_DEAD, "--family", "ace_to_five", "--format", "json"])
    rows = json.loads(capsys.readouterr().out)
    play = rank_play(A5_JUNK, None, 3, ["8", "J"], dead=A5_DEAD, family="ace_to_five")
    assert play.keep == "" and 0 < play.chances[0] < play.chances[1] < 1  # the five-card draw
    assert all(r["exact"] and r["se"] == 0 and r["keep"] == play.keep for r in rows)
    assert [r["fraction"] for r in rows] == [str(c) for c in play.chances]


def test_cli_best_discard_a5_rank_three_draws_refuses_monte_carlo_options(capsys):
    argv = ["triple-draw", "best-discard", A5_JUNK, "--draws", "3", "--target", "rank"]
    with pytest.raises(SystemExit) as e:
        main([*argv, "--family", "ace_to_five", "--dead", A5_DEAD, "--trials", "100"])
    assert e.value.code == 2 and "these values are exact" in capsys.readouterr().err
