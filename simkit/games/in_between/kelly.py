"""The Kelly stake for a bet that wins +1, loses -1, or loses ``m`` (the post) per chip.

The fraction ``f`` of one's own chips that maximises the expected log-bankroll

    g(f) = p_b log(1 + f) + p_o log(1 - f) + p_p log(1 - m f),   0 <= f < 1/m,

solves ``g'(f) = 0``.  Multiplying ``g'`` by ``(1 + f)(1 - f)(1 - m f) > 0`` leaves the quadratic

    m f² - ((1 + m) p_b + (1 - m) p_o) f + EV = 0,   EV = p_b - p_o - m p_p,

whose smaller root is the optimum when ``EV > 0`` (``g'`` falls from ``EV`` at 0 to ``-inf`` at
``1/m``, so it crosses zero once, at the first root).  With no post left (``p_p = 0``) the
``1 - m f`` factor is spurious and ``f = p_b - p_o``.  With ``EV <= 0`` the answer is 0: pass.

Examples
--------
>>> round(kelly_fraction(44/50, 6/50, 0.0), 6)   # spread 11 (A-2), full deck: f = 0.32
0.32
>>> kelly_fraction(16/50, 6/50, 28/50)           # spread 4: negative EV, pass
0.0
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from ...checks import INT_LIMIT, int_in_range
from ...jit import njit

__all__ = ["expected_log_growth", "kelly_fraction"]


@njit(cache=True, inline="always")
def _kelly(p_b, p_p, p_o, mult):
    """Kelly fraction of own chips for win +1 (``p_b``), post -``mult`` (``p_p``), outside -1."""
    ev = p_b - p_o - mult * p_p
    if ev <= 1e-12:  # zero EV (spread 7, full deck) must not become a rounding-error stake
        return 0.0
    if p_p <= 0.0:
        f = p_b - p_o
        return f if f < 1.0 else 1.0
    b = (1.0 + mult) * p_b + (1.0 - mult) * p_o
    disc = b * b - 4.0 * mult * ev
    if disc < 0.0:  # rounding only: the quadratic has a real root in (0, 1/m)
        disc = 0.0
    # the smaller root, written without cancellation: 2 EV / (b + sqrt(disc))
    return 2.0 * ev / (b + math.sqrt(disc))


def _check_probs(p_between: float, p_post: float, p_outside: float, post_penalty=2) -> None:
    """Refuse probabilities outside [0, 1] or not summing to 1, and a post penalty that is not
    a whole number of stakes (1 or more)."""
    for name, p in (("p_between", p_between), ("p_post", p_post), ("p_outside", p_outside)):
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, Real):
            raise ValueError(f"{name} must be a probability in [0, 1], got {p!r}")
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"{name} must lie in [0, 1], got {p!r}")
    if abs(p_between + p_post + p_outside - 1.0) > 1e-9:
        raise ValueError(f"probabilities must sum to 1, got {p_between} + {p_post} + {p_outside}")
    int_in_range(post_penalty, "post_penalty", 1, INT_LIMIT)


def kelly_fraction(p_between: float, p_post: float, p_outside: float, post_penalty: int = 2) -> float:
    """The stake, as a fraction of one's own chips, that maximises expected log-bankroll.

    Parameters
    ----------
    p_between, p_post, p_outside
        Probabilities of the third card falling between, on a post, and outside.
    post_penalty
        Stakes lost on a post: 2 (R-I1), or 3 on the second stake of three posts (R-I4).

    Returns
    -------
    float
        ``f`` in ``[0, 1/post_penalty)`` (``[0, 1]`` when no post card is left); 0 means pass.

    Examples
    --------
    >>> round(kelly_fraction(0.5, 0.1, 0.4, post_penalty=3), 4)
    0.0
    >>> kelly_fraction(0.5, 0.6, 0.1)
    Traceback (most recent call last):
    ...
    ValueError: probabilities must sum to 1, got 0.5 + 0.6 + 0.1
    """
    _check_probs(p_between, p_post, p_outside, post_penalty)
    return float(_kelly(float(p_between), float(p_post), float(p_outside), float(post_penalty)))


def expected_log_growth(
    f, p_between: float, p_post: float, p_outside: float, post_penalty: int = 2
) -> np.ndarray | float:
    """``E log(bankroll after / before)`` when staking the fraction ``f`` of one's chips.

    ``-inf`` where a post would leave nothing (``post_penalty * f >= 1`` with ``p_post > 0``).

    >>> float(expected_log_growth(0.0, 0.3, 0.1, 0.6))
    0.0
    >>> g = expected_log_growth(np.linspace(0, 0.45, 451), 44/50, 6/50, 0.0)
    >>> round(float(np.linspace(0, 0.45, 451)[np.argmax(g)]), 3)
    0.32
    """
    _check_probs(p_between, p_post, p_outside, post_penalty)
    try:
        f = np.asarray(f, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"f must be a fraction or an array of fractions of one's chips, got {f!r}") from None
    with np.errstate(divide="ignore", invalid="ignore"):
        g = p_between * np.log1p(f)
        if p_outside > 0:
            g = g + p_outside * np.log1p(-np.minimum(f, 1.0))
        if p_post > 0:
            g = g + p_post * np.log(np.maximum(1.0 - post_penalty * f, 0.0))
    return float(g) if g.ndim == 0 else g
