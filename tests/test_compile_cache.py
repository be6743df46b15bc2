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
    shutil.copytree(os.path.dirname(simkit.__file__), pkg,
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from simkit._compile_cache import source_digest; print(source_digest())"
    )
    before = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                            text=True, check=True).stdout.strip()
    with open(pkg / "poker" / "pots.py", "a") as f:
        f.write("\n# changed\n")
    after = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                           text=True, check=True).stdout.strip()
    assert before == _compile_cache.source_digest()
    assert after != before
