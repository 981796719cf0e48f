"""The cache folder's file system rules, shared by every cache (the checked KB, the search index, the
passage vectors).

- Data only: JSON, NumPy arrays read with allow_pickle=False, FAISS's own index format. Nothing loaded
  from here can run code.
- Every cache file is verified before use: its SHA-256 is recorded beside it (in a header line or a
  manifest) with the inputs it was built from; a mismatch is a damaged file, rebuilt with a one-line
  notice, never served.
- Writers write a per-process temporary name and rename it into place, so readers see a whole file or
  none; builds take an exclusive lock (`build_lock`), so concurrent processes wait for one build
  instead of racing, then find it done.
- A cache folder that cannot be used (a file where the folder should be, no permission to write when
  something must be built) is a CacheError: one line for the user, never a traceback.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import secrets
import sys
from pathlib import Path

from .corpus import REPO_ROOT
from .fileio import FileReadError, read_bytes

ENV_VAR = "ARBITER_CACHE"
MAX_CACHE_FILE = 512 * 1024 * 1024


class CacheError(Exception):
    """The cache folder cannot be used; the message says why and what to do."""


class Damaged(Exception):
    """A cache file that does not match its recorded checksum (or cannot be read): rebuild it."""


def cache_root() -> Path:
    """$ARBITER_CACHE (read at call time) or the repository's .cache/."""
    return Path(os.environ.get(ENV_VAR) or (REPO_ROOT / ".cache"))


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def notice(message: str) -> None:
    """One line on standard error: what the cache is doing and why (never on standard output, which
    carries JSON for programs)."""
    print(f"arbiter: {message}", file=sys.stderr, flush=True)


def _explain(exc: OSError, path: Path) -> CacheError:
    root = cache_root()
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = "is not writable"
    elif exc.errno in (errno.ENOTDIR, errno.EEXIST) and not path.is_dir():
        why = "is not a folder (a file is in the way)"
    elif exc.errno == errno.ENOSPC:
        why = "is on a full disk"
    else:
        why = f"cannot be used ({exc.strerror})"
    return CacheError(f"the cache folder {root} {why}: {path} could not be written; make it writable "
                      f"or set {ENV_VAR} to a writable folder")


def ensure_dir(path: Path) -> Path:
    """The folder, created when missing. A file inside our own cache where a folder belongs (a damaged
    cache) is removed; anything else that stops it is a CacheError."""
    root = cache_root()
    try:
        if root in path.parents:
            for folder in [*reversed(path.relative_to(root).parents), path.relative_to(root)][1:]:
                inside = root / folder
                if not inside.is_dir() and (inside.exists() or inside.is_symlink()):
                    notice(f"{inside} should be a folder; replacing it")
                    inside.unlink()
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _explain(exc, path) from None
    return path


@contextlib.contextmanager
def build_lock(lock_path: Path, what: str):
    """An exclusive lock across processes for building one cache entry (released on exit, also when the
    process dies). Waiting for another process's build is said once."""
    ensure_dir(lock_path.parent)
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as exc:
        raise _explain(exc, lock_path) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            notice(f"waiting for another process to finish {what}…")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)            # closing releases the lock


def temp_name(path: Path) -> Path:
    """A name beside `path` that no other process uses (a dot file: never mistaken for a cache entry)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def write_atomic(path: Path, data: bytes) -> None:
    ensure_dir(path.parent)
    tmp = temp_name(path)
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise _explain(exc, path) from None


# -- one-file caches: a header line (JSON) with the payload's checksum, then the payload -------------------
def write_with_header(path: Path, header: dict, payload: bytes) -> None:
    head = dict(header, sha256=sha256(payload), bytes=len(payload))
    write_atomic(path, json.dumps(head, ensure_ascii=False, sort_keys=True).encode() + b"\n" + payload)


def read_with_header(path: Path, expect: dict) -> tuple[dict, bytes]:
    """(header, payload) of a cache file whose header has the `expect`ed values and whose payload
    matches its checksum. FileNotFoundError when there is none; Damaged when it does not verify."""
    try:
        raw = read_bytes(path, MAX_CACHE_FILE)
    except FileReadError as exc:
        if not path.exists() and not path.is_symlink():
            raise FileNotFoundError(path) from None
        raise Damaged(f"{path.name}: {exc.message}") from None
    head_bytes, sep, payload = raw.partition(b"\n")
    try:
        header = json.loads(head_bytes)
    except ValueError:
        header = None
    if not sep or not isinstance(header, dict):
        raise Damaged(f"{path.name}: no valid header")
    for key, value in expect.items():
        if header.get(key) != value:
            raise Damaged(f"{path.name}: {key} does not match")
    if header.get("bytes") != len(payload) or header.get("sha256") != sha256(payload):
        raise Damaged(f"{path.name}: checksum mismatch")
    return header, payload
