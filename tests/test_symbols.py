"""Card symbols drawn as the site's own icons, with their text as the alternative."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from kb.symbols import SYMBOLS, file_name, svg, with_icons


@pytest.mark.parametrize("symbol", SYMBOLS)
def test_every_icon_is_a_well_formed_svg(symbol: str):
    root = ET.fromstring(svg(symbol))
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 32 32"
    assert "http" not in svg(symbol).replace("http://www.w3.org/2000/svg", ""), "an icon refers to nothing outside itself"


def test_symbols_become_icons_with_their_text_as_alt():
    html = with_icons("{4}, {T}: Add {W/U}. Pay {G/U/P}.", "cards/x.html")
    assert html.count("<img") == 4
    assert 'src="../images/symbols/T.svg" alt="{T}"' in html
    assert 'src="../images/symbols/W-U.svg" alt="{W/U}"' in html
    assert 'alt="{G/U/P}"' in html and ": Add " in html


def test_unknown_symbols_and_other_braces_stay_text():
    assert with_icons("{CHAOS} and {rN2} and {LEVEL 1-3}", "index.html") == "{CHAOS} and {rN2} and {LEVEL 1-3}"


def test_file_names_are_distinct():
    assert len({file_name(s) for s in SYMBOLS}) == len(SYMBOLS)
