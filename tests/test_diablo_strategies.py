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


# --- opening levels by situation: the carried Diablo pot, the players still to speak -----------


def test_situational_levels_parse_into_sorted_steps():
    p = parse_player("trips:open_carried=straight,carried_from=20,last_to_speak=two_pair")
    assert p == Player("trips", open_carried={20: "straight"}, to_speak={0: "two_pair"})
    assert parse_player("trips:open_carried=two_pair").open_carried == ((1, "two_pair"),)
    p = parse_player("pair:open_carried=40@straight/10@trips,to_speak=2@two_pair/0@jacks")
    assert p.open_carried == ((10, "trips"), (40, "straight"))
    assert p.to_speak == ((0, "jacks"), (2, "two_pair"))
    assert Player("trips", open_carried=[(10, "trips")]) == Player("trips", open_carried={10: "trips"})
    # a plain player is described as before the situational levels existed
    assert repr(Player("trips")) == "Player(open_at='trips', bluff=0.0, kind='tight', params={})"
    assert Player("trips").spec() == {"open_at": "trips", "bluff": 0.0, "kind": "tight", "params": {}}
    assert Player("trips", to_speak={0: "pair"}).spec()["to_speak"] == [[0, "pair"]]


@pytest.mark.parametrize(
    "bad,needle",
    [
        ("trips:open_carried=sometimes", "open_carried: unknown opening level 'sometimes'"),
        ("trips:open_carried=20@sometimes", "open_carried: unknown opening level"),
        ("trips:open_carried=x@trips", "open_carried: step 'x@trips'"),
        ("trips:open_carried=20", "open_carried: unknown opening level '20'"),
        ("trips:open_carried=0@trips", "open_carried: 0 must be an integer of at least 1"),
        ("trips:open_carried=5@trips/5@pair", "open_carried: a number given twice"),
        ("trips:open_carried=10@pair,carried_from=5", "carried_from goes with open_carried=LEVEL"),
        ("trips:open_carried=pair,carried_from=0", "carried_from must be at least 1"),
        ("trips:open_carried=pair,carried_from=lots", "carried_from must be a whole number"),
        ("trips:carried_from=20", "carried_from=20 needs open_carried"),
        ("trips:open_carried=pair,open_carried=trips", "open_carried given twice"),
        ("trips:last_to_speak=sometimes", "to_speak: unknown opening level"),
        ("trips:to_speak=-1@pair", "to_speak: -1 must be an integer of at least 0"),
        ("trips:to_speak=pair", "to_speak: step 'pair' must be NUMBER@LEVEL"),
        ("trips:to_speak=0@pair,last_to_speak=jacks", "to_speak or last_to_speak, not both"),
        ("trips:to_speak=" + "/".join(f"{k}@pair" for k in range(9)), "to_speak: at most 8 steps"),
    ],
)
def test_bad_situational_levels_are_refused_by_name(bad, needle):
    with pytest.raises(ValueError, match=needle):
        parse_player(bad)


def test_bad_situational_levels_of_a_player_are_refused_by_name():
    for kw, needle in (
        ({"open_carried": {10: "sometimes"}}, "open_carried: unknown opening level"),
        ({"open_carried": {2.5: "trips"}}, "open_carried: 2.5 must be an integer"),
        ({"open_carried": "trips"}, "open_carried must be pairs"),
        ({"to_speak": {-2: "pair"}}, "to_speak: -2 must be an integer of at least 0"),
    ):
        with pytest.raises(ValueError, match=needle):
            Player("trips", **kw)


def test_situational_arrays_are_empty_without_levels_and_padded_with_them():
    plain = players(["trips"] * 3)
    assert plain.carried_floor.shape == (3, 0, 2) and plain.speak_floor.shape == (3, 0, 2)
    mixed = players(["trips:open_carried=10@two_pair/40@straight", "pair:last_to_speak=jacks", "never"])
    assert mixed.carried_floor.shape == (3, 2, 2) and mixed.speak_floor.shape == (3, 1, 2)
    assert mixed.carried_floor[0, :, 0].tolist() == [10, 40]
    assert mixed.carried_floor[1, 0, 0] > 10**15  # padding no pot reaches
    assert mixed.speak_floor[0, 0, 0] == -1 and mixed.speak_floor[1, 0, 0] == 0
