"""Keep solving for any objective and draw limit, and the pay-table game, against independent
brute-force counts.

The reference is plain Python: every replacement set of the unseen cards, each final hand
valued by ``tests/naive.py``'s deuces-wild evaluator (written from R-D1/R-D2) and put in its
pay class here, from the reference's own category and the deuces the final hand holds; for
five-card draw without wilds, by its high-poker evaluator.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import naive
import numpy as np
import pytest

from simkit.cards import format_cards, parse_cards
from simkit.games.diablo.keep_table import hand_index
from simkit.games.diablo.paytable import (
    FINAL_CLASSES,
    FULL_PAY,
    JACKS_OR_BETTER,
    LCM_DRAWS,
    PAY_CATEGORIES,
    PLAIN_FINAL_CLASSES,
    PLAIN_PAY_CATEGORIES,
    PayTable,
    paytable_return,
    solve_game,
)
from simkit.games.diablo.rules import CATEGORIES, category_of_strength, draw_limit, pat_counts
from simkit.games.diablo.solver import (
    best_keep,
    draw_odds,
    final_histogram,
    keep_values,
    make_objective,
    rank_keeps,
    target_weights,
)
from simkit.hands.enumeration import all_hands

# --- the reference ------------------------------------------------------------------------------


def pay_class(cards: list[int]) -> str:
    """The pay class of a final hand, from the reference evaluator (R-D1, R-D2)."""
    key, name = naive.deuces_wild5(cards)
    deuces = sum(1 for c in cards if c >> 2 == 0)
    if deuces == 4:
        return "four_deuces"
    if name == "straight_flush" and key[1] == 14:  # ace-high: a royal flush
        return "wild_royal" if deuces else "natural_royal"
    if name == "one_pair":
        return "jacks_or_better" if key[1] >= 11 else "low_pair"
    return name


def brute_keep_value(hand: list[int], kept: list[int], pays: dict[str, Fraction], dead=()) -> Fraction:
    """Mean payout over every replacement set of the unseen cards, in plain Python."""
    gone = set(hand) | set(dead)
    unseen = [c for c in range(52) if c not in gone]
    total, n = Fraction(0), 0
    for extra in combinations(unseen, 5 - len(kept)):
        total += pays.get(pay_class(kept + list(extra)), Fraction(0))
        n += 1
    return total / n


def brute_keeps(hand: list[int], pays, max_draw: int, dead=()) -> dict[frozenset, Fraction]:
    """Every keep drawing at most ``max_draw`` cards and its exact value."""
    out = {}
    for k in range(5 - max_draw, 6):
        for kept in combinations(hand, k):
            out[frozenset(kept)] = brute_keep_value(hand, list(kept), pays, dead)
    return out


FULL = {c: PayTable.parse(FULL_PAY).payout(c) for c in PAY_CATEGORIES}
# A table that pays every distinction, jacks and two pair included, at odd amounts.
ODD = "natural_royal=976,four_deuces=201,wild_royal=27,five_of_a_kind=16,straight_flush=11,four_of_a_kind=6,full_house=4,flush=3,straight=5/2,three_of_a_kind=3/2,two_pair=1,jacks_or_better=1/2"
ODD_PAYS = {c: PayTable.parse(ODD).payout(c) for c in PAY_CATEGORIES}


def _as_dict(df) -> dict[frozenset, Fraction]:
    return {
        frozenset(parse_cards(k).tolist() if k else []): Fraction(f) for k, f in zip(df.keep, df.fraction)
    }


# --- the pay-table objective against the brute force ---------------------------------------------

SAMPLED = [
    "2c 2d Ah Kh 9s",  # two deuces with two to a royal
    "Ah Kh Qh Jh 3c",  # four to a natural royal
    "2s 9h 9d 5c 5s",  # a deuce and two pair: a full house made
    "Jc Jd 7s 4h 3c",  # a natural pair of jacks
    "Th 9h 8h 7c 2d",  # a straight with a deuce, and a straight-flush draw
]


@pytest.mark.parametrize("hand", SAMPLED)
def test_paytable_keeps_match_brute_force(hand):
    """Every keep drawing up to two, both pay tables: the same exact values."""
    h = parse_cards(hand).tolist()
    for spec, pays in ((FULL_PAY, FULL), (ODD, ODD_PAYS)):
        ref = brute_keeps(h, pays, 2)
        got = _as_dict(rank_keeps(hand, objective="paytable", paytable=spec))
        assert got == ref, hand


def test_sampled_hands_with_every_draw_against_brute_force():
    """Random hands, a small live deck (many dead cards), every keep of max_draw 5."""
    rng = np.random.default_rng(15)
    for _ in range(4):
        cards = rng.choice(52, size=5 + 32, replace=False)
        hand, dead = cards[:5].tolist(), cards[5:].tolist()
        ref = brute_keeps(hand, ODD_PAYS, 5, dead)
        df = rank_keeps(hand, dead, objective="paytable", paytable=ODD, max_draw=5)
        assert len(df) == 32 and _as_dict(df) == ref, format_cards(hand)
        assert df.fraction.map(Fraction).is_monotonic_decreasing


def test_game_solution_matches_per_hand_enumeration():
    """The whole game (inclusion-exclusion over suit patterns) against each sampled hand's own
    enumeration (every keep of max_draw 5 over the 47 unseen cards)."""
    sol = solve_game(FULL_PAY, max_draw=5)
    hands = all_hands()
    rep_value = {hand_index(hands[r].tolist()): v for r, v in zip(sol.reps.tolist(), sol.value.tolist())}

    def pattern_value(cards):
        masks = [sum(1 << (c >> 2) for c in cards if c & 3 == s) for s in range(4)]
        suits = sorted(range(4), key=lambda s: -masks[s])
        new = {s: i for i, s in enumerate(suits)}
        return rep_value[hand_index([4 * (c >> 2) + new[c & 3] for c in cards])]

    rng = np.random.default_rng(3)
    sample = [rng.choice(52, size=5, replace=False).tolist() for _ in range(6)]
    sample += [parse_cards(h).tolist() for h in ("2c 2d Ah Kh 9s", "Kd Kc 7s 4h 3c", "2c 2d 2h 2s 9d")]
    for cards in sample:
        best = rank_keeps(cards, objective="paytable", max_draw=5)
        assert pattern_value(cards) == pytest.approx(float(Fraction(best.fraction[0])), rel=1e-14)


def test_full_pay_deuces_wild_return_and_published_counts():
    """Full-pay Deuces Wild, best play: 100.762% (Wizard of Odds, "Deuces Wild", full pay
    table: 1.007620), with the same combinations for every category that no tied keep moves."""
    r = paytable_return(FULL_PAY, max_draw=5)
    assert r.attrs["exact"] is True and r.attrs["patterns"] == 134_459
    assert round(r.attrs["return"], 6) == 1.007620
    assert Fraction(r.attrs["return_exact"]) == Fraction(32187682693, 31944279675)
    c = r.set_index("category").combinations
    assert c.sum() == 19_933_230_517_200  # C(52, 5) x 7,669,695, the published total
    published = {
        "natural_royal": 440_202_756,
        "four_deuces": 4_060_462_824,
        "wild_royal": 35_796_957_696,
        "five_of_a_kind": 63_818_309_856,
        "four_of_a_kind": 1_294_427_430_576,
        "full_house": 423_165_297_240,
    }
    for cat, n in published.items():
        assert c[cat] == n, cat
    assert r.attrs["tied"] > 0  # ties exist: the straight-to-trips rows depend on them


def test_stand_pat_game_is_the_pat_distribution():
    """max_draw 0: every deal stands pat, so the final classes are the dealt hands' classes."""
    r = paytable_return("three_of_a_kind=1", max_draw=0).set_index("category")
    n = r.combinations // LCM_DRAWS
    assert (r.combinations % LCM_DRAWS == 0).all() and n.sum() == comb(52, 5)
    by_cat = np.bincount(category_of_strength(), weights=pat_counts(), minlength=10)
    merged = {
        "one_pair": n["low_pair"] + n["jacks_or_better"],
        "straight_flush": n["straight_flush"] + n["wild_royal"] + n["natural_royal"],
        "five_of_a_kind": n["five_of_a_kind"] + n["four_deuces"],
    }
    for i, cat in enumerate(CATEGORIES):
        assert merged.get(cat, n.get(cat)) == by_cat[i], cat
    assert n["natural_royal"] == 4 and n["four_deuces"] == 48
    assert r.attrs["draws"][0] == 1.0


