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

from kb.errors import KbError
from kb.pipeline import Settings, build_pages, load_knowledge_base
from kb.render import Page
from kb.store import KnowledgeBase


class KbPluginConfig(Config):
    content = opt.Type(str, default="content")
    templates = opt.Type(str, default="templates")
    rules = opt.Optional(opt.Type(str))
    previous_rules = opt.Optional(opt.Type(str))


class KbPlugin(BasePlugin[KbPluginConfig]):
    def __init__(self) -> None:
        super().__init__()
        # Set by `kb build`, which loads and checks the knowledge base itself.
        self.preloaded: KnowledgeBase | None = None
        self.kb: KnowledgeBase | None = None
        self.pages: list[Page] = []

    def settings(self, config: MkDocsConfig, rules: Path | None = None, previous_rules: Path | None = None) -> Settings:
        """The plugin's options as paths relative to mkdocs.yml; paths given as flags override them."""
        base = Path(config.config_file_path or ".").resolve().parent

        def option(value: str | None) -> Path | None:
            return Path(os.path.normpath(base / value)) if value else None

        return Settings(
            content=base / self.config.content,
            templates=base / self.config.templates,
            rules=rules or option(self.config.rules),
            previous_rules=previous_rules or option(self.config.previous_rules),
        )

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Page links are written as .html files so the site also works from disk.
        config.use_directory_urls = False
        settings = self.settings(config)
        try:
            self.kb = self.preloaded or load_knowledge_base(settings)
            self.pages = build_pages(self.kb, settings)
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
        assert self.kb is not None
        site_dir = Path(config.site_dir)
        for write in ():  # each entry: a function (kb, site_dir) -> None
            write(self.kb, site_dir)

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, builder) -> LiveReloadServer:
        settings = self.settings(config)
        server.watch(str(settings.content))
        server.watch(str(settings.templates))
        return server


# Pages that exist only for some inputs (a CR file, a previous release) join the
# navigation when they are generated, unless mkdocs.yml already places them.
OPTIONAL_NAV = {"Glossary": "glossary/index.md", "Changes": "changes.md"}


def _add_to_nav(config: MkDocsConfig, generated: set[str]) -> None:
    if config.nav is None:
        return
    placed = {path for entry in config.nav if isinstance(entry, dict) for path in entry.values()}
    for title, path in OPTIONAL_NAV.items():
        if path in generated and path not in placed:
            config.nav.append({title: path})
