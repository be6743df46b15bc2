"""The shared part of the outcome tables: chunk_results, card text, hand columns, collect."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simkit.cards import format_cards
from simkit.games.outcomes import card_text, collect, hand_columns, rank_text
from simkit.hands import category_names, describe, evaluate
from simkit.runner import chunk_seed
from simkit.runner.rows import chunk_results


def _draws(k, seed):
    return np.random.default_rng(seed).integers(0, 1000, k)


def test_chunk_results_are_the_runner_chunks_in_order():
    parts = list(chunk_results(_draws, 23, seed=5, chunk_size=4, threads=3))
    assert [i for i, _, _ in parts] == list(range(6))
    assert [first for _, first, _ in parts] == [0, 4, 8, 12, 16, 20]
    for i, _, r in parts:
        assert (r == _draws(r.size, chunk_seed(5, i))).all()


def test_chunk_results_refuse_bad_input():
    with pytest.raises(ValueError, match="chunk_size must be a positive integer"):
        list(chunk_results(_draws, 10, chunk_size=0))


def test_card_text_matches_format_cards():
    rng = np.random.default_rng(1)
    cards = np.array([rng.permutation(52)[:7] for _ in range(50)])
    cards[::3, 5:] = -1
    text = card_text(cards)
    assert text.dtype == "string"
    for row, t in zip(cards, text):
        assert t == format_cards(row[row >= 0])
    assert rank_text(np.array([48, 3])).tolist() == ["A", "2"]
    with pytest.raises(ValueError, match="card 52 is out of range"):
        card_text(np.array([[52, 1]]))


def test_hand_columns_match_the_evaluator():
    rng = np.random.default_rng(2)
    cards = np.array([rng.permutation(52)[:7] for _ in range(40)])
    mask = np.arange(40) % 4 != 0
    hand, cat, s = hand_columns(cards, "ace_to_five", mask)
    want = evaluate(cards[mask], "ace_to_five")
    assert (s[mask] == want).all() and (s[~mask] == -1).all()
    assert cat[mask].tolist() == category_names(want, "ace_to_five").tolist()
    assert hand[mask].tolist() == [describe(v, "ace_to_five") for v in want]
    assert hand[~mask].isna().all() and cat[~mask].isna().all()


def _frame(k, seed):
    x = np.random.default_rng(seed).random(k)
    return pd.DataFrame({"deal": np.arange(k), "x": x, "t": pd.Series(["a"] * k, dtype="string")})


def test_collect_numbers_deals_across_chunks_and_writes_the_same_parquet(tmp_path):
    t = collect(_frame, 11, seed=3, chunk_size=4, threads=2)
    assert t.deal.tolist() == list(range(11))
    p = collect(_frame, 11, seed=3, chunk_size=4, threads=1, path=tmp_path / "t.parquet")
    back = pd.read_parquet(p)
    pd.testing.assert_frame_equal(back, t)


@pytest.mark.parametrize(
    ("kw", "msg"),
    [
        ({"path": "t.csv"}, "path must name a .parquet file"),
        ({"chunk_size": 0}, "chunk_size must be a positive integer"),
    ],
)
def test_collect_refuses_bad_input(kw, msg):
    with pytest.raises(ValueError, match=msg):
        collect(_frame, 5, **kw)
    with pytest.raises(ValueError, match="trials must be a positive integer"):
        collect(_frame, 0)


def test_collect_shows_a_progress_bar_of_the_trials_unless_quiet(monkeypatch, capsys):
    import simkit.runner.progress as progress
    from simkit.games.in_between.outcomes import deals

    monkeypatch.setattr(progress, "DELAY", 0.0)  # the bar shows at once, not after two seconds
    collect(_frame, 11, chunk_size=4, threads=1)
    err = capsys.readouterr().err
    assert "deals" in err and "11.0/11.0" in err
    collect(_frame, 11, chunk_size=4, threads=1, quiet=True)
    assert capsys.readouterr().err == ""
    deals(["kelly", "half_kelly"], 20, seed=1, threads=1, quiet=True)  # the games pass it on
    assert capsys.readouterr().err == ""
    deals(["kelly", "half_kelly"], 20, seed=1, threads=1)
    assert "deals" in capsys.readouterr().err
