"""HTML that templates wrote, carried around Python-Markdown instead of through it.

Most of a generated page is HTML the templates already wrote: every rule of a
section, every ruling of a card. Python-Markdown would parse each of those tags
only to pass it through unchanged, and at 27,000 pages that parsing is most of
a build's time. Templates mark such blocks with START and END; before Markdown
runs, each block is swapped for a placeholder paragraph, and after it the
block is put back as it was.
"""

from __future__ import annotations

import re

START = "<!-- kb:raw -->"
END = "<!-- /kb:raw -->"
_BLOCK = re.compile(re.escape(START) + r"\n(.*?)\n?" + re.escape(END), re.DOTALL)
_PLACEHOLDER = re.compile(r"<p>kbraw(\d+)x</p>")


def stash(markdown: str) -> tuple[str, list[str]]:
    """The Markdown with each marked block replaced by a placeholder, and the blocks."""
    blocks: list[str] = []

    def placeholder(match: re.Match[str]) -> str:
        blocks.append(match.group(1))
        return f"\n\nkbraw{len(blocks) - 1}x\n\n"

    return _BLOCK.sub(placeholder, markdown), blocks


def restore(html: str, blocks: list[str]) -> str:
    """Put the stashed blocks back where Markdown left their placeholders."""
    return _PLACEHOLDER.sub(lambda match: blocks[int(match.group(1))], html)
