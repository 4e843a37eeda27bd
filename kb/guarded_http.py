"""HTTP for `kb fetch` that trusts nothing a server says.

- Only `https` URLs are followed, and `http` to this machine (a test's
  server); the rule holds for every redirect too, and no redirect may step
  down from https to http. Malformed URLs are refused before any request.
- Every request runs against a deadline for the whole download, on top of the
  per-read timeout: when it passes, the connection is shut, however slowly
  the server was trickling bytes.
- Bodies are read in pieces as they arrive, so the caller can stop at a size
  cap instead of writing whatever the server sends.

Every refusal is a `KbError`: one line, and nothing written.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

from kb.errors import KbError

_LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


def check_url(url: str, what: str = "URL") -> str:
    """`url` if kb may fetch it; a one-line KbError saying why not otherwise."""
    if not isinstance(url, str) or any(ord(char) < 33 or ord(char) == 127 for char in url):
        raise KbError(f"refused {what} {url!r}: it is not a URL", hint="give an https:// address")
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - reading it checks it: a ValueError for a port that is not a number in range
    except ValueError as e:
        raise KbError(f"refused {what} {url!r}: {e}", hint="give an https:// address") from None
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise KbError(f"refused {what} {url!r}: only https:// addresses are fetched", hint="give an https:// address")
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        raise KbError(f"refused {what} {url!r}: plain http is fetched only from this machine", hint="give an https:// address")
    return url


def is_loopback(host: str) -> bool:
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Deadline:
    """The time by which a download must be over; shuts its connections when it passes."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._at = time.monotonic() + seconds
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self.expired = False
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                self._shut(sock)

    def remaining(self) -> float:
        return max(self._at - time.monotonic(), 0.0)

    def cancel(self) -> None:
        """Stop the timer, and wait for its thread to end: a process with threads does not fork (kb.processes)."""
        self._timer.cancel()
        self._timer.join()

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                self._shut(sock)

    @staticmethod
    def _shut(sock: socket.socket) -> None:
        # shutdown() wakes a read blocked in another thread; the owner still closes the socket.
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def open_url(url: str, headers: dict[str, str], timeout: float, deadline: Deadline) -> http.client.HTTPResponse:
    """GET `url` through the checks above. Raises urllib's errors; the caller turns them into KbErrors."""
    check_url(url)
    opener = urllib.request.OpenerDirector()
    # Only what HTTP needs: no file:, data: or ftp: handler exists to be reached.
    for handler in (
        urllib.request.ProxyHandler(),
        urllib.request.UnknownHandler(),
        _Http(deadline),
        _Https(deadline),
        urllib.request.HTTPDefaultErrorHandler(),
        _Redirects(),
        urllib.request.HTTPErrorProcessor(),
    ):
        opener.add_handler(handler)
    return opener.open(urllib.request.Request(url, headers=headers), timeout=min(timeout, max(deadline.remaining(), 0.001)))


def pieces(response: Any, size: int) -> Iterator[bytes]:
    """The body as it arrives, at most `size` bytes at a time (never waiting to fill a whole piece)."""
    read = getattr(response, "read1", None) or response.read
    while chunk := read(size):
        yield chunk


class _Redirects(urllib.request.HTTPRedirectHandler):
    max_redirections = 5

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        target = urllib.parse.urljoin(req.full_url, newurl)
        check_url(target, "redirect to")
        if urllib.parse.urlsplit(req.full_url).scheme == "https" and urllib.parse.urlsplit(target).scheme != "https":
            raise KbError(f"refused redirect to {target!r}: it steps down from https", hint="give an https:// address")
        return super().redirect_request(req, fp, code, msg, headers, target)


def _watched(base: type[http.client.HTTPConnection], deadline: Deadline) -> type[http.client.HTTPConnection]:
    """`base` whose socket the deadline can shut, from the moment it connects (before TLS, before headers)."""

    class Watched(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            create = self._create_connection

            def create_watched(*a: Any, **k: Any) -> socket.socket:
                sock = create(*a, **k)
                deadline.watch(sock)
                return sock

            self._create_connection = create_watched

    return Watched


class _Http(urllib.request.HTTPHandler):
    def __init__(self, deadline: Deadline) -> None:
        super().__init__()
        self._connection = _watched(http.client.HTTPConnection, deadline)

    def http_open(self, req):  # type: ignore[no-untyped-def]
        return self.do_open(self._connection, req)


class _Https(urllib.request.HTTPSHandler):
    def __init__(self, deadline: Deadline) -> None:
        super().__init__()
        self._connection = _watched(http.client.HTTPSConnection, deadline)

    def https_open(self, req):  # type: ignore[no-untyped-def]
        return self.do_open(self._connection, req, context=self._context)
