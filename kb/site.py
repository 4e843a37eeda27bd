"""The site step: mkdocs builds into a fresh folder that replaces the old site only on success."""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path

from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from kb.errors import BuildError
from kb.plugin import KbPlugin


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
    """Run mkdocs into a temporary sibling of `site_dir`, then swap it in."""
    from mkdocs.commands.build import build  # here, not at the top: `kb check` loads the project but never builds

    site_dir = site_dir.resolve()
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}-new-", dir=site_dir.parent))
    config.site_dir = str(staging)
    try:
        logging.getLogger("mkdocs").setLevel(logging.WARNING)
        build(config)
    except MkDocsException as e:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"site build failed: {e}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _swap(staging, site_dir)


def _swap(new: Path, target: Path) -> None:
    """Replace `target` by `new` with two renames, so a reader never sees half a site."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=target.parent))
        old.rmdir()
        target.rename(old)
    new.rename(target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
