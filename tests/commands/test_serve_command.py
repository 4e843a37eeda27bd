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


def wait_for(url: str, text: str, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            page = urllib.request.urlopen(url, timeout=2).read().decode()
            if text in page:
                return page
        except OSError:
            pass
        time.sleep(0.2)
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
