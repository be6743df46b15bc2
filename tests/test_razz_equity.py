"""Razz equity against an independent brute force written from the rules.

The reference deals every possible completion of the hands with itertools, evaluates each
seven-card hand with the plain-Python evaluators of tests/naive.py (best five of seven, R-Z1,
R-Z6), splits the pot with exact fractions (ties split; Hi-Lo halves, no low -> high takes
all) and applies R-Z4 (a community card when the deck cannot give everyone a seventh card).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import naive
import pytest

from simkit.cards import parse_cards
from simkit.games.razz.equity import EquityJob, equity, exact_totals, prepare, summarize
from simkit.games.razz.showdown import UNITS
from simkit.runner import run

FAMILY = {
    "razz": "ace_to_five",
    "private": "ace_to_five",
    "stud-high": "high",
    "stud-hilo": "high",
    "ace-to-six": "ace_to_six",
}


def _split(keys, amount):
    best = max(keys)
    winners = [i for i, k in enumerate(keys) if k == best]
    return {i: amount / len(winners) for i in winners}


def reference_equity(
    hands: list[list[int]], dead: list[int], n_dead_unknown: int, variant: str
) -> list[Fraction]:
    """Each hand's expected pot share over every completion, by brute force."""
    seen = [c for h in hands for c in h] + dead
    deck = [c for c in range(52) if c not in seen]
    left = 52 - len(seen) - n_dead_unknown
    need = [7 - len(h) for h in hands]
    community = sum(max(0, 6 - len(h)) for h in hands) + sum(1 for h in hands if len(h) < 7) > left
    private = [n - (1 if community and n > 0 else 0) for n in need]
    totals = [Fraction(0)] * len(hands)
    deals = 0

    def score(full):
        fam = FAMILY[variant]
        hi = [naive.evaluate(h, fam)[0] for h in full]
        shares = {}
        if variant == "stud-hilo":
            lo = [naive.evaluate(h, "eight_or_better")[0] for h in full]
            if max(lo) != naive.NO_LOW:
                for part in (_split(hi, Fraction(1, 2)), _split(lo, Fraction(1, 2))):
                    for i, v in part.items():
                        shares[i] = shares.get(i, 0) + v
                return shares
        return _split(hi, Fraction(1))

    def rec(i, pool, drawn):
        nonlocal deals
        if i == len(hands):
            extra = pool if community else [None]
            for c in extra:
                full = [h + d + ([c] if community and len(h) < 7 else []) for h, d in zip(hands, drawn)]
                for j, v in score(full).items():
                    totals[j] += v
                deals += 1
            return
        for pick in combinations(pool, private[i]):
            rest = [c for c in pool if c not in pick]
            rec(i + 1, rest, drawn + [list(pick)])

    rec(0, deck, [])
    return [t / deals for t in totals]


def cards(text):
    return parse_cards(text).tolist()


CASES = [
    # heads-up sixth street, razz: 40 * 39 deals
    ("razz", ["As 2d 7c 9h Kd Qs", "3h 4h 5c 8d 8s Jc"], "", 0),
    # three-way, one hand complete, with dead cards
    ("razz", ["As 2d 7c 9h Kd Qs 4c", "3h 4h 5c 8d 8s Jc", "2c 3c 6d 6h Td 9s"], "Ah Ks", 0),
    ("stud-hilo", ["As 2d 7c 9h Kd Qs", "3h 4h 5c 8d 8s Jc", "Ac Ad 6d 6h Td 9s 9c"], "", 0),
    ("stud-high", ["As Ad 7c 9h Kd Qs", "3h 4h 5h 8h 8s Jc"], "2h 2s", 0),
    ("ace-to-six", ["2s 3s 4s 5s 9d", "6c 6d 7h 8h Td Tc 3c"], "Ks Qs Js", 0),
]


@pytest.mark.parametrize("variant,hands,dead,unk", CASES)
def test_exact_equity_matches_brute_force(variant, hands, dead, unk):
    ref = reference_equity([cards(h) for h in hands], cards(dead) if dead else [], unk, variant)
    df = equity(hands, dead or None, variant=variant, exact=True)
    assert df.attrs["method"] == "exact"
    spot = prepare(hands, dead or None, variant=variant)
    tot = exact_totals(spot)
    assert int(tot["trials"]) == spot.deals()
    for i, r in enumerate(ref):
        # kernel shares are whole UNITS per deal: compare exactly as fractions
        assert Fraction(int(tot["share"][i]), UNITS * int(tot["trials"])) == r
    assert float(df.equity.sum()) == pytest.approx(1.0)


def test_community_card_with_eight_hands_at_sixth_street():
    """R-Z4: 8 hands of six cards leave 4 cards for 8 players: one community card."""
    hands = [
        "As 2s 3s 4s Ks Kh",
        "Ad 2d 3d 4d Kd Kc",
        "Ah 2h 3h 4h Qs Qh",
        "Ac 2c 3c 4c Qd Qc",
        "5s 6s 7s 8s Js Jh",
        "5d 6d 7d 8d Jd Jc",
        "5h 6h 7h 8h Ts Th",
        "5c 6c 7c 8c Td Tc",
    ]
    spot = prepare(hands)
    assert spot.community and all(spot.takes_community) and spot.n_draw == (0,) * 8
    assert spot.deals() == 4  # the four nines
    ref = reference_equity([cards(h) for h in hands], [], 0, "razz")
    tot = exact_totals(spot)
    for i, r in enumerate(ref):
        assert Fraction(int(tot["share"][i]), UNITS * int(tot["trials"])) == r
    # a nine pairs nobody: the four A-2-3-4 hands make 9-4-3-2-A and split the pot
    assert ref[:4] == [Fraction(1, 4)] * 4