def test_limits_order_the_returns():
    """More freedom to draw never lowers the best-play return."""
    rets = [paytable_return(ODD, max_draw=k).attrs["return"] for k in range(6)]
    assert all(a <= b for a, b in zip(rets, rets[1:]))
    three = paytable_return(ODD, variant="draw-three").attrs["return"]
    assert rets[3] <= three <= rets[4]


# --- objectives and draw limits -----------------------------------------------------------------


def test_draw_limits_give_the_keeps_they_allow():
    hand = "Ad 9c 8s 5h 3c"
    for k in range(6):
        df = rank_keeps(hand, max_draw=k)
        assert len(df) == sum(comb(5, j) for j in range(k + 1)) and df.draw.max() == k
    three = rank_keeps(hand, variant="draw-three")
    assert sorted(three[three.draw == 4].keep) == ["Ad"]  # four only keeping the ace
    assert len(three) == 1 + 5 + 10 + 10 + 1
    assert draw_limit() == (2, False)
    with pytest.raises(ValueError, match="max_draw must be an integer 0..5, got 6"):
        rank_keeps(hand, max_draw=6)
    with pytest.raises(ValueError, match="max_draw=3 and variant 'draw-three'"):
        rank_keeps(hand, variant="draw-three", max_draw=3)
    with pytest.raises(ValueError, match="max_draw=1 allows at most 1"):
        draw_odds(hand, keep="Ad 9c 8s", max_draw=1)


