"""Download the Comprehensive Rules and Scryfall's bulk files into a local cache.

For each file, in order:

1. skip it if it has not changed: for a bulk file the listing's `updated_at`
   and `size` match what we stored last time (no request at all); otherwise a
   conditional request (`If-None-Match` / `If-Modified-Since`) lets the server
   answer 304;
2. download into `NAME.part`, continuing an earlier partial download with a
   `Range` request (guarded by `If-Range`, so a file that changed meanwhile
   starts over);
3. verify the `.part`: its size is what the server announced, and it starts like
   what it should be (a JSON array of cards or rulings, or the rules text);
4. rename it over `NAME` and record what was fetched in `NAME.meta.json`.

A failure leaves every cached file as it was (a `.part` may stay behind, to be
resumed). Network problems become a one-line `KbError`, never a traceback.

Nothing downloaded is trusted (see `guarded_http`): only https is followed;
each file is capped at the size announced for it plus a small margin, and at
an absolute maximum for its kind (`LIMITS`); each download must be over by a
deadline. A file that breaks a cap is thrown away.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

from kb import __version__
from kb.errors import KbError, SourceError
from kb.guarded_http import Deadline, check_url, open_url, pieces
from kb.inputs import cached_as
from kb.progress import Progress
from kb.progress import progress as shown
from kb.sources.json_stream import iter_array

# Wizards publishes each release under a new name; the CLI lets the user pass the current one.
DEFAULT_CR_URL = "https://media.wizards.com/2025/downloads/MagicCompRules%2020250919.txt"
BULK_LISTING_URL = "https://api.scryfall.com/bulk-data"
CR_FILE = cached_as("rules")
# Scryfall's bulk type -> (the file it is cached as, what one element of it is)
BULK_FILES = {"oracle_cards": (cached_as("scryfall_cards"), "card"), "rulings": (cached_as("scryfall_rulings"), "ruling")}
_CR_START = "Magic: The Gathering Comprehensive Rules"
_CHUNK = 1 << 16
# The most each kind of download may weigh, whatever a server announces. The real
# files weigh about 1 MB (CR), 5 KB (listing), 160 MB (oracle cards), 25 MB (rulings).
LIMITS = {"cr": 32 << 20, "listing": 4 << 20, "oracle_cards": 1 << 30, "rulings": 256 << 20}
# What a file may weigh beyond its announced size before it is refused.
_MARGIN = 64 << 10
DEADLINE = 3600.0  # seconds for one file, however its bytes trickle in
_HEADERS = {"User-Agent": f"kb/{__version__} (rulings knowledge base)", "Accept": "*/*", "Accept-Encoding": "identity"}

@dataclass(frozen=True, slots=True)
class Fetched:
    """What happened to one file: 'downloaded', 'resumed' or 'unchanged'."""

    name: str
    path: Path
    status: str
    size: int


@dataclass(frozen=True, slots=True)
class _Remote:
    """One file to fetch, and what the listing says about it."""

    label: str
    kind: str  # a key of LIMITS
    url: str
    target: str
    verify: Callable[[Path], str | None]  # returns what is wrong, or None
    updated_at: str | None = None
    size: int | None = None


@dataclass(slots=True)
class _Meta:
    """What we know about a downloaded (or partly downloaded) file."""

    url: str
    updated_at: str | None = None
    size: int | None = None
    etag: str | None = None
    last_modified: str | None = None


def fetch(
    cache_dir: Path,
    *,
    cr_url: str = DEFAULT_CR_URL,
    bulk_listing_url: str = BULK_LISTING_URL,
    progress: Progress | None = shown,
    timeout: float = 60.0,
    deadline: float = DEADLINE,
    limits: dict[str, int] | None = None,
) -> list[Fetched]:
    """Bring the cached CR text and Scryfall bulk files up to date.

    `progress` draws a bar per file (kb.progress: on stderr when it is a terminal,
    quiet otherwise); None is always quiet. `timeout` bounds each read, `deadline` each
    whole download (seconds); `limits` overrides entries of LIMITS (bytes).
    """
    check_url(cr_url, "Comprehensive Rules URL")
    check_url(bulk_listing_url, "bulk-data listing URL")
    cache = _usable_cache(Path(cache_dir))
    rules = _Rules(progress or Progress(quiet=True), timeout, deadline, {**LIMITS, **(limits or {})})
    listing = _get_json(bulk_listing_url, rules)
    remotes = [_Remote("Comprehensive Rules", "cr", cr_url, CR_FILE, _verify_cr), *_bulk_remotes(listing, bulk_listing_url)]
    # Every file is downloaded and verified before any replaces its cached copy:
    # a failure on the last one leaves the cache as it was, not half updated.
    ready = [_fetch_one(cache, remote, rules) for remote in remotes]
    return [install() for install in ready]


@dataclass(frozen=True, slots=True)
class _Rules:
    """How every download of one fetch is run."""

    progress: Progress
    timeout: float
    deadline: float
    limits: dict[str, int]


def _usable_cache(cache: Path) -> Path:
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise KbError(f"cannot use {cache} as the cache folder: {e.strerror or e}", hint="give another --cache") from None
    return cache


def _bulk_remotes(listing: Any, listing_url: str) -> list[_Remote]:
    entries = listing.get("data") if isinstance(listing, dict) else None
    if not isinstance(entries, list):
        raise KbError(f"unexpected bulk-data listing from {listing_url}: no 'data' array")
    by_type = {entry["type"]: entry for entry in entries if isinstance(entry, dict) and isinstance(entry.get("type"), str)}
    remotes = []
    for kind, (target, element) in BULK_FILES.items():
        entry = by_type.get(kind)
        if entry is None or not isinstance(entry.get("download_uri"), str):
            raise KbError(f"the bulk-data listing at {listing_url} has no {kind!r} entry with a download_uri")
        size = entry.get("size")
        remotes.append(
            _Remote(
                label=f"Scryfall {kind.replace('_', ' ')}",
                kind=kind,
                url=check_url(entry["download_uri"], f"download_uri of {kind!r} in the bulk-data listing"),
                target=target,
                verify=_json_verifier(element),
                updated_at=str(entry.get("updated_at") or "") or None,
                size=size if isinstance(size, int) and not isinstance(size, bool) and size >= 0 else None,
            )
        )
    return remotes


# -- one file -------------------------------------------------------------------------


def _fetch_one(cache: Path, remote: _Remote, rules: _Rules) -> Callable[[], Fetched]:
    """Download and verify one file into its `.part`; returns what puts it in place of the cached one."""
    target = cache / remote.target
    meta = _read_meta(_meta_path(target))
    if _listing_unchanged(target, meta, remote):
        return _unchanged(remote, target)
    limit = rules.limits[remote.kind]
    if remote.size is not None and remote.size > limit:
        raise _too_big(remote, f"the listing announces {remote.size:,} bytes, more than the {limit:,} allowed")

    part = target.with_name(target.name + ".part")
    part_meta_path = _meta_path(part)
    part_meta = _read_meta(part_meta_path)
    offset = part.stat().st_size if part.exists() and _same_version(part_meta, remote) else 0

    headers = dict(_HEADERS)
    if target.exists() and meta is not None and meta.url == remote.url and remote.updated_at is None:
        # No listing to compare with (the CR): ask the server whether it changed.
        if meta.etag:
            headers["If-None-Match"] = meta.etag
        if meta.last_modified:
            headers["If-Modified-Since"] = meta.last_modified
    if offset and part_meta is not None:
        headers["Range"] = f"bytes={offset}-"
        if part_meta.etag or part_meta.last_modified:
            headers["If-Range"] = part_meta.etag or part_meta.last_modified or ""

    deadline = Deadline(rules.deadline)
    try:
        try:
            response = _open(remote.url, headers, rules.timeout, deadline, not_modified_ok=True)
        except _RangeNotSatisfiable:  # our .part is longer than the file: start over
            offset = 0
            headers.pop("Range", None)
            headers.pop("If-Range", None)
            response = _open(remote.url, headers, rules.timeout, deadline)
        if response is None:  # 304 Not Modified
            return _unchanged(remote, target)
        with response:
            resumed, total = _resume_point(response, offset)
            announced = total if total is not None else remote.size
            if announced is not None and announced > limit:
                raise _too_big(remote, f"the server announces {announced:,} bytes, more than the {limit:,} allowed")
            cap = min(limit, announced + _MARGIN) if announced is not None else limit
            fresh = _Meta(
                remote.url, remote.updated_at, remote.size, response.headers.get("ETag"), response.headers.get("Last-Modified")
            )
            _write_meta(part_meta_path, fresh)
            try:
                with part.open("ab" if resumed else "wb") as out:
                    _copy(response, out, remote, rules.progress, resumed, total, cap, deadline)
            except _TooBig:
                # A server that sends more than it may is not to be resumed from.
                part.unlink(missing_ok=True)
                part_meta_path.unlink(missing_ok=True)
                if announced is not None and announced + _MARGIN < limit:
                    raise _too_big(remote, f"the server sent more than the {announced:,} bytes it announced") from None
                raise _too_big(remote, f"the server sent more than the {limit:,} bytes allowed") from None
    finally:
        deadline.cancel()

    size = part.stat().st_size
    expected = total if total is not None else remote.size
    if expected is not None and size < expected:  # the connection ended early without an error
        raise KbError(
            f"download of {remote.url} interrupted after {size:,} of {expected:,} bytes",
            hint="run the fetch again to resume it",
        )
    problem = f"size {size:,} bytes, expected {expected:,}" if expected is not None and size != expected else None
    problem = problem or remote.verify(part)
    if problem:
        part.unlink()
        part_meta_path.unlink(missing_ok=True)
        raise KbError(f"downloaded {remote.label} from {remote.url} failed verification: {problem}", hint="cache unchanged")
    fresh.size = size

    def install() -> Fetched:
        os.replace(part, target)
        _write_meta(_meta_path(target), fresh)
        part_meta_path.unlink(missing_ok=True)
        return Fetched(remote.label, target, "resumed" if resumed else "downloaded", size)

    return install


def _unchanged(remote: _Remote, target: Path) -> Callable[[], Fetched]:
    fetched = Fetched(remote.label, target, "unchanged", target.stat().st_size)
    return lambda: fetched


class _TooBig(Exception):
    """The body grew past its cap."""


def _too_big(remote: _Remote, what: str) -> KbError:
    return KbError(
        f"refused {remote.label} from {remote.url}: {what}",
        hint=f"the cache is unchanged; if the file is genuine, raise the limit with --max-size {remote.kind}=SIZE",
    )


def _listing_unchanged(target: Path, meta: _Meta | None, remote: _Remote) -> bool:
    return (
        remote.updated_at is not None
        and meta is not None
        and target.exists()
        and (meta.url, meta.updated_at) == (remote.url, remote.updated_at)
        and target.stat().st_size == meta.size
        and (remote.size is None or remote.size == meta.size)
    )


def _same_version(part_meta: _Meta | None, remote: _Remote) -> bool:
    """Whether a leftover .part was a download of the file the listing offers now."""
    return part_meta is not None and (part_meta.url, part_meta.updated_at) == (remote.url, remote.updated_at)


_CONTENT_RANGE = re.compile(r"bytes (\d+)-(\d+)/(\d+|\*)")


def _resume_point(response: http.client.HTTPResponse, offset: int) -> tuple[int, int | None]:
    """(bytes already in the .part that this response continues, total size or None)."""
    if response.status == 206:
        m = _CONTENT_RANGE.fullmatch(response.headers.get("Content-Range", "").strip())
        if m and int(m[1]) == offset:
            return offset, int(m[3]) if m[3] != "*" else None
        raise KbError(f"{response.url}: the server answered a resume request with an unexpected range")
    length = response.headers.get("Content-Length")
    return 0, int(length) if length and length.isdigit() else None


def _copy(
    response: BinaryIO,
    out: BinaryIO,
    remote: _Remote,
    progress: Progress,
    done: int,
    total: int | None,
    cap: int,
    deadline: Deadline,
) -> None:
    """Write the body to `out` as it arrives; _TooBig past `cap` bytes in all."""
    progress.download(remote.label, done, total)
    try:
        for chunk in pieces(response, _CHUNK):
            if done + len(chunk) > cap:
                raise _TooBig
            out.write(chunk)
            done += len(chunk)
            progress.download(remote.label, done, total)
        if deadline.expired:  # the deadline shut the connection: what arrived is not all
            raise OSError(f"not finished within the {deadline.seconds:g} s deadline")
        if total is None:
            progress.download(remote.label, done, done)  # lets a bar finish its line
    except (OSError, http.client.HTTPException) as exc:
        out.flush()
        reason = f"not finished within the {deadline.seconds:g} s deadline" if deadline.expired else _reason(exc)
        raise KbError(
            f"download of {remote.url} interrupted after {done:,} bytes: {reason}",
            hint="run the fetch again to resume it" + (", or give it more time with --deadline" if deadline.expired else ""),
        ) from None


# -- HTTP -----------------------------------------------------------------------------


class _RangeNotSatisfiable(Exception):
    """HTTP 416: the range we asked to resume from is past the end of the file."""


def _open(
    url: str, headers: dict[str, str], timeout: float, deadline: Deadline, *, not_modified_ok: bool = False
) -> http.client.HTTPResponse | None:
    """The server's response; None for 304 when allowed; a KbError for anything that is not a success."""
    try:
        return open_url(url, headers, timeout, deadline)
    except urllib.error.HTTPError as exc:
        exc.close()
        if exc.code == 304 and not_modified_ok:
            return None
        if exc.code == 416 and "Range" in headers:
            raise _RangeNotSatisfiable from None
        raise KbError(f"cannot download {url}: HTTP {exc.code} {_one_line(str(exc.reason))}") from None
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        reason = f"no answer within the {deadline.seconds:g} s deadline" if deadline.expired else _reason(exc)
        raise KbError(f"cannot reach {_host(url)}: {reason}", hint="check the network; the cache is unchanged") from None


