"""The Content-Security-Policy: the theme's own inline scripts by hash, nothing inline besides."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from mkdocs.config import load_config

from kb.csp import ContentSecurityPolicy

REPO = Path(__file__).resolve().parent.parent


def policy_for(base_url: str) -> tuple[str, list[str]]:
    config = load_config(str(REPO / "mkdocs.yml"))
    csp = ContentSecurityPolicy(config.theme.get_env())
    context = {"config": config, "base_url": base_url, "page": None}
    return csp.policy(context), csp.inline_scripts(context)


def test_the_policy_lists_the_themes_inline_scripts_and_nothing_unsafe():
    policy, scripts = policy_for("..")
    assert policy.startswith("script-src 'self' ") and "object-src 'none'" in policy and "base-uri 'none'" in policy
    assert "unsafe" not in policy and "*" not in policy
    assert any("__md_scope" in s for s in scripts)  # material's storage helpers, written with the page's base URL
    for script in scripts:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy


def test_the_policy_follows_the_pages_depth():
    assert policy_for(".")[0] != policy_for("..")[0]
