"""Betting engine benchmark: complete betting of a hand per second, single thread.

A hand is everything the engine does for one deal: reset, antes, every betting round of the
structure (blinds, bring-in, who starts), the strategies' decisions, the showdown with side
pots and the payout, for 6 seats with 200 chips each and the random legal strategy (the
kernel of :func:`simkit.poker.simulate_hands`, whose per-hand inputs, three random numbers a
seat, are drawn inside the timing).  Also timed: the tight / loose-aggressive mix, and the
Python-strategy path (:func:`simkit.poker.play_hand` with Python callables) for scale.

Usage::

    python benchmarks/bench_poker.py [--hands 300000] [--repeats 3]
                                     [--out benchmarks/RESULTS_poker.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np

from simkit.poker import (
    CHECK,
    diablo,
    razz,
    single_draw_27_no_limit,
    strategy_table,
    triple_draw_27,
)
from simkit.poker.python_strategy import play_hand
from simkit.poker.table import _simulate_kernel
from simkit.poker.table_state import S_N_LOG, new_state
from simkit.rng import draw_below, stream_state, uniform

STRUCTURES = {
    "Diablo (spread 1-5 / 2-10, 4 raises, ante 1)": diablo(),
    "2-7 Triple Draw (fixed 2/4, blinds 1/2)": triple_draw_27(),
    "Razz (fixed 5/10, ante 1, bring-in 2)": razz(),
    "2-7 Single Draw no limit (blinds 1/2)": single_draw_27_no_limit(),
}
SEATS = 6
STACK = 200


def rate(structure, specs, n_hands: int, repeats: int) -> tuple[float, float, dict]:
    """Best hands/s (wall clock and CPU) of the compiled kernel, and a summary of the hands."""
    kinds, params = strategy_table(specs, SEATS)
    stacks = np.full(SEATS, STACK, dtype=np.int64)
    net = np.zeros((n_hands, SEATS), dtype=np.int64)
    outcome, winner, pot, opener = (np.zeros(n_hands, dtype=np.int64) for _ in range(4))
    _simulate_kernel(
        structure,
        stacks,
        kinds,
        params,
        True,
        stream_state(0),
        net[:10],
        outcome[:10],
        winner[:10],
        pot[:10],
        opener[:10],
    )
    best_wall = best_cpu = float("inf")
    for rep in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        _simulate_kernel(
            structure, stacks, kinds, params, True, stream_state(rep + 1), net, outcome, winner, pot, opener
        )
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.process_time() - c)
    summary = {
        "showdown": float((outcome == 1).mean()),
        "void": float((outcome == 2).mean()),
        "pot": float(pot.mean()),
        "conserved": bool((net.sum(axis=1) + np.where(outcome == 2, pot, 0) == 0).all()),
    }
    return n_hands / best_wall, n_hands / best_cpu, summary


def actions_per_hand(structure, n: int = 20_000) -> float:
    """Mean recorded actions (antes and blinds included) per hand, random strategy."""
    from simkit.poker.python_strategy import compiled

    seats = [compiled("random")] * SEATS
    rng = stream_state(3)
    total = 0
    for h in range(n):
        scores = np.array([uniform(rng) for _ in range(SEATS)])
        r = play_hand(
            structure,
            [STACK] * SEATS,
            seats,
            scores=scores,
            strengths=(scores * 1e6).astype(np.int64),
            dealer=h % SEATS,
            given=[draw_below(rng, SEATS)] * structure.limits.shape[0],
            rng=rng,
            log_capacity=1,
        )
        total += int(r.st[S_N_LOG])
    return total / n


def python_rate(structure, n: int) -> float:
    """Hands/s of the Python-strategy path with a trivial Python callable at every seat."""

    def caller(view, legal):
        if legal.bring_in:
            return 6, 0
        return (CHECK, 0) if legal.check else (2, 0)

    seats = [caller] * SEATS
    scores = np.full(SEATS, 0.5)
    strengths = np.arange(SEATS)
    t = time.perf_counter()
    for h in range(n):
        play_hand(
            structure,
            [STACK] * SEATS,
            seats,
            scores=scores,
            strengths=strengths,
            dealer=h % SEATS,
            given=[0] * structure.limits.shape[0],
            seed=h,
            log_capacity=0,
        )
    return n / (time.perf_counter() - t)


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", default="benchmarks/RESULTS_poker.md")
    args = ap.parse_args()
    new_state(SEATS)
    lines = [
        "# Poker betting engine benchmark",
        "",
        f"Command: `python benchmarks/bench_poker.py --hands {args.hands} --repeats "
        f"{args.repeats}`.  Machine: {os.cpu_count()} cores ({cpu_name()}),"
        f" Python {platform.python_version()}, single thread.",
        "",
        f"Complete betting of a hand: {SEATS} seats, {STACK} chips each, every round of the "
        "structure, decisions, showdown with side pots and payout; best of "
        f"{args.repeats} runs of {args.hands:,} hands.  Wall clock and CPU time are both "
        "given because other processes share these cores.",
        "",
        "| structure | strategies | hands/s (wall) | hands/s (CPU) | actions/hand | "
        "showdown | mean pot | chips conserved |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for name, structure in STRUCTURES.items():
        per_hand = actions_per_hand(structure)
        for label, specs in (
            ("random legal", "random"),
            ("3 tight + 3 loose-aggressive", ["tight", "loose-aggressive"] * (SEATS // 2)),
        ):
            wall, cpu, s = rate(structure, specs, args.hands, args.repeats)
            acts = f"{per_hand:.1f}" if specs == "random" else ""
            lines.append(
                f"| {name} | {label} | {wall:,.0f} | {cpu:,.0f} | {acts} | "
                f"{s['showdown']:.1%} | {s['pot']:.1f} | {s['conserved']} |"
            )
            print(lines[-1], flush=True)
    py = python_rate(triple_draw_27(), 2_000)
    load = os.getloadavg()
    lines += [
        "",
        "Actions per hand count antes and blinds.  Diablo hands that everyone checks in the "
        'first round are void (R-D4): the pot stays, and "chips conserved" counts it.',
        "",
        f"Python-strategy path (`play_hand`, a Python check/call callable at every seat, "
        f"2-7 Triple Draw): {py:,.0f} hands/s.",
        "",
        f"Load average at the end: {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}.",
    ]
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
