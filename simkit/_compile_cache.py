"""Where Numba keeps simkit's compiled kernels: one folder per version of the source.

Numba recompiles a cached kernel only when the file that defines it changes, not when a
function it calls changes in another file, so after an update a game kernel could run a stale
copy of the betting engine.  simkit therefore points Numba's cache at a subfolder named by a
digest of every simkit source file: any change to any file gives a fresh folder.

The root is ``NUMBA_CACHE_DIR`` when set, else ``~/.cache/simkit/numba``.  This module must be
imported before any module that defines a kernel: :mod:`simkit.jit`, through which every kernel
is compiled, imports it first.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba


def source_digest() -> str:
    """A digest of every ``.py`` file of the simkit package (names and contents)."""
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def configure() -> str:
    """Point Numba's cache at this source version's folder and return that folder."""
    base = os.environ.get("NUMBA_CACHE_DIR") or str(Path.home() / ".cache" / "simkit" / "numba")
    folder = os.path.join(base, f"simkit-{source_digest()}")
    # numba.config makes its settings (CACHE_DIR too) globals at run time, so mypy never sees them
    numba.config.CACHE_DIR = folder  # type: ignore[attr-defined]
    return folder


CACHE_FOLDER = configure()
