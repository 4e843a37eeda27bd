"""The outputs beside the pages: the JSON API, the terminal search index and the web search index.

They need only the checked knowledge base, not mkdocs' pages, so they are
written in the background (a forked child, see kb.processes) while mkdocs
renders the site on the other core.
The child writes into a staging folder next to the site; when mkdocs is done
the results are moved into the site folder (renames on one file system).
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from kb.api import write_api
from kb.errors import BuildError
from kb.processes import Background, one_line
from kb.search import INDEX_NAME
from kb.search_index import write_search_index
from kb.search_postings import build_search
from kb.web_search import INDEX_DIR, write_web_search

if TYPE_CHECKING:
    from kb.build import Checked

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
    """`write_outputs` into a staging folder beside the site, while mkdocs works (see kb.processes); `finish` installs them.

    With `install_into`, the job moves its work into that site folder itself
    as soon as it is done (a live preview, whose site folder is never cleaned).
    """

    def __init__(self, checked: Checked, near: Path, install_into: Path | None = None) -> None:
        near.mkdir(parents=True, exist_ok=True)
        self.staging = Path(tempfile.mkdtemp(prefix=".kb-outputs-", dir=near))
        self.cancelled = False

        def job() -> None:
            write_outputs(checked, self.staging)
            if install_into is not None and not self.cancelled:
                install(self.staging, install_into)

        # Serving: the author's next edit should not wait for the search indexes.
        self.job = Background(job, name="kb-outputs", nice=install_into is not None)

    def finish(self, site_dir: Path) -> None:
        """Wait for the job; move what it wrote into `site_dir`, or raise why it failed, in one line."""
        failure = self.job.wait()
        if self.cancelled:
            return
        try:
            if failure is not None:
                raise BuildError(f"writing the search indexes and JSON API failed: {failure}")
            try:
                install(self.staging, site_dir)
            except OSError as e:
                raise BuildError(f"installing the search indexes and JSON API failed: {one_line(e)}") from None
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
        self.job.stop()
        shutil.rmtree(self.staging, ignore_errors=True)


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
