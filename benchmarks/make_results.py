"""Assemble benchmarks/RESULTS.md from the sections each benchmark script writes.

Every ``benchmarks/bench_*.py`` writes its own ``RESULTS_<topic>.md``; this script puts them
together, in layer order, under one header naming the machine.  Run the benchmarks first::

    python benchmarks/bench_hands.py && python benchmarks/bench_runner.py && ... \
        && python benchmarks/make_results.py
"""

from __future__ import annotations

import platform
import time
from pathlib import Path

HERE = Path(__file__).parent
ORDER = [
    "hands",
    "runner",
    "poker",
    "in_between",
    "triple_draw",
    "razz",
    "diablo",
    "evening",
    "profile",
    "compile",
    "report",
]


def main() -> int:
    parts = sorted(
        HERE.glob("RESULTS_*.md"),
        key=lambda p: (ORDER.index(p.stem[8:]) if p.stem[8:] in ORDER else len(ORDER), p.stem),
    )
    lines = [
        "# Benchmarks",
        "",
        "Speed is measured here, never in a timed test. Each section below is the latest output "
        "of the script that names it; peers run on the same inputs in the same run.",
        f"Assembled {time.strftime('%Y-%m-%d %H:%M')} on {platform.node() or 'this machine'} "
        f"({platform.machine()}, Python {platform.python_version()}).",
        "",
    ]
    for part in parts:
        lines.append(part.read_text().rstrip())
        lines.append("")
    (HERE / "RESULTS.md").write_text("\n".join(lines))
    print(f"wrote {HERE / 'RESULTS.md'} from {len(parts)} sections")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
