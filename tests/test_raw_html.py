import markdown

from kb import raw_html


def test_marked_html_goes_around_markdown_unchanged():
    source = "# Title\n\n<!-- kb:raw -->\n<div>*not emphasis* &amp; <b>kept</b></div>\n<!-- /kb:raw -->\n\nSome *text*.\n\n<!-- kb:raw -->\n<!-- /kb:raw -->\n"
    stashed, held = raw_html.stash(source)
    assert "kb:raw" not in stashed and len(held.blocks) == 2
    html = raw_html.restore(markdown.markdown(stashed), held)
    assert "<div>*not emphasis* &amp; <b>kept</b></div>" in html
    assert "<em>text</em>" in html and "kbraw" not in html


def test_a_placeholder_in_the_text_is_not_one():
    # Text that spells placeholders (this stash's or out of range) stays text.
    source = "kbraw0x\n\nkbraw7x\n\n<!-- kb:raw -->\n<div>block</div>\n<!-- /kb:raw -->\n\nkbraw1x\n"
    stashed, held = raw_html.stash(source)
    assert held.token not in source
    html = raw_html.restore(markdown.markdown(stashed), held)
    assert html.count("<div>block</div>") == 1
    assert "<p>kbraw0x</p>" in html and "<p>kbraw7x</p>" in html and "<p>kbraw1x</p>" in html


def test_an_indented_block_stays_inside_its_admonition():
    source = '!!! note "Title"\n\n    Intro.\n\n    <!-- kb:raw -->\n    <span>*kept*</span>\n    <!-- /kb:raw -->\n\nAfter.\n'
    stashed, held = raw_html.stash(source)
    html = raw_html.restore(markdown.markdown(stashed, extensions=["admonition"]), held)
    inside = html.split('<div class="admonition note">', 1)[1].split("</div>", 1)[0]
    assert "<span>*kept*</span>" in inside
    assert "<p>After.</p>" in html.split("</div>", 1)[1]
