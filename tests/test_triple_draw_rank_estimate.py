"""The Monte Carlo estimate of rank play with three draws (:mod:`.rank_estimate`): each sampled
first draw is followed by the exact best play, so summed over *every* first draw the kernel
gives the exact three-draw figures of :mod:`.rank_exact` (whose own references are the brute
forces of ``test_triple_draw_rank_exact.py``)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.cli.main import main
from simkit.games.triple_draw.rank_estimate import RankPlayJob, rank_play_estimate
from simkit.games.triple_draw.rank_exact import rank_play
from simkit.games.triple_draw.rules import target_threshold
from simkit.runner import run


def cards_of(text: str) -> list[int]:
    return parse_cards(text).tolist()


def _limbs(a: np.ndarray) -> int:
    return sum(int(x) << (32 * i) for i, x in enumerate(a.tolist()))


def _every_first_draw(
    hand: str, keep: str, targets: list[str], family: str
) -> tuple[Fraction, list[Fraction]]:
    """The kernel of :class:`RankPlayJob` run on every first draw (not a sample), summed exactly:
    the exact expected rank and target chances of keeping ``keep``."""
    from simkit.games.triple_draw.rank_exact import DENOM, _ff

    cards, kept = cards_of(hand), cards_of(keep)
    deck = tuple(c for c in range(52) if c not in cards)
    thr = tuple(target_threshold(t, family) for t in targets)
    n, m = len(deck), 5 - len(kept)
    draws = np.array(list(combinations(range(n), m)), dtype=np.int64)
    vout, hout = RankPlayJob(tuple(cards), tuple(kept), deck, thr, family).second_hands(draws)
    den = comb(n, m) * _ff(n - m, 10)
    value = Fraction(sum(_limbs(v) for v in vout), den * DENOM)
    chances = [Fraction(sum(_limbs(h[t]) for h in hout), den) for t in range(len(thr))]
    return value, chances


@pytest.mark.parametrize(
    ("hand", "keep", "family"),
    [
        ("7s 5h 3d 2c Kc", "7s 5h 3d 2c", "deuce_to_seven"),  # 47 first draws, by cards
        ("7s 3d 2c Kc Qh", "7s 3d 2c", "ace_to_five"),  # 1,081 by cards, where rank_exact takes 91 by values
    ],
)
def test_every_first_draw_sums_to_the_exact_three_draw_figures(hand, keep, family):
    value, chances = _every_first_draw(hand, keep, ["7", "9"], family)
    play = rank_play(hand, keep, 3, ["7", "9"], family=family)
    assert value == play.value and chances == play.chances


def test_estimate_is_near_the_exact_figures_and_the_same_on_any_number_of_threads():
    hand, keep = "7s 3d 2c Kc Qh", "3d"
    exact = rank_play(hand, keep, 3, ["7", "8", "10"], family="ace_to_five")
    one = rank_play_estimate(
        hand, keep, ["7", "8", "10"], family="ace_to_five", trials=256, seed=4, threads=1
    )
    two = rank_play_estimate(
        hand, keep, ["7", "8", "10"], family="ace_to_five", trials=256, seed=4, threads=2
    )
    assert one == two and one.trials == 256 and one.keep == "3d"
    assert all(se > 0 for se in one.ses) and one.value_se > 0
    for p, q, se in zip(one.chances, exact.chances, one.ses, strict=True):
        assert abs(p - float(q)) < 4 * se
    assert abs(one.value - float(exact.value)) < 4 * one.value_se
    other = rank_play_estimate(hand, keep, ["7"], family="ace_to_five", trials=256, seed=5)
    assert other.chances[0] != one.chances[0]  # another seed, other first draws


def test_job_totals_are_sums_over_fixed_chunks():
    hand = tuple(cards_of("7s 3d 2c Kc Qh"))
    deck = tuple(c for c in range(52) if c not in hand)
    job = RankPlayJob(hand, hand[1:2], deck, (target_threshold("8", "ace_to_five"),), "ace_to_five")
    a = run(job, 96, seed=1, quiet=True, threads=1)
    b = run(job, 96, seed=1, quiet=True, threads=2)
    assert all(np.array_equal(a[key], b[key]) for key in a)
    assert int(a["trials"]) == 96 and 0 < a["hits"][0] < 96 and a["hits_sq"][0] <= a["hits"][0]


@pytest.mark.parametrize(
    ("hand", "keep", "family"),
    [
        ("7s 5h 3d 2c Kc", "7s 5h 3d", "deuce_to_seven"),
        ("7s 3d 2c Kc Qh", "7s 3d", "ace_to_five"),
        ("7s 3d 2c Kc Qh", "Kc", "ace_to_five"),
    ],
)
def test_covariate_means_are_the_means_over_every_first_draw(hand, keep, family):
    """The exact means the control variates need, summed by values with weights, against the
    plain mean of the covariates over every first draw by cards."""
    from simkit.games.triple_draw.rank_estimate import _draw_covariates

    cards, kept = cards_of(hand), cards_of(keep)
    deck = tuple(c for c in range(52) if c not in cards)
    job = RankPlayJob(tuple(cards), tuple(kept), deck, (), family)
    k5, walk, bt = job._setting()
    draws = np.array(list(combinations(range(len(deck)), 5 - len(kept))), dtype=np.int64)
    x = np.zeros((len(draws), 1 + bt[1].shape[0]))
    _draw_covariates(draws, k5, len(kept), walk, bt, x)
    assert np.allclose(job.covariate_means(), x.mean(axis=0), rtol=1e-10, atol=1e-12)
    assert 0.5 < x[:, 0].mean() < 1.0 and x[:, 1:].max() <= 1.0 and x.std(axis=0).max() > 0.01


def test_control_variates_tighten_the_estimate():
    """The same first draws: the control-variate SEs far below the plain mean's, and the
    estimate within 4 of them of the exact figures."""
    from simkit.runner import stats

    hand, keep, targets = "7s 3d 2c Kc Qh", "3d", ["7", "8", "10"]
    cards = cards_of(hand)
    deck = tuple(c for c in range(52) if c not in cards)
    thr = tuple(target_threshold(t, "ace_to_five") for t in targets)
    job = RankPlayJob(tuple(cards), tuple(cards_of(keep)), deck, thr, "ace_to_five")
    totals = run(job, 384, seed=6, quiet=True)
    est, se = job.estimate(totals)
    _, plain_se = stats.mean_se(totals["hits"], totals["hits_sq"], 384)
    _, plain_value_se = stats.mean_se(totals["value"], totals["value_sq"], 384)
    assert se[0] < plain_value_se[0] / 2 and (se[1:] < 0.8 * plain_se).all()
    exact = rank_play(hand, keep, 3, targets, family="ace_to_five")
    assert abs(est[0] - float(exact.value)) < 4 * se[0]
    assert all(abs(p - float(q)) < 4 * e for p, q, e in zip(est[1:], exact.chances, se[1:], strict=True))
    assert job.worst_se(totals) == se[1:].max()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("7s 5h 3d 2c Kc", None), "keep must name the first keep"),
        (("7s 5h 3d 2c Kc", "As"), "not in the hand"),
        (("7s 5h 3d 2c Kc", "7s", ["1"]), "unknown target '1'"),
        (("7s 5h 3d 2c", "7s"), "5 different cards"),
    ],
)
def test_bad_input_is_refused(args, message):
    with pytest.raises(ValueError, match=message):
        rank_play_estimate(*args, trials=4)


def test_bad_family_is_refused():
    with pytest.raises(ValueError, match="razz"):
        rank_play_estimate("7s 5h 3d 2c Kc", "7s", family="razz", trials=4)


def test_cli_draw_odds_rank_three_draws_estimates_rank_play(capsys):
    """A 2-7 keep of two cards: first draws sampled, each followed by the exact best play for
    the rank; a seed gives the same figures on one thread or two."""
    argv = ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--keep", "7s 5h", "--draws", "3"]
    argv += ["--policy", "rank", "--targets", "7,10", "--trials", "16", "--seed", "2", "--quiet"]
    outs = []
    for threads in ("1", "2"):
        main([*argv, "--threads", threads, "--format", "json"])
        outs.append(json.loads(capsys.readouterr().out))
    rows = outs[0]
    assert outs[0] == outs[1]
    assert all(not r["exact"] and r["se"] > 0 and r["fraction"] is None for r in rows)
    assert all("each followed by the exact best play" in r["method"] for r in rows)
    assert rows[0]["probability"] < rows[1]["probability"]  # 7-low or better is rarer than 10-low
