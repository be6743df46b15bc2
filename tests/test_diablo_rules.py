"""Diablo's fixed facts and rules: categories, the agreed Rules and their validation, variants."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.games.diablo.rules import C_CAP, C_JJ_FLOOR, CATEGORIES, VARIANTS, Rules, category_of_strength


def test_category_of_strength_matches_evaluator_names():
    from simkit.hands import category_names

    names = category_names(np.arange(category_of_strength().size), "deuces_wild")
    assert [CATEGORIES[c] for c in category_of_strength()] == names.tolist()


def test_rules_defaults_validation_and_variants():
    r = Rules()
    assert (r.ante, r.before, r.after, r.max_raises, r.stacks) == (1, (1, 5), (2, 10), 4, 100)
    assert r.config()[C_CAP] == 0 and r.config()[C_JJ_FLOOR] > 0
    assert r.seat_stacks(3).tolist() == [100, 100, 100]
    assert Rules(stacks=[5, 0, 7]).stacks == (5, 0, 7)
    for bad, needle in (
        (dict(ante=-1), "ante"),
        (dict(session=0), "session"),
        (dict(max_deals=True), "max_deals"),
        (dict(stacks=-3), "stacks"),
        (dict(stacks=(1.5, 2)), "stacks"),
        (dict(cap="x"), "cap"),
    ):
        with pytest.raises(ValueError, match=needle):
            Rules(**bad)
    with pytest.raises(ValueError, match="one per seat"):
        Rules(stacks=(5, 5)).seat_stacks(3)
    with pytest.raises(ValueError, match="two players"):
        Rules(stacks=(5, 0, 0)).seat_stacks(3)
    assert VARIANTS["standard"] == Rules()
    assert VARIANTS["draw three"].variant == "draw-three"
    assert all(isinstance(v, Rules) for v in VARIANTS.values())
