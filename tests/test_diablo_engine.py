"""The Diablo engine: the rule document's worked example, the Diablo rule, chips, variants."""

from __future__ import annotations

import pytest

from simkit.games.diablo.play import Rules, SeriesJob, play_deals, simulate, summarize
from simkit.games.diablo.strategies import Player
from simkit.runner import run

ANNA, BEN, CARLA, DAN = range(4)
NAMES = ["Anna", "Ben", "Carla", "Dan"]

# The example of diablo.de.txt ("Die Diablo-Regel"): four players ante 1 (pot 4); Anna opens
# with 2, Ben and Carla call, Dan folds; Anna draws 1, Ben 2, Carla 2; Anna bets 4, Ben raises
# to 8, Carla folds, Anna calls: pot 26.  Ben's 9 9 2 2 K (four nines) beats Anna's flush.
EXAMPLE = {
    "hands": ["Ah Kh 9h 7h 3c", "9s 9d 2c Qd 4s", "Qs Qc 8d 6s 5c", "Jc Td 7s 6c 3h"],
    "keep": ["Ah Kh 9h 7h", "9s 9d 2c", "Qs Qc 8d", None],
    "draw": "5h 2d Kc 3s 4d",  # from the dealer's (Dan's) left: Anna 1, Ben 2, Carla 2
    "actions": [(ANNA, "bet", 2), (BEN, "call", 0), (CARLA, "call", 0), (DAN, "fold", 0),
                (ANNA, "bet", 4), (BEN, "raise", 8), (CARLA, "fold", 0), (ANNA, "call", 0)],
}


def _second(carla_wins: bool) -> dict:
    """The next game (Anna deals, no ante): Ben checks, Carla opens, Ben calls."""
    carla = "Ks Kd Kc 8c 6d" if carla_wins else "Qh Jh 8s 6h 4h"
    ben = "Ts 8h 7d 5s 3d" if carla_wins else "As Ad Ac 8c 6d"
    return {
        "hands": ["Jh Th 7c 5d 4c", ben, carla, "Js Tc 9c 6c 3s"],
        "keep": [None, None, None, None],
        "draw": "",
        "actions": [(BEN, "check", 0), (CARLA, "bet", 3), (DAN, "fold", 0), (ANNA, "fold", 0),
                    (BEN, "call", 0), (CARLA, "check", 0), (BEN, "check", 0)],
    }


def test_worked_example_pot_26_and_anna_pays():
    recs = play_deals([EXAMPLE], stacks=[100] * 4, dealer=DAN, names=NAMES)
    r = recs[0]
    assert r.outcome == "showdown" and r.opener == ANNA
    assert r.pot == 26
    assert r.payout == [0, 26, 0, 0]
    assert r.hands[BEN].split() == ["9s", "9d", "2c", "2d", "Kc"]
    from simkit.hands import describe

    assert describe(r.strengths[BEN], "deuces_wild") == "four nines"
    assert describe(r.strengths[ANNA], "deuces_wild").startswith("flush, A-K-9-7-5")
    assert r.penalty == 26  # Anna pays a new pot of 26 (R-D5)
    assert r.stacks == [100 - 11 - 26, 100 - 11 + 26, 97, 99]
    assert sum(r.stacks) + r.penalty == 400
    assert "Anna bets 2" in r.history and "Ben raises to 8" in r.history


@pytest.mark.parametrize("carla_wins", [False, True])
def test_next_game_carla_opens_and_pays_if_she_loses(carla_wins):
    recs = play_deals([EXAMPLE, _second(carla_wins)], stacks=[100] * 4, dealer=DAN,
                      names=NAMES)
    g2 = recs[1]
    assert g2.dealer == ANNA and g2.opener == CARLA
    # No ante in a Diablo pot: Anna folded without putting in a chip.
    assert g2.stacks[ANNA] == recs[0].stacks[ANNA]
    assert g2.pot == 26 + 3 + 3
    if carla_wins:
        assert g2.payout[CARLA] == 32 and g2.penalty == 0
    else:
        assert g2.payout[BEN] == 32 and g2.penalty == 32
        assert g2.stacks[CARLA] == 97 - 3 - 32
    assert sum(g2.stacks) + g2.penalty == 400


