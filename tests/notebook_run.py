"""Run a notebook of notebooks/ at a small size and collect what it shows (shared by tests)."""

from __future__ import annotations

import os
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def stored_without_outputs(name: str) -> bool:
    """The committed notebook carries no outputs (they are made by running it)."""
    import nbformat

    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def run_notebook(name: str, env: dict[str, str], timeout: int = 600) -> tuple[int, str]:
    """Execute ``notebooks/<name>`` top to bottom with the variables ``env`` set (for a game
    notebook ``SIMKIT_NB_SCALE``, for tips.ipynb ``SIMKIT_RESULTS``).

    Returns the number of PNG images it displayed and all of its text output (streams, plain
    text, markdown and HTML).  The kernel inherits this process's environment
    (``NUMBA_CACHE_DIR`` included), with a headless matplotlib backend.
    """
    import nbclient
    import nbformat

    env = {**env, "MPLBACKEND": "Agg"}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        nbclient.NotebookClient(
            nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
        ).execute()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    outputs = [o for c in nb.cells for o in c.get("outputs", [])]
    images = sum("image/png" in o.get("data", {}) for o in outputs)
    kinds = ("text/plain", "text/markdown", "text/html")
    text = "\n".join(
        o.get("text", "") + "".join(o.get("data", {}).get(k, "") for k in kinds) for o in outputs
    )
    return images, text
