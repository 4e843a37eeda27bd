import pytest

from kb import urls


@pytest.mark.parametrize(
    ("url", "page", "expected"),
    [
        ("rules/302.html#302.6", "cards/rona.html", "../rules/302.html#302.6"),
        ("cards/jodah.html", "cards/rona.html", "jodah.html"),
        ("cards/rona.html#r-1", "cards/rona.html", "#r-1"),
        ("index.html", "cards/rona.html", "../index.html"),
        ("rules/302.html", "index.html", "rules/302.html"),
        ("glossary/index.html#haste", "rules/702.html", "../glossary/index.html#haste"),
    ],
)
def test_links_are_relative_to_the_page_they_are_written_on(url, page, expected):
    assert urls.relative(url, page) == expected


def test_every_record_has_one_address():
    assert urls.rule_url("302.6") == "rules/302.html#302.6"
    assert urls.rule_url("302") == "rules/302.html"
    assert urls.rule_url("3") == "rules/index.html#chapter-3"
    assert urls.source_path(urls.card_url("rona-disciple-of-gix")) == "cards/rona-disciple-of-gix.md"