def test_category_objectives_agree_with_draw_odds():
    hand = "Ah 2c 9h 7h 3d"
    exp = rank_keeps(hand, objective="expected_category", max_draw=3)
    cat = rank_keeps(hand, objective="category", target="flush", max_draw=3)
    for keep in ("Ah 2c 9h 7h", "Ah 2c", "2c 9h"):
        d = draw_odds(hand, keep, max_draw=3).set_index("category")
        mean = sum(CATEGORIES.index(c) * n for c, n in d["count"].items()) / d["count"].sum()
        assert exp.set_index("keep").loc[keep, "value"] == pytest.approx(mean)
        assert Fraction(cat.set_index("keep").loc[keep, "fraction"]) == Fraction(
            int(
                d.loc[
                    ["five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush"], "count"
                ].sum()
            ),
            int(d["count"].sum()),
        )
    old = keep_values(hand, target_weights("flush"), max_draw=3).set_index("keep")["value"]
    assert np.allclose(cat.set_index("keep")["value"].loc[old.index], old)
    eq = rank_keeps(hand, objective="equity", opponents=2)
    assert "fraction" not in eq and eq.attrs["exact"] is True


def test_objective_options_are_applied_or_refused():
    with pytest.raises(ValueError, match="target is only for objective 'category', not 'paytable'"):
        make_objective("paytable", target="flush")
    with pytest.raises(ValueError, match="paytable is only for objective 'paytable'"):
        best_keep("Kd Kc 7s 4h 3c", paytable=FULL_PAY)
    with pytest.raises(ValueError, match="opponents is only for objective 'equity'"):
        rank_keeps("Kd Kc 7s 4h 3c", opponents=3)
    with pytest.raises(ValueError, match="unknown objective 'ev'"):
        rank_keeps("Kd Kc 7s 4h 3c", objective="ev")
    assert best_keep("Kd Kc 7s 4h 3c", objective="paytable", max_draw=5).keep == "Kd Kc"


@pytest.mark.parametrize(
    "spec,needle",
    [
        ("royal_flush=800", "unknown pay-table category 'royal_flush'"),
        ("flush=-2", "payout for flush must be non-negative, got '-2'"),
        ("flush=nan", "payout for flush must be a finite number, got 'nan'"),
        ("flush=inf", "payout for flush must be a finite number"),
        ("flush=two", "payout for flush must be a finite number, got 'two'"),
        ("flush=2,flush=3", "pay-table category 'flush' is given twice"),
        ("flush:2", "pay-table entry 'flush:2' is not category=payout"),
        ("", "empty pay table"),
        ("flush=1e12", "must be at most"),
        ({"straight": float("nan")}, "payout for straight must be a finite number"),
        ({"straight": True}, "payout for straight must be a number"),
        ({"two pair": -1}, "payout for two_pair must be non-negative, got -1"),
    ],
)
def test_bad_pay_tables_are_refused(spec, needle):
    with pytest.raises(ValueError, match=needle.replace("(", r"\(")):
        PayTable.parse(spec)