def test_opener_who_folds_still_pays():
    deal = {"hands": ["Ah Kh 9h 7h 3c", "9s 9d 2c Qd 4s", "Qs Qc 8d 6s 5c", "Jc Td 7s 6c 3h"],
            "keep": [None] * 4, "draw": "",
            "actions": [(ANNA, "bet", 2), (BEN, "raise", 6), (CARLA, "fold", 0),
                        (DAN, "fold", 0), (ANNA, "fold", 0)]}
    r = play_deals([deal], stacks=[100] * 4, dealer=DAN)[0]
    assert r.outcome == "no showdown" and r.payout[BEN] == 12
    assert r.penalty == 12  # R-D5: "auch wenn der Eröffner ausgestiegen ist"


def test_all_check_is_void_and_next_deal_antes_again():
    check_all = {"hands": ["Ah Kh 9h 7h 3c", "9s 9d 2c Qd 4s", "Qs Qc 8d 6s 5c",
                           "Jc Td 7s 6c 3h"], "keep": [None] * 4, "draw": "",
                 "actions": [(ANNA, "check", 0), (BEN, "check", 0), (CARLA, "check", 0),
                             (DAN, "check", 0)]}
    again = dict(check_all, actions=[(BEN, "check", 0), (CARLA, "check", 0), (DAN, "check", 0),
                                     (ANNA, "check", 0)])
    recs = play_deals([check_all, again], stacks=[100] * 4, dealer=DAN)
    assert [r.outcome for r in recs] == ["void", "void"]
    assert recs[0].pot == 4 and recs[1].pot == 8  # R-D4: the pot stays, everyone antes again
    assert recs[1].stacks == [98] * 4


def test_short_opener_pays_all_and_cap():
    deal = dict(EXAMPLE)
    r = play_deals([deal], stacks=[20, 100, 100, 100], dealer=DAN)[0]
    assert r.pot == 26 and r.penalty == 20 - 11 and r.stacks[ANNA] == 0
    r = play_deals([deal], stacks=[100] * 4, dealer=DAN, rules=Rules(cap=10))[0]
    assert r.penalty == 10


def test_series_end_only_when_an_opener_wins():
    r = simulate(["jacks", "trips", "two_pair", "trips", "aces"], 3000, seed=5, quiet=True,
                 chunk_size=700)
    c = r.summary
    assert c["chip_errors"] == 0 and c["errors"] == 0
    # every game ends its series (opener won) or carries a Diablo pot into the next one
    assert c["games"] == c["opener_wins"] + c["penalties"] + c["short_end"]
    assert c["series"] == c["opener_wins"] + c["short_end"] + c["abandoned"]
    assert c["max_len"] >= 2 and r.lengths.series.sum() == c["series"]
    assert c["max_len"] == r.lengths[r.lengths.series > 0].games.max()
    assert 0 < c["max_pot"] <= 500 and c["max_pot"] >= r.summary["mean_final_pot"]


def test_without_the_diablo_rule_every_game_is_a_series():
    # several chunks: maxima must survive the runner's adding up of chunk results
    r = simulate(["trips"] * 4, 2000, rules=Rules(diablo=False), seed=2, quiet=True,
                 chunk_size=300)
    assert r.summary["penalties"] == 0 and r.summary["max_len"] == 1
    assert r.summary["games"] == r.summary["series"] - r.summary["abandoned"]


@pytest.mark.parametrize("rules", [Rules(), Rules(cap=15), Rules(draw_three=True),
                                   Rules(jacks_or_better=True), Rules(dealers_choice=True),
                                   Rules(diablo=False), Rules(session=50)])
def test_chip_conservation_variants(rules):
    specs = [Player("pair", kind="random"), Player("trips", bluff=0.2), "jacks",
             Player("two_pair", kind="loose-aggressive"), "never", "trips", "aces"]
    r = simulate(specs, 3000, rules=rules, stacks=[30, 60, 100, 20, 50, 80, 40], seed=9,
                 quiet=True)
    assert r.summary["chip_errors"] == 0 and r.summary["errors"] == 0
    assert r.summary["deals"] > 3000


def _conservation(series: int, min_games: int):
    specs = [Player("pair", kind="random"), Player("trips", bluff=0.1), "jacks",
             Player("two_pair", kind="loose-aggressive"), "trips"]
    job = SeriesJob(tuple(specs), Rules(session=20), stacks=(25, 40, 100, 15, 60))
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
    r = simulate([Player("pair", kind="random")] * 4, 2000, rules=Rules(jacks_or_better=True),
                 seed=4, quiet=True)
    assert r.summary["errors"] == 0
