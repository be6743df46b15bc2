"""Razz players (strategies.py): the one spec parser, names, and the strategy table."""

from __future__ import annotations

import pytest

from simkit.games.razz.strategies import TIPS, parse_player, player_name, razz_strategy_table


def test_parse_player_is_the_spec_parser_of_cli_and_api():
    assert parse_player("tips") == "tips"
    assert parse_player("tips:T_KQ=0,T_SUNK=0.2") == ("tips", {"T_KQ": 0.0, "T_SUNK": 0.2})
    assert parse_player(("tight", {"P_SUNK": 0.15})) == ("tight", {"P_SUNK": 0.15})
    for bad in ("tips:T_KQ", "tips:T_KQ=x"):
        with pytest.raises(ValueError, match="write KEY=NUMBER"):
            parse_player(bad)


def test_player_names():
    assert player_name("tips:T_KQ=0") == player_name(("tips", {"T_KQ": 0})) == "tips(T_KQ=0)"
    assert player_name("tight") == player_name(("tight", {})) == "tight"


def test_string_and_tuple_specs_give_the_same_table():
    a = razz_strategy_table(["tips:T_KQ=0,T_SUNK=0.1", "tight:P_SUNK=0.15", "random"])
    b = razz_strategy_table([("tips", {"T_KQ": 0, "T_SUNK": 0.1}), ("tight", {"P_SUNK": 0.15}), "random"])
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all() and a[0][0] == TIPS
    with pytest.raises(ValueError, match="unknown tips parameter"):
        razz_strategy_table(["tips:T_NOPE=1", "tips"])
