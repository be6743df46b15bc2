"""Checks of arguments, one wording everywhere: the error names the argument and its value.

Every public function checks its integer arguments with these before any kernel runs, so a
bad value gives a ``ValueError`` that names it, never a wrong number or a Numba traceback.
``bool`` is not an integer here, and a value must fit the int64 arithmetic of the kernels.

>>> positive_int(3, "trials")
3
>>> positive_int(0, "trials")
Traceback (most recent call last):
...
ValueError: trials must be a positive integer, got 0
>>> int_in_range(8, "players", 2, 6)
Traceback (most recent call last):
...
ValueError: players must be an integer 2..6, got 8
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "INT_LIMIT",
    "chips",
    "chips_per_seat",
    "flag",
    "holds_bool",
    "int_in_range",
    "is_int",
    "non_negative_int",
    "positive_int",
    "record_capacity",
]

#: The largest count or chip amount accepted: sums of many of them still fit in int64.
INT_LIMIT = 2**53
#: The most actions a hand's record may hold (``log_capacity``): far more than any hand takes.
MAX_LOG_CAPACITY = 2**20


def is_int(value) -> bool:
    """Whether ``value`` is a Python or NumPy integer (``bool`` is not)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def positive_int(value, name: str) -> int:
    """``value`` as an ``int`` if it is an integer 1..:data:`INT_LIMIT`, else ``ValueError``."""
    if not is_int(value) or not 1 <= value <= INT_LIMIT:
        raise ValueError(
            f"{name} must be a positive integer, got {value!r}"
            + (f" (at most {INT_LIMIT})" if is_int(value) and value > INT_LIMIT else "")
        )
    return int(value)


def non_negative_int(value, name: str) -> int:
    """``value`` as an ``int`` if it is an integer 0..:data:`INT_LIMIT`, else ``ValueError``.

    >>> non_negative_int(-1, "ante")
    Traceback (most recent call last):
    ...
    ValueError: ante must be a non-negative integer, got -1
    """
    if not is_int(value) or not 0 <= value <= INT_LIMIT:
        raise ValueError(
            f"{name} must be a non-negative integer, got {value!r}"
            + (f" (at most {INT_LIMIT})" if is_int(value) and value > INT_LIMIT else "")
        )
    return int(value)


def int_in_range(value, name: str, low: int, high: int) -> int:
    """``value`` as an ``int`` if it is an integer ``low..high``, else ``ValueError``."""
    if not is_int(value) or not low <= value <= high:
        shown = "2**53" if high == INT_LIMIT else high
        raise ValueError(f"{name} must be an integer {low}..{shown}, got {value!r}")
    return int(value)


def chips(value, name: str, least: int = 0) -> int:
    """``value`` as an ``int`` if it is an amount of chips ``least``..:data:`INT_LIMIT`,
    else ``ValueError``: a stack, an ante, a bet or a pot that the kernels' int64 sums hold.

    >>> chips(2**63, "stacks", 1)
    Traceback (most recent call last):
    ...
    ValueError: stacks must be an integer 1..2**53, got 9223372036854775808
    """
    return int_in_range(value, name, least, INT_LIMIT)


def chips_per_seat(value, n: int, name: str = "stacks", least: int = 0) -> np.ndarray:
    """``value`` (one amount for every seat, or one per seat) as int64[n], each checked by
    :func:`chips`; ``ValueError`` names the argument.

    >>> chips_per_seat(5, 3).tolist()
    [5, 5, 5]
    >>> chips_per_seat([5, -1], 2)
    Traceback (most recent call last):
    ...
    ValueError: stacks must be one integer 0..2**53 or one per seat (2), got [5, -1]
    """
    each = (
        [value] * n
        if is_int(value)
        else list(value)
        if isinstance(value, (list, tuple, np.ndarray))
        else None
    )
    if each is None or len(each) != n or not all(is_int(v) and least <= v <= INT_LIMIT for v in each):
        raise ValueError(f"{name} must be one integer {least}..2**53 or one per seat ({n}), got {value!r}")
    return np.array(each, dtype=np.int64)


def record_capacity(value, least: int = 0) -> int:
    """``value`` as an ``int`` if it is a ``log_capacity`` (actions a hand's record holds)
    ``least``..:data:`MAX_LOG_CAPACITY`, else ``ValueError``.

    >>> record_capacity(2**40)
    Traceback (most recent call last):
    ...
    ValueError: log_capacity must be an integer 0..1048576, got 1099511627776
    """
    return int_in_range(value, "log_capacity", least, MAX_LOG_CAPACITY)


def flag(value, name: str) -> bool:
    """``value`` as a ``bool`` if it is True or False (or the integer 0 or 1), else
    ``ValueError``: a switch that changes the rules is never read from any other truthy value.

    >>> flag(1, "low_ace"), flag(np.False_, "low_ace")
    (True, False)
    >>> flag("x", "low_ace")
    Traceback (most recent call last):
    ...
    ValueError: low_ace must be True or False, got 'x'
    """
    if isinstance(value, (bool, np.bool_)) or (is_int(value) and value in (0, 1)):
        return bool(value)
    raise ValueError(f"{name} must be True or False, got {value!r}")


def holds_bool(values) -> bool:
    """Whether ``values`` (a value, a sequence or an array) holds a ``bool`` anywhere: NumPy
    reads ``[True, 2]`` as the integers ``[1, 2]``, so a check on the array alone misses it.

    >>> holds_bool([True, 2]), holds_bool(np.array([1, 2]))
    (True, False)
    """
    return any(isinstance(v, (bool, np.bool_)) for v in np.asarray(values, dtype=object).ravel())
