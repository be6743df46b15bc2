"""Pieces the runner-based game benchmarks share: the configurations they time, their labels,
best/median of repeats, and the line describing the machine."""

from __future__ import annotations

import os
import platform

#: The three ways a Monte Carlo job runs: embedded on 1 and 2 threads, and a 2-worker cluster.
RUNNER_CONFIGS = {"one": {"threads": 1}, "two": {"threads": 2}, "dask2": {"workers": 2}}
RUNNER_LABELS = {"one": "embedded, 1 thread", "two": "embedded, 2 threads",
                 "dask2": "dask LocalCluster, 2 workers"}


def best_med(xs: list[float]) -> tuple[float, float]:
    """Best (largest) and median of repeated rates."""
    s = sorted(xs)
    return s[-1], s[len(s) // 2]


def machine_line(per_cpu_unit: str) -> str:
    """Cores, CPU model, Python and load average, with how to read the rates."""
    load = os.getloadavg()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), platform.processor())
    return (f"Machine: {os.cpu_count()} cores ({cpu}), Python {platform.python_version()}; load "
            f"average at the end {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}. The machine was "
            "shared with other agents' work while this ran, so wall-clock rates are lower bounds; "
            f"{per_cpu_unit} per CPU-second show what one free core does.")
