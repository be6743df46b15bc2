"""simkit.deck: the sampler deals distinct, live, uniformly random cards, reproducibly.

Uniformity is checked with chi-square statistics on a fixed seed; the p-values use the
Wilson-Hilferty normal approximation of the chi-square distribution (scipy is no dependency).
A deliberately biased shuffle shows that the same checks do catch a bias.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.deck import deal, deal_with_draws, live_deck
from simkit.jit import njit
from simkit.rng import draw_below, step_below, stream_state

P_MIN = 1e-4  # fixed seeds: a p-value below this would mean a real bias


def chi2_sf(x: float, df: int) -> float:
    """Upper tail P(X >= x) of a chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def position_chi2(cards: np.ndarray, live: np.ndarray) -> tuple[float, int]:
    """Chi-square of the card counts at every position against 'each live card equally likely'."""
    n, k = cards.shape
    stat = 0.0
    for pos in range(k):
        counts = np.bincount(cards[:, pos].astype(np.int64), minlength=52)[live]
        expected = n / live.size
        stat += float(((counts - expected) ** 2).sum() / expected)
        assert counts.sum() == n
    return stat, k * (live.size - 1)


def pair_counts(hands: np.ndarray) -> np.ndarray:
    """How often each unordered pair of cards sits in the same hand, as a (52, 52) upper
    triangle."""
    h = np.sort(hands.astype(np.int64), axis=1)
    k = h.shape[1]
    flat = np.zeros(52 * 52, dtype=np.int64)
    for i in range(k):
        for j in range(i + 1, k):
            flat += np.bincount(h[:, i] * 52 + h[:, j], minlength=52 * 52)
    return flat.reshape(52, 52)


def test_chi2_sf_matches_tables():
    # Tabulated 5% and 0.1% critical values.
    assert chi2_sf(67.505, 50) == pytest.approx(0.05, abs=0.002)
    assert chi2_sf(124.342, 100) == pytest.approx(0.05, abs=0.002)
    assert chi2_sf(149.449, 100) == pytest.approx(0.001, abs=0.0003)
    assert chi2_sf(100.0, 100) == pytest.approx(0.48, abs=0.01)


def test_shapes_and_types():
    hands = deal(10, 7, seed=3)
    assert hands.shape == (10, 7) and hands.dtype == np.int8
    hands, draws = deal_with_draws(10, 5, 3, seed=3)
    assert hands.shape == (10, 5) and draws.shape == (10, 3)
    assert deal(0, 5, seed=1).shape == (0, 5)
    assert deal(4, 0, seed=1).shape == (4, 0)


def test_no_repeated_card_in_a_hand():
    hands = np.sort(deal(20_000, 7, seed=11), axis=1)
    assert (np.diff(hands, axis=1) > 0).all()
    assert hands.min() >= 0 and hands.max() <= 51


def test_whole_deck_is_a_permutation():
    hands = deal(500, 52, seed=12)
    assert (np.sort(hands, axis=1) == np.arange(52)).all()
    # ...and not the same permutation each time.
    assert len({h.tobytes() for h in hands}) == 500


def test_dead_cards_never_dealt():
    dead = "As Kd 2c 7h 10s"
    dead_ints = parse_cards(dead)
    for d in (dead, dead_ints, dead_ints.tolist()):
        hands, draws = deal_with_draws(5_000, 5, 4, dead=d, seed=13)
        both = np.concatenate([hands, draws], axis=1)
        assert not np.isin(both, dead_ints).any()
    # Dealing every live card deals exactly the live deck.
    hands = deal(200, 47, dead=dead, seed=14)
    assert (np.sort(hands, axis=1) == live_deck(dead)).all()


def test_live_deck():
    assert live_deck().tolist() == list(range(52))
    assert live_deck("2c As").tolist() == list(range(1, 51))
    assert live_deck([]).size == 52


def test_every_card_equally_likely_at_every_position():
    hands, draws = deal_with_draws(52 * 400, 5, 3, seed=2024)
    cards = np.concatenate([hands, draws], axis=1)
    stat, df = position_chi2(cards, np.arange(52))
    assert chi2_sf(stat, df) > P_MIN, (stat, df)


def test_every_live_card_equally_likely_with_dead_cards():
    dead = parse_cards("Ac Ad Ah 2s 9d Kh")
    live = live_deck(dead)
    cards = deal(live.size * 400, 7, dead=dead, seed=2025)
    stat, df = position_chi2(cards, live)
    assert chi2_sf(stat, df) > P_MIN, (stat, df)


def test_biased_shuffle_is_caught():
    """A classic off-by-one Fisher-Yates (Sattolo's: a card never stays in place) fails the
    same position test, so the test has power."""
    rng = np.random.default_rng(5)
    n, k = 52 * 400, 5
    out = np.empty((n, k), dtype=np.int64)
    for h in range(n):
        deck = np.arange(52)
        for j in range(k):
            i = j + 1 + rng.integers(52 - j - 1)  # never j itself: biased
            deck[i], deck[j] = deck[j], deck[i]
        out[h] = deck[:k]
    stat, df = position_chi2(out, np.arange(52))
    assert chi2_sf(stat, df) < 1e-12


