"""A user's stake policy for the CLI test of ``--policy python:MODULE:FUNCTION``."""


def half_pot_from_eight(d):
    """Stake half the pot from spread 8, like the compiled ``pot_fraction:0.5@8``."""
    return min(d.pot // 2, d.max_stake) if d.spread >= 8 else 0
