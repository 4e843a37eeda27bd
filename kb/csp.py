"""Each page's Content-Security-Policy: a second wall behind escaping.

If imported text ever got into a page as markup, the browser still must not
run it. The policy lets scripts load only from the site's own files, plus the
theme's few inline scripts by their hashes; with hashes listed, the browser
also refuses every inline event handler (`onerror=`) and `javascript:` URL.

The hashes come from rendering the theme's own script templates, never from
reading a built page: a script that slipped into a page is not allowed by
being found there.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping
from typing import Any

import jinja2

# Where material keeps its inline scripts.
THEME_SCRIPTS = "partials/javascripts/"
EXTRA_THEME_SCRIPTS = ("partials/integrations/analytics.html",)

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.DOTALL)


class ContentSecurityPolicy:
    """The policy for pages rendered with one theme environment."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        listed = env.list_templates()  # walks the theme's folders, thousands of icons among them: once
        self.templates = [name for name in listed if name.startswith(THEME_SCRIPTS)]
        self.templates += [name for name in EXTRA_THEME_SCRIPTS if name in listed]
        # The scripts depend on the page only through its depth (base_url): few distinct policies.
        self._by_base: dict[str, str] = {}

    def policy(self, context: Mapping[str, Any]) -> str:
        """The policy for the page whose template context is `context`."""
        base = str(context.get("base_url", ""))
        if base not in self._by_base:
            hashes = sorted({_hash(script) for script in self.inline_scripts(context)})
            sources = " ".join(["'self'", *(f"'sha256-{h}'" for h in hashes)])
            self._by_base[base] = f"script-src {sources}; object-src 'none'; base-uri 'none'"
        return self._by_base[base]

    def inline_scripts(self, context: Mapping[str, Any]) -> list[str]:
        """The text of every inline script the theme's templates write for this page."""
        config = context.get("config")
        features = (config.theme.get("features") if config is not None else None) or []
        scripts = []
        for name in self.templates:
            html = self.env.get_template(name).render({**context, "features": features})
            scripts += _INLINE_SCRIPT.findall(html)
        return scripts


def _hash(script: str) -> str:
    return base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
