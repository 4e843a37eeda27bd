"""Use the machine's other cores for work that splits into independent pieces.

Workers are forked, so they start with the parent's objects (the knowledge
base, compiled patterns, templates) and nothing has to be pickled on the way
in; only results travel back. Order is kept, so output stays deterministic.
Small inputs, and machines with one core, run in the calling process;
KB_WORKERS=1 in the environment forces that.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# Below this many items the cost of forking outweighs the gain.
MIN_ITEMS = 4000

# The function the forked workers run, set just before they are forked.
_task: Callable | None = None


def parallel_map(
    function: Callable[[Sequence[Item]], list[Result]],
    items: Sequence[Item],
    workers: int | None = None,
    min_items: int | None = None,  # below this many items, run here (default MIN_ITEMS)
) -> list[Result]:
    """`function` applied to chunks of `items`, flattened in order: function(chunk) -> one result per item."""
    global _task
    workers = workers or int(os.environ.get("KB_WORKERS") or 0) or min(os.cpu_count() or 1, 4)
    if workers < 2 or len(items) < (MIN_ITEMS if min_items is None else min_items):
        return function(items)
    # A few chunks per worker even out uneven pieces of work.
    size = -(-len(items) // (workers * 4))
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    _task = function
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_run, chunks)
    finally:
        _task = None
    return [result for part in parts for result in part]


def _run(chunk: Sequence) -> list:
    assert _task is not None
    return _task(chunk)
