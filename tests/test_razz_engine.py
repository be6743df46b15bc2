"""The Razz engine: the rule document's example, bring-in and action order from the rules,
the community card (R-Z4), chip conservation, variants, PokerKit on the same deals, and the
hand kernel ``_play_hand`` at any table state (carried stacks, seats out, the batch kernel
as a loop of it)."""

from __future__ import annotations

import itertools
import warnings

import naive
import numpy as np
import pytest

from simkit.cards import format_cards
from simkit.games.razz.engine import _board_key, _deal_street, _first_to_act, _showdown_values
from simkit.games.razz.jobs import deck_for, play_hands
from simkit.games.razz.rules import Rules, variant_code
from simkit.games.razz.showdown import tables
from simkit.poker.actions import BRING_IN, CALL, CHECK, COMPLETE, FOLD
from simkit.poker.betting import _apply
from simkit.poker.kernels import pay_out, post_antes, pot_size, reset_hand, settle_pots, start_round
from simkit.poker.table_state import G_ACTION, G_ROUND, G_SEAT, G_TO, S_TO_ACT, Table, new_state

ANNA, BEN, CARLA, DAN = range(4)


def _value(card: int, ace_high: bool = False) -> int:
    r = card >> 2
    return r + 2 if ace_high else (1 if r == 12 else r + 2)


def ref_bring_in(upcards: list[int], dealer: int, high_game: bool = False) -> int:
    """R-Z2 from the text: the highest upcard (K high, A low) brings in, ties by suit
    ♠ > ♥ > ♦ > ♣; stud high: the lowest upcard (A high), ♣ lowest."""
    n = len(upcards)
    seats = [(dealer + 1 + i) % n for i in range(n)]
    if high_game:
        return min(seats, key=lambda s: (_value(upcards[s], True), upcards[s] & 3))
    return max(seats, key=lambda s: (_value(upcards[s]), upcards[s] & 3))


def ref_board_key(cards: list[int], ace_high: bool):
    """A visible hand as (category, values by count then value): no pair < one pair < two
    pair < trips < quads; a visible pair counts badly in Razz (R-Z3)."""
    vals = [_value(c, ace_high) for c in cards]
    groups = sorted({(vals.count(v), v) for v in vals}, reverse=True)
    counts = sorted((g[0] for g in groups), reverse=True)
    cat = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (4,): 4}[tuple(c for c in counts if c > 1) or (1,)]
    return (cat, [v for c, v in groups for _ in range(c)])


def ref_first_later(boards: dict[int, list[int]], dealer: int, n: int, high_game=False) -> int:
    """R-Z3: the lowest visible hand starts, ties to the seat nearest the dealer's left."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    live = [s for s in order if s in boards]
    keys = {s: ref_board_key(boards[s], high_game) for s in live}
    best = (max if high_game else min)(keys.values())
    return next(s for s in live if keys[s] == best)


@pytest.mark.parametrize("high", [False, True])
def test_board_key_orders_every_board_as_the_rules_do(high):
    """Every board of one to four up cards (each multiset of ranks, a suit per card): the
    kernel's keys order them exactly as :func:`ref_board_key` does, ties included."""
    for n_up in range(1, 5):
        boards = [
            [4 * r + j for j, r in enumerate(ranks)]
            for ranks in itertools.combinations_with_replacement(range(13), n_up)
        ]
        cards = np.full((len(boards), 7), -1, np.int8)
        for s, board in enumerate(boards):
            cards[s, 2 : 2 + n_up] = board
        keys = [int(_board_key(cards, s, n_up, high)) for s in range(len(boards))]
        refs = [ref_board_key(board, high) for board in boards]
        order = sorted(range(len(boards)), key=refs.__getitem__)
        for i, j in zip(order, order[1:]):
            assert keys[i] <= keys[j] and (keys[i] < keys[j]) == (refs[i] < refs[j]), (boards[i], boards[j])


# --- the worked example (razz.de.txt, "Beispiel") ------------------------------------------


