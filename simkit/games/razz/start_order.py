"""The committed Razz start table as the order of the 455 three-card starts, best first.

The order of ``results/razz_starts.csv`` (written by the ``razz_starts`` analysis: 20,000
showdowns per start, :func:`simkit.games.razz.starts.start_table`), sorted by equity against
one random opponent, highest first, ties in the table's order.  It is what ``topN%`` means in
a Razz range (:mod:`simkit.games.razz.ranges`); it is stored here so that the package never
reads ``results/``.  ``tests/test_razz_ranges.py`` checks it against the committed table;
after the table changes, rebuild it with :func:`order_from_table`.

>>> len(START_ORDER), START_ORDER[:2]
(455, ('5-3-A', '5-2-A'))
"""

from __future__ import annotations

import pandas as pd

__all__ = ["START_ORDER", "order_from_table"]

#: The 455 rank patterns (``3-2-A``, highest card first), best heads-up start first.
START_ORDER: tuple[str, ...] = tuple(
    """
5-3-A 5-2-A 4-2-A 5-3-2 3-2-A 5-4-A 4-3-2 4-3-A 5-4-2 6-5-A 6-2-A 5-4-3 6-4-A 6-4-2 6-5-2 6-3-A
6-3-2 6-5-3 7-4-A 6-5-4 7-5-2 6-4-3 7-2-A 7-3-2 7-3-A 7-4-2 7-6-A 7-5-A 7-5-3 7-4-3 7-5-4 7-6-3
7-6-2 8-2-A 7-6-4 7-6-5 8-5-2 8-3-2 8-3-A 8-4-A 8-4-3 8-6-A 8-5-A 8-4-2 8-5-3 8-6-3 8-6-2 8-5-4
8-6-5 8-6-4 8-7-A 8-7-4 8-7-2 8-7-5 8-7-3 8-7-6 9-4-A 9-3-2 9-3-A 9-4-3 9-6-2 9-4-2 9-2-A 9-5-A
9-5-3 9-5-4 9-6-3 9-6-5 9-6-A 9-5-2 9-6-4 9-7-2 9-7-A 9-7-3 9-7-4 9-7-5 9-7-6 9-8-A 9-8-5 9-8-3
9-8-2 9-8-6 9-8-4 T-2-A T-5-4 T-5-3 T-3-A T-3-2 9-8-7 T-4-3 T-5-2 T-4-2 T-5-A T-4-A T-6-A T-6-2
T-6-3 T-6-5 T-6-4 T-7-2 T-7-A T-7-3 T-7-4 T-7-5 T-7-6 T-8-6 T-8-A T-8-2 T-8-3 T-8-4 T-8-5 T-8-7
J-3-2 J-2-A J-5-4 J-4-2 J-5-2 J-4-3 J-4-A J-3-A J-5-A J-5-3 T-9-A J-6-3 T-9-6 T-9-2 T-9-5 J-6-2
T-9-3 J-7-3 J-6-A J-6-5 T-9-4 J-6-4 J-7-4 J-7-A J-7-5 J-7-6 J-7-2 T-9-7 J-8-A J-8-5 J-8-2 J-8-4
J-8-3 T-9-8 J-8-6 Q-5-A Q-3-A Q-5-4 Q-2-A Q-3-2 J-8-7 Q-4-2 Q-5-3 3-2-2 Q-4-A 5-5-A Q-6-4 2-A-A
3-3-2 Q-6-A J-9-3 Q-5-2 4-2-2 6-2-2 4-4-2 Q-6-2 4-A-A Q-6-5 Q-4-3 5-2-2 3-A-A 3-3-A 5-3-3 Q-7-A
J-9-4 Q-6-3 J-9-2 Q-7-2 4-3-3 7-2-2 5-A-A 4-4-3 6-A-A 2-2-A J-9-A 5-5-3 5-5-4 4-4-A 6-5-5 Q-7-4
6-6-A J-9-5 6-6-3 7-A-A 5-5-2 J-9-7 6-3-3 J-9-6 Q-7-5 6-6-5 5-4-4 6-4-4 Q-7-6 6-6-4 7-7-4 Q-7-3
7-7-2 7-7-A 7-3-3 6-6-2 Q-8-2 7-7-5 Q-8-5 Q-8-A 7-4-4 K-4-2 Q-8-4 7-5-5 K-4-3 7-6-6 Q-8-3 K-3-A
K-5-2 K-5-3 8-8-A 7-7-6 7-7-3 K-3-2 8-A-A K-4-A K-6-A K-2-A K-5-4 K-6-2 8-4-4 J-9-8 8-2-2 K-5-A
K-6-3 8-3-3 8-8-4 8-8-5 8-8-2 8-6-6 Q-8-6 8-7-7 8-8-3 K-7-5 K-7-3 8-5-5 8-8-6 K-7-4 Q-8-7 K-7-2
K-7-A K-6-4 8-8-7 K-7-6 Q-9-4 K-6-5 9-3-3 K-8-3 K-8-2 K-8-A Q-9-2 Q-9-3 J-T-3 J-T-A K-8-4 9-2-2
K-8-6 Q-9-6 Q-9-5 Q-9-A J-T-4 9-5-5 J-T-6 9-9-A J-T-2 Q-9-7 9-A-A 9-9-3 9-9-4 K-8-7 K-8-5 9-9-5
J-T-5 9-4-4 9-9-2 9-6-6 9-7-7 9-9-7 9-9-6 J-T-7 Q-9-8 K-9-4 K-9-A K-9-3 K-9-5 K-9-2 J-T-8 9-9-8
K-9-6 9-8-8 K-9-7 Q-T-3 T-6-6 T-2-2 Q-T-5 T-A-A Q-T-2 J-T-9 T-3-3 Q-T-6 T-4-4 Q-T-4 T-5-5 Q-T-A
T-7-7 K-9-8 Q-T-7 T-T-2 T-T-A T-8-8 T-T-3 T-T-4 K-T-A T-T-6 K-T-2 T-T-7 T-T-5 Q-T-8 K-T-3 T-T-8
K-T-5 K-T-6 K-T-4 Q-T-9 K-T-7 T-T-9 T-9-9 K-T-8 J-2-2 J-5-5 J-3-3 J-A-A J-6-6 J-4-4 Q-J-A K-T-9
Q-J-3 Q-J-7 Q-J-2 Q-J-4 J-7-7 Q-J-6 Q-J-5 J-J-2 J-J-A J-8-8 K-J-2 J-J-3 J-J-4 Q-J-8 J-J-6 J-J-7
J-J-5 K-J-4 K-J-3 J-9-9 K-J-A K-J-6 Q-J-9 K-J-5 J-J-8 K-J-7 K-J-8 J-J-9 Q-2-2 K-J-9 Q-4-4 Q-A-A
Q-3-3 J-T-T Q-5-5 Q-J-T Q-6-6 J-J-T Q-7-7 Q-8-8 Q-Q-2 Q-Q-A Q-9-9 Q-Q-3 Q-Q-5 K-Q-A Q-Q-4 K-Q-6
K-Q-2 K-J-T K-Q-5 Q-Q-6 K-Q-3 K-Q-4 Q-Q-8 Q-Q-7 K-Q-7 A-A-A 2-2-2 K-Q-8 3-3-3 K-A-A Q-Q-9 5-5-5
6-6-6 K-3-3 4-4-4 K-2-2 Q-T-T K-Q-9 K-5-5 K-4-4 K-7-7 7-7-7 K-6-6 K-8-8 8-8-8 Q-Q-T K-K-3 K-9-9
K-K-A K-K-2 K-Q-T K-K-4 K-K-6 9-9-9 K-K-5 K-K-7 K-K-8 T-T-T K-K-9 K-T-T Q-Q-J Q-J-J K-K-T K-Q-J
K-J-J J-J-J K-K-J K-Q-Q K-K-Q Q-Q-Q K-K-K
""".split()
)


def order_from_table(table: pd.DataFrame) -> tuple[str, ...]:
    """The heads-up order of a start table (:func:`~simkit.games.razz.starts.start_table`
    output, with ``opponents == 1`` rows).

    >>> t = pd.DataFrame({"pattern": ["3-2-A", "K-K-K"], "opponents": 1, "equity": [0.7, 0.2]})
    >>> order_from_table(t)
    ('3-2-A', 'K-K-K')
    """
    heads_up = table[table.opponents == 1].sort_values("equity", ascending=False, kind="stable")
    return tuple(heads_up.pattern.tolist())
