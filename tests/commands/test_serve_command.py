"""kb serve: a real server on loopback shows an edit to content/ on the card and rule pages."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, text: str, seconds: float, every: float = 0.2) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            page = urllib.request.urlopen(url, timeout=2).read().decode()
            if text in page:
                return page
        except OSError:
            pass
        time.sleep(every)
    raise AssertionError(f"{url} never showed {text!r}")


def test_an_edit_shows_on_the_card_and_in_cited_by(project: Path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb.cli", "serve", "-a", f"127.0.0.1:{port}"],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/cards/laelia-the-blade-reforged.html", "Laelia", 60)
        card = project / "content" / "cards" / "laelia-the-blade-reforged.yaml"
        old = "Cards exiled by Laelia, the Blade Reforged are exiled face up."
        card.write_text(card.read_text(encoding="utf-8").replace(old, old + " Compare rule 702.2."), encoding="utf-8")
        wait_for(f"{base}/cards/laelia-the-blade-reforged.html", "Compare rule", 30)
        wait_for(f"{base}/rules/702.html", "laelia-the-blade-reforged-2021-02-05-3", 30)
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_indexes_are_there_as_soon_as_the_first_page_is(project: Path, cr_latest: Path):
    # With the full rules, the indexes take long enough to write that a server started
    # before they are done would be caught answering 404.
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb.cli", "serve", "-a", f"127.0.0.1:{port}", "--rules", str(cr_latest)],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/index.html", "Laelia", 90, every=0.02)
        # The very first moment pages are served, the indexes and the API answer too: no retry here.
        for path in ("search/kb-index/meta.js", "api/index.json", "api/cards/rona-disciple-of-gix.json", "kb.sqlite"):
            with urllib.request.urlopen(f"{base}/{path}", timeout=5) as response:
                assert response.status == 200, path
    finally:
        server.terminate()
        server.wait(timeout=20)
