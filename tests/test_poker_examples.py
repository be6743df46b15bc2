"""The rule documents' worked examples and hand-made betting situations, played through the
compiled state machine action by action (ruling ids in the test names and comments)."""

import numpy as np
import pytest

import simkit
from simkit.cards import parse_cards, rank_of, suit_of
from simkit.poker.actions import (
    ALL_IN,
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    NO_ACTION,
    RAISE,
)
from simkit.poker.betting import ERR_ACTION, ERR_AMOUNT, ERR_TURN, _apply
from simkit.poker.history import format_history
from simkit.poker.kernels import (
    legal_actions,
    pay_out,
    post_antes,
    pot_size,
    reset_hand,
    settle_pots,
    start_round,
)
from simkit.poker.structure import (
    FIXED,
    Round,
    diablo,
    make_structure,
    razz,
    single_draw_27_no_limit,
    triple_draw_27,
)
from simkit.poker.table_state import (
    L_AGG,
    L_BRING_IN,
    L_CALL,
    L_CALL_CHIPS,
    L_CHECK,
    L_FOLD,
    L_MAX_TO,
    L_MIN_TO,
    S_LEVEL,
    S_OPENER,
    S_TO_ACT,
    ST_ALL_IN,
    ST_FOLDED,
    ST_OUT,
    Table,
    new_state,
)

ANNA, BEN, CARLA, DAN = range(4)
NAMES = ["Anna", "Ben", "Carla", "Dan"]


def start(n, stacks, dealer, structure, dead=0, log=64):
    st = new_state(n, log)
    reset_hand(st, np.asarray(stacks, dtype=np.int64), dealer, dead)
    post_antes(st, int(structure.forced[0]))
    return st


def act(st, seat, action, to=0):
    """Apply one action, insisting it is ``seat``'s turn and legal."""
    assert st[S_TO_ACT] == seat, (
        f"expected {NAMES[seat] if seat < 4 else seat} to act, got seat {st[S_TO_ACT]}"
    )
    rc = _apply(st, seat, action, to)
    assert rc == 0, (seat, action, to, rc)


def legal(st, seat):
    legal_actions(st, seat)
    return {
        "fold": st[L_FOLD],
        "check": st[L_CHECK],
        "call": st[L_CALL],
        "call_chips": st[L_CALL_CHIPS],
        "bring_in": st[L_BRING_IN],
        "agg": st[L_AGG],
        "min_to": st[L_MIN_TO],
        "max_to": st[L_MAX_TO],
    }


def evaluate(text, family):
    cards = parse_cards(text).astype(np.int64).reshape(1, -1)
    return int(simkit.hands.evaluate(cards, family)[0])


# --- Diablo (diablo.de.txt, "Beispiel") -------------------------------------------------------


