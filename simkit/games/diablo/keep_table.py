"""The keep table: the best keep of every five-card hand at once, exactly (the players' draw
policy), the helpers kernels draw by, and the table by rank pattern.

For a weight ``w`` per final strength (an objective, :mod:`.solver`), let ``S[K]`` be the sum
of ``w`` over every five-card hand containing the card set ``K``.  A player holding ``H``
who keeps ``K`` draws ``5 - |K|`` cards from the 47 unseen ones, i.e. from the deck minus
``K`` minus the discards ``D = H - K``; by inclusion-exclusion over the discards

    sum over final hands = sum over J subset of D of (-1)^|J| * S[K + J],

a Möbius transform over the 32 subsets of ``H``.  One pass over the 2,598,960 hands builds
every ``S`` (each hand adds its weight to its 32 subsets), a second gives every keep of
every hand its exact value: the whole best-keep table in seconds instead of the 1.5e9
evaluations of enumerating each hand's draws.  With integer weights whose totals stay below
2**53 (the default objective) the sums are exact in float64.

:func:`keeps_by_limit` and :func:`draws_by_limit` set the best keeps side by side under
every draw limit (:data:`DRAW_LIMITS`: 1 to 5 cards, and the draw-three variant).

The table is indexed by the colex number of the hand's cards in ascending order (the hand
``c0 < … < c4`` is ``sum C(c_i, i + 1)``); the keep is a 5-bit mask over those positions.
It is what the engine's players draw by (:mod:`.engine`): inside kernels a hand lives in five
consecutive slots of an int64 array; :func:`_sort5` orders them, :func:`_hand_colex` numbers
them and :func:`_draw_policy` replaces the cards the table does not keep with the next cards
of a deck.

Every pass over all 2,598,960 hands reads them from one array (:func:`all_hands`, the
hands in lexicographic order, made by the one loop over them).

Examples
--------
>>> t = policy_table()
>>> from simkit.cards import parse_cards
>>> kept_cards(parse_cards("9s 9h 2c Kd 5h"), t)
'2c 9h 9s'
>>> hand = parse_cards("Kd 9s 2c 9h 5h").astype(np.int64)
>>> deck = parse_cards("As Ad").astype(np.int64)
>>> n = _draw_policy(hand, 0, t.mask, deck, 0)
>>> n, format_cards(hand)
(2, '2c 9h 9s As Ad')
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import pandas as pd
from numba import prange

from ...cards import N_CARDS, RANK_CHARS, format_cards
from ...disk_cache import cached_arrays, source_digest
from ...hands.enumeration import FIRST, N_HANDS, all_hands
from ...hands.kernels import eval5_deuces_wild
from ...jit import lean, njit
from .rules import CATEGORIES, category_of_strength, draw_limit, tables

__all__ = [
    "N_HANDS",
    "PolicyTable",
    "all_hands",
    "DRAW_LIMITS",
    "colex5",
    "draws_by_limit",
    "keeps_by_limit",
    "kept_cards",
    "keep_summary",
    "pattern_table",
    "objective_weights",
    "policy_table",
]

ACE = 12

# BINOM[i, c] = C(c, i + 1): the colex term of card c at sorted position i.
BINOM = np.array([[comb(c, i + 1) for c in range(53)] for i in range(5)], dtype=np.int64)
# Popcount and the size of each of the 32 subsets of five positions.
POP = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
# C(47, k): final hands per keep of 5 - k cards.
N_FINAL = np.array([comb(47, k) for k in range(6)], dtype=np.float64)


@njit(cache=True, inline="always")
def colex5(c0, c1, c2, c3, c4):
    """Colex number of an ascending five-card hand (0 .. C(52,5) - 1)."""
    return BINOM[0, c0] + BINOM[1, c1] + BINOM[2, c2] + BINOM[3, c3] + BINOM[4, c4]


@njit(cache=True, inline="always")
def _subset_index(h, mask):
    """Colex number of the cards of ``h`` (ascending) at the positions in ``mask``."""
    idx = 0
    j = 0
    for p in range(5):
        if (mask >> p) & 1:
            idx += BINOM[j, h[p]]
            j += 1
    return idx


@njit(cache=True, inline="always")
def _load(hands, i, h):
    """Hand ``i`` of :func:`all_hands` into ``h`` (int64[5])."""
    for p in range(5):
        h[p] = hands[i, p]


@njit(cache=True)
def _superset_sums(hands, T, w, S0, S1, S2, S3, S4, W5):
    """``S_k[K]``: sum of ``w[strength]`` over the five-card hands containing ``K`` (|K| = k)."""
    h = np.zeros(5, dtype=np.int64)
    for i in range(hands.shape[0]):
        _load(hands, i, h)
        v = w[eval5_deuces_wild(h[0], h[1], h[2], h[3], h[4], T)]
        W5[colex5(h[0], h[1], h[2], h[3], h[4])] = v
        S0[0] += v
        for m in range(1, 31):
            k = POP[m]
            idx = _subset_index(h, m)
            if k == 1:
                S1[idx] += v
            elif k == 2:
                S2[idx] += v
            elif k == 3:
                S3[idx] += v
            else:
                S4[idx] += v


@njit(cache=True, inline="always")
def _allowed(h, mask, most, ace_four):
    """The draw limit (:func:`~.rules.draw_limit`): draw at most ``most`` cards, or four when
    ``ace_four`` and the one card kept is an ace (R-D6; the draw-three variant: 3 and ace 4)."""
    k = POP[mask]
    if 5 - k <= most:
        return True
    if ace_four and k == 1:
        for p in range(5):
            if (mask >> p) & 1:
                return (h[p] >> 2) == ACE
    return False


#: Parallel iterations of :func:`_best_keeps`: many more than cores, so they share the hands evenly.
_BLOCKS = 64


@njit(cache=True, parallel=True)
def _best_keeps(hands, first, S0, S1, S2, S3, S4, W5, most, ace_four, best_mask, best_value):
    """Best keep of every hand: the Möbius transform of its 32 subset sums (module doc).

    The hands are split into :data:`_BLOCKS` equal runs, one parallel iteration each (every
    hand costs the same; by first card, ``first``, the first half of the cards would hold 97 %
    of the hands)."""
    n = first[N_CARDS]
    for blk in prange(_BLOCKS):
        h = np.zeros(5, dtype=np.int64)
        s = np.zeros(32)
        g = np.zeros(32)
        for i in range(blk * n // _BLOCKS, (blk + 1) * n // _BLOCKS):
            _load(hands, i, h)
            hand = colex5(h[0], h[1], h[2], h[3], h[4])
            s[0] = S0[0]
            for m in range(1, 32):
                k = POP[m]
                idx = _subset_index(h, m)
                if k == 1:
                    s[m] = S1[idx]
                elif k == 2:
                    s[m] = S2[idx]
                elif k == 3:
                    s[m] = S3[idx]
                elif k == 4:
                    s[m] = S4[idx]
                else:
                    s[m] = W5[idx]
            # superset Möbius transform: g[m] = sum over m' ⊇ m of (-1)^|m'-m| s[m']
            for m in range(32):
                g[m] = s[m]
            for bit in range(5):
                for m in range(32):
                    if not (m >> bit) & 1:
                        g[m] -= g[m | (1 << bit)]
            bm = 31
            bv = g[31]
            # more cards kept first, so ties go to the smaller draw
            for k in range(4, -1, -1):
                for m in range(31):
                    if POP[m] == k and _allowed(h, m, most, ace_four):
                        v = g[m] / N_FINAL[5 - k]
                        if v > bv:
                            bv = v
                            bm = m
            best_mask[hand] = bm
            best_value[hand] = bv


QUANTUM = float(1 << 24)  # equity weights in units of 2**-24: integer, so all sums are exact


def objective_weights(objective: str = "equity", opponents: int = 2) -> tuple[np.ndarray, float]:
    """Integer-valued per-strength weights of an objective and the divisor to a probability.

    ``"equity"``: the showdown share against ``opponents`` random five-card hands
    (:func:`~simkit.games.diablo.solver.equity_weights`), rounded to multiples of 2**-24;
    a category name: 1 for that category or better.  Integer weights keep every sum of
    :func:`policy_table` exact in float64 (the totals stay below 2**53), so equal keeps tie
    exactly.

    >>> w, scale = objective_weights("flush")
    >>> int(w.sum()), scale
    (1069, 1.0)
    """
    if objective == "equity":
        from .solver import equity_weights

        return np.round(equity_weights(opponents) * QUANTUM), QUANTUM
    from .rules import category_index

    return (category_of_strength() >= category_index(objective)).astype(np.float64), 1.0


class PolicyTable:
    """The best keep (``mask``, uint8, over the hand's cards in ascending order) and its value
    (``value``, float64, a probability or expected share) of every hand, by colex number."""

    def __init__(
        self,
        mask: np.ndarray,
        value: np.ndarray,
        variant: str,
        objective: str,
        opponents: int,
        max_draw: int | None = None,
    ):
        self.mask = mask
        self.value = value
        self.variant = variant
        self.objective = objective
        self.opponents = opponents
        self.max_draw = max_draw

    def __repr__(self) -> str:
        limit = "" if self.max_draw is None else f", max_draw={self.max_draw}"
        return (
            f"PolicyTable(variant={self.variant!r}, objective={self.objective!r}, "
            f"opponents={self.opponents}{limit})"
        )


def _build(weights: np.ndarray, most: int, ace_four: bool) -> tuple[np.ndarray, np.ndarray]:
    T = tables()
    w = np.ascontiguousarray(weights, dtype=np.float64)
    S = [np.zeros(comb(N_CARDS, k)) for k in range(5)]
    W5 = np.zeros(N_HANDS)
    hands = all_hands()
    _superset_sums(hands, T, w, S[0], S[1], S[2], S[3], S[4], W5)
    mask = np.zeros(N_HANDS, dtype=np.uint8)
    value = np.zeros(N_HANDS)
    _best_keeps(hands, FIRST, S[0], S[1], S[2], S[3], S[4], W5, most, ace_four, mask, value)
    return mask, value


def _cached_build(weights: np.ndarray, most: int, ace_four: bool) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_build`, kept on disk (:mod:`simkit.disk_cache`) under a key of everything it
    depends on: this module's source, the evaluator tables, the weights and the draw limit."""
    key = [source_digest(__file__)]
    key += [np.ascontiguousarray(t).tobytes() for t in tables()]
    key += [np.ascontiguousarray(weights, dtype=np.float64).tobytes(), f"{most}{int(ace_four)}".encode()]

    def build() -> dict[str, np.ndarray]:
        mask, value = _build(weights, most, ace_four)
        return {"mask": mask, "value": value}

    arrays = cached_arrays("diablo-keeps", b"\0".join(key), build)
    return arrays["mask"], arrays["value"]


@lru_cache(maxsize=8)
def policy_table(
    variant: str = "standard", objective: str = "equity", opponents: int = 2, max_draw: int | None = None
) -> PolicyTable:
    """The best keep of every hand for ``variant`` (``standard`` or ``draw-three``) or the
    draw limit ``max_draw``.

    Parameters
    ----------
    variant
        The draw rule (:data:`~simkit.games.diablo.rules.DRAW_VARIANTS`).
    max_draw
        Any draw limit 0..5 instead of the variant's (:func:`~.rules.draw_limit`).
    objective
        ``"equity"``: the showdown share against ``opponents`` random five-card hands (the
        engine's draw policy uses 2); or a category name: the probability of finishing at
        that category or better.
    opponents
        For ``"equity"``, 1..6.

    The table is built exactly (module docstring) in a few seconds and kept in
    ``$SIMKIT_CACHE_DIR`` (default ``~/.cache/simkit``) under a hash of its inputs.

    >>> policy_table(max_draw=5)
    PolicyTable(variant='standard', objective='equity', opponents=2, max_draw=5)
    """
    most, ace_four = draw_limit(variant, max_draw)
    w, scale = objective_weights(objective, opponents)
    mask, value = _cached_build(w, most, ace_four)
    value = value / scale
    mask.flags.writeable = False
    value.flags.writeable = False
    return PolicyTable(mask, value, variant, objective, opponents if objective == "equity" else 0, max_draw)


@njit(cache=True, inline="always")
def _sort5(h, o):
    """Sort ``h[o:o + 5]`` ascending in place (insertion sort; five elements)."""
    for i in range(o + 1, o + 5):
        x = h[i]
        j = i - 1
        while j >= o and h[j] > x:
            h[j + 1] = h[j]
            j -= 1
        h[j + 1] = x


@njit(cache=True, inline="always")
def _hand_colex(h, o):
    """Colex number of the sorted hand ``h[o:o + 5]``."""
    return colex5(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4])


