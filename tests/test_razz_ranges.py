"""Razz start ranges: every form of the grammar against a count from first principles, bad
forms refused naming the token, and equity with ranges against brute force.

The brute force lists every start of the range that the known cards leave (its weight: the
deals of the range it stands for), plays every completion with the plain-Python reference
of tests/test_razz_equity.py and averages with those weights.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_razz_equity import reference_equity

from simkit.cards import parse_cards
from simkit.cli.main import main
from simkit.games.razz.equity import EquityJob, as_hand_or_range, equity, prepare
from simkit.games.razz.ranges import is_range_text, parse_range, top_patterns
from simkit.games.razz.start_order import START_ORDER, order_from_table
from simkit.hands.ranges import Combos
from simkit.runner import run

RESULTS = Path(__file__).resolve().parent.parent / "results" / "razz_starts.csv"


def value(card: int) -> int:
    """Razz value, ace low (R-Z1)."""
    return 1 if card // 4 == 12 else card // 4 + 2


def starts():
    return list(combinations(range(52), 3))


def brute(pred):
    """{set: weight} of the starts with pred(set) deals of the range (pred counts them)."""
    out = {}
    for s in starts():
        w = pred(s)
        if w:
            out[s] = w
    return out


def as_dict(r: Combos):
    return {tuple(c): w for c, w in zip(r.cards.tolist(), r.weights.tolist())}


def vals(s):
    return sorted(value(c) for c in s)


def unpaired(s):
    return len(set(vals(s))) == 3


# Each form with a predicate written from the grammar: how many of the set's 3 deals (which
# card is up) the range holds, times the weight.
FORMS = {
    "A23": lambda s: 3 * (vals(s) == [1, 2, 3]),
    "A2*": lambda s: 3 * (any(vals([a, b]) == [1, 2] for a, b in combinations(s, 2))),
    "A2x": lambda s: 3 * (any(vals([a, b]) == [1, 2] for a, b in combinations(s, 2))),
    "*8-": lambda s: 3 * (unpaired(s) and max(vals(s)) <= 8),
    "A*8-": lambda s: 3 * (unpaired(s) and 1 in vals(s) and max(vals(s)) <= 8),
    "8*7-": lambda s: 3 * (unpaired(s) and max(vals(s)) == 8),
    "pair": lambda s: 3 * (len(set(vals(s))) == 2),
    "trips": lambda s: 3 * (len(set(vals(s))) == 1),
    "any": lambda s: 3,
    "AA*": lambda s: 3 * (vals(s).count(1) >= 2),
    "Ah2*": lambda s: 3 * (50 in s and any(value(c) == 2 for c in s)),
    "**/K": lambda s: sum(value(c) == 13 for c in s),
    "A2/3": lambda s: sum(value(u) == 3 and vals([c for c in s if c != u]) == [1, 2] for u in s),
    "**/Kh": lambda s: 1 * (46 in s),
    "A2/8-": lambda s: sum(value(u) <= 8 and vals([c for c in s if c != u]) == [1, 2] for u in s),
    "*8-/K": lambda s: sum(
        value(u) == 13 and unpaired(s) and max(vals([c for c in s if c != u])) <= 8 for u in s
    ),
    "a 2 3": lambda s: 3 * (vals(s) == [1, 2, 3]),
    "A23:2,A24": lambda s: 6 * (vals(s) == [1, 2, 3]) + 3 * (vals(s) == [1, 2, 4]),
    # first item wins: the A-2-3 starts keep weight 2 although A2* names them again
    "A23:2,A2*:0.5": lambda s: (
        6 * (vals(s) == [1, 2, 3]) or 1.5 * (any(vals([a, b]) == [1, 2] for a, b in combinations(s, 2)))
    ),
    # a start named with one card up by the first item and every way by the second: the deal
    # with the K up keeps weight 3, the other two deals weight 1
    "**/K:3,K75": lambda s: (
        sum(value(c) == 13 for c in s) * 3 + (3 - sum(value(c) == 13 for c in s)) * (vals(s) == [5, 7, 13])
    ),
}


@pytest.mark.parametrize("text", list(FORMS))
def test_every_form_holds_the_starts_the_grammar_says(text):
    assert as_dict(parse_range(text)) == pytest.approx(brute(FORMS[text]))


def test_counts_players_know():
    assert len(parse_range("A23")) == 64 and len(parse_range("*8-")) == comb(8, 3) * 64
    assert len(parse_range("pair")) == 13 * 12 * 6 * 4 and len(parse_range("trips")) == 52
    assert len(parse_range("As 2d / 3c")) == 1


def test_top_percent_follows_the_start_order():
    top = top_patterns(15)
    assert top == START_ORDER[: len(top)]
    deals = {p: 64 if len(set(p.split("-"))) == 3 else 24 if len(set(p.split("-"))) == 2 else 4 for p in top}
    total = sum(deals.values())
    assert total <= 0.15 * 22100 < total + 64  # the next start would pass 15 %
    r = parse_range("top15%")
    assert len(r) == total and r.total == 3 * total
    assert top_patterns(0.01) == START_ORDER[:1]  # at least one start
    assert len(parse_range("top100%")) == 22100
    with pytest.raises(ValueError, match="in \\(0, 100\\]"):
        parse_range("top150%")


@pytest.mark.skipif(not RESULTS.exists(), reason="no committed start table")
def test_start_order_is_the_committed_table():
    """The package's copy of the order must be the committed table's (rebuild it with
    order_from_table after the table changes)."""
    assert order_from_table(pd.read_csv(RESULTS)) == START_ORDER


@pytest.mark.parametrize(
    "text,token",
    [
        ("A2Z", "'Z'"),
        ("pairs", "'pairs'"),
        ("topx%", "'topx'"),
        ("Q8R", "'R'"),
        ("Ah-*", "'Ah-'"),
        ("*8-A", "'A'"),
        ("A23:0", "weight '0'"),
        ("A23:x", "weight 'x'"),
        ("A2", "'A2' has 2 cards"),
        ("A234", "'A234' has 4 cards"),
        ("A2/3/4", "more than one '/'"),
        ("A/23", "'A/23' has 1 cards in 'A'"),
        ("A23*8-", "nothing left for the '\\*8-'"),
        ("AhAh*", "'AhAh\\*' holds no start"),
        ("A23,,A24", "empty item"),
        ("", "empty range"),
    ],
)
def test_bad_forms_are_refused_naming_the_token(text, token):
    with pytest.raises(ValueError, match=token):
        parse_range(text)


def test_hand_or_range():
    assert [is_range_text(t) for t in ("As 2d / 3c", "? ? / Kh 9c", "10h 2d 3c", "Zz 2d")] == [False] * 4
    assert all(is_range_text(t) for t in ("A23", "*8-", "pair", "top10%", "A2/3h", "As2d3c:1"))
    with pytest.raises(ValueError, match="unknown card"):
        as_hand_or_range("Zz 2d")  # a mistyped hand is reported as a hand


def brute_equity(hands, dead):
    """Equity by brute force: every joint deal of the ranges (weighted), every completion."""
    ranges = {i: as_dict(parse_range(h)) for i, h in enumerate(hands) if is_range_text(h)}
    fixed = {i: parse_cards(h.replace("/", " ")).tolist() for i, h in enumerate(hands) if i not in ranges}
    known = set(dead) | {c for h in fixed.values() for c in h}
    totals = [Fraction(0)] * len(hands)
    weight = Fraction(0)
    for pick in product(*(ranges[i].items() for i in ranges)):
        cards = [c for s, _ in pick for c in s]
        if len(set(cards)) < len(cards) or set(cards) & known:
            continue
        w = Fraction(1)
        for _, x in pick:
            w *= Fraction(x)
        full = dict(fixed)
        full.update({i: list(s) for i, (s, _) in zip(ranges, pick)})
        eq = reference_equity([full[i] for i in range(len(hands))], list(dead), 0, "razz")
        totals = [t + w * e for t, e in zip(totals, eq)]
        weight += w
    return [float(t / weight) for t in totals]


def dead_but(live: str) -> list[int]:
    """Every card but ``live`` is dead, so that brute force stays small."""
    keep = set(parse_cards(live).tolist())
    return [c for c in range(52) if c not in keep]


@pytest.mark.parametrize(
    "hands,live",
    [
        # a fixed six-card hand against a range (about 70 starts, 105 completions each)
        (["As 7d 3c Th Kd Ks", "A2*"], "As 7d 3c Th Kd Ks 2c 2h 2s 4c 5h 8c 8h Ac Ad Ah"),
        # two ranges against each other, weights and card removal between them
        (
            ["A2/3:2,88K", "KK*,QQ*"],
            "Ac Ad Ah 2c 2d 3c 3d 8c 8d Kc Kd Kh Qc Qd",
        ),
    ],
)
def test_range_equity_matches_brute_force(hands, live):
    from simkit.cards import format_cards

    dead = dead_but(live)
    dead_text = format_cards(dead)
    ref = brute_equity(hands, dead)
    mc = equity(hands, dead_text, trials=100_000, seed=7)
    assert mc.attrs["method"] == "monte carlo"
    assert ((mc.equity - ref).abs() <= 4.5 * mc.se).all(), (mc.equity.tolist(), mc.se.tolist(), ref)
    assert 0.05 < ref[0] < 0.95


def test_a_one_start_range_is_the_hand():
    ranged = equity(["As2d3c:1", "Kc Qd 5h 6h"], "4h 9s 9d", trials=50_000, seed=1)
    # the range of one start deals As 2d 3c and four cards to come, like the fixed hand
    same = equity(["As 2d 3c", "Kc Qd 5h 6h"], "4h 9s 9d", trials=50_000, seed=2)
    assert abs(ranged.equity[0] - same.equity[0]) < 4.5 * np.hypot(ranged.se[0], same.se[0])


def test_card_removal_and_refusals():
    spot = prepare(["As 2d / 3c", "A23"], "Ah")
    assert len(spot.ranges[0][2]) == 2 * 3 * 3  # aces c d left, deuces c h s, threes d h s
    assert not spot.exact_possible
    with pytest.raises(ValueError, match="no hand left"):
        prepare(["Ac Ad / Ah", "AA*"], "As")
    with pytest.raises(ValueError, match="no deal gives every player"):
        prepare(["AA*", "AA*", "AA*"])
    with pytest.raises(ValueError, match="not made with ranges"):
        equity(["A23", "pair"], exact=True)
    with pytest.raises(ValueError, match="three-card starts"):
        prepare([Combos(np.array([[0, 1]]), np.ones(1), "x")])


def test_ranges_run_to_the_same_numbers_on_any_threads():
    spot = prepare(["top15%", "pair", "? ? / Kh"])
    a = run(EquityJob(spot), 20_000, seed=5, chunk_size=5_000, quiet=True, threads=1)
    b = run(EquityJob(spot), 20_000, seed=5, chunk_size=5_000, quiet=True, threads=2)
    assert all((a[k] == b[k]).all() for k in a)


def test_cli_takes_ranges(capsys):
    argv = ["razz", "equity", "A23", "*8-", "pair", "--trials", "20000", "--seed", "1", "--quiet"]
    assert main([*argv, "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hand,equity,se") and [r.split(",")[0] for r in out[1:]] == [
        "A23",
        "*8-",
        "pair",
    ]
    for bad, needle in (
        (["A2Z", "pair"], "bad range token 'Z'"),
        (["A23", "pair", "--exact", "always"], "ranges"),
    ):
        with pytest.raises(SystemExit) as e:
            main(["razz", "equity", *bad, "--quiet"])
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert needle in err and len(err.strip().splitlines()) == 1
