"""The compiled game: the draw pile (R-T3), the rule document's worked example, and one hand
at a table state (``_play_hand``): chips conserved with carried stacks, seats that are out,
and the batch kernel as a loop of hands."""

from __future__ import annotations

import numpy as np
import pytest

import simkit
from simkit.cards import format_cards, parse_cards
from simkit.games.table import (
    REC_DEALER,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_DEALER,
    TABLE_IN,
    TABLE_STACK,
    chips_on_table,
    drop_broke,
    new_table,
    next_dealer,
    seats_in,
)
from simkit.games.triple_draw.engine import (
    OUTCOME_NO_HAND,
    OUTCOME_SHOWDOWN,
    OUTCOME_UNCONTESTED,
    REC_AT_END,
    REC_ROUNDS,
    REC_SIZE,
    _deal,
    _draw,
    _new_work,
    _play_batch,
    _play_hand,
    _reset_deck,
    new_table_deck,
)
from simkit.games.triple_draw.jobs import game_tuple
from simkit.games.triple_draw.rules import VARIANTS, Rules
from simkit.games.triple_draw.strategies import choose_keep
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


def test_draw_replaces_exactly_the_cards_not_kept():
    """Every one of the 32 keep masks: the kept positions keep their cards, the others get
    the pile's cards, and the thrown cards join the discards in the order of their positions."""
    hand0 = parse_cards("Kc 8h 7d 3s 2c").astype(np.int64)
    for keep in range(32):
        thrown_pos = [i for i in range(5) if not (keep >> i) & 1]
        deck, disc, pile = new_table_deck()
        deck[:5] = parse_cards("4d 5d 6d 9d Td").astype(np.int64)
        pile[:] = (0, len(thrown_pos), 0)
        hand = hand0.copy()
        m = _draw(hand, keep, stream_state(keep), deck, disc, pile, np.zeros(5, dtype=np.int64))
        assert m == len(thrown_pos) == int(pile[2])
        for i in range(5):
            if i not in thrown_pos:
                assert hand[i] == hand0[i]
        assert sorted(hand[thrown_pos].tolist()) == sorted(deck[: len(thrown_pos)].tolist())
        assert disc[:m].tolist() == hand0[thrown_pos].tolist()