@njit(cache=True, inline="always")
def _keep_sorted(h, o, mask_table):
    """Move the cards that ``mask_table`` keeps from the sorted hand ``h[o:o+5]`` to its front
    (in order); return how many it keeps."""
    m = mask_table[_hand_colex(h, o)]
    k = 0
    for p in range(5):
        if (m >> p) & 1:
            h[o + k] = h[o + p]
            k += 1
    return k


@lean(inline=True)
def _draw_policy(h, o, mask_table, deck, pos):
    """Sort ``h[o:o+5]``, keep what ``mask_table`` keeps, fill the rest from ``deck[pos:]``
    (kept cards first, drawn cards after, in deck order).  Returns the number drawn."""
    _sort5(h, o)
    k = _keep_sorted(h, o, mask_table)
    n = 5 - k
    for j in range(n):
        h[o + k + j] = deck[pos + j]
    return n


def hand_index(cards) -> int:
    """Colex number of a hand (any order)."""
    c = sorted(int(x) for x in cards)
    return int(sum(BINOM[i, c[i]] for i in range(5)))


def kept_cards(cards, table: PolicyTable | None = None) -> str:
    """The cards the table keeps from ``cards`` (ascending card order)."""
    table = table or policy_table()
    c = sorted(int(x) for x in cards)
    m = int(table.mask[hand_index(c)])
    return format_cards([c[p] for p in range(5) if m >> p & 1])


