"""Writes notebooks/razz.ipynb (no outputs).  Run: python notebooks/make_razz_notebook.py"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell(
        "# Razz\n\n"
        "Seven-card stud for the lowest hand (A-5 low: aces low, straights and flushes ignored, "
        "best 5-4-3-2-A). Rules: `razz.de.txt`, rulings R-Z1..R-Z6 and R-P1..R-P4.\n\n"
        "This notebook shows the all-in equity of a spot, the equity of every three-card start "
        "and its heat map, what the opponents' upcards do to a start (tip R3), and a strategy "
        "match with its win-rate plots.\n\n"
        "`SIMKIT_NB_SCALE` (environment) scales every Monte Carlo size; the tests run it small."
    ),
    new_code_cell(
        "%matplotlib inline\n"
        "# the plotting functions return their figure; the inline backend shows it\n"
        "import os\n"
        "import matplotlib.pyplot as plt\n"
        "import pandas as pd\n"
        "from simkit.games.razz import (VARIANTS, Rules, dead_card_values, equity, low_odds,\n"
        "                               match, play_hands, start_table, upcard_effect)\n"
        "from simkit.analysis.razz import (by_high_table, plot_by_high, plot_start_heatmap,\n"
        "                                  plot_upcards)\n"
        "from simkit.analysis.razz_match import LINEUP, plot_running, plot_win_rates\n"
        "SCALE = float(os.environ.get('SIMKIT_NB_SCALE', '1'))\n"
        "def n(full, least=200):\n"
        "    return max(least, int(full * SCALE))"
    ),
    new_markdown_cell(
        "## All-in equity of a spot\n\n"
        "A hand is written `down / up`; `?` is an unknown card (an opponent's down card), "
        "`dead` are folded upcards. Exact when few cards are unknown, else Monte Carlo with its "
        "standard error."
    ),
    new_code_cell("equity(['As 2d / 4c', '? ? / Kh', '? ? / 7s'], dead='3h 5c', trials=n(200_000))"),
    new_code_cell(
        "# sixth street heads-up: every completion enumerated, standard error 0\n"
        "equity(['As 2d / 4c 9h Kd 5s', '? ? / 3h 6h 7c 8d'])"
    ),
    new_code_cell(
        "# the same cards in every variant (R-Z6); VARIANTS maps each name to its Rules\n"
        "pd.concat({v: equity(['As 2d / 3c 4c', '? ? / Kh Kd'], rules=VARIANTS[v],\n"
        "                     trials=n(100_000))\n"
        "           for v in ('razz', 'ace-to-six', 'stud-high', 'stud-hilo')})"
    ),
    new_markdown_cell(
        "## The 455 three-card starts\n\n"
        "Suits do not matter in A-5 low, so a start is its three ranks. Each is played all-in "
        "against 1-7 random opponents who never fold (with eight players the seventh card is a "
        "community card, R-Z4). `fair` = 1/players. The heat map shows the equity and, beside it, its "
        "standard error; every other plot draws ±2 SE."
    ),
    new_code_cell(
        "starts = start_table(trials=n(20_000), seed=1)\n"
        "# each equity beside its standard error\n"
        "wide = starts.pivot_table(index='pattern', columns='opponents', values=['equity', 'se'],\n"
        "                          sort=False)\n"
        "wide.head(12).round(4)"
    ),
    new_code_cell(
        "# the worst starts and the standard errors behind the table\n"
        "starts[starts.opponents == 4].sort_values('equity').head(5)"
    ),
    new_code_cell("fig = plot_start_heatmap(starts)"),
    new_code_cell("fig = plot_by_high(by_high_table(starts))"),
    new_markdown_cell(
        "## Upcards (tip R3)\n\n"
        "The start A-2-4 against four opponents whose down cards are unknown, as their upcards go "
        "from high (K, Q, J, T) to low cards the start needs, or to low cards of its own ranks; "
        "right: how much three dead cards change the equity of six common starts, cards the start "
        "needs against high cards (K, Q, J), by the number of opponents."
    ),
    new_code_cell(
        "up = upcard_effect('As 2d / 4c', opponents=4, trials=n(100_000), seed=2)\n"
        "from simkit.analysis.razz import dead_card_table\n"
        "from simkit.rng import substream\n"
        "dead = dead_card_table(n(20_000), lambda i, k: substream(3, i, k))\n"
        "display(up)\n"
        "fig = plot_upcards(up, dead, 'A-2-4')"
    ),
    new_code_cell(
        "# exact: how often a start paired on fourth street still ends 8-low or better (tip R4)\n"
        "pd.DataFrame({h: low_odds(h).set_index('low').p for h in\n"
        "              ('As 2d 4c 4h', 'As 2d 4c Kh', 'As 2d 4c 7h')}).round(3)"
    ),
    new_markdown_cell(
        "## A strategy match\n\n"
        "Five seats (`players`, one spec per seat): the tips player (R1, R2, R4, calls by pot "
        "odds), the shared engine's `tight`, `loose-aggressive`, `check-call` and `random`. "
        "Every hand starts from `Rules().stacks` = 200 chips (R-Z5); the dealer is drawn at "
        "random each hand. Chips per hand with standard errors. A spec may carry parameters, "
        "e.g. `'tips:T_KQ=0'`; other rules with `rules=Rules(ante=2, stacks=100)`."
    ),
    new_code_cell("table = match(LINEUP, n(400_000, 5000), rules=Rules(), seed=4)\ntable"),
    new_code_cell("fig = plot_win_rates(table)"),
    new_code_cell("r = play_hands(LINEUP, n(50_000, 2000), seed=5)\nfig = plot_running(r.net, LINEUP)"),
    new_code_cell(
        "# one hand, as the engine recorded it\n"
        "from simkit.cards import format_cards\n"
        "from simkit.poker.history import format_history\n"
        "from simkit.poker.table_state import Table\n"
        "h = play_hands(LINEUP, 1, seed=6, record=True)\n"
        "payout = h.net[0] + Table(h.states[0]).total  # what each seat took from the pot\n"
        "print(format_history(h.states[0], LINEUP, payout))\n"
        "for s, name in enumerate(LINEUP):\n"
        "    print(f'{name:>16}:', format_cards([c for c in h.cards[0, s] if c >= 0]))"
    ),
    new_markdown_cell(
        "## Ask your own questions\n\n"
        "`deals` returns one row per hand and seat (the cards, the final hand and its category, the "
        "chips won, the share of the pot): the hands of `match` for the same seed. `groupby` answers "
        "what the tables above do not; `path='hands.parquet'` writes a large run to disk chunk by "
        "chunk. Here: how often a player takes the pot, by its door card (the up card of third "
        "street), with its SE (bars: ±2 SE)."
    ),
    new_code_cell(
        "from simkit.games.razz.outcomes import deals\n"
        "t = deals(LINEUP, n(100_000, 2000), seed=7)\n"
        "won = t.share > 0  # took the pot or part of it\n"
        "g = won.groupby(t.door).agg(['mean', 'std', 'size']).reindex(list('A23456789TJQK'))\n"
        "g['se'] = g['std'] / g['size'] ** 0.5\n"
        "ax = g['mean'].plot.bar(yerr=2 * g['se'], capsize=2, figsize=(6, 3))\n"
        "ax.set_xlabel('door card'); ax.set_ylabel('pots won (±2 SE)')\n"
        "g[['mean', 'se', 'size']]"
    ),
    new_markdown_cell(
        "Second question, on the same table: what the tips player's hands are worth in chips, by "
        "the category it ends with (hands it folded count under the cards it held at the end)."
    ),
    new_code_cell(
        "tips = t[t.player == 'tips']\n"
        "c = tips.groupby('category').net.agg(['mean', 'sem', 'size']).sort_values('mean')\n"
        "c = c[c['size'] >= 30]\n"
        "ax = c['mean'].plot.barh(xerr=2 * c['sem'], capsize=2, figsize=(6, 4))\n"
        "ax.set_xlabel('chips per hand (±2 SE)')\n"
        "c"
    ),
    new_markdown_cell(
        "Third question, with a range: `equity_deals` deals the seats' ranges (`A23` against any "
        "`pair`) and records the member each player was dealt, so the all-in share of A-2-3 can be "
        "read by the rank of the pair it meets."
    ),
    new_code_cell(
        "from simkit.games.razz.outcomes import equity_deals\n"
        "r = equity_deals(['A23', 'pair'], n(200_000, 4000), seed=8)\n"
        "a23, pair = r[r.seat == 0].reset_index(drop=True), r[r.seat == 1].reset_index(drop=True)\n"
        "def paired_rank(start):\n"
        "    ranks = [c[0] for c in start.split()]\n"
        "    return next(x for x in ranks if ranks.count(x) > 1)\n"
        "by = a23.share.groupby(pair.start.map(paired_rank)).agg(['mean', 'sem', 'size'])\n"
        "by = by.reindex([x for x in 'A23456789TJQK' if x in by.index])\n"
        "ax = by['mean'].plot.bar(yerr=2 * by['sem'], capsize=2, figsize=(6, 3))\n"
        "ax.set_xlabel('rank of the pair A-2-3 meets'); ax.set_ylabel('A-2-3 share (±2 SE)')\n"
        "by"
    ),
]

nb = new_notebook(
    cells=cells,
    metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
)
nbformat.write(nb, Path(__file__).resolve().parent / "razz.ipynb")
