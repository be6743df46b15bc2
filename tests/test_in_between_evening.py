"""In-Between evenings (R-E1, R-E2, R-E5, R-E6; R-I3, R-I4): ``engine._play_evenings`` through
``jobs.evening_kernel``, checked hand by hand against a referee written from the rules.

The referee reads only the evening log (per hand: the dealer, the pot, the outcome, and per
seat the stack before, the forced chips and the stack after) and what the rules say:

- R-E1: chips carry over; a player with no chips is out: never the dealer, never dealt in,
  posts nothing; once out, out for the evening.
- R-I3 / R-E5: the dealer opens ``min(pot, chips)``, nobody else posts anything.
- R-I4 (ante for everyone): each round every player with at least the ante antes it; the deal
  passes left each round (our ruling: each round dealt takes one turn).
- R-I4 (Red Dog): the bank posts nothing, every other player with chips bets the ante (all he
  has when short, R-E2) each hand; with one hand per bank turn the referee settles the hand
  itself: a push, the bank takes the bets, or every bet is paid at one rate, in turn from the
  bank's left while the bank has chips.
- R-E5: every player deals the agreed number of dealer's games in turn from the first dealer
  round the table; a player without chips is skipped (his turn counts as passed); the evening
  ends then, or when fewer than two players have chips, and not earlier.
- R-E6: the win goes to the most chips, k tied players share it 1/k.
"""

from __future__ import annotations

import numpy as np
import pytest

from simkit.games.evening import (
    END_KIND,
    END_LAST_PLAYER,
    GAME_IN_BETWEEN,
    LOG_CARRIED,
    LOG_DEAL,
    LOG_DEALER,
    LOG_EVENING,
    LOG_GAME,
    LOG_HEAD,
    LOG_OUTCOME,
    LOG_PLAYERS,
    LOG_POT,
    OUT_NAMES,
    log_columns,
    new_outs,
)
from simkit.games.in_between import Rules
from simkit.games.in_between import engine as E
from simkit.games.in_between.jobs import evening_end, evening_kernel
from simkit.games.in_between.red_dog import TRIPS_PAYS, best_raise_from, payout
from simkit.rng import stream_state

OUT = {name: i for i, name in enumerate(OUT_NAMES)}
#: Every compiled kind of player, a counting one and a never-staking one among them.
MIXED = ("kelly+count", "pot:1@0", "random", "half_kelly", "pay_twice", "never")
SMALL = (30, 14, 45, 25, 9, 21)  # small stacks: short dealers, eliminations, short evenings


def _play(players, rules, stacks, evenings, dealer_games=1, seed=1):
    """Play ``evenings`` evenings; returns (rows wanted, the log, outs)."""
    n = len(players)
    kernel = evening_kernel(players, rules)
    outs = new_outs(n, n, band_deals=4, chips=int(sum(stacks)))
    log = np.zeros((evenings * n * dealer_games + 1, log_columns(n)), np.int64)
    stacks = np.asarray(stacks, np.int64)
    rows = kernel(evenings, stacks, evening_end(n, dealer_games), np.arange(n), stream_state(seed), outs, log)
    assert 0 <= rows <= log.shape[0]
    return rows, log[:rows], outs


def _evenings(log):
    """The log's rows grouped by evening, in order."""
    out: dict[int, list] = {}
    for row in log:
        out.setdefault(int(row[LOG_EVENING]), []).append(row)
    return [out[e] for e in sorted(out)]


def _left(seat, n):
    return (seat + 1) % n


def _red_dog_settlements(n, bank, before, forced, after):
    """The ways one Red Dog hand (one hand per bank turn) can have been settled by the rules,
    as a set of (kind, the bank fell short): 'push', 'lost' (the bank took the bets) or
    'paid' (every bet paid at one rate, in turn from the bank's left while it has chips)."""
    players = [(bank + j) % n for j in range(1, n) if before[(bank + j) % n] > 0]
    delta = {p: after[p] - before[p] for p in players}

    def bets(p):  # the ante, or the ante raised by at most the ante (what is left)
        f = forced[p]
        return {f, f + min(f, before[p] - f)}

    ways = set()
    if all(delta[p] == 0 for p in players):
        ways.add(("push", False))
    if all(-delta[p] in bets(p) for p in players):
        ways.add(("lost", False))
    for pays in {payout(s) for s in range(1, 12)} | {TRIPS_PAYS}:
        shorts = {False}
        has = before[bank]
        for p in players:
            options = {forced[p]} if pays == TRIPS_PAYS else bets(p)  # no raise on a pair
            fits = {pays * b > has for b in options if delta[p] == min(pays * b, has)}
            if not fits:
                break
            shorts = {x or y for x in shorts for y in fits}
            has -= delta[p]
        else:
            ways.update(("paid", x) for x in shorts)
    return ways


