"""The MkDocs plugin: generates the knowledge base's pages inside mkdocs' own build.

This is what makes `mkdocs serve` a live preview for authors: each rebuild
reloads `content/`, and edits to content or templates trigger a rebuild.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config import config_options as opt
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from kb.api import write_api
from kb.errors import KbError
from kb.pipeline import Checked, Settings, build_pages, prepare
from kb.render import Page
from kb.search import write_search_index
from kb.web_search import write_web_search


class KbPluginConfig(Config):
    content = opt.Type(str, default="content")
    templates = opt.Type(str, default="templates")
    rules = opt.Optional(opt.Type(str))
    previous_rules = opt.Optional(opt.Type(str))
    scryfall_cards = opt.Optional(opt.Type(str))
    scryfall_rulings = opt.Optional(opt.Type(str))
    mtgjson = opt.Optional(opt.Type(str))


# The options that name input files; a flag of `kb build` with the same name overrides each.
INPUT_FILES = ("rules", "previous_rules", "scryfall_cards", "scryfall_rulings", "mtgjson")


class KbPlugin(BasePlugin[KbPluginConfig]):
    def __init__(self) -> None:
        super().__init__()
        # Set by `kb build`, which loads and checks the knowledge base itself.
        self.preloaded: Checked | None = None
        self.checked: Checked | None = None
        self.pages: list[Page] = []

    def settings(self, config: MkDocsConfig, **files: Path | None) -> Settings:
        """The plugin's options as paths relative to mkdocs.yml; input files given as flags override them."""
        base = Path(config.config_file_path or ".").resolve().parent
        inputs = {}
        for name in INPUT_FILES:
            option = self.config[name]
            inputs[name] = files.get(name) or (Path(os.path.normpath(base / option)) if option else None)
        return Settings(content=base / self.config.content, templates=base / self.config.templates, **inputs)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Page links are written as .html files so the site also works from disk.
        config.use_directory_urls = False
        settings = self.settings(config)
        try:
            self.checked = self.preloaded or prepare(settings)
            self.pages = build_pages(self.checked, settings)
        except KbError as e:
            raise PluginError(str(e)) from None
        _add_to_nav(config, {page.path for page in self.pages})
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for page in self.pages:
            files.append(File.generated(config, page.path, content=page.text))
        return files

    def on_post_build(self, config: MkDocsConfig) -> None:
        """Outputs beside the pages, written into the site folder mkdocs just built."""
        assert self.checked is not None
        kb, site_dir = self.checked.kb, Path(config.site_dir)
        write_api(kb, site_dir, self.checked.report.results)
        write_search_index(kb, site_dir)
        write_web_search(kb, site_dir)

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, builder) -> LiveReloadServer:
        settings = self.settings(config)
        server.watch(str(settings.content))
        server.watch(str(settings.templates))
        return server


# Pages that exist only for some inputs (a CR file, a previous release) join the
# navigation when they are generated, unless mkdocs.yml already places them.
OPTIONAL_NAV = {"Glossary": "glossary/index.md", "Changes": "changes.md", "Engine": "engine.md"}


def _add_to_nav(config: MkDocsConfig, generated: set[str]) -> None:
    if config.nav is None:
        return
    placed = {path for entry in config.nav if isinstance(entry, dict) for path in entry.values()}
    for title, path in OPTIONAL_NAV.items():
        if path in generated and path not in placed:
            config.nav.append({title: path})
