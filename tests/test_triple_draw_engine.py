"""The full game: the rule document's worked example, chips, reshuffles, and PokerKit."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import simkit
from simkit.cards import format_cards, parse_cards
from simkit.games.triple_draw.deal import _draw, new_table_deck
from simkit.games.triple_draw.draws import choose_keep
from simkit.games.triple_draw.engine import play
from simkit.rng import stream_state


def _ev(text: str) -> int:
    return int(simkit.evaluate(parse_cards(text)[None, :], "deuce_to_seven")[0])


def _forced_draw(hand: str, keep_mask: int, new: str) -> str:
    """Draw with a pile holding exactly the cards the example says come next."""
    deck, disc, pile = new_table_deck()
    cards = parse_cards(new).astype(np.int64)
    deck[: cards.size] = cards
    pile[:] = (0, cards.size, 0)
    h = parse_cards(hand).astype(np.int64)
    m = _draw(h, keep_mask, stream_state(0), deck, disc, pile, np.zeros(5, dtype=np.int64))
    assert m == cards.size and int(pile[2]) == m  # the thrown cards are now discards
    return format_cards(h)


def test_worked_example_anna_and_ben():
    """triple_draw_27.de.txt, "Beispiel": Anna K♣ 8♥ 7♦ 3♠ 2♣, Ben 9♠ 6♦ 6♣ 4♥ 2♦."""
    anna, ben = "Kc 8h 7d 3s 2c", "9s 6d 6c 4h 2d"
    # Both play one rule: keep cards up to 9 (up to 8 at the last draw), break pairs, stand
    # pat on a 9-low (an 8-low at the last draw).
    both = ("rule", {"keep": ("8", "9", "9"), "pat": ("8", "9", "9")})
    # draw 1: Anna throws the king, Ben one of his sixes
    assert choose_keep(parse_cards(anna), 3, both) == 0b11110
    keep = choose_keep(parse_cards(ben), 3, both)
    assert bin(keep).count("1") == 4 and (keep >> 1) & 1 != (keep >> 2) & 1
    anna = _forced_draw(anna, 0b11110, "5d")
    assert sorted(anna.split()) == sorted("5d 8h 7d 3s 2c".split())  # 8-7-5-3-2
    ben = _forced_draw(ben, 0b11101, "Js")
    # draw 2: Anna stands pat; Ben throws the jack and gets the 7♠: 9-7-6-4-2
    assert choose_keep(parse_cards(anna), 2, both) == 31
    assert choose_keep(parse_cards(ben), 2, both) == 0b11101
    ben = _forced_draw(ben, 0b11101, "7s")
    # draw 3: Anna stands pat on her 8; Ben throws the 9 (drawing for a 7) and gets the 5♣
    assert choose_keep(parse_cards(anna), 1, both) == 31
    assert choose_keep(parse_cards(ben), 1, both) == 0b11110
    ben = _forced_draw(ben, 0b11110, "5c")
    assert _ev(ben) == _ev("7s 6d 5c 4h 2d") and _ev(ben) > _ev(anna)  # Ben's 7 beats Anna's 8
    # "had Ben drawn a 3 ... 7-6-4-3-2, still better; with an 8, 8-7-6-4-2 loses to 8-7-5-3-2"
    assert _ev("3c 7s 6d 4h 2d") > _ev(anna)
    assert _ev("8c 7s 6d 4h 2d") < _ev(anna)


def test_chips_conserved_with_side_pots():
    # short stacks force all-ins and side pots (R-P3); every hand must sum to zero
    for n in (2, 4, 6):
        r = play(n, ["loose", "tight", "station", "random"][:n], n_hands=3000, seed=n,
                 stacks=[7, 30, 12, 200, 5, 16][:n])
        assert r.net.sum() == 0
        assert r.showdowns > 0


@pytest.mark.slow
def test_chips_conserved_over_millions_of_hands():
    r = play(6, ["loose", "tight", "station", "random"], n_hands=2_000_000, seed=11,
             stacks=[40, 200, 25, 200, 60, 9])
    assert r.net.sum() == 0


def test_reshuffle_in_full_games_never_repeats_a_card():
    """Six check-call players drawing by 'rule' often draw more than the 22 cards left after
    the deal, so the pile is rebuilt from discards (R-T3); no card is ever twice in play."""
    r = play(6, ["check-call"], n_hands=400, seed=4, record=400)
    cards, keeps = r.records
    needed = 0
    for h in range(400):
        for d in range(4):
            assert len(set(cards[h, :, d].ravel().tolist())) == 30
        if sum(5 - bin(int(k)).count("1") for k in keeps[h].ravel()) > 22:
            needed += 1
    assert needed > 0


def test_dealer_rotation_is_fair_between_equal_players():
    r = play(3, ["tight"], n_hands=30_000, seed=8)
    t = r.table()
    assert (t.chips_per_hand.abs() < 5 * t.se + 1e-9).all()


def test_bad_input():
    with pytest.raises(ValueError, match="2-6 players"):
        play(7, ["tight"], n_hands=1)
    with pytest.raises(ValueError, match="unknown player"):
        play(2, ["shark"], n_hands=1)


# --- PokerKit differential -----------------------------------------------------------------

def _pokerkit_stacks(cards, keeps, n, dealer, stacks):
    from pokerkit import Automation as A
    from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw as G

    auto = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
            A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
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
    r = play(n, ["check-call"], n_hands=hands, seed=20 + n, record=hands, keep_per_hand=hands)
    cards, keeps = r.records
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for h in range(hands):
            stacks = [200] * n
            pk = _pokerkit_stacks(cards[h], keeps[h], n, h % n, stacks)
            assert (pk - 200).tolist() == r.per_hand[h].tolist(), f"hand {h}"


@pytest.mark.parametrize("variant", ["single-draw-nl", "a5-triple-draw", "ante"])
def test_variants_conserve_chips_and_use_their_rules(variant):
    from simkit.games.triple_draw.match import variant_setup

    setup = variant_setup(variant)
    r = play(4, ["tight", "loose", "station", "random"], n_hands=2000, seed=7, record=50,
             stacks=[200, 35, 200, 60], **setup)
    assert r.net.sum() == 0
    cards, keeps = r.records
    assert cards.shape[2] == setup["n_draws"] + 1 and keeps.shape[1] == setup["n_draws"]
    if variant == "a5-triple-draw":
        # aces low, straights ignored (R-T5): the wheel is the best hand
        wheel = simkit.evaluate(parse_cards("5s 4h 3d 2c Ah")[None, :], "ace_to_five")
        seven = simkit.evaluate(parse_cards("7s 5h 4d 3c 2h")[None, :], "ace_to_five")
        assert wheel[0] > seven[0]
    if variant == "ante":
        # everyone antes (R-T5): a seat that folds without blinding still loses a chip, so a
        # net of exactly 0 becomes rare; without the ante it is common
        with_ante = play(4, ["tight"], n_hands=2000, seed=3, keep_per_hand=2000, **setup)
        without = play(4, ["tight"], n_hands=2000, seed=3, keep_per_hand=2000)
        assert (with_ante.per_hand == 0).mean() < 0.02 < 0.2 < (without.per_hand == 0).mean()