def referee(log, players, rules, stacks, dealer_games, evenings):
    """Replay every logged evening by the rules (module docstring); returns what it saw."""
    n = len(players)
    stacks = list(stacks)
    total = sum(stacks)
    turns = n * dealer_games
    seen: dict = {"short_dealer": 0, "broke": 0, "skipped": 0, "early_end": 0, "overtime": 0, "bank_short": 0}
    finals, wins, seat_deals = [], np.zeros(n), np.zeros(n)
    games = _evenings(log)
    assert len(games) == evenings
    for rows in games:
        chips = list(stacks)
        dealer = int(rows[0][LOG_DEALER])
        turn = 0
        for i, row in enumerate(rows):
            before = [int(x) for x in row[LOG_HEAD : LOG_HEAD + n]]
            forced = [int(x) for x in row[LOG_HEAD + n : LOG_HEAD + 2 * n]]
            after = [int(x) for x in row[LOG_HEAD + 2 * n : LOG_HEAD + 3 * n]]
            where = f"evening {int(row[LOG_EVENING])} deal {i + 1}"
            assert int(row[LOG_DEAL]) == i + 1, where
            assert int(row[LOG_GAME]) == GAME_IN_BETWEEN and int(row[LOG_CARRIED]) == 0, where
            assert before == chips, f"{where}: stacks before {before}, after the last hand {chips}"
            assert sum(after) == total and min(after) >= 0, f"{where}: chips {after}"
            # the turn: this dealer is the seat the turns came to, and he has chips
            assert turn < turns and sum(c > 0 for c in before) >= 2, f"{where}: the evening was over"
            assert int(row[LOG_DEALER]) == dealer and before[dealer] > 0, f"{where}: dealer {row[LOG_DEALER]}"
            for s in range(n):  # R-E1: a player without chips is not dealt in, posts nothing
                if before[s] == 0:
                    assert forced[s] == 0 and after[s] == 0, f"{where}: seat {s} is out"
            assert int(row[LOG_POT]) == sum(forced), where
            rounds = _check_forced(where, row, n, dealer, before, forced, after, rules, seen)
            # the deal: in the ante variant it passed left each round over the players with
            # chips at the start, a turn for every seat passed; then on to the next player
            # with chips, a player without them skipped (his turn passes)
            turn += 1
            last = dealer
            for _ in range(rounds - 1):
                last = _left(last, n)
                turn += 1
                while before[last] == 0:
                    last = _left(last, n)
                    turn += 1
            seen["overtime"] += turn > turns
            dealer = _left(last, n)
            while after[dealer] == 0:
                seen["skipped"] += 1
                dealer = _left(dealer, n)
                turn += 1
            seen["broke"] += sum(1 for s in range(n) if before[s] > 0 and after[s] == 0)
            chips = after
        # R-E5: the evening ended exactly when the turns were used up or too few had chips
        assert turn >= turns or sum(c > 0 for c in chips) < 2, f"evening {rows[0][LOG_EVENING]} ended early"
        seen["early_end"] += turn < turns
        finals.append(chips)
        for s in range(n):  # deals each seat was in: to its going broke, or the whole evening
            went = [i + 1 for i, r in enumerate(rows) if r[LOG_HEAD + s] > 0 and r[LOG_HEAD + 2 * n + s] == 0]
            seat_deals[s] += went[0] if went else len(rows)
        top = max(chips)
        for s in range(n):  # R-E6
            wins[s] += (chips[s] == top) / chips.count(top)
    seen["seat_deals"] = seat_deals
    return seen, np.array(finals), wins


