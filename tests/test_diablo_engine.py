"""The Diablo engine: the rule document's worked example, the Diablo rule, a plain Python
referee, and ``_play_hand`` at any table state.

Random deals are played through the compiled engine (random and threshold players, small
stacks: all-ins, side pots, short openers); for every deal the referee recomputes, from the
recorded actions and the final hands only, who opened (R-D3), whether the deal is void and
the pot stays (R-D4), the antes (none in a Diablo pot), every side pot and its winners with
the reference evaluator of tests/naive.py, the odd chips (R-P2, R-P3), and the Diablo payment
(R-D5), and checks that the cards are consistent (at most two exchanged, no card twice).
"""

from __future__ import annotations

import naive
import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.diablo.engine import (
    COUNTS,
    POT_GAMES,
    REC_OPENER,
    REC_OPENER_WON,
    REC_PENALTY,
    REC_SIZE,
    SEAT_SUMS,
    SUMS,
    TABLE_DIABLO_POT,
    _new_work,
    _play_hand,
    _series_kernel,
    _split,
)
from simkit.games.diablo.jobs import make_game, new_totals, play_deals, simulate
from simkit.games.diablo.rules import Rules
from simkit.games.diablo.strategies import Player
from simkit.games.diablo.strategies import players as player_arrays
from simkit.games.table import (
    REC_DEALER,
    REC_OUTCOME,
    REC_PLAYERS,
    REC_POT,
    TABLE_CARRIED,
    TABLE_DEALER,
    TABLE_IN,
    TABLE_STACK,
    chips_on_table,
    drop_broke,
    new_table,
    next_dealer,
    seats_in,
    set_table,
)
from simkit.poker.actions import ANTE, BET, FOLD
from simkit.poker.history import SHOWDOWN, VOID
from simkit.rng import draw_below, stream_state

ANNA, BEN, CARLA, DAN = range(4)
NAMES = ["Anna", "Ben", "Carla", "Dan"]
ROUND, SEAT, ACTION, CHIPS = 0, 1, 2, 3

# The example of diablo.de.txt ("Die Diablo-Regel"): four players ante 1 (pot 4); Anna opens
# with 2, Ben and Carla call, Dan folds; Anna draws 1, Ben 2, Carla 2; Anna bets 4, Ben raises
# to 8, Carla folds, Anna calls: pot 26.  Ben's 9 9 2 2 K (four nines) beats Anna's flush.
EXAMPLE = {
    "hands": ["Ah Kh 9h 7h 3c", "9s 9d 2c Qd 4s", "Qs Qc 8d 6s 5c", "Jc Td 7s 6c 3h"],
    "keep": ["Ah Kh 9h 7h", "9s 9d 2c", "Qs Qc 8d", None],
    "draw": "5h 2d Kc 3s 4d",  # from the dealer's (Dan's) left: Anna 1, Ben 2, Carla 2
    "actions": [
        (ANNA, "bet", 2),
        (BEN, "call", 0),
        (CARLA, "call", 0),
        (DAN, "fold", 0),
        (ANNA, "bet", 4),
        (BEN, "raise", 8),
        (CARLA, "fold", 0),
        (ANNA, "call", 0),
    ],
}


def _second(carla_wins: bool) -> dict:
    """The next game (Anna deals, no ante): Ben checks, Carla opens, Ben calls."""
    carla = "Ks Kd Kc 8c 6d" if carla_wins else "Qh 9h 8s 6h 4h"
    ben = "Ts 8h 7d 5s 3d" if carla_wins else "As Ad Ac 8c 6d"
    return {
        "hands": ["Jh Th 7c 5d 4c", ben, carla, "Js Tc 9c 6c 3s"],
        "keep": [None, None, None, None],
        "draw": "",
        "actions": [
            (BEN, "check", 0),
            (CARLA, "bet", 3),
            (DAN, "fold", 0),
            (ANNA, "fold", 0),
            (BEN, "call", 0),
            (CARLA, "check", 0),
            (BEN, "check", 0),
        ],
    }


