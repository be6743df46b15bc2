"""What an evening needs to know of each game: its rules, its players, its evening kernel.

One :class:`GameSetup` per game of :data:`simkit.games.evening.GAMES`: the game's ``Rules``
type and ``jobs`` module (whose ``evening_kernel`` plays the evenings), the players the rule
documents allow, their usual number, the tips-following player and a typical field (``typical``) of three
kinds of players (tight, loose-aggressive, passive) in the game's own player specs, and the
agreed time that applies when none is given (Diablo plays to an agreed time; 2-7 and Razz play
to the last player; In-Between's is counted in dealer's games).

>>> SETUPS["razz"].default_players(5)
['tips', 'tight', 'loose-aggressive', 'check-call', 'tight']
>>> setup("poker")
Traceback (most recent call last):
...
ValueError: unknown game 'poker'; expected one of diablo, triple-draw, razz, in-between
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any, cast

from ..games import diablo, in_between, razz, triple_draw
from ..games.diablo import jobs as diablo_jobs
from ..games.evening import GAMES
from ..games.in_between import jobs as in_between_jobs
from ..games.razz import jobs as razz_jobs
from ..games.triple_draw import jobs as triple_draw_jobs

__all__ = ["FIELD_KINDS", "SETUPS", "GameSetup", "setup"]

#: The kinds of player of a typical field, in the order the default field seats them.
FIELD_KINDS = ("tight", "loose-aggressive", "passive")


@dataclass(frozen=True)
class GameSetup:
    """One game as the evening sees it (module docstring)."""

    name: str
    rules_type: type
    jobs: ModuleType
    min_players: int
    max_players: int
    usual_players: int
    tips: str
    typical: dict[str, str]
    default_deals: int = 0

    def default_players(self, n: int | None = None) -> list[str]:
        """The tips player in seat 0 and the typical field (tight, loose-aggressive, passive,
        again) in the others: ``n`` players, by default the usual number."""
        n = self.usual_players if n is None else n
        kinds = [self.typical[k] for k in FIELD_KINDS]
        return [self.tips] + [kinds[i % len(kinds)] for i in range(n - 1)]

    def rules(self, rules: Any = None, **changes: Any) -> Any:
        """``rules`` (default the game's defaults) with ``changes`` (those not ``None``)."""
        chosen: Any = self.rules_type() if rules is None else rules
        if not isinstance(chosen, self.rules_type):
            raise ValueError(f"rules for {self.name} must be a {self.rules_type.__qualname__}, got {rules!r}")
        changes = {k: v for k, v in changes.items() if v is not None}
        return replace(cast(Any, chosen), **changes) if changes else chosen


SETUPS: dict[str, GameSetup] = {
    "diablo": GameSetup(
        "diablo",
        diablo.Rules,
        diablo_jobs,
        3,
        7,
        5,
        tips="trips",
        typical={
            "tight": "two_pair",
            "loose-aggressive": "pair:kind=loose-aggressive",
            "passive": "jacks:P_BET=1.1,P_CALL=0.3",
        },
        default_deals=100,
    ),
    "triple-draw": GameSetup(
        "triple-draw",
        triple_draw.Rules,
        triple_draw_jobs,
        2,
        6,
        6,
        tips="pot-odds",
        typical={"tight": "tight-rule", "loose-aggressive": "loose", "passive": "station"},
    ),
    "razz": GameSetup(
        "razz",
        razz.Rules,
        razz_jobs,
        2,
        8,
        6,
        tips="tips",
        typical={"tight": "tight", "loose-aggressive": "loose-aggressive", "passive": "check-call"},
    ),
    "in-between": GameSetup(
        "in-between",
        in_between.Rules,
        in_between_jobs,
        2,
        12,
        6,
        tips="pay_twice:0.5@8",
        typical={"tight": "fixed:2@9", "loose-aggressive": "pot_fraction:0.5@4", "passive": "fixed:1@7"},
    ),
}
assert tuple(SETUPS) == GAMES


def setup(game: str) -> GameSetup:
    """The :class:`GameSetup` of ``game`` (a name of :data:`simkit.games.evening.GAMES`)."""
    if not isinstance(game, str) or game not in SETUPS:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(SETUPS)}")
    return SETUPS[game]
