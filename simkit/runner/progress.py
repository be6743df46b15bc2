"""The progress bar of a Monte Carlo job: trials done, trials/s and time left, on stderr.

A run to a target SE has no fixed length: its bar shows the worst SE of the merged chunks
against the target (:func:`show_se`) and, as its total, the trials the target will take if
the SE keeps falling as ``1/sqrt(trials)``.

The bar appears only once a job has run for :data:`DELAY` seconds, so short jobs stay silent;
``quiet=True`` turns it off altogether.

Examples
--------
>>> import io, contextlib
>>> err = io.StringIO()
>>> with contextlib.redirect_stderr(err), progress_bar(1000, "demo", quiet=True) as bar:
...     bar.update(1000)
>>> err.getvalue()
''
>>> bar = progress_bar(None, "demo", quiet=True)
>>> show_se(bar, 0.02, 0.01, 1000, 10**9)
>>> bar.postfix, bar.total
('worst SE 0.02 > target 0.01', 4000)
"""

from __future__ import annotations

import math
import sys

from tqdm import tqdm

__all__ = ["DELAY", "progress_bar", "show_se"]

#: Seconds a job runs before its bar appears.
DELAY = 2.0


def progress_bar(
    total: int | None, name: str, *, initial: int = 0, quiet: bool = False, unit: str = " trials"
) -> tqdm:
    """A tqdm bar counting trials (or ``unit``) of job ``name`` (``initial`` already done, e.g.
    resumed; ``total`` ``None`` while unknown, as in a run to a target SE)."""
    return tqdm(
        total=total,
        initial=initial,
        desc=name,
        unit=unit,
        unit_scale=True,
        delay=DELAY,
        disable=quiet,
        file=sys.stderr,
        dynamic_ncols=True,
        smoothing=0.1,
    )


def show_se(bar: tqdm, se: float, target: float, trials: int, max_trials: int) -> None:
    """Show the worst SE ``se`` after ``trials`` merged trials against ``target`` on ``bar``,
    and as its total the trials the target needs at this rate (at most ``max_trials``)."""
    sign = "<=" if se <= target else ">"
    bar.set_postfix_str(f"worst SE {se:.3g} {sign} target {target:.3g}", refresh=False)
    if math.isfinite(se) and se > 0:
        need = max(trials, math.ceil(trials * (se / target) ** 2))
        bar.total = min(max_trials, need)
