"""Diablo's fixed facts and the agreed rules: hand categories, the exact pat-hand distribution,
draw limits, the :class:`Rules` of a table and the variants of diablo.de.txt.

Hands are ranked by the ``deuces_wild`` evaluator of :mod:`simkit.hands` (R-D1, R-D2).  The
*pat distribution* is the exact strength histogram of all 2,598,960 five-card hands; its
cumulative form turns a strength into a percentile, the *score* the betting strategies see.

Draw limits (R-D6, Varianten): 0, 1 or 2 cards; in the ``draw-three`` variant up to three, or
four when the one card kept is an ace.  For analysis any limit 0-5 can be asked for
(``max_draw``, :func:`draw_limit`): 5 is five-card draw as video poker plays it.

:class:`Rules` holds every setting agreed before play (ante, limits, raise cap, stacks, the
Diablo rule and the variants, R-D6 defaults) and is the only place a default lives;
:data:`VARIANTS` names the variants of diablo.de.txt ("Varianten") as :class:`Rules`.
:meth:`Rules.config` packs them for the kernels (entries ``C_*``).

Examples
--------
>>> CATEGORIES[-1], len(CATEGORIES)
('five_of_a_kind', 10)
>>> draw_allowed(3, [48], "standard"), draw_allowed(4, [48], "draw-three")
(False, True)
>>> draw_limit(), draw_limit("draw-three"), draw_limit(max_draw=5)
((2, False), (3, True), (5, False))
>>> round(float(pat_below()[category_floor("three_of_a_kind")]), 4)
0.8156
>>> Rules(cap=20).variant, VARIANTS["draw three"].variant
('standard', 'draw-three')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from ... import hands
from ...cards import N_CARDS
from ...checks import INT_LIMIT, flag, is_int
from ...hands.kernels import DEUCES_WILD, enumerate_counts
from ...hands.tables import decode
from ...poker.structure import diablo as diablo_structure

__all__ = [
    "CATEGORIES",
    "C_ANTE",
    "C_CAP",
    "C_DEALERS_CHOICE",
    "C_DIABLO",
    "C_DRAW3",
    "C_JACKS",
    "C_JJ_FLOOR",
    "C_MAX_DEALS",
    "C_SESSION",
    "DRAW_VARIANTS",
    "FAMILY",
    "N_CFG",
    "Rules",
    "VARIANTS",
    "category_floor",
    "category_index",
    "category_of_strength",
    "draw_allowed",
    "draw_limit",
    "limit_label",
    "max_draw",
    "n_strengths",
    "pair_floor",
    "pat_below",
    "pat_counts",
    "strength_of",
    "tables",
]

FAMILY = "deuces_wild"
#: Category names, weakest first (R-D1); index = category number.
CATEGORIES: tuple[str, ...] = tuple(hands.family_categories(FAMILY))
#: Draw rules: ``standard`` 0-2 cards (R-D6); ``draw-three`` up to 3, 4 keeping an ace.
DRAW_VARIANTS = ("standard", "draw-three")
ACE = 12


def tables():
    """The evaluator's lookup tables for compiled kernels (pass them as an argument)."""
    return hands.kernel_tables(FAMILY)


@cache
def n_strengths() -> int:
    """Number of distinct deuces-wild strengths (5,162)."""
    return int(hands.strength_codes(FAMILY).size)


@cache
def category_of_strength() -> np.ndarray:
    """Category number (index into :data:`CATEGORIES`) of every strength, int64.

    >>> CATEGORIES[category_of_strength()[-1]]
    'five_of_a_kind'
    """
    return np.array([decode(s, FAMILY)[0] for s in range(n_strengths())], dtype=np.int64)


def category_index(name: str) -> int:
    """The number of category ``name``; ``ValueError`` names an unknown one.

    >>> category_index("flush")
    5
    >>> category_index("royal")
    Traceback (most recent call last):
    ...
    ValueError: unknown category 'royal'; expected one of high_card, one_pair, two_pair, three_of_a_kind, straight, flush, full_house, four_of_a_kind, straight_flush, five_of_a_kind
    """
    key = name.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(name, str) else None
    if key not in CATEGORIES:
        raise ValueError(f"unknown category {name!r}; expected one of {', '.join(CATEGORIES)}")
    return CATEGORIES.index(key)