# --- the table by rank pattern -------------------------------------------------------------


@njit(cache=True)
def _pattern_counts(hands, mask, T, cat_of, pattern_of_hand, out):
    """For every hand (by colex number): its ranks as a base-13 code (high first) into
    ``pattern_of_hand``, and into ``out`` the kept ranks (base 14, rank + 1), the number of
    cards drawn and the category as dealt."""
    h = np.zeros(5, dtype=np.int64)
    for i in range(hands.shape[0]):
        _load(hands, i, h)
        idx = colex5(h[0], h[1], h[2], h[3], h[4])
        m = mask[idx]
        code = 0
        kept = 0
        for p in range(5):
            code = code * 13 + (h[4 - p] >> 2)
            if (m >> (4 - p)) & 1:
                kept = kept * 14 + (h[4 - p] >> 2) + 1
        pattern_of_hand[idx] = code
        out[idx, 0] = kept
        out[idx, 1] = 5 - POP[m]
        out[idx, 2] = cat_of[eval5_deuces_wild(h[0], h[1], h[2], h[3], h[4], T)]


def _ranks_text(code: int, n: int = 5, base: int = 13, offset: int = 0) -> str:
    out = []
    for _ in range(n):
        r = code % base - offset
        code //= base
        if r >= 0:
            out.append(RANK_CHARS[r])
    return " ".join(out[::-1]) if out else "-"


