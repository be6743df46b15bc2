"""No two analyses of the report share a random stream (issue: seeds derived without collisions).

Every analysis draws its streams from ``Context.stream(*roles)``: a substream of the report's
seed keyed by the analysis name and the roles.  The report names each analysis, a role asked
twice is an error, and no analysis module touches the seed itself or adds to a seed.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from simkit.analysis.registry import ANALYSES, AnalysisResult, Context, analysis
from simkit.report import discover, generate
from simkit.rng import substream
from simkit.runner.chunks import chunk_seed

SIMKIT = Path(__file__).resolve().parent.parent / "simkit"


def _state(seed) -> tuple:
    return tuple(np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key).generate_state(4))


def test_no_analysis_reads_the_seed_itself_or_adds_to_one():
    offenders = []
    for path in sorted((SIMKIT / "analysis").glob("*.py")) + sorted((SIMKIT / "games").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(r"ctx\.seed\b", line) or re.search(r"seed\s*\+\s*\w", line):
                offenders.append(f"{path.relative_to(SIMKIT)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_analysis_names_have_distinct_keys():
    discover()
    keys = {zlib.crc32(name.encode()) for name in ANALYSES}
    assert len(keys) == len(ANALYSES)


def test_streams_differ_by_analysis_role_and_chunk():
    a, b = Context(seed=3, analysis="one"), Context(seed=3, analysis="two")
    seeds = [a.stream("x"), a.stream("x", 1), a.stream("y"), b.stream("x"), b.stream(1), substream(3)]
    seeds += [chunk_seed(s, i) for s in seeds[:3] for i in range(3)]
    seeds += [chunk_seed(3, i) for i in range(3)]
    states = [_state(s) for s in seeds]
    assert len(set(states)) == len(states)


def test_asking_twice_for_one_stream_is_an_error_across_the_report(tmp_path):
    seen = []

    @analysis("test_streams_a", game="demo")
    def _a(ctx):
        seen.append(ctx.analysis)
        ctx.stream("x")
        return AnalysisResult()

    @analysis("test_streams_b", game="demo")
    def _b(ctx):
        seen.append(ctx.analysis)
        ctx.stream("x")  # the same role in another analysis: another stream
        ctx.stream("x")
        return AnalysisResult()

    try:
        with pytest.raises(ValueError, match="'test_streams_b' asked twice for the stream"):
            generate(tmp_path / "out", ctx=Context(quiet=True), only=["test_streams_a", "test_streams_b"])
    finally:
        del ANALYSES["test_streams_a"], ANALYSES["test_streams_b"]
    assert seen == ["test_streams_a", "test_streams_b"]


def test_the_context_copies_share_what_they_issued():
    ctx = Context(seed=1)
    one = replace(ctx, analysis="p")
    one.stream("r")
    with pytest.raises(ValueError):
        replace(ctx, analysis="p").stream("r")
