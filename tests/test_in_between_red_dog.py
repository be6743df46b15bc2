"""Red Dog (``red_dog.py``): the exact house edge against a card-by-card count, and its
simulator (R-I4)."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import pytest

from simkit.games.in_between import red_dog_edge, red_dog_table, simulate_red_dog


def _red_dog_brute_force_one_deck() -> tuple[Fraction, Fraction]:
    """Every ordered three-card sequence of one deck, card by card (132,600 of them)."""
    ranks = [c // 4 for c in range(52)]
    ev_plain = Fraction(0)
    ev_best = Fraction(0)
    n = 0
    pays = {1: 5, 2: 4, 3: 2}
    for a, b, c in permutations(range(52), 3):
        n += 1
        ra, rb, rc = ranks[a], ranks[b], ranks[c]
        lo, hi = min(ra, rb), max(ra, rb)
        if lo == hi:
            res = 11 if rc == lo else 0
            ev_plain += res
            ev_best += res
        elif hi - lo == 1:
            continue
        else:
            s = hi - lo - 1
            res = pays.get(s, 1) if lo < rc < hi else -1
            ev_plain += res
            ev_best += res * (2 if s >= 7 else 1)
    return ev_plain / n, ev_best / n


def test_red_dog_one_deck_against_card_by_card_count():
    plain, best = _red_dog_brute_force_one_deck()
    e = red_dog_edge(1)
    assert e["house_edge_no_raise"] == pytest.approx(float(-plain), abs=1e-15)
    assert e["house_edge_best_raise"] == pytest.approx(float(-best), abs=1e-15)
    assert Fraction(e["house_edge_best_raise_exact"]) == -best


def test_red_dog_edges_and_raise_rule():
    prev = None
    for decks in (1, 2, 4, 6, 8):
        e = red_dog_edge(decks)
        assert e["raise_rule"] == "raise on spread 7 or more"
        assert 0 < e["house_edge_best_raise"] < e["house_edge_no_raise"]
        if prev is not None:  # more decks, a smaller edge
            assert e["house_edge_best_raise"] < prev
        prev = e["house_edge_best_raise"]
    # raising at spread 7 is right because 28N/(52N-2) * 2 > 1, at 6 wrong: 24N/(52N-2) * 2 < 1
    t = red_dog_table(8)
    assert t.loc[t.spread == 7, "raise_bet"].item() and not t.loc[t.spread == 6, "raise_bet"].item()


def test_red_dog_simulation_agrees_with_exact():
    for decks, raise_from in ((1, 7), (2, 12)):
        m, se = simulate_red_dog(300_000, decks=decks, raise_from=raise_from, seed=decks)
        e = red_dog_edge(decks)
        exact = e["house_edge_best_raise"] if raise_from == 7 else e["house_edge_no_raise"]
        assert abs(m + exact) < 3.5 * se, (decks, m, exact, se)
        assert math.isfinite(se) and se > 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"raise_from": float("inf")}, "raise_from must be an integer 1..12, got inf"),
        ({"raise_from": 7.5}, "raise_from must be an integer 1..12, got 7.5"),
        ({"hands": 2**64}, "hands must be an integer 2..2"),
    ],
)
def test_simulate_red_dog_refuses_bad_settings(kwargs, message):
    """``inf`` was an OverflowError and 7.5 was cut to 7 (found by the library fuzz)."""
    with pytest.raises(ValueError, match=message):
        simulate_red_dog(**{"hands": 10, **kwargs})


def test_simulate_red_dog_is_a_runner_job_the_same_on_any_number_of_threads():
    one = simulate_red_dog(100_000, decks=2, seed=9, threads=1, chunk_size=10_000)
    two = simulate_red_dog(100_000, decks=2, seed=9, threads=2, chunk_size=10_000)
    assert one == two and one[1] > 0
    m, se = simulate_red_dog(2, decks=2, target_se=0.02, seed=9)
    assert se <= 0.02 and abs(m + red_dog_edge(2)["house_edge_best_raise"]) < 5 * se
