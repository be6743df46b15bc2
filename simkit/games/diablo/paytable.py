"""Pay tables: deuces-wild draw played for a payout per final hand, and the whole game solved
exactly under best play.

A pay table pays a multiple of the bet for each *pay category* of the final hand, with the
distinctions deuces-wild pay tables make (:data:`PAY_CATEGORIES`): a natural royal flush (no
deuce), four deuces, a wild royal flush (made with a deuce), five of a kind, straight flush,
four of a kind, full house, flush, straight, three of a kind, two pair and a pair of jacks or
better; a category not listed pays nothing.  Every final hand falls in one of
:data:`FINAL_CLASSES` (the pay categories, a pair below jacks and high card), fixed by its
deuces-wild strength (R-D1, R-D2) and the number of deuces it holds
(:func:`final_class_table`).  The wild rule R-D2 (a wild never duplicates a card held, except
for five of a kind) only orders hands within a category, so it changes no payout.

:func:`paytable_return` plays every one of the C(52, 5) = 2,598,960 deals with the keep that
maximises the expected payout (every keep the draw limit allows, ties to the keep drawing
fewer cards) and gives the exact return and the probability of every final class.  How:

1. one pass over all hands counts, for every set ``K`` of 0-4 cards, the five-card hands that
   contain ``K`` in each final class (the superset counts ``S[K, class]``);
2. a hand ``H`` that keeps ``K`` draws ``5 - |K|`` of the 47 unseen cards, i.e. a hand
   containing ``K`` and none of the discards ``D = H - K``; by inclusion-exclusion over the
   discards its final-class counts are ``sum over J subset of D of (-1)^|J| S[K + J]``, a
   Möbius transform over the 32 subsets of ``H`` (as :mod:`.keep_table` does for one weight);
3. suits are symmetric, so step 2 runs only on one hand per suit pattern: the 134,459 hands
   whose suits, ordered by the ranks they hold (as bit masks), come in descending order, each
   weighted by the number of hands with its pattern (24 over the relabellings that fix it).

Counts stay integers, so the result is exact: a fraction whose denominator is
C(52, 5) times 7,669,695, the least common multiple of C(47, k) for k = 0..5 (the unit in
which the Wizard of Odds tables count "combinations").

Examples
--------
>>> t = PayTable.parse(FULL_PAY)
>>> t.payout("four_deuces"), t.payout("two_pair")
(Fraction(200, 1), Fraction(0, 1))
>>> FINAL_CLASSES[int(final_class_table()[0, 5149])]
'natural_royal'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
import pandas as pd
from numba import prange

from ... import hands as _hands
from ...cards import N_CARDS
from ...hands.enumeration import N_HANDS, all_hands
from ...hands.kernels import eval5_deuces_wild, eval5_suited
from ...jit import njit
from .keep_table import POP, _allowed, _load, _subset_index, colex5
from .rules import (
    CATEGORIES,
    category_index,
    category_of_strength,
    draw_limit,
    limit_label,
    n_strengths,
    pair_floor,
    tables,
)

__all__ = [
    "FINAL_CLASSES",
    "FULL_PAY",
    "JACKS_OR_BETTER",
    "LCM_DRAWS",
    "PAY_CATEGORIES",
    "PLAIN_FINAL_CLASSES",
    "PLAIN_PAY_CATEGORIES",
    "WILDS",
    "GameSolution",
    "PayTable",
    "class_table",
    "final_class_table",
    "final_classes",
    "pay_categories",
    "paytable_return",
    "plain_class_table",
    "solve_game",
]

#: Every final hand's class for pay tables, weakest first: the categories (R-D1) with the pair
#: split at jacks (``low_pair``: a pair below jacks) and, above five of a kind, the classes of
#: deuces-wild pay tables.
FINAL_CLASSES: tuple[str, ...] = (
    "high_card",
    "low_pair",
    "jacks_or_better",
    *CATEGORIES[CATEGORIES.index("two_pair") :],
    "wild_royal",
    "four_deuces",
    "natural_royal",
)
#: The categories a pay table may pay, best first (the usual order of deuces-wild tables).
PAY_CATEGORIES: tuple[str, ...] = tuple(reversed(FINAL_CLASSES[2:]))
#: The wild cards a game may play with: ``deuces`` (Diablo, Deuces Wild) or ``none`` (plain
#: five-card draw, high poker: Jacks or Better and the like).
WILDS = ("deuces", "none")
#: Every final hand's class in five-card draw without wilds, weakest first: those of deuces
#: wild up to the straight flush, and the royal flush.
PLAIN_FINAL_CLASSES: tuple[str, ...] = (
    *FINAL_CLASSES[: FINAL_CLASSES.index("straight_flush") + 1],
    "royal_flush",
)
#: The categories a pay table without wilds may pay, best first.
PLAIN_PAY_CATEGORIES: tuple[str, ...] = tuple(reversed(PLAIN_FINAL_CLASSES[2:]))
#: 9/6 Jacks or Better (full house 9, flush 6; the royal at its 5-coin rate of 800 per coin).
JACKS_OR_BETTER = (
    "royal_flush=800,straight_flush=50,four_of_a_kind=25,full_house=9,flush=6,straight=4,"
    "three_of_a_kind=3,two_pair=2,jacks_or_better=1"
)
#: Full-pay Deuces Wild (per coin; the natural royal at its 5-coin rate of 800 per coin).
FULL_PAY = (
    "natural_royal=800,four_deuces=200,wild_royal=25,five_of_a_kind=15,straight_flush=9,"
    "four_of_a_kind=5,full_house=3,flush=2,straight=2,three_of_a_kind=1"
)
#: The largest payout accepted (per unit bet): sums of payouts stay exact in float64.
MAX_PAYOUT = 10**9
#: Least common multiple of C(47, k), k = 0..5: the unit of the exact counts.
LCM_DRAWS = math.lcm(*(math.comb(47, k) for k in range(6)))
#: Representatives of the suit patterns of five-card hands.
N_PATTERNS = 134_459
N_BLOCKS = 64  # work blocks of the parallel pass (each accumulates its own counts)


@cache
def final_class_table() -> np.ndarray:
    """The final class (index into :data:`FINAL_CLASSES`) of a hand by deuces held and
    strength: int64 ``[5, n_strengths]``.

    Four deuces is its own class whatever the fifth card; a royal flush is natural without a
    deuce and wild with one; a pair is ``jacks_or_better`` from a pair of jacks up.

    >>> from simkit.games.diablo.rules import strength_of
    >>> t = final_class_table()
    >>> FINAL_CLASSES[int(t[1, strength_of("Ah Kh Qh Jh 2c")])]
    'wild_royal'
    >>> FINAL_CLASSES[int(t[4, strength_of("2c 2d 2h 2s 7d")])]
    'four_deuces'
    """
    cat = category_of_strength()
    royal = int(np.flatnonzero(cat == category_index("straight_flush"))[-1])
    name = {
        c: FINAL_CLASSES.index(c)
        for c in FINAL_CLASSES
        if c not in ("low_pair", "jacks_or_better", "wild_royal", "four_deuces", "natural_royal")
    }
    out = np.zeros((5, n_strengths()), dtype=np.int64)
    jacks = pair_floor(9)
    for s in range(n_strengths()):
        c = CATEGORIES[cat[s]]
        if c == "one_pair":
            cls = FINAL_CLASSES.index("jacks_or_better" if s >= jacks else "low_pair")
        else:
            cls = name[c]
        out[:, s] = cls
        if s == royal:
            out[0, s] = FINAL_CLASSES.index("natural_royal")
            out[1:, s] = FINAL_CLASSES.index("wild_royal")
    out[4, :] = FINAL_CLASSES.index("four_deuces")
    out.flags.writeable = False
    return out


def _check_wild(wild: str) -> str:
    if wild not in WILDS:
        raise ValueError(f"unknown wild {wild!r}; expected one of {', '.join(WILDS)}")
    return wild


def final_classes(wild: str = "deuces") -> tuple[str, ...]:
    """The final classes of a game with ``wild`` cards (:data:`WILDS`), weakest first.

    >>> final_classes("none")[-1], len(final_classes("deuces"))
    ('royal_flush', 14)
    """
    return FINAL_CLASSES if _check_wild(wild) == "deuces" else PLAIN_FINAL_CLASSES


def pay_categories(wild: str = "deuces") -> tuple[str, ...]:
    """The categories a pay table of a game with ``wild`` cards may pay, best first.

    >>> pay_categories("none")[:2]
    ('royal_flush', 'straight_flush')
    """
    return PAY_CATEGORIES if _check_wild(wild) == "deuces" else PLAIN_PAY_CATEGORIES


@cache
def plain_class_table() -> np.ndarray:
    """The final class (index into :data:`PLAIN_FINAL_CLASSES`) of a hand without wilds by its
    strength in the ``high`` family, int64 ``[5, n]`` (the five rows alike, so that the kernels
    read it as they read :func:`final_class_table`; no card is wild).

    A pair is ``jacks_or_better`` from a pair of jacks up; the ace-high straight flush is the
    royal flush.

    >>> from simkit.cards import parse_cards
    >>> from simkit.hands import evaluate
    >>> s = int(evaluate(parse_cards("Jh Jc 7d 4s 2c")[None, :], "high")[0])
    >>> PLAIN_FINAL_CLASSES[int(plain_class_table()[0, s])]
    'jacks_or_better'
    """
    from ...hands.codes import CATEGORIES as STD
    from ...hands.codes import unpack

    codes = _hands.strength_codes("high")
    index = {name: i for i, name in enumerate(PLAIN_FINAL_CLASSES)}
    row = np.zeros(codes.size, dtype=np.int64)
    for s, code in enumerate(codes.tolist()):
        cat, ranks = unpack(int(code), "high")
        name = STD[cat]
        if name == "one_pair":
            name = "jacks_or_better" if ranks[0] >= 9 else "low_pair"  # rank 9: the jack
        elif name == "straight_flush" and ranks[0] == 12:
            name = "royal_flush"
        row[s] = index[name]
    out = np.tile(row, (5, 1))
    out.flags.writeable = False
    return out


def class_table(wild: str = "deuces") -> np.ndarray:
    """:func:`final_class_table` (deuces wild) or :func:`plain_class_table` (no wild)."""
    return final_class_table() if _check_wild(wild) == "deuces" else plain_class_table()


def eval_tables(wild: str = "deuces"):
    """The evaluator tables of the kernels for ``wild``: deuces wild or high poker."""
    return tables() if _check_wild(wild) == "deuces" else _hands.kernel_tables("high")


def _category_key(name: str, wild: str = "deuces") -> str:
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    cats = pay_categories(wild)
    if key not in cats:
        raise ValueError(f"unknown pay-table category {name!r}; expected one of {', '.join(cats)}")
    return key


def _payout(name: str, value) -> Fraction:
    """A payout as an exact fraction; ``ValueError`` names a bad one."""
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"payout for {name} must be a number, got {value!r}")
    try:
        if isinstance(value, str):
            text = value.strip()
            if text.lower().lstrip("+-") in ("nan", "inf", "infinity"):
                raise ValueError
            f = Fraction(text)
        elif isinstance(value, (int, np.integer)):
            f = Fraction(int(value))
        elif isinstance(value, (float, np.floating)):
            if not math.isfinite(value):
                raise ValueError
            f = Fraction(repr(float(value)))
        elif isinstance(value, Fraction):
            f = value
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"payout for {name} must be a finite number, got {value!r}") from None
    if f < 0:
        raise ValueError(f"payout for {name} must be non-negative, got {value!r}")
    if f > MAX_PAYOUT:
        raise ValueError(f"payout for {name} must be at most {MAX_PAYOUT:,}, got {value!r}")
    return f


@dataclass(frozen=True)
class PayTable:
    """A payout per unit bet for each pay category (:func:`pay_categories` of ``wild``, same
    order); categories not given pay 0.  Build one with :meth:`parse`.

    >>> t = PayTable.parse("flush=2, straight=2, three-of-a-kind=1")
    >>> str(t)
    'flush=2,straight=2,three_of_a_kind=1'
    >>> PayTable.parse("royal=800")
    Traceback (most recent call last):
    ...
    ValueError: unknown pay-table category 'royal'; expected one of natural_royal, four_deuces, wild_royal, five_of_a_kind, straight_flush, four_of_a_kind, full_house, flush, straight, three_of_a_kind, two_pair, jacks_or_better
    >>> PayTable.parse("flush=-2")
    Traceback (most recent call last):
    ...
    ValueError: payout for flush must be non-negative, got '-2'
    >>> PayTable.parse(JACKS_OR_BETTER, wild="none").payout("full_house")
    Fraction(9, 1)
    """

    pays: tuple[Fraction, ...]
    wild: str = "deuces"

    def __post_init__(self):
        cats = pay_categories(self.wild)
        if len(self.pays) != len(cats):
            raise ValueError(f"pays must have {len(cats)} payouts, got {len(self.pays)}")
        object.__setattr__(self, "pays", tuple(_payout(n, p) for n, p in zip(cats, self.pays, strict=True)))

    @classmethod
    def parse(cls, spec: str | Mapping[str, object] | PayTable, wild: str = "deuces") -> PayTable:
        """A pay table from ``"category=payout,..."`` (commas or semicolons), a mapping of
        category to payout, or a :class:`PayTable`; ``ValueError`` names an unknown category,
        a repeated one, or a payout that is negative, not finite or not a number.  ``wild``
        (:data:`WILDS`) chooses the categories: deuces wild or none (``royal_flush``...).

        >>> PayTable.parse({"four_deuces": 200}).payout("four deuces")
        Fraction(200, 1)
        >>> PayTable.parse("royal_flush=800", wild="deuces")
        Traceback (most recent call last):
        ...
        ValueError: unknown pay-table category 'royal_flush'; expected one of natural_royal, four_deuces, wild_royal, five_of_a_kind, straight_flush, four_of_a_kind, full_house, flush, straight, three_of_a_kind, two_pair, jacks_or_better
        """
        _check_wild(wild)
        if isinstance(spec, PayTable):
            if spec.wild != wild:
                raise ValueError(f"the pay table is for wild {spec.wild!r}, not {wild!r}")
            return spec
        items: list[tuple[str, object]]
        if isinstance(spec, str):
            parts = [p.strip() for p in spec.replace(";", ",").split(",")]
            if not any(parts):
                raise ValueError(f"empty pay table {spec!r}; give category=payout,...")
            items = []
            for p in parts:
                if not p:
                    continue
                if p.count("=") != 1:
                    raise ValueError(f"pay-table entry {p!r} is not category=payout")
                name, value = p.split("=")
                items.append((name, value))
        elif isinstance(spec, Mapping):
            items = list(spec.items())
            if not items:
                raise ValueError("empty pay table; give at least one category and payout")
        else:
            raise TypeError(f"paytable must be a string, a mapping or a PayTable, got {type(spec).__name__}")
        cats = pay_categories(wild)
        pays = dict.fromkeys(cats, Fraction(0))
        seen: set[str] = set()
        for cat, pay in items:
            key = _category_key(str(cat), wild)
            if key in seen:
                raise ValueError(f"pay-table category {key!r} is given twice")
            seen.add(key)
            pays[key] = _payout(key, pay)
        return cls(tuple(pays[c] for c in cats), wild)

    def payout(self, category: str) -> Fraction:
        """The payout of one pay category (or ``high_card`` / ``low_pair``: 0).

        >>> PayTable.parse(FULL_PAY).payout("wild_royal"), PayTable.parse(FULL_PAY).payout("low_pair")
        (Fraction(25, 1), Fraction(0, 1))
        """
        if str(category).strip().lower().replace(" ", "_") in ("high_card", "low_pair"):
            return Fraction(0)
        return self.pays[pay_categories(self.wild).index(_category_key(category, self.wild))]

    def class_fractions(self) -> list[Fraction]:
        """The exact payout of each final class (:func:`final_classes` of the table's wild).

        >>> [str(f) for f in PayTable.parse("two_pair=1/2").class_fractions()[:4]]
        ['0', '0', '0', '1/2']
        """
        return [self.payout(c) for c in final_classes(self.wild)]

    def class_values(self) -> np.ndarray:
        """The payout of each final class, float64.

        >>> PayTable.parse(FULL_PAY).class_values()[-1]
        np.float64(800.0)
        """
        return np.array([float(f) for f in self.class_fractions()])

    def __str__(self) -> str:
        def text(f: Fraction) -> str:
            return str(f.numerator) if f.denominator == 1 else str(float(f))

        cats = pay_categories(self.wild)
        return ",".join(f"{c}={text(p)}" for c, p in zip(cats, self.pays, strict=True) if p)


# --- the whole game ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _final_class(h, T, class_of, wild):
    """The final class of the five cards ``h``: deuces wild (``wild``) or high poker."""
    if wild:
        d = 0
        for p in range(5):
            if h[p] < 4:
                d += 1
        return class_of[d, eval5_deuces_wild(h[0], h[1], h[2], h[3], h[4], T)]
    return class_of[0, eval5_suited(h[0], h[1], h[2], h[3], h[4], T)]


@njit(cache=True)
def _class_superset_counts(hands, T, class_of, wild, S0, S1, S2, S3, S4, C5):
    """``S_k[K, c]``: the five-card hands containing the ``k`` cards ``K`` in final class ``c``;
    ``C5[hand]``: the class of each hand (by colex number).  ``wild``: deuces are wild (the
    class is ``class_of[deuces held, strength]``), else high poker (``class_of[0, strength]``)."""
    h = np.zeros(5, dtype=np.int64)
    for i in range(hands.shape[0]):
        _load(hands, i, h)
        c = _final_class(h, T, class_of, wild)
        C5[colex5(h[0], h[1], h[2], h[3], h[4])] = c
        S0[0, c] += 1
        for m in range(1, 31):
            k = POP[m]
            idx = _subset_index(h, m)
            if k == 1:
                S1[idx, c] += 1
            elif k == 2:
                S2[idx, c] += 1
            elif k == 3:
                S3[idx, c] += 1
            else:
                S4[idx, c] += 1


@njit(cache=True)
def _suit_patterns(hands, reps, mult):
    """The hands whose four suit masks (bit ``r`` for rank ``r`` held in that suit) are in
    descending order: one per suit pattern, into ``reps`` (row numbers of ``hands``), and the
    number of hands with that pattern into ``mult``.  Returns how many."""
    n = 0
    sm = np.zeros(4, dtype=np.int64)
    for i in range(hands.shape[0]):
        for s in range(4):
            sm[s] = 0
        for p in range(5):
            c = np.int64(hands[i, p])
            sm[c & 3] |= np.int64(1) << (c >> 2)
        if sm[0] >= sm[1] and sm[1] >= sm[2] and sm[2] >= sm[3]:
            # 4! relabellings over those that fix the pattern (equal masks swapped)
            fix = 1
            run = 1
            for s in range(1, 4):
                if sm[s] == sm[s - 1]:
                    run += 1
                    fix *= run
                else:
                    run = 1
            reps[n] = i
            mult[n] = 24 // fix
            n += 1
    return n


@njit(cache=True, parallel=True)
def _solve_patterns(
    hands, reps, mult, S0, S1, S2, S3, S4, C5, pay, scale, most, ace_four, num, best_mask, best, n_best
):
    """Best keep of every representative hand (Möbius transform of its 32 subset counts, module
    doc): ``best_mask``, ``best`` (expected payout times :data:`LCM_DRAWS`), ``n_best`` (how
    many keeps reach it), and into ``num[block, d, c]`` the final-class counts of the best
    keeps drawing ``d``, times the pattern's multiplicity."""
    n = reps.shape[0]
    nc = pay.shape[0]
    n_blocks = num.shape[0]
    for b in prange(n_blocks):
        h = np.zeros(5, dtype=np.int64)
        g = np.zeros((32, nc), dtype=np.int64)
        for r in range(b * n // n_blocks, (b + 1) * n // n_blocks):
            _load(hands, reps[r], h)
            for m in range(32):
                k = POP[m]
                if k == 0:
                    for c in range(nc):
                        g[m, c] = S0[0, c]
                elif k == 5:
                    for c in range(nc):
                        g[m, c] = 0
                    g[m, C5[colex5(h[0], h[1], h[2], h[3], h[4])]] = 1
                else:
                    idx = _subset_index(h, m)
                    for c in range(nc):
                        if k == 1:
                            g[m, c] = S1[idx, c]
                        elif k == 2:
                            g[m, c] = S2[idx, c]
                        elif k == 3:
                            g[m, c] = S3[idx, c]
                        else:
                            g[m, c] = S4[idx, c]
            # superset Möbius transform: g[m] = sum over m' ⊇ m of (-1)^|m' - m| S[m']
            for bit in range(5):
                for m in range(32):
                    if not (m >> bit) & 1:
                        for c in range(nc):
                            g[m, c] -= g[m | (1 << bit), c]
            bm = 31
            bv = -1.0
            ties = 0
            # more cards kept first, so ties go to the smaller draw
            for k in range(5, -1, -1):
                for m in range(32):
                    if POP[m] == k and _allowed(h, m, most, ace_four):
                        v = 0.0
                        for c in range(nc):
                            v += pay[c] * g[m, c]
                        v *= scale[k]
                        if v > bv:
                            bv = v
                            bm = m
                            ties = 1
                        elif v == bv:
                            ties += 1
            n_best[r] = ties
            best_mask[r] = bm
            best[r] = bv
            d = 5 - POP[bm]
            for c in range(nc):
                num[b, d, c] += mult[r] * g[bm, c]


@lru_cache(maxsize=2)
def _class_sums(wild: str = "deuces") -> tuple[np.ndarray, ...]:
    """The superset counts of every card set of 0-4 cards by final class, the class of every
    hand, and the suit-pattern representatives with their multiplicities (pass 1)."""
    hands = all_hands()
    nc = len(final_classes(wild))
    S = [np.zeros((math.comb(N_CARDS, k), nc), dtype=np.int64) for k in range(5)]
    C5 = np.zeros(N_HANDS, dtype=np.int64)
    _class_superset_counts(
        hands, eval_tables(wild), class_table(wild), wild == "deuces", S[0], S[1], S[2], S[3], S[4], C5
    )
    reps = np.zeros(N_PATTERNS, dtype=np.int64)
    mult = np.zeros(N_PATTERNS, dtype=np.int64)
    n = _suit_patterns(hands, reps, mult)
    if n != N_PATTERNS or int(mult.sum()) != N_HANDS:  # pragma: no cover - a broken enumeration
        raise RuntimeError("the suit patterns do not cover the 2,598,960 hands")
    for a in (*S, C5, reps, mult):
        a.flags.writeable = False
    return (*S, C5, reps, mult)


@dataclass(frozen=True)
class GameSolution:
    """The best keep of every suit-pattern representative (see :func:`solve_game`)."""

    reps: np.ndarray  # row numbers in all_hands()
    mult: np.ndarray  # hands per pattern
    best_mask: np.ndarray  # keep, a 5-bit mask over the hand's cards in ascending order
    value: np.ndarray  # expected payout of the best keep, float64
    n_best: np.ndarray  # how many keeps reach that value (> 1: a tie, broken to the fewest drawn)
    counts: np.ndarray  # int64 [6, classes]: final-class counts (x LCM_DRAWS / C(47, d)) by cards drawn


def _table_of(paytable, wild: str) -> PayTable:
    """The pay table for ``wild``: the default one of the game when ``paytable`` is None."""
    _check_wild(wild)
    if paytable is None:
        paytable = FULL_PAY if wild == "deuces" else JACKS_OR_BETTER
    return PayTable.parse(paytable, wild)


def solve_game(
    paytable: str | Mapping[str, object] | PayTable | None = FULL_PAY,
    variant: str = "standard",
    max_draw: int | None = None,
    wild: str = "deuces",
) -> GameSolution:
    """Every deal played by the keep with the best expected payout, exactly (module doc).

    Parameters
    ----------
    paytable
        A :class:`PayTable` or its text (``"four_deuces=200,..."``) or mapping; ``None``: the
        game's default (:data:`FULL_PAY`, or :data:`JACKS_OR_BETTER` without wilds).
    variant, max_draw
        The draw limit (:func:`~simkit.games.diablo.rules.draw_limit`).
    wild
        ``"deuces"`` (deuces wild) or ``"none"`` (five-card draw, high poker; the pay table's
        categories are :data:`PLAIN_PAY_CATEGORIES`).

    Returns
    -------
    GameSolution
        Per suit-pattern representative its best keep and value; ``counts[d, c]``: the deals
        whose best keep draws ``d`` cards, counted in final class ``c`` in units of
        ``1 / LCM_DRAWS`` of a deal.

    Examples
    --------
    >>> s = solve_game(max_draw=0)
    >>> int(s.mult.sum()), int(s.counts.sum()) == 2598960 * LCM_DRAWS
    (2598960, True)
    """
    table = _table_of(paytable, wild)
    most, ace_four = draw_limit(variant, max_draw)
    S0, S1, S2, S3, S4, C5, reps, mult = _class_sums(wild)
    hands = all_hands()
    nc = len(final_classes(wild))
    scale = np.array([LCM_DRAWS // math.comb(47, 5 - k) for k in range(6)], dtype=np.float64)
    num = np.zeros((N_BLOCKS, 6, nc), dtype=np.int64)
    best_mask = np.zeros(reps.size, dtype=np.int64)
    best = np.zeros(reps.size)
    n_best = np.zeros(reps.size, dtype=np.int64)
    _solve_patterns(
        hands,
        reps,
        mult,
        S0,
        S1,
        S2,
        S3,
        S4,
        C5,
        table.class_values(),
        scale,
        most,
        ace_four,
        num,
        best_mask,
        best,
        n_best,
    )
    counts = num.sum(axis=0)
    draws = np.arange(6)
    counts = counts * (LCM_DRAWS // np.array([math.comb(47, int(d)) for d in draws], dtype=np.int64))[:, None]
    return GameSolution(reps, mult, best_mask, best / LCM_DRAWS, n_best, counts)


def paytable_return(
    paytable: str | Mapping[str, object] | PayTable | None = FULL_PAY,
    variant: str = "standard",
    max_draw: int | None = None,
    wild: str = "deuces",
) -> pd.DataFrame:
    """The exact return of the pay table under best play, and how often each final class comes.

    Every one of the 2,598,960 deals is played with the keep that maximises its expected
    payout among those the draw limit allows (ties: fewer cards drawn); the module doc says how.

    Parameters
    ----------
    paytable
        A :class:`PayTable`, its text ``"natural_royal=800,four_deuces=200,..."`` or a mapping;
        default :data:`FULL_PAY`, full-pay Deuces Wild; ``None``: the game's default
        (:data:`JACKS_OR_BETTER`, 9/6, without wilds).
    variant, max_draw
        The draw limit: ``standard`` (0-2 cards), ``draw-three`` (up to 3, 4 keeping an ace),
        or any ``max_draw`` 0..5 (5: video poker).
    wild
        ``"deuces"`` (Diablo, Deuces Wild) or ``"none"``: five-card draw without wilds, high
        poker (Jacks or Better and the like; classes :data:`PLAIN_FINAL_CLASSES`).

    Returns
    -------
    pandas.DataFrame
        One row per final class, best first: ``category``, ``pays``, ``combinations`` (exact,
        in units of one deal / 7,669,695, as the Wizard of Odds tables count), ``probability``
        and ``return`` (pays x probability).  ``attrs``: ``return`` (float), ``return_exact``
        (a fraction, text), ``exact`` (True), ``limit``, ``paytable``, ``deals``,
        ``patterns`` (hands solved, one per suit pattern), ``draws`` (the share of deals
        whose best keep draws 0..5 cards) and ``tied`` (the share of deals with more than one
        best keep: the frequencies, not the return, depend on which is played).

    Examples
    --------
    >>> r = paytable_return("three_of_a_kind=1", max_draw=0)
    >>> round(r.attrs["return"], 6), r.attrs["exact"]
    (0.136624, True)
    >>> paytable_return("flush=2", max_draw=6)
    Traceback (most recent call last):
    ...
    ValueError: max_draw must be an integer 0..5, got 6
    >>> r = paytable_return("jacks_or_better=1", max_draw=0, wild="none")
    >>> round(r.attrs["return"], 6)  # a pair of jacks or better, dealt
    0.130021
    """
    table = _table_of(paytable, wild)
    sol = solve_game(table, variant, max_draw, wild)
    classes = final_classes(wild)
    per_class = sol.counts.sum(axis=0)
    total = math.comb(52, 5) * LCM_DRAWS
    if int(per_class.sum()) != total:  # pragma: no cover - a broken transform
        raise RuntimeError("the final classes do not add up to every deal")
    pays = table.class_fractions()
    ret = sum((Fraction(int(n)) * p for n, p in zip(per_class, pays, strict=True)), Fraction(0)) / total
    order = list(range(len(classes)))[::-1]
    df = pd.DataFrame(
        {
            "category": [classes[c] for c in order],
            "pays": [float(pays[c]) for c in order],
            "combinations": [int(per_class[c]) for c in order],
            "probability": [int(per_class[c]) / total for c in order],
        }
    )
    df["return"] = df["pays"] * df["probability"]
    draws = sol.counts.sum(axis=1) / total
    df.attrs.update(
        {
            "return": float(ret),
            "return_exact": f"{ret.numerator}/{ret.denominator}",
            "exact": True,
            "limit": limit_label(variant, max_draw),
            "paytable": str(table),
            "wild": wild,
            "deals": math.comb(52, 5),
            "patterns": int(sol.reps.size),
            "draws": [float(x) for x in draws],
            "tied": float(sol.mult[sol.n_best > 1].sum() / math.comb(52, 5)),
        }
    )
    return df
