"""The rules' history as one static file of the site: every version of every rule, gzipped.

Beside the rule pages, which show each rule's latest changes, the site keeps
the whole history once, in `api/history.json.gz`: the releases and every
rule's lineage with the full text of each version (the cache file's layout,
`kb.history_cache.encode`). Consecutive versions of a rule sit together, so
gzip takes the 5 MB of text of a hundred releases down to about half a
megabyte. `kb show --history` reads it from the site folder. The page of the
rules as of a date reads the same bytes from `api/history.js`, where they are
base64 in a script: a page opened from disk (file://) may load a script but not
fetch a file, and base64 of the gzip is still about 0.6 MB.
"""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path

from kb.history import RulesHistory
from kb.history_cache import decode, encode

HISTORY_FILE = "api/history.json.gz"
HISTORY_SCRIPT = "api/history.js"


def write_history_file(history: RulesHistory, site_dir: Path) -> None:
    text = json.dumps(encode(history), ensure_ascii=False, separators=(",", ":"))
    path = site_dir / HISTORY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    # mtime 0: the same history gives the same bytes, build after build.
    packed = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
    path.write_bytes(packed)
    encoded = base64.b64encode(packed).decode("ascii")
    (site_dir / HISTORY_SCRIPT).write_text(f'window.kbHistoryGzip = "{encoded}";\n', encoding="ascii")


def read_history_file(path: Path) -> RulesHistory:
    """The history a site was built with; OSError if the file is missing, ValueError if it is damaged."""
    try:
        return decode(json.loads(gzip.decompress(path.read_bytes())))
    except (EOFError, gzip.BadGzipFile, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not a history file ({e})") from None
