"""`kb bundle`: the built site as one file to carry, with the terminal search index beside it.

A ZIP to unpack, not a single self-contained page: the site is thousands of
pages (about 30,000 cards at full scale) linked to each other, and a browser
opens them from an unpacked folder with every feature (search included) as it
does the published site. A single HTML file would have to hold every page in
one document, and web bundles open in no browser without a flag. Every
operating system and phone unpacks a ZIP without installing anything.

The terminal index (kb.sqlite) is written beside the archive rather than into
it: `kb search --index FILE` reads it where it lies, and the browser never
needs it.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from kb.errors import BuildError
from kb.search import INDEX_NAME

# The folder the archive unpacks into.
FOLDER = "rulings"
README = f"""Magic: The Gathering rulings, for reading offline.

Open {FOLDER}/index.html in a browser: every page and the search work from
disk, with no connection and no server.

In a terminal, with kb installed: kb search --index {{index}} QUERY
"""
# Already compressed: deflating them again only costs time.
STORED = (".png", ".gz", ".jpg", ".woff2", ".zip")


@dataclass(frozen=True)
class Bundle:
    archive: Path
    index: Path
    files: int


def bundle(site_dir: Path, archive: Path) -> Bundle:
    """Write `site_dir` into the ZIP `archive`, and its terminal index beside it as `<archive stem>.kb.sqlite`."""
    if not (site_dir / "index.html").is_file() or not (site_dir / INDEX_NAME).is_file():
        raise BuildError(f"{site_dir}: no built site there", hint="run kb build first, or pass --site-dir")
    index = archive.with_name(archive.stem + ".kb.sqlite")
    archive.parent.mkdir(parents=True, exist_ok=True)
    files = 0
    # Written under a temporary name and renamed: an interrupted bundle never leaves half an archive.
    with _replacing(archive) as partial, zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        zf.writestr(f"{FOLDER}/README.txt", README.format(index=index.name))
        for path in sorted(site_dir.rglob("*")):
            relative = path.relative_to(site_dir).as_posix()
            if not path.is_file() or relative == INDEX_NAME:
                continue
            method = zipfile.ZIP_STORED if path.suffix in STORED else zipfile.ZIP_DEFLATED
            zf.write(path, f"{FOLDER}/{relative}", compress_type=method)
            files += 1
    with _replacing(index) as partial:
        partial.write_bytes((site_dir / INDEX_NAME).read_bytes())
    return Bundle(archive, index, files)


class _replacing:
    """A temporary path beside `target`, renamed onto it when the block succeeds and removed when it fails."""

    def __init__(self, target: Path) -> None:
        self.target = target

    def __enter__(self) -> Path:
        fd, name = tempfile.mkstemp(prefix=f".{self.target.name}-", dir=self.target.parent)
        os.close(fd)
        self.partial = Path(name)
        return self.partial

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:
            os.chmod(self.partial, 0o644)
            self.partial.replace(self.target)
        else:
            self.partial.unlink(missing_ok=True)
