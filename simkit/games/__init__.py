"""The four games, one shape: every game package holds the same files.

=================  ==============================================================================
``rules.py``       the game's fixed facts and one frozen ``Rules`` dataclass with every agreed
                   setting (limits, forced bets, stacks, raise cap, variant switches) and its
                   checks; ``VARIANTS`` maps a variant's name to its ``Rules``
``strategies.py``  the players: presets and ``parse_player``, the one parser of
                   ``name:key=value`` specs that the CLI and the Python API share
``engine.py``      compiled kernels only, built on one ``_play_hand`` (below)
``jobs.py``        the runner jobs and the public Python entry points, ``hand_kernel`` among them
``equity.py``      all-in equity and showdown shares (where the game has them)
``solver.py``      exact draw odds and best keeps (draw games)
``keep_table.py``  best keeps by rank pattern (draw games)
``studies.py``     the studies behind the beginner tips
=================  ==============================================================================

The same parameter names mean the same thing in every game: ``players`` (one spec per seat),
``rules`` (a ``Rules``), ``hands`` (hands, deals, series or dealer's games played), ``trials``
(Monte Carlo samples of an estimate), ``seed``, and the runner's options as ``**run_options``.

The common table interface
--------------------------
Every game has one compiled kernel that plays one hand at a given table state (for Diablo one
deal, with the carried pot and the opener's obligation; for In-Between one dealer's game)::

    rc = _play_hand(table, game, rng, work, record)

``table`` (:mod:`simkit.games.table`) holds the seats, the dealer, the chips carried into the
deal and per seat the stack and whether the seat is still in; the kernel writes the new stacks
back and fills ``record`` with a compact hand record.  ``game`` (rules, strategies, tables) and
``work`` (scratch) come from the game's ``jobs.hand_kernel(players, rules)``, which wraps them
with the kernel in a :class:`~simkit.games.table.HandKernel`.  Every batch kernel of a game is
a loop over its ``_play_hand``; a whole evening drives it hand after hand:

>>> from simkit.games.razz import jobs
>>> from simkit.games.table import chips_on_table, drop_broke, new_table, next_dealer
>>> from simkit.rng import stream_state
>>> kernel = jobs.hand_kernel(["tips", "tight", "tight", "loose-aggressive"])
>>> table, rng = new_table([60, 60, 60, 60]), stream_state(2026)
>>> for deal in range(40):
...     assert kernel(table, rng) == 0
...     if drop_broke(table) < 2:
...         break
...     next_dealer(table)
>>> chips_on_table(table)
240
"""
