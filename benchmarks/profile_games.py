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

Usage (the profile in ``RESULTS_profile.md``)::

    python benchmarks/profile_games.py td razz diablo ib [--seconds 8] [--top 12] \
        [--out benchmarks/RESULTS_profile.md]
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


def profile(game: str, seconds: float) -> Counter[str]:
    """The share of the samples (percent) by function while the child plays ``game``."""
    with tempfile.TemporaryDirectory(prefix="profile_games_") as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, NUMBA_NUM_THREADS="1")
        proc = subprocess.Popen(
            [sys.executable, __file__, game, "--seconds", str(seconds), "--child"],
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
    return shares


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", choices=("diablo", "razz", "td", "ib"))
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--out", help="write the tables to this Markdown file")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.games[0], args.seconds)
        return 0
    lines = [
        "## Where a hand spends its time",
        "",
        f"Command: `python benchmarks/profile_games.py {' '.join(args.games)} --seconds {args.seconds:g}"
        f" --top {args.top}` ({time.strftime('%Y-%m-%d')}).  Sampled with `perf record -e cpu-clock` "
        "while one thread plays the game's job of `ab_games.py`; a function's share includes "
        "everything the compiler inlined into it (dealing, evaluation and most strategy code are "
        "inlined into the hand kernel `_play_one`); `NRT_*` is Numba's reference counting.",
        "",
    ]
    for game in args.games:
        shares = profile(game, args.seconds)
        lines += [f"**{game}**", "", "| function | share |", "| --- | ---: |"]
        lines += [f"| `{name}` | {share:.1f} % |" for name, share in shares.most_common(args.top)]
        lines.append("")
        print("\n".join(lines[-args.top - 4 :]), flush=True)
    if args.out:
        Path(args.out).write_text("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