def category_floor(name: str) -> int:
    """The weakest strength of category ``name``."""
    cat = category_index(name)
    return int(np.flatnonzero(category_of_strength() == cat)[0])


@cache
def pair_floor(rank: int) -> int:
    """The weakest strength of a pair of ``rank`` (0 = deuce ... 12 = ace).

    >>> from simkit.hands import describe
    >>> describe(pair_floor(9), "deuces_wild")
    'pair of jacks'
    """
    for s in range(n_strengths()):
        cat, tie = decode(s, FAMILY)
        if cat == 1 and tie[0] >= rank:
            return s
    raise ValueError(f"rank must be 0..12, got {rank!r}")  # pragma: no cover


def strength_of(cards) -> int:
    """The strength of one five-card hand (a card string or card integers).

    >>> from simkit.hands import describe
    >>> describe(strength_of("Ah 2c 9h 7h 5h"), "deuces_wild")
    'flush, A-K-9-7-5'
    """
    from ...cards import parse_cards

    arr = parse_cards(cards, n=5) if isinstance(cards, str) else np.asarray(cards)
    return int(hands.evaluate(arr, FAMILY))


@cache
def pat_counts() -> np.ndarray:
    """Exact number of five-card hands at each strength (sums to C(52, 5)), int64."""
    hist = enumerate_counts(5, DEUCES_WILD, tables(), n_strengths())
    if int(hist.sum()) != comb(N_CARDS, 5):  # pragma: no cover - a broken enumeration
        raise RuntimeError("pat-hand enumeration does not add up to C(52, 5)")
    return hist.astype(np.int64)


@cache
def pat_below() -> np.ndarray:
    """Fraction of five-card hands strictly weaker than each strength (the pre-draw score).

    A threshold "open with pair of jacks or better" is ``score >= pat_below()[floor(JJ)]``.
    """
    c = pat_counts()
    below = np.concatenate([[0], np.cumsum(c)[:-1]]) / comb(N_CARDS, 5)
    below.flags.writeable = False
    return below


def max_draw(variant: str = "standard") -> int:
    """Most cards one player may exchange under ``variant`` (2, or 4 in ``draw-three``)."""
    if variant not in DRAW_VARIANTS:
        raise ValueError(f"unknown draw variant {variant!r}; expected one of {', '.join(DRAW_VARIANTS)}")
    return 2 if variant == "standard" else 4


def draw_limit(variant: str = "standard", max_draw: int | None = None) -> tuple[int, bool]:
    """The draw limit as ``(most, ace_four)``: at most ``most`` cards, and four more when
    ``ace_four`` and the one card kept is an ace.

    Parameters
    ----------
    variant
        ``standard`` (0-2 cards, R-D6) or ``draw-three`` (up to 3, 4 keeping an ace).
    max_draw
        Any limit 0..5 instead of the variant's (only with ``variant="standard"``).

    Examples
    --------
    >>> draw_limit("draw-three"), draw_limit(max_draw=0)
    ((3, True), (0, False))
    >>> draw_limit(max_draw=6)
    Traceback (most recent call last):
    ...
    ValueError: max_draw must be an integer 0..5, got 6
    >>> draw_limit("draw-three", max_draw=5)
    Traceback (most recent call last):
    ...
    ValueError: max_draw=5 and variant 'draw-three' both set the draw limit; give one of them
    """
    if variant not in DRAW_VARIANTS:
        raise ValueError(f"unknown draw variant {variant!r}; expected one of {', '.join(DRAW_VARIANTS)}")
    if max_draw is None:
        return (2, False) if variant == "standard" else (3, True)
    if not is_int(max_draw) or not 0 <= max_draw <= 5:
        raise ValueError(f"max_draw must be an integer 0..5, got {max_draw!r}")
    if variant != "standard":
        raise ValueError(
            f"max_draw={max_draw!r} and variant {variant!r} both set the draw limit; give one of them"
        )
    return int(max_draw), False


