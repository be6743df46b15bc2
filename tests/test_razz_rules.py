"""Razz rules (rules.py): the one Rules of a table, its R-Z5/R-Z7 defaults and checks, the
variants, and the betting structure it builds."""

from __future__ import annotations

import pytest

from simkit.games.razz import DEFAULTS, VARIANTS, Rules
from simkit.games.razz.rules import VARIANT_NAMES, as_rules, variant_code
from simkit.poker.structure import razz as poker_razz


def test_defaults_are_the_rulings():
    r = Rules()
    assert (
        r.variant,
        r.ante,
        r.bring_in,
        r.small_bet,
        r.big_bet,
        r.stacks,
        r.max_raises,
        r.private_ante,
    ) == ("razz", 1, 2, 5, 10, 200, 3, 2)  # R-Z5, R-Z3, R-Z7
    assert DEFAULTS == {
        "ante": 1,
        "bring_in": 2,
        "small_bet": 5,
        "big_bet": 10,
        "chips": 200,
        "private_ante": 2,
        "min_players": 2,
        "max_players": 8,
    }


def test_variants_map_each_name_to_its_rules_in_kernel_order():
    assert list(VARIANTS) == list(VARIANT_NAMES)
    for i, (name, rules) in enumerate(VARIANTS.items()):
        assert rules == Rules(variant=name) and rules.code == variant_code(name) == i


@pytest.mark.parametrize(
    "rules,reference",
    [
        (Rules(), poker_razz()),
        (Rules(variant="private"), poker_razz(private=True, ante=2)),
        (
            Rules(variant="stud-hilo", ante=3, bring_in=1, small_bet=4, big_bet=8),
            poker_razz(ante=3, bring_in=1, small_bet=4, big_bet=8),
        ),
    ],
)
def test_structure_is_the_shared_razz_structure(rules, reference):
    s = rules.structure()
    assert s.limits.tolist() == reference.limits.tolist()
    assert s.forced.tolist() == reference.forced.tolist()


def test_max_raises_and_private_ante_reach_the_structure():
    assert Rules(max_raises=1).structure().limits[:, 3].tolist() == [1] * 5
    assert Rules(variant="private", private_ante=5).ante_posted == 5
    assert Rules(private_ante=5).ante_posted == 1


@pytest.mark.parametrize(
    "changes,message",
    [
        (dict(variant="stud8"), "unknown variant 'stud8'"),
        (dict(ante=-1), "ante must be a whole number >= 0, got -1"),
        (dict(small_bet=0), "small_bet must be a whole number >= 1, got 0"),
        (dict(stacks=1.5), "stacks must be a whole number >= 1, got 1.5"),
        (dict(max_raises=True), "max_raises must be a whole number >= 0, got True"),
        (dict(bring_in=5), "bring_in must be smaller than small_bet=5, got 5"),
    ],
)
def test_bad_rules_name_the_value(changes, message):
    with pytest.raises(ValueError, match=message):
        Rules(**changes)
    with pytest.raises(ValueError, match=message):
        Rules().replace(**changes)


def test_as_rules_applies_the_older_shorthands():
    assert as_rules() == Rules()
    assert as_rules(Rules(ante=3), variant="private", stacks=50) == Rules(
        variant="private", ante=3, stacks=50
    )
    with pytest.raises(ValueError, match="rules must be a razz Rules"):
        as_rules({"variant": "razz"})
