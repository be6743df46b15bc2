"""One section of ``simkit report``: run an analysis and write its files; and a second process
that runs the sections whose time is mostly one thread while the report runs the others.

A section is one registered analysis.  :func:`run_section` calls it and writes its tables
(``<table>.csv``) and figures (``<figure>.png``) into the report's staging folder, and returns
a :class:`Section`: what :mod:`simkit.report` needs to assemble ``REPORT.md``, ``tips.csv``
and the manifest (the files' names, the tips, the notes, the seconds).  The files are the same
whichever process writes them: every analysis draws its own random streams from the report's
seed and its own name, and its kernels give the same numbers on any number of threads.

**Beside the report.**  A few sections spend most of their time on one thread (exact
enumerations, pandas, the keep tables: :data:`BESIDE`).  On a machine of two or more cores
whose kernel cache holds a whole report of this code, a second process (:func:`start_beside`)
runs them from the start, while the report's own process runs the others with every core; the
two share the cores, so the machine is busy the whole time instead of one core waiting through
the single-threaded sections (a cached report on two cores, run back to back with the code
before: 92.9 s instead of 122.6 s; ``benchmarks/RESULTS_report.md``).  The
report takes the second process's :class:`Section` records when it has run its own and puts
them in their place.  Not on a fresh machine: there both processes would compile the kernels
and build the tables they share (291 s instead of 227 s, with 524 CPU seconds instead of 410).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import pandas as pd

from .analysis.registry import ANALYSES, AnalysisResult, Context, TipResult

__all__ = ["BESIDE", "Beside", "Section", "beside_names", "run_section", "save_png", "start_beside"]

#: Sections run beside the report by a second process (when it runs more than these): in a
#: cached report their CPU seconds were about their wall seconds (one thread), against 1.5-1.9
#: times for the other sections.
BESIDE = (
    "cards_exact",
    "diablo_draws",
    "diablo_keep_limits",
    "triple_draw_draw_odds",
    "triple_draw_t2_t3",
)


@dataclass
class Section:
    """What one section wrote: its ``tables`` and ``figures`` (file names), ``tips``, ``notes``
    and the ``seconds`` its analysis took."""

    name: str
    seconds: float
    tables: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)
    tips: list[TipResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def save_png(fig, path: Path) -> None:
    """Write ``fig`` as the report writes every figure."""
    fig.savefig(path, dpi=110, bbox_inches="tight", metadata={"Software": None})


def new_file(out: Path, name: str, written: dict) -> Path:
    """``out / name``, refused if the report already has a file of that name."""
    if name in written or name == "manifest.json":
        raise ValueError(f"two outputs of the report are both named {name!r}")
    written[name] = name
    return out / name


def run_section(
    name: str, ctx: Context, out: Path, written: dict, save: Callable[[object, Path], None] = save_png
) -> Section:
    """Run the analysis ``name`` and write its tables and figures into ``out`` (each figure
    through ``save(fig, path)``, after it is taken off pyplot's list of figures)."""
    import matplotlib.pyplot as plt

    start = time.perf_counter()
    result: AnalysisResult = ANALYSES[name].func(replace(ctx, analysis=name))
    section = Section(name, round(time.perf_counter() - start, 2), tips=result.tips, notes=result.notes)
    for tname, df in result.tables.items():
        path = new_file(out, f"{tname}.csv", written)
        df.to_csv(path, index=not isinstance(df.index, pd.RangeIndex))
        section.tables.append(tname)
    for fname, fig in result.figures.items():
        path = new_file(out, f"{fname}.png", written)
        plt.close(fig)
        save(fig, path)
        section.figures.append(fname)
    return section


def _run_beside(names: list[str], ctx: Context, out: Path) -> list[Section]:
    """The second process: each section of ``names`` in turn, quiet."""
    import matplotlib

    matplotlib.use("Agg")
    from .report import discover

    discover()
    written: dict[str, str] = {}
    return [run_section(name, replace(ctx, quiet=True), out, written) for name in names]


class Beside:
    """The second process and the sections it runs (:func:`start_beside`)."""

    def __init__(self, names: list[str], ctx: Context, out: Path) -> None:
        self.names = names
        self._pool = multiprocessing.get_context("spawn").Pool(1)
        self._result = self._pool.apply_async(_run_beside, (names, ctx, out))
        self._pool.close()

    def sections(self) -> list[Section]:
        """Wait for the second process and return its sections (raising what it raised; the
        report then ends the process with :meth:`stop`, as on Ctrl-C)."""
        got = self._result.get()
        self._pool.join()
        return got

    def stop(self) -> None:
        """End the second process at once (the report failed or was interrupted)."""
        self._pool.terminate()
        self._pool.join()


def start_beside(names: list[str], ctx: Context, out: Path) -> Beside | None:
    """Start a second process on the sections of ``names`` that are in :data:`BESIDE`, when it
    helps: the report runs other sections too, on a machine of two or more cores, without a
    Dask cluster (whose workers would take the report's other cores).  None: none started."""
    beside = beside_names(names, ctx)
    return Beside(beside, ctx, out) if beside else None


def beside_names(names: list[str], ctx: Context) -> list[str]:
    """The sections of ``names`` that :func:`start_beside` gives a second process.

    >>> beside_names(["cards_exact", "razz_starts"], Context()) == (["cards_exact"] if os.cpu_count() > 1 else [])
    True
    >>> beside_names(["cards_exact"], Context()), beside_names(["cards_exact", "razz_starts"], Context(workers=2))
    ([], [])
    """
    beside = [n for n in names if n in BESIDE]
    if len(beside) == len(names) or (os.cpu_count() or 1) < 2 or ctx.workers is not None or ctx.scheduler:
        return []
    return beside