def limit_label(variant: str = "standard", max_draw: int | None = None) -> str:
    """The draw limit in words.

    >>> limit_label(), limit_label("draw-three"), limit_label(max_draw=5)
    ('standard (0-2)', 'draw-three (0-3, 4 keeping an ace)', 'at most 5')
    """
    most, ace_four = draw_limit(variant, max_draw)
    if max_draw is not None:
        return f"at most {most}"
    return f"{variant} (0-{most}{', 4 keeping an ace' if ace_four else ''})"


def draw_allowed(n_draw: int, kept, variant: str = "standard", max_draw: int | None = None) -> bool:
    """Whether exchanging ``n_draw`` cards while keeping ``kept`` is allowed (R-D6, Varianten).

    Standard: 0, 1 or 2 cards.  ``draw-three``: up to three, or four when the single card kept
    is an ace ("vier, wenn die behaltene Karte ein Ass ist"; a deuce is no ace).  ``max_draw``:
    any number up to it (:func:`draw_limit`).

    >>> draw_allowed(4, [51], "draw-three"), draw_allowed(4, [47], "draw-three"), draw_allowed(5, [], max_draw=5)
    (True, False, True)
    """
    most, ace_four = draw_limit(variant, max_draw)
    if n_draw < 0:
        return False
    if n_draw <= most:
        return True
    kept = list(kept)
    return ace_four and n_draw == 4 and len(kept) == 1 and int(kept[0]) >> 2 == ACE


# --- the agreed rules -------------------------------------------------------------------------

# The rules as the kernels read them (int64 array ``cfg`` of :meth:`Rules.config`).
C_ANTE = 0  # ante per seat (R-D6)
C_DIABLO = 1  # 1: the Diablo rule (R-D5); 0: plain deuces wild (Varianten)
C_CAP = 2  # cap on the Diablo pot, 0 = none (Varianten: Obergrenze)
C_DRAW3 = 3  # 1: draw up to three, four keeping an ace (Varianten: Mehr tauschen)
C_JACKS = 4  # 1: opening needs a pair of jacks or better (Varianten: Buben oder besser)
C_DEALERS_CHOICE = 5  # 1: after a series the deal passes left of who started it
C_SESSION = 6  # series per session (stacks carry over inside a session), 1 = fresh stacks
C_MAX_DEALS = 7  # safety: deals per series before it is a runaway (an error)
C_JJ_FLOOR = 8  # strength of the weakest pair of jacks
N_CFG = 9


def _count(name: str, v, least: int) -> None:
    if not is_int(v) or v < least:
        kind = "non-negative" if least == 0 else "positive"
        raise ValueError(f"{name} must be a {kind} integer, got {v!r}")
    if v > INT_LIMIT:
        raise ValueError(f"{name} must be at most 2**53, got {v!r}")


