"""Writes notebooks/in_between.ipynb (no outputs).  Run: python notebooks/make_in_between_notebook.py"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell(
        "# In-Between (Acey-Deucey)\n\n"
        "The player's one decision is how much to stake. Exact odds for every pair of posts, "
        "Kelly stakes, a dealer's game simulation with two stake policies, and the exact Red Dog "
        "house edge. Rules: `in_between.de.txt`, rulings R-I1..R-I4.\n\n"
        "`SIMKIT_NB_SCALE` (environment) scales every Monte Carlo size; the tests run it at 0.01."
    ),
    new_code_cell(
        "%matplotlib inline\n"
        "import os\n"
        "import matplotlib.pyplot as plt\n"
        "from simkit.games.in_between import (Rules, best_game_stakes, hand_odds, odds_table,\n"
        "                                     simulate, sizing_table)\n"
        "from simkit.games.in_between.sizing import pass_rule\n"
        "from simkit.analysis.in_between import (plot_ev_by_spread, plot_stakes_by_spread,\n"
        "                                        plot_win_rates, red_dog_summary)\n"
        "SCALE = float(os.environ.get('SIMKIT_NB_SCALE', '1'))\n"
        "def n(full, least=1000):\n"
        "    return max(least, int(full * SCALE))"
    ),
    new_markdown_cell(
        "## Exact odds for every pair of posts\n\n"
        "One row per post pair, full deck: the third card falls between (+1), on a post (-2) or "
        "outside (-1). `ev_per_chip` and the Kelly fraction of one's own chips. With cards already "
        "seen, pass them as `seen`."
    ),
    new_code_cell("odds = odds_table()\nodds.query('high - low >= 9')"),
    new_code_cell(
        "# expected value per chip, low post (rows) by high post (columns)\n"
        "odds.pivot(index='low', columns='high', values='ev_per_chip').round(2)"
    ),
    new_code_cell(
        "# Anna's hand from the rule document, with and without seen cards; an ace first may count low\n"
        "print(hand_odds('4c Jh'))\n"
        "print(hand_odds('4c Jh', seen='5d 6d 7d 8d 9d'))\n"
        "print(hand_odds('Ac 9h', low_ace=True))"
    ),
    new_markdown_cell(
        "## Bet sizing\n\n"
        "Kelly maximises the expected log of one's chips given the double loss on the post; the "
        "stake is capped by the pot. The triangles: the best stake for expected chips over a whole "
        "heads-up dealer's game, by dynamic programming."
    ),
    new_code_cell(
        "sizing = sizing_table(chips=100, pot=20)\n"
        "print(pass_rule(sizing))\n"
        "game = best_game_stakes(100, 20, 3)\n"
        "print(f'heads-up dealer game, best stakes: {game.value - 100:+.3f} chips expected')\n"
        "plot_ev_by_spread(sizing); plt.show()\n"
        "plot_stakes_by_spread(sizing, game.start); plt.show()\n"
        "sizing[['hand', 'spread', 'ev_per_chip', 'kelly_fraction', 'kelly_stake', 'half_kelly_stake', 'decision']]"
    ),
    new_markdown_cell(
        "## A dealer's game: two stake policies\n\n"
        "Five seats; seat 0 deals (pot 20, 3 rounds). Seats 1 and 3 stake half-Kelly, seats 2 and "
        "4 stake the whole pot from spread 8 on. Results per dealer's game with standard errors, and "
        "how often their stakes win (±2 SE). Then the same with everyone dealing once (the deal passes left)."
    ),
    new_code_cell(
        "players = ['never', 'half_kelly', 'pot:1@8', 'half_kelly', 'pot:1@8']\n"
        "one = simulate(players, hands=n(200_000), seed=1)\n"
        "rot = simulate(players, hands=n(100_000), deals=5, seed=2)\n"
        "plot_win_rates({'one dealer game': one, 'deal rotates (5 games)': rot}); plt.show()\n"
        "# every share with its SE (binomial over decisions or stakes)\n"
        "one.seats[['seat', 'policy', 'net_mean', 'net_se', 'stake_rate', 'stake_rate_se', 'p_between', 'p_between_se',\n"
        "           'bust_rate', 'bust_se']]"
    ),
    new_code_cell(
        "# the dealer's figures with their SEs (and the counts)\n"
        "print('dealer:', {k: round(v, 4) if isinstance(v, float) else v for k, v in one.dealer.items()\n"
        "                  if k != 'rounds_per_game'})\n"
        "print('chips conserved in every game:', one.conservation_errors == 0)"
    ),
    new_code_cell(
        "# twice through the deck: what counting the seen cards is worth to a Kelly staker\n"
        "two = Rules(two_pass=True)\n"
        "plain = simulate(['half_kelly', 'kelly'] + ['half_kelly'] * 3, hands=n(100_000), rules=two, seed=3)\n"
        "count = simulate(['half_kelly', 'kelly+count'] + ['half_kelly'] * 3, hands=n(100_000), rules=two, seed=3)\n"
        "for name, r in (('kelly', plain), ('kelly+count', count)):\n"
        "    s = r.seats.iloc[1]\n"
        "    print(f'{name:12s} {s.net_mean:+.3f} ± {s.net_se:.3f} chips per dealer game')"
    ),
    new_markdown_cell(
        "## Red Dog\n\n"
        "The casino version: exact house edge per unit ante, with the best raise rule and without "
        "raising, for 1 to 8 decks."
    ),
    new_code_cell("red_dog_summary()"),
]

nb = new_notebook(
    cells=cells,
    metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
)
nbformat.write(nb, Path(__file__).with_name("in_between.ipynb"))
