"""Run a script of kernel calls in a subprocess with Numba's bounds checks on.

The setting is read when Numba starts, so the calls run in a new interpreter; an index outside
an array then raises ``IndexError`` instead of reading or writing past it.  Used by
``test_boundscheck.py`` and ``test_diablo_draw_equity.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def boundscheck_cache(tmp_path: Path) -> str:
    """A kernel cache of its own for code compiled with the checks: ``boundscheck`` inside
    ``$NUMBA_CACHE_DIR`` (kept between runs), else ``tmp_path``."""
    base = os.environ.get("NUMBA_CACHE_DIR")
    return str(Path(base) / "boundscheck") if base else str(tmp_path)


def assert_in_bounds(script: str, cache: str, timeout: int) -> None:
    """Run ``script`` with the checks on and kernels cached in ``cache``; it must exit 0
    having printed ``in bounds``."""
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": cache, "MPLBACKEND": "Agg"}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=timeout
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "in bounds" in out.stdout