@pytest.mark.parametrize("gap", [1, 2, 4])
def test_rows_are_independent(gap):
    """The first cards of rows ``gap`` apart take all 52 x 52 pairs equally often: rows dealt
    side by side from different decks (gap 1, 2) and one after the other from the same deck
    (gap 4) are independent; 52 * 52 * 40 + 3 rows, so the last rows come from the tail step."""
    n = 52 * 52 * 40 + 3
    first = deal(n, 2, seed=77)[:, 0].astype(np.int64)
    counts = np.bincount(first[:-gap] * 52 + first[gap:], minlength=52 * 52)
    expected = (n - gap) / (52 * 52)
    stat = float(((counts - expected) ** 2 / expected).sum())
    assert chi2_sf(stat, 52 * 52 - 1) > P_MIN, stat
    tail = deal(4 * 52 * 100 + 3, 5, seed=8)[-3:]  # rows of the tail are whole hands too
    assert all(len(set(row.tolist())) == 5 for row in tail)


def test_pairs_equally_likely():
    n = 200_000
    counts = pair_counts(deal(n, 5, seed=31))
    upper = counts[np.triu_indices(52, 1)]
    assert upper.size == 1326 and upper.sum() == 10 * n
    p = 10 / 1326  # a given pair is in a 5-card hand with probability C(50,3) / C(52,5)
    expected = n * p
    z = (upper - expected) / math.sqrt(expected * (1 - p))
    assert np.abs(z).max() < 5.0
    stat = float((z**2).sum())
    assert chi2_sf(stat, 1325) > P_MIN, stat


def test_same_seed_same_hands():
    a = deal_with_draws(1000, 5, 3, seed=99)
    b = deal_with_draws(1000, 5, 3, seed=99)
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
    ss = np.random.SeedSequence(99)
    assert (deal(50, 5, seed=ss) == deal(50, 5, seed=np.random.SeedSequence(99))).all()


def test_different_seeds_different_hands():
    a, b = deal(1000, 5, seed=1), deal(1000, 5, seed=2)
    # Two independent hands agree in every position with tiny probability.
    assert (a != b).any(axis=1).mean() > 0.99
    spawned = np.random.SeedSequence(7).spawn(2)
    assert (deal(100, 5, seed=spawned[0]) != deal(100, 5, seed=spawned[1])).any()


def test_draws_disjoint_from_hand():
    hands, draws = deal_with_draws(20_000, 5, 10, seed=42)
    assert not (hands[:, :, None] == draws[:, None, :]).any()
    both = np.sort(np.concatenate([hands, draws], axis=1), axis=1)
    assert (np.diff(both, axis=1) > 0).all()


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: deal(1, 53), "cannot deal 53 cards"),
        (lambda: deal(1, 50, dead="As Ks Qs"), "live deck of 49"),
        (lambda: deal_with_draws(1, 5, 48), "k=5, draws=48"),
        (lambda: deal(-1, 5), "n must be non-negative, got -1"),
        (lambda: deal(3, -2), "k must be non-negative, got -2"),
        (lambda: deal_with_draws(3, 5, -1), "draws must be non-negative, got -1"),
        (lambda: deal(2.5, 5), "n must be an integer, got 2.5"),
        (lambda: deal(3, "5"), "k must be an integer, got '5'"),
        (lambda: deal(3, 5, dead="As Xx"), "Xx"),
        (lambda: deal(3, 5, dead="As As"), "repeated card 'As'"),
        (lambda: deal(3, 5, dead=[52]), "dead card 52"),
        (lambda: deal(3, 5, dead=[-1]), "dead card -1"),
        (lambda: deal(3, 5, dead=[51, 51]), "dead card 'As' is given twice"),
        (lambda: deal(3, 5, dead=[1.5]), "dead cards must be card integers"),
    ],
)
def test_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        call()


@njit()
def _both_draws(bounds, state):
    """Each bound drawn by ``draw_below`` from ``state`` and by ``step_below`` from a copy of
    it held in local words."""
    a = np.empty(bounds.shape[0], np.int64)
    b = np.empty(bounds.shape[0], np.int64)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for i in range(bounds.shape[0]):
        a[i] = draw_below(state, bounds[i])
        b[i], s0, s1, s2, s3 = step_below(bounds[i], s0, s1, s2, s3)
    return a, b, np.array([s0, s1, s2, s3], dtype=np.uint64)


def test_step_below_draws_what_draw_below_draws():
    """The draw on local words gives the same numbers and leaves the same state, rejections
    included (a bound just above 2**31 rejects almost half the draws)."""
    bounds = np.array([52, 1, 2, 47, 2**31 + 1, 3, 2**32 - 1, 13] * 500, dtype=np.int64)
    state = stream_state(7)
    a, b, words = _both_draws(bounds, state)
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(words, state)
    assert (a < bounds).all() and (a >= 0).all()