def _get_json(url: str, rules: _Rules) -> Any:
    """A small JSON document (the listing), read up to its limit and no further."""
    limit = rules.limits["listing"]
    deadline = Deadline(rules.deadline)
    try:
        response = _open(url, {**_HEADERS, "Accept": "application/json"}, rules.timeout, deadline)
        assert response is not None
        with response:
            body = bytearray()
            for chunk in pieces(response, _CHUNK):
                body += chunk
                if len(body) > limit:
                    raise KbError(
                        f"refused the listing at {url}: larger than {limit:,} bytes",
                        hint="raise the limit with --max-size listing=SIZE if it is genuine",
                    )
            if deadline.expired:
                raise OSError(f"not finished within the {deadline.seconds:g} s deadline")
        return json.loads(body)
    except (OSError, http.client.HTTPException) as exc:
        raise KbError(f"cannot reach {_host(url)}: {_reason(exc)}", hint="check the network; the cache is unchanged") from None
    except (ValueError, RecursionError) as exc:
        raise KbError(f"{url} did not answer with JSON: {_one_line(str(exc))}") from None
    finally:
        deadline.cancel()


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]


def _host(url: str) -> str:
    return urllib.parse.urlsplit(url).netloc or url


def _reason(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None) or exc
    return _one_line(str(reason)) or type(exc).__name__


# -- verification ---------------------------------------------------------------------


def _verify_cr(path: Path) -> str | None:
    with path.open("rb") as f:
        head = f.read(200).decode("utf-8-sig", errors="replace").lstrip()
    if head.startswith(_CR_START):
        return None
    return f"it does not start like the Comprehensive Rules ({head[:40]!r})"


def _json_verifier(kind: str) -> Callable[[Path], str | None]:
    def verify(path: Path) -> str | None:
        elements = iter_array(path, item=kind)
        try:
            first = next(elements, None)
        except SourceError as exc:
            return exc.message
        finally:
            elements.close()
        if first is None:
            return "it is an empty array"
        found = first.value.get("object") if isinstance(first.value, dict) else None
        return None if found == kind else f"its first element is not a {kind} (object {found!r})"

    return verify


# -- metadata --------------------------------------------------------------


def _meta_path(path: Path) -> Path:
    return path.with_name(path.name + ".meta.json")


def _read_meta(path: Path) -> _Meta | None:
    try:
        return _Meta(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return None  # no record, or one we cannot read: treat the file as unknown


def _write_meta(path: Path, meta: _Meta) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(asdict(meta), indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)
