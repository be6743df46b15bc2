"""The registry of analyses that ``simkit report`` runs, and the shapes of what they return.

An analysis is a function decorated with :func:`analysis`.  It receives a :class:`Context`
(sizes, seed, runner options) and returns an :class:`AnalysisResult`: named tables, named
figures, and a :class:`TipResult` for every beginner tip of :mod:`simkit.analysis.tips` it
measures.  The report writes ``results/<name>.csv``, ``results/<name>.png`` and one row per tip
in ``results/REPORT.md``.

Examples
--------
>>> @analysis("demo_exact", game="demo")
... def _demo(ctx):
...     return AnalysisResult(tables={"demo_exact": None})
>>> "demo_exact" in ANALYSES
True
>>> del ANALYSES["demo_exact"]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from ..rng import substream

__all__ = ["ANALYSES", "Z", "AnalysisResult", "Context", "TipResult", "Verdict", "analysis", "pyplot"]

Verdict = Literal["holds", "holds with a caveat", "does not hold", "not yet measured"]
GAMES = ("cards", "diablo", "triple_draw", "in_between", "razz", "evening")

#: A difference between two estimates counts when it is more than ``Z`` standard errors.
Z = 3.0


def pyplot():
    """``matplotlib.pyplot``, imported when a figure is drawn.

    The backend is never switched here: ``simkit report`` selects Agg itself, a notebook keeps
    its inline backend, and a script gets matplotlib's default (Agg without a display).
    """
    import matplotlib.pyplot as plt

    return plt


@dataclass(frozen=True)
class Context:
    """What every analysis may use: a scale for its sizes, a seed, and runner options.

    ``scale`` multiplies each analysis's default trial counts (tests use a small one).  The
    report runs each analysis with ``analysis`` set to its name; an analysis draws each of its
    random streams with :meth:`stream`, never from ``seed`` itself.
    """

    scale: float = 1.0
    seed: int = 20261129
    workers: int | None = None
    scheduler: str | None = None
    quiet: bool = False
    analysis: str = ""
    #: every (analysis, roles) handed out by :meth:`stream`, shared by the copies the report makes
    issued: set = field(default_factory=set, compare=False, repr=False)

    def stream(self, *roles: str | int) -> np.random.SeedSequence:
        """The seed of one random stream of this analysis: the substream of ``seed``
        (:func:`simkit.rng.substream`) for the analysis name and ``roles`` (words or
        non-negative integers), so no two analyses, and no two roles, share a stream.  Asking
        twice for the same stream in one report is an error.

        >>> ctx = Context(seed=7, analysis="demo")
        >>> ctx.stream("field", 3).entropy == ctx.stream("field", 4).entropy
        False
        >>> ctx.stream("field", 3)
        Traceback (most recent call last):
        ...
        ValueError: analysis 'demo' asked twice for the stream ('field', 3)
        """
        key = (self.analysis, *roles)
        if key in self.issued:
            raise ValueError(f"analysis {self.analysis!r} asked twice for the stream {roles!r}")
        self.issued.add(key)
        return substream(self.seed, self.analysis, *roles)

    def trials(self, default: int, minimum: int = 1000) -> int:
        """Trials for a job whose full-size default is ``default``."""
        return max(minimum, int(default * self.scale))

    def run_options(self) -> dict[str, Any]:
        """The options of :func:`simkit.runner.run` that the context sets (the seed aside).

        >>> Context(workers=2).run_options()
        {'workers': 2, 'scheduler': None, 'quiet': False}
        """
        return {"workers": self.workers, "scheduler": self.scheduler, "quiet": self.quiet}


@dataclass
class TipResult:
    """One beginner tip, measured.

    ``figure`` is the headline number, ``se`` its standard error (``0.0`` when exact);
    ``table`` and ``plot`` name files in results/ (without extension) that back the verdict.
    """

    tip: str  # "D1" … "R5"
    claim: str
    measure: str  # what figure is reported, in words ("EV per chip at spread 11")
    figure: float
    se: float
    verdict: Verdict
    detail: str = ""
    table: str | None = None
    plot: str | None = None


@dataclass
class AnalysisResult:
    """Tables (pandas DataFrames), figures (matplotlib Figures) and tips of one analysis."""

    tables: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)
    tips: list[TipResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Analysis:
    name: str
    game: str
    func: Callable[[Context], AnalysisResult]
    title: str = ""


#: Every registered analysis by name, in registration order.
ANALYSES: dict[str, Analysis] = {}


def analysis(name: str, *, game: str, title: str = "") -> Callable:
    """Register ``func(ctx) -> AnalysisResult`` as the analysis ``name`` of ``game``."""
    if game not in GAMES and game != "demo":
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")

    def register(func: Callable[[Context], AnalysisResult]) -> Callable:
        ANALYSES[name] = Analysis(name=name, game=game, func=func, title=title or name)
        return func

    return register
