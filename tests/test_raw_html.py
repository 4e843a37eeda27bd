import markdown

from kb import raw_html


def test_marked_html_goes_around_markdown_unchanged():
    source = "# Title\n\n<!-- kb:raw -->\n<div>*not emphasis* &amp; <b>kept</b></div>\n<!-- /kb:raw -->\n\nSome *text*.\n\n<!-- kb:raw -->\n<!-- /kb:raw -->\n"
    stashed, blocks = raw_html.stash(source)
    assert "kb:raw" not in stashed and len(blocks) == 2
    html = raw_html.restore(markdown.markdown(stashed), blocks)
    assert "<div>*not emphasis* &amp; <b>kept</b></div>" in html
    assert "<em>text</em>" in html and "kbraw" not in html
