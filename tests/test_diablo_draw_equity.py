"""Exact equity of Diablo hands at the draw against a brute force over every draw of every
player, in plain Python (hands valued by ``tests/naive.py``'s deuces-wild evaluator).

Many dead cards keep the live deck small, so the reference can visit every outcome."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import naive
import numpy as np
import pytest
from bounds_run import assert_in_bounds

from simkit.cards import format_cards, parse_cards
from simkit.games.diablo.draw_equity import DrawEquityJob, draw_equity, prepare


def _cards(text: str) -> list[int]:
    return [] if text in ("", "-") else parse_cards(text).tolist()


def brute_equity(hands: list[str], keeps: list[str], dead: str = "") -> tuple[list[Fraction], int]:
    """Pot shares (win 1, k-way tie 1/k) over every draw of every player, in seat order."""
    held = [_cards(h) for h in hands]
    kept = [_cards(k) for k in keeps]
    gone = {c for h in held for c in h} | set(_cards(dead))
    live = [c for c in range(52) if c not in gone]
    shares = [Fraction(0)] * len(hands)
    count = 0

    def visit(i: int, pool: list[int], finals: list[list[int]]) -> None:
        nonlocal count
        if i == len(hands):
            keys = [naive.deuces_wild5(f)[0] for f in finals]
            best = max(keys)
            winners = [p for p, k in enumerate(keys) if k == best]
            for p in winners:
                shares[p] += Fraction(1, len(winners))
            count += 1
            return
        for drawn in combinations(pool, 5 - len(kept[i])):
            rest = [c for c in pool if c not in drawn]
            visit(i + 1, rest, finals + [kept[i] + list(drawn)])

    visit(0, live, [])
    return [s / count for s in shares], count


def _dead_leaving(n_live: int, hands: list[str], seed: int) -> str:
    """Dead cards that leave ``n_live`` live cards besides the hands (chosen at random)."""
    held = {c for h in hands for c in _cards(h)}
    rest = [c for c in range(52) if c not in held]
    rng = np.random.default_rng(seed)
    return format_cards(sorted(rng.choice(rest, size=len(rest) - n_live, replace=False).tolist()))


HEADS_UP = [
    # (hands, keeps): one card drawn, two cards drawn, one against two, deuces on both sides
    (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d 7c", "Kh Jh 9h 7h"]),
    (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"]),
    (["9s 9h 2c Kd 5h", "Tc Jc Qc 3d 4d"], ["9s 9h 2c", "Tc Jc Qc 3d"]),
    (["2s 2h Kc Qd 6h", "8c 8d 8s 5c 3h"], ["2s 2h Kc", "8c 8d 8s 5c 3h"]),
]


@pytest.mark.parametrize("hands,keeps", HEADS_UP)
def test_heads_up_matches_brute_force(hands, keeps):
    dead = _dead_leaving(16, hands, seed=len(keeps[0]))
    ref, count = brute_equity(hands, keeps, dead)
    df = draw_equity(hands, keeps, dead)
    assert df.attrs["exact"] is True and df.attrs["outcomes"] == count == df.attrs["trials"]
    assert df.equity.tolist() == pytest.approx([float(r) for r in ref], abs=1e-15)
    assert df.se.tolist() == [0.0, 0.0]
    assert df.equity.sum() == pytest.approx(1.0)


def test_heads_up_full_deck_one_card_each():
    hands, keeps = ["Ah Kh Qh Jh 3c", "Ad 2c 9d 7d 4s"], ["Ah Kh Qh Jh", "Ad 2c 9d 7d"]
    ref, count = brute_equity(hands, keeps)
    df = draw_equity(hands, keeps)
    assert count == 42 * 41 and df.attrs["outcomes"] == count
    assert df.equity.tolist() == pytest.approx([float(r) for r in ref], abs=1e-15)


def test_three_players_and_a_pat_hand_match_brute_force():
    hands = ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "Ks Kc 9c 7s 7d"]
    for keeps in (["As Ah 2d", "Kh Jh 9h 7h", "Ks Kc 9c 7s 7d"], ["As Ah 2d", "Kh Jh 9h", "Ks Kc 9c"]):
        dead = _dead_leaving(12, hands, seed=1)
        ref, count = brute_equity(hands, keeps, dead)
        df = draw_equity(hands, keeps, dead)
        assert df.attrs["exact"] and df.attrs["outcomes"] == count
        assert df.equity.tolist() == pytest.approx([float(r) for r in ref], abs=1e-15)


def test_every_draw_limit_and_drawing_five():
    hands = ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "Ks Kc 9c 7s 7d"]
    keeps = ["As Ah", "-", "Ks"]
    dead = _dead_leaving(12, hands, seed=2)  # 3 + 5 + 4 cards drawn: every one
    with pytest.raises(ValueError, match="player 1: keeping As Ah exchanges 3 cards"):
        draw_equity(hands, keeps, dead)
    ref, count = brute_equity(hands, keeps, dead)
    df = draw_equity(hands, keeps, dead, max_draw=5)
    assert df.attrs["outcomes"] == count and df.keep.tolist() == ["As Ah", "-", "Ks"]
    assert df.equity.tolist() == pytest.approx([float(r) for r in ref], abs=1e-15)
    # draw-three: four only keeping an ace
    two = draw_equity(["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As", "Kh Jh 9h"], dead, variant="draw-three")
    assert two.draw.tolist() == [4, 2]
    with pytest.raises(ValueError, match="player 2: keeping Kh exchanges 4 cards"):
        draw_equity(["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As", "Kh"], dead, variant="draw-three")


def test_the_draw_order_does_not_change_the_shares():
    hands = ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "Qs Qc 9c 8s 3d"]
    keeps = ["As Ah 2d", "Kh Jh 9h 7h", "Qs Qc"]
    dead = _dead_leaving(15, hands, seed=4)
    base = draw_equity(hands, keeps, dead, max_draw=3)
    for order in ([2, 1, 0], [1, 2, 0], [0, 2, 1]):
        other = draw_equity(hands, keeps, dead, max_draw=3, order=order)
        assert other.attrs["order"] == [p + 1 for p in order]
        assert other.equity.tolist() == pytest.approx(base.equity.tolist(), abs=1e-15)


def test_exact_only_when_every_outcome_is_counted():
    hands, keeps = ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"]
    exact = draw_equity(hands, keeps)
    assert exact.attrs["exact"] is True and exact.attrs["method"] == "exact"
    assert exact.attrs["trials"] == exact.attrs["outcomes"] == 861 * 780
    mc = draw_equity(hands, keeps, exact_limit=1000, trials=40_000, seed=3)  # too big: Monte Carlo
    assert mc.attrs["exact"] is False and mc.attrs["method"] == "monte carlo" and mc.attrs["trials"] == 40_000
    assert (mc.se > 0).all()
    assert np.abs((mc.equity - exact.equity) / mc.se).max() < 4.5
    never = draw_equity(hands, keeps, exact=False, trials=5_000, seed=3)
    assert never.attrs["exact"] is False
    with pytest.raises(ValueError, match="exact_limit=1,000: use Monte Carlo"):
        draw_equity(hands, keeps, exact=True, exact_limit=1000)
    pat = draw_equity(["As Ah Ad 7c 7s", "Kh Qh Jh Th 9h"], ["As Ah Ad 7c 7s", "Kh Qh Jh Th 9h"])
    assert pat.attrs["exact"] and pat.attrs["outcomes"] == 1 and pat.equity.tolist() == [0.0, 1.0]


def test_monte_carlo_job_is_seeded():
    spot = prepare(["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"])
    job = DrawEquityJob(spot)
    a = job.run_chunk(2000, np.random.SeedSequence(5))
    b = job.run_chunk(2000, np.random.SeedSequence(5))
    assert all((a[k] == b[k]).all() for k in a)
    assert int(a["share"].sum()) == 2000 * 2520  # every deal pays out the whole pot


@pytest.mark.parametrize(
    "hands,keeps,kw,needle",
    [
        (
            ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"],
            ["As Ah 2c", "Kh Jh 9h"],
            {},
            "player 1: kept card '2c' is not in",
        ),
        (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h", "Kh"], {}, "2 hands, 3 keeps"),
        (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d"], {}, "2 hands, 1 keep"),
        (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah", "Kh Jh 9h"], {}, "exchanges 3 cards"),
        (
            ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"],
            ["As Ah 2d", "Kh"],
            {"max_draw": 3},
            "max_draw=3 allows at most 3",
        ),
        (
            ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"],
            ["As Ah 2d", "Kh"],
            {"max_draw": 7},
            "max_draw must be an integer",
        ),
        (["As Ah 2d 7c 4s", "As Jh 9h 7h 5s"], ["As Ah 2d", "Jh 9h 7h"], {}, "card 'As' is in more than one"),
        (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"], {"dead": "Kh"}, "card 'Kh'"),
        (["As Ah 2d 7c 4s", "Kh Jh 9h 7h"], ["As Ah 2d", "Kh Jh 9h"], {}, "hand 2: expected 5 cards, got 4"),
        (["As Ah 2d 7c 4s"], ["As Ah 2d"], {}, "give 2..10 hands, got 1"),
        (
            ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"],
            ["As Ah 2d", "Kh Jh 9h"],
            {"order": [0, 0]},
            "order must list",
        ),
        (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"], {"exact": "yes"}, "exact must be"),
        (
            ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"],
            ["As Ah 2d", "Kh Jh 9h"],
            {"trials": 0, "exact": False},
            "trials",
        ),
    ],
)
def test_bad_input_is_refused(hands, keeps, kw, needle):
    with pytest.raises(ValueError, match=needle):
        draw_equity(hands, keeps, **kw)


def test_a_live_deck_too_small_is_refused_before_any_kernel():
    hands = [format_cards(range(5 * i, 5 * i + 5)) for i in range(10)]  # 50 cards in play
    keeps = [format_cards(range(5 * i, 5 * i + 4)) for i in range(10)]  # ten players draw one
    with pytest.raises(ValueError, match="the live deck has 2 cards .* but the players draw 10"):
        draw_equity(hands, keeps)
    keeps[2:] = hands[2:]  # only two players draw: it fits
    df = draw_equity(hands, keeps)
    assert df.attrs["exact"] and df.attrs["outcomes"] == 2


BOUNDS_SCRIPT = """
from simkit.cards import format_cards, parse_cards
from simkit.games.diablo.draw_equity import draw_equity
from simkit.games.diablo.solver import draw_odds, rank_keeps
hand = "Kd Kc 7s 4h 3c"
held = set(parse_cards(hand).tolist())
rest = [c for c in range(52) if c not in held]
for live in (1, 2, 5):
    dead = format_cards(rest[live:])
    draw_odds(hand, "Kd Kc 7s 4h", dead)
    rank_keeps(hand, dead, objective="paytable", max_draw=live)
hands = ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"]
held = {c for h in hands for c in parse_cards(h).tolist()}
rest = [c for c in range(52) if c not in held]
for live, keeps in ((3, ["As Ah 2d 7c", "Kh Jh 9h"]), (10, ["-", "-"])):
    draw_equity(hands, keeps, format_cards(rest[live:]), max_draw=5)
    draw_equity(hands, keeps, format_cards(rest[live:]), max_draw=5, exact=False, trials=500)
print("in bounds")
"""


def test_kernels_stay_in_bounds_with_few_live_cards(tmp_path):
    """The exact kernels at the edge of the live deck, compiled with Numba's bounds checks
    (an index outside an array raises instead of reading past it)."""
    assert_in_bounds(BOUNDS_SCRIPT, str(tmp_path), 600)
