"""The compiled evaluators read the tables at the offsets tables.LAYOUT defines."""

import numpy as np
import pytest

from simkit.hands import FAMILIES, kernel_tables, kernels
from simkit.hands.tables import LAYOUT


def test_kernel_offsets_match_the_layout():
    for name in (
        "by_key5",
        "flush_mask5",
        "flush7",
        "by_key7",
        "suited_key5",
        "card_keys5",
        "card_keys7",
        "row_offsets7",
        "suited_keys5",
        "wild_keys5",
        "mask_index",
        "flush7_ace_to_six",
    ):
        assert getattr(kernels, name.upper()) == LAYOUT[name], name


@pytest.mark.parametrize("family", FAMILIES)
def test_tables_have_the_layout_size(family):
    values, keys = kernel_tables(family)
    assert values.dtype == np.uint16 and values.size == LAYOUT["values_size"]
    assert keys.dtype == np.int64 and keys.size == LAYOUT["keys_size"]
    assert not values.flags.writeable and not keys.flags.writeable
