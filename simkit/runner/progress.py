"""The progress bar of a Monte Carlo job: trials done, trials/s and time left, on stderr.

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
"""

from __future__ import annotations

import sys

from tqdm import tqdm

__all__ = ["DELAY", "progress_bar"]

#: Seconds a job runs before its bar appears.
DELAY = 2.0


def progress_bar(total: int, name: str, *, initial: int = 0, quiet: bool = False) -> tqdm:
    """A tqdm bar counting trials of job ``name`` (``initial`` already done, e.g. resumed)."""
    return tqdm(
        total=total,
        initial=initial,
        desc=name,
        unit=" trials",
        unit_scale=True,
        delay=DELAY,
        disable=quiet,
        file=sys.stderr,
        dynamic_ncols=True,
        smoothing=0.1,
    )
