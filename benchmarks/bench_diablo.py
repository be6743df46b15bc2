"""Diablo benchmark: complete games per second (issue item 9), and the exact solvers' times.

Each trial of :class:`simkit.games.diablo.jobs.SeriesJob` is a Diablo series; every deal is
shuffled, dealt, bet (both rounds with the compiled strategies), drawn by the exact policy
and shown down, and the Diablo rule is applied.  A *game* is an opened deal, played through
betting, draws and showdown (or until all but one fold); a *deal* also counts the void deals
that everybody checks (R-D4).  Rates: the embedded runner with 1 and 2 threads and a dask
LocalCluster of 2 single-threaded workers (start-up not timed); best and median of the
repeats (the runners take turns, so a burst of load from other processes hits them alike),
and games per CPU-second of this process (what one free core does).

The exact part times, after one untimed call that compiles (or loads) the kernels: the whole
pay-table game (full-pay Deuces Wild, every one of the 2,598,960 deals under best play) from
scratch (the superset counts and the suit patterns included) and again with the counts kept
(another pay table or draw limit), for the draw limits 5, 2 and draw-three; every keep of one
hand with every draw up to five (`best-keep --max-draw 5`); and exact equity at the draw of a
heads-up and a four-handed spot.  Wall-clock seconds, best (median) of the repeats, and CPU
seconds of this process.

Writes benchmarks/RESULTS_diablo.md (``--part games`` or ``--part exact`` rewrites only its own
section of it).  A benchmark, not a test::

    python benchmarks/bench_diablo.py                 # 300,000 series per run, about a minute
    python benchmarks/bench_diablo.py --series 1e5 --repeats 2
    python benchmarks/bench_diablo.py --part exact    # the exact solvers only, about a minute
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
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
TARGET = 250_000  # games per second on 2 cores (issue item 9)
TARGET_ONE_CORE = 450_000  # games per second on one core (issue 18, item 3)
PAYTABLE_TARGET = 30.0  # seconds for the whole pay-table game (issue 15, item 4)
EXACT_HEADER = "## Exact solving: the pay-table game, keeps, equity at the draw"


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


def timed(call, repeats: int, before=None) -> tuple[float, float, float, object]:
    """Best and median wall seconds of ``repeats`` calls (``before`` runs untimed before each),
    the median CPU seconds of this process, and the last result."""
    walls, cpus, out = [], [], None
    for _ in range(repeats):
        if before is not None:
            before()
        c0, t0 = os.times(), time.perf_counter()
        out = call()
        wall, c1 = time.perf_counter() - t0, os.times()
        walls.append(wall)
        cpus.append(sum(b - a for a, b in zip(c0[:4], c1[:4])))  # this process and its children
    best = min(walls)
    return best, sorted(walls)[len(walls) // 2], sorted(cpus)[len(cpus) // 2], out


def exact_section(repeats: int) -> list[str]:
    """The exact solvers' times (module doc)."""
    from simkit.games.diablo import paytable
    from simkit.games.diablo.draw_equity import draw_equity
    from simkit.games.diablo.solver import rank_keeps

    full = paytable.FULL_PAY
    paytable.paytable_return(full, max_draw=5)  # compile or load the kernels
    rank_keeps("Kd Kc 7s 4h 3c", objective="paytable", max_draw=5)
    draw_equity(["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"])
    rows = []
    cold = timed(
        lambda: paytable.paytable_return(full, max_draw=5), repeats, paytable._class_sums.cache_clear
    )
    rows.append(("whole pay-table game, max draw 5, from scratch", cold, "`paytable-return --max-draw 5`"))
    for label, kw in (
        ("max draw 5", {"max_draw": 5}),
        ("standard (0-2)", {}),
        ("draw-three", {"variant": "draw-three"}),
    ):
        rows.append(
            (
                f"whole pay-table game, {label}, counts kept",
                timed(lambda kw=kw: paytable.paytable_return(full, **kw), repeats),
                "",
            )
        )
    rows.append(
        (
            "every keep of one hand, max draw 5 (32 keeps, 2.6 million final hands)",
            timed(lambda: rank_keeps("Kd Kc 7s 4h 3c", objective="paytable", max_draw=5), repeats),
            "`best-keep HAND --objective paytable --max-draw 5`",
        )
    )
    hu = (["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s"], ["As Ah 2d", "Kh Jh 9h"])
    rows.append(
        (
            "equity at the draw, heads-up, 2 and 2 drawn (671,580 outcomes)",
            timed(lambda: draw_equity(*hu), repeats),
            "`equity`",
        )
    )
    four = (
        ["As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "Qs Qc 9c 8s 3d", "Js Tc 9d 8d 3h"],
        ["As Ah 2d", "Kh Jh 9h", "Qs Qc 9c", "Js Tc 9d 8d"],
    )
    rows.append(
        (
            "equity at the draw, four hands, 2+2+2+1 drawn (2.1e9 outcomes)",
            timed(lambda: draw_equity(*four), repeats),
            "`equity`",
        )
    )
    script = "from simkit.games.diablo.paytable import paytable_return; paytable_return(max_draw=5)"
    rows.append(
        (
            "whole pay-table game, max draw 5, in a fresh Python process (imports, kernels from the cache)",
            timed(lambda: subprocess.run([sys.executable, "-c", script], check=True), repeats),
            "`simkit diablo paytable-return --max-draw 5`",
        )
    )
    ret = cold[3]
    lines = [
        EXACT_HEADER,
        "",
        "Exact answers, every outcome counted; one thread for the enumerations, the whole-game "
        "pass over the suit patterns on every core (numba prange). After one untimed call that "
        f"compiles or loads the kernels; best (median) of {repeats} repeats. "
        f"Command: `python benchmarks/bench_diablo.py --part exact --repeats {repeats}`.",
        machine_line("games").split(" Other processes")[0]
        + " Other processes may share these cores, so wall-clock seconds are upper bounds; CPU "
        "seconds count every thread of this process (the fresh process: its children).",
        "",
        "| what | seconds best | seconds median | CPU seconds | command |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for label, (best, med, cpu, _), cmd in rows:
        lines.append(f"| {label} | {best:.3f} | {med:.3f} | {cpu:.3f} | {cmd} |")
    best = rows[0][1][0]
    lines += [
        "",
        f"Full-pay Deuces Wild (800/200/25/15/9/5/3/2/2/1), drawing up to five: return "
        f"{ret.attrs['return']:.6f} (exact {ret.attrs['return_exact']}), over "
        f"{ret.attrs['patterns']:,} suit patterns standing for the 2,598,960 deals.",
        f"Target: the whole pay-table game in under {PAYTABLE_TARGET:.0f} s on this machine. "
        f"Measured from scratch: {best:.2f} s ({'meets' if best < PAYTABLE_TARGET else 'misses'} the target).",
    ]
    return lines


def games_section(series: float, repeats: int) -> list[str]:
    """Complete games per second (module doc)."""
    from simkit.runner import cluster

    n = int(series)
    with cluster(workers=2):
        r = rates(n, repeats, RUNNER_CONFIGS)

    lines = [
        "# Diablo benchmark",
        "",
        "Complete Diablo games (5 players, everybody opening at trips with the reasonable "
        "calling strategy; both betting rounds, draws by the exact best-keep policy, showdown, "
        "the Diablo rule) through `SeriesJob` and the runner. "
        f"Command: `python benchmarks/bench_diablo.py --series {series:g} --repeats {repeats}`.",
        machine_line("games"),
        "",
        f"{n:,} series per run (about {n * 1.45:,.0f} games, {n * 2.2:,.0f} deals), best (median) "
        f"of {repeats} repeats; a game is an opened deal, a deal also counts the void ones "
        "everybody checks.",
        "",
        "| runner | games/s best | games/s median | deals/s best | games per CPU-second |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    lines += runner_rows(r, "games", "deals")
    lines += ["", target_verdict(r, "games", "games", TARGET, "the series")]
    lines += ["", per_core_verdict(*best_med(r["one"]["games"]), "games", TARGET_ONE_CORE)]
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--series", type=float, default=3e5, help="series per run")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--part", choices=("all", "games", "exact"), default="all", help="what to measure")
    ap.add_argument("--out", default=str(HERE / "RESULTS_diablo.md"))
    args = ap.parse_args()
    os.environ.setdefault("NUMBA_CACHE_DIR", str(HERE.parent / ".numba_cache"))

    old = Path(args.out).read_text() if Path(args.out).exists() else ""
    head, _, tail = old.partition(EXACT_HEADER)
    games = games_section(args.series, args.repeats) if args.part != "exact" else head.rstrip().splitlines()
    exact = (
        exact_section(args.repeats) if args.part != "games" else (EXACT_HEADER + tail).rstrip().splitlines()
    )
    if exact == [EXACT_HEADER]:  # --part games and no exact section yet
        exact = []
    lines = games + [""] + exact if games and exact else games + exact
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