def test_pay_table_text_and_classes():
    t = PayTable.parse("Natural Royal=800; four-deuces=200, straight=2.5")
    assert str(t) == "natural_royal=800,four_deuces=200,straight=2.5"
    assert t.payout("high_card") == 0 and t.payout("straight") == Fraction(5, 2)
    assert len(t.class_values()) == len(FINAL_CLASSES)
    assert PayTable.parse(t) is t


# --- few live cards: refused before any kernel runs (issue 17, item 1) ---------------------------


def test_few_live_cards_are_refused_not_read_past():
    hand = "Kd Kc 7s 4h 3c"
    h = set(parse_cards(hand).tolist())
    dead = format_cards([c for c in range(52) if c not in h][:46])  # one live card left
    for call in (
        lambda: draw_odds(hand, "Kd Kc 7s", dead),
        lambda: final_histogram(hand, "Kd Kc 7s", dead),
        lambda: rank_keeps(hand, dead),
        lambda: best_keep(hand, dead, objective="paytable"),
        lambda: keep_values(hand, target_weights("flush"), dead),
    ):
        with pytest.raises(ValueError, match="the live deck has 1 card"):
            call()
    assert len(rank_keeps(hand, dead, max_draw=1)) == 6  # a one-card limit fits
    c = Counter(draw_odds(hand, "Kd Kc 7s 4h", dead).set_index("category")["count"].to_dict())
    assert sum(c.values()) == 1


# --- five-card draw without wilds (high poker) ------------------------------------------------


def plain_class(cards: list[int]) -> str:
    """The pay class of a final hand without wilds, from the reference high-poker evaluator."""
    key, name = naive.high5(cards)
    if name == "straight_flush" and key[1] == 14:
        return "royal_flush"
    if name == "one_pair":
        return "jacks_or_better" if key[1] >= 11 else "low_pair"
    return name


def brute_plain_keeps(hand: list[int], pays: dict[str, Fraction], max_draw: int, dead=()) -> dict:
    """Every keep drawing at most ``max_draw`` and its exact mean payout, in plain Python."""
    gone = set(hand) | set(dead)
    unseen = [c for c in range(52) if c not in gone]
    out = {}
    for k in range(5 - max_draw, 6):
        for kept in combinations(hand, k):
            total, n = Fraction(0), 0
            for extra in combinations(unseen, 5 - k):
                total += pays.get(plain_class(list(kept) + list(extra)), Fraction(0))
                n += 1
            out[frozenset(kept)] = total / n
    return out


JOB = {c: PayTable.parse(JACKS_OR_BETTER, wild="none").payout(c) for c in PLAIN_PAY_CATEGORIES}
# every category paid, at odd amounts, so that no two classes weigh alike
ODD_PLAIN = "royal_flush=977,straight_flush=51,four_of_a_kind=26,full_house=17/2,flush=13/2,straight=9/2,three_of_a_kind=3,two_pair=5/2,jacks_or_better=3/2"
ODD_PLAIN_PAYS = {c: PayTable.parse(ODD_PLAIN, wild="none").payout(c) for c in PLAIN_PAY_CATEGORIES}


@pytest.mark.parametrize("hand", ["Ah Kh Qh Jh 3c", "Jc Jd 7s 4h 3c", "Th 9h 8h 7c 2d", "9s 9h 5c 5s Kd"])
def test_plain_keeps_match_brute_force(hand):
    """Without wilds, every keep drawing up to two, two pay tables: the same exact values."""
    h = parse_cards(hand).tolist()
    for spec, pays in ((JACKS_OR_BETTER, JOB), (ODD_PLAIN, ODD_PLAIN_PAYS)):
        got = _as_dict(rank_keeps(hand, objective="paytable", paytable=spec, wild="none"))
        assert got == brute_plain_keeps(h, pays, 2), hand