@lru_cache(maxsize=8)
def _hand_facts(variant: str, objective: str, max_draw: int | None = None) -> pd.DataFrame:
    """One row per dealt hand: its rank ``pattern``, the ranks ``kept`` by its best keep, the
    cards it ``draw``s, its ``category`` as dealt, the keep's ``value`` and its ``deuces``.

    Kept for every draw limit at once (the report reads each limit's facts twice), so the
    columns are as narrow as their values allow: 47 MB a limit.
    """
    t = policy_table(variant, objective, max_draw=max_draw)
    pattern = np.zeros(N_HANDS, dtype=np.int64)
    facts = np.zeros((N_HANDS, 3), dtype=np.int64)
    _pattern_counts(all_hands(), t.mask, tables(), category_of_strength(), pattern, facts)
    return pd.DataFrame(
        {
            "pattern": pattern.astype(np.int32),
            "kept": facts[:, 0].astype(np.int32),
            "draw": facts[:, 1].astype(np.int8),
            "category": facts[:, 2].astype(np.int8),
            "value": t.value,
            "deuces": _deuces_of(pattern).astype(np.int8),
        }
    )


def pattern_table(
    variant: str = "standard",
    objective: str = "equity",
    deuces: int | None = None,
    max_draw: int | None = None,
) -> pd.DataFrame:
    """The best keep for every starting rank pattern (rank multiset, suits aside), under the
    draw limit of ``variant`` or ``max_draw`` (:func:`~.rules.draw_limit`).

    A rank pattern has many suit assignments (more or fewer suited cards); the table gives,
    over all hands of the pattern, the most common best keep (as ranks), the share of hands
    for which it is the best, the average value and the share standing pat.

    Columns: ``pattern`` (ranks, high first), ``deuces``, ``pat_category`` (the most common
    category as dealt), ``hands``, ``keep`` (ranks kept), ``draw``, ``share``,
    ``value`` (mean over the pattern's hands of the best keep's value).

    >>> t = pattern_table(deuces=2)
    >>> t.set_index("pattern").loc["A K 9 2 2", "keep"]
    'A K 2 2'
    """
    df = _hand_facts(variant, objective, max_draw)
    if deuces is not None:
        if not 0 <= deuces <= 4:
            raise ValueError(f"deuces must be 0..4, got {deuces!r}")
        df = df[df.deuces == deuces]
    g = df.groupby(["pattern", "kept", "draw"], sort=False).size().rename("n").reset_index()
    total = df.groupby("pattern").size()
    top = g.sort_values(["pattern", "n", "draw"], ascending=[True, False, True]).drop_duplicates("pattern")
    value = df.groupby("pattern")["value"].mean()
    # the most common category as dealt (ties: the smaller code, as Series.mode would give)
    by_cat = df.groupby(["pattern", "category"]).size().rename("n").reset_index()
    by_cat = by_cat.sort_values(["pattern", "n", "category"], ascending=[True, False, True])
    cat = by_cat.drop_duplicates("pattern").set_index("pattern")["category"]
    top = top.set_index("pattern")
    out = pd.DataFrame(
        {
            "pattern": [_ranks_text(p) for p in top.index],
            "deuces": _deuces_of(top.index.to_numpy()),
            "pat_category": [CATEGORIES[c] for c in cat.loc[top.index]],
            "hands": total.loc[top.index].to_numpy(),
            "keep": [_ranks_text(k, base=14, offset=1) for k in top["kept"]],
            "draw": top["draw"].to_numpy(),
            "share": (top["n"] / total.loc[top.index]).to_numpy(),
            "value": value.loc[top.index].to_numpy(),
        }
    )
    return out.sort_values(["deuces", "value"], ascending=[True, False]).reset_index(drop=True)


