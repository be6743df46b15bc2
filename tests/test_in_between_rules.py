"""Settling one stake and the one ``Rules`` record (``rules.py``, R-I1, R-I2, R-I4)."""

from __future__ import annotations

import dataclasses

import pytest

from simkit.games.in_between import Rules, Variant, check_stake, hand_odds, settle


def test_anna_worked_example():
    """in_between.de.txt: Anna holds 4♣ and J♥, the pot holds 12, she stakes 5."""
    s = settle("4♣ B♥", "9♦", stake=5, pot=12, chips=100)  # German spelling: B = Bube
    assert (s.outcome, s.player_delta, s.pot_after) == ("between", 5, 7)
    s = settle("4c Jh", "Kd", stake=5, pot=12, chips=100)
    assert (s.outcome, s.player_delta, s.pot_after) == ("outside", -5, 17)
    for post in ("4d", "Jd"):
        s = settle("4c Jh", post, stake=5, pot=12, chips=100)
        assert (s.outcome, s.player_delta, s.pot_after) == ("post", -10, 22)
    # and her odds before the third card
    o = hand_odds("4c Jh")
    assert (o["spread"], o["p_between"], o["p_post"]) == (6, 24 / 50, 6 / 50)


def test_post_pays_all_one_owns_when_short():
    s = settle("4c Jh", "Jd", stake=5, pot=12, chips=6)
    assert (s.player_delta, s.pot_after) == (-6, 18)
    s = settle("2c Ah", "As", stake=4, pot=9, chips=20, post_penalty=3)
    assert s.player_delta == -12


@pytest.mark.parametrize(
    "stake, pot, chips, message",
    [
        (-1, 12, 100, "cannot be negative"),
        (13, 12, 100, "more than the 12 in the pot"),
        (8, 12, 7, "owns only 7"),
        (2.5, 12, 100, "whole number"),
    ],
)
def test_bad_stakes_refused(stake, pot, chips, message):
    with pytest.raises(ValueError, match=message):
        check_stake(stake, pot, chips)
    with pytest.raises(ValueError, match=message):
        settle("4c Jh", "9d", stake=stake, pot=pot, chips=chips)


def test_rules_defaults_and_validation():
    """R-I3 defaults (pot 20, 3 rounds, 100 chips each), every variant off; a bad value is
    refused by name when the rules are made, and the rules are frozen."""
    r = Rules()
    assert (r.pot, r.rounds, r.stacks, r.ante, r.pairs, r.variants) == (20, 3, 100, 1, "none", ())
    for field, bad, message in (
        ("pot", 0, "pot must be an integer >= 1, got 0"),
        ("rounds", -1, "rounds must be"),
        ("stacks", 2.5, "stacks must be"),
        ("ante", 0, "ante must be a positive integer"),
        ("pairs", "triples", "pairs must be one of"),
    ):
        with pytest.raises(ValueError, match=message):
            Rules(**{field: bad})
    with pytest.raises(ValueError, match="ante_all=True"):
        Rules(pairs="ante_back")
    with pytest.raises(ValueError, match="three_posts cannot be combined with hidden"):
        Rules(three_posts=True, hidden=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.pot = 5
    assert Variant is Rules


def test_rules_from_names():
    r = Rules.from_names(["low-ace", "pairs=ante-back", "ante_all", ""], ante=2, pot=10)
    assert (r.low_ace, r.pairs, r.ante_all, r.ante, r.pot) == (True, "ante_back", True, 2, 10)
    assert Rules.from_names(r.variants, ante=2, pot=10) == r
    with pytest.raises(ValueError, match="unknown variant 'wild'"):
        Rules.from_names(["wild"])


@pytest.mark.parametrize(
    ("posts", "third", "message"),
    [
        ("As 7h", float("inf"), "an integer 0..51, got inf"),
        ((1.5, 20), 30, "an integer 0..51, got 1.5"),
        ("As 7h", 60, "an integer 0..51, got 60"),
        ([48, 48], 30, "two different post cards"),
        (5, "Kd", "posts are two cards"),
    ],
)
def test_bad_cards_refused(posts, third, message):
    """Cards given as numbers are checked, not cut (``inf`` was an OverflowError; found by the
    library fuzz), and the posts are two different cards."""
    with pytest.raises(ValueError, match=message):
        settle(posts, third, stake=1, pot=1, chips=5)
