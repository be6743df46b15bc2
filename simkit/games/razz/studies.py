"""The tip studies of Razz: what the other players' upcards do to a start and the value of a
dead card (tip R3), and how often a hand still makes a good low and what an early pair costs
(tip R4).  The start table behind R1, R2 and ``topN%`` ranges is :mod:`.starts`.

:func:`upcard_effect`: the equity of one start against ``k`` opponents whose down cards are
unknown and whose upcards go from high to low, one opponent at a time.  Two series: the low
upcards are cards the start still needs (low ranks it does not hold), or cards that duplicate
its own ranks (which would only pair it).

:func:`dead_card_values`: how much one dead card of each rank (a folded upcard) changes the
start's equity against random opponents.  Both use :func:`simkit.games.razz.equity.equity`, so
every figure carries its standard error.

:func:`low_odds` enumerates every completion of one hand to seven cards (exact) and gives the
chance that its best five (R-Z1) is an ``X``-low or better, for ``X`` = 5 … K.

:class:`EarlyPairJob` deals random fourth-street situations in which the first three cards
are different ranks 8 or lower, classifies the fourth card as **paired** (one of the three
ranks), **smooth** (a new rank 8 or lower) or **brick** (9 or higher), plays every hand to
the showdown against random opponents (all stay) and counts, per class, the equity, how often
the hand ends 8-low or better and 7-low or better.

Examples
--------
>>> t = upcard_effect("As 2d / 4c", opponents=2, trials=4000, seed=1)
>>> t.series.unique().tolist()
['needed', 'duplicate']
>>> t.groupby("series").low_upcards.max().tolist()
[2, 2]
>>> t = low_odds("As 2d 4c 4h")
>>> int(t.attrs["deals"]), round(float(t.loc[t.low == "8", "p"].item()), 4)
(17296, 0.3238)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cache

import numpy as np
import pandas as pd

from ...cards import N_CARDS, format_cards
from ...checks import int_in_range
from ...deck import live_deck, next_combination, shuffle_prefix
from ...hands.kernels import eval7_ace_to_five
from ...hands.tables import decode, strength_codes
from ...jit import njit
from ...memory import private_zeros
from ...rng import SeedLike, stream_state, substream
from .equity import equity
from .rules import Rules, _razz_value, parse_dead, parse_hand
from .showdown import UNITS, _hand_values, _pot_shares, tables
from .starts import razz_value

__all__ = [
    "CLASSES",
    "EarlyPairJob",
    "dead_card_values",
    "early_pair_table",
    "low_high_of_strength",
    "low_odds",
    "upcard_effect",
    "upcard_scenarios",
]

# --- R3: upcards and dead cards ----------------------------------------------------------------

# High upcards handed out first (K, Q, J, T, 9, 9 …), in order of razz badness.
_HIGH_RANKS = [11, 10, 9, 8, 7, 11, 10, 9]  # K Q J T 9 K Q J (rank indices)


def _cards_of_rank(rank: int, taken: set[int], start: str = "") -> int:
    for suit in (3, 2, 1, 0):
        c = 4 * rank + suit
        if c not in taken:
            return c
    name = format_cards([4 * rank])[0]
    raise ValueError(
        f"the start {start!r} and the other upcards leave no {name} to show: give fewer opponents"
    )


def upcard_scenarios(start: str, opponents: int = 4) -> list[dict]:
    """The opponent upcards of :func:`upcard_effect`: for each series and each number ``j`` of
    low upcards, ``j`` opponents show low cards and the rest high ones (K, Q, J, T, 9 …).

    ``needed``: the lowest ranks (A up to 8) the start does not hold; ``duplicate``: the start's
    own ranks (a rank may be shown twice when the start has fewer than ``opponents`` ranks).

    >>> [s["upcards"] for s in upcard_scenarios("As 2d / 4c", 2) if s["series"] == "needed"]
    ['Ks Qs', '3s Ks', '3s 5s']
    """
    hand = parse_hand(start)
    if hand.unknown or hand.known.size != 3:
        raise ValueError(f"start {start!r} must be three known cards")
    int_in_range(opponents, "opponents", 1, 7)
    own = [int(c) for c in hand.known]
    own_ranks = sorted({c >> 2 for c in own}, key=razz_value)
    low_order = [12] + list(range(7))  # A 2 3 4 5 6 7 8 as rank indices
    needed = [r for r in low_order if r not in own_ranks]
    out = []
    for series, ranks in (("needed", needed), ("duplicate", own_ranks)):
        for j in range(opponents + 1):
            taken = set(own)
            ups = []
            for i in range(opponents):
                if i < j:
                    r = ranks[i % len(ranks)]
                else:
                    r = _HIGH_RANKS[(i - j) % len(_HIGH_RANKS)]
                c = _cards_of_rank(r, taken, start)
                taken.add(c)
                ups.append(c)
            out.append({"series": series, "low_upcards": j, "upcards": format_cards(ups)})
    return out


def upcard_effect(
    start: str,
    opponents: int = 4,
    *,
    rules: Rules | None = None,
    trials: int = 100_000,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """Equity of ``start`` (three cards) against ``opponents`` hands ``? ? / upcard`` as their
    upcards go from high to low (see :func:`upcard_scenarios`), under ``rules`` (its variant's
    hand ranking; default :class:`~.rules.Rules`, Razz).

    Returns one row per scenario: ``series``, ``low_upcards``, ``upcards``, ``equity``, ``se``,
    ``fair`` (1 / players).
    """
    rows = []
    for i, sc in enumerate(upcard_scenarios(start, opponents)):
        hands = [start] + [f"? ? / {u}" for u in sc["upcards"].split()]
        df = equity(
            hands, rules=rules, trials=trials, seed=substream(seed, "upcards", i), exact=False, **run_options
        )
        rows.append(
            {**sc, "equity": float(df.equity[0]), "se": float(df.se[0]), "fair": 1.0 / (opponents + 1)}
        )
    return pd.DataFrame(rows)


def dead_card_values(
    start: str,
    opponents: int = 2,
    *,
    rules: Rules | None = None,
    trials: int = 200_000,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """The change in ``start``'s equity against random opponents when one card of each rank is
    dead (a folded upcard), with its standard error, under ``rules`` (its variant's hand
    ranking; default :class:`~.rules.Rules`, Razz).

    Returns one row per rank, A first: ``rank`` (A, 2 … K), ``dead``, ``equity``, ``se``,
    ``value`` (equity with the dead card minus without), ``value_se``, ``in_start`` (the start
    holds this rank).

    >>> t = dead_card_values("As 2d / 4c", 1, trials=2000, seed=1)
    >>> t["rank"].tolist()[:3], len(t)
    (['A', '2', '3'], 13)
    """
    hand = parse_hand(start)
    if hand.unknown or hand.known.size != 3:
        raise ValueError(f"start {start!r} must be three known cards")
    opp = ["? ? ?"] * int_in_range(opponents, "opponents", 1, 7)
    base = equity([start] + opp, rules=rules, trials=trials, seed=seed, exact=False, **run_options)
    b, bse = float(base.equity[0]), float(base.se[0])
    own = {int(c) for c in hand.known}
    rows = []
    for i, r in enumerate([12] + list(range(12))):
        d = _cards_of_rank(r, own)
        df = equity(
            [start] + opp,
            format_cards([d]),
            rules=rules,
            trials=trials,
            seed=substream(seed, "dead", i),
            exact=False,
            **run_options,
        )
        e, se = float(df.equity[0]), float(df.se[0])
        v = razz_value(r)
        rows.append(
            {
                "rank": {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}.get(v, str(v)),
                "dead": format_cards([d]),
                "equity": e,
                "se": se,
                "value": e - b,
                "value_se": float(np.hypot(se, bse)),
                "in_start": r in {c >> 2 for c in own},
            }
        )
    out = pd.DataFrame(rows)
    out.attrs.update(base=b, base_se=bse)
    return out


# --- R4: low odds and the early pair ----------------------------------------------------------

#: The fourth-street classes of :class:`EarlyPairJob`.
CLASSES = ("paired", "smooth", "brick")
_LOW_NAMES = ["5", "6", "7", "8", "9", "T", "J", "Q", "K"]


@cache
def low_high_of_strength() -> np.ndarray:
    """For every A-5 strength, the Razz value of its highest card when it is a no-pair low
    (5 … 13), else 14 (a paired hand)."""
    n = strength_codes("ace_to_five").size
    out = np.full(n, 14, dtype=np.int64)
    for s in range(n):
        cat, ranks = decode(s, "ace_to_five")
        if cat == 0:
            out[s] = ranks[0] + 1
    return out


@njit(cache=True, nogil=True)
def _low_odds_kernel(known, n_known, live, need, T, high_of, hist):
    """Histogram (by ``high_of`` of the final strength) over every completion."""
    hand = np.empty(7, known.dtype)
    for j in range(n_known):
        hand[j] = known[j]
    comb_ = np.empty(8, np.int64)
    for j in range(need):
        comb_[j] = j
    L = live.shape[0]
    count = 0
    while True:
        for j in range(need):
            hand[n_known + j] = live[comb_[j]]
        s = eval7_ace_to_five(hand[0], hand[1], hand[2], hand[3], hand[4], hand[5], hand[6], T)
        hist[high_of[s]] += 1
        count += 1
        if need == 0 or not next_combination(comb_, need, L):
            break
    return count


def low_odds(hand: str, dead: str | None = None) -> pd.DataFrame:
    """Exact chance that ``hand`` (3 to 7 known cards) ends with an ``X``-low or better.

    Returns rows ``low`` (5 … K), ``p`` (cumulative: ``X``-low or better, no pair) and
    ``p_exact`` (exactly an ``X``-low); ``attrs['deals']`` completions were counted and
    ``attrs['p_paired']`` is the chance of ending with no five different ranks.

    >>> low_odds("? ? ?")
    Traceback (most recent call last):
    ...
    ValueError: low_odds needs known cards only, got 'hand ? ? ?'
    >>> hand = "As 2d 3c 4h 5s"
    >>> everything_else = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in hand]
    >>> low_odds(hand, dead=" ".join(everything_else[1:]))
    Traceback (most recent call last):
    ...
    ValueError: low_odds needs 2 more cards to complete the hand, but the deck holds 1 ...
    """
    h = parse_hand(hand)
    if h.unknown:
        raise ValueError(f"low_odds needs known cards only, got 'hand {hand}'")
    if h.known.size < 3:
        raise ValueError(f"low_odds needs 3 to 7 cards, got {h.known.size}")
    dead_cards, _ = parse_dead(dead)
    live = live_deck(np.concatenate([h.known, dead_cards]).astype(np.int64))
    need = 7 - h.known.size
    if live.size < need:
        raise ValueError(
            f"low_odds needs {need} more cards to complete the hand, but the deck holds {live.size} "
            "once the hand and the dead cards are out of it"
        )
    hist = np.zeros(15, np.int64)
    T, _ = tables("razz")
    count = _low_odds_kernel(h.known, h.known.size, live, need, T, low_high_of_strength(), hist)
    p_exact = hist[5:14] / count
    out = pd.DataFrame({"low": _LOW_NAMES, "p": np.cumsum(p_exact), "p_exact": p_exact})
    out.attrs.update(deals=int(count), p_paired=float(hist[14] / count), hand=format_cards(h.known))
    return out


@njit(cache=True, nogil=True)
def _early_pair_kernel(opponents, T, T8, high_of, trials, state, n, share, share_sq, made8, made7):
    """``trials`` accepted deals; per class (0 paired, 1 smooth, 2 brick) accumulate counts."""
    deck = np.arange(N_CARDS).astype(np.int8)
    players = opponents + 1
    hands = np.empty((players, 7), np.int8)
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    sh = np.zeros(players, np.int64)
    community = 7 * players > N_CARDS  # R-Z4 with eight players
    m = 7 * players - (players - 1 if community else 0)
    done = 0
    while done < trials:
        shuffle_prefix(deck, 4, state)
        v0 = _razz_value(deck[0])  # ace low (R-Z1)
        v1 = _razz_value(deck[1])
        v2 = _razz_value(deck[2])
        v3 = _razz_value(deck[3])
        if v0 > 8 or v1 > 8 or v2 > 8 or v0 == v1 or v0 == v2 or v1 == v2:
            continue
        if v3 == v0 or v3 == v1 or v3 == v2:
            cls = 0
        elif v3 <= 8:
            cls = 1
        else:
            cls = 2
        done += 1
        # the rest of the deal: our 3 more cards, opponents 7 each (community card if short)
        shuffle_prefix(deck[4:], m - 4, state)
        k = 0
        for p in range(players):
            last = 7 if not community else 6
            for j in range(last):
                hands[p, j] = deck[k]
                k += 1
        if community:
            for p in range(players):
                hands[p, 6] = deck[k]
        _hand_values(hands, players, 0, T, T8, hi, lo)
        _pot_shares(hi, lo, players, 0, sh)
        n[cls] += 1
        share[cls] += sh[0]
        share_sq[cls] += sh[0] * sh[0]
        top = high_of[hi[0]]
        if top <= 8:
            made8[cls] += 1
        if top <= 7:
            made7[cls] += 1


@dataclass(frozen=True)
class EarlyPairJob:
    """Monte Carlo job: fourth-street deals with three different low cards first (R4)."""

    opponents: int = 1
    name: str = "razz_early_pair"
    chunk_size: int = 100_000

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        if not 1 <= self.opponents <= 7:
            raise ValueError(f"opponents must be 1..7, got {self.opponents}")
        out = {k: private_zeros(3, np.int64) for k in ("n", "share", "share_sq", "made8", "made7")}
        T, T8 = tables("razz")
        _early_pair_kernel(
            self.opponents,
            T,
            T8,
            low_high_of_strength(),
            trials,
            stream_state(seed),
            out["n"],
            out["share"],
            out["share_sq"],
            out["made8"],
            out["made7"],
        )
        return out


def early_pair_table(totals: dict) -> pd.DataFrame:
    """Per class: deals, equity (± SE), P(8-low or better), P(7-low or better) (± SE)."""
    n = totals["n"].astype(float)
    eq = totals["share"] / (UNITS * n)
    var = np.maximum(totals["share_sq"] / (UNITS * UNITS * n) - eq * eq, 0) * n / (n - 1)
    p8 = totals["made8"] / n
    p7 = totals["made7"] / n
    return pd.DataFrame(
        {
            "fourth_card": CLASSES,
            "deals": totals["n"],
            "equity": eq,
            "se": np.sqrt(var / n),
            "p_8_low": p8,
            "p_8_low_se": np.sqrt(p8 * (1 - p8) / n),
            "p_7_low": p7,
            "p_7_low_se": np.sqrt(p7 * (1 - p7) / n),
        }
    )
