"""Razz evenings (and the stud variants'): hands with the chips carried over until one player
has them all or the agreed deals are played (R-E1..R-E3, R-E6).

The referee below is written from the rules, not from the kernels: it reads the evening log
(per hand the stacks before, the forced bets posted and the stacks after) and checks every
hand: the stacks chain from hand to hand, a player without chips is never dealt in and posts
nothing, every player with chips antes ``min(ante, stack)`` (R-Z5, R-E2), at most one player
posts a bring-in of ``min(bring_in, what the ante left)`` (R-Z2, R-E2), the deal passes left
among the players with chips, eliminations, and that the evening ends exactly when R-E3 says.
Who brings in depends on the upcards, which the log does not hold: :func:`_replay` plays each
logged hand again (the same evening on the same random stream, stopped after that hand) and
checks the bring-in seat from the upcards the kernel dealt (R-Z2, R-Z7) and the bring-in or
completion from the hand's action record.
"""

from __future__ import annotations

import numpy as np
import pytest

from simkit.cards import format_cards
from simkit.games.evening import (
    END_DEALS,
    END_KIND,
    END_LAST_PLAYER,
    END_MAX_DEALS,
    END_MIN_PLAYERS,
    END_SIZE,
    GAME_RAZZ,
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
from simkit.games.razz.engine import OUTCOME_FOLDED, OUTCOME_SHOWDOWN, REC_BRING_IN
from simkit.games.razz.jobs import evening_kernel
from simkit.games.razz.rules import Rules
from simkit.poker.actions import ANTE, BRING_IN, COMPLETE
from simkit.poker.table_state import G_ACTION, G_SEAT, Table
from simkit.rng import stream_state

SHARED = ("random", "check-call", "tight", "loose-aggressive")
RAZZ_TABLE = ("tips", "tight", "check-call", "loose-aggressive")


# --- playing evenings ------------------------------------------------------------------------


def _end(agreed: int = 0, min_players: int = 2) -> np.ndarray:
    end = np.zeros(END_SIZE, np.int64)
    end[END_KIND] = END_LAST_PLAYER
    end[END_DEALS] = agreed
    end[END_MIN_PLAYERS] = min_players
    end[END_MAX_DEALS] = 1_000_000
    return end


def _evenings(players, rules, stacks, count, *, agreed=0, seed=0):
    """Play ``count`` evenings on a new kernel; returns (outs by name, the log's rows)."""
    n = len(players)
    stacks = np.asarray(stacks, np.int64)
    strategy = np.arange(n, dtype=np.int64)
    rows = 64 * count
    while True:  # a log too short: the same evenings again, from a new kernel (a new deck)
        kernel = evening_kernel(players, rules, log_capacity=n + 1)
        assert kernel.min_players == 2 and kernel.game_id == GAME_RAZZ
        outs = new_outs(n, n, 8, int(stacks.sum()))
        log = np.zeros((rows, log_columns(n)), np.int64)
        wanted = kernel(
            count, stacks, _end(agreed, kernel.min_players), strategy, stream_state(seed), outs, log
        )
        assert wanted >= 0, f"error code {wanted}"
        if wanted <= rows:
            return dict(zip(OUT_NAMES, outs)), log[:wanted]
        rows = wanted


# --- the referee -----------------------------------------------------------------------------


def _split(row, n):
    """(stacks before, forced bets, stacks after) of a log row, as lists."""
    cells = [int(x) for x in row[LOG_HEAD : LOG_HEAD + 3 * n]]
    return cells[:n], cells[n : 2 * n], cells[2 * n :]


def _next_left_with_chips(seat, stacks):
    """The deal passes left to the next player who still has chips (R-E1)."""
    n = len(stacks)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if stacks[s] > 0:
            return s
    raise AssertionError("nobody has chips")


def _check_forced(before, forced, rules):
    """Antes from every player with chips, min(ante, stack) (R-Z5, R-E2); at most one
    bring-in, min(bring_in, what the ante left) (R-Z2, R-E2; none in the private round);
    nothing from a player without chips (R-E1).  Returns the bring-in poster or -1."""
    ante = rules.ante_posted
    bring_in = 0 if rules.private else rules.bring_in
    posters = []
    for s, (chips, paid) in enumerate(zip(before, forced)):
        if chips == 0:
            assert paid == 0, f"seat {s} has no chips but posted {paid}"
            continue
        extra = paid - min(ante, chips)
        assert extra >= 0, f"seat {s} with {chips} chips posted {paid}, less than its ante"
        if extra:
            assert extra == min(bring_in, chips - min(ante, chips)), f"seat {s}: bring-in {extra}"
            posters.append(s)
    assert len(posters) <= 1, f"several bring-ins: {posters}"
    return posters[0] if posters else -1


def _check_hand(row, n, total, rules):
    """One hand of the log on its own (everything but the chain and the end)."""
    before, forced, after = _split(row, n)
    assert row[LOG_GAME] == GAME_RAZZ
    assert row[LOG_CARRIED] == 0  # nothing is carried between Razz hands
    assert sum(before) == total and sum(after) == total, "chips not conserved"
    assert min(after) >= 0
    players = sum(1 for c in before if c > 0)
    assert players >= 2, "a hand needs two players with chips"
    assert row[LOG_PLAYERS] == players
    assert before[int(row[LOG_DEALER])] > 0, "a player without chips never deals"
    for s in range(n):
        if before[s] == 0:
            assert after[s] == 0, f"seat {s} was out but won chips"
    assert row[LOG_OUTCOME] in (OUTCOME_SHOWDOWN, OUTCOME_FOLDED)
    put_in = sum(max(b - a, 0) for b, a in zip(before, after))
    assert sum(forced) <= row[LOG_POT] and put_in <= row[LOG_POT]
    _check_forced(before, forced, rules)
    return before, after


def _over(chips, deal, agreed):
    """R-E3: the evening is over when only one player has chips, or after the agreed deals."""
    return sum(1 for c in chips if c > 0) < 2 or (agreed > 0 and deal == agreed)


def referee(log, n, stacks, rules, count, agreed=0):
    """Check every logged hand of ``count`` evenings (module docs); returns per evening
    (deals, final stacks, the deal at which each seat went broke or 0)."""
    chips0 = [int(x) for x in stacks]
    total = sum(chips0)
    evenings = []
    i = 0
    for e in range(count):
        chips, dealer, deal, broke_at = chips0, -1, 0, [0] * n
        while not _over(chips, deal, agreed):
            assert i < len(log) and log[i][LOG_EVENING] == e, (
                f"evening {e} ended too soon, after {deal} deals"
            )
            row = log[i]
            assert row[LOG_DEAL] == deal + 1
            before, after = _check_hand(row, n, total, rules)
            assert before == chips, f"evening {e} deal {deal + 1}: stacks do not chain"
            if dealer >= 0:
                assert row[LOG_DEALER] == _next_left_with_chips(dealer, before), "the deal passes left (R-E1)"
            dealer = int(row[LOG_DEALER])
            deal += 1
            i += 1
            for s in range(n):
                if before[s] > 0 and after[s] == 0:
                    broke_at[s] = deal  # eliminated: out for the rest of the evening (R-E1)
            chips = after
        assert i == len(log) or log[i][LOG_EVENING] != e, f"evening {e} played on after deal {deal} (R-E3)"
        evenings.append((deal, chips, broke_at))
    assert i == len(log), "hands logged after the last evening"
    return evenings


def _shares(final):
    top = max(final)
    k = final.count(top)
    return [1 / k if c == top else 0.0 for c in final]


def check_outs(outs, evenings, n, total):
    """The evening statistics agree with the referee's evenings (R-E6: ties share)."""
    assert outs["errors"].tolist() == [0, 0]
    assert outs["length"][0] == sum(d for d, _, _ in evenings)
    final = np.array([f for _, f, _ in evenings], dtype=np.float64)
    assert (final.sum(axis=1) == total).all()
    assert np.array_equal(outs["final"], final.sum(axis=0))
    win = np.array([_shares(f) for _, f, _ in evenings]).sum(axis=0)
    assert np.allclose(outs["win"], win)
    broke = np.array([[b > 0 for b in br] for _, _, br in evenings]).sum(axis=0)
    assert outs["broke"].tolist() == broke.tolist()
    assert outs["broke_deal"].tolist() == np.array([br for _, _, br in evenings]).sum(axis=0).tolist()
    if "seat_deals" in outs:  # deals each seat was in: to its going broke, or to the end
        seat_deals = np.array([[b or d for b in br] for d, _, br in evenings]).sum(axis=0)
        assert outs["seat_deals"].tolist() == seat_deals.tolist()


# --- the replay: who brings in (the upcards) -------------------------------------------------


def _brings_in(upcards, variant):
    """The bring-in seat from the third-street upcards ``{seat: card text}``: razz and A-6
    the highest (K high, A low; ties ♠ > ♥ > ♦ > ♣, R-Z2); stud high and Hi-Lo the lowest
    (ace high; ties ♣ lowest, R-Z7)."""
    suits = "cdhs"
    if variant in ("razz", "ace-to-six"):
        ranks = "A23456789TJQK"
        return max(upcards, key=lambda s: (ranks.index(upcards[s][0]), suits.index(upcards[s][1])))
    ranks = "23456789TJQKA"
    return min(upcards, key=lambda s: (ranks.index(upcards[s][0]), suits.index(upcards[s][1])))


def _check_bring_in(kernel, before, forced, rules):
    """The hand the kernel just played: nobody without chips was dealt a card, the right seat
    brought in (from the upcards) and posted ``min(bring_in, what the ante left)`` unless it
    completed instead (R-Z2) or nobody could answer it; returns "bring-in", "complete" or
    "none"."""
    n = len(before)
    cards = kernel.work[4]
    dealt = [s for s in range(n) if before[s] > 0]
    for s in range(n):
        assert (cards[s, :3] >= 0).all() == (s in dealt), f"seat {s} dealt in with {before[s]} chips"
        assert s in dealt or (cards[s] < 0).all()
    antes = [min(rules.ante_posted, c) for c in before]
    seat = int(kernel.record[REC_BRING_IN])
    if rules.private:
        assert seat == -1 and forced == antes
        return "none"
    b = _brings_in({s: format_cards(cards[s, 2:3]) for s in dealt}, rules.variant)
    assert seat == b, "the wrong seat brings in"
    actions = Table(kernel.work[0]).log
    voluntary = actions[actions[:, G_ACTION] != ANTE]
    can_act = [s for s in dealt if before[s] > antes[s]]
    if b not in can_act or len(can_act) < 2:
        # all-in with the ante, or nobody left to answer a bet: no bring-in (R-E2, R-P1)
        assert forced == antes
        return "none"
    assert voluntary[0, G_SEAT] == b, "the bring-in acts first on third street"
    if voluntary[0, G_ACTION] == COMPLETE:  # completes instead: posts no bring-in (R-Z2)
        assert forced == antes
        return "complete"
    assert voluntary[0, G_ACTION] == BRING_IN
    antes[b] += min(rules.bring_in, before[b] - antes[b])
    assert forced == antes
    return "bring-in"


def _replay(players, rules, stacks, log, count, seed, agreed=0):
    """Play the logged evenings again on a new kernel, one evening per call from where the
    last one left the stream and the deck (each hand shuffles the deck it finds), and each
    evening ``d`` times to an agreed ``d`` deals (``d`` = 1, 2, …): the last hand of each
    replay is logged hand ``d`` (the same row), and the kernel's scratch then holds that
    hand's cards and action record for :func:`_check_bring_in`.  Returns how often the
    bring-in was posted, completed instead, or not due."""
    n = len(stacks)
    kernel = evening_kernel(players, rules, log_capacity=n + 1)
    deck = kernel.work[2]
    stacks = np.asarray(stacks, np.int64)
    strategy = np.arange(n, dtype=np.int64)
    outs = new_outs(n, n, 8, int(stacks.sum()))
    one = np.zeros((int(np.bincount(log[:, LOG_EVENING], minlength=1).max()), log_columns(n)), np.int64)
    same = [c for c in range(one.shape[1]) if c != LOG_EVENING]
    rng = stream_state(seed)
    seen = {"bring-in": 0, "complete": 0, "none": 0}
    for e in range(count):
        rows = log[log[:, LOG_EVENING] == e]
        start, start_deck = rng.copy(), deck.copy()
        if len(rows) == 0:  # no hand: the evening still draws its first dealer
            assert kernel(1, stacks, _end(agreed), strategy, rng, outs, one) == 0
        for d in range(1, len(rows) + 1):
            rng[:] = start
            deck[:] = start_deck
            deals = d if d < len(rows) else agreed  # the last one: the evening's own end
            assert kernel(1, stacks, _end(deals), strategy, rng, outs, one) == d
            assert np.array_equal(one[d - 1, same], rows[d - 1, same]), f"evening {e} deal {d}"
            before, forced, _ = _split(rows[d - 1], n)
            seen[_check_bring_in(kernel, before, forced, rules)] += 1
    return seen


# --- tests -----------------------------------------------------------------------------------


def _play_and_referee(players, rules, stacks, count, *, agreed=0, seed=0):
    """Play, referee every hand and the statistics, replay for the bring-ins."""
    n = len(players)
    outs, log = _evenings(players, rules, stacks, count, agreed=agreed, seed=seed)
    evenings = referee(log, n, stacks, rules, count, agreed)
    check_outs(outs, evenings, n, int(np.sum(stacks)))
    seen = _replay(players, rules, stacks, log, count, seed, agreed)
    return outs, log, evenings, seen


def _players_left(final):
    return sum(1 for c in final if c > 0)


def test_razz_evenings_refereed_hand_by_hand():
    """200 Razz evenings with small stacks to the last player (R-E3): every hand refereed,
    the bring-in seat checked from the upcards; two players left play on heads-up (R-E2)."""
    outs, log, evenings, seen = _play_and_referee(RAZZ_TABLE, Rules(), [30] * 4, 200, seed=1)
    assert all(_players_left(f) == 1 for _, f, _ in evenings)
    assert outs["win"].sum() == pytest.approx(200)
    assert seen["bring-in"] > 1000 and seen["complete"] > 100
    assert (log[:, LOG_PLAYERS] == 2).sum() > 1000
    first_dealers = np.bincount(log[log[:, LOG_DEAL] == 1, LOG_DEALER], minlength=4)
    assert (first_dealers > 20).all()  # the first dealer is drawn at random every evening


@pytest.mark.parametrize(
    "variant,players",
    [
        ("stud-high", SHARED),
        ("stud-hilo", SHARED),
        ("private", ("tips", "random", "tight")),
        ("ace-to-six", ("tips", "check-call", "loose-aggressive", "tips:T_KQ=0,T_SUNK=0.2")),
    ],
)
def test_every_variant_plays_whole_evenings(variant, players):
    """Every variant of the Rules sits at an evening: chips conserved over whole evenings
    (Hi-Lo split pots with odd chips included), every hand refereed and replayed."""
    rules = Rules(variant=variant)
    stacks = [25, 21, 17, 33][: len(players)]
    _, log, evenings, seen = _play_and_referee(players, rules, stacks, 200, seed=2)
    assert all(_players_left(f) == 1 for _, f, _ in evenings)
    assert (seen["bring-in"] > 0) != rules.private
    odd_pots = (log[:, LOG_POT] % 2 == 1) & (log[:, LOG_OUTCOME] == OUTCOME_SHOWDOWN)
    assert odd_pots.sum() > 0


def test_agreed_deals_end_the_evening_there_unless_one_player_has_everything_sooner():
    """R-E3 with an agreed number of deals: the evening stops after exactly that many deals,
    or earlier when one player has all the chips; most chips wins, ties share (R-E6)."""
    players = ("tips", "tips", "check-call", "tight", "loose-aggressive")
    outs, _, evenings, _ = _play_and_referee(players, Rules(), [40] * 5, 200, agreed=6, seed=3)
    deals = [d for d, _, _ in evenings]
    assert max(deals) == 6 and deals.count(6) > 100 and min(deals) < 6
    for d, final, _ in evenings:
        assert d == 6 or _players_left(final) == 1
    assert outs["overtime"][0] == 0


def test_one_deal_evenings_and_a_heads_up_table():
    """An agreed single deal ends every evening after it; a two-seat table plays heads-up to
    the last player."""
    _, log, evenings, _ = _play_and_referee(RAZZ_TABLE, Rules(), [20] * 4, 50, agreed=1, seed=4)
    assert len(log) == 50 and all(d == 1 for d, _, _ in evenings)
    _, log, _, seen = _play_and_referee(("tips", "loose-aggressive"), Rules(), [15, 15], 100, seed=5)
    assert (log[:, LOG_PLAYERS] == 2).all() and seen["bring-in"] > 0


def test_a_broke_player_never_posts_never_deals_and_is_never_dealt_in():
    """A seat that starts without chips sits out every hand; players who go broke are out for
    the rest of the evening (R-E1, R-P4); eight seats may need the community card (R-Z4)."""
    players = ("tips",) * 3 + ("check-call", "random", "tight", "loose-aggressive", "tips")
    stacks = [12, 0, 9, 14, 11, 1, 12, 10]
    outs, log, _, _ = _play_and_referee(players, Rules(), stacks, 200, seed=6)
    before = log[:, LOG_HEAD : LOG_HEAD + 8]
    forced = log[:, LOG_HEAD + 8 : LOG_HEAD + 16]
    assert (before[:, 1] == 0).all() and (forced[:, 1] == 0).all()
    assert (log[:, LOG_DEALER] != 1).all()
    assert (forced[before == 0] == 0).all()
    assert outs["broke"][1] == 0 and outs["final"][1] == 0
    assert outs["broke"].sum() == 200 * 6  # all but the winner (seat 1 never had chips)


def test_short_stacks_post_what_they_have():
    """R-E2: a stack short of the ante antes it all and is all-in; a bring-in short of chips
    brings in what the ante left."""
    rules = Rules(ante=2, bring_in=3, small_bet=4, big_bet=8)
    players = ("check-call", "random", "tips", "tight")
    _, log, _, seen = _play_and_referee(players, rules, [3, 4, 2, 9], 300, seed=7)
    before = log[:, LOG_HEAD : LOG_HEAD + 4]
    forced = log[:, LOG_HEAD + 4 : LOG_HEAD + 8]
    short = (before > 0) & (before < rules.ante + rules.bring_in)
    assert short.sum() > 100 and (forced[short] <= before[short]).all()
    assert (forced == before)[short].any() and seen["none"] > 0


def test_the_referee_catches_a_wrong_log():
    """The referee is not a rubber stamp: a log with one thing wrong fails it."""
    stacks, n, rules = [30] * 4, 4, Rules()
    _, log = _evenings(RAZZ_TABLE, rules, stacks, 20, seed=9)
    referee(log, n, stacks, rules, 20)
    first = np.flatnonzero(log[:, LOG_DEAL] == 1)
    out = np.flatnonzero((log[:, LOG_HEAD : LOG_HEAD + n] == 0).any(axis=1))[0]
    broke_seat = int(np.flatnonzero(log[out, LOG_HEAD : LOG_HEAD + n] == 0)[0])
    plain = np.flatnonzero(log[:, LOG_HEAD + n : LOG_HEAD + 2 * n].max(axis=1) == rules.ante)[0]

    def dealer_stays(bad):
        bad[first[0] + 1, LOG_DEALER] = bad[first[0], LOG_DEALER]
        return bad

    def broke_player_antes(bad):
        bad[out, LOG_HEAD + n + broke_seat] = 1
        return bad

    def second_bring_in(bad):
        seat = int(np.argmax(bad[plain, LOG_HEAD : LOG_HEAD + n]))
        bad[plain, LOG_HEAD + n + seat] += rules.bring_in
        bad[plain, LOG_HEAD + n + (seat + 1) % n] += rules.bring_in
        return bad

    def stacks_swapped(bad):
        bad[0, LOG_HEAD + 2 * n : LOG_HEAD + 3 * n] = bad[0, LOG_HEAD + 2 * n : LOG_HEAD + 3 * n][::-1].copy()
        return bad

    def last_hand_lost(bad):
        return np.delete(bad, first[1] - 1, axis=0)

    for tamper in (dealer_stays, broke_player_antes, second_bring_in, stacks_swapped, last_hand_lost):
        with pytest.raises(AssertionError):
            referee(tamper(log.copy()), n, stacks, rules, 20)
    with pytest.raises(AssertionError):  # the evenings ran past an agreed 3 deals
        referee(log, n, stacks, rules, 20, agreed=3)


def test_same_seed_same_evenings():
    a = _evenings(RAZZ_TABLE, Rules(), [30] * 4, 20, seed=8)[1]
    b = _evenings(RAZZ_TABLE, Rules(), [30] * 4, 20, seed=8)[1]
    assert np.array_equal(a, b)


@pytest.mark.parametrize(
    "kwargs,match",
    [
        (dict(players=["tips"]), "2 to 8 seats, got 1"),
        (dict(players=["tips"] * 9), "2 to 8 seats, got 9"),
        (dict(players="tips"), "players must be a sequence of player specs, one per seat, got 'tips'"),
        (dict(players=["shark", "tips"]), "unknown strategy 'shark'"),
        (dict(players=["tips", "tight"], rules=Rules(variant="stud-high")), "not 'stud-high'"),
        (dict(players=["tips", "tight"], rules="razz"), "rules must be a razz Rules, got 'razz'"),
        (
            dict(players=["tips", "tight"], log_capacity=-1),
            "log_capacity must be an integer 0..1048576, got -1",
        ),
        (dict(players=["tips", "tight"], log_capacity=2), "at least 3 .*, got 2"),
        (dict(players=["tips", "tight"], log_capacity=True), "log_capacity .* got True"),
    ],
)
def test_bad_input_is_refused_naming_the_value(kwargs, match):
    players = kwargs.pop("players")
    with pytest.raises(ValueError, match=match):
        evening_kernel(players, **kwargs)
