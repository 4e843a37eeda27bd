"""Fetching the CR and Scryfall bulk files, against a local HTTP server (no test reaches the internet)."""

from __future__ import annotations

import io
import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kb.errors import KbError
from kb.fetch import CR_FILE, fetch
from kb.progress import Progress

BULK = Path(__file__).resolve().parent / "fixtures" / "bulk"
CR_TEXT = "\ufeffMagic: The Gathering Comprehensive Rules\r\n\r\nIntroduction\r\n\r\n1. Game Concepts\r\n".encode()


@dataclass
class Site:
    """What the test server serves, and what it was asked."""

    base: str = ""
    files: dict[str, bytes] = field(default_factory=dict)
    updated: dict[str, str] = field(default_factory=dict)
    cut_after: dict[str, int] = field(default_factory=dict)  # path -> bytes sent before the connection drops
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)

    def listing(self) -> bytes:
        entries = [
            {
                "object": "bulk_data",
                "type": kind,
                "download_uri": f"{self.base}/{name}",
                "updated_at": self.updated[name],
                "size": len(self.files[name]),
            }
            for kind, name in (("oracle_cards", "oracle-cards.json"), ("rulings", "rulings.json"))
        ]
        return json.dumps({"object": "list", "has_more": False, "data": entries}).encode()

    def etag(self, path: str) -> str:
        return f'"{path}-{self.updated.get(path, "cr")}-{len(self.files[path])}"'

    def asked(self, path: str) -> list[dict[str, str]]:
        return [headers for asked, headers in self.requests if asked == path]


def _handler(site: Site) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # keep the test output clean
            pass

        def do_GET(self) -> None:
            path = self.path.lstrip("/")
            site.requests.append((path, dict(self.headers)))
            if path == "bulk-data":
                return self._send(200, site.listing(), {})
            if path not in site.files:
                return self._send(404, b"not found", {})
            body, etag = site.files[path], site.etag(path)
            if self.headers.get("If-None-Match") == etag:
                return self._send(304, b"", {"ETag": etag})
            start = 0
            wanted = self.headers.get("Range", "")
            if wanted.startswith("bytes=") and self.headers.get("If-Range", etag) == etag:
                start = int(wanted[len("bytes=") : -1])
                if start >= len(body):
                    return self._send(416, b"", {"Content-Range": f"bytes */{len(body)}"})
                headers = {"ETag": etag, "Content-Range": f"bytes {start}-{len(body) - 1}/{len(body)}"}
                return self._send(206, body[start:], headers, site.cut_after.get(path))
            return self._send(200, body, {"ETag": etag}, site.cut_after.get(path))

        def _send(self, status: int, body: bytes, headers: dict[str, str], cut: int | None = None) -> None:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            if status != 304:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body if cut is None else body[:cut])
            if cut is not None:
                self.close_connection = True

    return Handler


@pytest.fixture
def site() -> Iterator[Site]:
    site = Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(site))
    site.base = f"http://127.0.0.1:{server.server_address[1]}"
    site.files = {
        "cr.txt": CR_TEXT,
        "oracle-cards.json": (BULK / "scryfall-oracle-cards.json").read_bytes(),
        "rulings.json": (BULK / "scryfall-rulings.json").read_bytes(),
    }
    site.updated = {"oracle-cards.json": "2026-11-01T09:00:00+00:00", "rulings.json": "2026-11-01T09:00:00+00:00"}
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    yield site
    server.shutdown()
    server.server_close()
    thread.join()


def run(site: Site, cache: Path, **options: object) -> dict[str, str]:
    results = fetch(cache, cr_url=f"{site.base}/cr.txt", bulk_listing_url=f"{site.base}/bulk-data", progress=None, **options)  # type: ignore[arg-type]
    return {result.path.name: result.status for result in results}


