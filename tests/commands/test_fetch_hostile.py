"""`kb fetch` against a hostile or broken server: every case ends in one line, and the cache is as it was.

The server is a loopback one that each test scripts (redirects, lies about
sizes, trickles bytes, never answers). Every case is bounded: the server stops
on its own within seconds, and the fetch's deadline and timeout are short.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kb.cli import main
from kb.fetch import BULK_FILES, CR_FILE

CR_TEXT = b"Magic: The Gathering Comprehensive Rules\n\nIntroduction\n"
CARDS = b'[{"object": "card", "name": "Opt", "oracle_id": "x"}]'
RULINGS = b'[{"object": "ruling", "oracle_id": "x", "published_at": "2020-01-01", "comment": "c"}]'
Route = Callable[[BaseHTTPRequestHandler], None]


class Server:
    """A loopback HTTP server answering each path with a scripted route; it stops within seconds whatever happens."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.stop = threading.Event()
        routes, stop = self.routes, self.stop

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                route = routes.get(self.path.lstrip("/"))
                if route is None:
                    send(self, 404, b"not found")
                    return
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up, as it should
                    route(self)

        class Threaded(ThreadingHTTPServer):
            daemon_threads = True

        self.httpd = Threaded(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.stopped = stop
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
        self.thread.start()

    def good(self) -> None:
        """A well-behaved site: the CR, a listing, the two bulk files."""
        self.routes.update(
            {
                "cr.txt": lambda h: send(h, 200, CR_TEXT),
                "bulk-data": lambda h: send(h, 200, self.listing()),
                "cards.json": lambda h: send(h, 200, CARDS),
                "rulings.json": lambda h: send(h, 200, RULINGS),
            }
        )

    def listing(self, cards_uri: str = "", size: int | None = None) -> bytes:
        entries = [
            {
                "type": "oracle_cards",
                "download_uri": cards_uri or f"{self.base}/cards.json",
                "updated_at": "2",
                "size": size or len(CARDS),
            },
            {"type": "rulings", "download_uri": f"{self.base}/rulings.json", "updated_at": "2", "size": len(RULINGS)},
        ]
        return json.dumps({"data": entries}).encode()

    def close(self) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def send(handler: BaseHTTPRequestHandler, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
    handler.send_response(status)
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


@pytest.fixture
def server() -> Iterator[Server]:
    server = Server()
    server.good()
    yield server
    server.close()


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    """A cache holding an earlier fetch, which every failure must leave as it was."""
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / CR_FILE).write_bytes(CR_TEXT + b"old")
    (cache / BULK_FILES["oracle_cards"][0]).write_bytes(b"[]")
    return cache


def snapshot(directory: Path) -> dict[str, bytes]:
    """The cached files; a `.part` (with its `.part.meta.json`) is a download kept to be resumed, not part of the cache."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and ".part" not in p.name
    }


def fetch_fails(server: Server, cache: Path, capsys: pytest.CaptureFixture[str], *extra: str, cr_url: str = "") -> str:
    """Run `kb fetch` that must fail: its one line of error, with the cache checked unchanged."""
    before = snapshot(cache)
    capsys.readouterr()
    started = time.monotonic()
    status = main(
        [
            "fetch",
            "--cache",
            str(cache),
            "--cr-url",
            cr_url or f"{server.base}/cr.txt",
            "--listing-url",
            f"{server.base}/bulk-data",
            "--timeout",
            "2",
            "--deadline",
            "3",
            *extra,
        ]
    )
    err = capsys.readouterr().err
    assert status == 1, err
    assert len(err.splitlines()) == 1, err
    assert time.monotonic() - started < 15
    assert snapshot(cache) == before
    return err.strip()


def test_the_good_server_is_fetched(server: Server, cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["fetch", "--cache", str(cache), "--cr-url", f"{server.base}/cr.txt", "--listing-url", f"{server.base}/bulk-data"])
        == 0
    )
    assert (cache / CR_FILE).read_bytes() == CR_TEXT


@pytest.mark.parametrize(
    "uri", ["file:///etc/passwd", "data:text/plain,[]", "ftp://127.0.0.1/cards.json", "http://example.com/cards.json"]
)
def test_a_listing_that_points_elsewhere_than_https(server: Server, cache: Path, capsys, uri: str) -> None:
    server.routes["bulk-data"] = lambda h: send(h, 200, server.listing(cards_uri=uri))
    err = fetch_fails(server, cache, capsys)
    assert err.startswith(f"error: refused download_uri of 'oracle_cards' in the bulk-data listing {uri!r}: "), err


@pytest.mark.parametrize("location", ["file:///etc/passwd", "data:text/plain,Magic", "http://example.com/cr.txt"])
def test_a_redirect_elsewhere_than_https(server: Server, cache: Path, capsys, location: str) -> None:
    server.routes["cr.txt"] = lambda h: send(h, 302, b"", {"Location": location})
    err = fetch_fails(server, cache, capsys)
    assert "cr.txt" in err or location in err
    assert "refused redirect" in err or "is not allowed" in err, err


def test_a_body_larger_than_announced_is_cut_off(server: Server, cache: Path, capsys) -> None:
    def liar(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Connection", "close")  # no Content-Length: the body ends when the server says so
        h.end_headers()
        for _ in range(200):  # 200 x 64 KiB = 12.5 MiB, far past 101 bytes
            if server.stop.is_set():
                return
            h.wfile.write(b"[" + b" " * 65535)

    server.routes["bulk-data"] = lambda h: send(h, 200, server.listing(size=101))
    server.routes["cards.json"] = liar
    err = fetch_fails(server, cache, capsys)
    assert err == (
        f"error: refused Scryfall oracle cards from {server.base}/cards.json: the server sent more than the 101 bytes it announced"
        " (the cache is unchanged; if the file is genuine, raise the limit with --max-size oracle_cards=SIZE)"
    )
    assert not list(cache.glob("scryfall-oracle-cards*.part*"))


def test_a_body_without_a_size_stops_at_the_limit_for_its_kind(server: Server, cache: Path, capsys) -> None:
    def endless(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Connection", "close")
        h.end_headers()
        for _ in range(1000):
            if server.stop.is_set():
                return
            h.wfile.write(b"M" * 65536)

    server.routes["cr.txt"] = endless
    err = fetch_fails(server, cache, capsys, "--max-size", "cr=1M")
    assert "the server sent more than the 1,048,576 bytes allowed" in err, err


def test_a_size_announced_past_the_limit_is_refused_before_downloading(server: Server, cache: Path, capsys) -> None:
    server.routes["bulk-data"] = lambda h: send(h, 200, server.listing(size=5 << 30))
    err = fetch_fails(server, cache, capsys)
    assert "Scryfall oracle cards" in err and "announces 5,368,709,120 bytes, more than the 1,073,741,824 allowed" in err, err


def test_a_huge_listing_is_not_read_whole(server: Server, cache: Path, capsys) -> None:
    def huge(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Connection", "close")
        h.end_headers()
        h.wfile.write(b'{"data": [')
        for _ in range(2000):  # 128 MiB if it were all read
            if server.stop.is_set():
                return
            h.wfile.write(b" " * 65536)

    server.routes["bulk-data"] = huge
    err = fetch_fails(server, cache, capsys)
    assert err.startswith(f"error: refused the listing at {server.base}/bulk-data: larger than 4,194,304 bytes"), err


@pytest.mark.parametrize(
    "body",
    [b"[" * 100_000, b'{"data": ' + b"9" * 5000 + b"}", b'{"data": [{"type": ["x"]}]}', b"\xff\xfe", b'{"data": "x"}'],
    ids=["deep", "long-number", "unhashable-type", "not-utf8", "no-array"],
)
def test_a_broken_listing(server: Server, cache: Path, capsys, body: bytes) -> None:
    server.routes["bulk-data"] = lambda h: send(h, 200, body)
    fetch_fails(server, cache, capsys)


def test_a_trickling_body_meets_the_deadline(server: Server, cache: Path, capsys) -> None:
    def trickle(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Content-Length", "1000")
        h.end_headers()
        h.wfile.write(b"Magic")
        for _ in range(100):  # a byte every 0.1 s: each read succeeds, the whole never ends
            if server.stop.wait(0.1):
                return
            h.wfile.write(b".")
            h.wfile.flush()

    server.routes["cr.txt"] = trickle
    err = fetch_fails(server, cache, capsys, "--deadline", "1.5")
    assert f"download of {server.base}/cr.txt interrupted after " in err
    assert "not finished within the 1.5 s deadline" in err and "--deadline" in err, err


def test_trickling_headers_meet_the_deadline(server: Server, cache: Path, capsys) -> None:
    def slow_headers(h: BaseHTTPRequestHandler) -> None:
        h.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for _ in range(100):
            if server.stop.wait(0.1):
                return
            h.wfile.write(b"X-Slow: 1\r\n")
            h.wfile.flush()

    server.routes["cr.txt"] = slow_headers
    err = fetch_fails(server, cache, capsys, "--deadline", "1.5")
    # The deadline shuts the connection mid-headers; http.client may take what came as a response without a body.
    assert "within the 1.5 s deadline" in err, err


def test_a_silent_server_meets_the_read_timeout(server: Server, cache: Path, capsys) -> None:
    server.routes["cr.txt"] = lambda h: server.stop.wait(10)
    err = fetch_fails(server, cache, capsys, "--timeout", "0.5", "--deadline", "30")
    assert err.startswith("error: cannot reach 127.0.0.1") and "timed out" in err, err


@pytest.mark.parametrize(
    "url",
    ["http://[::1", "ht tp://x/cr.txt", "http://127.0.0.1:99999/cr.txt", "cr.txt", "https:///cr.txt", "javascript:alert(1)"],
)
def test_a_malformed_url(server: Server, cache: Path, capsys, url: str) -> None:
    err = fetch_fails(server, cache, capsys, cr_url=url)
    assert err.startswith("error: refused Comprehensive Rules URL"), err


def test_a_cache_under_a_file(server: Server, tmp_path: Path, capsys) -> None:
    (tmp_path / "file").write_text("not a folder")
    status = main(
        [
            "fetch",
            "--cache",
            str(tmp_path / "file" / "cache"),
            "--cr-url",
            f"{server.base}/cr.txt",
            "--listing-url",
            f"{server.base}/bulk-data",
        ]
    )
    err = capsys.readouterr().err
    assert status == 1
    assert err.splitlines() == [
        f"error: cannot use {tmp_path / 'file' / 'cache'} as the cache folder: Not a directory (give another --cache)"
    ]
    assert (tmp_path / "file").read_text() == "not a folder"
