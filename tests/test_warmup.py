"""simkit.warmup: the helper that compiles a fresh machine's report kernels on the second core."""

from __future__ import annotations

import hashlib

import pytest

from simkit import report, warmup
from simkit.analysis.registry import Context

#: Two cheap sections standing in for the heavy ones.
CHEAP = ["in_between_odds", "in_between_dealer"]


def _digests(folder):
    """Every file's digest but the manifest's (which holds the seconds each section took)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.name != "manifest.json"
    }


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """A kernel-cache folder without the marker, and the cheap sections as the heavy ones."""
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setattr(warmup, "CACHE_FOLDER", str(folder))
    monkeypatch.setattr(warmup, "COMPILE_HEAVY", tuple(CHEAP))
    report.discover()
    return folder


def test_no_helper_once_a_report_is_compiled_or_with_one_heavy_section(fresh_cache, tmp_path, monkeypatch):
    progress = tmp_path / "progress"
    assert warmup.start(["cards_exact", CHEAP[0]], progress) is None  # one heavy section
    with monkeypatch.context() as m:
        m.setattr(warmup.os, "cpu_count", lambda: 1)
        assert warmup.start(CHEAP, progress) is None  # one core
    warmup.mark_compiled()
    assert (fresh_cache / warmup.MARKER).exists()
    assert warmup.start(CHEAP, progress) is None  # the cache has seen a whole report


def test_the_helper_runs_and_the_report_is_the_same(fresh_cache, tmp_path):
    plain, ahead = tmp_path / "plain", tmp_path / "ahead"
    report.generate(plain, ctx=Context(scale=0.01, quiet=True), only=CHEAP)
    helper = warmup.start(CHEAP, tmp_path / "progress")
    assert helper is not None and helper.wait(timeout=600) == 0  # the helper alone, to its end
    # and a report with a helper beside it (started anew: the marker is still missing)
    report.generate(ahead, ctx=Context(scale=0.01, quiet=True), only=CHEAP, compile_ahead=True)
    assert _digests(plain) == _digests(ahead) and len(_digests(plain)) > 3
    assert not (fresh_cache / warmup.MARKER).exists()  # only a whole report marks the cache


def test_the_helper_skips_what_the_report_has_reached():
    order = ["cards_exact", *CHEAP]
    assert [n for n in CHEAP if warmup.ahead_of_report(n, "cards_exact", order)] == CHEAP
    assert [n for n in CHEAP if warmup.ahead_of_report(n, CHEAP[0], order)] == [CHEAP[1]]
    assert [n for n in CHEAP if warmup.ahead_of_report(n, CHEAP[1], order)] == []
    assert [n for n in CHEAP if warmup.ahead_of_report(n, "", order)] == CHEAP  # a torn read