def test_worked_example_pot_26_and_anna_pays():
    recs = play_deals([EXAMPLE], stacks=[100] * 4, dealer=DAN, names=NAMES)
    r = recs[0]
    assert r.outcome == "showdown" and r.opener == ANNA
    assert r.pot == 26
    assert r.payout == [0, 26, 0, 0]
    assert r.hands[BEN].split() == ["9s", "9d", "2c", "2d", "Kc"]
    from simkit.hands import describe

    assert describe(r.strengths[BEN], "deuces_wild") == "four nines"
    assert describe(r.strengths[ANNA], "deuces_wild").startswith("flush, A-K-9-7-5")
    assert r.penalty == 26  # Anna pays a new pot of 26 (R-D5)
    assert r.stacks == [100 - 11 - 26, 100 - 11 + 26, 97, 99]
    assert sum(r.stacks) + r.penalty == 400
    assert "Anna bets 2" in r.history and "Ben raises to 8" in r.history


@pytest.mark.parametrize("carla_wins", [False, True])
def test_next_game_carla_opens_and_pays_if_she_loses(carla_wins):
    recs = play_deals([EXAMPLE, _second(carla_wins)], stacks=[100] * 4, dealer=DAN, names=NAMES)
    g2 = recs[1]
    assert g2.dealer == ANNA and g2.opener == CARLA
    # No ante in a Diablo pot: Anna folded without putting in a chip.
    assert g2.stacks[ANNA] == recs[0].stacks[ANNA]
    assert g2.pot == 26 + 3 + 3
    if carla_wins:
        assert g2.payout[CARLA] == 32 and g2.penalty == 0
    else:
        assert g2.payout[BEN] == 32 and g2.penalty == 32
        assert g2.stacks[CARLA] == 97 - 3 - 32
    assert sum(g2.stacks) + g2.penalty == 400


def test_opener_who_folds_still_pays():
    deal = {
        "hands": ["Ah Kh 9h 7h 3c", "9s 9d 2c Qd 4s", "Qs Qc 8d 6s 5c", "Jc Td 7s 6c 3h"],
        "keep": [None] * 4,
        "draw": "",
        "actions": [
            (ANNA, "bet", 2),
            (BEN, "raise", 6),
            (CARLA, "fold", 0),
            (DAN, "fold", 0),
            (ANNA, "fold", 0),
        ],
    }
    r = play_deals([deal], stacks=[100] * 4, dealer=DAN)[0]
    assert r.outcome == "no showdown" and r.payout[BEN] == 12
    assert r.penalty == 12  # R-D5: "auch wenn der Eröffner ausgestiegen ist"


def test_all_check_is_void_and_next_deal_antes_again():
    check_all = {
        "hands": ["Ah Kh 9h 7h 3c", "9s 9d 2c Qd 4s", "Qs Qc 8d 6s 5c", "Jc Td 7s 6c 3h"],
        "keep": [None] * 4,
        "draw": "",
        "actions": [(ANNA, "check", 0), (BEN, "check", 0), (CARLA, "check", 0), (DAN, "check", 0)],
    }
    again = dict(
        check_all, actions=[(BEN, "check", 0), (CARLA, "check", 0), (DAN, "check", 0), (ANNA, "check", 0)]
    )
    recs = play_deals([check_all, again], stacks=[100] * 4, dealer=DAN)
    assert [r.outcome for r in recs] == ["void", "void"]
    assert recs[0].pot == 4 and recs[1].pot == 8  # R-D4: the pot stays, everyone antes again
    assert recs[1].stacks == [98] * 4


def test_short_opener_pays_all_and_cap():
    deal = dict(EXAMPLE)
    r = play_deals([deal], stacks=[20, 100, 100, 100], dealer=DAN)[0]
    assert r.pot == 26 and r.penalty == 20 - 11 and r.stacks[ANNA] == 0
    r = play_deals([deal], stacks=[100] * 4, dealer=DAN, rules=Rules(cap=10))[0]
    assert r.penalty == 10


# --- the referee -----------------------------------------------------------------------------