def test_community_card_depends_on_unknown_dead_cards():
    """Seven hands at sixth street (42 cards) leave 10; eight folded cards ('?') leave 2 < 7."""
    hands = ["? ? / ? ? ? ?"] * 7
    assert not prepare(hands).community
    assert prepare(hands, "? ? ? ? ? ? ? ?").community
    with pytest.raises(ValueError, match="cannot deal"):
        prepare(hands, "? " * 10)


def test_unknown_cards_equal_cards_to_come():
    """'?' down cards draw like cards to come: same numbers as a hand with fewer cards."""
    a = equity(["As 2d 3c 4h 5s 8c", "? ? 9h 9d Kc Qd"], exact=True)
    b = equity(["As 2d 3c 4h 5s 8c", "9h 9d Kc Qd"], exact=True)
    assert prepare(["As 2d 3c 4h 5s 8c", "? ? 9h 9d Kc Qd"]).n_draw == (1, 3)
    assert a.attrs["deals"] == b.attrs["deals"]
    assert a.equity.tolist() == b.equity.tolist()


def test_monte_carlo_agrees_with_exact():
    hands = ["As 2d / 3c 9h Kd 5s", "? ? / 4h 5h 6c 7d"]
    ex = equity(hands, exact=True)
    mc = equity(hands, exact=False, trials=200_000, seed=3)
    z = (mc.equity - ex.equity) / mc.se
    assert (z.abs() < 4.5).all(), z
    assert (mc.se > 0).all() and (ex.se == 0).all()


def test_monte_carlo_is_reproducible_and_chunk_independent():
    spot = prepare(["As 2d 3c", "? ? ?", "? ? ?"])
    a = run(EquityJob(spot), 30_000, seed=5, chunk_size=10_000, quiet=True, threads=1)
    b = run(EquityJob(spot), 30_000, seed=5, chunk_size=10_000, quiet=True, threads=2)
    assert all((a[k] == b[k]).all() for k in a)
    s = summarize(a, exact=False)
    assert s["equity"].sum() == pytest.approx(1.0)


def test_hilo_shares_halves():
    # A-2-3-4-5 straight with a wheel scoops: best high (straight) and best low
    df = equity(["As 2d 3c 4h 5s Kd Kc", "Ks Kh Qs Qh Jd Jc 9s"], variant="stud-hilo")
    assert df.equity.tolist() == [1.0, 0.0] and df.scoop.tolist() == [1.0, 0.0]
    # no qualifying low: high takes all
    df = equity(["9s 9d Tc Jh Qs Kd 2c", "As Ad Ah Kh Kc Qc Js"], variant="stud-hilo")
    assert df.equity.tolist() == [0.0, 1.0]
    # one has low, the other high: half each
    df = equity(["As 2d 3c 4h 6s Kd Qc", "Ks Kh Qs Qh Jd Jc 9s"], variant="stud-hilo")
    assert df.equity.tolist() == [0.5, 0.5] and df.scoop.tolist() == [0.0, 0.0]


@pytest.mark.parametrize(
    "bad,match",
    [
        (["As 2d 3c", "As 4d 5c"], "more than one hand"),
        (["As 2d 3c 4d 5d 6d 7d 8d"], "at most 7"),
        (["Zz 2d"], "unknown card"),
        ([], "1 to 8 hands"),
    ],
)
def test_bad_input_names_the_value(bad, match):
    with pytest.raises(ValueError, match=match):
        equity(bad)


@pytest.mark.parametrize(
    "hands,variant",
    [
        (["As 2d / 4c", "7h 8d / 9s"], "razz"),
        (["As 2d / 3c", "A23,*7-"], "razz"),
        (["As 2d / 3c", "? ? / Kh"], "stud-hilo"),
    ],
)
def test_optional_arrays_change_no_sum(hands, variant):
    """Each optional array of the Monte Carlo kernel (split, kept deals) is compiled out when
    None: with or without it, a seed gives the same sums, and the kept deals add up to them."""
    import numpy as np

    from simkit.games.razz.equity import _equity_mc, tables, variant_code
    from simkit.hands.ranges import pack
    from simkit.rng import stream_state

    spot = prepare(hands, variant=variant)
    base, n_known, n_draw, takes, live = spot.arrays()
    n, trials = base.shape[0], 2000
    T, T8 = tables(variant)
    ranges = None
    if spot.ranges:
        ranges = (np.array([i for i, _, _ in spot.ranges], dtype=np.int64), *pack(spot.range_combos()))

    def sums(split, kept):
        out = [np.zeros(n, np.int64) for _ in range(3)]
        args = (base, n_known, n_draw, takes, live, variant_code(variant), T, T8, trials)
        assert _equity_mc(*args, stream_state(np.random.SeedSequence(9)), *out, split, *kept, ranges)
        return out

    plain = sums(None, (None, None))
    split = np.zeros((n, 5), np.int64)
    cards, shares = np.zeros((trials, n, 7), base.dtype), np.zeros((trials, n), np.int64)
    full = sums(split, (cards, shares))
    assert all((a == b).all() for a, b in zip(plain, full, strict=True))
    assert (shares.sum(0) == plain[0]).all() and ((shares**2).sum(0) == plain[1]).all()
    assert ((shares == UNITS).sum(0) == plain[2]).all() and (cards >= 0).all()
    if variant == "stud-hilo":
        assert (split[:, 0] + split[:, 2] == plain[0]).all()
    else:
        assert (split == 0).all()
