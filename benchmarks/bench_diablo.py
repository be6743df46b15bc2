"""Diablo benchmark (issue item 9): complete games per second, 5 players, 1 thread and 2 workers.

Each trial of :class:`simkit.games.diablo.jobs.SeriesJob` is a Diablo series; every deal is
shuffled, dealt, bet (both rounds with the compiled strategies), drawn by the exact policy
and shown down, and the Diablo rule is applied.  A *game* is an opened deal, played through
betting, draws and showdown (or until all but one fold); a *deal* also counts the void deals
that everybody checks (R-D4).  Rates: the embedded runner with 1 and 2 threads and a dask
LocalCluster of 2 single-threaded workers (start-up not timed); best and median of the
repeats (the runners take turns, so a burst of load from other processes hits them alike),
and games per CPU-second of this process (what one free core does).

Writes benchmarks/RESULTS_diablo.md.  A benchmark, not a test::

    python benchmarks/bench_diablo.py                 # 300,000 series per run, about a minute
    python benchmarks/bench_diablo.py --series 1e5 --repeats 2
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from _common import RUNNER_CONFIGS, machine_line, runner_rows, target_verdict, timed_runs

HERE = Path(__file__).resolve().parent
TARGET = 250_000  # games per second on 2 cores (issue item 9)


def rates(series: int, repeats: int, configs: dict) -> dict:
    from simkit.games.diablo.engine import COUNTS
    from simkit.games.diablo.jobs import SeriesJob

    out = {name: {"games": [], "deals": [], "cpu": []} for name in configs}
    runs = timed_runs(SeriesJob(("trips",) * 5), series, repeats, configs, warm_up=20_000)
    for name, tot, wall, cpu in runs:
        games, deals = int(tot["cnt"][COUNTS.index("games")]), int(tot["cnt"][COUNTS.index("deals")])
        assert int(tot["cnt"][COUNTS.index("chip_errors")]) == 0, "chips not conserved"
        out[name]["games"].append(games / wall)
        out[name]["deals"].append(deals / wall)
        out[name]["cpu"].append(games / max(cpu, 1e-9))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--series", type=float, default=3e5, help="series per run")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", default=str(HERE / "RESULTS_diablo.md"))
    args = ap.parse_args()
    os.environ.setdefault("NUMBA_CACHE_DIR", str(HERE.parent / ".numba_cache"))
    from simkit.runner import cluster

    n = int(args.series)
    with cluster(workers=2):
        r = rates(n, args.repeats, RUNNER_CONFIGS)

    lines = [
        "# Diablo benchmark",
        "",
        "Complete Diablo games (5 players, everybody opening at trips with the reasonable "
        "calling strategy; both betting rounds, draws by the exact best-keep policy, showdown, "
        "the Diablo rule) through `SeriesJob` and the runner. "
        f"Command: `python benchmarks/bench_diablo.py --series {args.series:g} --repeats {args.repeats}`.",
        machine_line("games"),
        "",
        f"{n:,} series per run (about {n * 1.45:,.0f} games, {n * 2.2:,.0f} deals), best (median) "
        f"of {args.repeats} repeats; a game is an opened deal, a deal also counts the void ones "
        "everybody checks.",
        "",
        "| runner | games/s best | games/s median | deals/s best | games per CPU-second |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    lines += runner_rows(r, "games", "deals")
    lines += ["", target_verdict(r, "games", "games", TARGET, "the series")]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
