"""Where a game's hand spends its time: a sampling profile of the compiled kernels.

Numba's machine code carries no symbols that ``perf`` can read, so this script runs a game's
job in a child process with an empty Numba cache (every kernel compiled in the process, so its
LLVM module is at hand), writes ``/tmp/perf-PID.map`` with the address and size of every
function of every compiled library (the file ``perf`` reads for code made at run time), and
samples the child with ``perf record -e cpu-clock`` (a timer, so it works without hardware
counters) while it plays the job on one thread.  Functions that the compiler inlined count
towards their caller: the table shows what is still a call (the betting engine's steps,
the evaluators kept out of line, the hand kernel itself).

The games and jobs are those of ``benchmarks/ab_games.py`` (``diablo``, ``razz``, ``td``,
``ib``).  Needs ``perf`` on the machine.

Usage::

    python benchmarks/profile_games.py td [--seconds 8] [--top 15]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _short(name: str) -> str:
    """``_ZN6simkit5poker7betting6_applyB...`` -> ``poker.betting._apply``."""
    m = re.match(r"_ZN(?:\d+cpython)?((?:\d+[A-Za-z_][A-Za-z0-9_]*)+)", name)
    if not m:
        return name
    out, s = [], m.group(1)
    while s and s[0].isdigit():
        n = int(re.match(r"\d+", s).group(0))
        s = s[len(str(n)) :]
        out.append(s[:n])
        s = s[n:]
    names = [p for p in out if p != "simkit"]
    return ".".join(names)


def _write_perf_map() -> int:
    """Write ``/tmp/perf-PID.map`` for every function of every library compiled so far."""
    import gc

    from numba.core.registry import CPUDispatcher

    spans = {}
    for obj in gc.get_objects():
        if not isinstance(obj, CPUDispatcher):
            continue
        for cres in obj.overloads.values():
            lib = cres.library
            module = getattr(lib, "_final_module", None)
            if module is None:
                continue
            for fn in module.functions:
                if fn.is_declaration:
                    continue
                try:
                    addr = lib.get_pointer_to_function(fn.name)
                except Exception:  # a symbol the engine did not keep
                    continue
                if addr:
                    spans[addr] = fn.name
    starts = sorted(spans)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for i, a in enumerate(starts):
            size = min((starts[i + 1] - a) if i + 1 < len(starts) else 65536, 65536)
            f.write(f"{a:x} {size:x} {_short(spans[a])}\n")
    return len(starts)


def child(game: str, seconds: float) -> None:
    """Compile the game's job, write the perf map, signal readiness, then play for ``seconds``."""
    from ab_games import _job

    from simkit.runner import run

    job, n = _job(game)
    run(job, 20_000, seed=0, quiet=True, threads=1)
    count = _write_perf_map()
    print(f"READY {count}", flush=True)
    sys.stdin.readline()  # the parent has started perf
    end = time.perf_counter() + seconds
    seed = 1
    while time.perf_counter() < end:
        run(job, n // 4, seed=seed, quiet=True, threads=1)
        seed += 1
    print("DONE", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=("diablo", "razz", "td", "ib"))
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.game, args.seconds)
        return 0
    with tempfile.TemporaryDirectory(prefix="profile_games_") as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, NUMBA_NUM_THREADS="1")
        proc = subprocess.Popen(
            [sys.executable, __file__, args.game, "--seconds", str(args.seconds), "--child"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("READY"):
            raise SystemExit(f"the child did not start: {line!r}")
        data = Path(tmp) / "perf.data"
        perf = subprocess.Popen(
            ["perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "-p", str(proc.pid), "-o", str(data)],
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        proc.stdin.write("go\n")
        proc.stdin.flush()
        proc.stdout.readline()
        perf.send_signal(2)
        perf.wait()
        proc.wait()
        report = subprocess.run(
            ["perf", "report", "-i", str(data), "--stdio", "--sort", "sym", "-q", "--percent-limit", "0.3"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    shares: Counter[str] = Counter()
    for row in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(.*)", row)
        if m:
            shares[m.group(2).strip()] += float(m.group(1))
    print(f"{args.game}: share of the samples by function (one thread, {args.seconds:g} s)\n")
    print("| function | share |\n| --- | ---: |")
    for name, share in shares.most_common(args.top):
        print(f"| `{name}` | {share:.1f} % |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