def referee(rec, diablo_pot: bool, rules: Rules, n: int) -> bool:
    """Check one deal; return whether the next deal is played for a Diablo pot."""
    dealt = [parse_cards(h).tolist() if h else [] for h in rec.dealt]
    final = [parse_cards(h).tolist() if h else [] for h in rec.hands]
    contrib = [0] * n
    folded, opener, antes = set(), -1, {}
    for row in rec.log.tolist():
        contrib[row[SEAT]] += row[CHIPS]
        if row[ACTION] == FOLD:
            folded.add(row[SEAT])
        if row[ACTION] == ANTE:
            antes[row[SEAT]] = row[CHIPS]
        if row[ROUND] == 0 and row[ACTION] == BET and opener < 0:
            opener = row[SEAT]  # R-D3: the first bet of the first round
    dealt_in = [s for s in range(n) if rec.start[s] > 0]
    assert [s for s in range(n) if dealt[s]] == dealt_in  # R-P4: no chips, no cards
    if diablo_pot or not rules.ante:
        assert antes == {}
    else:
        assert antes == {s: min(rules.ante, rec.start[s]) for s in dealt_in}
    pot = sum(contrib) + rec.dead_in
    # cards: every final hand keeps part of its dealt hand and draws at most two new cards
    all_final = [c for h in final for c in h]
    assert len(all_final) == len(set(all_final))
    for s in dealt_in:
        new = set(final[s]) - set(dealt[s])
        assert len(new) <= (2 if not rules.draw_three else 4)
        assert not new & {c for h in dealt for c in h}  # discards never come back
    if opener < 0:
        assert rec.outcome == "void" and rec.pot == pot  # R-D4: the pot stays
        assert rec.stacks == [rec.start[s] - contrib[s] for s in range(n)]
        return diablo_pot  # a void deal keeps the pot, Diablo or not
    assert rec.opener == opener
    in_hand = [s for s in dealt_in if s not in folded]
    payout = [0] * n
    # R-D5/R-D9: the opener wins when awarded chips that others put in (or carried chips); a
    # layer of the pot holding only its own chips (its uncalled bet) is no share
    opener_won, opener_back = False, 0
    if len(in_hand) == 1:
        payout[in_hand[0]] = pot
        others_in_pot = pot - contrib[in_hand[0]]
        if in_hand[0] == opener:
            top_other = max(contrib[s] for s in range(n) if s != opener)
            opener_won = others_in_pot > 0 or rec.dead_in > 0 or contrib[opener] <= top_other
            opener_back = 0 if opener_won else pot
    else:
        levels = sorted({contrib[s] for s in in_hand})
        prev_level = 0
        for i, level in enumerate(levels):
            top = i == len(levels) - 1
            layer = sum((c if top else min(c, level)) - min(c, prev_level) for c in contrib)
            if i == 0:
                layer += rec.dead_in  # carried chips belong to the main pot
            eligible = [s for s in in_hand if contrib[s] >= level]
            keys = {s: naive.deuces_wild5(final[s])[0] for s in eligible}
            best = max(keys.values())
            winners = [s for s in eligible if keys[s] == best]
            own = (contrib[opener] if top else min(contrib[opener], level)) - min(contrib[opener], prev_level)
            only_own = layer == own and not (i == 0 and rec.dead_in)
            share, rest = divmod(layer, len(winners))
            for k in range(1, n + 1):  # odd chips from the dealer's left (R-P3)
                s = (rec.dealer + k) % n
                if s in winners:
                    got = share + (1 if rest > 0 else 0)
                    payout[s] += got
                    rest -= 1 if rest > 0 else 0
                    if s == opener and only_own:
                        opener_back += got
                    elif s == opener and got > 0:
                        opener_won = True
            prev_level = level
    assert rec.payout == payout
    assert rec.pot == pot
    after = [rec.start[s] - contrib[s] + payout[s] for s in range(n)]
    penalty = 0
    assert rec.opener_won == opener_won
    if rules.diablo and not opener_won:  # R-D5, also when the opener folded
        won_by_others = pot - opener_back  # the pot just won, the opener's uncalled chips aside
        penalty = min(won_by_others, after[opener], rules.cap or won_by_others)
    assert rec.penalty == penalty
    after[opener] -= penalty
    assert rec.stacks == after
    # R-D3: the second round starts with the opener or the next player still in on the left
    r1 = [row for row in rec.log.tolist() if row[ROUND] == 1]
    if r1:
        first = r1[0][SEAT]
        order = [(opener + k) % n for k in range(n)]
        folded0 = {row[SEAT] for row in rec.log.tolist() if row[ACTION] == FOLD and row[ROUND] == 0}
        candidates = [
            s
            for s in order
            if s not in folded0
            and s in dealt_in
            and sum(row[CHIPS] for row in rec.log.tolist() if row[SEAT] == s and row[ROUND] == 0)
            + antes.get(s, 0)
            < rec.start[s]
        ]
        assert first == candidates[0]
    return penalty > 0


