"""Dealer's Choice evenings (R-E7): a plain-Python referee replays logged evenings and checks
who chose which game, who dealt, the forced bets of each game, chips, and the end."""

from __future__ import annotations

import numpy as np
import pytest
from test_triple_draw_evening import _expected_forced as blinds
from test_triple_draw_evening import _next_with_chips

from simkit.evenings.dealers_choice import dealers_choice, measure_edges, parse_seat
from simkit.games.diablo.rules import Rules as DiabloRules
from simkit.games.in_between.rules import Rules as InBetweenRules
from simkit.games.razz.rules import Rules as RazzRules
from simkit.games.triple_draw.rules import Rules as TripleDrawRules

NEEDS = {"diablo": 3, "triple-draw": 2, "razz": 2, "in-between": 2}


def _forced_ok(game, dealer, before, forced, diablo_pot):
    n = len(before)
    if game == "triple-draw":
        return forced == blinds(dealer, before, TripleDrawRules())
    if game == "razz":  # every player antes; one may post a bring-in after it
        r = RazzRules()
        extra = [f - min(r.ante, b) for f, b in zip(forced, before, strict=True)]
        return all(e >= 0 for e in extra) and sum(1 for e in extra if e > 0) <= 1
    if game == "in-between":  # the dealer puts up the pot, or what they have
        want = [0] * n
        want[dealer] = min(InBetweenRules().pot, before[dealer])
        return forced == want
    ante = DiabloRules().ante  # Diablo: antes again after a void deal, none for a Diablo pot (R-D4, R-D5)
    want = [0 if diablo_pot else min(ante, b) for b in before]
    return forced == want


def referee(log, players, stacks, agreed, favourites):
    n = len(players)
    for _, ev in log.groupby("evening", sort=True):
        previous = [stacks] * n
        chooser = None
        caller = None
        carried = 0
        last_dealer = -1
        diablo_pot = False  # the pot carried in is an opener's new pot, not a void deal's
        for r in ev.itertuples():
            before = [getattr(r, f"before_{s}") for s in range(n)]
            after = [getattr(r, f"stack_{s}") for s in range(n)]
            forced = [getattr(r, f"forced_{s}") for s in range(n)]
            game = str(r.game)
            assert before == previous
            assert sum(after) + r.carried == n * stacks, "one chip currency, conserved"
            for s in range(n):
                if before[s] == 0:
                    assert forced[s] == 0 and after[s] == 0, "a broke player is out"
            with_chips = [s for s in range(n) if before[s] > 0]
            if carried:  # a Diablo series runs: Diablo again, the deal passing left
                assert game == "diablo"
                if r.outcome == 3:  # the last player takes the pot (no deal)
                    assert len(with_chips) == 1 and r.dealer == with_chips[0]
                else:
                    assert r.dealer == _next_with_chips(last_dealer, before)
            else:
                if chooser is not None:
                    assert r.dealer == chooser, "the chooser deals the game they name"
                assert len(with_chips) >= NEEDS[game], "a game is named only when enough have chips"
                fav = favourites[r.dealer]
                if fav is not None and len(with_chips) >= NEEDS[fav]:
                    assert game == fav, "the favourite is named when it can be dealt"
                if game == "diablo":
                    caller = r.dealer
            assert before[r.dealer] > 0 or r.outcome == 3
            if r.outcome != 3:
                assert _forced_ok(game, r.dealer, before, forced, diablo_pot)
            carried = r.carried
            # an opener's new pot stays a Diablo pot through void deals (no antes for it)
            diablo_pot = carried > 0 and (r.outcome in (0, 1) or (r.outcome == 2 and diablo_pot))
            last_dealer = r.dealer
            previous = after
            if not carried:  # next chooser: left of whoever called Diablo, else of this dealer
                base = caller if game == "diablo" else r.dealer
                left = [s for s in range(n) if after[s] > 0]
                chooser = _next_with_chips(base, after) if len(left) >= 1 else None
        last = ev.iloc[-1]
        deals = int(last["deal"])
        with_chips = sum(1 for c in previous if c > 0)
        assert carried == 0 or with_chips == 0
        assert with_chips < 2 or (agreed and deals >= agreed), "the evening ends by R-E3 and R-E4 only"
        if agreed and deals > agreed:
            assert (ev[ev["deal"] > agreed]["game"] == "diablo").all(), "only a running series plays on"


@pytest.mark.parametrize(
    "players",
    [
        ["tips@diablo", "tight@razz", "passive@in-between", "loose-aggressive@triple-draw"],
        ["tips@random", "tight@random", "passive@random"],
    ],
)
def test_referee_replays_dealers_choice_evenings(players):
    favourites = [c if c not in ("random", "best") else None for _, c in map(parse_seat, players)]
    ev = dealers_choice(players, evenings=200, stacks=30, deals=30, seed=4, log=200, quiet=True)
    assert ev.log["evening"].nunique() == 200
    referee(ev.log, players, 30, 30, favourites)
    assert set(ev.log["game"]) == {"diablo", "triple-draw", "razz", "in-between"}
    assert sum(v for k, v in ev.summary.items() if k.startswith("share_")) == pytest.approx(1.0)


def test_best_chooses_by_the_edges_given():
    players = ["tips@best", "passive@best", "tight@random"]
    edges = measure_edges(players, ["razz", "in-between"], {}, stacks=50, evenings=20, seed=1)
    assert set(edges["game"]) == {"razz", "in-between"} and len(edges) == 6
    rigged = edges.assign(edge=np.where(edges["game"] == "in-between", 1.0, -1.0))
    ev = dealers_choice(
        players,
        games=["razz", "in-between"],
        edges=rigged,
        evenings=20,
        stacks=50,
        deals=12,
        seed=2,
        log=20,
        quiet=True,
    )
    named = ev.log[ev.log["dealer"].isin([0, 1])]
    assert (named["game"] == "in-between").all()


def test_only_the_agreed_games_are_dealt_and_chips_are_conserved():
    ev = dealers_choice(
        ["tips@random", "tight@random"],
        games=["razz", "triple-draw"],
        evenings=30,
        stacks=40,
        deals=0,
        seed=3,
        log=30,
        quiet=True,
    )
    assert set(ev.log["game"]) <= {"razz", "triple-draw"}
    assert ev.seats["final_chips"].sum() == pytest.approx(80)
    assert ev.summary["anyone_broke"] == 1.0  # to the last player


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["tips"]}, "STRATEGY@CHOICE"),
        ({"players": ["shark@best", "tips@best"]}, "unknown strategy 'shark'"),
        ({"players": ["tips@whim", "tips@best"]}, "unknown choice policy 'whim'"),
        ({"players": ["tips@diablo", "tight@razz"], "games": ["razz"]}, "not in the agreed games"),
        ({"players": ["tips@random"] * 8}, "2 to 6 players, got 8"),
        ({"games": ["poker"]}, "games must be"),
        ({"stacks": 0}, "stacks"),
        ({"deals": -2}, "deals"),
        ({"rules": {"chess": None}}, "unknown games"),
    ],
)
def test_bad_input_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        dealers_choice(evenings=1, quiet=True, **kwargs)
