"""Pieces the runner-based game benchmarks share: the configurations they time, their labels,
the timed runs, best/median of repeats, the rows of the runner table, the target verdict and
the line describing the machine."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Iterator

#: The three ways a Monte Carlo job runs: embedded on 1 and 2 threads, and a 2-worker cluster.
RUNNER_CONFIGS = {"one": {"threads": 1}, "two": {"threads": 2}, "dask2": {"workers": 2}}
RUNNER_LABELS = {
    "one": "embedded, 1 thread",
    "two": "embedded, 2 threads",
    "dask2": "dask LocalCluster, 2 workers",
}


def best_med(xs: list[float]) -> tuple[float, float]:
    """Best (largest) and median of repeated rates."""
    s = sorted(xs)
    return s[-1], s[len(s) // 2]


def machine_line(per_cpu_unit: str) -> str:
    """Cores, CPU model, Python and load average, with how to read the rates."""
    load = os.getloadavg()
    cpu = next(
        (line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
        platform.processor(),
    )
    return (
        f"Machine: {os.cpu_count()} cores ({cpu}), Python {platform.python_version()}; load "
        f"average at the end {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}. Other processes "
        "may share these cores while this runs, so wall-clock rates are lower bounds; "
        f"{per_cpu_unit} per CPU-second show what one free core does."
    )


def timed_runs(job, trials: int, repeats: int, configs: dict, warm_up: int) -> Iterator[tuple]:
    """Run ``job`` for ``trials`` trials under every configuration, ``repeats`` times, the
    configurations taking turns (so a burst of load from other processes hits them alike).

    Each configuration first runs ``warm_up`` trials untimed (compile, tables, workers).
    Yields ``(name, totals, wall seconds, CPU seconds of this process)`` per run.
    """
    from simkit.runner import run

    for options in configs.values():
        run(job, warm_up, seed=1, quiet=True, **options)
    for r in range(repeats):
        for name, options in configs.items():
            c0, t0 = os.times(), time.perf_counter()
            totals = run(job, trials, seed=100 + r, quiet=True, **options)
            wall, c1 = time.perf_counter() - t0, os.times()
            yield name, totals, wall, (c1.user - c0.user) + (c1.system - c0.system)


def runner_rows(r: dict, main: str, other: str) -> list[str]:
    """Table rows per runner: best and median of rate ``main``, best of ``other``, median per
    CPU-second (not for the cluster, whose work runs in other processes)."""
    rows = []
    for key, label in RUNNER_LABELS.items():
        m_best, m_med = best_med(r[key][main])
        o_best, _ = best_med(r[key][other])
        c = f"{best_med(r[key]['cpu'])[1]:,.0f}" if key != "dask2" else "(in the workers)"
        rows.append(f"| {label} | {m_best:,.0f} | {m_med:,.0f} | {o_best:,.0f} | {c} |")
    return rows


def target_verdict(r: dict, main: str, unit: str, target: int, independent: str) -> str:
    """The sentence comparing the best 2-core rate, and twice one core's rate per CPU-second,
    with ``target`` (``independent`` names what runs independently, e.g. "the series")."""
    two = max(best_med(r["two"][main])[0], best_med(r["dask2"][main])[0])
    per_core = best_med(r["one"]["cpu"])[1]
    return (
        f"Target: >= {target:,} {unit}/s on 2 cores. Measured on this shared machine: "
        f"{two:,.0f} {unit}/s ({'meets' if two >= target else 'misses'} the target here); "
        f"one core does {per_core:,.0f} {unit} per CPU-second, so two free cores give about "
        f"{2 * per_core:,.0f} {unit}/s ({'meets' if 2 * per_core >= target else 'misses'} the "
        f"target; the kernel releases the GIL and {independent} are independent)."
    )


def per_core_verdict(best: float, median: float, unit: str, target: int) -> str:
    """The line that sets the best and median one-thread rate beside issue 18's per-core target."""
    return (
        f"Target per core: >= {target:,} {unit}/s on one thread. Measured: best {best:,.0f} "
        f"({'meets' if best >= target else 'misses'} it), median {median:,.0f} "
        f"({'meets' if median >= target else 'misses'} it)."
    )