PLAYERS = [
    Player("pair", kind="random"),
    Player("trips", bluff=0.15),
    Player("two_pair", kind="loose-aggressive"),
    Player("jacks"),
    Player("pair", kind="random"),
    Player("aces", kind="loose-aggressive"),
    Player("trips"),
]


@pytest.mark.parametrize(
    "n,rules,stacks",
    [
        (4, Rules(), [40, 25, 60, 12]),
        (5, Rules(cap=12), [30, 30, 9, 50, 20]),
        (6, Rules(diablo=False), [20] * 6),
        (7, Rules(draw_three=True), [35, 15, 50, 25, 40, 10, 30]),
        (3, Rules(ante=2, jacks_or_better=True), [25, 40, 18]),
    ],
)
def test_engine_deals_match_the_referee(n, rules, stacks):
    checked = 0
    for session in range(10):
        recs = play_deals(
            [None] * 150, stacks, rules, dealer=session % n, players=PLAYERS[:n], seed=100 * n + session
        )
        diablo_pot = False
        for rec in recs:
            diablo_pot = referee(rec, diablo_pot, rules, n)
            checked += 1
            assert sum(rec.stacks) + rec.penalty + (rec.pot if rec.outcome == "void" else 0) == sum(stacks)
    assert checked > 150


# --- _play_hand at any table state -------------------------------------------------------------

MIXED = ["pair:kind=random", "trips:bluff=0.2", "jacks", "two_pair:kind=loose-aggressive", "aces", "trips"]


def _setup(specs, rules, stacks, dealer=0):
    arrays = player_arrays(specs)
    n = len(specs)
    return (
        new_table(stacks, dealer),
        make_game(arrays, rules),
        _new_work(n, 0, np.array([-1, 0], dtype=np.int64)),
        np.zeros(REC_SIZE, dtype=np.int64),
    )


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(cap=6, draw_three=True), Rules(ante=3, jacks_or_better=True), Rules(diablo=False)],
)
def test_chips_conserved_with_carried_stacks_and_broke_players_out(rules):
    stacks = [12, 30, 5, 22, 9, 40]
    total, hands, outs, seen_out, evenings = sum(stacks), 0, 0, set(), 0
    rng = stream_state(11)
    while hands < 600:  # whole evenings: stacks carry over until fewer than two are left
        table, game, work, record = _setup(MIXED, rules, stacks, dealer=evenings % 6)
        pat = work[3]
        evenings += 1
        while seats_in(table) >= 2 and hands < 600:
            before = table.copy()
            carried_in = int(table[TABLE_CARRIED])
            rc = _play_hand(table, game, rng, work, record)
            hands += 1
            assert rc >= 0
            assert chips_on_table(table) == total  # no reset between hands
            assert record[REC_DEALER] == before[TABLE_DEALER] and record[REC_OUTCOME] == rc
            dealt = [s for s in range(6) if pat[s] >= 0]
            assert dealt == [s for s in range(6) if before[TABLE_IN + s]]
            assert record[REC_PLAYERS] == len(dealt)
            for s in range(6):
                if not before[TABLE_IN + s]:
                    seen_out.add(s)
                    assert table[TABLE_STACK + s] == before[TABLE_STACK + s] == 0
            if rc == VOID:
                assert record[REC_OPENER] == -1 and record[REC_POT] == table[TABLE_CARRIED]
                assert table[TABLE_DIABLO_POT] == before[TABLE_DIABLO_POT]
                assert table[TABLE_CARRIED] >= carried_in
            else:
                assert table[TABLE_CARRIED] == record[REC_PENALTY]
                assert table[TABLE_DIABLO_POT] == (record[REC_PENALTY] > 0)
            outs += int(drop_broke(table) < int(before[TABLE_IN : TABLE_IN + 6].sum()))
            next_dealer(table)
    assert hands == 600 and evenings > 1 and outs >= evenings - 1 and seen_out