def _deuces_of(codes: np.ndarray) -> np.ndarray:
    n = np.zeros(codes.shape, dtype=np.int64)
    c = codes.copy()
    for _ in range(5):
        n += c % 13 == 0
        c //= 13
    return n


def keep_summary(
    variant: str = "standard", objective: str = "equity", max_draw: int | None = None
) -> pd.DataFrame:
    """Share of hands drawing 0, 1, 2 (… 5) cards by deuces held and category as dealt, under
    the draw limit of ``variant`` or ``max_draw``.

    >>> s = keep_summary()
    >>> float(s.loc[(s.deuces == 0) & (s.pat_category == "straight"), "draw_0"].iloc[0])
    1.0
    """
    df = _hand_facts(variant, objective, max_draw)
    tab = pd.crosstab([df.deuces, df.category], df.draw, normalize="index")
    tab.columns = [f"draw_{int(c)}" for c in tab.columns]
    hands_n = df.groupby(["deuces", "category"]).size()
    value = df.groupby(["deuces", "category"])["value"].mean()
    tab = tab.assign(hands=hands_n, value=value).reset_index()
    tab.insert(1, "pat_category", [CATEGORIES[c] for c in tab.pop("category")])
    return tab


# --- what to keep under each draw limit -----------------------------------------------------

