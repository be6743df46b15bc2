"""Upcard scenarios and dead-card values (upcards.py, tip R3)."""

from __future__ import annotations

from simkit.games.razz.upcards import dead_card_values, upcard_scenarios


def test_upcard_scenarios_go_from_high_to_low():
    sc = upcard_scenarios("As 2d / 4c", 3)
    need = [s["upcards"] for s in sc if s["series"] == "needed"]
    assert need == ["Ks Qs Js", "3s Ks Qs", "3s 5s Ks", "3s 5s 6s"]
    dup = [s["upcards"] for s in sc if s["series"] == "duplicate"]
    assert dup[-1] == "Ah 2s 4s"


def test_dead_card_of_own_rank_helps():
    t = dead_card_values("As 2d / 4c", 1, trials=60_000, seed=2)
    own = t[t.in_start]
    assert (own.value > 0).all()
    assert t.attrs["base"] > 0.5
