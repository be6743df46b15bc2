"""Full games through the entry points: chips, reshuffles, dealer rotation, variants, matches,
and the engine against PokerKit on the same deals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import simkit
from simkit.cards import format_cards, parse_cards
from simkit.games.triple_draw import Player, Rules
from simkit.games.triple_draw.jobs import MatchJob, match, play
from simkit.games.triple_draw.rules import VARIANTS


def test_chips_conserved_with_side_pots():
    # short stacks force all-ins and side pots (R-P3); every hand must sum to zero
    for n in (2, 4, 6):
        r = play(
            ["loose", "tight", "station", "random", "random", "random"][:n],
            hands=3000,
            seed=n,
            stacks=[7, 30, 12, 200, 5, 16][:n],
        )
        assert r.net.sum() == 0
        assert r.showdowns > 0


@pytest.mark.slow
def test_chips_conserved_over_millions_of_hands():
    r = play(
        ["loose", "tight", "station", "random", "random", "random"],
        hands=2_000_000,
        seed=11,
        stacks=[40, 200, 25, 200, 60, 9],
    )
    assert r.net.sum() == 0


def test_reshuffle_in_full_games_never_repeats_a_card():
    """Six check-call players drawing by 'rule' often draw more than the 22 cards left after
    the deal, so the pile is rebuilt from discards (R-T3); no card is ever twice in play."""
    r = play(["check-call"] * 6, hands=400, seed=4, record=400)
    cards, keeps = r.records
    needed = 0
    for h in range(400):
        for d in range(4):
            assert len(set(cards[h, :, d].ravel().tolist())) == 30
        if sum(5 - bin(int(k)).count("1") for k in keeps[h].ravel()) > 22:
            needed += 1
    assert needed > 0


def test_dealer_rotation_is_fair_between_equal_players():
    r = play(["tight"] * 3, hands=30_000, seed=8)
    t = r.table()
    assert (t.chips_per_hand.abs() < 5 * t.se + 1e-9).all()


def test_bad_input():
    with pytest.raises(ValueError, match="2-6 players"):
        play(["tight"] * 7, hands=1)
    with pytest.raises(ValueError, match="2-6 players"):
        play(7, ["tight"], n_hands=1)  # the earlier form
    with pytest.raises(ValueError, match="unknown player"):
        play(["shark", "tight"], hands=1)
    with pytest.raises(ValueError, match="unknown player"):
        play(2, ["shark"], n_hands=1)


# --- PokerKit differential -----------------------------------------------------------------


def _pokerkit_stacks(cards, keeps, n, dealer, stacks):
    from pokerkit import Automation as A
    from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw as G

    auto = (
        A.ANTE_POSTING,
        A.BET_COLLECTION,
        A.BLIND_OR_STRADDLE_POSTING,
        A.CARD_BURNING,
        A.HOLE_CARDS_SHOWING_OR_MUCKING,
        A.HAND_KILLING,
        A.CHIPS_PUSHING,
        A.CHIPS_PULLING,
    )
    seats = [(dealer + 1 + i) % n for i in range(n)]  # PokerKit player i: i-th left of dealer
    state = G.create_state(auto, True, 0, (1, 2), 2, 4, tuple(stacks[s] for s in seats), n)
    for s in seats:
        state.deal_hole(format_cards(cards[s, 0]).replace(" ", ""))
    for d in range(1, 4):
        while state.can_check_or_call():
            state.check_or_call()
        new = {}
        for s in seats:
            keep = int(keeps[d - 1, s])
            old = cards[s, d - 1]
            thrown = [old[i] for i in range(5) if not (keep >> i) & 1]
            state.stand_pat_or_discard(format_cards(thrown).replace(" ", "") if thrown else "")
            new[s] = [cards[s, d][i] for i in range(5) if not (keep >> i) & 1]
        for s in seats:
            if new[s]:
                state.deal_hole(format_cards(new[s]).replace(" ", ""))
    while state.can_check_or_call():
        state.check_or_call()
    assert not state.status
    out = np.zeros(n, dtype=np.int64)
    for i, s in enumerate(seats):
        out[s] = state.stacks[i]
    return out


@pytest.mark.parametrize("n", [2, 3, 6])
def test_engine_matches_pokerkit_on_same_deals_and_check_call(n):
    hands = 60 if n < 6 else 40
    r = play(["check-call"] * n, hands=hands, seed=20 + n, record=hands, keep_per_hand=hands)
    cards, keeps = r.records
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for h in range(hands):
            stacks = [200] * n
            pk = _pokerkit_stacks(cards[h], keeps[h], n, h % n, stacks)
            assert (pk - 200).tolist() == r.per_hand[h].tolist(), f"hand {h}"


@pytest.mark.parametrize("variant", ["single-draw-nl", "a5-triple-draw", "ante"])
def test_variants_conserve_chips_and_use_their_rules(variant):
    rules = VARIANTS[variant]
    r = play(
        ["tight", "loose", "station", "random"],
        hands=2000,
        seed=7,
        record=50,
        stacks=[200, 35, 200, 60],
        rules=rules,
    )
    assert r.net.sum() == 0
    cards, keeps = r.records
    assert cards.shape[2] == rules.draws + 1 and keeps.shape[1] == rules.draws
    if variant == "a5-triple-draw":
        # aces low, straights ignored (R-T5): the wheel is the best hand
        wheel = simkit.evaluate(parse_cards("5s 4h 3d 2c Ah")[None, :], "ace_to_five")
        seven = simkit.evaluate(parse_cards("7s 5h 4d 3c 2h")[None, :], "ace_to_five")
        assert wheel[0] > seven[0]
    if variant == "ante":
        # everyone antes (R-T5): a seat that folds without blinding still loses a chip, so a
        # net of exactly 0 becomes rare; without the ante it is common
        with_ante = play(["tight"] * 4, hands=2000, seed=3, keep_per_hand=2000, rules=rules)
        without = play(["tight"] * 4, hands=2000, seed=3, keep_per_hand=2000)
        assert (with_ante.per_hand == 0).mean() < 0.02 < 0.2 < (without.per_hand == 0).mean()


# --- the API: one spec per seat, the earlier forms ---------------------------------------------


def test_earlier_forms_play_the_same_hands():
    new = play(["tight", "loose", "loose"], hands=500, seed=4, keep_per_hand=500)
    old = play(3, ["tight", "loose"], n_hands=500, seed=4, keep_per_hand=500)
    assert (new.per_hand == old.per_hand).all()
    a = match(["tight", "station", "station"], variant="ante", stacks=50, hands=2000, seed=1, quiet=True)
    b = match(3, ["tight", "station"], variant="ante", stacks=50, hands=2000, seed=1, quiet=True)
    c = match(["tight", "station", "station"], rules=Rules(ante=1, stacks=50), hands=2000, seed=1, quiet=True)
    assert a.equals(b) and a.equals(c)
    assert a.player.tolist() == ["tight", "station", "station"] and a.variant[0] == "ante"


def test_player_specs_and_objects_give_the_same_games():
    a = play(["sunk-cost", "tight:draw=rule7", "loose"], hands=800, seed=2, keep_per_hand=800)
    b = play(
        [Player("tight", "table", {"P_SUNK": 0.15}), Player("tight", "rule7"), "loose"],
        hands=800,
        seed=2,
        keep_per_hand=800,
    )
    assert (a.per_hand == b.per_hand).all()
    assert a.table().player.tolist()[0] == "sunk-cost"


def test_match_job_params_name_the_rules():
    job = MatchJob(("tight", "loose"), VARIANTS["single-draw-nl"])
    p = job.params()
    assert p["rules"]["draws"] == 1 and p["rules"]["limit"] == "no-limit"
    with pytest.raises(ValueError, match="rules or variant"):
        match(["tight", "loose"], rules=Rules(), variant="ante", hands=10)