def test_worked_example_bring_in_pot_16_fourth_street_and_showdown():
    """Anna 3♠, Ben K♦, Carla K♣, Dan 7♥ up: Ben's K♦ brings in over Carla's K♣ (R-Z2);
    Carla folds, Dan completes, Anna calls, Ben folds: pot 16.  Fourth street Anna 6-3 vs Dan
    7-2: Anna starts (R-Z3).  Anna's 9-8-6-3-A beats Dan's 10-8-7-4-2 (R-Z1)."""
    hands = ["Ad 8c 3s 6h 9s 9d Qc", "5c 5d Kd", "5h 5s Kc", "4d Ks 7h 2c 7s 8d Th"]
    deck = deck_for(hands)
    n = 4
    s = Rules().structure()
    st = new_state(n, 64)
    reset_hand(st, np.full(n, 200, np.int64), DAN, 0)
    post_antes(st, 1)
    assert pot_size(st) == 4
    cards = np.full((n, 7), -1, np.int8)
    used = np.zeros(52, np.bool_)
    hs = np.array([0, -1, -1, 0], np.int64)
    v = variant_code("razz")
    _deal_street(st, 0, n, deck, used, cards, hs)
    assert format_cards(cards[:, 2]) == "3s Kd Kc 7h"
    first = _first_to_act(st, 0, n, cards, v)
    assert first == BEN == ref_bring_in(list(cards[:, 2]), DAN)
    assert start_round(st, s, 0, first) == BEN
    for seat, action, to in (
        (BEN, BRING_IN, 0),
        (CARLA, FOLD, 0),
        (DAN, COMPLETE, 5),
        (ANNA, CALL, 0),
        (BEN, FOLD, 0),
    ):
        assert _apply(st, seat, action, to) == 0
    assert st[S_TO_ACT] == -1 and pot_size(st) == 16
    for r in range(1, 5):
        _deal_street(st, r, n, deck, used, cards, hs)
        first = _first_to_act(st, r, n, cards, v)
        if r == 1:
            assert format_cards(cards[ANNA, 2:4]) == "3s 6h" and format_cards(cards[DAN, 2:4]) == "7h 2c"
            assert first == ANNA
        assert start_round(st, s, r, first) == first
        other = DAN if first == ANNA else ANNA
        assert _apply(st, first, CHECK, 0) == 0 and _apply(st, other, CHECK, 0) == 0
    assert hs[1] == -1  # no community card with two players
    T, T8 = tables("razz")
    hi, lo, pay = (np.zeros(n, np.int64) for _ in range(3))
    _showdown_values(
        st,
        n,
        cards,
        v,
        T,
        T8,
        hi,
        lo,
        np.zeros((n, 7), np.int8),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
    )
    settle_pots(st, hi, pay)
    pay_out(st, pay)
    assert pay.tolist() == [16, 0, 0, 0]
    assert (
        naive.evaluate(cards[ANNA].tolist(), "ace_to_five")[0]
        > naive.evaluate(cards[DAN].tolist(), "ace_to_five")[0]
    )
    assert (Table(st).stack - 200).tolist() == [10, -3, -1, -6]


# --- bring-in and action order against the rules ---------------------------------------------


@pytest.mark.parametrize("variant", ["razz", "stud-high", "ace-to-six"])
def test_bring_in_and_later_action_order_follow_the_rules(variant):
    high = variant == "stud-high"
    checked = 0
    for n in (2, 3, 5, 7):
        r = play_hands(["check-call"] * n, 150, variant=variant, seed=n, record=True)
        for h in range(150):
            dealer = int(r.dealer[h])
            ups = [int(c) for c in r.cards[h, :, 2]]
            assert r.bring_in[h] == ref_bring_in(ups, dealer, high)
            log = Table(r.states[h]).log
            first_of = {}
            for row in log:
                if row[G_ROUND] >= 0 and row[G_ROUND] not in first_of:
                    first_of[int(row[G_ROUND])] = int(row[G_SEAT])
            assert first_of[0] == r.bring_in[h]
            for rd in range(1, 5):
                n_up = min(rd + 1, 4)
                boards = {s: [int(c) for c in r.cards[h, s, 2 : 2 + n_up]] for s in range(n)}
                assert first_of[rd] == ref_first_later(boards, dealer, n, high), (h, rd)
                checked += 1
    assert checked > 1000


def test_private_round_has_no_bring_in_and_the_lowest_upcard_may_check():
    r = play_hands(["check-call"] * 4, 200, variant="private", seed=3, record=True)
    assert (r.bring_in == -1).all()
    for h in range(200):
        log = Table(r.states[h]).log
        ante = [row for row in log if row[G_ROUND] < 0]
        assert all(row[3] == 2 for row in ante)  # the higher ante (R-Z6)
        first = next(row for row in log if row[G_ROUND] == 0)
        boards = {s: [int(r.cards[h, s, 2])] for s in range(4)}
        assert first[G_SEAT] == ref_first_later(boards, int(r.dealer[h]), 4)
        assert first[G_ACTION] == CHECK