def _check_forced(where, row, n, dealer, before, forced, after, rules, seen):
    """The forced chips of one hand by the rules; returns the rounds its deal passed through
    (1 but in the ante variant)."""
    if rules.ante_all:  # R-I4: every player with the ante antes each round
        ante = rules.ante
        assert all(f % ante == 0 for f in forced), where
        rounds = max(forced) // ante  # who antes the last round anted every round
        able = [s for s in range(n) if before[s] >= ante]
        for s in range(n):
            if before[s] < ante:
                assert forced[s] == 0, f"{where}: seat {s} cannot ante"
            elif rounds > 0:
                assert ante <= forced[s] <= rounds * ante, where
        assert rounds <= rules.rounds, where
        if rounds:
            assert int(row[LOG_PLAYERS]) == len(able), where
        else:
            assert len(able) < 2 and int(row[LOG_OUTCOME]) == E.OUT_NO_GAME, where
        return max(rounds, 1)
    others = [s for s in range(n) if s != dealer and before[s] > 0]
    assert int(row[LOG_PLAYERS]) == len(others), where
    if rules.red_dog:  # the bank posts nothing; the players bet the ante (all they have)
        assert forced[dealer] == 0, where
        for s in others:
            assert min(rules.ante, before[s]) <= forced[s] <= rules.rounds * rules.ante, where
        if rules.rounds == 1:
            for s in others:
                assert forced[s] == min(rules.ante, before[s]), f"{where}: seat {s} bet {forced[s]}"
            ways = _red_dog_settlements(n, dealer, before, forced, after)
            short = int(row[LOG_OUTCOME]) == E.OUT_BANK_SHORT
            assert int(row[LOG_OUTCOME]) in (E.OUT_BANK, E.OUT_BANK_SHORT), where
            assert any(x == short for _, x in ways), f"{where}: {before} {forced} {after} {ways}"
            seen["bank_short"] += short
        return 1
    # R-I3, R-E5: the dealer opens min(pot, chips); nobody else posts anything
    assert forced[dealer] == min(rules.pot, before[dealer]), f"{where}: dealer posted {forced[dealer]}"
    assert all(forced[s] == 0 for s in range(n) if s != dealer), where
    seen["short_dealer"] += before[dealer] < rules.pot
    return 1


def _check_outs(outs, finals, wins, rows, evenings, stacks, seen):
    """The statistics ``outs`` agree with the refereed log."""
    assert outs[OUT["errors"]].tolist() == [0, 0]
    np.testing.assert_array_equal(outs[OUT["seat_deals"]], seen["seat_deals"])
    np.testing.assert_allclose(outs[OUT["win"]], wins)
    np.testing.assert_array_equal(outs[OUT["final"]], finals.sum(axis=0))
    started = np.asarray(stacks) > 0
    np.testing.assert_array_equal(outs[OUT["broke"]], ((finals == 0) & started).sum(axis=0))
    assert outs[OUT["length"]][0] == rows
    assert outs[OUT["overtime_hist"]].sum() == evenings
    assert (finals.sum(axis=1) == sum(stacks)).all()


CASES = [
    pytest.param(Rules(), 1, id="plain-1"),
    pytest.param(Rules(rounds=2), 2, id="plain-2"),
    pytest.param(Rules(pot=10, low_ace=True, pairs="split"), 2, id="split-2"),
    pytest.param(Rules(ante_all=True, ante=2, rounds=4), 1, id="ante_all-1"),
    pytest.param(Rules(ante_all=True, rounds=3), 2, id="ante_all-2"),
    pytest.param(Rules(red_dog=True, ante=4, rounds=1), 2, id="red_dog-1hand"),
    pytest.param(Rules(red_dog=True, ante=3), 1, id="red_dog-3hands"),
]


