"""What a fresh machine spends compiling: every report section's compile time, and the kernels
that take it.

On a machine without simkit's kernel cache, ``simkit report`` spends most of its time in
Numba's compiler, not in the simulations.  This script runs every analysis of the report in
order, at a small scale (``--scale``, default 0.01, so that the simulations themselves take
little time), in a child process with an empty Numba cache, and listens to Numba's
``numba:compile`` events: each event is one function compiled for one set of argument types,
nested inside the compile of its caller.  It reports

- per section: wall seconds and the seconds spent compiling (top-level events only, so a
  kernel's callees are counted once, inside it);
- the kernels that took longest (top level, all sections);
- every simkit function compiled more than once in the process, with its argument types:
  either a function used with other argument types (a readonly array here, a writable one
  there), or a compile wasted on a constant argument (``Literal[int](0)``), which
  :func:`simkit.jit.njit` exists to prevent.

The simkit that runs is the one the child imports: this checkout, or another tree given by
``PYTHONPATH`` (to compare two commits).  Command (the section in ``RESULTS_compile.md``)::

    python benchmarks/bench_compile.py [--scale 0.01] [--only NAME ...] \\
        [--out benchmarks/RESULTS_compile.md]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(scale: float, only: list[str], out: str) -> None:
    """Run the analyses with a compile-event listener; write the events as JSON to ``out``."""
    from dataclasses import replace

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from numba.core import event

    from simkit.analysis.registry import ANALYSES, Context
    from simkit.report import analysis_order, discover

    discover()
    names = only or analysis_order()
    stack: list[tuple[str, str, float]] = []
    events: list[dict] = []
    section = ""

    class Listener(event.Listener):
        def on_start(self, ev):
            d = ev.data["dispatcher"]
            stack.append(
                (
                    f"{d.py_func.__module__}.{d.py_func.__qualname__}",
                    str(ev.data.get("args")),
                    time.perf_counter(),
                )
            )

        def on_end(self, ev):
            name, args, t0 = stack.pop()
            events.append(
                {
                    "section": section,
                    "depth": len(stack),
                    "name": name,
                    "args": args,
                    "seconds": time.perf_counter() - t0,
                }
            )

    ctx = Context(scale=scale, quiet=True)
    walls = {}
    with event.install_listener("numba:compile", Listener()):
        for name in names:
            section = name
            t0 = time.perf_counter()
            ANALYSES[name].func(replace(ctx, analysis=name))
            walls[name] = time.perf_counter() - t0
            plt.close("all")
    Path(out).write_text(json.dumps({"walls": walls, "events": events}))


def summarise(data: dict, scale: float, top: int) -> str:
    walls, events = data["walls"], data["events"]
    compile_s: dict[str, float] = defaultdict(float)  # per section
    kernels: dict[str, float] = defaultdict(float)  # per top-level kernel
    for e in events:
        if e["depth"] == 0:
            compile_s[e["section"]] += e["seconds"]
            kernels[e["name"]] += e["seconds"]
    wall, comp = sum(walls.values()), sum(compile_s.values())
    lines = [
        "## Compile time of a fresh machine (`bench_compile.py`)",
        "",
        f"Every analysis of `simkit report` at scale {scale:g} in one process with an empty Numba "
        f"cache, {time.strftime('%Y-%m-%d')}: **{wall:.0f} s** in all, of which **{comp:.0f} s** "
        f"compiling ({comp / wall:.0%}). The seconds are wall seconds on a shared machine.",
        "",
        "| section | wall s | compiling s |",
        "| --- | ---: | ---: |",
    ]
    for name, w in walls.items():
        lines.append(f"| {name} | {w:.1f} | {compile_s.get(name, 0.0):.1f} |")
    lines += ["", f"The {top} kernels that took longest (with everything compiled inside them):", ""]
    lines += ["| kernel | compiling s |", "| --- | ---: |"]
    for name, s in sorted(kernels.items(), key=lambda kv: -kv[1])[:top]:
        lines.append(f"| `{name.removeprefix('simkit.')}` | {s:.1f} |")
    versions: dict[str, list[dict]] = defaultdict(list)
    for e in events:
        if e["name"].startswith("simkit."):
            versions[e["name"]].append(e)
    again = {n: v for n, v in versions.items() if len(v) > 1}
    literal = sum(1 for v in again.values() for e in v if "Literal[" in e["args"])
    lines += [
        "",
        f"simkit functions compiled more than once: {len(again)} (compiles with a constant "
        f"argument type, `Literal[...]`: {literal}).",
    ]
    if again:
        lines += [
            "",
            "| function | versions | seconds | argument types differ in |",
            "| --- | ---: | ---: | --- |",
        ]
        for name, v in sorted(again.items(), key=lambda kv: -sum(e["seconds"] for e in kv[1])):
            kinds = (
                "constants (`Literal`)"
                if any("Literal[" in e["args"] for e in v)
                else "array or scalar types"
            )
            total = sum(e["seconds"] for e in v)
            lines.append(f"| `{name.removeprefix('simkit.')}` | {len(v)} | {total:.1f} | {kinds} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=0.01, help="the report's scale (default 0.01)")
    ap.add_argument("--only", nargs="+", default=[], metavar="NAME", help="only these analyses")
    ap.add_argument("--top", type=int, default=15, help="kernels listed (default 15)")
    ap.add_argument("--out", type=Path, default=HERE / "RESULTS_compile.md", help="the markdown section")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.scale <= 0:
        ap.error(f"--scale must be positive, got {args.scale}")
    if args.child:
        child(args.scale, args.only, args.child)
        return 0
    with tempfile.TemporaryDirectory(prefix="bench_compile_") as tmp:
        out = os.path.join(tmp, "events.json")
        env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(tmp, "numba"), MPLBACKEND="Agg")
        cmd = [sys.executable, __file__, "--scale", str(args.scale), "--child", out]
        if args.only:
            cmd += ["--only", *args.only]
        subprocess.run(cmd, env=env, check=True, cwd=tmp)
        text = summarise(json.loads(Path(out).read_text()), args.scale, args.top)
    args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
