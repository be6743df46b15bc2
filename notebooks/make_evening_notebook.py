"""Writes notebooks/evening.ipynb (no outputs).  Run: python notebooks/make_evening_notebook.py"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell(
        "# The whole evening\n\n"
        "Every game played to its end rule with the chips carried over (rulings R-E1..R-E7): who "
        "wins the night, how long it lasts, how many chips to bring, which game is most luck.\n\n"
        "`SIMKIT_NB_SCALE` (environment) scales every Monte Carlo size; the tests run it small."
    ),
    new_code_cell(
        "%matplotlib inline\n"
        "import os\n"
        "import matplotlib.pyplot as plt\n"
        "import simkit\n"
        "from simkit.analysis import evening as report\n"
        "from simkit.analysis.registry import Context\n"
        "SCALE = float(os.environ.get('SIMKIT_NB_SCALE', '1'))\n"
        "def n(full, least=20):\n"
        "    return max(least, int(full * SCALE))\n"
        "ctx = Context(scale=SCALE, seed=1, quiet=True)"
    ),
    new_markdown_cell(
        "## One evening of Razz\n\nThe tips player against a typical field (tight, loose-aggressive, "
        "passive), 150 deals agreed: every seat's chips after each deal of the first evening "
        "(one evening as it was played: a sample, not an estimate)."
    ),
    new_code_cell(
        "razz = simkit.evening('razz', evenings=n(2000), deals=150, seed=1, log=1, quiet=True)\n"
        "razz.plot_log(0);"
    ),
    new_markdown_cell(
        "## Who wins the evening\n\nThe chance of winning the night per seat, with 2-SE error bars."
    ),
    new_code_cell(
        "razz.plot_win()\n"
        "razz.seats[['seat', 'strategy', 'win', 'win_se', 'final_chips', 'final_chips_se', 'broke', 'broke_se']]"
    ),
    new_markdown_cell(
        "## How long an evening lasts\n\n2-7 Triple Draw played to the last player: the length in deals (±2 SE)."
    ),
    new_code_cell(
        "td = simkit.evening('triple-draw', ['pot-odds', 'tight-rule', 'loose', 'station'], evenings=n(500),\n"
        "                    stacks=100, seed=2, quiet=True)\n"
        "td.plot_lengths()\n"
        "s = td.summary\n"
        "print(f\"mean length {s['mean_deals']:.1f} ± {s['mean_deals_se']:.1f} deals; \"\n"
        "      f\"someone goes broke: {s['anyone_broke']:.3f} ± {s['anyone_broke_se']:.3f}\")"
    ),
    new_markdown_cell(
        "## Which game is most luck\n\nTwo tips players against two tight players: the chance that a "
        "player of the stronger strategy would win had the evening ended after each deal, four games "
        "on one scale."
    ),
    new_code_cell("luck = report.luck_table(ctx)\nreport.plot_luck(luck)\nreport.luck_summary(luck)"),
    new_markdown_cell(
        "## How many chips to bring\n\nThe chance that someone goes broke before the agreed time, by the "
        "chips everyone brings (in biggest bets; In-Between: dealer's pots)."
    ),
    new_code_cell("chips = report.chips_table(ctx)\nreport.plot_chips(chips)\nchips"),
    new_markdown_cell(
        "## Dealer's Choice\n\nThe tips player choosing the game where its edge is largest, against "
        "players choosing at random."
    ),
    new_code_cell(
        "dc = simkit.evening('dealers-choice', evenings=n(500), seed=3, quiet=True)\n"
        "print({k: round(v, 3) for k, v in dc.summary.items() if k.startswith('share')})\n"
        "dc.seats[['seat', 'strategy', 'win', 'win_se', 'final_chips', 'final_chips_se']]"
    ),
]

nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}})
nbformat.write(nb, Path(__file__).with_name("evening.ipynb"))