def test_diablo_worked_example_pot_26_and_the_opener_pays_a_new_pot():
    """Four players ante 1 (pot 4); Anna opens 2, Ben and Carla call, Dan folds; after the draw
    Anna bets 4, Ben raises to 8, Carla folds, Anna calls: pot 4 + 6 + 8 + 8 = 26.  Ben's four
    nines beat Anna's flush; Anna opened and lost, so she pays a new pot of 26 (R-D3, R-D5)."""
    s = diablo()
    st = start(4, [100] * 4, DAN, s)  # Anna sits left of the dealer and starts (R-D6 round 1)
    assert pot_size(st) == 4
    assert start_round(st, s, 0, -1) == ANNA
    lg = legal(st, ANNA)
    assert lg["check"] and not lg["fold"] and lg["agg"] == BET
    assert (lg["min_to"], lg["max_to"]) == (1, 5)  # R-D6: 1-5 before the draw
    act(st, ANNA, BET, 2)
    assert st[S_OPENER] == ANNA  # R-D3: the first bet of the first round opens
    lg = legal(st, BEN)
    assert lg["call_chips"] == 2 and lg["agg"] == RAISE and (lg["min_to"], lg["max_to"]) == (3, 7)
    act(st, BEN, CALL)
    act(st, CARLA, CALL)
    act(st, DAN, FOLD)
    assert st[S_TO_ACT] == -1 and pot_size(st) == 10
    # (the draw: Anna 1, Ben 2, Carla 2)
    assert start_round(st, s, 1, -1) == ANNA  # the opener starts the second round
    lg = legal(st, ANNA)
    assert (lg["min_to"], lg["max_to"]) == (2, 10)  # R-D6: 2-10 after the draw
    act(st, ANNA, BET, 4)
    lg = legal(st, BEN)
    assert (lg["min_to"], lg["max_to"]) == (6, 14)
    act(st, BEN, RAISE, 8)
    act(st, CARLA, FOLD)
    act(st, ANNA, CALL)
    assert st[S_TO_ACT] == -1
    assert pot_size(st) == 26
    t = Table(st)
    assert t.total.tolist() == [11, 11, 3, 1]

    ben = evaluate("9s 9d 2c 2h Kd", "deuces_wild")
    anna = evaluate("Ah Jh 8h 6h 3h", "deuces_wild")
    assert ben > anna
    strengths = np.array([anna, ben, 0, 0])
    payout = np.zeros(4, dtype=np.int64)
    settle_pots(st, strengths, payout)
    assert payout.tolist() == [0, 26, 0, 0]
    pay_out(st, payout)
    assert (t.stack - t.start).tolist() == [-11, 15, -3, -1]
    # The Diablo rule belongs to the game; applied here: the losing opener pays a new pot.
    opener = int(st[S_OPENER])
    assert opener == ANNA and payout[opener] == 0
    new_pot = min(int(payout.max()), int(t.stack[opener]))
    assert new_pot == 26 and t.stack[opener] - new_pot == 63
    # ... and the next game is played for it without antes: dead chips in the main pot.
    st2 = start(4, [63, 115, 97, 99], ANNA, diablo(ante=0), dead=26)
    assert pot_size(st2) == 26

    text = format_history(st, NAMES, payout)
    assert "Anna bets 2" in text and "Ben raises to 8" in text and "Anna calls 4" in text
    assert "(pot 26)" in text and "Ben wins 26" in text


def test_diablo_folded_opener_passes_the_start_to_the_next_player_left():
    """Round two starts with the opener, or, when they folded, the next active player left of
    them (diablo.de.txt, Ablauf 3)."""
    s = diablo()
    st = start(4, [100] * 4, DAN, s)
    start_round(st, s, 0, -1)
    act(st, ANNA, CHECK)
    act(st, BEN, BET, 3)  # Ben opens
    act(st, CARLA, FOLD)
    act(st, DAN, CALL)
    act(st, ANNA, CALL)
    assert st[S_OPENER] == BEN
    assert start_round(st, s, 1, -1) == BEN
    act(st, BEN, CHECK)
    act(st, DAN, BET, 10)
    act(st, ANNA, CALL)
    act(st, BEN, FOLD)  # the opener folds; he stays the opener (R-D5: he pays)
    assert st[S_TO_ACT] == -1 and st[S_OPENER] == BEN


def test_diablo_everyone_checks_round_one_leaves_no_opener():
    """R-D4: when all check the first round there is no opener (the game voids the hand)."""
    s = diablo()
    st = start(3, [50, 50, 50], 0, s)
    start_round(st, s, 0, -1)
    for seat in (1, 2, 0):
        act(st, seat, CHECK)
    assert st[S_TO_ACT] == -1 and st[S_OPENER] == -1 and pot_size(st) == 3


def test_diablo_at_most_four_raises():
    """R-D6: at most four raises per round after the bet."""
    s = diablo()
    st = start(3, [200] * 3, 2, s)
    start_round(st, s, 0, -1)
    act(st, 0, BET, 5)
    act(st, 1, RAISE, 10)
    act(st, 2, RAISE, 15)
    act(st, 0, RAISE, 20)
    act(st, 1, RAISE, 21)  # a raise of 1 is inside 1-5; fourth raise
    lg = legal(st, 2)
    assert lg["agg"] == NO_ACTION and lg["call"] and lg["fold"]
    assert _apply(st, 2, RAISE, 26) == ERR_ACTION
    act(st, 2, CALL)
    act(st, 0, CALL)
    assert st[S_TO_ACT] == -1 and pot_size(st) == 3 + 63


