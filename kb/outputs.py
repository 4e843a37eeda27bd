"""The outputs beside the pages: the JSON API, the terminal search index and the web search index.

They need only the checked knowledge base, not mkdocs' pages, so they are
written by a child process while mkdocs renders the site on the other core.
The child writes into a staging folder next to the site; when mkdocs is done
the results are moved into the site folder (renames on one file system).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import logging
import multiprocessing
import os
import shutil
import signal
import tempfile
from multiprocessing.connection import Connection
from pathlib import Path

from kb.api import write_api
from kb.errors import BuildError
from kb.pipeline import Checked
from kb.search import INDEX_NAME
from kb.search_index import write_search_index
from kb.search_postings import build_search
from kb.web_search import INDEX_DIR, write_web_search

# What the writers produce, each swapped into the site as a whole.
OUTPUT_PATHS = ("api", INDEX_NAME, INDEX_DIR)


def write_outputs(checked: Checked, site_dir: Path) -> None:
    """Write every output straight into `site_dir` (no child process)."""
    write_api(checked.kb, site_dir, checked.report.results)
    # Both searches index the same documents and postings, computed once.
    built = build_search(checked.kb)
    write_search_index(checked.kb, site_dir, built)
    write_web_search(checked.kb, site_dir, built)


class BackgroundOutputs:
    """`write_outputs` run in a forked child; `finish` moves its work into the site.

    With `install_into`, the child moves its work into that site folder itself
    as soon as it is done (a live preview, whose site folder is never cleaned).
    """

    def __init__(self, checked: Checked, near: Path, install_into: Path | None = None) -> None:
        near.mkdir(parents=True, exist_ok=True)
        self.staging = Path(tempfile.mkdtemp(prefix=".kb-outputs-", dir=near))
        # Objects that exist now are shared with the child; freezing them keeps
        # the child's garbage collector from touching (and so copying) them.
        gc.freeze()
        context = multiprocessing.get_context("fork")
        # The child says why it failed through a pipe: a full disk could refuse a file.
        self.failure, failure_end = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_child, args=(checked, self.staging, install_into, failure_end, os.getpid()), name="kb-outputs", daemon=True
        )
        self.process.start()
        failure_end.close()
        gc.unfreeze()
        self.cancelled = False

    def finish(self, site_dir: Path) -> None:
        """Wait for the child; move what it wrote into `site_dir`, or raise why it failed."""
        self.process.join()
        if self.cancelled:
            return
        try:
            if self.process.exitcode != 0:
                reason = self.failure.recv() if self.failure.poll() else f"exit code {self.process.exitcode}"
                raise BuildError(f"writing the search indexes and JSON API failed: {reason}")
            install(self.staging, site_dir)
        finally:
            shutil.rmtree(self.staging, ignore_errors=True)

    def finish_quietly(self, site_dir: Path) -> None:
        """`finish`, logging a failure instead of raising it (for a live preview's background thread)."""
        try:
            self.finish(site_dir)
        except BuildError as e:
            logging.getLogger("mkdocs.plugins.kb").warning(str(e))

    def cancel(self) -> None:
        self.cancelled = True
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()
        shutil.rmtree(self.staging, ignore_errors=True)


def _child(checked: Checked, staging: Path, install_into: Path | None, failure: Connection, parent: int) -> None:
    _die_with_parent(parent)
    if install_into is not None:
        # Serving: the author's next edit should not wait for the search indexes.
        os.nice(10)
    try:
        write_outputs(checked, staging)
        if install_into is not None:
            install(staging, install_into)
    except BaseException as e:  # reported to the parent, which raises it as a build error
        failure.send(_one_line(e))
        raise SystemExit(1) from None


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this child when the build that forked it dies (even by kill -9).

    Otherwise it would write on into a work folder that the next build is removing.
    """
    with contextlib.suppress(OSError, AttributeError):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


def _one_line(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename or 'a file'}: {error.strerror}"
    return str(error).partition("\n")[0] or type(error).__name__


def install(staging: Path, site_dir: Path) -> None:
    """Swap each output written under `staging` into `site_dir`, replacing an older one whole."""
    for relative in OUTPUT_PATHS:
        new = staging / relative
        if not new.exists():
            continue
        target = site_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        old = None
        if target.exists():
            old = staging / f".old-{new.name}"
            target.replace(old)
        new.replace(target)
        if old is not None:
            shutil.rmtree(old) if old.is_dir() else old.unlink()