def test_plain_sampled_hands_with_every_draw_against_brute_force():
    """Random hands, a small live deck, every keep of max_draw 5, high poker."""
    rng = np.random.default_rng(96)
    for _ in range(3):
        cards = rng.choice(52, size=5 + 32, replace=False)
        hand, dead = cards[:5].tolist(), cards[5:].tolist()
        df = rank_keeps(hand, dead, objective="paytable", paytable=ODD_PLAIN, max_draw=5, wild="none")
        assert len(df) == 32 and _as_dict(df) == brute_plain_keeps(hand, ODD_PLAIN_PAYS, 5, dead)


def test_plain_category_objectives():
    """The category objectives count high-poker categories (no five of a kind, no wild)."""
    r = rank_keeps("Ah Kh Qh Jh Js", objective="category", target="flush", max_draw=5, wild="none")
    assert r.loc[0, "keep"] == "Ah Kh Qh Jh" and r.loc[0, "fraction"] == "9/47"  # 8 hearts and the ten
    e = rank_keeps("9s 9h 9d 5c 5s", objective="expected_category", max_draw=5, wild="none")
    assert e.loc[0, "keep"] == "9s 9h 9d 5c 5s" and e.loc[0, "fraction"] == "6/1"  # a full house, pat
    with pytest.raises(ValueError, match="five_of_a_kind"):
        make_objective("category", target="five_of_a_kind", wild="none")
    with pytest.raises(ValueError, match="deuces wild only"):
        make_objective("equity", wild="none")
    with pytest.raises(ValueError, match="unknown wild 'jokers'"):
        make_objective("paytable", wild="jokers")
    with pytest.raises(ValueError, match="for wild 'none', not 'deuces'"):
        PayTable.parse(PayTable.parse(JACKS_OR_BETTER, wild="none"))


def test_jacks_or_better_return_and_published_counts():
    """9/6 Jacks or Better, best play: 99.5439% (Wizard of Odds, "Jacks or Better", 9/6:
    0.995439), with the published combinations of a royal flush (493,512,264 in units of
    one deal / 7,669,695)."""
    r = paytable_return(JACKS_OR_BETTER, max_draw=5, wild="none")
    assert r.attrs["exact"] is True and r.attrs["wild"] == "none"
    assert round(r.attrs["return"], 6) == 0.995439
    assert Fraction(r.attrs["return_exact"]) == Fraction(1653526326983, 1661102543100)
    cats = dict(zip(r.category, r.combinations, strict=True))
    assert cats["royal_flush"] == 493_512_264 and cats["straight_flush"] == 2_178_883_296
    assert list(r.category) == list(reversed(PLAIN_FINAL_CLASSES))
    assert sum(cats.values()) == comb(52, 5) * LCM_DRAWS


def test_plain_game_solution_matches_per_hand_enumeration():
    """The whole game without wilds against each sampled hand's own enumeration (every keep
    of max_draw 5 over the 47 unseen cards), 9/6 Jacks or Better."""
    sol = solve_game(JACKS_OR_BETTER, max_draw=5, wild="none")
    hands = all_hands()
    rep_value = {hand_index(hands[r].tolist()): v for r, v in zip(sol.reps.tolist(), sol.value.tolist())}

    def pattern_value(cards):
        masks = [sum(1 << (c >> 2) for c in cards if c & 3 == s) for s in range(4)]
        suits = sorted(range(4), key=lambda s: -masks[s])
        new = {s: i for i, s in enumerate(suits)}
        return rep_value[hand_index([4 * (c >> 2) + new[c & 3] for c in cards])]

    rng = np.random.default_rng(9)
    sample = [rng.choice(52, size=5, replace=False).tolist() for _ in range(5)]
    sample += [parse_cards(h).tolist() for h in ("Ah Kh Qh Jh 3c", "Jc Jd 7s 4h 3c", "2c 3d 9h Ts Kc")]
    for cards in sample:
        best = rank_keeps(cards, objective="paytable", paytable=JACKS_OR_BETTER, max_draw=5, wild="none")
        assert pattern_value(cards) == pytest.approx(float(Fraction(best.fraction[0])), rel=1e-14)