def test_a_seat_that_is_out_is_never_dealt_in():
    table, game, work, record = _setup(MIXED[:5], Rules(), [40, 40, 40, 40, 40], dealer=1)
    table[TABLE_IN + 3] = 0  # out of the evening, chips or not
    rng = stream_state(5)
    pat, payout = work[3], work[8]
    for _ in range(300):
        if seats_in(table) < 2:
            break
        assert _play_hand(table, game, rng, work, record) >= 0
        assert pat[3] == -1 and payout[3] == 0 and table[TABLE_STACK + 3] == 40
        assert record[REC_OPENER] != 3 and record[REC_PLAYERS] <= 4
        drop_broke(table)
        next_dealer(table)
        assert table[TABLE_DEALER] != 3
    assert table[TABLE_IN + 3] == 0


def _series_by_hand(hands, specs, rules, seed):
    """The series kernel's loop (session = 1) written out in Python on ``_play_hand``."""
    arrays = player_arrays(specs)
    n = len(specs)
    start = rules.seat_stacks(n)
    game = make_game(arrays, rules)
    work = _new_work(n, 0, np.array([-1, 0], dtype=np.int64))
    record = np.zeros(REC_SIZE, dtype=np.int64)
    rng = stream_state(seed)
    table = new_table(start, int(draw_below(rng, n)))
    cnt = dict.fromkeys(
        (
            "series",
            "games",
            "deals",
            "voids",
            "showdowns",
            "opener_wins",
            "penalties",
            "penalty_chips",
            "short_end",
            "last_player_takes",
            "sessions",
            "max_deals",
        ),
        0,
    )
    net = np.zeros(n)
    pot_game = np.zeros((POT_GAMES, 3))  # per game number in the series: count, sum, sum of squares
    for _ in range(hands):
        set_table(table, start, table[TABLE_DEALER])
        cnt["sessions"] += 1
        table[TABLE_DEALER] = draw_below(rng, n)
        before = table[TABLE_STACK : TABLE_STACK + n].copy()
        deals = 0
        games = 0
        while True:
            if seats_in(table) < 2:  # the last player with chips takes the pot
                _split(table)
                cnt["last_player_takes"] += 1
                break
            if deals >= rules.max_deals:  # a runaway: the kernel stops there
                cnt["max_deals"] += 1
                return cnt, net, pot_game
            rc = _play_hand(table, game, rng, work, record)
            deals += 1
            cnt["deals"] += 1
            drop_broke(table)
            if rc == VOID:
                cnt["voids"] += 1
                next_dealer(table)
                continue
            pen = record[REC_PENALTY]
            cnt["games"] += 1
            games += 1
            pot = float(record[REC_POT])
            pot_game[min(games, POT_GAMES) - 1] += (1.0, pot, pot * pot)
            cnt["showdowns"] += rc == SHOWDOWN
            won = record[REC_OPENER_WON] != 0
            if won or not rules.diablo:
                cnt["opener_wins"] += won
                break
            if pen > 0:
                cnt["penalties"] += 1
                cnt["penalty_chips"] += pen
                next_dealer(table)
                continue
            cnt["short_end"] += 1
            break
        cnt["series"] += 1
        net += table[TABLE_STACK : TABLE_STACK + n] - before
        next_dealer(table)
    return cnt, net, pot_game


