"""Diablo ranges: every form of the grammar against counts and a per-hand reading of the rules
(``tests/naive.py``'s deuces-wild evaluator), bad forms refused naming the token, joint
sampling against exact enumeration (chi-square), and the draw equity with ranges against
brute force where few cards are unknown.

The brute force lists every compatible deal of the ranges (its weight: the product of the
combos' weights), lets a ranged hand keep what the draw policy's table keeps, counts every
draw of every player with the plain evaluator (:func:`test_diablo_draw_equity.brute_equity`)
and averages with those weights.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from math import comb

import naive
import numpy as np
import pytest
from test_diablo_draw_equity import _dead_leaving, brute_equity
from test_hands_ranges import chi_square_limit
from test_triple_draw_ranges import joint_deals

from simkit.cards import format_cards, parse_cards
from simkit.cli.main import main
from simkit.games.diablo.draw_equity import DrawEquityJob, draw_equity, prepare
from simkit.games.diablo.keep_table import kept_cards, policy_table
from simkit.games.diablo.ranges import is_range_text, parse_range
from simkit.hands.ranges import Combos, sample

N_ALL = comb(52, 5)


@pytest.mark.parametrize(
    "text,count",
    [
        ("any", N_ALL),
        ("no deuce", comb(48, 5)),
        ("0 deuces", comb(48, 5)),
        ("1 deuce", 4 * comb(48, 4)),
        ("2 deuces", comb(4, 2) * comb(48, 3)),
        ("4 deuces", 48),
        ("1+ deuces", N_ALL - comb(48, 5)),
        ("3+ deuces", comb(4, 3) * comb(48, 2) + 48),
        # natural two pair (a deuce would make trips): 12 ranks, 2 pairs, a kicker of 40
        ("two_pair no deuce", comb(12, 2) * 36 * 40),
        ("two pair", comb(12, 2) * 36 * 40),
        # five of a kind: a rank of 12 and k naturals with 5 - k of the four deuces
        ("five_of_a_kind", 12 * sum(comb(4, k) * comb(4, 5 - k) for k in range(1, 5))),
        # the published deuces-wild pat counts, three of a kind and up
        ("trips+", 355_080 + 62_232 + 14_472 + 12_672 + 31_552 + 2_552 + 672),
        ("pair", 1_225_008),
        ("As Ah Kd Kc 7s|2c 2d 9h 9s 4c", 2),
    ],
)
def test_counts_from_first_principles(text, count):
    r = parse_range(text)
    assert len(r) == count and r.total == count and r.size == 5


@cache
def plain_reading(hand: tuple[int, ...]) -> tuple[str, int]:
    """Category as dealt (the plain evaluator) and deuces held, for one hand."""
    return naive.deuces_wild5(list(hand))[1], sum(c < 4 for c in hand)


ORDER = naive.HIGH_NAMES
ALIAS = {"pair": "one_pair", "trips": "three_of_a_kind", "quads": "four_of_a_kind"}


def in_item(hand, item: str) -> bool:
    """Plain reading of one structural item for one hand."""
    cat, deuces = plain_reading(tuple(sorted(hand)))
    words = item.split()
    ok = True
    if words[-1].startswith("deuce"):
        n = words[-2]
        ok = deuces == 0 if n == "no" else deuces >= int(n[0]) if n.endswith("+") else deuces == int(n)
        words = words[:-2]
    if words:
        name = words[0].rstrip("+")
        want = ORDER.index(ALIAS.get(name, name))
        ok = ok and (ORDER.index(cat) >= want if words[0].endswith("+") else ORDER.index(cat) == want)
    return ok


@pytest.mark.parametrize(
    "item",
    [
        "trips+",
        "two_pair no deuce",
        "2 deuces",
        "1+ deuces",
        "flush",
        "straight+ 1 deuce",
        "pair 1 deuce",
        "quads 2+ deuces",
        "full_house",
        "high_card",
    ],
)
def test_every_form_holds_the_hands_the_rules_say(item):
    members = {tuple(sorted(h)) for h in parse_range(item).cards.tolist()}
    rng = np.random.default_rng(7)
    hands = [tuple(sorted(rng.choice(52, 5, replace=False).tolist())) for _ in range(1500)]
    hands += sorted(members)[:: max(1, len(members) // 300)]  # members too, for the rare items
    for h in hands:
        assert (h in members) == in_item(h, item), (format_cards(h), item)


def test_weights_and_first_item_wins():
    r = parse_range("2c 2d 2h 2s As:3, 4 deuces")
    w = dict(zip(map(tuple, np.sort(r.cards, axis=1).tolist()), r.weights.tolist()))
    assert w[tuple(sorted(parse_cards("2c 2d 2h 2s As").tolist()))] == 3.0
    assert sorted(set(r.weights.tolist())) == [1.0, 3.0] and len(r) == 48
    r = parse_range("four_of_a_kind no deuce : 2, 4 deuces")
    assert len(r) == 12 * 44 + 48 and r.total == 2 * 12 * 44 + 48
    assert len(parse_range("Trips+ , FLUSH")) == len(parse_range("trips+"))  # flush is trips+ already


@pytest.mark.parametrize(
    "text,token",
    [
        ("flsuh", "'flsuh'"),
        ("trip+", "'trip'"),
        ("x no deuce", "'x'"),
        ("5 deuces", "'5'"),
        ("deuces", "'deuces'"),
        ("flush+ no+ deuces", "'no+'"),
        ("trips:0", "weight '0'"),
        ("trips:x", "weight 'x'"),
        ("As Ah Kd Kc 7z", "'7z'"),
        ("As Ah Kd Kc 7s|2c 2d 9h 9s 4x", "'4x'"),
        ("As Ah", "expected 5 cards"),
        ("As Ah Kd Kc 7s|", "empty hand"),
        ("two_pair 2 deuces", "'two_pair 2 deuces' holds no hand"),
        ("trips+,,any", "empty item"),
        ("", "empty range"),
    ],
)
def test_bad_forms_are_refused_naming_the_token(text, token):
    with pytest.raises(ValueError) as e:
        parse_range(text)
    assert token in str(e.value), str(e.value)


def test_hand_or_range():
    texts = (
        "As Ah Kd Kc 7s",
        "AsAhKdKc7s",
        "AsAhKdKc7z",
        "trips+",
        "2 deuces",
        "no deuce",
        "two_pair",
        "a|b",
    )
    assert [is_range_text(t) for t in texts] == [False, False, False, True, True, True, True, True]


# --- joint sampling and equity against enumeration -------------------------------------------

A = "As Ah Kd Kc 7s:2, 2c 2d 9h 9s 4c|As 2c 3c 4c 5c"
B = "Ah Ad 7s 7c 3h:3, 9h 9c 9d 4c 5d|Kh Qh Jh Th 9h|2d 2h 8s 8c 8d"


def test_sampling_matches_enumeration():
    ranges = [parse_range(A), parse_range(B)]
    ref = joint_deals(ranges)
    n = 60_000
    got = Counter(map(tuple, sample(ranges, n, seed=3).tolist()))
    assert set(got) <= set(ref)
    chi2 = sum((got.get(k, 0) - n * p) ** 2 / (n * p) for k, p in ref.items())
    assert chi2 < chi_square_limit(len(ref) - 1), (chi2, ref)


def test_sampling_a_category_after_card_removal():
    """'4 deuces' less the cards known elsewhere: the fifth card is uniform over the rest."""
    r = parse_range("4 deuces").without(parse_cards("As Kd 7h"))
    assert len(r) == 45
    n = 45_000
    got = Counter(sample([r], n, seed=5)[:, 0].tolist())
    chi2 = sum((got.get(k, 0) - n / 45) ** 2 / (n / 45) for k in range(45))
    assert chi2 < chi_square_limit(44)


def policy_keep(cards) -> str:
    return kept_cards(np.asarray(cards), policy_table())


def brute_ranged(ranges: dict[int, Combos], fixed: dict[int, tuple[str, str]], dead: str) -> np.ndarray:
    """Equity of every player: ranged players keep by the policy table, averaged over every
    compatible deal of the ranges (product of weights)."""
    known = [c for h, _ in fixed.values() for c in parse_cards(h).tolist()] + parse_cards(dead).tolist()
    order = sorted(ranges)
    n = len(ranges) + len(fixed)
    ref = np.zeros(n)
    for picks, p in joint_deals([ranges[i] for i in order], known).items():
        hands, keeps = [""] * n, [""] * n
        for i, row in zip(order, picks):
            hand = ranges[i].cards[row]
            hands[i], keeps[i] = format_cards(hand), policy_keep(hand)
        for i, (h, k) in fixed.items():
            hands[i], keeps[i] = h, k
        shares, _ = brute_equity(hands, keeps, dead)
        ref += p * np.array([float(s) for s in shares])
    return ref


def test_equity_with_a_category_range_matches_brute_force():
    """'2+ deuces' against a fixed hand with nine live cards: 105 hands of the range, each
    drawing by the policy, every draw counted by the plain evaluator."""
    fixed = "As Ah Kd Kc 7s"
    deuces = "2c 2d 2h 2s"
    dead = _dead_leaving(5, [fixed, deuces], seed=11)
    dead_cards = parse_cards(dead).tolist()
    r = parse_range("2+ deuces")
    known = parse_cards(fixed).tolist() + dead_cards
    assert len(r.without(known)) == comb(9, 5) - comb(5, 5) - 4 * comb(5, 4)
    ref = brute_ranged({0: r.without(known)}, {1: (fixed, "As Ah Kd Kc")}, dead)
    df = draw_equity(["2+ deuces", fixed], [None, "As Ah Kd Kc"], dead, trials=40_000, seed=2)
    assert df.hand.tolist() == ["2+ deuces", fixed] and df.keep[0] == "by policy"
    assert not df.attrs["exact"] and df.attrs["outcomes"] is None
    assert np.all(np.abs(df.equity.to_numpy() - ref) < 4 * df.se.to_numpy() + 1e-12), (df, ref)


C = "As Ah Ad 7s 7c:2, As Ah Ad Kh 7h|Kd Kc 7h 7c 2c"
D = "Kd Kc Kh Ks 7d:3, As Ah Kh Ks 7d|2c 2d Qh Qd 9s|Kd Kc Qh Qd 9s"


def test_equity_with_two_ranges_and_weights_matches_brute_force():
    """Two weighted ranges sharing cards and a pat hand, dealt jointly (card removal between
    them), eight cards left to draw from."""
    fixed = "Jd Jc Js 5h 5s"
    ranges = {0: parse_range(C), 2: parse_range(D)}
    union = format_cards(sorted({c for r in ranges.values() for c in r.cards.ravel().tolist()}))
    dead = _dead_leaving(2, [fixed, union], seed=3)
    ref = brute_ranged(ranges, {1: (fixed, fixed)}, dead)
    df = draw_equity([C, fixed, D], [None, fixed, None], dead, trials=40_000, seed=4, order=[2, 0, 1])
    assert np.all(np.abs(df.equity.to_numpy() - ref) < 4 * df.se.to_numpy() + 1e-12), (df, ref)
    assert abs(df.equity.sum() - 1) < 1e-9


def test_range_refusals():
    with pytest.raises(ValueError, match="no deal gives every player"):
        draw_equity(["4 deuces", "1+ deuces"], [None, None], trials=10)
    with pytest.raises(ValueError, match="no hand left without the cards"):
        draw_equity(["As Ah Kd Kc 7s|As Ah Kd Kc 7s", "As Ah Kd Kc 7s"], [None, "As Ah Kd Kc"], trials=10)
    with pytest.raises(ValueError, match="is a range: it keeps by the draw policy"):
        draw_equity(["trips+", "As Ah Kd Kc 7s"], ["-", "As Ah Kd Kc"])
    with pytest.raises(ValueError, match="exact count is not made with ranges"):
        draw_equity(["trips+", "As Ah Kd Kc 7s"], [None, "As Ah Kd Kc"], exact=True)
    with pytest.raises(ValueError, match="five-card hands"):
        draw_equity([Combos(np.array([parse_cards("As Ks")]), np.ones(1)), "As Ah Kd Kc 7s"], [None, "As"])
    with pytest.raises(ValueError, match="one per player"):
        draw_equity("trips+", [None])
    with pytest.raises(ValueError, match="ranged hands take 50"):
        prepare([None] * 10, [None] * 10)
    with pytest.raises(ValueError, match="no fixed outcomes"):
        prepare(["As Ah Kd Kc 7s", None], ["As Ah Kd Kc", None]).outcomes()


def test_ranged_job_params_name_the_range():
    spot = prepare(["As Ah Kd Kc 7s", None], ["As Ah Kd Kc", None])
    job = DrawEquityJob(spot, ranges=((1, parse_range("4 deuces")),))
    p = job.params()
    assert p["ranges"][0][:2] == [1, "4 deuces"] and len(p["ranges"][0][2]) == 16
    plain = DrawEquityJob(prepare(["As Ah Kd Kc 7s", "Kh Qh Jh 9h 3c"], ["As Ah Kd Kc", "Kh Qh Jh 9h"]))
    assert set(plain.params()) == {"spot", "name"} and "ranged" not in plain.params()["spot"]


def test_cli_takes_ranges(capsys):
    argv = ["diablo", "equity", "trips+", "two_pair no deuce", "--trials", "4000", "--seed", "1", "--quiet"]
    assert main([*argv, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [h["hand"] for h in out["hands"]] == ["trips+", "two_pair no deuce"] and out["exact"] is False
    argv = ["diablo", "equity", "As Ah Kd Kc 7s", "2 deuces", "--keep", "As Ah Kd Kc", "--trials", "2000"]
    assert main([*argv, "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "by policy" in text and "ranged hands dealt by weight" in text
    for bad, needle in (
        (["trip+", "two_pair"], "bad range token 'trip'"),
        (["trips+", "As Ah Kd Kc 7s", "--keep", "-", "--keep", "As"], "is a range"),
        (["trips+", "As Ah Kd Kc 7s"], "1 card HAND, 0 --keep"),
        (["trips+", "As Ah Kd Kc 7s", "--keep", "As", "--exact", "always"], "--exact always"),
    ):
        with pytest.raises(SystemExit) as e:
            main(["diablo", "equity", *bad])
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert needle in err and len(err.strip().splitlines()) == 1