# --- Razz (razz.de.txt, "Beispiel") ---------------------------------------------------------


def bring_in_seat(upcards):
    """R-Z2 (tested here as the example's reading): the highest upcard brings in, King highest,
    Ace lowest; equal ranks: the higher suit, ♠ > ♥ > ♦ > ♣."""
    cards = parse_cards(upcards)
    low_rank = (rank_of(cards).astype(int) + 1) % 13  # A lowest .. K highest
    key = low_rank * 4 + suit_of(cards).astype(int)
    return int(np.argmax(key))


def test_razz_worked_example_bring_in_completion_pot_16_and_showdown():
    """Four players ante 1 (pot 4).  Upcards Anna 3♠, Ben K♦, Carla K♣, Dan 7♥: two kings,
    diamonds over clubs, so Ben brings in 2.  Carla folds, Dan completes to 5, Anna calls 5,
    Ben folds: pot 16 (R-Z2, R-Z5).  Anna's 9-8-6-3-A beats Dan's 10-8-7-4-2."""
    s = razz()
    first = bring_in_seat("3s Kd Kc 7h")
    assert first == BEN
    st = start(4, [200] * 4, DAN, s)
    assert pot_size(st) == 4
    assert start_round(st, s, 0, first) == BEN
    lg = legal(st, BEN)  # the bring-in: bring in 2 or complete to 5, nothing else
    assert lg["bring_in"] == 2 and lg["agg"] == COMPLETE and lg["min_to"] == lg["max_to"] == 5
    assert not (lg["fold"] or lg["check"] or lg["call"])
    assert _apply(st, BEN, FOLD, 0) == ERR_ACTION
    act(st, BEN, BRING_IN)
    lg = legal(st, CARLA)  # fold, call the bring-in, or complete; no raise yet
    assert lg["call_chips"] == 2 and lg["agg"] == COMPLETE and lg["min_to"] == 5
    assert _apply(st, CARLA, RAISE, 10) == ERR_ACTION
    act(st, CARLA, FOLD)
    act(st, DAN, COMPLETE, 5)
    lg = legal(st, ANNA)  # after the completion raises are allowed
    assert lg["call_chips"] == 5 and lg["agg"] == RAISE and lg["min_to"] == lg["max_to"] == 10
    act(st, ANNA, CALL)
    lg = legal(st, BEN)
    assert lg["call_chips"] == 3 and lg["agg"] == RAISE
    act(st, BEN, FOLD)
    assert st[S_TO_ACT] == -1
    assert pot_size(st) == 16
    # Fourth street: Anna shows 6-3, Dan 7-2; 6 is lower, Anna starts (R-Z3).  Check it down.
    for r in range(1, 5):
        assert start_round(st, s, r, ANNA) == ANNA
        act(st, ANNA, CHECK)
        act(st, DAN, CHECK)
    anna = evaluate("Ad 3s 6h 8c 9s 9d Qc", "ace_to_five")
    dan = evaluate("2c 4d 7h 7s 8d Th Ks", "ace_to_five")
    assert anna > dan
    payout = np.zeros(4, dtype=np.int64)
    settle_pots(st, np.array([anna, 0, 0, dan]), payout)
    assert payout.tolist() == [16, 0, 0, 0]
    text = format_history(st, NAMES, payout, round_names=["Third street", "Fourth street"])
    assert "Ben brings in 2" in text and "Dan completes to 5" in text and "(pot 16)" in text
    assert "Third street:" in text and "Fourth street:" in text and "Round 3:" in text


def test_razz_all_calling_the_bring_in_ends_the_round():
    """The bring-in is an action: when everyone just calls it, the round is over (R-P1)."""
    s = razz()
    st = start(3, [200] * 3, 0, s)
    start_round(st, s, 0, 2)
    act(st, 2, BRING_IN)
    act(st, 0, CALL)
    act(st, 1, CALL)
    assert st[S_TO_ACT] == -1 and pot_size(st) == 3 + 6