@dataclass(frozen=True)
class Rules:
    """The rules agreed before play (R-D6 defaults; the variants of diablo.de.txt).

    ``ante`` per player; ``before``/``after`` the (min, max) bet of the rounds before and after
    the draw, ``max_raises`` per round (R-D6); ``stacks`` the chips each player starts with
    (one number, or one per seat).  ``diablo=False`` is the Deuces Wild variant (no Diablo
    rule); ``cap`` > 0 caps the pot an opener pays; ``draw_three`` allows three cards (four
    keeping an ace); ``jacks_or_better`` lets only a pair of jacks or better open;
    ``dealers_choice``: after a series the deal passes left of the player who dealt its first
    game.  ``session``: series played before the stacks start fresh; ``max_deals``: deals after
    which a series still running is a runaway, an error (no figure comes from it).

    >>> int(Rules(cap=20).config()[C_CAP])
    20
    >>> Rules(ante=-1)
    Traceback (most recent call last):
    ...
    ValueError: ante must be a non-negative integer, got -1
    >>> Rules(stacks=(100, -5, 100))
    Traceback (most recent call last):
    ...
    ValueError: stacks must be one non-negative integer up to 2**53 or one per seat, got (100, -5, 100)
    """

    ante: int = 1
    before: tuple[int, int] = (1, 5)
    after: tuple[int, int] = (2, 10)
    max_raises: int = 4
    diablo: bool = True
    cap: int = 0
    draw_three: bool = False
    jacks_or_better: bool = False
    dealers_choice: bool = False
    session: int = 1
    max_deals: int = 1000
    stacks: int | tuple[int, ...] = 100

    def __post_init__(self):
        for name in ("ante", "cap", "max_raises"):
            _count(name, getattr(self, name), 0)
        for name in ("session", "max_deals"):
            _count(name, getattr(self, name), 1)
        for name in ("diablo", "draw_three", "jacks_or_better", "dealers_choice"):
            flag(getattr(self, name), name)
        st = self.stacks
        if not isinstance(st, (int, np.integer)):
            st = tuple(st) if isinstance(st, (tuple, list, np.ndarray)) else st
            object.__setattr__(self, "stacks", st)
        each = [st] if isinstance(st, (int, np.integer)) else st
        if (
            not isinstance(each, (list, tuple))
            or not each
            or any(not is_int(v) or not 0 <= v <= INT_LIMIT for v in each)
        ):
            raise ValueError(
                f"stacks must be one non-negative integer up to 2**53 or one per seat, got {self.stacks!r}"
            )
        self.structure()

    def structure(self):
        """The betting structure (:func:`simkit.poker.structure.diablo`)."""
        return diablo_structure(self.ante, tuple(self.before), tuple(self.after), self.max_raises)

    def config(self) -> np.ndarray:
        """The rules as the kernels read them (int64, entries ``C_*``)."""
        cfg = np.zeros(N_CFG, dtype=np.int64)
        cfg[C_ANTE] = self.ante
        cfg[C_DIABLO] = int(self.diablo)
        cfg[C_CAP] = self.cap
        cfg[C_DRAW3] = int(self.draw_three)
        cfg[C_JACKS] = int(self.jacks_or_better)
        cfg[C_DEALERS_CHOICE] = int(self.dealers_choice)
        cfg[C_SESSION] = self.session
        cfg[C_MAX_DEALS] = self.max_deals
        cfg[C_JJ_FLOOR] = pair_floor(9)
        return cfg

    @property
    def variant(self) -> str:
        """The draw rule (one of :data:`DRAW_VARIANTS`)."""
        return "draw-three" if self.draw_three else "standard"

    def unused(self) -> dict[str, str]:
        """The settings these rules never read, each with the reason (a command line refuses
        them when typed): ``cap`` without the Diablo rule, ``dealers_choice`` when every series
        starts afresh (``session`` 1: its first dealer is drawn at random).

        >>> Rules(diablo=False, session=20).unused()
        {'cap': 'is not used without the Diablo rule: it caps the pot a losing opener pays'}
        >>> list(Rules().unused())
        ['dealers_choice']
        """
        out = {}
        if not self.diablo:
            out["cap"] = "is not used without the Diablo rule: it caps the pot a losing opener pays"
        if self.session == 1:
            out["dealers_choice"] = (
                "is not used when every series starts with fresh stacks (a session of 1 series): "
                "the first dealer of each is drawn at random"
            )
        return out

    def seat_stacks(self, n: int) -> np.ndarray:
        """The starting stacks of ``n`` seats (int64); ``ValueError`` unless they fit and at
        least two players have chips."""
        st = self.stacks
        arr = np.full(n, st, dtype=np.int64) if np.ndim(st) == 0 else np.asarray(st, dtype=np.int64)
        if arr.shape != (n,):
            raise ValueError(f"stacks must be one non-negative integer or one per seat, got {st!r}")
        if (arr > 0).sum() < 2:
            raise ValueError(f"at least two players need chips, got {st!r}")
        return arr


#: The rule variants of diablo.de.txt ("Varianten") that change the simulated game.
VARIANTS = {
    "standard": Rules(),
    "cap 20": Rules(cap=20),
    "draw three": Rules(draw_three=True),
    "jacks or better": Rules(jacks_or_better=True),
    "deuces wild (no Diablo rule)": Rules(diablo=False),
    "dealer's choice (series of 20)": Rules(dealers_choice=True, session=20),
    "standard (series of 20)": Rules(session=20),
}