@pytest.mark.parametrize("rules, dealer_games", CASES)
def test_the_referee_agrees_with_every_hand(rules, dealer_games):
    """At least 200 evenings each: every hand refereed, the statistics match the log."""
    evenings = 250
    rows, log, outs = _play(MIXED, rules, SMALL, evenings, dealer_games, seed=dealer_games)
    seen, finals, wins = referee(log, MIXED, rules, SMALL, dealer_games, evenings)
    _check_outs(outs, finals, wins, rows, evenings, SMALL, seen)
    assert seen["broke"] > 20 and seen["skipped"] > 5
    if not (rules.ante_all or rules.red_dog):
        assert seen["short_dealer"] > 20  # dealers short of the pot put up what they have
    if rules.ante_all:
        assert seen["overtime"] > 0  # a pot game is finished past the last turn
        assert outs[OUT["overtime"]][0] > 0
    if rules.red_dog and rules.rounds == 1:
        assert seen["bank_short"] > 5  # banks that paid what they had, from their left


@pytest.mark.parametrize(
    "rules",
    [Rules(pot=10), Rules(ante_all=True, ante=2), Rules(red_dog=True, ante=4)],
    ids=("plain", "ante_all", "red_dog"),
)
def test_the_evening_ends_early_when_one_player_has_the_chips(rules):
    players, stacks = ("pot:1@0", "pay_twice", "pot:1@0"), (12, 8, 15)
    rows, log, outs = _play(players, rules, stacks, 200, dealer_games=4, seed=3)
    seen, finals, wins = referee(log, players, rules, stacks, 4, 200)
    _check_outs(outs, finals, wins, rows, 200, stacks, seen)
    assert seen["early_end"] > 5
    assert ((finals > 0).sum(axis=1) == 1).sum() >= seen["early_end"]


def test_a_seat_without_chips_at_the_start_is_skipped_and_its_turn_counted():
    stacks = (40, 0, 40, 40)
    players = ("half_kelly", "kelly", "pay_twice", "never")
    rows, log, outs = _play(players, Rules(), stacks, 200, dealer_games=2)
    seen, finals, wins = referee(log, players, Rules(), stacks, 2, 200)
    _check_outs(outs, finals, wins, rows, 200, stacks, seen)
    assert (log[:, LOG_DEALER] != 1).all() and (log[:, LOG_HEAD + 1] == 0).all()


@pytest.mark.parametrize("dealer_games", [1, 2])
@pytest.mark.parametrize("rules", [Rules(), Rules(red_dog=True, rounds=2)], ids=("dealer's games", "red dog"))
def test_every_player_deals_the_agreed_games_in_turn(rules, dealer_games):
    """R-E5 with deep stacks (nobody goes broke): exactly seats x dealer_games deals per
    evening, the deal going round the table from the first dealer (drawn at random), every
    player dealing ``dealer_games`` times."""
    players = ("half_kelly", "pot:0.5@8", "kelly", "never", "random")
    n = len(players)
    rows, log, outs = _play(players, rules, [5000] * n, 60, dealer_games)
    assert rows == 60 * n * dealer_games
    firsts = set()
    for evening in _evenings(log):
        dealers = [int(r[LOG_DEALER]) for r in evening]
        firsts.add(dealers[0])
        assert dealers == [(dealers[0] + t) % n for t in range(n * dealer_games)]
    assert len(firsts) == n  # the first dealer is drawn per evening
    assert outs[OUT["length_hist"]][n * dealer_games] == 60


def test_a_dealer_short_of_the_pot_puts_up_what_he_has():
    """R-E5: a dealer with fewer chips than the pot opens with all he has; with none he is
    skipped (the referee's test)."""
    players = ("never", "kelly", "kelly")
    rows, log, _ = _play(players, Rules(pot=20), (7, 100, 100), 100)
    n = 3
    short = [r for r in log if r[LOG_DEALER] == 0]
    assert short
    for r in short:
        assert r[LOG_POT] == r[LOG_HEAD + 0] == 7 and r[LOG_HEAD + n] == 7  # never stakes: keeps 7
    assert all(r[LOG_POT] == 20 for r in log if r[LOG_DEALER] != 0)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(ante_all=True, ante=3, rounds=5), Rules(red_dog=True, ante=5)],
    ids=("plain", "ante_all", "red_dog"),
)
def test_chips_conserved_over_whole_evenings(rules):
    players = MIXED + ("kelly", "pass_below:7")
    stacks = [100] * len(players)
    rows, log, outs = _play(players, rules, stacks, 400, dealer_games=2, seed=9)
    assert outs[OUT["errors"]].tolist() == [0, 0]
    assert (log[:, LOG_HEAD + 2 * len(players) :].sum(axis=1) == sum(stacks)).all()
    assert outs[OUT["final"]].sum() == 400 * sum(stacks)


