"""In-Between benchmark (issue item 8): player decisions per second in the dealer's game,
single thread and with 2 workers.

Each trial of :class:`simkit.games.in_between.DealerGameJob` is one dealer's game (R-I3:
5 seats, pot 20, 3 rounds, a fresh deck every round) with a mix of compiled stake policies
(half-Kelly, Kelly counting the seen cards, half the pot from spread 8, "never more than you
can pay twice").  A *decision* is one player's stake choice (pass included).  Rates: the
embedded runner with 1 and 2 threads and a dask LocalCluster of 2 single-threaded workers
(start-up not timed); best and median of the repeats (the runners take turns, so a burst of
load from other processes hits them alike), and decisions per CPU-second of this process
(what one free core does).

Writes benchmarks/RESULTS_in_between.md.  A benchmark, not a test::

    python benchmarks/bench_in_between.py                 # 1,000,000 dealer's games per run
    python benchmarks/bench_in_between.py --games 2e5 --repeats 2
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from _common import RUNNER_CONFIGS, RUNNER_LABELS, best_med, machine_line

HERE = Path(__file__).resolve().parent
TARGET = 20_000_000  # decisions per second on 2 cores (issue item 8)
POLICIES = ("half_kelly", "half_kelly", "kelly+count", "pot:0.5@8", "pay_twice:1@8")


def rates(games: int, repeats: int, configs: dict) -> dict:
    from simkit.games.in_between import DealerGameJob
    from simkit.games.in_between import engine as E
    from simkit.runner import run

    job = DealerGameJob(POLICIES)
    for options in configs.values():
        run(job, 50_000, seed=1, quiet=True, **options)  # warm up: compile, workers
    out = {name: {"dec": [], "games": [], "cpu": []} for name in configs}
    for r in range(repeats):
        for name, options in configs.items():
            c0, t0 = os.times(), time.perf_counter()
            tot = run(job, games, seed=100 + r, quiet=True, **options)
            wall, c1 = time.perf_counter() - t0, os.times()
            cpu = (c1.user - c0.user) + (c1.system - c0.system)
            dec = int(tot["seat_stats"][:, E.S_DECISIONS].sum())
            assert int(tot["game_stats"][E.G_CONSERVATION_ERRORS]) == 0, "chips not conserved"
            out[name]["dec"].append(dec / wall)
            out[name]["games"].append(games / wall)
            out[name]["cpu"].append(dec / max(cpu, 1e-9))
            out[name]["per_game"] = dec / games
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=float, default=1e6, help="dealer's games per run")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", default=str(HERE / "RESULTS_in_between.md"))
    args = ap.parse_args()
    os.environ.setdefault("NUMBA_CACHE_DIR", str(HERE.parent / ".numba_cache"))
    from simkit.runner import cluster

    n = int(args.games)
    with cluster(workers=2):
        r = rates(n, args.repeats, RUNNER_CONFIGS)

    per_game = r["one"]["per_game"]
    lines = [
        "# In-Between benchmark",
        "",
        "Player decisions in the dealer's game (R-I3: 5 seats, pot 20, 3 rounds, reshuffled every "
        f"round; policies {', '.join(POLICIES)}) through `DealerGameJob` and the runner. "
        f"Command: `python benchmarks/bench_in_between.py --games {int(args.games)} --repeats {args.repeats}`.",
        machine_line("decisions"),
        "",
        f"{n:,} dealer's games per run ({per_game:.2f} decisions each, {n * per_game:,.0f} in "
        f"all), best (median) of {args.repeats} repeats; a decision is one player's stake "
        "choice, a pass included.",
        "",
        "| runner | decisions/s best | decisions/s median | dealer's games/s best | decisions per CPU-second |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for key, label in RUNNER_LABELS.items():
        d_best, d_med = best_med(r[key]["dec"])
        g_best, _ = best_med(r[key]["games"])
        c = f"{best_med(r[key]['cpu'])[1]:,.0f}" if key != "dask2" else "(in the workers)"
        lines.append(f"| {label} | {d_best:,.0f} | {d_med:,.0f} | {g_best:,.0f} | {c} |")
    two = max(best_med(r["two"]["dec"])[0], best_med(r["dask2"]["dec"])[0])
    per_core = best_med(r["one"]["cpu"])[1]
    lines += ["", f"Target: >= {TARGET:,} decisions/s on 2 cores. Measured on this shared "
              f"machine: {two:,.0f} decisions/s ({'meets' if two >= TARGET else 'misses'} the "
              f"target here); one core does {per_core:,.0f} decisions per CPU-second, so two free "
              f"cores give about {2 * per_core:,.0f} decisions/s "
              f"({'meets' if 2 * per_core >= TARGET else 'misses'} the target; the kernel releases "
              "the GIL and the dealer's games are independent)."]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
