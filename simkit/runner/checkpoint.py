"""Checkpoints: one atomically written file per finished chunk, under a manifest.

A checkpoint directory holds ``manifest.json`` (job name, parameters, seed, trials, chunk size,
simkit version) and ``chunk-<index>.npz`` for every finished chunk.  Every file is written to a
temporary name and moved into place with :func:`os.replace`, so a run killed at any moment
leaves only whole files.  A directory whose manifest describes another job, other parameters
or another seed is refused, never mixed in.  Each chunk file also records the fingerprint of
the manifest, its chunk index and its chunk's seed; a chunk file that does not match them, or
that is truncated, empty or unreadable, is refused with one line naming the file.

Examples
--------
>>> import tempfile
>>> d = tempfile.mkdtemp()
>>> cp = Checkpoint.open(d, {"job": "demo", "seed": 1, "trials": 10})
>>> cp.save(0, {"hits": np.array([3])})
>>> cp.done()
[0]
>>> Checkpoint.open(d, {"job": "demo", "seed": 1, "trials": 10}).load(0)["hits"]
array([3])
>>> Checkpoint.open(d, {"job": "demo", "seed": 2, "trials": 10})
Traceback (most recent call last):
...
ValueError: checkpoint ... was made with seed 1, not 2; use another --checkpoint directory or delete this one
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import signal
import tempfile
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import numpy as np

__all__ = ["Checkpoint", "ctrl_c_held"]

_MANIFEST = "manifest.json"
_CHUNK_RE = re.compile(r"^chunk-(\d+)\.npz$")
# What a chunk file records beside the job's result (no job result has these names).
_FINGERPRINT, _INDEX, _SEED = "_checkpoint_fingerprint", "_checkpoint_index", "_checkpoint_seed"


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) until the block ends, then deliver it.

    A KeyboardInterrupt raised inside ``zipfile`` turns into a ValueError while the archive
    closes, which would read as bad input; a checkpoint file takes milliseconds to write or
    read, so the interrupt waits for it instead.  Outside the main thread there is no
    handler to swap, and nothing is held.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, None)  # the default handler raises KeyboardInterrupt
            elif previous != signal.SIG_IGN:
                raise KeyboardInterrupt


@ctrl_c_held()
def _atomic_write(path: Path, write) -> None:
    """Call ``write(fileobj)`` on a temporary file beside ``path``, then rename it to ``path``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class Checkpoint:
    """A checkpoint directory bound to one manifest; use :meth:`open`."""

    def __init__(self, path: Path, manifest: dict) -> None:
        self.path = path
        self.manifest = manifest

    @classmethod
    def open(cls, directory: str | os.PathLike, manifest: dict) -> Checkpoint:
        """Open (or create) ``directory`` for a run described by ``manifest``.

        Raises
        ------
        ValueError
            If the directory holds a manifest that differs from ``manifest``, or is not a
            directory.
        """
        path = Path(directory)
        if path.exists() and not path.is_dir():
            raise ValueError(f"checkpoint {str(path)!r} exists and is not a directory")
        path.mkdir(parents=True, exist_ok=True)
        # JSON round trip so that tuples and lists, ints and floats compare as stored.
        manifest = json.loads(json.dumps(manifest, sort_keys=True))
        mpath = path / _MANIFEST
        if mpath.exists():
            try:
                stored = json.loads(mpath.read_text())
            except (OSError, ValueError) as exc:
                raise ValueError(f"checkpoint {str(path)!r} has an unreadable manifest: {exc}") from None
            if stored != manifest:
                raise ValueError(_mismatch(path, stored, manifest))
        else:
            stale = [p.name for p in path.iterdir() if _CHUNK_RE.match(p.name)]
            if stale:
                raise ValueError(
                    f"checkpoint {str(path)!r} holds chunk files but no manifest; "
                    "use another --checkpoint directory or delete this one"
                )
            text = json.dumps(manifest, sort_keys=True, indent=1).encode()
            _atomic_write(mpath, lambda f: f.write(text))
        for leftover in path.glob(".*.tmp"):  # from a run killed while writing
            leftover.unlink(missing_ok=True)
        return cls(path, manifest)

    def _chunk_path(self, index: int) -> Path:
        return self.path / f"chunk-{index:06d}.npz"

    def done(self) -> list[int]:
        """Indices of the chunks already written, in order."""
        found = (_CHUNK_RE.match(p.name) for p in self.path.iterdir())
        return sorted(int(m.group(1)) for m in found if m)

    def _stamp(self, index: int) -> dict[str, Any]:  # arrays and an int64
        """The fingerprint, index and chunk seed a chunk file of this run records."""
        text = json.dumps(self.manifest, sort_keys=True).encode()
        seed = self.manifest.get("seed")
        if isinstance(seed, int) or (isinstance(seed, list) and seed):
            key = (*self.manifest.get("spawn_key", []), index)
            state = np.random.SeedSequence(seed, spawn_key=key).generate_state(4)
        else:  # a run without a reproducible seed: its index and fingerprint still tell
            state = np.zeros(4, dtype=np.uint32)
        return {
            _FINGERPRINT: np.frombuffer(hashlib.sha256(text).digest(), dtype=np.uint8),
            _INDEX: np.int64(index),
            _SEED: state,
        }

    def save(self, index: int, result: dict[str, np.ndarray]) -> None:
        """Write chunk ``index``'s result atomically, with what identifies the chunk."""
        arrays = {k: np.asarray(v) for k, v in result.items()}
        arrays.update(self._stamp(index))
        # cast: numpy's stub lets **kwds fill its allow_pickle: bool, which no name here is
        _atomic_write(self._chunk_path(index), lambda f: np.savez(f, **cast("dict[str, Any]", arrays)))

    def load(self, index: int) -> dict[str, np.ndarray]:
        """Read chunk ``index``'s result back, exactly as saved.

        Raises
        ------
        ValueError
            If the file is truncated, empty or unreadable, or was written for another chunk
            or another run.
        """
        path = self._chunk_path(index)
        try:
            with ctrl_c_held(), np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile) as exc:
            raise ValueError(
                f"checkpoint file {str(path)!r} is truncated or unreadable ({type(exc).__name__}); "
                "delete it and run again"
            ) from None
        stamp = self._stamp(index)
        for key, want in stamp.items():
            got = arrays.pop(key, None)
            if got is None or got.shape != want.shape or not (got == want).all():
                what = {_FINGERPRINT: "another run", _INDEX: "another chunk", _SEED: "another seed"}[key]
                raise ValueError(
                    f"checkpoint file {str(path)!r} was written for {what}; "
                    "delete it or use another --checkpoint directory"
                )
        return arrays


def _mismatch(path: Path, stored: dict, wanted: dict) -> str:
    for key in sorted(set(stored) | set(wanted)):
        if stored.get(key) != wanted.get(key):
            return (
                f"checkpoint {str(path)!r} was made with {key} {_show(stored.get(key))}, "
                f"not {_show(wanted.get(key))}; use another --checkpoint directory or delete this one"
            )
    return f"checkpoint {str(path)!r} was made for another run"  # pragma: no cover


def _show(value) -> str:
    return "(none)" if value is None else json.dumps(value, sort_keys=True)
