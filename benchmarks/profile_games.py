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
``ib``, and ``ib-evening``: In-Between's hands inside whole evenings).  Needs ``perf`` on the
machine.

``--annotate NAME`` goes down to single instructions in the functions named ``NAME`` (e.g.
``_play_one``, where most of a hand is inlined): the child also saves those functions' machine
code, the samples' addresses are counted, and the hottest instructions are shown with the
instructions before them (disassembled by ``objdump``).  A timer sample lands on the
instruction after the one that waited, so a load that misses the cache shows as a hot
instruction right after it.  That is how the Diablo keep-table load (a 10 MB table, 30 % of a
deal) and Razz's score slot (a loop that LLVM vectorised into a gather per rank) were found.

Usage (the profile in ``RESULTS_profile.md``)::

    python benchmarks/profile_games.py td razz diablo ib [--seconds 8] [--top 12] \
        [--annotate _play_one] [--out benchmarks/RESULTS_profile.md]
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


def _dump_code(name: str, folder: Path) -> None:
    """Save the machine code of every mapped function whose short name ends with ``name``
    (as ``folder/ADDRESS.bin``; the perf map gives address and size)."""
    import ctypes

    for row in Path(f"/tmp/perf-{os.getpid()}.map").read_text().splitlines():
        addr, size, short = row.split(" ", 2)
        if short.split(".")[-1] == name:
            (folder / f"{addr}.bin").write_bytes(ctypes.string_at(int(addr, 16), int(size, 16)))


def child(game: str, seconds: float, annotate: str | None = None, folder: str | None = None) -> None:
    """Compile the game's job, write the perf map (and the code of the functions to annotate),
    signal readiness, then play for ``seconds``."""
    from ab_games import _job

    from simkit.runner import run

    job, n = _job(game)
    run(job, 20_000, seed=0, quiet=True, threads=1)
    count = _write_perf_map()
    if annotate and folder:
        _dump_code(annotate, Path(folder))
    print(f"READY {count}", flush=True)
    sys.stdin.readline()  # the parent has started perf
    end = time.perf_counter() + seconds
    seed = 1
    while time.perf_counter() < end:
        run(job, n // 4, seed=seed, quiet=True, threads=1)
        seed += 1
    print("DONE", flush=True)


def profile(game: str, seconds: float, annotate: str | None = None) -> tuple[Counter[str], list[str]]:
    """The share of the samples (percent) by function while the child plays ``game``, and
    the hottest instructions of the functions named ``annotate`` (Markdown lines)."""
    with tempfile.TemporaryDirectory(prefix="profile_games_") as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, NUMBA_NUM_THREADS="1")
        extra = ["--annotate", annotate, "--folder", tmp] if annotate else []
        proc = subprocess.Popen(
            [sys.executable, __file__, game, "--seconds", str(seconds), "--child", *extra],
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
        hot = _annotate(data, Path(tmp), annotate) if annotate else []
    shares: Counter[str] = Counter()
    for row in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(.*)", row)
        if m:
            shares[m.group(2).strip()] += float(m.group(1))
    return shares, hot


def _annotate(data: Path, folder: Path, name: str, top: int = 3, before: int = 8) -> list[str]:
    """The ``top`` hottest instructions of each saved function, each with the ``before``
    instructions that lead to it: share of all samples, address, instruction."""
    ips = Counter(
        int(x, 16)
        for x in subprocess.run(
            ["perf", "script", "-i", str(data), "-F", "ip"], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    total = sum(ips.values()) or 1
    lines: list[str] = []
    for code in sorted(folder.glob("*.bin")):
        base = int(code.stem, 16)
        end = base + code.stat().st_size
        hits = {ip: k for ip, k in ips.items() if base <= ip < end}
        if not hits:
            continue
        listing = subprocess.run(
            ["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={base:#x}", str(code)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        rows = []  # (address, text) of each instruction
        for row in listing.splitlines():
            m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)", row)
            if m and m.group(2).strip():
                rows.append((int(m.group(1), 16), " ".join(m.group(2).split())))
        where = {a: i for i, (a, _) in enumerate(rows)}
        lines.append(f"`{name}` ({sum(hits.values()) / total:.1%} of the samples), hottest instructions:")
        lines.append("")
        lines.append("```")
        for ip, k in sorted(hits.items(), key=lambda h: -h[1])[:top]:
            i = where.get(ip)
            if i is None:
                continue
            for a, text in rows[max(0, i - before) : i]:
                lines.append(f"        {a - base:6x}  {text}")
            lines.append(f"{100 * k / total:6.2f}% {ip - base:6x}  {rows[i][1]}")
            lines.append("")
        lines.append("```")
        lines.append("")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", choices=("diablo", "razz", "td", "ib", "ib-evening"))
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument(
        "--annotate", metavar="NAME", help="also show the hottest instructions of the functions NAME"
    )
    ap.add_argument("--out", help="write the tables to this Markdown file")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--folder", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.games[0], args.seconds, args.annotate, args.folder)
        return 0
    lines = [
        "## Where a hand spends its time",
        "",
        f"Command: `python benchmarks/profile_games.py {' '.join(args.games)} --seconds {args.seconds:g}"
        f" --top {args.top}{' --annotate ' + args.annotate if args.annotate else ''}`"
        f" ({time.strftime('%Y-%m-%d')}).  Sampled with `perf record -e cpu-clock` "
        "while one thread plays the game's job of `ab_games.py`; a function's share includes "
        "everything the compiler inlined into it (dealing, evaluation and most strategy code are "
        "inlined into the hand kernel `_play_one`); `NRT_*` is Numba's reference counting.",
        "",
    ]
    for game in args.games:
        shares, hot = profile(game, args.seconds, args.annotate)
        start = len(lines)
        lines += [f"**{game}**", "", "| function | share |", "| --- | ---: |"]
        lines += [f"| `{name}` | {share:.1f} % |" for name, share in shares.most_common(args.top)]
        lines.append("")
        lines += hot
        print("\n".join(lines[start:]), flush=True)
    if args.out:
        Path(args.out).write_text("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