@pytest.mark.parametrize(
    "specs,rules",
    [
        (["trips"] * 4, Rules()),
        (MIXED, Rules(cap=8, draw_three=True, stacks=(20, 30, 15, 40, 25, 10))),
        (MIXED[:3], Rules(diablo=False, jacks_or_better=True, stacks=(6, 9, 4), max_deals=5)),
        (["never", "never", "trips"], Rules(max_deals=3)),
    ],
)
def test_series_kernel_is_a_loop_of_play_hand(specs, rules):
    hands, seed = 300, 21
    cnt, net, pot_game = _series_by_hand(hands, specs, rules, seed)
    n = len(specs)
    start = rules.seat_stacks(n)
    out = new_totals(n)
    _series_kernel(
        hands,
        make_game(player_arrays(specs), rules),
        start,
        np.array([-1, 0], dtype=np.int64),
        stream_state(seed),
        out["cnt"],
        out["acc"],
        out["seat"],
        out["deuce"],
        out["len_hist"],
        out["pot_hist"],
        out["pot_game"],
        out["max_pot"],
        out["max_len"],
    )
    kernel = dict(zip(COUNTS, out["cnt"].tolist()))
    kernel["penalty_chips"] = out["acc"][SUMS.index("penalty")]  # a float sum, never wraps
    for key, value in cnt.items():
        assert kernel[key] == value, key
    assert cnt["deals"] > hands or cnt["max_deals"] == 1
    assert out["seat"][:, SEAT_SUMS.index("net")].tolist() == net.tolist()
    assert out["pot_game"].tolist() == pot_game.tolist()


def test_a_runaway_series_is_an_error_never_an_end():
    """Players who never open never end a series: a ValueError (one line from the CLI), never
    a figure."""
    with pytest.raises(ValueError, match="max_deals=4"):
        simulate(["never"] * 3, 10, rules=Rules(max_deals=4), seed=1, quiet=True)


# --- jacks or better (Varianten: Buben oder besser) ----------------------------------------------

_TENS, _JACKS, _KING = "Tc Td 8s 6h 3c", "Jc Jd 9s 7h 4c", "Kc Qd 8d 5h 3s"


@pytest.mark.parametrize("jacks", [False, True])
def test_a_pair_of_tens_never_opens_with_jacks_or_better_and_jacks_may(jacks):
    """Seat 1 (a pair of tens) acts first, seat 2 (a pair of jacks) next; both open any pair."""
    rules = Rules(jacks_or_better=jacks)
    deal = {"hands": [_KING, _TENS, _JACKS], "actions": []}
    (rec,) = play_deals([deal], [50, 50, 50], rules, dealer=0, players=["pair"] * 3)
    assert rec.opener == (2 if jacks else 1)
    tens_only = {"hands": [_KING, _TENS, "Qc 9d 7s 5d 4d"], "actions": []}
    (rec,) = play_deals([tens_only], [50, 50, 50], rules, dealer=0, players=["pair"] * 3)
    assert (rec.outcome == "void") == jacks and (rec.opener == -1) == jacks


# --- R-D9: the opener's own uncalled chips are no share of the pot --------------------------------


def test_an_opener_called_all_in_for_less_who_gets_back_only_its_uncalled_chips_pays():
    """Seat 1 (3 chips) antes 1 and calls the opener's bet of 5 all-in for 2; seat 1's flush
    beats the opener's pair: seat 1 wins the main pot, the opener gets back only the 3 chips
    nobody matched, and pays a new pot equal to the pot seat 1 won (R-D5, R-D9)."""
    deal = {
        "hands": ["Kc Qd 8d 6c 3s", "Ah Kh 9h 7h 5h", "Jc Jd 9s 7s 4c"],
        "keep": [None, None, None],
        "actions": [(1, "check", 0), (2, "bet", 5), (0, "fold", 0), (1, "call", 0)],
    }
    (rec,) = play_deals([deal], [20, 3, 20], Rules(), dealer=0)
    assert rec.opener == 2 and rec.outcome == "showdown"
    assert rec.payout == [0, 7, 3]  # main pot: three antes and 2 + 2 called; 3 uncalled back
    assert not rec.opener_won and rec.penalty == 7
    assert rec.stacks == [19, 7, 20 - 1 - 5 + 3 - 7]
    assert sum(rec.stacks) + rec.penalty == 43


