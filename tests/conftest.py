"""Shared fixtures: the 2,598,960 five-card hands grouped into suit-relabelling classes."""

from __future__ import annotations

import os
from dataclasses import dataclass
from itertools import chain, combinations, permutations

import numpy as np
import pytest

# Compiled kernels are cached in the repository (ignored by git) unless the caller chose a place.
os.environ.setdefault(
    "NUMBA_CACHE_DIR", os.path.join(os.path.dirname(os.path.dirname(__file__)), ".numba_cache")
)


@dataclass(frozen=True)
class FiveCardClasses:
    """Every five-card hand, and its class under the 24 relabellings of the suits.

    Suits never rank hands (R-C2), so every hand of a class has the same value in every family;
    a reference needs to evaluate only one representative per class.
    """

    hands: np.ndarray  #: (2598960, 5) int8, every 5-subset of the deck
    class_of: np.ndarray  #: (2598960,) class index of each hand
    reps: np.ndarray  #: (n_classes, 5) one hand of each class
    sizes: np.ndarray  #: (n_classes,) number of hands in each class


def _all_five_card_hands() -> np.ndarray:
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.int8)
    return flat.reshape(-1, 5)


def _suit_canonical_codes(hands: np.ndarray) -> np.ndarray:
    """The smallest sorted-hand code over all 24 suit relabellings, for every hand."""
    h = hands.astype(np.int64)
    ranks, suits = h >> 2, h & 3
    best = None
    for perm in permutations(range(4)):
        relabelled = np.sort(4 * ranks + np.asarray(perm)[suits], axis=1)
        code = np.zeros(len(h), dtype=np.int64)
        for i in range(5):
            code = (code << 6) | relabelled[:, i]
        best = code if best is None else np.minimum(best, code)
    return best


@pytest.fixture(scope="session")
def five_card_classes() -> FiveCardClasses:
    hands = _all_five_card_hands()
    codes = _suit_canonical_codes(hands)
    _, first, inverse, counts = np.unique(codes, return_index=True, return_inverse=True, return_counts=True)
    return FiveCardClasses(hands, inverse.ravel(), hands[first], counts)


@pytest.fixture
def figures_show_se(monkeypatch):
    """Check every figure the test saves (as ``simkit report`` does) with
    :func:`figure_se.missing_se`; the test fails afterwards if one plots a Monte Carlo figure
    without its standard error.  Yields the list of the figures' titles checked."""
    import matplotlib.figure
    from figure_se import missing_se

    checked: list[str] = []
    missing: list[str] = []
    savefig = matplotlib.figure.Figure.savefig

    def checked_savefig(fig, fname, *args, **kwargs):
        checked.append(str(fname))
        missing.extend(f"{fname}: {m}" for m in missing_se(fig))
        return savefig(fig, fname, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", checked_savefig)
    yield checked
    assert not missing, "plots without their SE:\n" + "\n".join(missing)