# --- the community card (R-Z4) ----------------------------------------------------------------


def test_community_card_with_eight_players_who_all_stay():
    r = play_hands(["check-call"] * 8, 300, seed=11)
    assert (r.players_at_end == 8).all()
    assert (r.community >= 0).all()
    for h in range(300):
        c = r.cards[h]
        assert (c[:, 6] == r.community[h]).all()  # everyone's seventh card
        own = c[:, :6].ravel().tolist()
        assert len(set(own)) == 48 and r.community[h] not in own
    seven = play_hands(["check-call"] * 7, 100, seed=12)
    assert (seven.community == -1).all()
    for h in range(100):
        assert len(set(seven.cards[h].ravel().tolist())) == 49


def test_no_community_card_when_a_player_has_folded():
    """Eight players, one folds on third street: 3 + 7*6 = 45 cards dealt, 7 left for 7."""
    r = play_hands(["tips"] + ["check-call"] * 7, 400, seed=5)
    seen = 0
    for h in range(400):
        if r.players_at_end[h] == 7 and r.rounds[h] == 5:
            dealt = [c for c in r.cards[h].ravel().tolist() if c >= 0]
            assert r.community[h] == -1 and len(set(dealt)) == len(dealt) == 45 + 7
            seen += 1
        else:
            assert r.community[h] >= 0  # all eight stayed
    assert seen > 100


def test_every_dealt_card_is_different():
    r = play_hands(["random"] * 6, 500, seed=2)
    for h in range(500):
        dealt = [c for c in r.cards[h].ravel().tolist() if c >= 0]
        assert len(set(dealt)) == len(dealt)


def test_showdown_winner_is_the_best_low():
    r = play_hands(["check-call"] * 3, 300, seed=9)
    for h in range(300):
        keys = [naive.evaluate(r.cards[h, s].tolist(), "ace_to_five")[0] for s in range(3)]
        best = max(keys)
        winners = {s for s in range(3) if keys[s] == best}
        top = set(np.flatnonzero(r.net[h] == r.net[h].max()).tolist())
        assert top == winners or len(winners) > 1


# --- chips ------------------------------------------------------------------------------------


def test_side_pots_are_paid_as_the_rules_say():
    """Per hand, the engine's payouts equal simkit.poker.pots.settle of the same commitments."""
    r = play_hands(["check-call"] * 4, 300, stacks=40, random_stacks=True, seed=4, record=True)
    from simkit.poker.pots import settle

    for h in range(300):
        t = Table(r.states[h])
        keys = [
            naive.evaluate(r.cards[h, s].tolist(), "ace_to_five")[0] if (r.cards[h, s] >= 0).all() else None
            for s in range(4)
        ]
        order = sorted({k for k in keys if k is not None})
        strength = [order.index(k) if k is not None else -1 for k in keys]
        folded = [k is None or t.status[s] == 2 for s, k in enumerate(keys)]
        pay = settle(t.total.tolist(), folded, strength, dealer=int(r.dealer[h]))
        assert (t.stack - t.start).tolist() == (pay - t.total).tolist()


@pytest.mark.parametrize("variant", ["private", "stud-high", "stud-hilo", "ace-to-six"])
def test_variants_conserve_chips(variant):
    strategies = ["random", "tight", "check-call", "loose-aggressive"]
    r = play_hands(strategies, 3000, variant=variant, stacks=80, random_stacks=True, seed=6)
    assert int(r.net.sum()) == 0 and int(r.totals["errors"]) == 0


def test_hilo_splits_the_pot():
    r = play_hands(["check-call"] * 2, 400, variant="stud-hilo", seed=8)
    split = 0
    for h in range(400):
        lows = [naive.evaluate(r.cards[h, s].tolist(), "eight_or_better")[0] for s in range(2)]
        highs = [naive.evaluate(r.cards[h, s].tolist(), "high")[0] for s in range(2)]
        if lows[0] != lows[1] and highs[0] != highs[1] and max(lows) != naive.NO_LOW:
            hw = int(np.argmax([highs[0] > highs[1], highs[1] > highs[0]]))
            lw = int(np.argmax([lows[0] > lows[1], lows[1] > lows[0]]))
            if hw != lw:
                assert r.net[h, 0] == 0 == r.net[h, 1]  # each wins back what it put in
                split += 1
    assert split > 5


# --- PokerKit on the same deals and decisions --------------------------------------------------


