"""The MkDocs plugin: a thin adapter that runs the build's steps (kb.build) inside mkdocs' own build.

on_config runs steps 1-5 (pages rendered, outputs started), on_files hands the
pages to mkdocs, on_post_build installs the outputs. While serving, kb.live
does steps 1-4 incrementally, and edits to content, templates or any input
file trigger a rebuild.
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

from kb import compiled_templates, offline, raw_html, symbols, urls
from kb.build import prepare, render, start_outputs
from kb.csp import ContentSecurityPolicy
from kb.errors import KbError
from kb.inputs import INPUT_NAMES
from kb.live import LiveBuild
from kb.outputs import BackgroundOutputs
from kb.processes import freeze_for_good
from kb.progress import progress
from kb.project import settings
from kb.render import Page

# Files of the theme no page loads: material's own search, lunr and its worker (kb writes its own,
# kb.web_search). Left out, a site is 1.2 MB and 36 files smaller.
UNUSED_THEME_FILES = ("assets/javascripts/lunr/", "assets/javascripts/workers/")


class KbPluginConfig(Config):
    content = opt.Type(str, default="content")
    templates = opt.Type(str, default="templates")
    # One optional path per input file of kb.inputs.INPUTS (`rules`, `scryfall_cards` …); a flag overrides each
    # (kb.project.load_project).
    locals().update({name: opt.Optional(opt.Type(str)) for name in INPUT_NAMES})


class KbPlugin(BasePlugin[KbPluginConfig]):
    def __init__(self) -> None:
        super().__init__()
        self.outputs: BackgroundOutputs | None = None
        self.pages: list[Page] = []
        # Only while serving: the incremental build, and where pages are kept as files.
        self.live: LiveBuild | None = None
        self.page_dir: Path | None = None
        self.finishing: BackgroundOutputs | None = None
        self.changed: set[str] = set()
        self.built = self.to_build = 0
        # Page -> the template-written HTML blocks kept out of Markdown's way (see kb.raw_html).
        self.raw_blocks: dict[str, raw_html.Stash] = {}
        self.csp: ContentSecurityPolicy | None = None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Having this hook keeps one plugin instance for all of `mkdocs serve`'s rebuilds,
        # which is what lets the live build carry its state from one rebuild to the next.
        self.live = LiveBuild() if command == "serve" else None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Page links are written as .html files so the site also works from disk.
        config.use_directory_urls = False
        try:
            if self.live is not None:
                self._live_update(config)
            else:
                project = settings(config, self.config)
                checked = prepare(project)  # 1-3
                self.pages = render(checked, project)  # 4
                # 5. The search indexes and the API are written beside mkdocs' own work; from
                # here on only the pages are needed, so the knowledge base is let go of
                # and mkdocs gets its memory.
                self.outputs = start_outputs(checked, Path(config.site_dir))
                del checked
        except KbError as e:
            raise PluginError(str(e)) from e  # kb.build.run_mkdocs finds e again
        if config.nav is not None:
            add_optional_pages(config.nav, {page.path for page in self.pages})
        # Millions of records now live until the build ends: freezing them keeps the
        # garbage collector from walking them again and again while mkdocs works.
        freeze_for_good()
        return config

    def _live_update(self, config: MkDocsConfig) -> None:
        """Serving: apply what changed, and keep pages as files so a dirty rebuild redoes only the changed ones."""
        assert self.live is not None
        update = self.live.update(settings(config, self.config))
        self.pages = list(update.pages.values())
        self.page_dir = Path(config.config_file_path or ".").resolve().parent / ".cache" / "kb" / "pages"
        for path in sorted(update.changed):
            target = self.page_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(update.pages[path].text, encoding="utf-8")
        self.changed = update.changed
        # The sitemap lists every page: rebuilding it on every edit costs more than all the rest.
        config.theme.static_templates.discard("sitemap.xml")
        if update.changed:
            for stale in (self.outputs, self.finishing):
                if stale is not None:
                    stale.cancel()
            site_dir = Path(config.site_dir).resolve()
            # The first build waits for its outputs (see on_post_build): they are written at full
            # priority and installed by this process; later ones install themselves when ready.
            later = self.finishing is not None
            self.outputs = start_outputs(update.checked, site_dir, install_into=site_dir if later else None)

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for unused in [f for f in files if f.src_uri.startswith(UNUSED_THEME_FILES)]:
            files.remove(unused)
        for symbol in symbols.SYMBOLS:  # the icons of {T}, {W} …, drawn by kb.symbols
            files.append(File.generated(config, f"{symbols.FOLDER}/{symbols.file_name(symbol)}", content=symbols.svg(symbol)))
        for page in self.pages:
            if self.page_dir is not None:
                files.append(_PageFile(page.path, str(self.page_dir), config.site_dir, page.path in self.changed))
            else:
                files.append(File.generated(config, page.path, content=page.text))
        if self.live is None:
            self.pages = []  # the files hold the text now
        self.built, self.to_build = 0, sum(1 for f in files.documentation_pages() if f.is_modified())
        return files

    def on_env(self, env, *, config: MkDocsConfig, files: Files):
        env.bytecode_cache = compiled_templates.theme(settings(config, self.config).work_dir)
        self.csp = ContentSecurityPolicy(env)
        return env

    def on_page_context(self, context, *, page, config: MkDocsConfig, nav):
        return self._with_csp(context)

    def on_template_context(self, context, *, template_name: str, config: MkDocsConfig):
        return self._with_csp(context)

    def _with_csp(self, context):
        """The page's Content-Security-Policy for templates/overrides/main.html (see kb.csp).

        Not while serving: mkdocs' live reload injects an inline script of its own
        into each page it serves, which no policy written at build time can list.
        """
        if self.csp is not None and self.live is None:
            context["kb_csp"] = self.csp.policy(context)
        return context

    def on_page_markdown(self, markdown: str, *, page, config: MkDocsConfig, files: Files) -> str:
        markdown, self.raw_blocks[page.file.src_uri] = raw_html.stash(markdown)
        return markdown

    def on_page_content(self, html: str, *, page, config: MkDocsConfig, files: Files) -> str:
        return raw_html.restore(html, self.raw_blocks.pop(page.file.src_uri, None))

    def on_post_page(self, output: str, *, page, config: MkDocsConfig) -> str:
        self.built += 1
        progress.count("building site", self.built, self.to_build)
        return output

    def on_post_build(self, config: MkDocsConfig) -> None:
        """Outputs beside the pages, moved into the site folder mkdocs just built."""
        outputs, self.outputs = self.outputs, None
        if outputs is None:
            return
        if self.live is not None:
            first = self.finishing is None
            self.finishing = outputs
            if first:
                # The server starts once the first build returns: with the indexes written
                # by then, no address it serves answers 404 while they are on their way.
                outputs.finish_quietly(Path(config.site_dir))
                return
            # After an edit the pages show at once; the search indexes follow when ready.
            outputs.finish_later(Path(config.site_dir))
            return
        try:
            with progress.stage("writing search indexes and API"):
                outputs.finish(Path(config.site_dir))
            # Last: the offline manifest hashes every file of the finished site.
            offline.write(Path(config.site_dir), config.site_name, config.site_description or "")
        except KbError as e:
            raise PluginError(str(e)) from e  # kb.build.run_mkdocs finds e again

    def on_build_error(self, error: Exception) -> None:
        if self.outputs is not None:
            self.outputs.cancel()
            self.outputs = None

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, builder) -> LiveReloadServer:
        """An edit to content/, the templates or any input file (kb.inputs) rebuilds."""
        project = settings(config, self.config)
        for path in (project.content, project.templates, *(getattr(project, name) for name in INPUT_NAMES)):
            if path is not None and path.exists():
                server.watch(str(path))
        return server


class _PageFile(File):
    """A page kept as a file while serving; the live build knows whether it changed, so no file dates are compared."""

    def __init__(self, path: str, src_dir: str, site_dir: str, changed: bool) -> None:
        super().__init__(path, src_dir, site_dir, use_directory_urls=False)
        self.changed = changed

    def is_modified(self) -> bool:
        return self.changed


# Pages that exist only for some inputs (a CR file, a previous release, the engine)
# join the navigation when they are generated, unless mkdocs.yml already places
# them: each after the page named beside it, or last.
OPTIONAL_NAV = {
    "Glossary": (urls.GLOSSARY, urls.RULES),
    "Changes": (urls.CHANGES, urls.GLOSSARY),
    "Engine": (urls.ENGINE, None),
}


def add_optional_pages(nav: list, generated: set[str]) -> None:
    """Put the generated optional pages into `nav` (a mkdocs.yml navigation list), in place."""
    for title, (path, after) in OPTIONAL_NAV.items():
        placed = [next(iter(entry.values()), None) if isinstance(entry, dict) else entry for entry in nav]
        if path not in generated or path in placed:
            continue
        position = placed.index(after) + 1 if after in placed else len(nav)
        nav.insert(position, {title: path})