def test_an_opener_who_wins_a_side_pot_of_others_chips_has_won():
    """The same deal with a third player who calls: the opener loses the main pot to the flush
    but wins the side pot against seat 0, chips that seat 0 put in: a share, no new pot."""
    deal = {
        "hands": ["Kc Qd 8d 6c 3s", "Ah Kh 9h 7h 5h", "Jc Jd 9s 7s 4c"],
        "keep": [None, None, None],
        "actions": [
            (1, "check", 0),
            (2, "bet", 5),
            (0, "call", 0),
            (1, "call", 0),
            (2, "check", 0),
            (0, "check", 0),
        ],
    }
    (rec,) = play_deals([deal], [20, 3, 20], Rules(), dealer=0)
    assert rec.opener == 2 and rec.opener_won and rec.penalty == 0
    assert rec.payout == [0, 9, 6]


def test_given_hands_that_repeat_a_card_are_refused():
    deal = {"hands": ["Kc Qd 8d 5h 3s", "Ah Kh 9h 7h 5h", "Jc Jd 9s 7s 4c"], "actions": []}
    with pytest.raises(ValueError, match="repeat a card"):
        play_deals([deal], [20, 20, 20], Rules(), dealer=0, players=["pair"] * 3)


# --- opening levels by situation (the carried Diablo pot, the players still to speak) -----------

_TWO_PAIR, _JUNK_A, _JUNK_B = "Kc Kd 8s 8h 4c", "Qs Jd 9c 6h 3d", "Ah Td 7c 5s 3h"
# Deal 1 (dealer 0): seat 1 opens, seat 2 calls, seat 0 folds; seat 2's pair of queens beats
# seat 1's king high, so seat 1 pays a Diablo pot of 7 (three antes, 2 + 2) for deal 2.
_LOST = {
    "hands": ["9c 8d 6s 5h 3c", "Kh Jh 9h 7d 4s", "Qh Qd Js 6d 4d"],
    "actions": [(1, "bet", 2), (2, "call", 0), (0, "fold", 0), (1, "check", 0), (2, "check", 0)],
}
# Deal 1 (dealer 0) that everybody checks: the pot of 3 stays, a normal pot (R-D4).
_VOID = dict(_LOST, actions=[(1, "check", 0), (2, "check", 0), (0, "check", 0)])
# Deal 2 (dealer 1): seat 2 speaks first, with two pair; the others hold nothing.
_SECOND = {"hands": [_JUNK_A, _JUNK_B, _TWO_PAIR], "actions": []}


@pytest.mark.parametrize(
    "first,spec,opens",
    [
        (_LOST, "trips", False),
        (_LOST, "trips:open_carried=two_pair", True),
        (_LOST, "trips:open_carried=two_pair,carried_from=7", True),
        (_LOST, "trips:open_carried=two_pair,carried_from=8", False),  # the pot is 7
        (_LOST, "trips:open_carried=5@two_pair/8@straight", True),
        (_LOST, "two_pair:open_carried=5@straight", False),  # tighter when a pot is carried
        (_VOID, "trips:open_carried=two_pair", False),  # a void deal's pot is no Diablo pot
    ],
)
def test_the_carried_diablo_pot_sets_the_opening_level(first, spec, opens):
    recs = play_deals([first, _SECOND], [50, 50, 50], Rules(), dealer=0, players=[spec] * 3)
    assert recs[0].outcome == ("void" if first is _VOID else "showdown")
    assert recs[1].dead_in == (3 if first is _VOID else 7)
    assert recs[1].dealer == 1
    assert (recs[1].opener == 2) == opens and (recs[1].outcome == "void") == (not opens)


