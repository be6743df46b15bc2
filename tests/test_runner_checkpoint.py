"""Checkpoint chunk files are verified: a wrong, truncated or empty file is refused by name."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from simkit.runner import run
from simkit.runner.checkpoint import Checkpoint
from simkit.runner.demo import UniformJob

RUN = dict(seed=3, chunk_size=1000, quiet=True, threads=1)


@pytest.fixture
def finished(tmp_path):
    """A checkpoint of a finished 4-chunk run, and that run's totals."""
    cp = tmp_path / "cp"
    totals = run(UniformJob(), 4000, checkpoint=cp, **RUN)
    return cp, totals


def test_a_resumed_run_reads_its_own_chunks(finished):
    cp, totals = finished
    again = run(UniformJob(), 4000, checkpoint=cp, **RUN)
    assert all((again[k] == totals[k]).all() for k in totals)
    assert "_checkpoint_index" not in again


@pytest.mark.parametrize("damage", ["truncated", "empty", "garbage"])
def test_a_damaged_chunk_file_is_refused_by_name(finished, damage):
    cp, _ = finished
    f = cp / "chunk-000002.npz"
    data = f.read_bytes()
    f.write_bytes({"truncated": data[: len(data) // 2], "empty": b"", "garbage": b"x" * 100}[damage])
    with pytest.raises(ValueError, match=r"checkpoint file '.*chunk-000002\.npz' is truncated or unreadable"):
        run(UniformJob(), 4000, checkpoint=cp, **RUN)


def test_a_chunk_file_of_another_chunk_is_refused(finished):
    cp, _ = finished
    shutil.copy(cp / "chunk-000001.npz", cp / "chunk-000002.npz")
    with pytest.raises(ValueError, match=r"chunk-000002\.npz' was written for another chunk"):
        run(UniformJob(), 4000, checkpoint=cp, **RUN)


def test_a_chunk_file_of_another_run_is_refused(finished, tmp_path):
    cp, _ = finished
    other = tmp_path / "other"
    run(UniformJob(), 4000, checkpoint=other, **{**RUN, "seed": 4})
    shutil.copy(other / "chunk-000003.npz", cp / "chunk-000003.npz")
    with pytest.raises(ValueError, match=r"chunk-000003\.npz' was written for another run"):
        run(UniformJob(), 4000, checkpoint=cp, **RUN)


def test_a_chunk_file_without_a_stamp_is_refused(tmp_path):
    manifest = {"job": "demo", "seed": 1, "spawn_key": [], "trials": 10}
    cp = Checkpoint.open(tmp_path, manifest)
    np.savez(cp.path / "chunk-000000.npz", hits=np.array([3]))  # written by something else
    with pytest.raises(ValueError, match="was written for another run"):
        cp.load(0)
    cp.save(0, {"hits": np.array([3])})
    assert cp.load(0)["hits"].tolist() == [3]
