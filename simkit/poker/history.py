"""Readable hand histories from the action record, and per-hand results as a DataFrame.

>>> import numpy as np
>>> from simkit.poker.actions import BET, CALL, FOLD
>>> from simkit.poker.betting import _apply, _post_antes, _reset, _start_round
>>> from simkit.poker.structure import diablo
>>> from simkit.poker.table_state import new_state
>>> st = new_state(3, log_capacity=32)
>>> _reset(st, np.array([20, 20, 20]), 2, 0); _post_antes(st, 1)
>>> _start_round(st, diablo(), 0, -1)
0
>>> _apply(st, 0, BET, 2), _apply(st, 1, FOLD, 0), _apply(st, 2, CALL, 0)
(0, 0, 0)
>>> print(format_history(st, names=["Ann", "Bo", "Cy"]))
Seats: Ann 20, Bo 20, Cy 20; dealer Cy
Antes: Ann 1, Bo 1, Cy 1 (pot 3)
Round 1:
  Ann bets 2
  Bo folds
  Cy calls 2
  (pot 7)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from .actions import (
    ANTE,
    BET,
    BIG_BLIND,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FLAG_ALL_IN,
    FLAG_FULL,
    FOLD,
    RAISE,
    SMALL_BLIND,
)
from .table_state import G_ACTION, G_CHIPS, G_FLAGS, G_ROUND, G_SEAT, G_TO, S_LOG_CAP, S_N_LOG, Table

__all__ = ["NO_SHOWDOWN", "SHOWDOWN", "VOID", "format_history", "results_frame"]

# Outcome of a hand, as ``table._play_hand`` returns it.
NO_SHOWDOWN = 0  # everybody but one folded
SHOWDOWN = 1
VOID = 2  # the first round was checked through: no winner, the pot stays (R-D4)


def _describe(name: str, action: int, chips: int, to: int, flags: int) -> str:
    if action == FOLD:
        text = f"{name} folds"
    elif action == CHECK:
        text = f"{name} checks"
    elif action == CALL:
        text = f"{name} calls {chips}"
    elif action == BET:
        text = f"{name} bets {to}"
    elif action == RAISE:
        text = f"{name} raises to {to}"
    elif action == COMPLETE:
        text = f"{name} completes to {to}"
    elif action == BRING_IN:
        text = f"{name} brings in {chips}"
    elif action == SMALL_BLIND:
        text = f"{name} posts the small blind {chips}"
    elif action == BIG_BLIND:
        text = f"{name} posts the big blind {chips}"
    else:
        text = f"{name} action {action} {chips}"
    if flags & FLAG_ALL_IN:
        short = action in (BET, RAISE, COMPLETE) and not flags & FLAG_FULL
        text += " and is all-in" + (" (short of a full bet)" if short else "")
    return text


def format_history(
    st: np.ndarray,
    names: Sequence[str] | None = None,
    payout: Sequence[int] | None = None,
    round_names: Sequence[str] | None = None,
) -> str:
    """The recorded actions of the hand in state ``st`` as text, one action a line.

    Parameters
    ----------
    st
        A state made with ``log_capacity > 0``, after (part of) a hand.
    names
        Seat names; default ``Seat 0``, ``Seat 1``, …
    payout
        What each seat won at the end (from ``pots._settle``); adds the result lines.
    round_names
        Headings of the betting rounds (e.g. ``["Third street", ...]``); default "Round 1" ….

    Returns
    -------
    str
    """
    t = Table(st)
    n = t.n
    if names is None:
        names = [f"Seat {s}" for s in range(n)]
    if len(names) != n:
        raise ValueError(f"names must name all {n} seats, got {len(names)}")
    seats = ", ".join(f"{names[s]} {int(t.start[s])}" for s in range(n))
    lines = [f"Seats: {seats}; dealer {names[t.dealer]}"]
    pot = t.dead
    if pot:
        lines.append(f"Carried pot: {pot}")
    rows = t.log
    antes = [r for r in rows if r[G_ACTION] == ANTE]
    if antes:
        pot += sum(int(r[G_CHIPS]) for r in antes)
        text = ", ".join(f"{names[r[G_SEAT]]} {int(r[G_CHIPS])}" for r in antes)
        lines.append(f"Antes: {text} (pot {pot})")
    current = None
    for r in rows:
        if r[G_ACTION] == ANTE:
            continue
        if r[G_ROUND] != current:
            if current is not None:
                lines.append(f"  (pot {pot})")
            current = r[G_ROUND]
            k = int(current)
            heading = round_names[k] if round_names is not None and k < len(round_names) else f"Round {k + 1}"
            lines.append(f"{heading}:")
        pot += int(r[G_CHIPS])
        lines.append(
            "  "
            + _describe(names[r[G_SEAT]], int(r[G_ACTION]), int(r[G_CHIPS]), int(r[G_TO]), int(r[G_FLAGS]))
        )
    if current is not None:
        lines.append(f"  (pot {pot})")
    missing = int(st[S_N_LOG]) - int(st[S_LOG_CAP])
    if missing > 0:
        lines.append(f"({missing} more actions not recorded)")
    if payout is not None:
        for s in range(n):
            if payout[s] > 0:
                lines.append(f"{names[s]} wins {int(payout[s])}")
        net = ", ".join(f"{names[s]} {int(t.stack[s] - t.start[s]):+d}" for s in range(n))
        lines.append(f"Net: {net}")
    return "\n".join(lines)


def results_frame(
    net: np.ndarray, outcome: np.ndarray, winner: np.ndarray, pot: np.ndarray, opener: np.ndarray
) -> pd.DataFrame:
    """Per-hand results as a DataFrame.

    Columns: ``net_<seat>`` (chip change of each seat), ``showdown`` (two or more players
    reached the end), ``void`` (the first round was checked through, R-D4), ``winner`` (the
    seat paid the most, -1 for a void hand), ``pot``, ``carried`` (the pot of a void hand,
    which stays on the table) and ``opener`` (-1 none).  For every hand the net changes and
    ``carried`` add up to zero.

    >>> import numpy as np
    >>> df = results_frame(np.array([[3, -3]]), np.array([1]), np.array([0]), np.array([6]),
    ...                    np.array([0]))
    >>> list(df.columns)
    ['net_0', 'net_1', 'showdown', 'void', 'winner', 'pot', 'carried', 'opener']
    >>> df.loc[0, "showdown"], int(df.loc[0, "winner"]), int(df.loc[0, "carried"])
    (np.True_, 0, 0)
    """
    net = np.asarray(net)
    outcome = np.asarray(outcome)
    data = {f"net_{s}": net[:, s] for s in range(net.shape[1])}
    void = outcome == VOID
    data["showdown"] = outcome == SHOWDOWN
    data["void"] = void
    data["winner"] = np.where(void, -1, winner)
    data["pot"] = np.asarray(pot)
    data["carried"] = np.where(void, pot, 0)
    data["opener"] = np.asarray(opener)
    return pd.DataFrame(data)
