"""The site step: mkdocs builds into a fresh folder that replaces the old site whole, and only on success."""

from __future__ import annotations

import errno
import logging
from pathlib import Path

from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from kb.errors import BuildError
from kb.plugin import KbPlugin
from kb.site_swap import publishing


def load_project(config_file: Path) -> tuple[MkDocsConfig, KbPlugin]:
    """The mkdocs configuration and its kb plugin."""
    if not config_file.is_file():
        raise BuildError(f"{config_file} not found", hint="run kb in the project folder or pass --config")
    try:
        config = load_config(str(config_file))
    except MkDocsException as e:
        raise BuildError(f"{config_file}: {e}") from None
    plugin = config.plugins.get("kb")
    if not isinstance(plugin, KbPlugin):
        raise BuildError(f"{config_file}: the kb plugin is not enabled", hint="add '- kb' under 'plugins:'")
    return config, plugin


def build_site(config: MkDocsConfig, site_dir: Path) -> None:
    """Run mkdocs into a work folder beside `site_dir`, then publish it in one atomic step (see kb.site_swap)."""
    site_dir = site_dir.resolve()
    staging = None
    try:
        with publishing(site_dir) as staging:
            config.site_dir = str(staging)
            _run_mkdocs(config)
    except OSError as e:
        raise BuildError(_os_error(e, staging, site_dir), hint=_OS_HINTS.get(e.errno or 0, "")) from None


def _run_mkdocs(config: MkDocsConfig) -> None:
    from mkdocs.commands.build import build  # here, not at the top: `kb check` loads the project but never builds

    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    logged = _ErrorsKept()
    # mkdocs logs a failing page's error before raising it; that line becomes our one-line message.
    logging.getLogger("mkdocs.commands.build").addFilter(logged)
    try:
        build(config)
    except MkDocsException as e:
        raise BuildError(f"site build failed: {logged.first or e}") from None
    finally:
        logging.getLogger("mkdocs.commands.build").removeFilter(logged)


class _ErrorsKept(logging.Filter):
    """Keeps mkdocs' error lines from the console, remembering the first."""

    def __init__(self) -> None:
        super().__init__()
        self.first = ""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR:
            return True
        self.first = self.first or record.getMessage()
        return False


_OS_HINTS = {
    errno.ENOSPC: "free some disk space; the previous site is unchanged",
    errno.EROFS: "the output folder is read-only; the previous site is unchanged",
    errno.EACCES: "the output folder is not writable; the previous site is unchanged",
    errno.ENAMETOOLONG: "a page's file name is too long for this file system",
}


def _os_error(error: OSError, staging: Path | None, site_dir: Path) -> str:
    """'cannot write site/x.html: No space left on device', naming the file where it would be published."""
    name = str(error.filename or "")
    if staging is not None:
        name = name.replace(str(staging), str(site_dir))
    return f"cannot write {name or site_dir}: {error.strerror or error}"
