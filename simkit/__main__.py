"""``python -m simkit``: the same as the ``simkit`` command."""

import sys

from simkit.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
