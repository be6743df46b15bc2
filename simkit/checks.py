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

__all__ = ["INT_LIMIT", "int_in_range", "is_int", "non_negative_int", "positive_int"]

#: The largest count or chip amount accepted: sums of many of them still fit in int64.
INT_LIMIT = 2**53


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
        raise ValueError(f"{name} must be an integer {low}..{high}, got {value!r}")
    return int(value)
