"""2-7 and A-5 triple draw ranges: every form of the grammar against counts and a per-hand
reading of the rules, bad forms refused naming the token, joint sampling against exact
enumeration (chi-square), and equity with ranges against brute force.

The brute force lists every compatible deal of the ranges (its weight: the product of the
combos' weights), finds each deal's equity without ranges (a showdown of pat hands, or the
exact drawing equity of :mod:`simkit.games.triple_draw.drawing`), and averages with those
weights.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import numpy as np
import pytest
from test_hands_ranges import chi_square_limit

from simkit.cards import format_cards, parse_cards
from simkit.cli.main import main
from simkit.games.triple_draw.drawing import drawing_equity
from simkit.games.triple_draw.jobs import as_hand_or_range, equity
from simkit.games.triple_draw.ranges import is_range_text, parse_range
from simkit.hands import evaluate
from simkit.hands.ranges import Combos, sample

RANKS = "23456789TJQKA"


def low_value(card: int, family: str) -> int:
    """Low value from the rules: 2-7 ace high (R-T1), A-5 ace low (R-T5)."""
    r = card // 4
    return r if family == "deuce_to_seven" else (0 if r == 12 else r + 1)


def top_value(rank: str, family: str) -> int:
    r = RANKS.index(rank)
    return r if family == "deuce_to_seven" else (0 if r == 12 else r + 1)


def in_item(hand, item: str, family: str) -> bool:
    """Plain reading of one structural item for one hand."""
    vals = [low_value(c, family) for c in hand]
    kind, rank = item.split()[0], item.split()[-1].rstrip("-")
    x = top_value(rank, family)
    low = len({v for v in vals if v <= x})
    if kind == "pat":
        if low != 5:
            return False
        if family == "deuce_to_seven":
            straight = max(vals) - min(vals) == 4
            flush = len({c % 4 for c in hand}) == 1
            return not (straight or flush)
        return True
    if kind == "draw":
        return low == 4
    return low == int(kind)  # "K to X"


@pytest.mark.parametrize(
    "text,family,count",
    [
        ("pat 7-", "deuce_to_seven", 4 * 1020),  # 6 rank sets of 2-7 less 2 straights, no flush
        ("pat 8-", "deuce_to_seven", 18 * 1020),
        ("pat 5-", "ace_to_five", 1024),
        ("pat 6-", "ace_to_five", 6 * 1024),
        ("draw 7-", "deuce_to_seven", 15 * (256 * 28 + 4 * 6 * 64)),
        ("any", "deuce_to_seven", 2_598_960),
        ("7s5h4d3c2s|8h6d4c3s2h", "deuce_to_seven", 2),
    ],
)
def test_counts_from_first_principles(text, family, count):
    r = parse_range(text, family)
    assert len(r) == count and r.total == count and r.size == 5


@pytest.mark.parametrize(
    "item,family",
    [
        ("pat 8-", "deuce_to_seven"),
        ("pat K-", "deuce_to_seven"),
        ("pat 8-", "ace_to_five"),
        ("draw 7-", "deuce_to_seven"),
        ("draw 6-", "ace_to_five"),
        ("3 to 7", "deuce_to_seven"),
        ("2 to 5", "ace_to_five"),
        ("5 to 8", "deuce_to_seven"),
    ],
)
def test_every_form_holds_the_hands_the_rules_say(item, family):
    members = {tuple(sorted(h)) for h in parse_range(item, family).cards.tolist()}
    rng = np.random.default_rng(7)
    hands = [tuple(sorted(rng.choice(52, 5, replace=False).tolist())) for _ in range(4000)]
    hands += list(members)[:2000]  # members too, for the rare items
    for h in hands:
        assert (h in members) == in_item(h, item, family), (format_cards(h), item)


def test_pat_is_the_evaluators_target():
    for family, tops in (("deuce_to_seven", "789TJQK"), ("ace_to_five", "56789TJQK")):
        r = parse_range("any", family)
        strength = evaluate(r.cards, family)
        for top in tops:
            worst = evaluate(parse_range(f"pat {top}-", family).cards, family).min()
            n = int((strength >= worst).sum())
            assert n == len(parse_range(f"pat {top}-", family)), (family, top)


def test_weights_and_first_item_wins():
    r = parse_range("7s5h4d3c2s:3, pat 7-")
    w = dict(zip(map(tuple, np.sort(r.cards, axis=1).tolist()), r.weights.tolist()))
    assert w[tuple(sorted(parse_cards("7s5h4d3c2s").tolist()))] == 3.0
    assert sorted(set(r.weights.tolist())) == [1.0, 3.0] and len(r) == 4080
    r = parse_range("pat 7- : 2, draw 7-")
    assert len(r) == 4080 + 130560 and r.total == 2 * 4080 + 130560


@pytest.mark.parametrize(
    "text,token",
    [
        ("drwa 7-", "'drwa'"),
        ("pat 8", "'8'"),
        ("pat 1-", "'1'"),
        ("pat Z-", "'Z'"),
        ("draw -", "'draw -'"),
        ("6 to 7", "'6'"),
        ("3 to", "'3 to'"),
        ("3 to 7:0", "weight '0'"),
        ("3 to 7:x", "weight 'x'"),
        ("7s5h4d3c2z", "'2z'"),
        ("7s5h4d3c2s|8h6d4c3s2x", "'2x'"),
        ("7s 5h", "expected 5 cards"),
        ("pat 6-", "'pat 6-' holds no hand"),
        ("pat 8-,,any", "empty item"),
        ("", "empty range"),
    ],
)
def test_bad_forms_are_refused_naming_the_token(text, token):
    with pytest.raises(ValueError) as e:
        parse_range(text)
    assert token in str(e.value), str(e.value)


def test_ace_is_refused_as_a_top_in_a5_and_families_are_checked():
    with pytest.raises(ValueError, match="bad range token 'A'"):
        parse_range("pat A-", "ace_to_five")
    with pytest.raises(ValueError, match="unknown family 'high'"):
        parse_range("pat 8-", "high")


def test_hand_or_range():
    assert [is_range_text(t) for t in ("7s 5h 4d 3c 2s", "7s5h4d3c2s", "pat 8-", "3 to 7", "a|b")] == [
        False,
        False,
        True,
        True,
        True,
    ]
    assert isinstance(as_hand_or_range("pat 8-"), Combos)
    assert as_hand_or_range("7s 5h 4d 3c 2s").tolist() == parse_cards("7s 5h 4d 3c 2s").tolist()
    with pytest.raises(ValueError, match="five-card hands"):
        as_hand_or_range(Combos(np.array([parse_cards("As Ks")]), np.ones(1)))


# --- joint sampling and equity against enumeration -------------------------------------------

A = "7s5h4d3c2s:2, 8h6d4c3s2h|7h5s4c3d2h"
B = "7s6h4h3c2h:3, 8h6d4c3s2c|9h8d4s3d2d"


def joint_deals(ranges: list[Combos], known=()):
    """Every compatible deal of the ranges (combo rows) and its weight, by enumeration."""
    known = set(known)
    out = {}
    for picks in product(*(range(len(r)) for r in ranges)):
        cards = [set(r.cards[i].tolist()) for r, i in zip(ranges, picks)]
        flat = [c for cs in cards for c in cs]
        if len(set(flat)) < len(flat) or known & set(flat):
            continue
        out[picks] = float(np.prod([r.weights[i] for r, i in zip(ranges, picks)]))
    total = sum(out.values())
    return {k: v / total for k, v in out.items()}


def test_sampling_matches_enumeration():
    ranges = [parse_range(A), parse_range(B)]
    ref = joint_deals(ranges)
    n = 60_000
    got = Counter(map(tuple, sample(ranges, n, seed=3).tolist()))
    assert set(got) <= set(ref)
    chi2 = sum((got.get(k, 0) - n * p) ** 2 / (n * p) for k, p in ref.items())
    assert chi2 < chi_square_limit(len(ref) - 1), (chi2, ref)


def pat_showdown(hands, family="deuce_to_seven"):
    s = evaluate(np.array(hands), family)
    best = s == s.max()
    return best / best.sum()


def test_three_draw_equity_with_ranges_matches_brute_force():
    """Everyone stands pat (strategy 'pat'): the equity is the showdown of the dealt hands,
    averaged over the compatible deals of the ranges; a fixed hand removes cards."""
    fixed = "9s 7c 5d 4h 3h"  # removes B's 7s6h4h3c2h
    ranges = [parse_range(A), parse_range(B)]
    ref = np.zeros(3)
    for (i, j), p in joint_deals(ranges, parse_cards(fixed).tolist()).items():
        ref += p * pat_showdown([ranges[0].cards[i], ranges[1].cards[j], parse_cards(fixed)])
    df = equity([A, B, fixed], strategy="pat", trials=40_000, seed=2, quiet=True)
    assert df.hand.tolist() == [A, B, fixed]
    assert np.all(np.abs(df.equity.to_numpy() - ref) < 4 * df.se.to_numpy() + 1e-12), (df, ref)


def test_drawing_equity_with_a_range_matches_brute_force():
    """One draw, best:8 keeps: the weighted exact equity of every hand of the range."""
    rng = "7s6h4h3c2h:3, 8h6d4c3s2c|9h8d4s3d2d|Kh7d5c3h2s"
    fixed = "8s 7c 5d 4s Qc"
    r = parse_range(rng)
    ref = np.zeros(2)
    for (i,), p in joint_deals([r], parse_cards(fixed).tolist()).items():
        ex = drawing_equity([format_cards(r.cards[i]), fixed], draws=1)
        ref += p * ex.equity.to_numpy()
    df = drawing_equity([rng, fixed], draws=1, trials=40_000, seed=4)
    assert df.keep[0] == "by best:8" and not df.exact.any()
    assert np.all(np.abs(df.equity.to_numpy() - ref) < 4 * df.se.to_numpy()), (df, ref)


def test_range_refusals():
    with pytest.raises(ValueError, match="no deal gives every player"):
        equity(["7s5h4d3c2s|7s5h4d3c2s", "7s5h4d3c2s|7s5h4d3c2s"], trials=10)
    with pytest.raises(ValueError, match="no hand left without the cards"):
        equity(["7s5h4d3c2s|7s5h4d3c2s", "7s 5h 4d 3c 2s"], trials=10)
    with pytest.raises(ValueError, match="is a range: its first keep follows the policy"):
        drawing_equity(["pat 8-", "8s 7c 5d 4s Qc"], ["7s"])
    with pytest.raises(ValueError, match="exact count is not made with ranges"):
        drawing_equity(["pat 8-", "8s 7c 5d 4s Qc"], method="exact")
    with pytest.raises(ValueError, match="3 draws"):
        drawing_equity(["pat 8-", "8s 7c 5d 4s Qc"], draws=3)


def test_ranged_job_params_name_the_range():
    from simkit.games.triple_draw.jobs import EquityJob

    job = EquityJob(2, ranges=((0, parse_range("pat 7-")),))
    p = job.params()
    assert p["ranges"][0][:2] == [0, "pat 7-"] and len(p["ranges"][0][2]) == 16


def test_cli_takes_ranges(capsys):
    argv = ["triple-draw", "equity", "pat 8-", "draw 7-", "--trials", "4000", "--seed", "1", "--quiet"]
    assert main([*argv, "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [r.split(",")[1] for r in out[1:]] == ["pat 8-", "draw 7-"]
    argv = ["triple-draw", "equity", "pat 8-", "draw 7-", "--draws", "1", "--trials", "2000"]
    assert main([*argv, "--format", "csv"]) == 0
    assert "by best:8" in capsys.readouterr().out
    for bad, needle in (
        (["pat 8", "draw 7-"], "bad range token '8'"),
        (["pat 8-", "8s 7c 5d 4s Qc", "--keep", "7s"], "is a range"),
    ):
        with pytest.raises(SystemExit) as e:
            main(["triple-draw", "equity", *bad])
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert needle in err and len(err.strip().splitlines()) == 1
