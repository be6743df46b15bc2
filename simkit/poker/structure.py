"""Betting structures: the limits of every betting round and the forced bets, as int64 arrays.

A :class:`Structure` is a namedtuple of two arrays that Numba kernels take as they are:

``limits`` (int64, one row per betting round)
    ``R_KIND`` (:data:`FIXED`, :data:`SPREAD` or :data:`NO_LIMIT`), ``R_MIN`` and ``R_MAX``
    (fixed limit: the bet size in both; spread limit: the smallest and largest bet or raise
    increment; no limit: the smallest bet in ``R_MIN``), ``R_CAP`` (raises allowed after the
    bet, ``-1`` for no cap) and ``R_FIRST``, the rule for who acts first:

    - :data:`FIRST_BLINDS`: blinds are posted and the player left of the big blind starts;
      heads-up the dealer posts the small blind and starts (R-T2);
    - :data:`FIRST_DEALER_LEFT`: the first active player left of the dealer (R-T2, Diablo);
    - :data:`FIRST_OPENER`: the opener, or the next active player left of them (Diablo's
      second round, R-D3);
    - :data:`FIRST_GIVEN`: a seat the game supplies: the bring-in (R-Z2) or the lowest
      visible hand (R-Z3).

``forced`` (int64)
    ``F_ANTE``, ``F_SMALL_BLIND``, ``F_BIG_BLIND``, ``F_BRING_IN`` and ``F_VOID_UNOPENED``
    (1: a first round that everyone checks ends the hand and the pot stays, R-D4).

Seats are numbered clockwise: "left of seat ``s``" is seat ``s + 1`` (mod the table size).

Examples
--------
>>> s = razz()
>>> s.limits[:, R_MIN].tolist(), int(s.forced[F_BRING_IN])
([5, 5, 10, 10, 10], 2)
>>> triple_draw_27().limits[:, R_CAP].tolist()
[3, 3, 3, 3]
>>> make_structure([Round(FIXED, 2, 2, first=FIRST_GIVEN)], bring_in=2)
Traceback (most recent call last):
...
ValueError: bring_in=2 must be smaller than the first round's bet 2
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..checks import is_int

__all__ = [
    "FIRST_BLINDS",
    "FIRST_DEALER_LEFT",
    "FIRST_GIVEN",
    "FIRST_OPENER",
    "FIXED",
    "NO_LIMIT",
    "SPREAD",
    "Round",
    "Structure",
    "diablo",
    "make_structure",
    "razz",
    "single_draw_27_no_limit",
    "triple_draw_27",
]

# Kinds of limit.
FIXED = 0
SPREAD = 1
NO_LIMIT = 2

# Who acts first in a round.
FIRST_BLINDS = 0
FIRST_DEALER_LEFT = 1
FIRST_OPENER = 2
FIRST_GIVEN = 3

# Columns of ``limits``.
R_KIND = 0
R_MIN = 1
R_MAX = 2
R_CAP = 3
R_FIRST = 4
N_ROUND_FIELDS = 5

# Entries of ``forced``.
F_ANTE = 0
F_SMALL_BLIND = 1
F_BIG_BLIND = 2
F_BRING_IN = 3
F_VOID_UNOPENED = 4
N_FORCED = 5

#: The structure a kernel receives: ``limits`` int64[rounds, 5] and ``forced`` int64[5].
Structure = namedtuple("Structure", ["limits", "forced"])


class Round(NamedTuple):
    """One betting round: ``kind``, ``low`` and ``high`` bet size, raise ``cap``, ``first`` rule.

    For :data:`FIXED` give the bet size as ``low`` (``high`` defaults to it); for
    :data:`NO_LIMIT` ``low`` is the smallest bet.

    >>> Round(SPREAD, 1, 5, cap=4)
    Round(kind=1, low=1, high=5, cap=4, first=1)
    """

    kind: int
    low: int
    high: int | None = None
    cap: int = 3
    first: int = FIRST_DEALER_LEFT


def _int(name: str, value) -> int:
    if not is_int(value):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    return int(value)


def make_structure(
    rounds: Sequence[Round],
    *,
    ante: int = 0,
    small_blind: int = 0,
    big_blind: int = 0,
    bring_in: int = 0,
    void_unopened: bool = False,
) -> Structure:
    """Check a betting structure and pack it into the arrays the kernels use.

    Parameters
    ----------
    rounds
        The betting rounds in order, as :class:`Round`.
    ante, small_blind, big_blind, bring_in
        Forced bets in chips (0 = none).  Blinds need ``FIRST_BLINDS`` in the first round; a
        bring-in needs ``FIRST_GIVEN`` there (the game names the bring-in seat, R-Z2).
    void_unopened
        A first round that everyone checks ends the hand, the pot stays (Diablo, R-D4).

    Returns
    -------
    Structure

    Examples
    --------
    >>> s = make_structure([Round(NO_LIMIT, 2, first=FIRST_BLINDS), Round(NO_LIMIT, 2)],
    ...                    small_blind=1, big_blind=2)
    >>> s.limits.shape, s.forced.tolist()
    ((2, 5), [0, 1, 2, 0, 0])
    >>> make_structure([Round(SPREAD, 5, 1)])
    Traceback (most recent call last):
    ...
    ValueError: round 0: spread limit needs 1 <= low <= high, got low=5 high=1
    """
    if len(rounds) == 0:
        raise ValueError("a structure needs at least one betting round, got none")
    ante, small_blind = _int("ante", ante), _int("small_blind", small_blind)
    big_blind, bring_in = _int("big_blind", big_blind), _int("bring_in", bring_in)
    for name, v in (
        ("ante", ante),
        ("small_blind", small_blind),
        ("big_blind", big_blind),
        ("bring_in", bring_in),
    ):
        if v < 0:
            raise ValueError(f"{name} must be non-negative, got {v}")
    limits = np.zeros((len(rounds), N_ROUND_FIELDS), dtype=np.int64)
    for r, spec in enumerate(rounds):
        spec = Round(*spec)
        kind, low = _int(f"round {r} kind", spec.kind), _int(f"round {r} low", spec.low)
        high = low if spec.high is None else _int(f"round {r} high", spec.high)
        cap, first = _int(f"round {r} cap", spec.cap), _int(f"round {r} first", spec.first)
        if kind not in (FIXED, SPREAD, NO_LIMIT):
            raise ValueError(f"round {r}: kind must be FIXED, SPREAD or NO_LIMIT, got {kind}")
        if kind == FIXED and (low < 1 or high != low):
            raise ValueError(f"round {r}: fixed limit needs one bet size >= 1, got {low}/{high}")
        if kind == SPREAD and not 1 <= low <= high:
            raise ValueError(f"round {r}: spread limit needs 1 <= low <= high, got low={low} high={high}")
        if kind == NO_LIMIT and low < 1:
            raise ValueError(f"round {r}: no-limit minimum bet must be >= 1, got {low}")
        if cap < -1:
            raise ValueError(f"round {r}: cap must be >= 0 raises or -1 (no cap), got {cap}")
        if first not in (FIRST_BLINDS, FIRST_DEALER_LEFT, FIRST_OPENER, FIRST_GIVEN):
            raise ValueError(f"round {r}: unknown first-to-act rule {first}")
        if first == FIRST_BLINDS and (r != 0 or big_blind == 0):
            raise ValueError(f"round {r}: FIRST_BLINDS only in the first round, with a big blind")
        if first == FIRST_OPENER and r == 0:
            raise ValueError("round 0: FIRST_OPENER needs an earlier round with an opener")
        limits[r] = (kind, low, high if kind != NO_LIMIT else 0, cap, first)
    if (small_blind or big_blind) and limits[0, R_FIRST] != FIRST_BLINDS:
        raise ValueError("blinds need FIRST_BLINDS in the first round")
    if small_blind > big_blind:
        raise ValueError(f"small_blind={small_blind} is larger than big_blind={big_blind}")
    if bring_in:
        if limits[0, R_FIRST] != FIRST_GIVEN:
            raise ValueError("a bring-in needs FIRST_GIVEN in the first round (the bring-in seat)")
        if bring_in >= limits[0, R_MIN]:
            raise ValueError(
                f"bring_in={bring_in} must be smaller than the first round's bet {limits[0, R_MIN]}"
            )
    forced = np.array([ante, small_blind, big_blind, bring_in, int(bool(void_unopened))], dtype=np.int64)
    return Structure(limits, forced)


def diablo(
    ante: int = 1, before: tuple[int, int] = (1, 5), after: tuple[int, int] = (2, 10), max_raises: int = 4
) -> Structure:
    """Diablo's defaults (R-D6): ante 1, spread 1-5 before the draw, 2-10 after, four raises.

    The first round starts left of the dealer, the second with the opener (R-D3); a first
    round that everyone checks is void and the pot stays (R-D4).

    >>> diablo().limits[:, :4].tolist()
    [[1, 1, 5, 4], [1, 2, 10, 4]]
    """
    return make_structure(
        [
            Round(SPREAD, before[0], before[1], max_raises, FIRST_DEALER_LEFT),
            Round(SPREAD, after[0], after[1], max_raises, FIRST_OPENER),
        ],
        ante=ante,
        void_unopened=True,
    )


def triple_draw_27(
    small_blind: int = 1, big_blind: int = 2, small_bet: int = 2, big_bet: int = 4, ante: int = 0
) -> Structure:
    """2-7 Triple Draw (R-T4): blinds 1/2, small bet 2 in rounds 1-2, big bet 4 in rounds 3-4,
    one bet and three raises; left of the big blind first, then left of the dealer (R-T2).

    >>> triple_draw_27().limits[:, R_MIN].tolist()
    [2, 2, 4, 4]
    """
    return make_structure(
        [
            Round(FIXED, small_bet, cap=3, first=FIRST_BLINDS),
            Round(FIXED, small_bet, cap=3, first=FIRST_DEALER_LEFT),
            Round(FIXED, big_bet, cap=3, first=FIRST_DEALER_LEFT),
            Round(FIXED, big_bet, cap=3, first=FIRST_DEALER_LEFT),
        ],
        ante=ante,
        small_blind=small_blind,
        big_blind=big_blind,
    )


def single_draw_27_no_limit(small_blind: int = 1, big_blind: int = 2, ante: int = 0) -> Structure:
    """2-7 Single Draw no limit (R-T5): two rounds, smallest bet the big blind, no cap.

    >>> single_draw_27_no_limit().limits[:, R_CAP].tolist()
    [-1, -1]
    """
    return make_structure(
        [
            Round(NO_LIMIT, big_blind, cap=-1, first=FIRST_BLINDS),
            Round(NO_LIMIT, big_blind, cap=-1, first=FIRST_DEALER_LEFT),
        ],
        ante=ante,
        small_blind=small_blind,
        big_blind=big_blind,
    )


def razz(
    ante: int = 1,
    bring_in: int = 2,
    small_bet: int = 5,
    big_bet: int = 10,
    private: bool = False,
    cap: int = 3,
) -> Structure:
    """Razz (R-Z2, R-Z3, R-Z5): ante 1, bring-in 2, small bet 5 on 3rd/4th street, big bet 10
    on 5th-7th, one bet and three raises.  The game names who acts first in every round
    (the bring-in, then the lowest visible hand).  ``private=True`` is the private-round
    variant (R-Z6): no bring-in, and the lowest visible hand may check in every round.
    ``cap`` is the number of raises a round allows after the bet.

    >>> razz(private=True, ante=2).forced.tolist()
    [2, 0, 0, 0, 0]
    """
    return make_structure(
        [Round(FIXED, small_bet, cap=cap, first=FIRST_GIVEN)] * 2
        + [Round(FIXED, big_bet, cap=cap, first=FIRST_GIVEN)] * 3,
        ante=ante,
        bring_in=0 if private else bring_in,
    )
