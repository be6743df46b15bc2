"""The draw solver against brute-force counts written from the rules (R-T1, R-T3)."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from simkit.cards import format_cards, parse_cards
from simkit.games.triple_draw.solver import best_discard, discard_options, draw_odds

TOPS = {"7": 5, "8": 6, "9": 7, "10": 8, "J": 9}  # rank index of the top card (2 = 0)


def reaches(cards, top_rank: int) -> bool:
    """R-T1 from the rule text: five different ranks, the highest at most ``top_rank``, no
    straight (five consecutive ranks, the ace high only) and not five of one suit."""
    ranks = sorted(c >> 2 for c in cards)
    if len(set(ranks)) < 5 or ranks[-1] > top_rank:
        return False
    if ranks[-1] - ranks[0] == 4:
        return False
    return len({c & 3 for c in cards}) > 1


def brute_one_draw(hand: str, keep: str, top: str) -> tuple[int, int]:
    cards = parse_cards(hand).tolist()
    kept = parse_cards(keep).tolist() if keep else []
    deck = [c for c in range(52) if c not in cards]
    m = 5 - len(kept)
    hits = sum(reaches(kept + list(extra), TOPS[top]) for extra in combinations(deck, m))
    return hits, comb(len(deck), m)


def random_cases(n: int, m: int, seed: int):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        # bias towards low cards so that targets are reachable
        low = rng.choice(np.arange(0, 36), size=5, replace=False)
        hand = low if rng.random() < 0.7 else rng.choice(52, size=5, replace=False)
        keep_idx = rng.choice(5, size=5 - m, replace=False)
        yield format_cards(hand), format_cards(np.asarray(hand)[keep_idx])


@pytest.mark.parametrize("m,seed", [(1, 1), (2, 2)])
def test_one_draw_matches_brute_force(m, seed):
    for hand, keep in random_cases(12 if m == 1 else 4, m, seed):
        df = draw_odds(hand, keep, draws=1, targets=list(TOPS))
        for top, row in zip(TOPS, df.itertuples()):
            hits, total = brute_one_draw(hand, keep, top)
            assert row.exact and row.se == 0.0
            assert row.draws_total == total
            assert row.outs == hits, (hand, keep, top)


def test_suited_and_straight_draws_are_not_outs():
    # 6-5-4-3 of spades: a 2 or a 7 makes a straight, so no 7-low; only an 8 of another suit
    # makes an 8-low (the 8s is a flush)
    df = draw_odds("6s 5s 4s 3s Kd", "6s 5s 4s 3s", 1, ["7", "8"])
    hits7, _ = brute_one_draw("6s 5s 4s 3s Kd", "6s 5s 4s 3s", "7")
    hits8, _ = brute_one_draw("6s 5s 4s 3s Kd", "6s 5s 4s 3s", "8")
    assert (int(df.outs[0]), int(df.outs[1])) == (hits7, hits8) == (0, 3)


def test_two_draw_exact_agrees_with_monte_carlo():
    hand, keep = "8s 7h 3d Kc Qs", "8s 7h 3d"
    exact = draw_odds(hand, keep, 2, ["8", "10"])
    mc = draw_odds(hand, keep, 2, ["8", "10"], exact_limit=0, trials=4000, seed=3)
    assert exact.exact.all() and not mc.exact.any()
    z = (mc.probability - exact.probability) / mc.se
    assert (z.abs() < 4.5).all(), z.tolist()
    # a second draw can only help
    one = draw_odds(hand, keep, 1, ["8", "10"])
    assert (exact.probability > one.probability).all()


def test_more_draws_help():
    p = [
        float(draw_odds("8s 7h 3d 2c Ks", "8s 7h 3d 2c", d, ["8"], trials=4000).probability[0])
        for d in (1, 2, 3)
    ]
    assert p[0] < p[1] < p[2]


def test_best_discard_breaks_pairs_and_straights():
    assert best_discard("7s 7h 5d 3c 2s", 1, "7").discard == "7h"
    # a made six-high straight: throw a card, never stand pat for 8-low
    choice = best_discard("6s 5h 4d 3c 2s", 1, "8")
    assert choice.discard != "" and choice.exact
    df = discard_options("6s 5h 4d 3c 2s", 1, "8")
    assert df.value.iloc[0] > 0 and (df.keep != "6s 5h 4d 3c 2s").iloc[0]


def test_bad_input():
    with pytest.raises(ValueError, match="not in the hand"):
        draw_odds("8s 7h 3d 2c Ks", "Ah", 1)
    with pytest.raises(ValueError, match="draws must be"):
        draw_odds("8s 7h 3d 2c Ks", None, 5)
    with pytest.raises(ValueError, match="target '6'"):
        draw_odds("8s 7h 3d 2c Ks", None, 1, ["6"])
    # sizes are checked before any work, also where only the Monte Carlo path would use them
    with pytest.raises(ValueError, match="trials must be a positive integer, got '٣'"):
        draw_odds("8s 7h 3d 2c Ks", None, 3, ["8"], policy="rank", trials="٣")
    with pytest.raises(ValueError, match="trials must be a positive integer, got 0"):
        discard_options("8s 7h 3d 2c Ks", 1, "8", trials=0)
    with pytest.raises(ValueError, match="exact_limit must be a non-negative integer, got -1"):
        draw_odds("8s 7h 3d 2c Ks", None, 1, ["8"], exact_limit=-1)
    with pytest.raises(ValueError, match="top must be a positive integer, got 0"):
        discard_options("8s 7h 3d 2c Ks", 1, "rank", top=0)
