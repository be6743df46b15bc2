"""Writes notebooks/diablo.ipynb (no outputs).  Run: python notebooks/make_diablo_notebook.py"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell(
        "# Diablo\n\n"
        "Five-card draw with all four deuces wild (a wild may not duplicate a card you hold, "
        "except for five of a kind), at most two cards exchanged, and the Diablo rule: the opener "
        "must win the pot or pay a new one of the same size, again and again until an opener wins. "
        "Rules: `diablo.de.txt`, rulings R-D1..R-D7 and R-P1..R-P4.\n\n"
        "Draw odds, exact equity of two hands at the draw, keeps for a pay table, opening "
        "thresholds by player count, series length and pot growth, and a strategy match with its "
        "win-rate plot. `SIMKIT_NB_SCALE` (environment) scales every Monte "
        "Carlo size; the tests run it at 0.01."
    ),
    new_code_cell(
        "%matplotlib inline\n"
        "import os\n"
        "import matplotlib.pyplot as plt\n"
        "import numpy as np\n"
        "import pandas as pd\n"
        "from simkit.games.diablo import (Player, Rules, SeriesJob, draw_equity, draw_odds, keep_values,\n"
        "                                 paytable_return, rank_keeps, simulate, target_weights)\n"
        "from simkit.games.diablo.keep_table import pattern_table\n"
        "from simkit.games.diablo.studies import equilibrium, pair_improvement, series_table, threshold_sweep\n"
        "from simkit.games.diablo.strategies import OPEN_LEVELS\n"
        "SCALE = float(os.environ.get('SIMKIT_NB_SCALE', '1'))\n"
        "def n(full, least=500):\n"
        "    return max(least, int(full * SCALE))"
    ),
    new_markdown_cell(
        "## Draw odds (exact)\n\nEvery replacement set of the 47 unseen cards is enumerated. "
        "A pair of nines with a deuce, drawing two:"
    ),
    new_code_cell("draw_odds('9s 9h 2c Kd 5h', keep='9s 9h 2c')"),
    new_markdown_cell(
        "Every keep of a four-flush with a deuce, by the chance of a flush or better. "
        "The wild rule (R-D2): with the real A♥ the deuce becomes K♥, so the made hand "
        "A♥ 2 9♥ 7♥ 5♥ is an A-K-9-7-5 flush."
    ),
    new_code_cell("keep_values('Ah 2c 9h 7h 3d', target_weights('flush')).drop(columns='mask').head(6)"),
    new_code_cell("draw_odds('Ah 2c 9h 7h 5h').query('probability > 0')"),
    new_markdown_cell(
        "The best keep of every starting rank pattern with one deuce (exact over all hands of "
        "the pattern; objective: showdown share against two random hands), and a single pair's "
        "improvement odds drawing two (Diablo) or three (normal draw poker), tip D4:"
    ),
    new_code_cell("pattern_table(deuces=1).head(12)"),
    new_code_cell(
        "pair_improvement()[['wild', 'draw', 'improve', 'two_pair', 'three_of_a_kind', 'four_of_a_kind']]"
    ),
    new_markdown_cell(
        "## Two hands at the draw (exact)\n\n"
        "Trips with a deuce drawing two against four to a heart flush drawing one: every draw of "
        "both players from the one deck, the first player left of the dealer first, is counted "
        "(win 1, a tie 1/2). With fixed keeps the draw order changes nothing; `exact` says every "
        "outcome was counted."
    ),
    new_code_cell(
        "eq = draw_equity(['As Ah 2d 7c 4s', 'Kh Jh 9h 7h 5s'], ['As Ah 2d', 'Kh Jh 9h 7h'])\n"
        "print('exact:', eq.attrs['exact'], '| outcomes:', eq.attrs['outcomes'], '| draw order:', eq.attrs['order'])\n"
        "eq"
    ),
    new_markdown_cell(
        "## Keeps for a pay table, any draw limit\n\n"
        "The keep solver takes any objective (a target category, the expected category, showdown "
        "share, or a pay table with natural and wild royals and four deuces) and any draw limit. "
        "Full-pay Deuces Wild drawing up to five, as video poker plays it: every keep of a hand, "
        "then the whole game under best play, exactly (published: 100.76%, Wizard of Odds)."
    ),
    new_code_cell("rank_keeps('Kd Kc 7s 4h 3c', objective='paytable', max_draw=5).head(6)"),
    new_code_cell(
        "ret = paytable_return(max_draw=5)\n"
        "print(f\"return {ret.attrs['return']:.6f} (exact {ret.attrs['return_exact']})\")\n"
        "ret"
    ),
    new_markdown_cell(
        "## Opening thresholds by player count (tip D1)\n\n"
        "Seat 0 opens at each threshold, everybody else opens at trips and calls reasonably; "
        "seat 0's chips per series (fresh stacks of 100), ±2 SE."
    ),
    new_code_cell(
        "sweeps = pd.concat([threshold_sweep(p, hands=n(20_000), seed=1, quiet=True) for p in (3, 5, 7)])\n"
        "fig, ax = plt.subplots(figsize=(7, 3.5))\n"
        "x = np.arange(len(OPEN_LEVELS))\n"
        "for p, t in sweeps.groupby('players'):\n"
        "    ax.errorbar(x, t.net, yerr=2 * t.se, marker='o', capsize=2, label=f'{p} players')\n"
        "ax.axhline(0, color='grey', lw=0.8); ax.set_xticks(x, OPEN_LEVELS, rotation=30)\n"
        "ax.set_ylabel('chips per series (±2 SE)'); ax.legend(); plt.show()\n"
        "sweeps.loc[sweeps.groupby('players').net.idxmax(), ['players', 'level', 'net', 'se']]"
    ),
    new_markdown_cell(
        "The thresholds at which nobody gains by changing their own: iterated best response, a "
        "deviation counting only if it gains more than 2 SE."
    ),
    new_code_cell("equilibrium(5, hands=n(20_000), seed=1, quiet=True)"),
    new_markdown_cell(
        "## Diablo series: length and pot growth\n\nEverybody opens at trips. A series is the "
        "run of games from a normal pot to the first game an opener wins."
    ),
    new_code_cell(
        "keep = {}\n"
        "st = series_table((3, 5, 7), ('trips',), hands=n(40_000), seed=2, keep=keep, quiet=True)\n"
        "fig, axes = plt.subplots(1, 2, figsize=(10, 3.5))\n"
        "for (p, lv), r in keep.items():\n"
        "    L = r.lengths[r.lengths.series > 0]\n"
        "    P = r.pots[r.pots.mean_pot_se.notna()]  # the last bin pools later games: no SE\n"
        "    axes[0].errorbar(L.games, L.share, yerr=2 * L.share_se, marker='o', capsize=2, label=f'{p} players')\n"
        "    axes[1].errorbar(P.game, P.mean_pot, yerr=2 * P.mean_pot_se, marker='o', capsize=2, label=f'{p} players')\n"
        "axes[0].set_yscale('log')\n"
        "axes[0].set_xlabel('games in the series'); axes[0].set_ylabel('share of series (±2 SE)')\n"
        "axes[1].set_xlabel('game number in the series'); axes[1].set_ylabel('mean pot (±2 SE)')\n"
        "for a in axes: a.legend()\n"
        "plt.show()\n"
        "# longest and largest_pot: the most seen, no SE\n"
        "st[['players', 'mean_len', 'se_len', 'p_len_3plus', 'se_len_3plus', 'longest', 'mean_final_pot',\n"
        "    'se_final_pot', 'mean_growth', 'se_growth', 'largest_pot', 'opener_win_rate', 'se_opener_win_rate',\n"
        "    'opener_net', 'se_opener_net']]"
    ),
    new_markdown_cell(
        "## A strategy match\n\nFive players: two tight (trips, straight), a two-pair opener who "
        "bluffs one time in ten, a pair-of-jacks opener and a loose-aggressive one. Chips per "
        "series with standard errors, then the running win rate as series accumulate. A player is a "
        "`Player` or its spec text, as on the command line (`two_pair:bluff=0.1`)."
    ),
    new_code_cell(
        "players = [Player('trips'), 'two_pair:bluff=0.1', Player('jacks'),\n"
        "           'pair:kind=loose-aggressive', Player('straight')]\n"
        "names = ['trips', 'two pair + bluffs', 'jacks', 'loose-aggressive', 'straight']\n"
        "m = simulate(players, hands=n(50_000), rules=Rules(stacks=100), seed=3, quiet=True)\n"
        "m.seats.assign(player=names)[['player', 'net_per_series', 'se', 'opened_per_game', 'opened_per_game_se',\n"
        "                               'win_rate', 'win_rate_se']]"
    ),
    new_code_cell(
        "job = SeriesJob(tuple(players))\n"
        "chunks = 40\n"
        "per = max(50, n(50_000) // chunks)\n"
        "net = np.zeros(len(players)); sq = np.zeros(len(players)); k = 0; curve = []\n"
        "for i in range(chunks):\n"
        "    t = job.run_chunk(per, np.random.SeedSequence([3, i]))\n"
        "    net += t['seat'][:, 0]; sq += t['seat'][:, 1]; k += per\n"
        "    mean = net / k; se = np.sqrt(np.maximum(sq / k - mean ** 2, 0) / k)\n"
        "    curve.append((k, mean.copy(), se.copy()))\n"
        "ks = np.array([c[0] for c in curve]); means = np.array([c[1] for c in curve]); ses = np.array([c[2] for c in curve])\n"
        "fig, ax = plt.subplots(figsize=(7, 3.5))\n"
        "for s, name in enumerate(names):\n"
        "    ax.plot(ks, means[:, s], label=name)\n"
        "    ax.fill_between(ks, means[:, s] - 2 * ses[:, s], means[:, s] + 2 * ses[:, s], alpha=0.2)\n"
        "ax.axhline(0, color='grey', lw=0.8); ax.set_xlabel('series played'); ax.set_ylabel('chips per series (±2 SE)')\n"
        "ax.legend(fontsize=8); plt.show()"
    ),
    new_markdown_cell(
        "## Ask your own questions\n\n"
        "`equity_deals` returns one row per deal and seat of the showdown simulation (the hand "
        "dealt, its category and deuces, the cards drawn, the final hand, the share won): the "
        "deals of `showdown_table` for the same seed. `groupby` answers what the tables above do "
        "not; `path='deals.parquet'` writes a large run to disk chunk by chunk. Here: the share "
        "won heads-up by the category as dealt and the deuces held, with its SE (bars: ±2 SE)."
    ),
    new_code_cell(
        "from simkit.games.diablo.outcomes import equity_deals\n"
        "from simkit.games.diablo.rules import CATEGORIES\n"
        "e = equity_deals(n(400_000, 20_000), opponents=1, seed=7)\n"
        "g = e[e.seat == 0].groupby(['pat_category', 'deuces']).share.agg(['mean', 'std', 'size'])\n"
        "g['se'] = g['std'] / g['size'] ** 0.5\n"
        "g = g[g['size'] >= 30]  # groups seen often enough for an SE\n"
        "order = [c for c in CATEGORIES if c in g.index.get_level_values(0)]\n"
        "m, s = (g[k].unstack().loc[order].sort_index(axis=1) for k in ('mean', 'se'))\n"
        "ax = m.plot.bar(yerr=2 * s, capsize=2, figsize=(7, 3.5))\n"
        "ax.set_ylabel('share won heads-up (±2 SE)'); ax.legend(title='deuces dealt')\n"
        "g[['mean', 'se', 'size']].unstack().sort_index(axis=1)"
    ),
]

nb = new_notebook(
    cells=cells,
    metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
)
out = Path(__file__).resolve().parent / "diablo.ipynb"
nbformat.write(nb, out)
print(f"wrote {out}")