ALL_VARIANTS = [
    Rules(two_pass=True),
    Rules(hidden=True, min_stake=True),
    Rules(three_posts=True, ante=2),
    Rules(ante_all=True, pairs="ante_back"),
]


@pytest.mark.parametrize("rules", ALL_VARIANTS, ids=lambda r: ",".join(r.variants))
def test_every_player_and_variant_sits_at_an_evening(rules):
    players = ("kelly+count", "pot:0.25@9+count", "random:0.5", "fixed:3", "pay_twice:0.5", "never")
    rows, log, outs = _play(players, rules, [60] * 6, 60, dealer_games=1)
    assert rows > 60 and outs[OUT["errors"]].tolist() == [0, 0]


def test_red_dog_raises_by_the_seats_policy():
    """``never`` never raises, a policy from spread 0 always does, Kelly by the best rule of
    red_dog.py (spread 7 or more with one deck), others from their least spread."""
    game = evening_kernel(
        ["never", "pot:1@0", "kelly", "pass_below:9", "half_kelly"], Rules(red_dog=True)
    ).game
    rules, pol = game
    assert rules[E.RV_RAISE_FROM] == best_raise_from(1) == 7
    state = stream_state(0)
    raises = [[bool(E._raises.py_func(p, s, rules, pol, state)) for s in range(1, 12)] for p in range(5)]
    assert raises[0] == [False] * 11
    assert raises[1] == [True] * 11
    assert raises[2] == raises[4] == [s >= 7 for s in range(1, 12)]
    assert raises[3] == [s >= 9 for s in range(1, 12)]


def test_red_dog_bank_earns_the_exact_house_edge():
    """A deep bank against one player, one hand per turn: the bank's mean result per hand is
    red_dog.py's exact house edge (best raise rule, and never raising)."""
    from simkit.games.in_between import red_dog_edge, simulate

    rules = Rules(red_dog=True, rounds=1, stacks=10**9)
    r = simulate(["never", "kelly"], rules=rules, hands=150_000, deals=2, seed=4)
    seats = r.seats.set_index("seat")
    edge = red_dog_edge(1)
    # seat 0 banks against Kelly (best rule), seat 1 against never
    for seat, expected in ((0, edge["house_edge_best_raise"]), (1, edge["house_edge_no_raise"])):
        mean, se = seats.dealer_net_mean[seat], seats.dealer_net_se[seat]
        assert abs(mean - expected) < 4 * se, (seat, mean, expected, se)
    assert r.conservation_errors == 0


def test_bad_input_is_refused_by_name():
    with pytest.raises(ValueError, match="players must be 2..24"):
        evening_kernel(["kelly"])
    with pytest.raises(ValueError, match="Python player"):
        evening_kernel(["kelly", lambda d: 0])
    with pytest.raises(ValueError, match="rules must be a Rules, got 'red_dog'"):
        evening_kernel(["kelly", "never"], "red_dog")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"log_capacity must be an integer 0..1048576, got -1"):
        evening_kernel(["kelly", "never"], log_capacity=-1)
    with pytest.raises(ValueError, match="dealer_games must be an integer >= 1, got 1.5"):
        evening_end(3, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seats must be an integer >= 2, got 1"):
        evening_end(1)
    with pytest.raises(ValueError, match="red_dog cannot be combined with ante_all"):
        Rules(red_dog=True, ante_all=True)
    with pytest.raises(ValueError, match="red_dog must be True or False, got 'yes'"):
        Rules(red_dog="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Red Dog table"):
        from simkit.games.in_between import DealerGameJob

        DealerGameJob(("kelly", lambda d: 0), rules=Rules(red_dog=True))


def test_an_end_rule_other_than_turns_is_an_error_code():
    kernel = evening_kernel(["kelly", "never"])
    end = evening_end(2)
    end[END_KIND] = END_LAST_PLAYER
    outs = new_outs(2, 2, 2, 200)
    rc = kernel(3, np.full(2, 100), end, np.arange(2), stream_state(1), outs, np.zeros((0, 14), np.int64))
    assert rc == E.RC_END_RULE
