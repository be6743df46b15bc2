"""A worker process for the fuzz tests: runs ``simkit`` commands and library calls sent to it.

The fuzz tests (``tests/test_fuzz.py``) start one worker and send it one request per line of
standard input, as JSON; it answers each with one line of JSON.  Running the commands in a
separate process lets a test fail, rather than die, when a command crashes the interpreter
(a segmentation fault in a kernel) or never returns (the test kills the worker after a time
bound and starts a new one); keeping the process lets the compiled kernels load once.

Requests:

- ``{"argv": [...]}`` runs ``simkit ARGV`` in-process; the answer holds the exit status
  ``rc``, the text written to standard error ``stderr`` and the ``seconds`` it took.
- ``{"call": "module:function", "args": [...], "kwargs": {...}}`` calls a library function;
  the answer holds ``raised`` (the exception's class name, or ``None``), ``message`` (its
  text, or the traceback of an exception other than ``ValueError``/``TypeError``) and
  ``seconds``.

Examples
--------
>>> answer = handle({"call": "simkit.checks:positive_int", "args": [0, "trials"]})
>>> answer["raised"], answer["message"]
('ValueError', 'trials must be a positive integer, got 0')
>>> handle({"argv": ["eval", "As Ks Qs Js Ts"]})["rc"]
0
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import sys
import time
import traceback


def run_cli(argv: list[str]) -> dict:
    """Run ``simkit argv`` here; the exit status, standard error and the time it took."""
    from simkit.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # what main() let through: a traceback a user would see
            traceback.print_exc()
            rc = 1
    return {"rc": rc, "stderr": err.getvalue(), "seconds": time.perf_counter() - start}


def call(target: str, args: list, kwargs: dict) -> dict:
    """Call ``module:function`` with ``args`` and ``kwargs``; what it raised, if anything."""
    module, _, name = target.partition(":")
    func = getattr(importlib.import_module(module), name)
    start = time.perf_counter()
    raised = message = None
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            func(*args, **kwargs)
        except (ValueError, TypeError) as exc:
            raised, message = type(exc).__name__, str(exc)
        except BaseException as exc:
            raised, message = type(exc).__name__, traceback.format_exc()
    return {"raised": raised, "message": message, "seconds": time.perf_counter() - start}


def handle(request: dict) -> dict:
    """The answer to one request (see the module docstring)."""
    if "argv" in request:
        return run_cli(request["argv"])
    return call(request["call"], request.get("args", []), request.get("kwargs", {}))


def serve() -> None:  # pragma: no cover - run as a process by the fuzz tests
    """Answer requests from standard input until it closes.

    The answers go to the original standard output; file descriptor 1 itself is pointed at
    ``/dev/null`` so that nothing a kernel prints can break the protocol.
    """
    answers = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    for line in sys.stdin:
        answers.write(json.dumps(handle(json.loads(line))) + "\n")
        answers.flush()


if __name__ == "__main__":  # pragma: no cover
    serve()