#: The draw limits compared by :func:`keeps_by_limit`: label -> (variant, max_draw).  ``2`` is
#: the standard rule (R-D6), ``3a`` the draw-three variant (3, or 4 keeping an ace).
DRAW_LIMITS: dict[str, tuple[str, int | None]] = {
    "1": ("standard", 1),
    "2": ("standard", None),
    "3": ("standard", 3),
    "3a": ("draw-three", None),
    "4": ("standard", 4),
    "5": ("standard", 5),
}


def _limits(limits) -> list[str]:
    out = list(limits)
    bad = [lim for lim in out if lim not in DRAW_LIMITS]
    if bad or not out:
        raise ValueError(
            f"unknown draw limit {bad[0] if bad else out!r}; expected some of {', '.join(DRAW_LIMITS)}"
        )
    return out


def keeps_by_limit(
    limits=tuple(DRAW_LIMITS), objective: str = "equity", deuces: int | None = None
) -> pd.DataFrame:
    """What to keep: the best keep of every starting rank pattern under each draw limit.

    Parameters
    ----------
    limits
        Labels of :data:`DRAW_LIMITS` (default all: 1, 2 = standard, 3, 3a = draw-three, 4, 5).
    objective
        As in :func:`policy_table` (default: showdown share against two random hands).
    deuces
        Only the patterns with this many deuces.

    Returns
    -------
    pandas.DataFrame
        One row per rank pattern: ``pattern``, ``deuces``, ``pat_category``, ``hands``, and
        per limit ``L``: ``keep_L`` (ranks kept by most of the pattern's hands), ``draw_L``
        and ``value_L`` (mean value of the best keep).  Sorted as :func:`pattern_table` under
        the first limit.

    Examples
    --------
    >>> t = keeps_by_limit(("2", "5"), deuces=0).set_index("pattern")
    >>> t.loc["A K 9 5 3", ["keep_2", "keep_5"]].tolist()
    ['A K 9', 'A']
    """
    labels = _limits(limits)
    out: pd.DataFrame | None = None
    for lim in labels:
        variant, max_draw = DRAW_LIMITS[lim]
        t = pattern_table(variant, objective, deuces, max_draw)
        t = t.rename(columns={"keep": f"keep_{lim}", "draw": f"draw_{lim}", "value": f"value_{lim}"})
        t = t.drop(columns="share")
        if out is None:
            out = t
        else:
            out = out.merge(
                t[["pattern", f"keep_{lim}", f"draw_{lim}", f"value_{lim}"]], on="pattern", how="left"
            )
    assert out is not None
    return out.reset_index(drop=True)


def draws_by_limit(limits=tuple(DRAW_LIMITS), objective: str = "equity") -> pd.DataFrame:
    """How many cards the best keeps draw under each draw limit, by deuces dealt.

    Returns
    -------
    pandas.DataFrame
        One row per limit and number of deuces: ``limit``, ``deuces``, ``hands``,
        ``mean_draw``, the share of hands drawing 0..5 (``draw_0`` ...) and ``value`` (mean
        value of the best keep, e.g. the showdown share against two random hands).

    Examples
    --------
    >>> d = draws_by_limit(("2", "3a"))
    >>> d[d.deuces == 0].set_index("limit")["mean_draw"].round(3).tolist()
    [1.877, 2.987]
    """
    rows = []
    for lim in _limits(limits):
        variant, max_draw = DRAW_LIMITS[lim]
        facts = _hand_facts(variant, objective, max_draw)
        n_deuces = facts["deuces"].to_numpy()
        draw = facts["draw"].to_numpy()
        value = facts["value"].to_numpy()
        for d in range(5):
            sel = n_deuces == d
            n = int(sel.sum())
            shares = np.bincount(draw[sel], minlength=6)[:6] / n
            rows.append(
                {
                    "limit": lim,
                    "deuces": d,
                    "hands": n,
                    "mean_draw": float(draw[sel].mean()),
                    **{f"draw_{k}": float(shares[k]) for k in range(6)},
                    "value": float(value[sel].mean()),
                }
            )
    return pd.DataFrame(rows)
