"""Razz full games from Python (jobs.py): the match job's chip conservation and shared
deals, match and compare, play_hands' checks, deck_for."""

from __future__ import annotations

import pytest

from simkit.cards import format_cards
from simkit.games.razz import VARIANTS
from simkit.games.razz.jobs import MatchJob, compare, deck_for, match, play_hands
from simkit.games.razz.rules import Rules
from simkit.games.razz.strategies import specs_key
from simkit.runner import run


def test_chips_conserved_over_a_million_hands_with_side_pots():
    """Random strategies, random short stacks (all-ins and side pots), 2-8 players: every
    hand's net changes add up to zero, no illegal decision."""
    total = 0
    for n, hands in ((2, 150_000), (4, 200_000), (6, 250_000), (8, 400_000)):
        job = MatchJob(
            ((("random", ()),) * (n - 2) + (("tips", ()), ("loose-aggressive", ())),),
            stacks=(60,) * n,
            random_stacks=True,
            chunk_size=50_000,
        )
        t = run(job, hands, seed=n, quiet=True)
        assert int(t["errors"].sum()) == 0
        assert int(t["net"].sum()) == 0
        total += hands
    assert total >= 1_000_000


def test_same_seed_same_hands_and_configurations_share_deals():
    a = play_hands(["tips", "tight", "random"], 300, seed=3)
    b = play_hands(["tips", "tight", "random"], 300, seed=3)
    assert (a.net == b.net).all() and (a.cards == b.cards).all()
    c = play_hands(["check-call", "tight", "random"], 300, seed=3)
    assert (c.cards[:, :, :3] == a.cards[:, :, :3]).all()  # same deals for other strategies
    job = MatchJob(((("tips", ()), ("tight", ())), (("check-call", ()), ("tight", ()))), chunk_size=1000)
    t = run(job, 3000, seed=1, quiet=True)
    assert int(t["errors"].sum()) == 0
    assert (t["diff"][1] == t["net"][1] - t["net"][0]).all()


@pytest.mark.parametrize(
    "bad,match",
    [
        (dict(players=["tips"]), "2 to 8 seats"),
        (dict(players=["tips"] * 9), "2 to 8 seats"),
        (dict(players=["shark", "tips"]), "unknown strategy"),
        (dict(players=["tips", "tips"], rules=Rules(variant="stud-high")), "A-5 low"),
        (dict(players=["tips", "tips"], variant="omaha"), "unknown variant"),
        (dict(players=["tips", "tips"], hands=0), "hands must be a positive integer"),
        (dict(players=["tips", "tips"], rules="razz"), "rules must be a razz Rules"),
    ],
)
def test_bad_input(bad, match):
    bad.setdefault("hands", 1)
    with pytest.raises(ValueError, match=match):
        play_hands(**bad)


def test_match_and_compare_take_rules_and_the_older_shorthands():
    a = match(["tips", "tight", "check-call"], 2000, rules=Rules(variant="private", stacks=80), seed=4)
    b = match(["tips", "tight", "check-call"], 2000, variant="private", stacks=80, seed=4)
    c = match(("tips", "tight", "check-call"), 2000, rules=VARIANTS["private"].replace(stacks=80), seed=4)
    assert a.equals(b) and a.equals(c) and a.attrs["variant"] == "private"
    assert a.strategy.tolist() == ["tips", "tight", "check-call"]
    t = compare(
        ["tips", "tight", "check-call"],
        0,
        {"fold": "tips", "play": "tips:T_KQ=0"},
        2000,
        rules=Rules(),
        seed=2,
    )
    assert t.strategy.tolist() == ["tips", "tips(T_KQ=0)"] and t["diff"].iloc[0] == 0.0


def test_match_job_specs_are_one_table_per_configuration():
    assert specs_key(["tips", "tips:T_KQ=0", ("tight", {"P_SUNK": 0.1})]) == (
        ("tips", ()),
        ("tips", (("T_KQ", 0.0),)),
        ("tight", (("P_SUNK", 0.1),)),
    )
    job = MatchJob((specs_key(["tips", "random"]),), Rules(stacks=50), chunk_size=500)
    assert job.name == "razz_match" and job.params()["rules"]["stacks"] == 50
    t = run(job, 1000, seed=1, quiet=True)
    assert int(t["errors"].sum()) == 0 and int(t["net"].sum()) == 0


def test_deck_for_deals_the_given_cards():
    deck = deck_for(["As 2d 3c 4h 5s 6d 7c", "Kd Qd Jd Td 9d 8d 7d"])
    assert format_cards(deck[:6]) == "As Kd 2d Qd 3c Jd"
    assert sorted(deck.tolist()) == list(range(52))
    with pytest.raises(ValueError, match="dealt twice"):
        deck_for(["As 2d 3c", "As Qd Jd"])
    r = play_hands(["check-call", "check-call"], 1, decks=deck[None, :], dealers=[0])
    assert format_cards(r.cards[0, 0]) == "As 2d 3c 4h 5s 6d 7c"
    assert format_cards(r.cards[0, 1]) == "Kd Qd Jd Td 9d 8d 7d"
