"""The rank-model keep table against the exact solver."""

from __future__ import annotations

import pytest

from simkit.games.triple_draw.keep_table import keep_table
from simkit.games.triple_draw.solver import draw_odds


def test_rank_model_table_is_exact_without_flushes():
    # kept 2-4-5 of mixed suits, the discards high: the rank model has nothing to ignore
    exact = draw_odds("5s 4h 2d Kc Qs", "5s 4h 2d", 1, ["8"]).probability[0]
    assert keep_table().value[6, 1, 0b1101] == pytest.approx(exact, abs=1e-12)
