"""Strategy matches of many hands through the runner, and the variants of R-T5.

Variants (:data:`VARIANTS`):

- ``triple-draw``: the game (R-T4: blinds 1/2, bets 2/4, three draws);
- ``single-draw-nl``: 2-7 Single Draw No Limit (Kansas City): one draw, two no-limit rounds;
- ``a5-triple-draw``: A-5 Triple Draw: aces low, straights and flushes ignored (R-T5);
- ``ante``: the game with an ante of 1 from everyone on top of the blinds.

>>> df = match(3, ["tight", "station"], hands=3000, seed=1, quiet=True)
>>> df.columns.tolist()
['seat', 'player', 'chips_per_hand', 'se', 'hands', 'variant']
>>> round(float(df.chips_per_hand.sum()), 9)
0.0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd

from ...poker.structure import single_draw_27_no_limit, triple_draw_27
from ...runner import run, stats
from .engine import PLAYERS, play

__all__ = ["MatchJob", "VARIANTS", "match", "variant_setup"]

VARIANTS = ("triple-draw", "single-draw-nl", "a5-triple-draw", "ante")


def variant_setup(variant: str) -> dict:
    """Keyword arguments of :func:`.engine.play` for a variant."""
    if variant == "triple-draw":
        return {"structure": triple_draw_27(), "family": "deuce_to_seven", "n_draws": 3}
    if variant == "single-draw-nl":
        return {"structure": single_draw_27_no_limit(), "family": "deuce_to_seven", "n_draws": 1}
    if variant == "a5-triple-draw":
        return {"structure": triple_draw_27(), "family": "ace_to_five", "n_draws": 3}
    if variant == "ante":
        return {"structure": triple_draw_27(ante=1), "family": "deuce_to_seven", "n_draws": 3}
    raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")


@dataclass(frozen=True)
class MatchJob:
    """``n`` seats: ``players[0]`` in seat 0, the last name in the remaining seats; every
    hand from fresh ``stacks``; the dealer moves every hand."""

    n: int
    players: tuple
    variant: str = "triple-draw"
    stacks: int = 200
    name: str = "triple_draw_match"

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        r = play(self.n, list(self.players), n_hands=trials, stacks=self.stacks, seed=seed,
                 **variant_setup(self.variant))
        return {"net": r.net, "net_sq": r.net_sq, "dstats": r.dstats.ravel(),
                "showdowns": np.int64(r.showdowns)}


def _check_players(players) -> tuple:
    players = tuple(players)
    for p in players:
        if p not in PLAYERS:
            raise ValueError(f"unknown player {p!r}; expected one of {', '.join(PLAYERS)}")
    if not players:
        raise ValueError("name at least one player")
    return players


def match(n: int, players, *, variant: str = "triple-draw", hands: int = 100_000, stacks: int = 200,
          seed=0, **run_opts) -> pd.DataFrame:
    """Chips per hand with standard error for each seat: ``players[0]`` against the field of
    the last name (``["tight", "loose"]``: one tight player, the rest loose)."""
    if not 2 <= n <= 6:
        raise ValueError(f"2-7 Triple Draw is for 2-6 players, got {n!r}")
    variant_setup(variant)
    players = _check_players(players)
    tot = run(MatchJob(n, players, variant, stacks), hands, seed=seed, **run_opts)
    t = int(tot["trials"])
    mean, se = stats.mean_se(tot["net"], tot["net_sq"], t)
    names = list(players) + [players[-1]] * (n - len(players))
    return pd.DataFrame({"seat": np.arange(n), "player": names[:n], "chips_per_hand": mean,
                         "se": se, "hands": t, "variant": variant})


def match_totals(n: int, players, *, variant: str = "triple-draw", hands: int = 100_000,
                 stacks: int = 200, seed=0, **run_opts) -> dict:
    """The raw runner totals of a match (net, net_sq, dstats, showdowns, trials)."""
    variant_setup(variant)
    return run(MatchJob(n, _check_players(players), variant, stacks), hands, seed=seed, **run_opts)
