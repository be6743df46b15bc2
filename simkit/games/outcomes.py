"""Per-deal outcome tables, the part every game shares: columns, card text, hand classes, and
the chunked, seeded loop that builds a table in memory or writes it to parquet.

Razz and Triple Draw have ``simkit.games.<game>.outcomes`` with ``deals`` (full games: one
row per deal and seat) and ``equity_deals`` (the game's all-in equity simulation, one row per
deal and hand); Diablo has ``equity_deals`` (its showdown simulation) and
``draw_equity_deals`` (the draws of given hands); In-Between has ``deals`` (one row per
dealer's game and seat).  Equity tables take ranges where the game's equity function does:
a ranged seat's row holds the range's text in ``range`` (empty for a fixed hand) and the
member it was dealt in ``start``.  The tables are **long**: one row per deal and seat, so
that ``groupby`` answers questions directly (``t[t.showdown].groupby("category").share.mean()``).  Columns every game
uses, in this order where they apply:

``deal``
    The deal's number in the run (0, 1, …): the same seed, chunk size and arguments give the
    same deals, on any number of threads.  One trial of the game's job is one deal.
``seat``
    The seat (0, 1, …); in an equity table the position of the hand in the list given.
``player`` / ``given``
    The player spec's name (full games), or the hand as given (equity tables: ``random`` or
    the card string).
``dealer``
    The dealer seat of the deal (full games).
``range``
    Equity tables: the range's text for a seat dealt from a range, empty for a fixed hand.
``start``
    The cards the seat started with (text, ``"As 2d 3c"``): Razz the first three (two down,
    the door card), draw games the five dealt; for a seat dealt from a range, the member of
    the range it was dealt.
``drawn1``, ``drawn2``, …
    Draw games: the cards drawn at each draw (-1: did not draw, having folded or been out).
``cards``
    The seat's cards at the end (text): Razz every card dealt to it, draw games the final five
    (the hand held when folding, for a seat that folded).
``showdown``
    The seat's hand was shown down (still in, and at least two players still in).
``hand``, ``category``
    The final hand, described (``"8-6-5-4-2, eight-low"``) and its category (``8-low``,
    ``one_pair``, ``flush``; :func:`simkit.hands.category_names`), for hands at a showdown
    (in equity tables: every hand); missing (``<NA>``) otherwise.
``share``
    The share of the pot won: 1, 1/k for a k-way tie, 0 (equity tables); in full games the
    chips won back over the pot (chips put in by every seat, carried chips included).
``net``
    Full games: chips won or lost in the deal (they add up to 0 over a deal's seats, less what
    a deal leaves in the middle).

A game adds columns of its own (Razz ``door``; Diablo ``deuces``, ``pat_category``), named in its module.
Text columns are pandas ``string`` columns (``<NA>`` when missing), so that a table written
chunk by chunk has one parquet schema.

Large runs: ``path="deals.parquet"`` writes the table chunk by chunk (pyarrow, the
``parquet`` extra) instead of returning it, so memory stays at a few chunks whatever the
number of deals; ``pandas.read_parquet`` reads it back.

Examples
--------
>>> card_text(np.array([[51, 0, -1], [12, -1, -1]])).tolist()
['As 2c', '5c']
>>> hand_columns(np.array([[24, 16, 12, 8, 0]]), "ace_to_five")[1].tolist()
['8-low']
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..cards import N_CARDS, RANK_CHARS, SUIT_CHARS
from ..checks import positive_int
from ..hands import category_names, describe, evaluate, strength_codes
from ..hands.ranges import Combos
from ..rng import SeedLike
from ..runner.chunks import DEFAULT_CHUNK_SIZE
from ..runner.progress import progress_bar
from ..runner.rows import chunk_results

__all__ = ["card_text", "collect", "given_text", "hand_columns", "range_column", "rank_text"]

#: Card names by number, with ``""`` for -1 (a card not dealt) at the end.
_NAMES = np.array([RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(N_CARDS)] + [""], dtype=object)
_NAMES_SP = np.array([x + " " for x in _NAMES[:-1]] + [""], dtype=object)


def card_text(cards: np.ndarray) -> pd.Series:
    """The cards of each row as text (``"As 2c"``; -1 = no card, left out), vectorised.

    >>> card_text(np.array([[0, 1]])).tolist()
    ['2c 2d']
    """
    c = np.asarray(cards)
    if c.ndim != 2:
        raise ValueError(f"cards must be a 2-d array (rows, cards), got shape {c.shape}")
    idx = np.where(c < 0, N_CARDS, c).astype(np.int64)
    if c.size and c.max() >= N_CARDS:
        raise ValueError(f"card {int(c.max())} is out of range 0..51")
    text = np.full(c.shape[0], "", dtype=object)
    for j in range(c.shape[1]):  # a loop over card positions (at most 7), not over rows
        text = text + _NAMES_SP[idx[:, j]]
    return pd.Series(text, dtype="string").str.rstrip()


def rank_text(cards: np.ndarray) -> pd.Series:
    """The rank character of each card (``"A"``, ``"7"``, ``"T"``; ``<NA>`` for -1).

    >>> rank_text(np.array([51, 0, -1])).tolist()
    ['A', '2', <NA>]
    """
    c = np.asarray(cards).astype(np.int64)
    out = np.array(list(RANK_CHARS) + [None], dtype=object)[np.where(c < 0, 13, c >> 2)]
    return pd.Series(out, dtype="string")


@cache
def _descriptions(family: str) -> np.ndarray:
    return np.array([describe(s, family) for s in range(strength_codes(family).size)], dtype=object)


def hand_columns(
    cards: np.ndarray, family: str, mask: np.ndarray | None = None
) -> tuple[pd.Series, pd.Series, np.ndarray]:
    """``(hand, category, strength)`` of each row of ``cards`` (5 or 7 cards) in ``family``:
    the description, the category name (``string`` columns) and the strength (int64, -1
    where left out); rows where ``mask`` is False are left out (``<NA>``).

    >>> h, c, s = hand_columns(np.array([[51, 47, 43, 39, 35]]), "high")
    >>> h.tolist(), c.tolist()
    (['royal flush'], ['straight_flush'])
    """
    c = np.asarray(cards)
    rows = np.ones(c.shape[0], dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    strength = np.full(c.shape[0], -1, dtype=np.int64)
    hand = np.full(c.shape[0], None, dtype=object)
    cat = np.full(c.shape[0], None, dtype=object)
    if rows.any():
        s = evaluate(c[rows], family).astype(np.int64)
        strength[rows] = s
        hand[rows] = _descriptions(family)[s]
        cat[rows] = category_names(s, family)
    return pd.Series(hand, dtype="string"), pd.Series(cat, dtype="string"), strength


def given_text(hand: Any, format_hand: Callable[[Any], str]) -> str:
    """A hand as the user gave it, for the ``given`` column: a string as written (spaces
    tidied), a range by its text (``"N combos"`` when it has none), else ``format_hand(hand)``.

    >>> given_text("As  2d / 3c", str), given_text(Combos(np.array([[0, 1]]), [1.0]), str)
    ('As 2d / 3c', '1 combos')
    """
    if isinstance(hand, Combos):
        text = hand.text or f"{len(hand)} combos"
    else:
        text = hand if isinstance(hand, str) else format_hand(hand)
    return " ".join(text.split())


def range_column(given: Sequence[str], ranged: Collection[int]) -> list[str]:
    """The ``range`` column's value per seat: the text given for the seats in ``ranged``
    (dealt from a range), empty for a fixed hand.

    >>> range_column(["trips+", "As Ah Ad 7c 4s"], {0})
    ['trips+', '']
    """
    return [g if i in ranged else "" for i, g in enumerate(given)]


def collect(
    chunk_frame: Callable[[int, np.random.SeedSequence], pd.DataFrame],
    trials: int,
    *,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    offsets: tuple[str, ...] = ("deal",),
    attrs: Mapping[str, object] | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Run ``chunk_frame(size, seed)`` over the chunks of ``trials`` trials
    (:func:`simkit.runner.rows.chunk_results`) and join the tables, each chunk's ``offsets``
    columns (numbered from 0 in the chunk) moved on by the trials before it.

    Returns the table (its ``attrs`` updated with ``attrs``), or with ``path`` writes it to
    that parquet file chunk by chunk and returns the path.  A progress bar of the trials
    (:func:`simkit.runner.progress.progress_bar`) shows on stderr when the run takes more than
    two seconds, unless ``quiet``.

    >>> def frame(k, seed):
    ...     return pd.DataFrame({"deal": np.arange(k), "x": np.random.default_rng(seed).random(k)})
    >>> t = collect(frame, 5, chunk_size=2, threads=1)
    >>> t.deal.tolist()
    [0, 1, 2, 3, 4]
    >>> collect(frame, 5, path="x.csv")
    Traceback (most recent call last):
    ...
    ValueError: path must name a .parquet file, got 'x.csv'
    """
    positive_int(trials, "trials")
    if chunk_size is not None:
        positive_int(chunk_size, "chunk_size")
    if path is not None and Path(path).suffix != ".parquet":
        raise ValueError(f"path must name a .parquet file, got {str(path)!r}")
    parts = []
    writer = None
    size = DEFAULT_CHUNK_SIZE if chunk_size is None else chunk_size
    bar = progress_bar(trials, "deals", quiet=quiet)
    try:
        for _, first, df in chunk_results(
            chunk_frame, trials, seed=seed, chunk_size=chunk_size, threads=threads
        ):
            bar.update(min(size, trials - first))
            for col in offsets:
                df[col] += first
            if path is None:
                parts.append(df)
                continue
            try:
                import pyarrow as pa
                import pyarrow.parquet as pq
            except ImportError as e:  # pragma: no cover - pyarrow comes with the test extra
                raise ImportError("writing parquet needs pyarrow: pip install 'simkit[parquet]'") from e

            if writer is None:
                table = pa.Table.from_pandas(df, preserve_index=False)
                writer = pq.ParquetWriter(str(path), table.schema)
            else:
                table = pa.Table.from_pandas(df, schema=writer.schema, preserve_index=False)
            writer.write_table(table)
    finally:
        bar.close()
        if writer is not None:
            writer.close()
    if path is not None:
        return Path(path)
    table = pd.concat(parts, ignore_index=True)
    table.attrs.update(attrs or {})
    return table
