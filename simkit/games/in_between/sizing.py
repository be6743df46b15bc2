"""How much to stake: Kelly and half-Kelly by spread and by post pair, and the best stake for
expected chips over a whole dealer's game (exact dynamic programming, heads-up).

Kelly maximises the expected log of one's chips, given the double loss on the post; the
stake in chips is ``floor(f * chips)``, capped by the pot (R-I2) — by concavity the capped
optimum is the cap itself.  A player who wants expected chips instead would stake the most
allowed on every positive hand of a single bet, but over a dealer's game the pot cap and the
double loss change that: winning shrinks the pot for later, and losing the post costs double.
:func:`best_game_stakes` solves that game exactly for one player against the dealer
(``pot + player's chips`` is constant there, so the state is ``(round, chips)``).

Examples
--------
>>> t = sizing_table()
>>> pass_rule(t)
'pass on spread 7 or less; stake on 8 or more'
>>> int(t.loc[t.spread == 11, "kelly_stake"].iloc[0])  # 0.32 of 100 chips, capped by the pot 20
20
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from numbers import Real

import numpy as np
import pandas as pd

from ...cards import N_CARDS
from ...checks import flag, is_int, non_negative_int, positive_int
from .kelly import _check_probs, _kelly
from .odds import _gap_ev, _gap_probs, odds_table, rank_counts
from .rules import Rules, _spread
from .strategies import RANDOM, Policy, _policy_stake, parse_policy

__all__ = [
    "GameStakes",
    "best_game_stakes",
    "dealt_hands",
    "evaluate_game_policy",
    "integer_kelly_stake",
    "pass_rule",
    "sizing_table",
]

#: The most steps (``rounds * (chips + pot)**2``) an exact heads-up game may take: some seconds.
GAME_WORK_LIMIT = 10**8


def integer_kelly_stake(
    p_between: float,
    p_post: float,
    p_outside: float,
    *,
    chips: int,
    pot: int,
    multiplier: float = 1.0,
    post_penalty: int = 2,
) -> int:
    """The Kelly stake in whole chips: ``floor(multiplier * f * chips)`` capped by the pot.

    >>> integer_kelly_stake(44/50, 6/50, 0.0, chips=100, pot=500)
    32
    >>> integer_kelly_stake(44/50, 6/50, 0.0, chips=100, pot=12, multiplier=0.5)
    12
    >>> integer_kelly_stake(44/50, 6/50, 0.0, chips=100, pot=12, multiplier=float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: multiplier must be a finite number 0 or more, got inf
    """
    _check_probs(p_between, p_post, p_outside, post_penalty)
    non_negative_int(chips, "chips")
    non_negative_int(pot, "pot")
    if (
        isinstance(multiplier, (bool, np.bool_))
        or not isinstance(multiplier, Real)
        or not 0.0 <= multiplier < math.inf
    ):
        raise ValueError(f"multiplier must be a finite number 0 or more, got {multiplier!r}")
    f = float(_kelly(float(p_between), float(p_post), float(p_outside), float(post_penalty)))
    # capped before the cast: a huge multiplier times 2**53 chips is inf, and never a stake
    return max(0, int(math.floor(min(multiplier * f * chips, pot, chips))))


def _counts_left(seen) -> np.ndarray:
    """:func:`.odds.rank_counts` of ``seen``, refused when no hand can be dealt from them."""
    counts = rank_counts(seen)
    if counts.sum() < 3:
        raise ValueError(
            f"the deck holds {int(counts.sum())} once seen is out, and a hand needs three cards "
            "(two posts and a third card)"
        )
    return counts


def dealt_hands(
    seen: str | Iterable[int] | np.ndarray | None = None, *, low_ace: bool = False, post_penalty: int = 2
) -> pd.DataFrame:
    """Every ordered two-card deal by rank, with its probability given ``seen``, and the odds
    of the hand the player makes of it (a first-card ace low when that has the higher EV).

    >>> h = dealt_hands()
    >>> len(h), round(float(h.p_dealt.sum()), 12)
    (169, 1.0)
    >>> dealt_hands(" ".join(r + s for r in "23456789TJQK" for s in "cdhs") + " Ac Ad")
    Traceback (most recent call last):
    ...
    ValueError: the deck holds 2 once seen is out, and a hand needs three cards (two posts and a third card)
    """
    counts = _counts_left(seen)
    total = int(counts.sum())
    rows = []
    for r1 in range(13):
        for r2 in range(13):
            w = counts[r1] * (counts[r2] - (r1 == r2))
            if w <= 0:
                continue
            left = counts.copy()
            left[r1] -= 1
            left[r2] -= 1
            n = int(left.sum())
            best = None
            options = ((r1 + 2,), (1,)) if (low_ace and r1 == 12) else ((r1 + 2,),)
            for (v1,) in options:
                v2 = r2 + 2
                lo, hi = min(v1, v2), max(v1, v2)
                pb, pp, po = _gap_probs(lo, hi, left, n)
                ev = _gap_ev(lo, hi, left, n, post_penalty)
                if best is None or ev > best[5]:
                    best = (lo, hi, pb, pp, po, ev)
            assert best is not None  # options is never empty
            lo, hi, pb, pp, po, ev = best
            rows.append(
                {
                    "first_rank": r1,
                    "second_rank": r2,
                    "low": lo,
                    "high": hi,
                    "spread": int(_spread(lo, hi)),
                    "pair": lo == hi,
                    "p_dealt": w / (total * (total - 1)),
                    "p_between": pb,
                    "p_post": pp,
                    "p_outside": po,
                    "ev_per_chip": ev,
                }
            )
    return pd.DataFrame(rows)


def _sizing_columns(df: pd.DataFrame, chips: int, pot: int, min_stake: int = 0) -> pd.DataFrame:
    kf = [float(_kelly(b, p, o, 2.0)) for b, p, o in zip(df.p_between, df.p_post, df.p_outside)]
    least = min(min_stake, pot, chips)  # the minimum-stake variant, capped (R-I2, R-I4)
    df["kelly_fraction"] = kf
    df["half_kelly_fraction"] = [f / 2 for f in kf]
    df["kelly_stake"] = [max(least, min(int(math.floor(f * chips)), pot, chips)) for f in kf]
    df["half_kelly_stake"] = [max(least, min(int(math.floor(0.5 * f * chips)), pot, chips)) for f in kf]
    df["kelly_stake_of_pot"] = df.kelly_stake / pot
    df["kelly_stake_of_chips"] = df.kelly_stake / chips
    df["decision"] = np.where(df.ev_per_chip > 1e-12, "stake", "minimum" if least else "pass")
    return df


def sizing_table(
    *,
    chips: int = 100,
    pot: int = 20,
    by: str = "spread",
    seen: str | Iterable[int] | np.ndarray | None = None,
    low_ace: bool = False,
    min_stake: int = 0,
) -> pd.DataFrame:
    """Bet sizing by spread (``by="spread"``) or by post pair (``by="pair"``).

    Columns: the odds, ``ev_per_chip``, ``kelly_fraction`` and ``half_kelly_fraction`` of own
    chips, the stakes in chips for ``chips`` and ``pot`` (``kelly_stake``,
    ``half_kelly_stake``), the Kelly stake as a share of the pot and of own chips, and the
    ``decision`` (pass when the EV per chip is not positive).  By spread, the odds are the
    averages over the deals of that spread (``p_dealt`` is how often it is dealt); pairs get
    their own row (``hand == "pair"``).  With ``min_stake`` (the minimum-stake variant) no
    stake is below it, and the hands Kelly would pass read ``"minimum"``.

    >>> t = sizing_table(chips=100, pot=1000)
    >>> t.loc[t.spread == 8, ["kelly_stake", "half_kelly_stake"]].values.tolist()
    [[10, 5]]
    >>> sizing_table(by="rank")
    Traceback (most recent call last):
    ...
    ValueError: by must be 'spread' or 'pair', got 'rank'
    """
    for name, v in (("chips", chips), ("pot", pot)):
        positive_int(v, name)
    low_ace = flag(low_ace, "low_ace")
    if not is_int(min_stake) or min_stake < 0:
        raise ValueError(f"min_stake must be a non-negative integer, got {min_stake!r}")
    if by not in ("spread", "pair"):
        raise ValueError(f"by must be 'spread' or 'pair', got {by!r}")
    _counts_left(seen)
    if by == "pair":
        return _sizing_columns(
            odds_table(seen, low_ace=low_ace).drop(columns=["kelly_fraction"]), chips, pot, min_stake
        )
    h = dealt_hands(seen, low_ace=low_ace)
    h["hand"] = np.where(h.pair, "pair", "posts")
    rows = []
    for (hand, s), g in h.groupby(["hand", "spread"], sort=False):
        w = g.p_dealt.sum()
        pb = float((g.p_dealt * g.p_between).sum() / w)
        pp = float((g.p_dealt * g.p_post).sum() / w)
        po = float((g.p_dealt * g.p_outside).sum() / w)
        ev = float((g.p_dealt * g.ev_per_chip).sum() / w)
        rows.append(
            {
                "hand": hand,
                "spread": int(s),
                "p_dealt": float(w),
                "p_between": pb,
                "p_post": pp,
                "p_outside": po,
                "ev_per_chip": ev,
            }
        )
    df = pd.DataFrame(rows).sort_values(["hand", "spread"], ascending=[False, True])
    return _sizing_columns(df.reset_index(drop=True), chips, pot, min_stake)


def pass_rule(table: pd.DataFrame) -> str:
    """The pass rule a by-spread sizing table implies, as text.

    >>> pass_rule(sizing_table(seen="8c 8d 8h 9c 9d 9h Tc Td Th Jc Jd Jh"))  # middle cards gone
    'pass on spread 8 or less; stake on 9 or more'
    """
    posts = table[table.hand == "posts"] if "hand" in table else table
    stake = sorted(posts.loc[posts.ev_per_chip > 1e-12, "spread"].unique().tolist())
    if not stake:
        return "always pass"
    k = stake[0]
    if stake == list(range(k, int(posts.spread.max()) + 1)):
        return f"pass on spread {k - 1} or less; stake on {k} or more" if k > 0 else "always stake"
    return "stake on spread " + ", ".join(map(str, stake))


# --- the whole dealer's game, heads-up -------------------------------------------------------------
def _hand_classes(low_ace: bool) -> list[tuple[float, list[tuple[int, float, float, float]]]]:
    """Full-deck deals as (probability, options), each option (spread, p_b, p_p, p_o); a first
    ace with the low-ace variant has two options."""
    counts = rank_counts()
    merged: dict[tuple, float] = {}
    for r1 in range(13):
        for r2 in range(13):
            w = counts[r1] * (counts[r2] - (r1 == r2)) / (N_CARDS * 51)
            left = counts.copy()
            left[r1] -= 1
            left[r2] -= 1
            opts = []
            for v1 in (r1 + 2, 1) if (low_ace and r1 == 12) else (r1 + 2,):
                lo, hi = min(v1, r2 + 2), max(v1, r2 + 2)
                pb, pp, po = _gap_probs(lo, hi, left, 50)
                opts.append((int(_spread(lo, hi)), pb, pp, po))
            key = tuple(opts)  # deals with the same options are one class
            merged[key] = merged.get(key, 0.0) + w
    return [(w, list(opts)) for opts, w in merged.items()]


@dataclass
class GameStakes:
    """The exact heads-up dealer's game: ``value`` (expected final chips with the best stakes),
    ``start`` (the best stake by spread at the first decision), ``by_pot`` (best stake by
    round, pot and spread)."""

    value: float
    chips: int
    pot: int
    rounds: int
    start: pd.DataFrame
    by_pot: pd.DataFrame


def _stake_value(nxt: np.ndarray, c: int, s: np.ndarray, pb, pp, po) -> np.ndarray:
    """Expected next value for stakes ``s`` with ``c`` chips (post: pay ``min(2 s, c)``)."""
    return pb * nxt[c + s] + po * nxt[c - s] + pp * nxt[c - np.minimum(2 * s, c)]


def _heads_up(chips, pot, rounds, low_ace, rules: Rules | None) -> tuple[int, int, int, bool]:
    """The settings of the heads-up dealer's game, from ``rules`` or the separate arguments
    (default :class:`Rules`), checked: ``ValueError`` for both, and for a variant the game
    does not play (all but ``low_ace``).

    >>> _heads_up(None, None, None, None, Rules(rounds=2))
    (100, 20, 2, False)
    >>> _heads_up(50, None, None, None, Rules())
    Traceback (most recent call last):
    ...
    ValueError: give rules or chips=, not both (rules.stacks sets the chips)
    >>> _heads_up(None, None, None, None, Rules(min_stake=True))
    Traceback (most recent call last):
    ...
    ValueError: the heads-up dealer's game plays the plain rules or low_ace, not min_stake
    """
    if rules is not None:
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules, got {rules!r}")
        for name, v, field in (
            ("chips", chips, "stacks"),
            ("pot", pot, "pot"),
            ("rounds", rounds, "rounds"),
            ("low_ace", low_ace, "low_ace"),
        ):
            if v is not None:
                raise ValueError(f"give rules or {name}=, not both (rules.{field} sets the {name})")
        other = [v for v in rules.variants if v != "low_ace"]
        if other:
            raise ValueError(
                f"the heads-up dealer's game plays the plain rules or low_ace, not {', '.join(other)}"
            )
        chips, pot, rounds, low_ace = rules.stacks, rules.pot, rules.rounds, rules.low_ace
    else:
        d = Rules()
        chips = d.stacks if chips is None else chips
        pot = d.pot if pot is None else pot
        rounds = d.rounds if rounds is None else rounds
        low_ace = d.low_ace if low_ace is None else Rules(low_ace=low_ace).low_ace
    for name, v in (("chips", chips), ("pot", pot), ("rounds", rounds)):
        positive_int(v, name)
    work = rounds * (chips + pot) ** 2
    if work > GAME_WORK_LIMIT:
        raise ValueError(
            f"solving the dealer's game exactly takes rounds x (chips + pot)**2 = {work:,} steps, more than "
            f"{GAME_WORK_LIMIT:,} (some seconds): use fewer chips or rounds, or simulate it (in-between match)"
        )
    return chips, pot, rounds, bool(low_ace)


def best_game_stakes(
    chips: int | None = None,
    pot: int | None = None,
    rounds: int | None = None,
    *,
    low_ace: bool | None = None,
    rules: Rules | None = None,
) -> GameStakes:
    """The stakes that maximise expected chips over a heads-up dealer's game, exactly.

    One player against the dealer, ``rounds`` rounds with a fresh deck each (R-I3); a
    whole-pot win ends the game.  ``value - chips`` is what the player expects to take from
    the dealer.  Ties between stakes go to the smaller one.  The game is ``rules`` (a
    :class:`Rules`: its ``stacks`` are the player's chips, ``pot``, ``rounds``, ``low_ace``; no
    other variant), or the separate ``chips``, ``pot``, ``rounds`` and ``low_ace``, each
    defaulting to :class:`Rules` (100, 20, 3, off); ``ValueError`` for both.

    >>> g = best_game_stakes(100, 20, 3)
    >>> g.start.loc[g.start.spread == 11, "best_stake"].item()   # the whole pot
    20
    >>> round(g.value - 100, 3) > 0
    True
    """
    chips, pot, rounds, low_ace = _heads_up(chips, pot, rounds, low_ace, rules)
    total = chips + pot
    classes = _hand_classes(low_ace)
    nxt = np.arange(total + 1, dtype=np.float64)  # after the last round: what one holds
    records = []
    for r in reversed(range(rounds)):
        cur = np.zeros(total + 1)
        for c in range(total + 1):
            cap = min(c, total - c)
            s = np.arange(cap + 1)
            best_by_spread: dict[int, int] = {}
            for w, opts in classes:
                best_v, best_s, best_sp = -1.0, 0, 0
                for sp, pb, pp, po in opts:
                    vals = _stake_value(nxt, c, s, pb, pp, po)
                    i = int(np.argmax(vals))
                    if vals[i] > best_v + 1e-12:
                        best_v, best_s, best_sp = float(vals[i]), i, sp
                cur[c] += w * best_v
                best_by_spread.setdefault(best_sp, best_s)
            for sp, st in best_by_spread.items():
                records.append({"round": r + 1, "pot": total - c, "chips": c, "spread": sp, "best_stake": st})
        nxt = cur
    by_pot = pd.DataFrame(records).sort_values(["round", "pot", "spread"]).reset_index(drop=True)
    start = by_pot[(by_pot["round"] == 1) & (by_pot.pot == pot)].drop(columns=["round"])
    return GameStakes(float(nxt[chips]), chips, pot, rounds, start.reset_index(drop=True), by_pot)


def evaluate_game_policy(
    policy: Policy | str,
    chips: int | None = None,
    pot: int | None = None,
    rounds: int | None = None,
    *,
    low_ace: bool | None = None,
    rules: Rules | None = None,
) -> float:
    """Exact expected final chips of one compiled policy (or its spec) in the heads-up
    dealer's game; ``rules`` as in :func:`best_game_stakes`.

    A first ace counts low when that has the higher EV per chip (the simulator's rule).

    >>> from simkit.games.in_between.strategies import kelly, never
    >>> evaluate_game_policy(never())
    100.0
    >>> evaluate_game_policy(kelly()) > 100
    True
    """
    if isinstance(policy, str):
        policy = parse_policy(policy)
    if not isinstance(policy, Policy):
        raise ValueError(f"policy must be a compiled Policy, got {policy!r}")
    chips, pot, rounds, low_ace = _heads_up(chips, pot, rounds, low_ace, rules)
    total = chips + pot
    classes = _hand_classes(low_ace)
    nxt = np.arange(total + 1, dtype=np.float64)
    dummy = np.zeros(4, dtype=np.uint64)
    for _ in range(rounds):
        cur = np.zeros(total + 1)
        for c in range(total + 1):
            p_pot = total - c
            for w, opts in classes:
                sp, pb, pp, po = max(opts, key=lambda o: o[1] - o[3] - 2 * o[2])
                if policy.code == RANDOM:
                    cap = min(p_pot, c)
                    top = int(math.floor(policy.param * cap)) if sp >= policy.min_spread else 0
                    s = np.arange(top + 1)
                    val = float(_stake_value(nxt, c, s, pb, pp, po).mean())
                else:
                    st = _policy_stake(
                        policy.code, policy.param, policy.min_spread, sp, pb, pp, po, 2, p_pot, c, dummy
                    )
                    val = float(_stake_value(nxt, c, np.array([st]), pb, pp, po)[0])
                cur[c] += w * val
        nxt = cur
    return float(nxt[chips])
