"""The MkDocs plugin: generates the knowledge base's pages inside mkdocs' own build.

This is what makes `mkdocs serve` a live preview for authors: each rebuild
reloads `content/`, and edits to content or templates trigger a rebuild.
"""

from __future__ import annotations

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
        self.pages: list[Page] = []

    def settings(self, config: MkDocsConfig, rules: str | None = None, previous_rules: str | None = None) -> Settings:
        """The plugin's options as paths, relative to mkdocs.yml; flags override them."""
        base = Path(config.config_file_path or ".").resolve().parent
        rules = rules or self.config.rules
        previous_rules = previous_rules or self.config.previous_rules
        return Settings(
            content=base / self.config.content,
            templates=base / self.config.templates,
            rules=base / rules if rules else None,
            previous_rules=base / previous_rules if previous_rules else None,
        )

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Page links are written as .html files so the site also works from disk.
        config.use_directory_urls = False
        settings = self.settings(config)
        try:
            kb = self.preloaded or load_knowledge_base(settings)
            self.pages = build_pages(kb, settings)
        except KbError as e:
            raise PluginError(str(e)) from None
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for page in self.pages:
            files.append(File.generated(config, page.path, content=page.text))
        return files

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, builder) -> LiveReloadServer:  # noqa: ANN001
        settings = self.settings(config)
        server.watch(str(settings.content))
        server.watch(str(settings.templates))
        return server