def test_razz_bring_in_may_complete_and_raises_cap_at_one_bet_three_raises():
    """R-Z2/R-Z3: the bring-in may complete at once; one bet and three raises per round; the
    big bet from fifth street."""
    s = razz()
    st = start(3, [200] * 3, 0, s)
    start_round(st, s, 0, 1)
    act(st, 1, COMPLETE, 5)
    act(st, 2, RAISE, 10)
    act(st, 0, RAISE, 15)
    act(st, 1, RAISE, 20)
    assert legal(st, 2)["agg"] == NO_ACTION
    act(st, 2, CALL)
    act(st, 0, CALL)
    assert st[S_TO_ACT] == -1
    start_round(st, s, 2, 0)
    lg = legal(st, 0)
    assert lg["agg"] == BET and lg["min_to"] == lg["max_to"] == 10


def test_razz_private_round_variant_lowest_hand_may_check():
    """R-Z6: no bring-in; the lowest visible hand starts and may check."""
    s = razz(private=True, ante=2)
    st = start(3, [100] * 3, 0, s)
    assert start_round(st, s, 0, 2) == 2
    lg = legal(st, 2)
    assert lg["check"] and lg["bring_in"] == 0 and lg["agg"] == BET


# --- 2-7 blinds and fixed limit (R-T2, R-T4) ------------------------------------------------


def test_blinds_three_handed_left_of_big_blind_starts_and_big_blind_has_the_option():
    s = triple_draw_27()
    st = start(3, [200] * 3, 0, s)
    assert start_round(st, s, 0, -1) == 0  # SB 1, BB 2, the dealer (left of the BB) starts
    t = Table(st)
    assert t.street.tolist() == [0, 1, 2] and st[S_LEVEL] == 2
    lg = legal(st, 0)
    assert lg["call_chips"] == 2 and lg["agg"] == RAISE and lg["min_to"] == lg["max_to"] == 4
    act(st, 0, CALL)
    act(st, 1, CALL)
    lg = legal(st, 2)  # blinds are no action: the big blind may still check or raise
    assert lg["check"] and lg["agg"] == RAISE
    act(st, 2, CHECK)
    assert st[S_TO_ACT] == -1
    assert start_round(st, s, 1, -1) == 1  # later rounds: first active left of the dealer
    assert start_round(st, s, 2, -1) == 1 and legal(st, 1)["min_to"] == 4  # big bet (R-T4)


def test_blinds_heads_up_dealer_posts_small_blind_and_acts_first_then_last():
    """R-T2: heads-up the dealer posts the small blind and acts first in round one; in later
    rounds the big blind (first active left of the dealer) acts first."""
    s = triple_draw_27()
    st = start(2, [200, 200], 1, s)
    assert start_round(st, s, 0, -1) == 1
    assert Table(st).street.tolist() == [2, 1]
    act(st, 1, RAISE, 4)
    act(st, 0, RAISE, 6)
    act(st, 1, RAISE, 8)  # one bet (the blind) and three raises
    assert legal(st, 0)["agg"] == NO_ACTION
    act(st, 0, CALL)
    assert start_round(st, s, 1, -1) == 0


def test_blinds_skip_players_without_chips():
    """R-P4: a seat with no chips is out: no blind, no action."""
    s = triple_draw_27()
    st = start(4, [200, 0, 200, 200], 0, s)
    assert Table(st).status[1] == ST_OUT
    first = start_round(st, s, 0, -1)
    assert Table(st).street.tolist() == [0, 0, 1, 2] and first == 0


def test_short_big_blind_must_still_be_called_in_full():
    s = triple_draw_27()
    st = start(3, [200, 200, 1], 0, s)
    start_round(st, s, 0, -1)
    t = Table(st)
    assert t.street.tolist() == [0, 1, 1] and t.status[2] == ST_ALL_IN and st[S_LEVEL] == 2
    assert legal(st, 0)["call_chips"] == 2


# --- no limit and all-in (R-T5, R-D7, R-P3) -------------------------------------------------


