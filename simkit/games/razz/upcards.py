"""What the other players' upcards do to a start (tip R3), and the value of a dead card.

:func:`upcard_effect`: the equity of one start against ``k`` opponents whose down cards are
unknown and whose upcards go from high to low, one opponent at a time.  Two series: the low
upcards are cards the start still needs (low ranks it does not hold), or cards that duplicate
its own ranks (which would only pair it).

:func:`dead_card_values`: how much one dead card of each rank (a folded upcard) changes the
start's equity against random opponents.

Both use :func:`simkit.games.razz.equity.equity`, so every figure carries its standard error.

Examples
--------
>>> t = upcard_effect("As 2d / 4c", opponents=2, trials=4000, seed=1)
>>> t.series.unique().tolist()
['needed', 'duplicate']
>>> t.groupby("series").low_upcards.max().tolist()
[2, 2]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...cards import format_cards
from ...checks import int_in_range
from ...rng import SeedLike, substream
from .equity import equity
from .rules import Rules, parse_hand
from .starts import razz_value

__all__ = ["dead_card_values", "upcard_effect", "upcard_scenarios"]

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
