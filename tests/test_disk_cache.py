"""simkit.disk_cache: built once, read back, rebuilt when what it was built from changes."""

from __future__ import annotations

import numpy as np

from simkit import disk_cache


def test_arrays_are_built_once_per_key(tmp_path, monkeypatch):
    monkeypatch.setenv("SIMKIT_CACHE_DIR", str(tmp_path))
    calls = []

    def build():
        calls.append(1)
        return {"a": np.arange(3), "b": np.ones((2, 2))}

    first = disk_cache.cached_arrays("t", b"k1", build)
    again = disk_cache.cached_arrays("t", b"k1", build)
    assert len(calls) == 1 and (again["a"] == first["a"]).all() and again["b"].shape == (2, 2)
    disk_cache.cached_arrays("t", b"k2", build)  # another source: built anew, in its own file
    assert len(calls) == 2 and len(list(tmp_path.glob("simkit-t-*.npz"))) == 2


def test_a_broken_or_unwritable_cache_only_costs_time(tmp_path, monkeypatch):
    monkeypatch.setenv("SIMKIT_CACHE_DIR", str(tmp_path / "file"))
    (tmp_path / "file").write_text("not a folder")
    assert disk_cache.cached_arrays("t", b"k", lambda: {"a": np.arange(2)})["a"].tolist() == [0, 1]
    monkeypatch.setenv("SIMKIT_CACHE_DIR", str(tmp_path))
    disk_cache.cached_arrays("t", b"k", lambda: {"a": np.arange(2)})
    (path,) = tmp_path.glob("simkit-t-*.npz")
    path.write_bytes(b"truncated")
    assert disk_cache.cached_arrays("t", b"k", lambda: {"a": np.arange(3)})["a"].tolist() == [0, 1, 2]


def test_the_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("SIMKIT_CACHE_DIR", raising=False)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert disk_cache.cache_folder() == tmp_path
    monkeypatch.setenv("SIMKIT_CACHE_DIR", str(tmp_path / "s"))
    assert disk_cache.cache_folder() == tmp_path / "s"
