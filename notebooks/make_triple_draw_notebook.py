"""Writes notebooks/triple_draw.ipynb (no outputs).  Run: python notebooks/make_triple_draw_notebook.py"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell(
        "# 2-7 Triple Draw\n\n"
        "Exact draw odds with best play, exact equity of two hands at the last draw, equity of "
        "starting hands, the straight trap (tip T2) and a strategy match with its win-rate curve. Rules: `triple_draw_27.de.txt`, rulings R-T1..R-T5.\n\n"
        "`SIMKIT_NB_SCALE` (environment) scales every Monte Carlo size; the tests run it at 0.01."
    ),
    new_code_cell(
        "%matplotlib inline\n"
        "import os\n"
        "import matplotlib.pyplot as plt\n"
        "import numpy as np\n"
        "from simkit.games.triple_draw import (Rules, discard_options, draw_odds, drawing_equity, equity,\n"
        "                                      match, play, pool_groups, starting_hand_equity)\n"
        "SCALE = float(os.environ.get('SIMKIT_NB_SCALE', '1'))\n"
        "def n(full, least=500):\n"
        "    return max(least, int(full * SCALE))"
    ),
    new_markdown_cell(
        "## Draw odds, best play, exact\n\n"
        "The chance of finishing at each target when every later keep is the one with the greatest "
        "chance of that target: exact for 1-3 draws (the column `fraction`). The unseen deck is the "
        "47 cards not in the hand; discards never come back."
    ),
    new_code_cell(
        "hand = '8s 7h 3d 2c Ks'\n"
        "for d in (1, 2, 3):\n"
        "    print(f'{d} draw(s) left')\n"
        "    print(draw_odds(hand, '8s 7h 3d 2c', d)[['target', 'probability', 'fraction', 'exact']]\n"
        "          .to_string(index=False))"
    ),
    new_code_cell("discard_options('9s 7h 6d 6c 2s', draws=2, objective='8')"),
    new_markdown_cell(
        "## Two hands at the last draw (exact)\n\n"
        "7-5-3-2 drawing one against 8-6-4 drawing two: every draw of both players from the one "
        "deck, the first player left of the dealer first, is counted (win 1, a tie 1/2). With the "
        "keeps fixed the draw order changes nothing; `exact` says every deal was counted."
    ),
    new_code_cell(
        "eq = drawing_equity(['7s 5h 3d 2c Kc', '8s 6h 4d Kd Qh'], ['7s 5h 3d 2c', '8s 6h 4d'])\n"
        "print('exact:', bool(eq.exact.all()), '|', eq.method[0])\n"
        "eq[['seat', 'hand', 'keep', 'equity', 'fraction', 'win', 'tie']]"
    ),
    new_markdown_cell(
        "## Equity of starting hands\n\nEvery player draws three times with the rank-model table "
        "strategy, nobody bets. Groups: different cards 7 or lower, with or without a 2 (tip T1); "
        "the bars and the table carry the standard error (bars: ±2 SE)."
    ),
    new_code_cell(
        "g = starting_hand_equity(1, trials=n(200_000), quiet=True)\n"
        "agg = pool_groups(g, ['low7', 'deuce'])  # equity of each pooled group and its SE\n"
        "ax = agg['equity'].unstack().plot.bar(yerr=2 * agg['se'].unstack(), capsize=2, figsize=(6, 3.5))\n"
        "ax.axhline(0.5, color='grey', lw=0.8); ax.set_ylabel('heads-up equity (±2 SE)')\n"
        "ax.set_xlabel('different cards 7 or lower'); plt.show()\n"
        "agg[['hands', 'equity', 'se']]"
    ),
    new_markdown_cell(
        "## The straight trap (T2)\n\n6-5-4-3-2 looks like the best hand but is a straight. Standing pat "
        "with it against one player who draws, versus breaking it (throwing the 6)."
    ),
    new_code_cell(
        "pat = equity(['6s 5h 4d 3c 2s'], 2, strategies=('pat',), trials=n(40_000), quiet=True)\n"
        "brk = equity(['6s 5h 4d 3c 2s'], 2, strategies=('table',), trials=n(40_000), quiet=True)\n"
        "print('stand pat :', round(pat.equity[0], 3), '±', round(pat.se[0], 3))\n"
        "print('break it  :', round(brk.equity[0], 3), '±', round(brk.se[0], 3))"
    ),
    new_markdown_cell(
        "## A strategy match\n\nOne tight player against five loose-aggressive ones, full games with "
        "betting and draws (one player spec per seat, the rules of R-T4: `Rules()`): chips per hand "
        "with standard errors, and the win rate against hands played."
    ),
    new_code_cell(
        "players = ['tight'] + ['loose'] * 5\n"
        "match(players, rules=Rules(), hands=n(200_000, 2000), quiet=True)"
    ),
    new_code_cell(
        "h = n(100_000, 2000)\n"
        "r = play(players, rules=Rules(), hands=h, seed=1, keep_per_hand=h)\n"
        "x = r.per_hand[:, 0].astype(float); k = np.arange(1, h + 1)\n"
        "mean = np.cumsum(x) / k\n"
        "se = np.sqrt(np.maximum(np.cumsum(x * x) / k - mean**2, 0) / k)\n"
        "fig, ax = plt.subplots(figsize=(6, 3.5))\n"
        "ax.plot(k, mean); ax.fill_between(k, mean - 2 * se, mean + 2 * se, alpha=0.3)\n"
        "ax.set_xscale('log'); ax.set_xlabel('hands played'); ax.set_ylabel('chips per hand (± 2 SE)')\n"
        "plt.show()"
    ),
    new_markdown_cell(
        "## Ask your own questions\n\n"
        "`equity_deals` returns one row per deal and seat of the equity simulation (the hand dealt, "
        "the cards drawn at each draw, the final hand and its category, the share won), `deals` the "
        "same for full games; `groupby` answers what the tables above do not, and "
        "`path='deals.parquet'` writes a large run to disk chunk by chunk. Here: heads-up, how "
        "often a pat eight (no card drawn at the last draw, an 8-low at the end) wins, by the "
        "cards its opponent drew at the last draw, with its SE (bars: ±2 SE)."
    ),
    new_code_cell(
        "from simkit.games.triple_draw.outcomes import equity_deals\n"
        "e = equity_deals(n_players=2, trials=n(300_000, 20_000), seed=7)\n"
        "hero, opp = e[e.seat == 0].set_index('deal'), e[e.seat == 1].set_index('deal')\n"
        "pat8 = ((hero.drawn3 == 0) & (hero.category == '8-low')).to_numpy(dtype=bool)\n"
        "q = hero.share[pat8].groupby(opp.drawn3[pat8]).agg(['mean', 'std', 'size'])\n"
        "q['se'] = q['std'] / q['size'] ** 0.5\n"
        "q = q[q['size'] >= 30]  # draws seen often enough for an SE\n"
        "ax = q['mean'].plot.bar(yerr=2 * q['se'], capsize=2, figsize=(5, 3))\n"
        "ax.set_xlabel('cards the opponent drew at the last draw')\n"
        "ax.set_ylabel('share won by a pat 8 (±2 SE)')\n"
        "q[['mean', 'se', 'size']]"
    ),
]
nb = new_notebook(
    cells=cells,
    metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
)
nbformat.write(nb, Path(__file__).with_name("triple_draw.ipynb"))
