"""Publishing a freshly built site so that `site/` is, at every instant, the whole old site or the whole new one.

Each build works in its own folder beside the site, `.<site>-build-<random>/`,
and mkdocs writes the new site inside it. Publishing is one atomic exchange of
the two folders (Linux's `renameat2(RENAME_EXCHANGE)`), after which the work
folder holds the old site and is deleted. `site/` stays a real folder, so it can
be copied, served or opened from disk as before.

A build killed at any point leaves at most its work folder behind; the next
build removes it. Builds of one site take turns through a lock file, so one
never deletes the folder another is still working in.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Where file systems or C libraries lack an atomic exchange, two renames are
# used instead; the old site then waits in the work folder under this name, and
# a build killed between the two renames gets it back at the next build.
_OLD = "old"
# Leftovers of killed builds: ours, and those of earlier kb versions.
_LEFTOVERS = ("{name}-build-*", "{name}-new-*", "{name}-old-*")
_OUTPUTS_LEFTOVERS = ".kb-outputs-*"


@contextmanager
def publishing(site_dir: Path) -> Iterator[Path]:
    """A fresh work folder for one build of `site_dir`; yields where to build, and publishes it on success.

    Holds the site's lock throughout, and first clears what killed builds left.
    """
    with _lock(site_dir):
        checkpoint("locked")
        remove_leftovers(site_dir)
        work = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}-build-", dir=site_dir.parent))
        try:
            staging = work / "site"
            yield staging
            checkpoint("built")
            _publish(staging, site_dir, work)
            checkpoint("published")
        finally:
            shutil.rmtree(work, ignore_errors=True)


def remove_leftovers(site_dir: Path) -> None:
    """Delete the work folders of killed builds (call with the lock held); put back a site lost between two renames."""
    parent, name = site_dir.parent, site_dir.name
    if not os.path.lexists(site_dir):
        for old in sorted(parent.glob(f".{name}-build-*/{_OLD}")):
            old.rename(site_dir)
            break
    patterns = [f".{pattern.format(name=name)}" for pattern in _LEFTOVERS] + [_OUTPUTS_LEFTOVERS]
    for pattern in patterns:
        for path in parent.glob(pattern):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)


def leftovers(site_dir: Path) -> list[Path]:
    """What killed builds left beside `site_dir` (for tests and for a curious user)."""
    parent, name = site_dir.parent, site_dir.name
    patterns = [f".{pattern.format(name=name)}" for pattern in _LEFTOVERS] + [_OUTPUTS_LEFTOVERS]
    return sorted(path for pattern in patterns for path in parent.glob(pattern))


def checkpoint(step: str) -> None:
    """A named instant of the build, where tests kill it (KB_KILL_AT=step) to prove the site survives."""
    if os.environ.get("KB_KILL_AT") == step:
        os.kill(os.getpid(), signal.SIGKILL)


def _publish(staging: Path, site_dir: Path, work: Path) -> None:
    if not os.path.lexists(site_dir):
        staging.rename(site_dir)
    elif not _exchange(staging, site_dir):
        old = work / _OLD
        site_dir.rename(old)
        checkpoint("between-renames")
        try:
            staging.rename(site_dir)
        except BaseException:
            old.rename(site_dir)
            raise


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step; False where the system cannot."""
    renameat2 = getattr(_libc(), "renameat2", None)
    if renameat2 is None or os.environ.get("KB_NO_EXCHANGE"):  # the variable lets tests take the other way
        return False
    at_cwd, rename_exchange = -100, 2  # AT_FDCWD and RENAME_EXCHANGE from <fcntl.h>, <stdio.h>
    if renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False  # this kernel or file system has no exchange
    raise OSError(code, os.strerror(code), str(b))


def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


@contextmanager
def _lock(site_dir: Path) -> Iterator[None]:
    """Builds of one site, one at a time; a second one says in one line that it waits."""
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(site_dir.parent / f".{site_dir.name}.lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another build of {site_dir} to finish", file=sys.stderr, flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield  # the lock goes with the file's closing, or with the process if it is killed
