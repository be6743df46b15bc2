"""The foundation analysis: the fused sampling kernel against simkit.deal + simkit.evaluate,
and sampled category frequencies against exact enumeration."""

from __future__ import annotations

import numpy as np
import pytest

import simkit
from simkit import hands
from simkit.analysis.cards import SampleJob, _categories, exact_table, sample
from simkit.deck import shuffle_prefix
from simkit.hands.codes import FAMILIES, FAMILY_CARDS
from simkit.rng import stream_state
from simkit.runner import chunk_seed

PAIRS = [(f, k) for f in FAMILIES for k in FAMILY_CARDS[f]]


@pytest.mark.parametrize("family, n_cards", PAIRS)
def test_fused_kernel_counts_the_hands_it_deals(family, n_cards):
    """The one-pass kernel equals dealing hand by hand (the deck's documented kernel helper,
    one deck carried from hand to hand), then simkit.evaluate and category_names."""
    seed = chunk_seed(2024, 7)
    got = SampleJob(family, n_cards).run_chunk(20_000, seed)["counts"]
    state, deck = stream_state(chunk_seed(2024, 7)), np.arange(52, dtype=np.int8)
    dealt = np.empty((20_000, n_cards), dtype=np.int8)
    for row in dealt:
        shuffle_prefix(deck, n_cards, state)
        row[:] = deck[:n_cards]
    names = hands.category_names(simkit.evaluate(dealt, family), family)
    categories, _ = _categories(family)
    assert categories == hands.family_categories(family)[::-1]
    assert got.tolist() == [int(np.sum(names == c)) for c in categories]


def test_sample_job_needs_a_known_family_and_size():
    with pytest.raises(ValueError, match="unknown family 'razz'"):
        SampleJob("razz", 5)
    with pytest.raises(ValueError, match="family 'deuces_wild' evaluates 5-card hands, not 7"):
        SampleJob("deuces_wild", 7)


@pytest.mark.parametrize(
    "family, n_cards, seed", [("high", 5, 1), ("deuces_wild", 5, 2), ("eight_or_better", 7, 3)]
)
def test_sampled_frequencies_agree_with_enumeration(family, n_cards, seed):
    """Issue item 8: within 3 standard errors (each seed fixed in advance, one per family)."""
    t = sample(family, n_cards, 400_000, seed=seed, quiet=True)
    exact = exact_table(family, n_cards)
    assert t["category"].tolist() == exact["category"].tolist()
    assert t["exact"].tolist() == exact["probability"].tolist()
    assert int(t["count"].sum()) == 400_000
    assert (t["z"].abs() < 3).all(), t
    assert np.allclose(t["se"], np.sqrt(t["frequency"] * (1 - t["frequency"]) / 400_000))


def test_sampling_kernel_releases_the_gil():
    """The embedded runner's threads scale only over kernels that release the GIL (item 9)."""
    import threading
    import time

    from simkit.analysis.cards import _sample_kernel

    assert _sample_kernel.targetoptions["nogil"] is True
    job = SampleJob("high", 7)
    job.run_chunk(1_000, np.random.SeedSequence(0))  # compiled before timing

    def spin(seconds: float) -> int:
        n, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            n += 1
        return n

    alone = spin(0.3)
    worker = threading.Thread(target=job.run_chunk, args=(8_000_000, np.random.SeedSequence(1)))
    worker.start()
    beside = spin(0.3)  # Python keeps running while the kernel works in another thread
    worker.join()
    assert beside > 0.3 * alone


def test_a_category_never_sampled_gets_a_finite_z():
    """A category with no sampled hand has a sampled SE of 0; its z uses the exact SE."""
    from simkit.analysis.cards import sample_table

    names, _ = _categories("high")
    exact = exact_table("high", 5).set_index("category")["probability"]
    counts = np.array(
        [0 if name == "straight_flush" else round(exact.get(name, 0.0) * 1000) for name in names],
        dtype=np.int64,
    )
    df = sample_table({"counts": counts, "trials": np.int64(counts.sum())}, "high", 5)
    row = df.set_index("category").loc["straight_flush"]
    assert row["se"] == 0.0 and np.isfinite(df["z"]).all() and row["z"] < 0
