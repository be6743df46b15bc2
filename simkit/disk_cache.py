"""Arrays that take seconds to build, kept on disk between processes.

The folder is ``$SIMKIT_CACHE_DIR``, else ``$NUMBA_CACHE_DIR``, else ``~/.cache/simkit``.  A file
is named by what it holds and a digest of everything it was built from (the building code's
source and the inputs), so a change of either builds it anew and a stale file is never read.
Writes are atomic, and a cache that cannot be written (a read-only home) only costs time.

>>> import tempfile, os
>>> os.environ["SIMKIT_CACHE_DIR"] = tempfile.mkdtemp()
>>> calls = []
>>> def build():
...     calls.append(1)
...     return {"squares": np.arange(4) ** 2}
>>> cached_arrays("demo", b"v1", build)["squares"].tolist()
[0, 1, 4, 9]
>>> cached_arrays("demo", b"v1", build)["squares"].tolist(), len(calls)   # from disk
([0, 1, 4, 9], 1)
>>> del os.environ["SIMKIT_CACHE_DIR"]
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numpy as np

__all__ = ["cache_folder", "cached_arrays", "source_digest"]


def cache_folder() -> Path:
    """The folder of the cached arrays (module docstring)."""
    root = os.environ.get("SIMKIT_CACHE_DIR") or os.environ.get("NUMBA_CACHE_DIR")
    return Path(root) if root else Path.home() / ".cache" / "simkit"


def source_digest(*files: str | Path) -> bytes:
    """A digest of the given source files, to key what their code builds."""
    h = hashlib.sha256()
    for f in files:
        h.update(Path(f).read_bytes())
    return h.digest()


def cached_arrays(name: str, key: bytes, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays ``build()`` returns, from ``<cache folder>/simkit-<name>-<digest of key>.npz``
    when that file holds them; built and written there otherwise."""
    path = cache_folder() / f"simkit-{name}-{hashlib.sha256(key).hexdigest()[:16]}.npz"
    try:
        with np.load(path) as data:
            return {k: data[k] for k in data.files}
    except (OSError, ValueError, KeyError):
        pass
    arrays = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(fd, "wb") as f:
            # cast: numpy's stub lets **kwds fill its allow_pickle: bool, which no name here is
            np.savez(f, **cast("dict[str, Any]", arrays))
        os.replace(tmp, path)  # atomic: a reader sees the old file or the whole new one
    except OSError:
        pass  # a read-only home still works, only slower
    return arrays
