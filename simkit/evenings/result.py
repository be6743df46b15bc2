"""The statistics of a batch of evenings as pandas tables, and their plots.

:class:`Evening` wraps the summed statistics of :mod:`simkit.games.evening`: every figure
comes with its standard error (``_se`` columns: the standard error of the mean over
independent evenings).  Quantiles of chips come from histograms with at most
:data:`~simkit.games.evening.MAX_BINS` bins over the chips on the table: exact chips on small
tables, the middle of a bin otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..games.evening import GAMES, LOG_HEAD, OUT_NAMES
from ..runner import stats

__all__ = ["QUANTILES", "Evening", "bin_middles", "histogram_quantiles"]

#: The quantiles of chip counts reported (final chips and the per-deal bands).
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)

_LOG_NAMES = ("evening", "deal", "game", "dealer", "pot", "outcome", "players", "carried")


def histogram_quantiles(hist: np.ndarray, total: int, qs=QUANTILES) -> np.ndarray:
    """Quantiles ``qs`` of chip counts from ``hist`` (last axis: the chip bins of a table of
    ``total`` chips); NaN where the histogram is empty.

    >>> histogram_quantiles(np.array([0, 2, 0, 2]), 3, (0.5, 0.75))
    array([1., 3.])
    """
    hist = np.asarray(hist)
    mid = bin_middles(total, hist.shape[-1])
    cum = np.cumsum(hist, axis=-1)
    n = cum[..., -1:]
    out = np.full(hist.shape[:-1] + (len(qs),), np.nan)
    for j, q in enumerate(qs):
        idx = np.argmax(cum >= np.maximum(q * n, 1e-12), axis=-1)
        out[..., j] = np.where(n[..., 0] > 0, mid[idx], np.nan)
    return out


def bin_middles(total: int, bins: int) -> np.ndarray:
    """The chip count each bin of :func:`simkit.games.evening.chip_bin` stands for: the middle
    of the counts it holds (exact at no chips, all chips, and on small tables).

    >>> bin_middles(5, 6).tolist()
    [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    """
    mid = np.zeros(bins)
    mid[-1] = total
    if bins > 2 and total > 1:  # bounds by arithmetic: a table may hold billions of chips
        b = np.arange(1, bins - 1, dtype=np.int64)
        lo = 1 + -(-(b - 1) * (total - 1) // (bins - 2))  # the fewest chips of bin b
        hi = np.minimum(-(-b * (total - 1) // (bins - 2)), total - 1)  # the most
        mid[1:-1] = np.where(lo <= hi, (lo + hi) / 2, np.nan)
    return mid


@dataclass
class Evening:
    """The result of :func:`simkit.evening`: a batch of evenings of one game (or Dealer's
    Choice), as tables with standard errors.

    Attributes
    ----------
    seats
        One row per seat: ``seat, strategy, win, win_se`` (the chance of winning the evening,
        a tie for the most chips counting 1/k), ``final_chips, final_chips_se``, quantiles
        ``final_q10 .. final_q90``, ``broke, broke_se`` (the chance of going broke),
        ``broke_deal, broke_deal_se`` (the deal it happens at, among evenings it does) and
        ``mean_deals`` (deals the seat was in, to its going broke or the end).
    strategies
        The same per strategy (each evening's mean over the seats that play it).
    lengths
        Evenings by length in deals: ``deals, evenings, share, share_se`` (binomial: the
        evenings are independent), and for Diablo the deals played past the agreed time
        (``overtime``).
    trajectories
        Per deal and seat: chip quantiles ``q10 .. q90`` after the deal (an evening over by
        then counts with its final chips) and ``lead, lead_se``: the chance the seat would win
        had the evening ended after that deal.
    log
        The hand-by-hand record of the first evenings asked for: per hand the evening, deal,
        game, dealer, pot, outcome, players dealt in, chips carried, and per seat the stack
        before, the forced bet posted and the stack after (``stack_<s>``).
    summary
        Evenings, mean length and its SE, median length, the chance someone goes broke, the
        overtime (Diablo); in Dealer's Choice the share of deals of each game.
    edges
        Dealer's Choice: each seat's edge by game that ``best`` players chose by.
    """

    game: str
    players: list[str]
    evenings: int
    chips: int
    seats: pd.DataFrame
    strategies: pd.DataFrame
    lengths: pd.DataFrame
    trajectories: pd.DataFrame
    log: pd.DataFrame
    summary: dict[str, Any] = field(default_factory=dict)
    edges: pd.DataFrame | None = None

    @classmethod
    def from_totals(cls, job: Any, totals: dict[str, Any], log_rows: np.ndarray | None) -> Evening:
        """Wrap the runner totals of an evening job (``job.game``, ``job.players``,
        ``job.stacks()``) and its log rows."""
        n = int(totals["trials"])
        t = {k: np.asarray(totals[k]) for k in OUT_NAMES}
        players = list(job.players)
        names = list(dict.fromkeys(players))
        chips = int(job.stacks().sum())
        seats = _per_seat(t, n, players, chips)
        strategies = _per_strategy(t, n, players, names)
        lengths = _lengths(t)
        trajectories = _trajectories(t, n, players, chips)
        log = _log_frame(log_rows, len(players))
        length, length_se = stats.mean_se(t["length"][0], t["length"][1], n)
        anyone, anyone_se = stats.proportion(t["anyone_broke"][0], n)
        summary = {
            "game": job.game,
            "evenings": n,
            "mean_deals": float(length),
            "mean_deals_se": float(length_se),
            "median_deals": float(_median(t["length_hist"])),
            "hands_per_evening": float(t["length"][2] / n),
            "anyone_broke": float(anyone),
            "anyone_broke_se": float(anyone_se),
        }
        if job.deals and job.game == "diablo":
            over, over_se = stats.mean_se(t["overtime"][0], t["overtime"][1], n)
            summary.update(agreed_deals=job.deals, overtime=float(over), overtime_se=float(over_se))
        return cls(job.game, players, n, chips, seats, strategies, lengths, trajectories, log, summary)

    def plot_win(self, ax=None):
        """The chance of winning the evening per seat, with 2-SE error bars."""
        ax = _axes(ax)
        s = self.seats
        labels = [f"{r.seat}: {r.strategy}" for r in s.itertuples()]
        ax.bar(labels, s["win"], yerr=2 * s["win_se"], capsize=3)
        ax.axhline(1 / len(s), color="grey", lw=0.8, ls="--", label="fair share")
        ax.set_ylabel("P(win the evening) (±2 SE)")
        ax.set_title(f"{self.game}: who wins the evening ({self.evenings} evenings)")
        ax.tick_params(axis="x", rotation=30)
        ax.legend()
        return ax

    def plot_lengths(self, ax=None):
        """The histogram of the evening's length in deals, with 2-SE error bars."""
        ax = _axes(ax)
        ln = self.lengths
        ax.bar(
            ln["deals"],
            ln["share"],
            width=max(1.0, float(np.ptp(ln["deals"])) / 80 if len(ln) else 1.0),
            yerr=2 * ln["share_se"],
            error_kw={"lw": 0.8},
        )
        ax.set_xlabel("deals in the evening")
        ax.set_ylabel("share of evenings (±2 SE)")
        ax.set_title(f"{self.game}: how long an evening lasts")
        return ax

    def plot_bands(self, seat: int = 0, ax=None):
        """Chip quantile bands of ``seat`` after each deal (10-90 % and 25-75 %, median)."""
        ax = _axes(ax)
        tr = self.trajectories[self.trajectories["seat"] == seat]
        ax.fill_between(tr["deal"], tr["q10"], tr["q90"], alpha=0.25, label="10-90 %")
        ax.fill_between(tr["deal"], tr["q25"], tr["q75"], alpha=0.4, label="25-75 %")
        ax.plot(tr["deal"], tr["q50"], label="median")
        ax.set_xlabel("deal")
        ax.set_ylabel("chips")
        ax.set_title(f"{self.game}: chips of seat {seat} ({self.players[seat]})")
        ax.legend()
        return ax

    def plot_log(self, evening: int = 0, ax=None):
        """The chip trajectories of every seat over one logged evening (one sample, no SE)."""
        ax = _axes(ax)
        lg = self.log[self.log["evening"] == evening]
        if lg.empty:
            raise ValueError(f"evening {evening} is not in the log; ask for log > {evening}")
        for s, p in enumerate(self.players):
            ax.step(lg["deal"], lg[f"stack_{s}"], where="post", label=f"{s}: {p}")
        ax.set_xlabel("deal")
        ax.set_ylabel("chips")
        ax.set_title(f"{self.game}: one evening as played (a sample, not an estimate)")
        ax.legend(fontsize="small")
        return ax


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots()
    return ax


def _median(hist: np.ndarray) -> float:
    cum = np.cumsum(hist)
    return float(np.argmax(cum >= cum[-1] / 2)) if cum[-1] else float("nan")


def _per_seat(t: dict, n: int, players: list[str], chips: int) -> pd.DataFrame:
    win, win_se = stats.mean_se(t["win"], t["win_sq"], n)
    final, final_se = stats.mean_se(t["final"], t["final_sq"], n)
    broke, broke_se = stats.proportion(t["broke"], n)
    k = np.maximum(t["broke"], 1)
    deal, deal_se = stats.mean_se(t["broke_deal"], t["broke_deal_sq"], k)
    q = histogram_quantiles(t["final_hist"], chips)
    frame = pd.DataFrame(
        {
            "seat": np.arange(len(players)),
            "strategy": players,
            "win": win,
            "win_se": win_se,
            "final_chips": final,
            "final_chips_se": final_se,
            "broke": broke,
            "broke_se": broke_se,
            "mean_deals": t["seat_deals"] / n,
            "broke_deal": np.where(t["broke"] > 0, deal, np.nan),
            "broke_deal_se": np.where(t["broke"] > 1, deal_se, np.nan),
        }
    )
    for j, qq in enumerate(QUANTILES):
        frame[f"final_q{round(qq * 100)}"] = q[:, j]
    return frame


def _per_strategy(t: dict, n: int, players: list[str], names: list[str]) -> pd.DataFrame:
    cols = {"strategy": names, "seats": [players.count(p) for p in names]}
    for key, out in (("win", "win"), ("final", "final_chips"), ("broke", "broke")):
        m, se = stats.mean_se(t[f"strategy_{key}"], t[f"strategy_{key}_sq"], n)
        cols[out] = m
        cols[f"{out}_se"] = se
    return pd.DataFrame(cols)


def _lengths(t: dict) -> pd.DataFrame:
    h = t["length_hist"]
    deals = np.flatnonzero(h)
    share, share_se = stats.proportion(h[deals], max(int(h.sum()), 1))
    frame = pd.DataFrame({"deals": deals, "evenings": h[deals], "share": share, "share_se": share_se})
    o = t["overtime_hist"]
    if o.sum():
        frame["overtime_evenings"] = [int(o[d]) if d < o.size else 0 for d in deals]
    return frame


def _trajectories(t: dict, n: int, players: list[str], chips: int) -> pd.DataFrame:
    band = t["band"] + np.cumsum(t["band_end"], axis=0)
    d, seats = band.shape[:2]
    q = histogram_quantiles(band, chips)
    lead = (t["lead"] + np.cumsum(t["lead_end"], axis=0)) / n
    frame = pd.DataFrame(
        {
            "deal": np.repeat(np.arange(1, d + 1), seats),
            "seat": np.tile(np.arange(seats), d),
            "strategy": np.tile(np.array(players, dtype=object), d),
            "lead": lead.ravel(),
            "lead_se": np.sqrt(lead * (1 - lead) / n).ravel(),
        }
    )
    for j, qq in enumerate(QUANTILES):
        frame[f"q{round(qq * 100)}"] = q[:, :, j].ravel()
    return frame


def _log_frame(rows: np.ndarray | None, seats: int) -> pd.DataFrame:
    cols = list(_LOG_NAMES)
    cols += [f"before_{s}" for s in range(seats)]
    cols += [f"forced_{s}" for s in range(seats)]
    cols += [f"stack_{s}" for s in range(seats)]
    assert len(cols) == LOG_HEAD + 3 * seats
    if rows is None:
        rows = np.zeros((0, len(cols)), dtype=np.int64)
    frame = pd.DataFrame(rows, columns=cols)
    frame["game"] = pd.Categorical.from_codes(frame["game"].to_numpy(), categories=list(GAMES))
    return frame
