"""The whole ``simkit report`` at its default scale: fresh (empty kernel cache) and cached.

Runs ``simkit report --quiet`` of the installed simkit twice in child processes, into a
temporary folder: first with an empty Numba cache (what a fresh machine pays: compiling,
building the hand tables), then again on that cache (every later run).  Gives each run's wall
seconds and CPU seconds (all of its processes: the report, its helper and the process of the
sections run beside it), and the seconds of every section as the manifest records them.  The
CPU time shows how much of the machine the run kept busy (two cores: at most twice the wall).

Command (the rows of ``RESULTS_report.md``)::

    python benchmarks/bench_report.py [--runs 1] [--out benchmarks/RESULTS_report.md]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _report(out: Path, cache: Path) -> tuple[float, float, dict]:
    """Wall and CPU seconds of one ``simkit report`` and its manifest."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), MPLBACKEND="Agg")
    env.pop("SIMKIT_CACHE_DIR", None)  # the hand tables live beside the kernels, fresh too
    cmd = [sys.executable, "-m", "simkit", "report", "--quiet", "--out", str(out)]
    c0, w0 = _children_cpu(), time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    wall, cpu = time.perf_counter() - w0, _children_cpu() - c0
    return wall, cpu, json.loads((out / "manifest.json").read_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="fresh + cached pairs to run")
    ap.add_argument("--out", type=Path, default=HERE / "RESULTS_report.md")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error(f"--runs must be at least 1, got {args.runs}")
    rows, manifests = [], []
    for i in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="bench_report_") as tmp:
            cache = Path(tmp) / "cache"
            for kind in ("fresh", "cached"):
                wall, cpu, manifest = _report(Path(tmp) / kind, cache)
                rows.append((i + 1, kind, wall, cpu))
                manifests.append((kind, manifest))
                print(f"run {i + 1} {kind}: {wall:.1f} s wall, {cpu:.1f} CPU s", flush=True)
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        "# The whole report",
        "",
        "`simkit report --quiet` at its default scale, in a child process, first with an empty kernel "
        "cache (fresh: compiling and building the hand tables), then on that cache. Command: "
        f"`python benchmarks/bench_report.py --runs {args.runs}` ({time.strftime('%Y-%m-%d %H:%M')}).",
        f"Machine: {_cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
        f"load average at the end {load}. Targets (issue #18): under 4 minutes fresh, under 2 cached.",
        "",
        "| run | kernels | wall s | CPU s | cores busy |",
        "| ---: | --- | ---: | ---: | ---: |",
    ]
    lines += [f"| {r} | {kind} | {wall:.1f} | {cpu:.1f} | {cpu / wall:.2f} |" for r, kind, wall, cpu in rows]
    cached = [m for kind, m in manifests if kind == "cached"][-1]
    fresh = [m for kind, m in manifests if kind == "fresh"][-1]
    lines += [
        "",
        "Seconds of each section (the manifest's, last run; sections of `simkit.report_sections.BESIDE` "
        "run in a second process beside the others, so the column adds up to more than the wall time):",
        "",
        "| section | fresh s | cached s |",
        "| --- | ---: | ---: |",
    ]
    lines += [f"| {n} | {fresh['seconds'][n]:.1f} | {s:.1f} |" for n, s in cached["seconds"].items()]
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
