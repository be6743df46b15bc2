"""2-7 Triple Draw evenings: a plain-Python referee, written from the rules, replays the
logged evenings hand by hand (R-E1 to R-E3, R-E6, R-T2, R-P3)."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.evenings import evening
from simkit.games.triple_draw.rules import Rules


def _left(seat: int, n: int) -> int:
    return (seat + 1) % n


def _next_with_chips(seat: int, stacks: list[int]) -> int:
    """The first seat left of ``seat`` with chips."""
    n = len(stacks)
    s = _left(seat, n)
    while stacks[s] <= 0:
        s = _left(s, n)
    return s


def _expected_forced(dealer: int, before: list[int], rules: Rules) -> list[int]:
    """Antes, then the blinds (R-T2): the two seats with chips left of the dealer; heads-up the
    dealer posts the small blind.  A short stack posts what it has (R-E2)."""
    n = len(before)
    forced = [0] * n
    left = list(before)
    for s in range(n):
        if before[s] > 0:
            a = min(rules.ante, left[s])
            forced[s] += a
            left[s] -= a
    players = [s for s in range(n) if before[s] > 0]
    if len(players) == 2:
        sb = dealer
        bb = _next_with_chips(dealer, before)
    else:
        sb = _next_with_chips(dealer, before)
        bb = _next_with_chips(sb, before)
    for seat, blind in ((sb, rules.small_blind), (bb, rules.big_blind)):
        b = min(blind, left[seat])
        forced[seat] += b
        left[seat] -= b
    return forced


def referee(log, n: int, stacks: int, rules: Rules, agreed: int) -> int:
    """Check every hand of every logged evening; returns the evenings checked."""
    evenings = 0
    for _, ev in log.groupby("evening", sort=True):
        rows = ev.sort_values("deal")
        assert rows["deal"].tolist() == list(range(1, len(rows) + 1))
        previous = [stacks] * n
        last_dealer = None
        for r in rows.itertuples():
            before = [getattr(r, f"before_{s}") for s in range(n)]
            after = [getattr(r, f"stack_{s}") for s in range(n)]
            forced = [getattr(r, f"forced_{s}") for s in range(n)]
            assert before == previous, "the stacks carry over from the hand before"
            assert sum(after) == n * stacks, "chips are conserved"
            players = [s for s in range(n) if before[s] > 0]
            assert len(players) >= 2, "a hand is dealt only while two players have chips"
            assert r.players == len(players)
            for s in range(n):
                if before[s] == 0:  # out: never dealt in, never posts
                    assert forced[s] == 0 and after[s] == 0
            assert before[r.dealer] > 0, "the dealer has chips"
            if last_dealer is not None:
                assert r.dealer == _next_with_chips(last_dealer, before), "the deal passes left"
            assert forced == _expected_forced(r.dealer, before, rules)
            if agreed:
                assert r.deal <= agreed
            previous = after
            last_dealer = r.dealer
        final = previous
        with_chips = sum(1 for c in final if c > 0)
        assert with_chips == 1 or (agreed and len(rows) == agreed), "the evening ends by R-E3 only"
        evenings += 1
    return evenings


@pytest.mark.parametrize(
    ("players", "rules", "agreed"),
    [
        (["tight", "loose", "station"], Rules(stacks=12), 0),
        (["tight", "random", "check-call", "sunk-cost"], Rules(stacks=16, ante=1), 0),
        (["tight-rule", "loose", "station"], Rules(stacks=30), 25),
    ],
)
def test_referee_replays_every_logged_evening(players, rules, agreed):
    ev = evening("triple-draw", players, evenings=210, rules=rules, deals=agreed, seed=5, log=210, quiet=True)
    assert ev.log["evening"].nunique() == 210
    assert referee(ev.log, len(players), rules.stacks, rules, agreed) == 210
    heads_up = ev.log[ev.log["players"] == 2]
    assert len(heads_up) > 0, "the referee saw heads-up blinds"


def test_the_log_is_the_batch_and_the_final_chips_agree():
    ev = evening(
        "triple-draw", ["tight", "loose", "station"], evenings=40, stacks=12, seed=3, log=40, quiet=True
    )
    last = ev.log.sort_values("deal").groupby("evening").tail(1)
    finals = last[[f"stack_{s}" for s in range(3)]].to_numpy()
    assert np.allclose(finals.mean(axis=0), ev.seats["final_chips"])
    lengths = ev.log.groupby("evening")["deal"].max()
    assert lengths.mean() == pytest.approx(ev.summary["mean_deals"])
    won = (finals == finals.max(axis=1, keepdims=True)).astype(float)
    won /= won.sum(axis=1, keepdims=True)
    assert np.allclose(won.mean(axis=0), ev.seats["win"])


def test_to_the_last_player_unless_a_time_is_agreed():
    ev = evening("triple-draw", ["tight", "station"], evenings=30, stacks=10, seed=1, quiet=True)
    assert (ev.seats["broke"] > 0).any() and ev.summary["anyone_broke"] == 1.0
    short = evening("triple-draw", ["tight", "station"], evenings=30, stacks=500, deals=7, seed=1, quiet=True)
    assert short.lengths["deals"].tolist() == [7]
