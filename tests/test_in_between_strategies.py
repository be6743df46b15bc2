"""The players (``strategies.py``): stake policies, presets and the one player-spec parser."""

from __future__ import annotations

import pytest
from in_between_policy_example import half_pot_from_eight

from simkit.games.in_between import (
    Policy,
    PythonPolicy,
    half_kelly,
    kelly,
    never,
    parse_player,
    parse_players,
    parse_policy,
    pass_below,
    pot_fraction,
)


@pytest.mark.parametrize(
    "spec, policy",
    [
        ("half_kelly", half_kelly()),
        ("kelly+count", kelly(counting=True)),
        ("kelly:param=1,counting=1", kelly(counting=True)),
        ("pot:0.5", pot_fraction(0.5)),
        ("pot_fraction:param=0.5,min_spread=8", pot_fraction(0.5)),
        ("Pot-Fraction:0.25@9", pot_fraction(0.25, min_spread=9)),
        ("pass_below:9", pass_below(9)),
        ("never", never()),
    ],
)
def test_spec_forms(spec, policy):
    assert parse_policy(spec) == policy == parse_player(spec)
    assert parse_policy(policy.label) == policy  # a label reads back


def test_parse_player_takes_every_form():
    pol = kelly(0.5)
    assert parse_player(pol) is pol
    py = PythonPolicy(half_pot_from_eight)
    assert parse_player(py) is py
    f = parse_player(half_pot_from_eight)
    assert isinstance(f, PythonPolicy) and f.func is half_pot_from_eight
    g = parse_player("python:in_between_policy_example:half_pot_from_eight")
    assert g.func is half_pot_from_eight and g.label == "python:in_between_policy_example:half_pot_from_eight"
    assert [p.label for p in parse_players(["kelly", "pot:0.5@9"])] == ["kelly:1", "pot_fraction:0.5@9"]
    assert parse_players("never", seats=3) == (never(),) * 3


@pytest.mark.parametrize(
    "spec, message",
    [
        ("bluff", "unknown policy 'bluff'"),
        ("kelly:x", "bad parameter"),
        ("kelly@x", "bad min_spread"),
        ("kelly:param=1,colour=red", "bad setting 'colour=red'"),
        ("pot:2", r"takes a fraction in \[0, 1\]"),
        ("python:nope", "python:MODULE:FUNCTION"),
        ("python:in_between_policy_example:nothing", "cannot load policy"),
        (3, "a player is a Policy"),
    ],
)
def test_bad_specs_refused(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_player(spec)


def test_parse_players_seat_count():
    with pytest.raises(ValueError, match="one policy per seat"):
        parse_players("kelly")
    with pytest.raises(ValueError, match="seats=4 but 3 policies"):
        parse_players(["kelly"] * 3, seats=4)
    with pytest.raises(ValueError, match="seats must be"):
        parse_players("kelly", seats=-1)
    assert isinstance(parse_players([Policy("fixed", 2)])[0], Policy)
