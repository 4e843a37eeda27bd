"""A kb project: its mkdocs.yml with the kb plugin's options, and the input files a command's flags put over them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from kb.build import Settings
from kb.errors import BuildError
from kb.inputs import INPUT_NAMES


def load_project(config_file: Path, inputs: dict[str, Path] | None = None, **overrides: Any) -> MkDocsConfig:
    """The mkdocs configuration, with `inputs` (plugin option -> file, from flags) set as the kb plugin's options.

    `overrides` are mkdocs settings given as flags (site_url, dev_addr); None leaves mkdocs.yml's.
    """
    from kb.plugin import KbPlugin  # here: the plugin module imports this one

    if not config_file.is_file():
        raise BuildError(f"{config_file} not found", hint="run kb in the project folder or pass --config")
    try:
        config = load_config(str(config_file), **overrides)
    except MkDocsException as e:
        raise BuildError(f"{config_file}: {e}") from None
    plugin = config.plugins.get("kb")
    if not isinstance(plugin, KbPlugin):
        raise BuildError(f"{config_file}: the kb plugin is not enabled", hint="add '- kb' under 'plugins:'")
    for name, path in (inputs or {}).items():
        plugin.config[name] = str(path)
    return config


def settings(config: MkDocsConfig, options: Any = None) -> Settings:
    """The kb plugin's options as the build's settings: paths relative to mkdocs.yml's folder."""
    options = options if options is not None else config.plugins["kb"].config
    base = Path(config.config_file_path or ".").resolve().parent
    files = {name: Path(os.path.normpath(base / options[name])) if options[name] else None for name in INPUT_NAMES}
    return Settings(content=base / options["content"], templates=base / options["templates"], work_dir=base / ".cache" / "kb", **files)
