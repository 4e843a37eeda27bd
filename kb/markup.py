"""Untrusted text on its way into a generated Markdown page.

Jinja's autoescape makes text safe as HTML, but Markdown would still read it:
`[x](javascript:…)` would become a link and `{: onerror=… }` an attribute. So
record text goes only into raw HTML blocks that Markdown never parses
(kb.raw_html); what else reaches the page from a record passes here: every
printed value through `inert`, a page's title through `page_title`. Each
escapes exactly once.
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup, escape

from kb.sanitize import visible


def inert(value: Any) -> Any:
    """Jinja's `finalize`: printed text with its control characters and lone surrogates shown as escapes."""
    if isinstance(value, Markup):
        return Markup(visible(value))
    if isinstance(value, str):
        return visible(value)
    return value


def page_title(text: str) -> Markup:
    """`text` as the page's front-matter title: a YAML (JSON) string of HTML.

    The theme prints a page title as HTML, unescaped, in `<title>` and in the
    header; so the title is escaped here, once. Characters beyond ASCII are
    written as character references: the front matter then cannot hold
    anything YAML reads differently from JSON.
    """
    html = str(escape(visible(text))).encode("ascii", "xmlcharrefreplace").decode("ascii")
    return Markup(json.dumps(html))
