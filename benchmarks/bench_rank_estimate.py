"""How good the rank-play estimate is: control variates against the plain mean, over every first draw.

:mod:`simkit.games.triple_draw.rank_estimate` samples first draws and follows each with the exact
best play for the expected rank.  This script solves the second hand after *every* first draw of
a keep (the population the estimate samples from, uniformly), so that the exact figures are the
population means, and then draws many estimates of ``--trials`` first draws from it (with
replacement: the same distribution as the job's samples).  For each figure (the expected rank
and each target's chance) it reports the root-mean-square error of the plain mean and of the
control-variate estimate (:func:`simkit.runner.stats.control_variate`), their mean standard
errors, and how often the interval ``estimate ± 1.96 SE`` holds the exact figure.

Writes benchmarks/RESULTS_rank_estimate.md.  Two populations: a 2-7 keep of three cards (1,081
first draws, a second hand's solve about 50 ms: under a minute on two threads) and an A-5 keep
of two (16,215 first draws by cards, about a millisecond each)::

    python benchmarks/bench_rank_estimate.py                 # about two minutes
    python benchmarks/bench_rank_estimate.py --repeats 500   # quicker
"""

from __future__ import annotations

import argparse
import os
import platform
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from pathlib import Path

import numpy as np

from simkit.cards import parse_cards
from simkit.games.triple_draw.rank_estimate import _LIMB_SCALE, RankPlayJob, _draw_covariates
from simkit.games.triple_draw.rank_exact import DENOM, _ff
from simkit.games.triple_draw.rules import target_threshold
from simkit.runner import stats

HERE = Path(__file__).resolve().parent
TARGETS = ["7", "8", "9", "10"]
CASES = [
    ("7s 5h 3d 2c Kc", "7s 5h 3d", "deuce_to_seven"),
    ("7s 3h 2d Kc Qh", "7s 3h", "ace_to_five"),
]


def population(hand: str, keep: str, family: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every first draw of keeping ``keep``: the exact figures after it (``Y``: expected rank,
    then each target's chance), its covariates (``X``) and the covariates' exact means."""
    cards = tuple(parse_cards(hand).tolist())
    kept = tuple(parse_cards(keep).tolist())
    deck = tuple(c for c in range(52) if c not in cards)
    thr = tuple(target_threshold(t, family) for t in TARGETS)
    job = RankPlayJob(cards, kept, deck, thr, family)
    m = 5 - len(kept)
    draws = np.array(list(combinations(range(len(deck)), m)), dtype=np.int64)
    halves = np.array_split(draws, 2)
    with ThreadPoolExecutor(2) as pool:  # the kernel releases the GIL
        parts = list(pool.map(job.second_hands, halves))
    vout = np.concatenate([p[0] for p in parts])
    hout = np.concatenate([p[1] for p in parts])
    scale = float(_ff(len(deck) - m, 10))
    y = np.column_stack(
        [(vout * _LIMB_SCALE).sum(axis=-1) / (scale * DENOM), (hout * _LIMB_SCALE).sum(axis=-1) / scale]
    )
    k5, walk, bt = job._setting()
    x = np.zeros((len(draws), 1 + bt[1].shape[0]))
    _draw_covariates(draws, k5, len(kept), walk, bt, x)
    return y, x, job.covariate_means()


def quality(y, x, mean_x, trials: int, repeats: int, seed: int) -> dict[str, np.ndarray]:
    """RMSE, mean SE and 95 % coverage of the plain mean and of the control-variate estimate
    over ``repeats`` samples of ``trials`` first draws."""
    truth = y.mean(axis=0)
    rng = np.random.default_rng(seed)
    got: dict[str, list] = {"plain": [], "cv": []}
    for _ in range(repeats):
        i = rng.integers(0, len(y), trials)
        ys, xs = y[i], x[i]
        sums = (ys.sum(0), (ys * ys).sum(0))
        got["plain"].append(stats.mean_se(*sums, trials))
        got["cv"].append(stats.control_variate(trials, *sums, xs.sum(0), xs.T @ xs, xs.T @ ys, mean_x))
    out = {}
    for name, runs in got.items():
        est = np.array([e for e, _ in runs])
        se = np.array([s for _, s in runs])
        out[f"{name}_rmse"] = np.sqrt(((est - truth) ** 2).mean(axis=0))
        out[f"{name}_se"] = se.mean(axis=0)
        out[f"{name}_cover"] = (np.abs(est - truth) < 1.96 * se).mean(axis=0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=192, help="first draws per estimate (2-7's default)")
    ap.add_argument("--repeats", type=int, default=2000, help="estimates drawn from each population")
    args = ap.parse_args()
    lines = [
        "## The rank-play estimate: control variates against the plain mean",
        "",
        "`python benchmarks/bench_rank_estimate.py` (module doc): every first draw of the keep solved "
        f"exactly, then {args.repeats} estimates of {args.trials} first draws each drawn from them. "
        "RMSE: root-mean-square error against the exact figure (the population mean); SE: the mean "
        "standard error the estimate reports; cover: how often estimate ± 1.96 SE holds the exact "
        "figure (0.95 is the aim; a rare target's normal-approximation interval falls short of it for "
        "either estimate).",
        "",
    ]
    for hand, keep, family in CASES:
        y, x, mean_x = population(hand, keep, family)
        q = quality(y, x, mean_x, args.trials, args.repeats, seed=1)
        lines += [
            f"**{family}: keep {keep} of {hand}**, {len(y):,} first draws (three draws left).",
            "",
            "| figure | exact | RMSE plain | RMSE cv | SE plain | SE cv | cover plain | cover cv | variance ratio |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for j, name in enumerate(["expected rank", *[f"{t}-low" for t in TARGETS]]):
            ratio = (q["plain_rmse"][j] / q["cv_rmse"][j]) ** 2
            lines.append(
                f"| {name} | {y[:, j].mean():.4f} | {q['plain_rmse'][j]:.4f} | {q['cv_rmse'][j]:.4f} | "
                f"{q['plain_se'][j]:.4f} | {q['cv_se'][j]:.4f} | {q['plain_cover'][j]:.3f} | "
                f"{q['cv_cover'][j]:.3f} | {ratio:.1f} |"
            )
        lines.append("")
    lines += [
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()} (no timings: the figures",
        "",
    ]
    lines[-2] += " depend only on the seed and the sizes)."
    (HERE / "RESULTS_rank_estimate.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