def _pokerkit_replay(game, variant, cards, states_row, n, dealer, stacks):
    """Deal the engine's cards to PokerKit and replay the engine's recorded decisions; return
    the final stacks by engine seat."""
    import pokerkit as pk
    from pokerkit import Automation as A

    cls = {
        "razz": pk.FixedLimitRazz,
        "stud-high": pk.FixedLimitSevenCardStud,
        "stud-hilo": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    }[variant]
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
    state = cls.create_state(auto, True, 1, 2, 5, 10, tuple(int(stacks[s]) for s in seats), n)
    log = Table(states_row).log
    rows = [r for r in log if r[G_ROUND] >= 0]
    k = 0
    for rd in range(5):
        for i, s in enumerate(seats):
            if state.statuses[i]:
                part = cards[s, 0:3] if rd == 0 else cards[s, rd + 2 : rd + 3]
                state.deal_hole(format_cards(part).replace(" ", ""))
        while k < len(rows) and rows[k][G_ROUND] == rd:
            seat, action, to = int(rows[k][G_SEAT]), int(rows[k][G_ACTION]), int(rows[k][G_TO])
            assert seats[state.actor_index] == seat, ("turn", rd, k)
            if action == FOLD:
                state.fold()
            elif action in (CHECK, CALL):
                state.check_or_call()
            elif action == BRING_IN:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to(to)
            k += 1
        if sum(state.statuses) <= 1 or not state.status:
            break
    assert k == len(rows)
    assert not state.status
    out = np.zeros(n, dtype=np.int64)
    for i, s in enumerate(seats):
        out[s] = state.stacks[i]
    return out


