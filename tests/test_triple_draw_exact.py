"""Exact best-play draw odds (simkit.games.triple_draw.exact) against slow references: the
brute force of triple_draw_naive (every keep, every sequence of draws) on small decks, and an
independent count of the three-draw aggregation (the first draw enumerated card by card, the
best exact two-draw value after each)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
import triple_draw_naive as naive

from simkit.cards import format_cards, parse_cards
from simkit.games.triple_draw import exact
from simkit.games.triple_draw.solver import discard_options, draw_odds


def cards(text: str) -> list[int]:
    return parse_cards(text).astype(int).tolist()


def dead_for(hand: str, deck: str) -> str:
    """The dead cards that leave exactly ``deck`` unseen beside ``hand``."""
    return format_cards(sorted(set(range(52)) - set(cards(hand)) - set(cards(deck))))


# a small deck: low cards of every suit (flush and straight draws), a few high ones
DECK = "4s 6s 8s 2h 6h 4d 9c Qh Jc 7d 3h 5c"


@pytest.mark.parametrize(
    "hand,keep,deck,draws",
    [
        ("7s 5h 3d 2c Kc", "7s 5h 3d 2c", DECK, 1),  # one card drawn
        ("7s 5h 3d 2c Kc", "7s 5h 3d 2c", DECK, 2),
        ("7s 5s 3s 2c Kc", "7s 5s 3s", DECK, 1),  # two cards drawn, a flush draw
        ("7s 5s 3s 2c Kc", "7s 5s 3s", DECK, 2),
        ("6s 5s 4s 3c Kc", "6s 5s 4s", "8s 2s 2h 6h 4d 9c Qh Jc 7d 3h 5c 7s", 2),  # straights count
        ("7s 5h 3d 2c Kc", "7s 3d", DECK, 2),  # three cards drawn
    ],
)
def test_best_play_matches_brute_force(hand, keep, deck, draws):
    dead = dead_for(hand, deck)
    for top in ("7", "8", "9"):
        p = exact.target_chance(hand, keep, draws, top, dead=dead)
        assert p == naive.keep_value(cards(keep), cards(deck), draws, top), (hand, keep, draws, top)


def test_best_play_three_draws_one_card_drawn():
    hand, keep, deck = "7s 5s 3s 2s Kc", "7s 5s 3s 2s", "4s 6s 8s 6h 4d 9c Qh 7d 3h 5c Td"
    p = exact.target_chance(hand, keep, 3, "8", dead=dead_for(hand, deck))
    assert p == naive.keep_value(cards(keep), cards(deck), 3, "8") == Fraction(12722, 17325)


@pytest.mark.slow
def test_best_play_three_draws_two_cards_drawn():
    hand, keep, deck = "7s 5s 3s 2c Kc", "7s 5s 3s", "4s 6s 8s 2s 6h 4d 9c Qh Jc 7d 3h 5c"
    p = exact.target_chance(hand, keep, 3, "8", dead=dead_for(hand, deck))
    assert p == naive.keep_value(cards(keep), cards(deck), 3, "8")


def test_best_first_keep_matches_brute_force():
    hand, deck = "7s 5h 3d 2c Kc", "4s 6s 8s 2h 6h 4d 9c Qh Jc 7d 3h"
    dead = dead_for(hand, deck)
    for top in ("7", "8"):
        p, keep = exact.best_keep(hand, 2, top, dead=dead)
        assert p == naive.best_play(cards(hand), cards(deck), 2, top)
        assert exact.target_chance(hand, keep, 2, top, dead=dead) == p


@pytest.mark.parametrize(
    "keep,draws", [("As 2s 5c", 2), ("As 2s 3s", 1), ("As 2s 3s", 2), ("As", 1), ("5c", 2)]
)
def test_ace_to_five_matches_brute_force(keep, draws):
    # suits never count in A-5: a kept suited set draws to flushes freely
    hand, deck = "As 2s 3s 5c Kc", "4s 4h 6d 6s 8c 2h 9d Qh Jc 7d Ah 3h"
    dead = dead_for(hand, deck)
    for top in ("5", "6", "8"):
        p = exact.target_chance(hand, keep, draws, top, dead=dead, family="ace_to_five")
        assert p == naive.keep_value(cards(keep), cards(deck), draws, top, "ace_to_five"), (keep, draws, top)


def test_ace_to_five_suits_do_not_count():
    # a kept ace and one draw of four: every 2, 3, 4, 5 combination, flushes included
    assert exact.target_chance("As Kc Qd Jh Ks", "As", 1, "5", family="ace_to_five") == Fraction(
        4**4, comb(47, 4)
    )
    assert exact.target_chance("5s 4s 3s 2s As", "5s 4s 3s 2s As", 0, "5", family="ace_to_five") == 1
    assert exact.target_chance("7s 4s 3s 2s 8s", "7s 4s 3s 2s 8s", 0, "8") == 0  # a flush in 2-7


def _three_draws_by_first_draw(keep: np.ndarray, deck: np.ndarray, top: str, family: str) -> Fraction:
    """The three-draw chance counted the long way: every first draw, then the best exact
    two-draw value over every keep of the hand it makes."""
    x = exact.target_value(top, family)
    m = 5 - keep.size
    total = Fraction(0)
    for drawn in combinations(deck.tolist(), m):
        hand = np.array(keep.tolist() + list(drawn), dtype=np.int64)
        rest = np.array([c for c in deck.tolist() if c not in drawn], dtype=np.int64)
        total += max(exact._chance(k, rest, 2, family, x) for k in exact.keep_candidates(hand, top, family))
    return total / comb(deck.size, m)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_three_draw_aggregation_matches_first_draw_enumeration(seed):
    """Small keeps (most cards drawn first), random small decks rich in low cards and suits:
    the value-pattern recursion, its safe suit partitions and memoised flush losses give
    exactly what enumerating the first draw card by card gives."""
    rng = random.Random(seed)
    for _ in range(2):
        family = rng.choice(["deuce_to_seven", "deuce_to_seven", "ace_to_five"])
        low = (
            [c for c in range(52) if (c >> 2) <= 7]
            if family == "deuce_to_seven"
            else list(range(28)) + [48, 49, 50, 51]
        )
        hand = rng.sample(range(52), 5)
        pool = [c for c in low if c not in hand]
        high = [c for c in range(52) if c not in hand and c not in low]
        deck = np.array(sorted(rng.sample(pool, 13) + rng.sample(high, 2)), dtype=np.int64)
        keep = np.array(rng.sample(hand, rng.choice([0, 1, 2])), dtype=np.int64)
        top = rng.choice(["7", "8", "9"] if family == "deuce_to_seven" else ["5", "6", "7"])
        fast = exact._chance(keep, deck, 3, family, exact.target_value(top, family))
        assert fast == _three_draws_by_first_draw(keep, deck, top, family), (family, keep, deck, top)


@pytest.mark.parametrize(
    "keep,deck,top",
    [
        ("", "4s 6s 8s 2h 6h 4h 9h 7s 3h 5s Qd Jc Kc", "9"),  # drawing five
        ("8h", "4s 6s 2s 2h 6h 4h 9h 7s 3h 5s Qd Jc", "9"),  # one card kept, its suit rich
        ("7s", "4s 6s 8s 2h 6h 9s 3h 5s Td Kc Ac", "8"),
        ("3h 5h", "4s 6s 8s 2h 6h 4h 9h 7s 5s Qd Jc Kc", "9"),
    ],
)
def test_flush_losses_of_small_keeps_match_brute_force(keep, deck, top):
    """Two draws from one or no kept card in decks of mostly two suits: nearly every last keep
    is a flush draw, the best keep after a flush loss is often one the suitless count did not
    rank first, and the suits of the cards not kept are counted in sets (which of them are of
    the flush suit), not one by one."""
    kept = np.array(cards(keep), dtype=np.int64)
    got = exact._chance(
        kept, np.array(cards(deck), dtype=np.int64), 2, "deuce_to_seven", exact.target_value(top)
    )
    assert got == naive.keep_value(cards(keep), cards(deck), 2, top)


@pytest.mark.parametrize(
    "family,top,seed", [("ace_to_five", "K", 21), ("ace_to_five", "Q", 22), ("deuce_to_seven", "K", 23)]
)
def test_three_draws_to_a_high_target_match_first_draw_enumeration(family, top, seed):
    """High targets, where almost every card is a low value: the memoised suitless values of
    the keeps after each first draw (shared by the first draws that leave the same counts, in
    A-5 under any relabelling of the values) give what enumerating the first draw gives."""
    rng = random.Random(seed)
    hand = rng.sample(range(52), 5)
    deck = np.array(sorted(rng.sample([c for c in range(52) if c not in hand], 15)), dtype=np.int64)
    keep = np.array(rng.sample(hand, 2), dtype=np.int64)
    fast = exact._chance(keep, deck, 3, family, exact.target_value(top, family))
    assert fast == _three_draws_by_first_draw(keep, deck, top, family), (keep, deck)


def test_full_deck_figures_are_exact_fractions():
    df = draw_odds("7s 5h 3d 2c Kc", draws=3)
    assert df.exact.all() and (df.se == 0).all()
    assert df.keep.eq("7s 5h 3d 2c").all()
    assert df.fraction.tolist() == ["7076/16215", "1934/3243", "2344/3243", "886/1081"]
    # more draws never hurt; one draw is the count of outs
    p = [Fraction(draw_odds("7s 5h 3d 2c Kc", "7s 5h 3d 2c", d, ["8"]).fraction[0]) for d in (1, 2, 3)]
    assert p[0] == Fraction(12, 47) and p[0] < p[1] < p[2]


def test_best_keep_is_the_best_listed_discard():
    for hand in ("7s 6s 5s 4s Kh", "9s 9h 8d 8c 2s"):
        for top in ("7", "8"):
            df = discard_options(hand, 2, top)
            assert df.exact.all()
            row = draw_odds(hand, None, 2, [top]).iloc[0]
            assert row.fraction == df.fraction.iloc[0] and row.keep == df.keep.iloc[0]


def test_later_keeps_still_best_play_with_a_fixed_first_keep():
    # keeping the 6 of a 7-6-5-4 for a 7-low can never finish: but the next keep may throw it
    df = draw_odds("7s 6h 5d 4c Kc", "7s 6h 5d 4c", 2, ["7"])
    assert df.probability[0] > 0


def test_bad_input_is_refused_before_any_work():
    with pytest.raises(ValueError, match="kept card 'Ah' is not in the hand"):
        exact.target_chance("7s 5h 3d 2c Kc", "7s Ah", 2, "8")
    with pytest.raises(ValueError, match="draws must be 0, 1, 2 or 3, got 4"):
        exact.target_chance("7s 5h 3d 2c Kc", "7s", 4, "8")
    with pytest.raises(ValueError, match="a hand has 5 different cards"):
        exact.target_chance("7s 5h 3d 2c", None, 1, "8")
    with pytest.raises(ValueError, match="dead card '7s' is in the hand"):
        exact.target_chance("7s 5h 3d 2c Kc", None, 1, "8", dead="7s")
    dead = " ".join(r + s for r in "4689TJQA" for s in "cdhs") + " Ks Kh Kd"
    with pytest.raises(ValueError, match="the live deck has 12 cards .* but 3 draws can take 15"):
        draw_odds("7s 5h 3d 2c Kc", None, 3, dead=dead)
    # a fixed keep needs fewer cards: 1 + 5 + 5 = 11 of the 12
    assert draw_odds("7s 5h 3d 2c Kc", "7s 5h 3d 2c", 3, ["7"], dead=dead).exact.all()
    hand = cards("7s 5h 3d 2c Kc")
    with pytest.raises(ValueError, match="the live deck has 2 cards .* but 1 draw can take 5"):
        draw_odds("7s 5h 3d 2c Kc", None, 1, dead=format_cards([c for c in range(52) if c not in hand][:45]))


@pytest.mark.parametrize(
    "hand,keep,deck,family",
    [
        ("7s 5h 3d 2c Kc", "7s 5h", "4s 6s 8s 2h 6h 4d 9c 3h", "deuce_to_seven"),  # 8 cards: (8)_10 = 0
        ("7s 5s 3s 2c Kc", "7s 5s 3s", "4s 6s 8s 2h 6h 4d 9c", "deuce_to_seven"),  # a flush draw
        ("Ad 4c 9c 8h Jh", "Ad 4c", "2s 3h 5d 6c 7h 8d 9s Ts", "ace_to_five"),
        ("7s 5h 3d 2c Kc", "7s 5h 3d 2c", "4s 6s 8s 2h 6h 4d", "deuce_to_seven"),
    ],
)
def test_two_draws_from_fewer_than_ten_cards(hand, keep, deck, family):
    """A kept hand may leave fewer than the 10 cards two full draws could take; the count's scale
    (n)_10 is then 0, and the chance is counted draw by draw (once a ZeroDivisionError)."""
    dead = dead_for(hand, deck)
    for top in ("7", "8", "9"):
        p = exact.target_chance(hand, keep, 2, top, dead=dead, family=family)
        assert p == naive.keep_value(cards(keep), cards(deck), 2, top, family), (hand, keep, top)
    rows = draw_odds(hand, keep, 2, ["8"], dead=dead, family=family)
    assert rows.exact.all() and 0 <= rows.probability[0] <= 1


def _shifted(c: np.ndarray) -> np.ndarray:
    """Cards one rank down, the deuces to aces: a 2-7 value v becomes the same A-5 value v."""
    return ((((c >> 2) - 1) % 13) << 2) | (c & 3)


@pytest.mark.parametrize("seed", [31, 32])
def test_the_relaxed_chance_is_the_ace_to_five_count_and_bounds_the_chance(seed):
    """The chance with straights and flushes not counted (the bound that prunes 2-7 keeps) is
    the A-5 chance of the same values (the cards shifted one rank down), and never below the
    2-7 chance, for one, two and three draws."""
    rng = random.Random(seed)
    for draws, size, top in [(1, 47, "J"), (2, 30, "Q"), (3, 16, "K"), (3, 18, "9")]:
        hand = rng.sample(range(52), 5)
        deck = np.array(sorted(rng.sample([c for c in range(52) if c not in hand], size)), dtype=np.int64)
        x = exact.target_value(top, "deuce_to_seven")
        for keep in exact.keep_candidates(np.array(hand, dtype=np.int64), top)[:6]:
            relaxed = exact._chance(keep, deck, draws, "deuce_to_seven", x, relaxed=2)
            a5 = exact._chance(_shifted(keep), _shifted(deck), draws, "ace_to_five", x)
            assert relaxed == a5, (hand, keep, draws, top)
            no_flush = exact._chance(keep, deck, draws, "deuce_to_seven", x, relaxed=1)
            assert relaxed >= no_flush >= exact._chance(keep, deck, draws, "deuce_to_seven", x)


def test_the_chance_without_flushes_is_the_chance_where_no_flush_can_be_made():
    """With at most four low cards of each suit in the hand and the deck together, no flush
    can be made: the chance with flushes not counted is then the chance itself, for two and
    three draws, where straights still count."""
    rng = random.Random(41)
    straights_cost = []
    for draws, top in [(2, "9"), (3, "Q"), (3, "K")]:
        x = exact.target_value(top, "deuce_to_seven")
        low = [c for c in range(52) if (c >> 2) <= x]
        hand = [c for c in low if (c & 3) == 0][:2] + [48, 49, 50]  # two low spades, three aces
        per_suit = {u: [c for c in low if (c & 3) == u and c not in hand] for u in range(4)}
        deck = sorted(rng.sample(per_suit[0], 2) + [c for u in (1, 2, 3) for c in rng.sample(per_suit[u], 4)])
        deck = np.array(deck + [51], dtype=np.int64)
        for keep in (np.array(hand[:2], dtype=np.int64), np.array(hand[:1], dtype=np.int64)):
            exact_p = exact._chance(keep, deck, draws, "deuce_to_seven", x)
            assert exact._chance(keep, deck, draws, "deuce_to_seven", x, relaxed=1) == exact_p, (draws, top)
            assert exact._chance(keep, deck, draws, "deuce_to_seven", x, relaxed=2) >= exact_p
            straights_cost.append(exact._chance(keep, deck, draws, "deuce_to_seven", x, relaxed=2) > exact_p)
    assert any(straights_cost)  # straights still count (9-low): not a trivial equality


@pytest.mark.parametrize(
    "hand,draws,top,size",
    [("Ts 2d 4c Td 8d", 2, "K", 47), ("Kh 5c Td Js Ac", 2, "Q", 47), ("Td 8c As 8s 8h", 3, "K", 16)],
)
def test_pruned_best_keep_is_the_best_of_every_keep(hand, draws, top, size):
    """Keeps pruned by their bounds (their chance without straights and flushes) are never
    better: the best keep's chance is the greatest over every keep, each counted in full."""
    rng = random.Random(hand)
    rest = [c for c in range(52) if c not in cards(hand)]
    dead = format_cards(sorted(rng.sample(rest, 47 - size))) if size < 47 else None
    p, keep = exact.best_keep(hand, draws, top, dead=dead)
    every = [exact.target_chance(hand, k, draws, top, dead=dead) for k in exact.keep_candidates(hand, top)]
    assert p == max(every) and exact.target_chance(hand, keep, draws, top, dead=dead) == p


def test_three_draws_give_the_same_fraction_on_any_number_of_threads():
    """The first draws of three are shared out over threads, each with its own memos and its
    own sum: one and three threads count the same integers, suits and flushes included."""
    hand = cards("Ks Qh Jd Jc Ac")
    deck = np.array([c for c in range(52) if c not in hand], dtype=np.int64)
    for family, top in [("deuce_to_seven", "J"), ("ace_to_five", "Q")]:
        x = exact.target_value(top, family)
        keep = np.array(hand[:1], dtype=np.int64)
        one, three = (exact._chance(keep, deck, 3, family, x, threads=t) for t in (1, 3))
        exact._memo.cache_clear()
        assert one == three == exact._chance(keep, deck, 3, family, x, threads=2), family
