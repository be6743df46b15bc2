"""The Kelly fraction with the double loss on the post (``kelly.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.games.in_between import expected_log_growth, kelly_fraction


def test_kelly_closed_form_against_numerical_maximum():
    rng = np.random.default_rng(1)
    grid_cases = 0
    for _ in range(300):
        p = rng.dirichlet([2, 1, 2])
        for mult in (2, 3):
            f = kelly_fraction(p[0], p[1], p[2], post_penalty=mult)
            fs = np.linspace(0, 1 / mult, 20001)[:-1]
            g = expected_log_growth(fs, p[0], p[1], p[2], post_penalty=mult)
            best = fs[np.nanargmax(g)]
            ev = p[0] - p[2] - mult * p[1]
            if ev <= 0:
                assert f == 0.0
            else:
                grid_cases += 1
                assert abs(f - best) < 2 / 20000 * 2
                # first-order condition at the closed form
                d = p[0] / (1 + f) - p[2] / (1 - f) - mult * p[1] / (1 - mult * f)
                assert abs(d) < 1e-9
    assert grid_cases > 30
    # no post left: plain even-money Kelly
    assert kelly_fraction(0.7, 0.0, 0.3) == pytest.approx(0.4)
    assert kelly_fraction(1.0, 0.0, 0.0) == 1.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((None, 0.5, 0.5), "p_between must be a probability"),
        ((True, 0.0, 0.0), "p_between must be a probability"),
        ((0.5, 0.5, 0.0, 2.5), "post_penalty must be an integer 1..2"),
        ((0.5, 0.5, 0.0, float("inf")), "post_penalty must be an integer 1..2"),
    ],
)
def test_bad_probabilities_and_penalties_refused(args, message):
    with pytest.raises(ValueError, match=message):
        kelly_fraction(*args)
    with pytest.raises(ValueError, match=message):
        expected_log_growth(0.1, *args)


def test_integer_kelly_stake_checks_its_input():
    """It went to the kernel unchecked (``None`` was a Numba typing error; found by the
    library fuzz); exact fractions still work."""
    from fractions import Fraction

    from simkit.games.in_between import integer_kelly_stake

    assert integer_kelly_stake(Fraction(44, 50), Fraction(6, 50), Fraction(0), chips=100, pot=500) == 32
    with pytest.raises(ValueError, match="p_between must be a probability"):
        integer_kelly_stake(None, 0.5, 0.5, chips=100, pot=10)
    with pytest.raises(ValueError, match="multiplier must be a finite number"):
        integer_kelly_stake(0.9, 0.1, 0.0, chips=100, pot=10, multiplier=-1.0)
    with pytest.raises(ValueError, match="chips must be a non-negative integer"):
        integer_kelly_stake(0.9, 0.1, 0.0, chips=2**64, pot=10)
