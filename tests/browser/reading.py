"""Reading a page as a person does: scrolled to what is read.

Rule pages and the glossary draw only what is in view (`content-visibility: auto`
in kb.css), and text that is not drawn has no `innerText`: a test reads a rule's
text the way a reader does, after scrolling to it.
"""

from __future__ import annotations


def shown_text(locator) -> str:
    """The text of `locator` once scrolled into view and drawn (the browser draws it on its next frames)."""
    locator.scroll_into_view_if_needed()
    locator.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return locator.inner_text()


def draw_everything(page) -> None:
    """Draw the rules and terms out of view too, as a reader scrolling through the page would: what a check looks for
    there (a payload's handler, a colour's contrast) must not escape it for being off the screen."""
    page.evaluate("document.querySelectorAll('.kb-rule, .kb-term').forEach(e => { e.style.contentVisibility = 'visible'; })")
