"""HTML that templates wrote, carried around Python-Markdown instead of through it.

Most of a generated page is HTML the templates already wrote: every rule of a
section, every ruling of a card. Python-Markdown would parse each of those tags
only to pass it through unchanged, and at 27,000 pages that parsing is most of
a build's time. Templates mark such blocks with START and END; before Markdown
runs, each block is swapped for a placeholder paragraph, and after it the
block is put back as it was.

Blocks are also how imported text stays out of Markdown: a name or a ruling
inside a block is never parsed as Markdown or as an attribute list. So the
placeholder must not be forgeable by that text: its token is one the page's
Markdown does not contain anywhere, and only placeholders this stash made are
replaced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

START = "<!-- kb:raw -->"
END = "<!-- /kb:raw -->"
# A block keeps the indentation of its START line (a block inside an admonition
# stays inside it); its placeholder is written with that indentation.
_BLOCK = re.compile(r"^([ \t]*)" + re.escape(START) + r"\n(.*?)\n?[ \t]*" + re.escape(END), re.DOTALL | re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Stash:
    """The blocks taken out of one page, and the token of their placeholders."""

    token: str = "kbraw"
    blocks: list[str] = field(default_factory=list)


def stash(markdown: str) -> tuple[str, Stash]:
    """The Markdown with each marked block replaced by a placeholder, and the blocks."""
    held = Stash(_unused_token(markdown))

    def placeholder(match: re.Match[str]) -> str:
        held.blocks.append(match.group(2))
        return f"\n\n{match.group(1)}{held.token}{len(held.blocks) - 1}x\n\n"

    return _BLOCK.sub(placeholder, markdown), held


def restore(html: str, held: Stash | None) -> str:
    """Put the stashed blocks back where Markdown left their placeholders."""
    if held is None or not held.blocks:
        return html
    blocks = held.blocks
    pattern = re.compile(rf"<p>{held.token}(\d+)x</p>")

    def block(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return blocks[number] if number < len(blocks) else match.group()

    return pattern.sub(block, html)


def _unused_token(markdown: str) -> str:
    """ "kbraw", or "kbraw1", "kbraw2", …: the first that appears nowhere in `markdown`.

    Letters and digits only, so no Markdown escape or entity in the page's
    text can spell it either.
    """
    token, n = "kbraw", 0
    while token in markdown:
        n += 1
        token = f"kbraw{n}"
    return token
