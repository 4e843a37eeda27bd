"""Example code as HTML: escaped once, its visible text the source."""

from __future__ import annotations

import html
import re

import pytest

from kb.code_html import python_block


def visible_text(block: str) -> str:
    """What a browser shows: the tags dropped, the entities decoded once."""
    return html.unescape(re.sub(r"<[^>]+>", "", block))


@pytest.mark.parametrize(
    "code",
    [
        'game.battlefield_add("Rona, Disciple of Gix", alice)\nprint(x)\n#> 17\n',
        "print('<b>&amp;</b>')  # Ashnod's Altar",
        "x = 1",
    ],
)
def test_visible_text_is_the_source(code: str):
    assert visible_text(python_block(code)) == code


def test_markup_is_highlighted_code():
    block = python_block('print("a")\n')
    assert block.startswith('<div class="language-python highlight"><pre><span></span><code tabindex="0">')
    assert '<span class="nb">print</span>' in block
    assert "&#34;" not in block and "&amp;#" not in block


def test_the_same_code_is_highlighted_once():
    """A rebuild in the same process (the live preview's) does not highlight unchanged examples again."""
    code = "game.resolve()  # highlighted once\n"
    before = python_block.cache_info().misses
    assert python_block(code) == python_block(code) == python_block(code.rstrip("\n") + "\n")
    assert python_block.cache_info().misses == before + 1
