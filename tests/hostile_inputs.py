"""Hostile input for the whole build: a payload corpus, and a project that puts it in every input field.

Each payload that would run script calls `kbPwned(N)` (or alert/confirm/prompt,
or logs KBPWNED), N being its number in the corpus, so a browser test can say
which one got through. The corpus mixes:

- HTML: script tags, event handlers, tag and attribute breakouts, parser tricks;
- `javascript:`/`data:` URLs in HTML, Markdown links, autolinks and references;
- Markdown block syntax (blank lines, admonitions, fences, headings) and
  attribute lists (`{: onerror=… }`) that Python-Markdown would obey;
- Jinja and pymdownx snippet syntax, the raw-block markers and placeholder token;
- control characters (ESC, C1, NUL, DEL), invisible and odd Unicode, very long
  and empty strings.

Lone surrogates are not here: whether an importer accepts or rejects one is
the importers' business; rendering them is tested apart (tests/test_markup.py).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import yaml

from kb.model import slugify

HOOK = "kbPwned"
REPO = Path(__file__).resolve().parents[1]
REAL_CR = REPO.parent / "shared" / "data" / "comprehensive-rules"
# The card fields content/ and Scryfall name alike: each gets the payload.
_CARD_FIELDS = ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty")
# One page of each kind that is not a card's (every one of them shows hostile input).
PAGE_KINDS = [
    "index.html",
    "cards/index.html",
    "rulings/index.html",
    "rules/index.html",
    "rules/100.html",
    "glossary/index.html",
    "changes.html",
    "engine.html",
]


def _vectors(n: int) -> list[str]:
    """The base attacks, each calling the hook with `n`."""
    call = f"{HOOK}({n})"
    return [
        f"<script>{call}</script>",
        f"<img src=x onerror={call}>",
        f'<img src="x" onerror="{call}">',
        f"<svg onload={call}>",
        f"<svg/onload={call}//",
        f'"><img src=x onerror={call}>',
        f"'><svg onload={call}>",
        f"</title><script>{call}</script>",
        f"</textarea></noscript></style><script>{call}</script>",
        f'<a href="javascript:{call}">click</a>',
        f"<a href=javascript&colon;{call}>click</a>",
        f"<a href=' jAvAsCrIpT:{call}'>click</a>",
        f"[click](javascript:{call})",
        f"[click](<javascript:{call}>)",
        f"[click][ref]\n\n[ref]: javascript:{call}",
        f"<javascript:{call}>",
        f'<http://x.test/" onmouseover="{call}>',
        f"![x](x){{: onerror={call} }}",
        f'![x](x){{: onerror="{call}" }}',
        f"{{: autofocus onfocus={call} }}",
        f"text\n{{: onmouseover={call} }}",
        f"# heading {{: onclick={call} }}",
        f"**bold**{{: onclick={call} }}",
        f"\n\n<img src=x onerror={call}>\n\n",
        f"\n\n<div onmouseover={call}>block</div>\n\n",
        f'\n\n!!! note "<img src=x onerror={call}>"\n\n',
        f'\n\n??? failure "x"\n    <img src=x onerror={call}>\n\n',
        f"\n```\n</code></pre><img src=x onerror={call}>\n```\n",
        f"`<img src=x onerror={call}>`",
        f"<details open ontoggle={call}>",
        f'<iframe srcdoc="<script>parent.{call}</script>"></iframe>',
        f'<object data="javascript:{call}"></object>',
        f'<embed src="javascript:{call}">',
        f"<body onload={call}>",
        f"<input autofocus onfocus={call}>",
        f'<div style="animation-name:md-fadein" onanimationstart={call}>x</div>',
        f"<video><source onerror={call}></video>",
        f"<audio src=x onerror={call}>",
        f"<marquee onstart={call}>",
        f'<form action="javascript:{call}"><button>go</button></form>',
        f'<svg><a xlink:href="javascript:{call}"><text y="9">x</text></a></svg>',
        f"<math><mtext><table><mglyph><style><img src=x onerror={call}>",
        f"<<script>script>{call}<</script>/script>",
        f"<scr<script>ipt>{call}</scr</script>ipt>",
        f'<base href="javascript:{call}//">',
        f'<meta http-equiv="refresh" content="0;url=javascript:{call}">',
        f"<![CDATA[<script>{call}</script>]]>",
        f"--><script>{call}</script><!--",
        f"<!-- kb:raw -->\n<script>{call}</script>\n<!-- /kb:raw -->",
        f"kbraw0x <img src=x onerror={call}>",
        "\n\nkbraw0x\n\n",
        "kbraw1x",
        "\n\nkbraw99999x\n\n",
        f"{{{{ {call} }}}}",
        f"{{% raw %}}<script>{call}</script>{{% endraw %}}",
        "{{ config.site_name }}{% for x in range(3) %}x{% endfor %}{# c #}",
        '--8<-- "/etc/passwd"',
        f"&lt;script&gt;{call}&lt;/script&gt;",
        f"&#x3C;script&#x3E;{call}&#x3C;/script&#x3E;",
        f"<img src=x onerror=alert({n})>",
        f"<img src=x onerror=confirm({n})>",
        f"<img src=x onerror=prompt({n})>",
        f"<img src=x onerror=\"console.log('KBPWNED',{n})\">",
        f"\"';{call};//",
        f'\\"}});{call};//',
        f"</script><script>{call}</script>",
        f"\u2028<img src=x onerror={call}>\u2029",
        f"\x1b]0;owned {n}\x07\x1b[2J\x1b[31mred",
        f"\x1b]8;;javascript:{call}\x1b\\link\x1b]8;;\x1b\\",
        f"\x9b31m\x9d0;title\x9c c1 {n}",
        f"nul\x00del\x7fbell\x07 {n}",
        f"\u202etxt.exe\u200b\ufeff {n}",
        f"＜script＞{call}＜/script＞",
        f"😀<img src=x onerror={call}>",
        "<" * 3000 + f"script>{call}</script>",
        f"x onmouseover={call} " * 150,
        "",
        " \t ",
        "++ctrl+alt+del++ *em* _em_ ~~del~~ ^^ins^^ ==mark==",
        f"> quote\n- item <b onclick={call}>x</b>",
    ]


# Ways a vector is embedded in a field's text.
_WRAPS = (
    "{v}",
    "Lightning Bolt {v}",
    "{v} deals 3 damage",
    "[{v}](x)",
    "**{v}**",
    "See rule 100.1. {v}",
    '"{v}"',
    "{v}\n\nkbraw0x",
)


def corpus() -> list[str]:
    """Every payload, numbered by its index (its vectors call the hook with that number)."""
    payloads: list[str] = []
    for wrap in _WRAPS:
        for k in range(len(_vectors(0))):
            n = len(payloads)
            payloads.append(wrap.format(v=_vectors(n)[k]))
    return payloads


def one_line(text: str) -> str:
    """A payload for a line-based text file (the CR): its line breaks become spaces.

    NUL is left out: a file holding one is not text, and the CR importer says
    so in one line.
    """
    return " ".join(text.replace("\x00", "").splitlines())


# --- a project that holds the payloads everywhere ------------------------------------


def addressable(payload: str) -> str:
    """`payload`, cut if its address (slug) would be too long for a file name."""
    return payload[:120] if len(slugify(payload)) > 120 else payload


def card_name(source: str, n: int, payload: str) -> str:
    """A card name holding payload `n`, distinct from every other (names become page addresses).

    A payload whose address would be too long for a file name is cut (the
    importers refuse such names, in one line); names of thousands of
    characters still come from payloads of symbols.
    """
    tag = f"{source}{n}"
    payload = addressable(payload)
    return f"{tag} {payload}" if n % 2 else f"{payload} {tag}"


def write_inputs(root: Path, payloads: dict[int, str], whole_rules: bool = True) -> dict[str, Path]:
    """Hostile content/, Scryfall, MTGJSON and CR files under `root`; returns the build's input flags.

    Without `whole_rules`, the CR releases keep only the sections content/ cites.
    """
    sections = None if whole_rules else cited_sections(root / "content")
    _content(root / "content", payloads)
    files = {
        "--scryfall-cards": root / "oracle-cards.json",
        "--scryfall-rulings": root / "rulings.json",
        "--mtgjson": root / "AtomicCards.json",
        "--rules": root / "cr-new.txt",
        "--previous": root / "cr-old.txt",
    }
    _scryfall(files["--scryfall-cards"], files["--scryfall-rulings"], payloads)
    _mtgjson(files["--mtgjson"], payloads)
    order: dict[str, int] = {}
    hostile_release(REAL_CR / "MagicCompRules 20250919.txt", files["--rules"], payloads, order, sections)
    hostile_release(REAL_CR / "MagicCompRules 20250606.txt", files["--previous"], payloads, order, sections)
    return files


def cited_sections(content: Path) -> set[str]:
    """The CR sections that content/ names (rule numbers like 302.6 or 605), and section 100."""
    found = {"100"}
    for path in content.rglob("*.yaml"):
        found |= {m[:3] for m in re.findall(r"(?<![\d.])[1-9]\d\d(?:\.\d+[a-z]?)?(?![\d])", path.read_text(encoding="utf-8"))}
    return found


def _content(content: Path, payloads: dict[int, str]) -> None:
    (content / "cards").mkdir(parents=True, exist_ok=True)
    (content / "rulings").mkdir(parents=True, exist_ok=True)
    previous = "Rona, Disciple of Gix"
    general = []
    for n, payload in payloads.items():
        name = card_name("yaml", n, payload)
        card = {
            "name": name,
            "short_name": payload or None,
            **dict.fromkeys(_CARD_FIELDS, payload),
            "rulings": [
                # Naming another card and a rule makes links, with tooltips, around the payload.
                {"date": "2020-01-01", "source": "kb", "text": f"{payload} Unlike {previous}, see rule 100.1. {payload}"},
            ],
        }
        card = {k: v for k, v in card.items() if v}  # content/ refuses empty values: one line each
        (content / "cards" / f"hostile-{n}.yaml").write_text(yaml.safe_dump(card, allow_unicode=False), encoding="utf-8")
        general.append({"id": f"hostile-general-{n}", "rules": ["100.1"], "text": f"{payload} (rule 100.1) {payload}"})
        previous = name
    (content / "rulings" / "hostile.yaml").write_text(yaml.safe_dump(general, allow_unicode=False), encoding="utf-8")


def _oracle_id(source: int, n: int) -> str:
    return f"00000000-0000-4000-8000-{source:04d}{n:08d}"


def _scryfall(cards_path: Path, rulings_path: Path, payloads: dict[int, str]) -> None:
    cards, rulings = [], []
    for n, payload in payloads.items():
        name = card_name("sf", n, payload)
        card = {
            "object": "card",
            "oracle_id": _oracle_id(1, n),
            "name": name,
            "layout": "normal",
            **dict.fromkeys(_CARD_FIELDS, payload),
        }
        if n % 3 == 0:
            card["card_faces"] = [
                {
                    "object": "card_face",
                    "name": f"{name} front",
                    "mana_cost": payload,
                    "type_line": payload,
                    "oracle_text": payload,
                },
                {"object": "card_face", "name": f"back {payload}", "oracle_text": payload},
            ]
        cards.append(card)
        rulings.append(
            {
                "object": "ruling",
                "oracle_id": _oracle_id(1, n),
                "source": payload or "wotc",
                "published_at": "2021-02-03",
                "comment": f"{payload} See rule 100.2. {payload}",
            }
        )
    cards_path.write_text(json.dumps(cards), encoding="utf-8")
    rulings_path.write_text(json.dumps(rulings), encoding="utf-8")


def _mtgjson(path: Path, payloads: dict[int, str]) -> None:
    data = {}
    for n, payload in payloads.items():
        name = card_name("mj", n, payload)
        data[name] = [
            {
                "name": name,
                "layout": "normal",
                "manaCost": payload,
                "type": payload,
                "text": payload,
                "power": payload,
                "toughness": payload,
                "loyalty": payload,
                "identifiers": {"scryfallOracleId": _oracle_id(2, n)},
                "rulings": [{"date": "2022-03-04", "text": f"{payload} See rule 100.1. {payload}"}],
            }
        ]
    path.write_text(json.dumps({"meta": {"date": "2025-11-14", "version": "5.2.2"}, "data": data}), encoding="utf-8")


def hostile_release(
    real: Path, out: Path, payloads: dict[int, str], order: dict[str, int], sections: set[str] | None = None
) -> None:
    """A real CR release with a payload appended to each chapter and section title, rule, example and definition.

    Real glossary terms keep their names (content/ names them by id); hostile
    terms are added, one per payload, each with a hostile definition. `order` maps each rule number (and glossary term) to its payload; it is
    filled by the first release written, so a second release written with it
    gives each rule the same payload and the Changes page shows the real
    differences, payloads included. With `sections`, only those sections'
    rules are kept (a smaller, faster release).
    """
    texts = [one_line(p) for p in payloads.values()]
    lines = real.read_text(encoding="utf-8-sig").splitlines()

    def payload(key: str) -> str:
        if key not in order:
            order[key] = len(order)
        return texts[order[key] % len(texts)]

    out_lines = []
    part = "header"
    glossary_term = True
    skipping = False
    for line in lines:
        text = line.strip()
        if text in ("Contents", "Glossary", "Credits") and not line[:1].isspace():
            part = {"Contents": "contents", "Glossary": "glossary" if part == "rules" else part}.get(text, part)
            if text == "Credits" and part == "glossary":
                for n, hostile in enumerate(texts):
                    # A term is an address too (glossary/index.html#term, api/glossary/term.json).
                    out_lines += [
                        f"Hostile term {n} {addressable(hostile)}",
                        f"{texts[(n + 1) % len(texts)]} See rule 100.1.",
                        "",
                    ]
                part = "credits"
            out_lines.append(line)
            continue
        numbered = _NUMBERED.fullmatch(text) if not line[:1].isspace() else None
        if part == "contents" and numbered and numbered["number"] in order and text.partition(". ")[0] == numbered["number"]:
            part = "rules"  # the first heading seen again: the body begins
        if numbered and part == "rules":
            skipping = sections is not None and len(numbered["number"]) > 1 and numbered["number"][:3] not in sections
        if part == "rules" and skipping:
            continue
        if part in ("contents", "rules") and numbered:
            out_lines.append(f"{text} {payload(numbered['number'])}")
        elif part == "rules" and text.startswith("Example:"):
            out_lines.append(f"{text} {payload('example ' + str(len(out_lines)))}")
        elif part == "glossary" and text:
            out_lines.append(line if glossary_term else f"{text} {payload('glossary ' + text)}")
            glossary_term = False
        else:
            glossary_term = glossary_term or (part == "glossary" and not text)
            out_lines.append(line)
    out.write_text("\n".join(out_lines) + "\n", encoding="utf-8")


_NUMBERED = re.compile(r"(?P<number>\d{3}\.\d+[a-z]?|\d{3}(?=\.)|\d(?=\.))\.?\s+(?P<text>\S.*)")


# --- building it ---------------------------------------------------------------------


@dataclass(frozen=True)
class HostileSite:
    """A site built from hostile inputs, and what went in."""

    site: Path
    payloads: dict[int, str]


def sample(every: int) -> dict[int, str]:
    """Every `every`-th payload of the corpus, with its number; with 1, the whole corpus."""
    return {n: p for n, p in enumerate(corpus()) if n % every == 0}


def build(root: Path, payloads: dict[int, str], whole_rules: bool) -> HostileSite:
    """The project copied under `root`, the payloads written into every input, and `kb build` run (it must succeed)."""
    from kb.cli import main

    project = root / "project"
    project.mkdir(parents=True)
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    for folder in ("templates", "content"):
        shutil.copytree(REPO / folder, project / folder)
    files = write_inputs(project, payloads, whole_rules)
    site = root / "site"
    args = ["build", "--config", str(project / "mkdocs.yml"), "--site-dir", str(site)]
    for flag, path in files.items():
        args += [flag, str(path)]
    assert main(args) == 0
    return HostileSite(site, payloads)


# --- what a built page may hold ------------------------------------------------------

# Attributes whose value the browser may load or navigate to.
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcset"}
FORBIDDEN_TAGS = {"iframe", "object", "embed", "base", "frame", "frameset", "applet"}
# The site's own scripts, by the end of their address.
OWN_SCRIPTS = re.compile(r"^(/|(\.\./)*)(assets/)?javascripts/[\w.-]+\.js$")


class PageAudit(HTMLParser):
    """Everything on one built page that could run script, as problems to report."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.csp: str | None = None
        self.inline: list[str] = []  # inline scripts, checked against the CSP at the end
        self._script: list[str] | None = None
        self.text: dict[str, list[str]] = {}  # tag#id -> its text, for the escaping checks
        self._capture: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        where = f"<{tag} {' '.join(f'{k}={v!r}' for k, v in attrs)[:120]}>"
        for name, value in values.items():
            if name.startswith("on"):
                self.problems.append(f"event handler {name}: {where}")
            if name in URL_ATTRIBUTES and re.match(r"(?i)\s*(javascript|data|vbscript):", "".join(value.split())):
                self.problems.append(f"script URL in {name}: {where}")
            if name == "srcdoc":
                self.problems.append(f"srcdoc: {where}")
        if tag in FORBIDDEN_TAGS:
            self.problems.append(f"forbidden element: {where}")
        if tag == "meta" and values.get("http-equiv", "").lower() == "content-security-policy":
            self.csp = values.get("content", "")
        elif tag == "meta" and "http-equiv" in values:
            self.problems.append(f"meta http-equiv: {where}")
        if tag == "form" and values.get("name") != "kb-search" and values.get("data-md-component") != "palette":
            self.problems.append(f"form: {where}")
        if tag == "script":
            if "src" in values:
                if not OWN_SCRIPTS.search(values["src"]):
                    self.problems.append(f"script from elsewhere: {where}")
            elif values.get("type") == "application/json" and values.get("id") == "__config":
                pass  # material's configuration: data, never run
            else:
                self._script = []
        if tag in ("h1", "h3", "title"):
            self._capture.append((f"{tag}#{values.get('id', '')}", []))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            self.inline.append("".join(self._script))
            self._script = None
        if tag in ("h1", "h3", "title") and self._capture:
            key, parts = self._capture.pop()
            self.text.setdefault(key, []).append("".join(parts))

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)
        for _, parts in self._capture:
            parts.append(data)

    def audit(self, html: str) -> list[str]:
        self.feed(html)
        self.close()
        if self.csp is None:
            self.problems.append("no Content-Security-Policy")
        else:
            if "'unsafe-inline'" in self.csp or "'unsafe-hashes'" in self.csp or "script-src 'self'" not in self.csp:
                self.problems.append(f"weak Content-Security-Policy: {self.csp}")
            for script in self.inline:
                digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
                if f"'sha256-{digest}'" not in self.csp:
                    self.problems.append(f"inline script the policy does not allow: {script[:80]!r}")
        return self.problems


def audit_site(site: Path) -> dict[str, list[str]]:
    """Page (relative path) -> its problems, for every page of the site that has any."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        problems = PageAudit().audit(page.read_text(encoding="utf-8"))
        if problems:
            found[str(page.relative_to(site))] = problems
    return found