def test_reshuffle_six_players_never_repeats_a_card():
    """Six players throwing all five cards three times need 90 draws from a 22-card pile: the
    pile is rebuilt from discards (R-T3), and no card is ever twice in play."""
    deck, disc, pile = new_table_deck()
    state = stream_state(5)
    hands = np.zeros((6, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    rebuilt = 0
    for _ in range(30):
        _reset_deck(deck, pile)
        _deal(hands, 6, state, deck, pile)
        for d in range(3):
            for s in range(6):
                old = set(hands[s].tolist())
                size_before = int(pile[1] - pile[0])
                _draw(hands[s], 0, state, deck, disc, pile, thrown)
                if size_before < 5:
                    rebuilt += 1
                    # the player's own discards are not in the new pile: none comes back
                    assert not old & set(hands[s].tolist())
                in_hands = hands.ravel().tolist()
                in_pile = deck[pile[0] : pile[1]].tolist()
                in_disc = disc[: pile[2]].tolist()
                assert len(set(in_hands)) == 30
                everything = in_hands + in_pile + in_disc
                assert sorted(everything) == list(range(52)), "every card exactly once"
    assert rebuilt > 0


# --- one hand at a table state ---------------------------------------------------------------


def _game(players, rules=None):
    return game_tuple(players, rules or Rules())


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_chips_conserved_over_an_evening_with_carried_stacks(variant):
    """Stacks carry from hand to hand (no reset), a player who goes broke is out (R-E1), and
    the deal passes left among the players still in: chips are conserved in every hand."""
    rules = VARIANTS[variant]
    players = ["loose", "random", "check-call", "loose", "random", "tight"]
    game = _game(players, rules)
    work = _new_work(6, rules.draws, 0)
    record = np.zeros(REC_SIZE, dtype=np.int64)
    rng = stream_state(17)
    evenings = 0
    for start in ([30, 12, 25, 8, 40, 20], [5, 5, 5, 5, 5, 5], [60, 3, 0, 9, 1, 30]):
        table = new_table(np.array(start, dtype=np.int64), dealer=1 if start[0] != 5 else 0)
        total = chips_on_table(table)
        for _ in range(3000):
            if seats_in(table) < 2:
                break
            before = table.copy()
            assert _play_hand(table, game, rng, work, record) == 0
            assert chips_on_table(table) == total
            # a seat that is out is never dealt in and its stack does not move
            out = before[TABLE_IN : TABLE_IN + 6] == 0
            assert (
                table[TABLE_STACK : TABLE_STACK + 6][out] == before[TABLE_STACK : TABLE_STACK + 6][out]
            ).all()
            assert record[REC_PLAYERS] == 6 - out.sum()
            assert record[REC_DEALER] == before[TABLE_DEALER]
            assert record[REC_OUTCOME] in (OUTCOME_SHOWDOWN, OUTCOME_UNCONTESTED)
            assert (record[REC_OUTCOME] == OUTCOME_SHOWDOWN) == (record[REC_AT_END] >= 2)
            assert 1 <= record[REC_ROUNDS] <= rules.draws + 1
            assert (table[TABLE_STACK : TABLE_STACK + 6] >= 0).all()
            drop_broke(table)
            next_dealer(table)
        evenings += seats_in(table) == 1
    assert evenings >= 1  # some evening was played down to one player


def test_a_seat_that_is_out_is_never_dealt_in():
    players = ["check-call"] * 4
    game = _game(players)
    work = _new_work(4, 3, 0)
    hands, drew, cards = work[4], work[7], work[13]
    record = np.zeros(REC_SIZE, dtype=np.int64)
    rng = stream_state(3)
    table = new_table(np.array([50, 80, 50, 50], dtype=np.int64), dealer=0)
    table[TABLE_IN + 1] = 0  # seat 1 has left the evening (its chips stay on the table)
    total = chips_on_table(table)
    marker = np.full(5, -7, dtype=np.int64)
    for _ in range(300):
        hands[1] = marker
        cards[:, 1] = marker
        assert _play_hand(table, game, rng, work, record) == 0
        assert (hands[1] == marker).all() and (cards[:, 1] == marker).all()
        assert (drew[:, 1] == -1).all()
        assert record[REC_PLAYERS] == 3 and record[REC_POT] >= 3  # blinds posted by the others
        assert table[TABLE_STACK + 1] == 80 and chips_on_table(table) == total
        for s in range(4):
            table[TABLE_STACK + s] = 80 if s == 1 else 50  # fresh stacks, seat 1 still out
        next_dealer(table)
        assert table[TABLE_DEALER] != 1  # skipped as dealer
    # one player left: nothing is dealt and no random number is drawn
    table = new_table(np.array([0, 30, 0, 0], dtype=np.int64), dealer=1)
    before = rng.copy()
    assert _play_hand(table, game, rng, work, record) == 0
    assert record[REC_OUTCOME] == OUTCOME_NO_HAND and (rng == before).all()
    assert table[TABLE_STACK + 1] == 30


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_batch_kernel_equals_a_loop_of_hands(variant):
    rules = VARIANTS[variant]
    players = ["tight", "loose", "station", "random", "sunk-cost"]
    n, hands = len(players), 400
    stacks = np.array([200, 35, 200, 60, 9], dtype=np.int64)
    game = _game(players, rules)
    thr = np.array([0, 10**9], dtype=np.int64)
    net, net_sq = np.zeros(n), np.zeros(n)
    per_hand = np.zeros((hands, n), dtype=np.int64)
    dstats = np.zeros((3, 6, 4))
    rec_cards = np.zeros((0, n, rules.draws + 1, 5), dtype=np.int64)
    rec_keep = np.zeros((0, rules.draws, n), dtype=np.int64)
    flags = np.zeros(3, dtype=np.int64)
    table = new_table(stacks, dealer=2)
    batch_rng = stream_state(5)
    _play_batch(
        table,
        game,
        batch_rng,
        _new_work(n, rules.draws, 0),
        np.zeros(REC_SIZE, dtype=np.int64),
        stacks,
        hands,
        net,
        net_sq,
        per_hand,
        dstats,
        thr,
        rec_cards,
        rec_keep,
        flags,
    )
    # the same hands one call at a time
    rng = stream_state(5)
    work = _new_work(n, rules.draws, 0)
    record = np.zeros(REC_SIZE, dtype=np.int64)
    table = new_table(stacks, dealer=2)
    showdowns = 0
    for h in range(hands):
        table[TABLE_STACK : TABLE_STACK + n] = stacks
        table[TABLE_IN : TABLE_IN + n] = 1
        assert _play_hand(table, game, rng, work, record) == 0
        assert (table[TABLE_STACK : TABLE_STACK + n] - stacks).tolist() == per_hand[h].tolist()
        showdowns += record[REC_AT_END] >= 2
        next_dealer(table)
    assert flags.tolist() == [0, 0, showdowns]
    assert net.tolist() == per_hand.sum(axis=0).tolist() and net.sum() == 0
    assert (rng == batch_rng).all()  # the same random numbers, in the same order