def test_no_limit_minimum_raise_is_the_last_full_raise():
    s = single_draw_27_no_limit()
    st = start(3, [100, 100, 100], 0, s)
    start_round(st, s, 0, -1)
    lg = legal(st, 0)
    assert lg["min_to"] == 4 and lg["max_to"] == 100
    act(st, 0, RAISE, 10)  # a raise of 8
    lg = legal(st, 1)
    assert lg["min_to"] == 18 and lg["max_to"] == 100
    assert _apply(st, 1, RAISE, 17) == ERR_AMOUNT
    act(st, 1, ALL_IN)
    assert Table(st).status[1] == ST_ALL_IN and st[S_LEVEL] == 100


def test_short_all_in_raise_does_not_reopen_the_betting():
    """An all-in for less than a full raise lifts the level, but players who already acted
    may only call or fold (R-D7 with the common all-in rule)."""
    s = make_structure([Round(FIXED, 10, cap=3, first=1)], ante=0)
    st = start(3, [100, 100, 14], 2, s)
    start_round(st, s, 0, -1)
    act(st, 0, BET, 10)
    act(st, 1, CALL)
    act(st, 2, ALL_IN)  # to 14: short of the raise to 20
    assert st[S_LEVEL] == 14
    lg = legal(st, 0)
    assert lg["call_chips"] == 4 and lg["agg"] == NO_ACTION
    act(st, 0, CALL)
    act(st, 1, CALL)
    assert st[S_TO_ACT] == -1


def test_call_for_less_and_nobody_left_to_bet_against():
    s = single_draw_27_no_limit()
    st = start(2, [50, 20], 0, s)
    start_round(st, s, 0, -1)
    act(st, 0, RAISE, 40)
    lg = legal(st, 1)
    assert lg["call_chips"] == 18 and lg["agg"] == NO_ACTION  # calling puts seat 1 all-in
    act(st, 1, CALL)
    assert st[S_TO_ACT] == -1
    assert start_round(st, s, 1, -1) == -1  # nothing left to bet: the round is skipped


def test_illegal_actions_are_refused_and_change_nothing():
    s = triple_draw_27()
    st = start(3, [200] * 3, 0, s)
    start_round(st, s, 0, -1)
    before = st.copy()
    assert _apply(st, 1, CALL, 0) == ERR_TURN
    assert _apply(st, 0, CHECK, 0) == ERR_ACTION  # facing the big blind
    assert _apply(st, 0, BET, 2) == ERR_ACTION  # the blind is the bet: it is a raise now
    assert _apply(st, 0, RAISE, 5) == ERR_AMOUNT  # fixed limit: exactly 4
    assert _apply(st, 0, 99, 0) == ERR_ACTION
    after = st.copy()
    from simkit.poker.table_state import L_END, L_FIRST

    after[L_FIRST:L_END] = before[L_FIRST:L_END]  # only the legal scratch row was rewritten
    assert (after == before).all()


def test_folded_players_stay_folded_and_keep_their_chips_in():
    s = diablo()
    st = start(3, [30] * 3, 0, s)
    start_round(st, s, 0, -1)
    act(st, 1, BET, 5)
    act(st, 2, FOLD)
    act(st, 0, FOLD)
    assert st[S_TO_ACT] == -1
    t = Table(st)
    assert t.status[0] == ST_FOLDED and t.status[2] == ST_FOLDED
    payout = np.zeros(3, dtype=np.int64)
    settle_pots(st, np.array([9, 0, 9]), payout)  # the best hands folded (R-P2)
    assert payout.tolist() == [0, 8, 0]


@pytest.mark.parametrize("structure", [diablo(), razz(), triple_draw_27(), single_draw_27_no_limit()])
def test_a_hand_history_reads_like_a_hand(structure):
    from simkit.poker.python_strategy import compiled, play_hand

    r = play_hand(
        structure,
        [40, 40, 40, 40],
        [compiled("random")] * 4,
        scores=np.array([0.1, 0.5, 0.7, 0.9]),
        strengths=np.array([1, 2, 3, 4]),
        given=[1] * structure.limits.shape[0],
        seed=11,
    )
    text = format_history(r.st, NAMES, r.payout)
    assert text.startswith("Seats: Anna 40, Ben 40, Carla 40, Dan 40; dealer Anna")
    assert "Round 1:" in text and "Net:" in text
    assert sum(r.payout) == Table(r.st).pot or r.outcome == 2
