"""The build as a readable sequence of named steps: sources, knowledge base, checks, pages.

Both `kb build` and the mkdocs plugin (for `mkdocs build` / `mkdocs serve`)
run these steps; the site step belongs to mkdocs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kb.errors import BuildError
from kb.render import Page, render_pages
from kb.sources.content import load_content
from kb.sources.cr_text import read_rules
from kb.store import KnowledgeBase, assemble


@dataclass(frozen=True)
class Settings:
    """Where the inputs are. Relative paths are resolved against the project folder."""

    content: Path
    templates: Path
    rules: Path | None = None
    previous_rules: Path | None = None


def load_knowledge_base(settings: Settings) -> KnowledgeBase:
    """Sources -> records -> one checked, cross-linked knowledge base."""
    if not settings.content.is_dir():
        raise BuildError(
            f"content folder not found: {settings.content}", hint="set the kb plugin's 'content' option in mkdocs.yml"
        )
    content = load_content(settings.content)
    rules = read_rules(settings.rules) if settings.rules else None
    previous = read_rules(settings.previous_rules) if settings.previous_rules else None
    return assemble(content.cards, content.rulings, rules, previous)


def build_pages(kb: KnowledgeBase, settings: Settings) -> list[Page]:
    if not settings.templates.is_dir():
        raise BuildError(
            f"templates folder not found: {settings.templates}", hint="set the kb plugin's 'templates' option in mkdocs.yml"
        )
    return render_pages(kb, settings.templates)