def snapshot(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_downloads_the_cr_and_the_bulk_files(site: Site, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert run(site, cache) == {
        CR_FILE: "downloaded",
        "scryfall-oracle-cards.json": "downloaded",
        "scryfall-rulings.json": "downloaded",
    }
    assert (cache / CR_FILE).read_bytes() == CR_TEXT
    assert (cache / "scryfall-oracle-cards.json").read_bytes() == site.files["oracle-cards.json"]
    assert (cache / "scryfall-rulings.json").read_bytes() == site.files["rulings.json"]
    assert sorted(p.name for p in cache.iterdir() if p.name.endswith(".part")) == []


def test_unchanged_files_are_not_downloaded_again(site: Site, tmp_path: Path) -> None:
    run(site, tmp_path)
    site.requests.clear()
    assert set(run(site, tmp_path).values()) == {"unchanged"}
    # The listing says the bulk files are the same: no request for them at all.
    assert site.asked("oracle-cards.json") == site.asked("rulings.json") == []
    # The CR has no listing: a conditional request, answered 304.
    assert [headers["If-None-Match"] for headers in site.asked("cr.txt")] == [site.etag("cr.txt")]


def test_a_changed_bulk_file_is_downloaded_again(site: Site, tmp_path: Path) -> None:
    run(site, tmp_path)
    site.files["rulings.json"] = site.files["rulings.json"].replace(b"Opt is an instant", b"Opt is a spell")
    site.updated["rulings.json"] = "2026-11-02T09:00:00+00:00"
    assert run(site, tmp_path)["scryfall-rulings.json"] == "downloaded"
    assert b"Opt is a spell" in (tmp_path / "scryfall-rulings.json").read_bytes()


def test_an_interrupted_download_is_resumed_with_a_range_request(site: Site, tmp_path: Path) -> None:
    site.cut_after["oracle-cards.json"] = 1000
    with pytest.raises(KbError) as caught:
        run(site, tmp_path)
    assert "oracle-cards.json interrupted after 1,000" in str(caught.value)
    assert caught.value.hint == "run the fetch again to resume it"
    assert (tmp_path / "scryfall-oracle-cards.json.part").stat().st_size == 1000
    assert not (tmp_path / "scryfall-oracle-cards.json").exists()

    del site.cut_after["oracle-cards.json"]
    site.requests.clear()
    assert run(site, tmp_path)["scryfall-oracle-cards.json"] == "resumed"
    assert [headers.get("Range") for headers in site.asked("oracle-cards.json")] == ["bytes=1000-"]
    assert (tmp_path / "scryfall-oracle-cards.json").read_bytes() == site.files["oracle-cards.json"]
    assert not (tmp_path / "scryfall-oracle-cards.json.part").exists()


def test_a_partial_download_of_an_older_version_starts_over(site: Site, tmp_path: Path) -> None:
    site.cut_after["oracle-cards.json"] = 1000
    with pytest.raises(KbError, match="interrupted after 1,000 of"):
        run(site, tmp_path)
    del site.cut_after["oracle-cards.json"]
    site.updated["oracle-cards.json"] = "2026-11-02T09:00:00+00:00"
    site.requests.clear()
    assert run(site, tmp_path)["scryfall-oracle-cards.json"] == "downloaded"
    assert [headers.get("Range") for headers in site.asked("oracle-cards.json")] == [None]
    assert (tmp_path / "scryfall-oracle-cards.json").read_bytes() == site.files["oracle-cards.json"]


def test_a_file_that_fails_verification_leaves_the_cache_as_it_was(site: Site, tmp_path: Path) -> None:
    run(site, tmp_path)
    before = snapshot(tmp_path)
    site.files["oracle-cards.json"] = site.files["rulings.json"]  # the wrong file behind the right name
    site.updated["oracle-cards.json"] = "2026-11-02T09:00:00+00:00"
    with pytest.raises(KbError) as caught:
        run(site, tmp_path)
    assert str(caught.value) == (
        f"downloaded Scryfall oracle cards from {site.base}/oracle-cards.json failed verification: "
        "its first element is not a card (object 'ruling') (cache unchanged)"
    )
    assert snapshot(tmp_path) == before


def test_a_cr_url_that_serves_something_else_fails_verification(site: Site, tmp_path: Path) -> None:
    site.files["cr.txt"] = b"<!DOCTYPE html><html>Page moved</html>"
    with pytest.raises(KbError, match=r"failed verification: it does not start like the Comprehensive Rules \('<!DOCTYPE"):
        run(site, tmp_path)
    assert snapshot(tmp_path) == {}


def test_a_missing_file_is_an_http_error(site: Site, tmp_path: Path) -> None:
    with pytest.raises(KbError) as caught:
        fetch(tmp_path, cr_url=f"{site.base}/gone.txt", bulk_listing_url=f"{site.base}/bulk-data", progress=None)
    assert str(caught.value) == f"cannot download {site.base}/gone.txt: HTTP 404 Not Found"


def test_without_a_network_the_error_is_one_line_and_the_cache_is_untouched(site: Site, tmp_path: Path) -> None:
    run(site, tmp_path)
    before = snapshot(tmp_path)
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(KbError) as caught:
        fetch(
            tmp_path,
            cr_url=f"http://127.0.0.1:{port}/cr.txt",
            bulk_listing_url=f"http://127.0.0.1:{port}/bulk-data",
            progress=None,
        )
    message = str(caught.value)
    assert message.startswith(f"cannot reach 127.0.0.1:{port}: ")
    assert "refused" in message.lower()
    assert "\n" not in message
    assert snapshot(tmp_path) == before


class Recorded(Progress):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, int, int | None]] = []

    def download(self, name: str, done: int, total: int | None) -> None:
        self.calls.append((name, done, total))


def test_progress_is_reported_up_to_the_total(site: Site, tmp_path: Path) -> None:
    recorded = Recorded()
    fetch(tmp_path, cr_url=f"{site.base}/cr.txt", bulk_listing_url=f"{site.base}/bulk-data", progress=recorded)
    calls = recorded.calls
    size = len(site.files["oracle-cards.json"])
    oracle = [call for call in calls if call[0] == "Scryfall oracle cards"]
    assert (oracle[0], oracle[-1]) == (("Scryfall oracle cards", 0, size), ("Scryfall oracle cards", size, size))


def test_auto_progress_is_quiet_when_not_on_a_terminal(site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fetch(tmp_path, cr_url=f"{site.base}/cr.txt", bulk_listing_url=f"{site.base}/bulk-data")
    assert capsys.readouterr() == ("", "")


def test_the_terminal_bar() -> None:
    out = Terminal()
    bar = Progress(out, bar_width=10)
    bar.download("Rules", 0, 2_000_000)
    bar.download("Rules", 2_000_000, 2_000_000)
    assert out.getvalue() == "\r\033[KRules [..........]   0% 0.0/2.0 MB\r\033[KRules [##########] 100% 2.0/2.0 MB\n"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True