@pytest.mark.parametrize(
    "hands,spec,opener",
    [
        ([_TWO_PAIR, _JUNK_A, _JUNK_B], "trips", -1),
        ([_TWO_PAIR, _JUNK_A, _JUNK_B], "trips:last_to_speak=two_pair", 0),  # the dealer speaks last
        ([_JUNK_A, _TWO_PAIR, _JUNK_B], "trips:last_to_speak=two_pair", -1),  # two still to speak
        ([_JUNK_A, _TWO_PAIR, _JUNK_B], "trips:to_speak=2@two_pair", 1),
        ([_JUNK_A, _JUNK_B, _TWO_PAIR], "trips:to_speak=1@two_pair", 2),
        ([_JUNK_A, _JUNK_B, _TWO_PAIR], "trips:to_speak=0@two_pair", -1),
    ],
)
def test_the_players_still_to_speak_set_the_opening_level(hands, spec, opener):
    (rec,) = play_deals(
        [{"hands": hands, "actions": []}], [50, 50, 50], Rules(), dealer=0, players=[spec] * 3
    )
    assert rec.opener == opener


def test_a_player_out_of_chips_is_not_counted_among_those_still_to_speak():
    """Four seats, seat 0 deals and has no chips: seat 3 speaks last."""
    hands = ["", _JUNK_A, _JUNK_B, _TWO_PAIR]
    (rec,) = play_deals(
        [{"hands": hands, "actions": []}],
        [0, 50, 50, 50],
        Rules(),
        dealer=0,
        players=["trips:last_to_speak=two_pair"] * 4,
    )
    assert rec.opener == 3


def test_situational_levels_equal_to_the_plain_level_play_the_same_series():
    """No random draw is added or moved: a table whose situational levels are its plain levels
    plays bit for bit the series of the plain table."""
    plain = simulate(["trips", "two_pair:bluff=0.1", "pair", "straight"], 3000, seed=5, quiet=True, threads=1)
    same = simulate(
        [
            "trips:open_carried=trips,last_to_speak=trips",
            "two_pair:bluff=0.1,open_carried=3@two_pair/30@two_pair",
            "pair:to_speak=1@pair",
            "straight",
        ],
        3000,
        seed=5,
        quiet=True,
        threads=1,
    )
    for key, value in plain.totals.items():
        assert np.array_equal(np.asarray(value), np.asarray(same.totals[key])), key
    trips = simulate(["trips"] * 4, 3000, seed=5, quiet=True, threads=1)
    looser = simulate(["trips:open_carried=pair"] + ["trips"] * 3, 3000, seed=5, quiet=True, threads=1)
    assert looser.seats.opened_per_game[0] > trips.seats.opened_per_game[0]


def test_series_figures_are_those_of_the_code_before_the_situational_levels():
    """Totals of 20,000 series measured before the opening levels by situation were added."""
    r = simulate(["trips"] * 5, 20000, seed=7, quiet=True, threads=1)
    assert r.totals["cnt"].tolist() == [
        20000,
        29169,
        44566,
        15397,
        22342,
        19870,
        9174,
        0,
        3184,
        125,
        5,
        20000,
        3186,
        0,
        0,
        0,
    ]
    assert r.totals["seat"][:, 0].tolist() == [317.0, -3747.0, -1579.0, 2391.0, 2618.0]
    assert r.summary["penalty_chips"] == 491985


def test_a_series_may_start_with_a_carried_diablo_pot():
    """Every series starts with a Diablo pot of 40 in the middle: no ante in its first deal,
    the chips still add up (the pot comes from outside the stacks), and the players win it."""
    plain = simulate(["trips"] * 4, 2000, seed=3, quiet=True, threads=1)
    r = simulate(["trips"] * 4, 2000, seed=3, quiet=True, threads=1, carried=40)
    assert int(r.summary["chip_errors"]) == 0 and int(r.summary["errors"]) == 0
    assert r.summary["mean_first_pot"] > plain.summary["mean_first_pot"] + 30
    assert r.seats.net_per_series.sum() == pytest.approx(40.0)  # the carried pot ends in a stack
    assert plain.seats.net_per_series.sum() == pytest.approx(0.0)
    with pytest.raises(ValueError, match="carried must be a whole number"):
        simulate(["trips"] * 4, 10, carried=-1)
