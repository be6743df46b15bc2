"""Draw strategies, the score, player presets and the player-spec parser."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.triple_draw.keep_table import keep_table
from simkit.games.triple_draw.rules import _value
from simkit.games.triple_draw.strategies import (
    PLAYERS,
    Player,
    choose_keep,
    draw_table,
    hand_score,
    parse_player,
    player_tables,
    score_targets,
)


def test_rule_strategy():
    h = parse_cards("9s 8h 6d 4c 2s").astype(np.int64)
    assert choose_keep(h, 3, "rule") == 31  # a made 9-low stands pat (pat on T-low or better)
    h = parse_cards("Js 8h 6d 4c 2s").astype(np.int64)
    assert choose_keep(h, 2, "rule") == 0b11110  # J thrown
    h = parse_cards("7s 6s 5s 3s 2s").astype(np.int64)  # a flush: throw the 7
    assert choose_keep(h, 1, "rule") == 0b11110
    assert choose_keep(h, 1, "pat") == 31
    with pytest.raises(ValueError, match="unknown draw strategy"):
        draw_table(["nope"])


def test_table_strategy_prefers_more_low_cards():
    h = parse_cards("Ks Qh 7d 4c 2s").astype(np.int64)
    assert choose_keep(h, 3, "table") == 0b11100


def test_scores_order_hands():
    assert hand_score(parse_cards("7s 5h 4d 3c 2s"), 0) > hand_score(parse_cards("9s 8h 6d 4c 2s"), 0)
    assert hand_score(parse_cards("7s 5h 4d 3c Ks"), 1) > hand_score(parse_cards("Qs 5h 5d 3c Ks"), 1)
    with pytest.raises(ValueError, match="draws_left"):
        hand_score(parse_cards("7s 5h 4d 3c 2s"), 4)


@pytest.mark.parametrize("family", ["deuce_to_seven", "ace_to_five"])
def test_drawing_score_is_the_mean_chance_of_the_three_targets(family):
    """The score with draws to come, read from one table, is the rank model's chance of each
    score target averaged, for every hand of a sample of random deals (pairs included)."""
    tab = keep_table(family)
    xs = score_targets(family)
    rng = np.random.default_rng(7)
    for _ in range(300):
        hand = rng.choice(52, 5, replace=False)
        held = 0
        for c in hand:
            held |= 1 << int(_value(int(c), family == "ace_to_five"))
        for d in (1, 2, 3):
            chances = [tab.value[x, d, held & ((2 << int(x)) - 1)] for x in xs]
            assert hand_score(hand, d, family) == sum(chances) / 3  # the same sum, bit for bit


def test_player_specs():
    assert parse_player("sunk-cost") == PLAYERS["sunk-cost"] == Player("tight", "table", {"P_SUNK": 0.15})
    p = parse_player("loose:draw=table7, P_BLUFF=0.3,bet=tight")
    assert p == Player("tight", "table7", (("P_BLUFF", 0.3),))
    assert parse_player(("tight", "rule")) == PLAYERS["tight-rule"]  # the earlier pair form
    kinds, params, dkinds, _ = player_tables(["sunk-cost", "loose:P_SUNK=0.2"])
    assert kinds.tolist() == [2, 3] and params[0, 5] == 0.15 and params[1, 5] == 0.2
    assert dkinds.tolist() == [1, 0]
    for bad, needle in [
        ("shark", "unknown player"),
        ("tight:draw=wild", "unknown draw strategy"),
        ("tight:bet=shark", "unknown betting strategy"),
        ("tight:P_NOPE=1", "unknown strategy parameter"),
        ("tight:P_SUNK=x", "must be a number"),
        ("tight:pat", "key=value"),
    ]:
        with pytest.raises(ValueError, match=needle):
            parse_player(bad)
