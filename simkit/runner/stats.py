"""Estimates with standard errors from the summable totals that Monte Carlo chunks return.

Every Monte Carlo figure carries its standard error: a proportion from a count, a mean from a
sum and a sum of squares, and a normal-approximation confidence interval around either.

Examples
--------
>>> p, se = proportion(250, 1000)
>>> round(p, 3), round(se, 4)
(0.25, 0.0137)
>>> m, se = mean_se(10.0, 30.0, 4)
>>> m, round(se, 4)
(2.5, 0.6455)
>>> lo, hi = confidence_interval(0.25, 0.0137)
>>> round(lo, 3), round(hi, 3)
(0.223, 0.277)
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np

__all__ = ["confidence_interval", "control_variate", "mean_se", "proportion", "worst", "z_score"]


def _check_n(n) -> np.ndarray:
    n_arr = np.asarray(n, dtype=np.float64)
    if (n_arr <= 0).any():
        raise ValueError(f"number of trials must be positive, got {n!r}")
    return n_arr


def proportion(count, n) -> tuple:
    """The estimated probability ``count / n`` and its standard error ``sqrt(p (1 - p) / n)``.

    Works elementwise on arrays (a histogram of counts over one ``n``).

    Parameters
    ----------
    count
        Number of successes (scalar or array).
    n
        Number of trials (> 0).

    Returns
    -------
    p, se
        Floats, or float arrays of ``count``'s shape.

    Examples
    --------
    >>> p, se = proportion(np.array([0, 5, 10]), 10)
    >>> p.tolist(), se.round(3).tolist()
    ([0.0, 0.5, 1.0], [0.0, 0.158, 0.0])
    >>> proportion(1, 0)
    Traceback (most recent call last):
    ...
    ValueError: number of trials must be positive, got 0
    """
    n_arr = _check_n(n)
    c = np.asarray(count, dtype=np.float64)
    if (c < 0).any() or (c > n_arr).any():
        raise ValueError(f"count must lie in 0..n, got count={count!r}, n={n!r}")
    p = c / n_arr
    se = np.sqrt(p * (1.0 - p) / n_arr)
    if p.ndim == 0:
        return float(p), float(se)
    return p, se


def mean_se(total, total_sq, n) -> tuple:
    """The sample mean and its standard error from a sum, a sum of squares and a count.

    Uses the unbiased variance ``(total_sq - n mean^2) / (n - 1)``; with ``n == 1`` the
    standard error is ``nan`` (unknown).

    Examples
    --------
    >>> m, se = mean_se(np.array([4.0, 0.0]), np.array([8.0, 2.0]), 2)
    >>> m.tolist(), se.tolist()
    ([2.0, 0.0], [0.0, 1.0])
    """
    n_arr = _check_n(n)
    t = np.asarray(total, dtype=np.float64)
    mean = t / n_arr
    with np.errstate(invalid="ignore", divide="ignore"):
        var = (np.asarray(total_sq, dtype=np.float64) - n_arr * mean * mean) / (n_arr - 1.0)
    se = np.sqrt(np.maximum(var, 0.0) / n_arr)
    if mean.ndim == 0:
        return float(mean), float(se)
    return mean, se


#: The fewest trials per fitted coefficient (covariates and the mean) before
#: :func:`control_variate` fits any: below it the plain mean is returned.
CV_MIN_TRIALS_PER_COEF = 24


def control_variate(n, total, total_sq, x, xx, xy, mean_x) -> tuple:
    """The means of ``k`` outputs ``Y`` and their standard errors, with ``p`` control variates:
    covariates ``X`` measured on every trial whose exact means ``mean_x`` are known.

    The regression estimator: ``mean(Y) - beta' (mean(X) - mean_x)`` with ``beta`` the
    least-squares coefficients of ``Y`` on ``X`` from the same trials, and the standard error
    of the residuals', ``sqrt(SS_res / (n - 1 - r) / n)`` (``r`` the rank of the fitted
    covariates), widened by ``sqrt((n - 2) / (n - r - 2))`` for the fitted coefficients (exact
    for normal errors).  Where ``Y`` and ``X`` are correlated this is far below the plain mean's (a
    correlation ``rho`` leaves ``1 - rho^2`` of the variance); with uncorrelated covariates it is
    about the same.  Every input is a sum over the trials, so chunk totals add up to it in any
    grouping.  A covariate that did not vary over the trials is left out (its coefficient 0);
    with fewer than :data:`CV_MIN_TRIALS_PER_COEF` trials per coefficient none is fitted (the
    plain mean and :func:`mean_se`).  The estimate's bias is of order ``1 / n``.

    Parameters
    ----------
    n
        Number of trials (> 0).
    total, total_sq
        Sums of ``Y`` and of ``Y**2`` over the trials, shape ``(k,)``.
    x, xx, xy
        Sums of ``X`` (``(p,)``), of ``X X'`` (``(p, p)``) and of ``X Y'`` (``(p, k)``).
    mean_x
        The exact means of the covariates, ``(p,)``.

    Returns
    -------
    estimate, se
        Float arrays of shape ``(k,)``.

    Examples
    --------
    Y = 2 X + a small noise, X's mean known to be 0.5: the estimate removes the sampling error
    of X.

    >>> rng = np.random.default_rng(0)
    >>> X = rng.random((400, 1))
    >>> Y = 2 * X + 0.01 * rng.standard_normal((400, 1))
    >>> est, se = control_variate(400, Y.sum(0), (Y * Y).sum(0), X.sum(0), X.T @ X, X.T @ Y, [0.5])
    >>> plain, plain_se = mean_se(Y.sum(0), (Y * Y).sum(0), 400)
    >>> round(float(est[0]), 3), bool(se[0] < plain_se[0] / 50)
    (1.0, True)
    >>> control_variate(400, Y.sum(0), (Y * Y).sum(0), X.sum(0), X.T @ X, X.T @ Y, [0.5, 0.5])
    Traceback (most recent call last):
    ...
    ValueError: control_variate needs one mean per covariate: 1 covariates, 2 means
    """
    nf = float(_check_n(n))
    y = np.asarray(total, dtype=np.float64)
    yy = np.asarray(total_sq, dtype=np.float64)
    sx = np.asarray(x, dtype=np.float64)
    mu = np.asarray(mean_x, dtype=np.float64)
    if mu.shape != sx.shape:
        raise ValueError(
            f"control_variate needs one mean per covariate: {sx.size} covariates, {mu.size} means"
        )
    xbar = sx / nf
    ybar = y / nf
    sxx = np.asarray(xx, dtype=np.float64) - nf * np.outer(xbar, xbar)
    sxy = np.asarray(xy, dtype=np.float64) - nf * np.outer(xbar, ybar)
    syy = yy - nf * ybar * ybar
    raw = np.diag(np.asarray(xx, dtype=np.float64))
    varied = np.diag(sxx) > 1e-12 * np.maximum(raw, 1e-300)  # constant columns: cancellation only
    if nf < CV_MIN_TRIALS_PER_COEF * (int(varied.sum()) + 1) or not varied.any():
        return mean_se(y, yy, nf)
    d = np.sqrt(np.diag(sxx)[varied])
    z = sxx[np.ix_(varied, varied)] / np.outer(d, d)  # standardised: a correlation matrix
    b, _, rank, _ = np.linalg.lstsq(z, sxy[varied] / d[:, None], rcond=1e-10)
    beta = b / d[:, None]
    estimate = ybar - beta.T @ (xbar[varied] - mu[varied])
    ss_res = np.maximum(syy - (sxy[varied] * beta).sum(axis=0), 0.0)
    # the residual variance, and the estimate's, widened for the fitted coefficients
    # (``(n - 2) / (n - r - 2)``: exact for normal errors)
    se = np.sqrt(ss_res / (nf - 1.0 - rank) / nf * (nf - 2.0) / (nf - rank - 2.0))
    return estimate, se


def confidence_interval(estimate, se, level: float = 0.95) -> tuple:
    """The two-sided normal-approximation interval ``estimate ± z se`` at ``level``.

    Examples
    --------
    >>> lo, hi = confidence_interval(1.0, 0.5, level=0.6827)
    >>> round(lo, 3), round(hi, 3)
    (0.5, 1.5)
    >>> confidence_interval(1.0, 0.5, level=1.0)
    Traceback (most recent call last):
    ...
    ValueError: level must lie strictly between 0 and 1, got 1.0
    """
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must lie strictly between 0 and 1, got {level!r}")
    z = NormalDist().inv_cdf(0.5 + level / 2.0)
    lo = np.asarray(estimate, dtype=np.float64) - z * np.asarray(se, dtype=np.float64)
    hi = np.asarray(estimate, dtype=np.float64) + z * np.asarray(se, dtype=np.float64)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def z_score(estimate, se, expected) -> np.ndarray | float:
    """``(estimate - expected) / se``; 0 where both the difference and ``se`` are 0.

    Examples
    --------
    >>> z_score(0.52, 0.01, 0.5)
    2.0...
    >>> z_score(np.array([0.0, 0.1]), np.array([0.0, 0.05]), np.array([0.0, 0.0])).tolist()
    [0.0, 2.0...]
    """
    diff = np.asarray(estimate, dtype=np.float64) - np.asarray(expected, dtype=np.float64)
    s = np.asarray(se, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.where(diff == 0.0, 0.0, diff / s)
    if z.ndim == 0:
        return float(z)
    return z


def worst(*ses) -> float:
    """The largest of the standard errors ``ses`` (scalars or arrays), for a job's ``worst_se``.

    An SE that is NaN (an estimate not yet defined, such as a mean of a group seen fewer than
    twice) is left out; with no SE defined at all the answer is ``inf`` (no target is met).

    Examples
    --------
    >>> worst(0.01, np.array([0.02, np.nan]))
    0.02
    >>> worst(np.array([np.nan]))
    inf
    """
    flat = np.concatenate([np.ravel(np.asarray(s, dtype=np.float64)) for s in ses]) if ses else np.zeros(0)
    flat = flat[~np.isnan(flat)]
    return float(flat.max()) if flat.size else float("inf")
