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


def test_upcard_studies_take_rules(monkeypatch):
    """``rules=`` reaches every equity both studies compute (default: Razz)."""
    import pandas as pd

    from simkit.games.razz import upcards
    from simkit.games.razz.rules import Rules

    seen = []

    def fake_equity(hands, dead=None, *, rules=None, **kw):
        seen.append(rules)
        return pd.DataFrame({"equity": [0.5] * len(hands), "se": [0.01] * len(hands)})

    monkeypatch.setattr(upcards, "equity", fake_equity)
    stud = Rules(variant="stud-high")
    upcards.upcard_effect("As 2d / 4c", 2, rules=stud, trials=10)
    upcards.dead_card_values("As 2d / 4c", 1, rules=stud, trials=10)
    assert seen and all(r is stud for r in seen)
    seen.clear()
    upcards.upcard_effect("As 2d / 4c", 1, trials=10)
    assert seen and all(r is None for r in seen)