@pytest.mark.parametrize(
    "variant,n,strategies",
    [
        ("razz", 2, ["check-call"]),
        ("razz", 5, ["check-call"]),
        ("razz", 7, ["check-call"]),
        ("razz", 4, ["random"]),
        ("razz", 6, ["tips", "tight", "loose-aggressive"]),
        ("stud-high", 4, ["check-call"]),
        ("stud-high", 5, ["random"]),
        ("stud-hilo", 4, ["check-call"]),
        ("stud-hilo", 3, ["random"]),
    ],
)
def test_engine_matches_pokerkit_on_the_same_deals_and_decisions(variant, n, strategies):
    specs = (strategies * n)[:n]
    hands = 40
    r = play_hands(specs, hands, variant=variant, seed=30 + n, record=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for h in range(hands):
            got = _pokerkit_replay(None, variant, r.cards[h], r.states[h], n, int(r.dealer[h]), [200] * n)
            assert (got - 200).tolist() == r.net[h].tolist(), f"hand {h}"


# --- the hand kernel at any table state (simkit.games.table) -----------------------------------


def _kernel_setup(players, rules=Rules(), log_capacity=0):
    from simkit.games.razz.engine import REC_SIZE, _new_work
    from simkit.games.razz.jobs import game_for
    from simkit.games.razz.strategies import razz_strategy_table

    kinds, params = razz_strategy_table(players, variant=rules.variant)
    return (
        game_for(rules, kinds, params),
        _new_work(len(players), log_capacity),
        np.zeros(REC_SIZE, np.int64),
    )


@pytest.mark.parametrize(
    "variant,players",
    [
        ("razz", ["random", "tips", "loose-aggressive", "random", "check-call"]),
        (
            "stud-hilo",
            ["random", "loose-aggressive", "random", "tight", "random", "random", "check-call", "random"],
        ),
    ],
)
def test_play_hand_conserves_chips_with_carried_stacks_and_broke_players_out(variant, players):
    """Evenings: stacks carry from hand to hand (never reset), a player who goes broke is out
    for good, the deal passes left among the players still in.  Every hand conserves the
    chips on the table, and a seat that is out is never dealt in and posts nothing."""
    from simkit.games.razz.engine import REC_AT_END, REC_PLAYERS, _play_hand
    from simkit.games.table import (
        REC_DEALER,
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
    from simkit.poker.table_state import ST_OUT, STATUS, TOTAL
    from simkit.rng import stream_state

    n = len(players)
    game, work, record = _kernel_setup(players, Rules(variant=variant))
    st, cards, start = work[0], work[4], work[14]
    rng = stream_state(7)
    hands = evenings = out_seen = 0
    while hands < 3000:
        table = new_table([25 + 5 * s for s in range(n)], dealer=evenings % n)
        evenings += 1
        while seats_in(table) >= 2 and hands < 3000:
            chips = chips_on_table(table)
            stacks = table[TABLE_STACK : TABLE_STACK + n].copy()
            was_in = table[TABLE_IN : TABLE_IN + n].copy()
            assert _play_hand(table, game, rng, work, record) == 0
            hands += 1
            assert chips_on_table(table) == chips
            assert record[REC_DEALER] == table[TABLE_DEALER]
            assert record[REC_PLAYERS] == was_in.sum() and 1 <= record[REC_AT_END] <= n
            assert record[REC_POT] == sum(int(st[TOTAL + s]) for s in range(n))
            for s in range(n):
                if not was_in[s]:
                    out_seen += 1
                    assert (cards[s] == -1).all() and start[s] == 0
                    assert st[STATUS + s] == ST_OUT and st[TOTAL + s] == 0
                    assert table[TABLE_STACK + s] == stacks[s] == 0
            drop_broke(table)
            next_dealer(table)
    assert evenings > 3 and out_seen > 500


def test_a_seat_that_is_out_keeps_its_chips_and_is_never_dealt_in():
    from simkit.games.razz.engine import REC_PLAYERS, _play_hand
    from simkit.games.table import TABLE_IN, TABLE_STACK, chips_on_table, new_table
    from simkit.rng import stream_state

    game, work, record = _kernel_setup(["check-call"] * 4)
    rng = stream_state(3)
    for h in range(200):
        table = new_table([200, 200, 200, 200], dealer=h % 4)
        table[TABLE_IN + 2] = 0  # out of the evening, chips or not
        assert _play_hand(table, game, rng, work, record) == 0
        assert record[REC_PLAYERS] == 3 and (work[4][2] == -1).all()
        assert table[TABLE_STACK + 2] == 200 and chips_on_table(table) == 800


@pytest.mark.parametrize(
    "variant,players,stacks",
    [
        ("razz", ["tips", "tight", "random", "loose-aggressive"], 200),
        ("stud-high", ["random", "check-call", "tight"], 30),
    ],
)
def test_batch_kernel_is_a_loop_of_play_hand(variant, players, stacks):
    """play_hands (the batch kernel _run_hands) gives exactly what a Python loop gets from
    _play_hand: the same deck shuffle and dealer draw from the stream, then the hand."""
    from simkit.deck import shuffle_prefix
    from simkit.games.razz.engine import (
        H_DECK_GIVEN,
        REC_AT_END,
        REC_BRING_IN,
        REC_COMMUNITY,
        REC_ROUNDS,
        _play_hand,
    )
    from simkit.games.table import REC_DEALER, TABLE_STACK, new_table
    from simkit.rng import draw_below, stream_state

    n, hands = len(players), 300
    r = play_hands(players, hands, rules=Rules(variant=variant, stacks=stacks), seed=21)
    game, work, record = _kernel_setup(players, Rules(variant=variant, stacks=stacks))
    rng = stream_state(21)
    deck, hs, cards = work[2], work[1], work[4]
    for h in range(hands):
        shuffle_prefix(deck, 52, rng)
        table = new_table([stacks] * n, dealer=int(draw_below(rng, n)))
        hs[H_DECK_GIVEN] = 1
        assert _play_hand(table, game, rng, work, record) == 0
        assert (table[TABLE_STACK : TABLE_STACK + n] - stacks).tolist() == r.net[h].tolist()
        assert (cards == r.cards[h]).all()
        assert [
            record[REC_BRING_IN],
            record[REC_COMMUNITY],
            record[REC_DEALER],
            record[REC_ROUNDS],
            record[REC_AT_END],
        ] == [r.bring_in[h], r.community[h], r.dealer[h], r.rounds[h], r.players_at_end[h]]


def test_play_hand_shuffles_its_own_deck_unless_given():
    """Without a given deck the hand shuffles from its stream: two hands from the same stream
    state are the same hand, and the flag is cleared after each hand."""
    from simkit.games.razz.engine import H_DECK_GIVEN, _play_hand
    from simkit.games.table import TABLE_STACK, new_table
    from simkit.rng import stream_state

    game, work, record = _kernel_setup(["tips", "random", "tight"])
    out = []
    for _ in range(2):
        work[2][:] = np.arange(52)
        table = new_table([200, 200, 200], dealer=1)
        assert _play_hand(table, game, stream_state(5), work, record) == 0
        assert work[1][H_DECK_GIVEN] == 0
        out.append((table[TABLE_STACK : TABLE_STACK + 3].tolist(), work[4].tolist()))
    assert out[0] == out[1]
