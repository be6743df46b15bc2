"""Run a notebook of notebooks/ at a small size and collect what it shows (shared by tests)."""

from __future__ import annotations

import os
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TESTS = Path(__file__).resolve().parent

#: Run first by ``run_notebook(..., check_se=True)``: every figure the notebook draws is checked
#: with :func:`figure_se.missing_se` as it is rendered (whatever the cell), and the last cell
#: prints what is missing.
SE_CHECK_FIRST = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
import matplotlib.backend_bases
from figure_se import missing_se

SE_MISSING = []
SE_CHECKED = []
_print_figure = matplotlib.backend_bases.FigureCanvasBase.print_figure


def _checked_print_figure(self, *args, **kwargs):
    fig = self.figure
    SE_CHECKED.append(id(fig))
    title = fig._suptitle.get_text() if fig._suptitle is not None else ""
    SE_MISSING.extend(f"figure {{title or [ax.get_title() for ax in fig.axes]}}: {{m}}" for m in missing_se(fig))
    return _print_figure(self, *args, **kwargs)


matplotlib.backend_bases.FigureCanvasBase.print_figure = _checked_print_figure
"""
SE_CHECK_LAST = "print('SE-CHECKED', len(set(SE_CHECKED)), 'SE-MISSING', sorted(set(SE_MISSING)))"


def stored_without_outputs(name: str) -> bool:
    """The committed notebook carries no outputs (they are made by running it)."""
    import nbformat

    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def run_notebook(
    name: str, env: dict[str, str], timeout: int = 600, check_se: bool = False
) -> tuple[int, str]:
    """Execute ``notebooks/<name>`` top to bottom with the variables ``env`` set (for a game
    notebook ``SIMKIT_NB_SCALE``, for tips.ipynb ``SIMKIT_RESULTS``).

    Returns the number of PNG images it displayed and all of its text output (streams, plain
    text, markdown and HTML).  The kernel inherits this process's environment
    (``NUMBA_CACHE_DIR`` included), with a headless matplotlib backend.  ``check_se``: a cell
    run before the notebook's checks every figure it renders for its standard errors
    (:mod:`figure_se`), and one after it prints ``SE-CHECKED <figures> SE-MISSING [...]``.
    """
    import nbclient
    import nbformat

    env = {**env, "MPLBACKEND": "Agg"}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        if check_se:
            nb.cells.insert(0, nbformat.v4.new_code_cell(SE_CHECK_FIRST))
            nb.cells.append(nbformat.v4.new_code_cell(SE_CHECK_LAST))
        nbclient.NotebookClient(
            nb,
            timeout=timeout,
            kernel_name="python3",
            resources={"metadata": {"path": str(NOTEBOOKS)}},
            # a cell's printed output may come well after its reply on a loaded machine (the
            # default 4 s then drops it silently): wait for it, and fail loudly if it never comes
            iopub_timeout=60,
            raise_on_iopub_timeout=True,
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
