"""Example code as HTML, highlighted and escaped exactly once.

Templates write an example's code straight into the page instead of handing it
to Markdown: a fenced block inside an autoescaped template was escaped by Jinja
and then again by the highlighter, so `"` showed as `&#34;`. Pygments escapes
the source once, here; the markup is that of pymdownx.highlight, so material
styles it and puts its copy button on it, which copies the code's visible text.
"""

from __future__ import annotations

import functools

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

_LEXER = PythonLexer()
_FORMATTER = HtmlFormatter(nowrap=True)


@functools.lru_cache(maxsize=4096)
def python_block(code: str) -> Markup:
    """`code` as a highlighted block whose visible text equals `code`.

    Kept by its code: a rebuild in the same process (the live preview's) highlights only the examples that changed."""
    spans = highlight(code, _LEXER, _FORMATTER)
    if not code.endswith("\n"):  # the lexer ends every source with a newline; the visible text must not
        spans = spans.removesuffix("\n")
    return Markup(f'<div class="language-python highlight"><pre><span></span><code tabindex="0">{spans}</code></pre></div>')
