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
from pathlib import Path

from _common import (
    RUNNER_CONFIGS,
    best_med,
    machine_line,
    per_core_verdict,
    runner_rows,
    target_verdict,
    timed_runs,
)

HERE = Path(__file__).resolve().parent
TARGET = 20_000_000  # decisions per second on 2 cores (issue item 8)
TARGET_ONE_CORE = 40_000_000  # decisions per second on one core (issue 18, item 3)
POLICIES = ("half_kelly", "half_kelly", "kelly+count", "pot:0.5@8", "pay_twice:1@8")


def rates(games: int, repeats: int, configs: dict) -> dict:
    from simkit.games.in_between import DealerGameJob
    from simkit.games.in_between import engine as E

    out = {name: {"dec": [], "games": [], "cpu": []} for name in configs}
    runs = timed_runs(DealerGameJob(POLICIES), games, repeats, configs, warm_up=50_000)
    for name, tot, wall, cpu in runs:
        dec = int(tot["seat_stats"][:, E.SO_DECISIONS].sum())
        assert int(tot["game_stats"][E.GO_CONSERVATION_ERRORS]) == 0, "chips not conserved"
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
    lines += runner_rows(r, "dec", "games")
    lines += ["", target_verdict(r, "dec", "decisions", TARGET, "the dealer's games")]
    lines += ["", per_core_verdict(*best_med(r["one"]["dec"]), "decisions", TARGET_ONE_CORE)]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
