"""Compiled kernels are cached per version of the whole simkit source."""

import os
import subprocess
import sys

import numba

import simkit
from simkit import _compile_cache


def test_numba_cache_folder_is_named_by_the_source_digest():
    digest = _compile_cache.source_digest()
    assert len(digest) == 16
    assert numba.config.CACHE_DIR == _compile_cache.CACHE_FOLDER
    assert os.path.basename(numba.config.CACHE_DIR) == f"simkit-{digest}"


def test_digest_changes_with_any_source_file(tmp_path, monkeypatch):
    """A copy of the package with one byte changed in one file gets another folder."""
    import shutil

    pkg = tmp_path / "simkit"
    shutil.copytree(os.path.dirname(simkit.__file__), pkg, ignore=shutil.ignore_patterns("__pycache__"))
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from simkit._compile_cache import source_digest; print(source_digest())"
    )
    before = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout.strip()
    with open(pkg / "poker" / "pots.py", "a") as f:
        f.write("\n# changed\n")
    after = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert before == _compile_cache.source_digest()
    assert after != before


_EVERY_GAME = """
import warnings
from simkit.games.table import new_table
from simkit.rng import stream_state
from simkit.games.diablo.jobs import hand_kernel as diablo
from simkit.games.in_between.jobs import hand_kernel as in_between
from simkit.games.razz.jobs import hand_kernel as razz
from simkit.games.triple_draw.jobs import hand_kernel as triple_draw

for kernel in (diablo(["trips", "two_pair", "pair"]), in_between(["kelly", "half_kelly"]),
               razz(["tips", "tight"]), triple_draw(["tight", "loose"])):
    table = new_table([100] * (3 if kernel.play.__module__.endswith("diablo.engine") else 2))
    assert kernel(table, stream_state(1)) >= 0
"""


def test_every_game_kernel_is_cached_on_disk():
    """A kernel Numba cannot cache (it holds the address of a Python object, e.g. a function
    passed as an argument) recompiles in every process and warns; none of the games' may."""
    env = dict(os.environ, PYTHONWARNINGS="always")
    out = subprocess.run(
        [sys.executable, "-c", _EVERY_GAME], capture_output=True, text=True, env=env, timeout=900
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Cannot cache" not in out.stderr, out.stderr[-2000:]
