"""The game's facts and its one Rules: targets, defaults (R-T4), variants (R-T5), validation."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.games.triple_draw.rules import (
    VARIANTS,
    Rules,
    check_players,
    rules_for,
    target_threshold,
    worst_low,
)
from simkit.poker.structure import single_draw_27_no_limit, triple_draw_27


def test_thresholds_are_the_worst_lows():
    assert worst_low("7") == "7c 6d 5h 4s 2c"
    assert target_threshold("7") > target_threshold("8") > target_threshold("9") > target_threshold("10")


def test_rules_build_the_structures_of_the_variants():
    same = lambda a, b: np.array_equal(a.limits, b.limits) and np.array_equal(a.forced, b.forced)
    assert same(Rules().structure(), triple_draw_27())
    assert same(VARIANTS["ante"].structure(), triple_draw_27(ante=1))
    assert same(VARIANTS["a5-triple-draw"].structure(), triple_draw_27())
    assert same(VARIANTS["single-draw-nl"].structure(), single_draw_27_no_limit())
    assert same(
        Rules(small_blind=2, big_blind=4, small_bet=4, big_bet=8).structure(), triple_draw_27(2, 4, 4, 8)
    )
    assert Rules(draws=1).structure().limits[:, 1].tolist() == [2, 4]
    assert Rules(max_raises=-1).structure().limits[:, 3].tolist() == [-1] * 4
    assert VARIANTS["a5-triple-draw"].family == "ace_to_five" and Rules().stacks == 200


@pytest.mark.parametrize(
    "kw,needle",
    [
        ({"stacks": 0}, "stacks must be a positive chip count, got 0"),
        ({"ante": -1}, "ante must be a non-negative chip count, got -1"),
        ({"small_blind": 3}, "small_blind must not exceed big_blind 2, got 3"),
        ({"draws": 4}, "draws must be 1, 2 or 3, got 4"),
        ({"family": "high"}, "unknown family 'high'"),
        ({"limit": "pot"}, "unknown limit 'pot'"),
        ({"max_raises": -2}, "max_raises must be -1"),
        ({"big_bet": 2.5}, "big_bet must be an integer, got 2.5"),
    ],
)
def test_rules_validation_names_the_bad_value(kw, needle):
    with pytest.raises(ValueError, match=needle.replace("(", r"\(")):
        Rules(**kw)


def test_variants_and_table_sizes():
    assert rules_for("ante", stacks=50) == Rules(ante=1, stacks=50)
    with pytest.raises(ValueError, match="unknown variant"):
        rules_for("razz")
    assert check_players(6) == 6
    for bad in (1, 7, True, 2.0):
        with pytest.raises(ValueError, match="2-6 players"):
            check_players(bad)
