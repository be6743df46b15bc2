"""Diablo players: the one parser of player specs, shared by the CLI and the Python API."""

from __future__ import annotations

import pytest

from simkit.games.diablo.strategies import Player, parse_player, player, players


def test_parse_player_specs():
    assert parse_player("trips") == Player("trips")
    p = parse_player("two_pair:bluff=0.1,kind=loose-aggressive,P_CALL=0.6")
    assert p == Player("two_pair", bluff=0.1, kind="loose-aggressive", params={"P_CALL": 0.6})
    assert player(p) is p and player("jacks") == Player("jacks")
    for bad, needle in (
        ("trips:bluff", "key=value"),
        ("trips:bluff=lots", "bluff"),
        ("trips:P_CALL=x", "P_CALL"),
        ("sometimes", "sometimes"),
        ("trips:kind=wild", "kind"),
    ):
        with pytest.raises(ValueError, match=needle):
            parse_player(bad)


def test_text_specs_and_players_give_the_same_arrays():
    a = players(["trips", "two_pair:bluff=0.05", "pair:kind=random"])
    b = players([Player("trips"), Player("two_pair", bluff=0.05), Player("pair", kind="random")])
    for x, y in zip(a, b):
        assert x.tolist() == y.tolist()
    with pytest.raises(ValueError, match="unknown strategy parameter"):
        players(["trips:P_NOPE=1"])
