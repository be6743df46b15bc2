"""Compile the report's kernels on a second core while a fresh machine runs ``simkit report``.

On a machine that has never run this version of simkit, most of a report's time is Numba
compiling the game kernels (``benchmarks/RESULTS_compile.md``: some 240 of 290 seconds), and
compiling holds one core: the report's threads wait on it.  So when the kernel cache
(:data:`simkit._compile_cache.CACHE_FOLDER`) holds no complete report yet, :func:`start`
launches a helper process that runs the sections whose time is mostly compiling
(:data:`COMPILE_HEAVY`) at a tiny scale, **from the middle of the report on**, while the report
works forwards from the first.  Each kernel the helper compiles lands in the shared cache, and
the report loads it from there when it gets to that section.  The helper skips a section the
report has already reached (the report writes its current section to a progress file), and
is ended when the report ends.

The helper changes no figure: it writes no file but the cache, and the report computes every
number itself, with its own seeds.  Whether the helper ran, finished or failed, the report's
files are the same; a later report on the same code finds the marker file (:data:`MARKER`)
and starts none.

Run as ``python -m simkit.warmup PROGRESS ORDER NAME [NAME ...]``: ``ORDER`` is the report's
sections, comma-separated, and each ``NAME`` is a section to compile, in the helper's order.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from ._compile_cache import CACHE_FOLDER

__all__ = ["COMPILE_HEAVY", "MARKER", "ahead_of_report", "compiled", "mark_compiled", "start", "stop"]

#: Sections whose time on a fresh machine is mostly compiling (``benchmarks/bench_compile.py``),
#: in the order the helper takes them: each before the report gets there, and first those that
#: share the fewest kernels with the sections the report is compiling meanwhile (In-Between's
#: engine and 2-7's exact draw odds share none with the cards and Diablo sections).  The report
#: is usually first at the last few; the helper then skips them.  Sections that a second process
#: runs beside the report (:data:`simkit.report_sections.BESIDE`) are that process's to compile:
#: the report does not hand them to the helper.
COMPILE_HEAVY = (
    "in_between_game_stakes",
    "triple_draw_draw_odds",
    "razz_starts",
    "evening_winners",
    "evening_choice",
    "razz_early_pair",
    "razz_upcards",
    "triple_draw_win_rates",
    "triple_draw_equity",
    "triple_draw_t4_t5",
    "diablo_opening",
)
#: In the kernel cache's folder: a report has run to its end with this code.
MARKER = "report-compiled"
#: The helper's scale: the kernels' argument types do not depend on the sizes.
SCALE = 0.01


def start(names: list[str], progress: Path) -> subprocess.Popen | None:
    """Launch the helper for the report's sections ``names`` (in report order), or None when
    the cache already holds a complete report, fewer than two heavy sections are asked for, or
    the machine has one core.  ``progress`` is the file the report writes each section's name
    to as it starts it."""
    heavy = [n for n in COMPILE_HEAVY if n in names]
    if len(heavy) < 2 or (os.cpu_count() or 1) < 2 or compiled():
        return None
    progress.write_text(names[0])
    env = {**os.environ, "MPLBACKEND": "Agg"}
    order = ",".join(names)
    return subprocess.Popen(
        [sys.executable, "-m", "simkit.warmup", str(progress), order, *heavy],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )


def stop(helper: subprocess.Popen | None) -> None:
    """End the helper (it only fills the cache: nothing of it is waited for)."""
    if helper is not None and helper.poll() is None:
        helper.kill()
        helper.wait()


def compiled() -> bool:
    """Whether a whole report has run with this code (its kernels are in the cache)."""
    return (Path(CACHE_FOLDER) / MARKER).exists()


def mark_compiled() -> None:
    """Record that a whole report ran with this code (no helper for the next one)."""
    try:
        (Path(CACHE_FOLDER) / MARKER).touch()
    except OSError:  # a read-only cache only costs the next report a helper
        pass


def _run(progress: Path, order: list[str], names: list[str]) -> None:
    """The helper: each of ``names`` at :data:`SCALE` on one thread, but those the report
    (whose current section is in ``progress``, in the report ``order``) has reached."""
    try:
        os.nice(5)  # the report's own threads come first
    except OSError:
        pass
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .analysis.registry import ANALYSES, Context
    from .report import discover
    from .runner import defaults

    discover()
    ctx = Context(scale=SCALE, quiet=True)
    with defaults(threads=1):
        for name in names:
            if ahead_of_report(name, progress.read_text().strip(), order):
                ANALYSES[name].func(replace(ctx, analysis=name))
                plt.close("all")


def ahead_of_report(name: str, at: str, order: list[str]) -> bool:
    """Whether the report, now at section ``at`` of ``order``, has yet to reach ``name`` (an
    ``at`` it does not know, a torn read of the progress file, counts as not yet).

    >>> order = ["cards_exact", "diablo_opening", "razz_starts"]
    >>> ahead_of_report("razz_starts", "diablo_opening", order)
    True
    >>> ahead_of_report("diablo_opening", "diablo_opening", order), ahead_of_report("diablo_opening", "", order)
    (False, True)
    """
    return at not in order or order.index(at) < order.index(name)


if __name__ == "__main__":
    _run(Path(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:])
