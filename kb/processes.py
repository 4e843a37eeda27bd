"""Process tricks, in one place: forked workers, a forked background job, and freezing the garbage collector.

The contract:

- A fork happens only while this process runs a single thread (`can_fork`). A
  fork copies every lock as it is, and a lock another thread held at that
  instant stays held forever in the child. `kb serve` runs server threads, so
  there the work runs in this process: `parallel_map` serially, `Background`
  in a thread at the same priority.
- What crosses from a child back to the parent is small: `parallel_map`'s
  results (pickled), and a `Background` job's one-line reason for failing.
  Everything else the child needs it has from the fork, unpickled.
- A forked child dies with its parent, even one killed by `kill -9`
  (`_die_with_parent`): it must not go on writing into a work folder that the
  next build removes.
- `frozen()` moves every object that exists into the garbage collector's
  permanent generation: the collector stops walking millions of records again
  and again, and a forked child does not copy the pages it would touch.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# Below this many items the cost of forking outweighs the gain.
MIN_ITEMS = 4000


def can_fork() -> bool:
    """Whether forking is safe now: no other thread could be holding a lock the child would inherit."""
    return threading.active_count() == 1 and hasattr(os, "fork")


@contextlib.contextmanager
def frozen() -> Iterator[None]:
    """Objects that exist now are left alone by the garbage collector until the block ends."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def freeze_for_good() -> None:
    """The records built so far live until the process ends: the collector need not walk them again."""
    gc.freeze()


# --- many workers: a function over chunks of items -------------------------------------------------

# The function the forked workers run, set just before they are forked.
_task: Callable | None = None


def parallel_map(
    function: Callable[[Sequence[Item]], list[Result]],
    items: Sequence[Item],
    workers: int | None = None,
    min_items: int | None = None,  # below this many items, run here (default MIN_ITEMS)
) -> list[Result]:
    """`function` applied to chunks of `items` in forked workers, flattened in order: function(chunk) -> one result per item.

    Small inputs, machines with one core, KB_WORKERS=1 and a process running
    other threads (see `can_fork`) run it here, in one call.
    """
    global _task
    workers = workers or int(os.environ.get("KB_WORKERS") or 0) or min(os.cpu_count() or 1, 4)
    if workers < 2 or len(items) < (MIN_ITEMS if min_items is None else min_items) or not can_fork():
        return function(items)
    # A few chunks per worker even out uneven pieces of work.
    size = -(-len(items) // (workers * 4))
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    _task = function
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_run_chunk, chunks)
    finally:
        _task = None
    return [result for part in parts for result in part]


def _run_chunk(chunk: Sequence) -> list:
    assert _task is not None
    return _task(chunk)


# --- one job in the background --------------------------------------------------------------------


class Background:
    """`job()` run beside this process's own work: in a forked child where `can_fork`, else in a thread.

    `wait()` returns None when the job succeeded, or why it failed, in one line.
    `nice` lowers the child's priority (a live preview's indexes must not slow the next edit).
    """

    def __init__(self, job: Callable[[], None], name: str, nice: bool = False) -> None:
        self._reason: str | None = None
        if can_fork():
            context = multiprocessing.get_context("fork")
            # The child says why it failed through a pipe: a full disk could refuse a file.
            self._failure, failure_end = context.Pipe(duplex=False)
            # Objects that exist now are shared with the child; freezing them keeps
            # the child's garbage collector from touching (and so copying) them.
            with frozen():
                self._process: multiprocessing.process.BaseProcess | None = context.Process(
                    target=_child, args=(job, failure_end, os.getpid(), nice), name=name, daemon=True
                )
                self._process.start()
            failure_end.close()
            self._thread = None
        else:
            self._process = None
            self._thread = threading.Thread(target=self._in_thread, args=(job,), name=name, daemon=True)
            self._thread.start()

    def wait(self) -> str | None:
        """Wait for the job to end; None if it succeeded, else why it failed."""
        if self._process is not None:
            self._process.join()
            if self._process.exitcode == 0:
                return None
            if self._failure.poll():
                return self._failure.recv()
            return f"exit code {self._process.exitcode}"
        assert self._thread is not None
        self._thread.join()
        return self._reason

    def stop(self) -> None:
        """End a child now; a thread cannot be ended, so it is left to finish, unwaited for."""
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join()

    def _in_thread(self, job: Callable[[], None]) -> None:
        try:
            job()
        except Exception as e:  # reported by wait(), as a child's failure is
            self._reason = one_line(e)


def _child(job: Callable[[], None], failure, parent: int, nice: bool) -> None:
    _die_with_parent(parent)
    if nice:
        os.nice(10)
    try:
        job()
    except BaseException as e:  # reported to the parent, which raises it as a build error
        failure.send(one_line(e))
        raise SystemExit(1) from None


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this child when the process that forked it dies (even by kill -9)."""
    with contextlib.suppress(OSError, AttributeError):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


def one_line(error: BaseException) -> str:
    """An error as one line: 'file: reason' for the machine's errors, the first line of the message otherwise."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename or 'a file'}: {error.strerror}"
    return str(error).partition("\n")[0] or type(error).__name__
