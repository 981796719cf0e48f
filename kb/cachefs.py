"""The cache folder's file system rules, shared by every cache (the checked KB, the search index, the
passage vectors).

- Data only: JSON, NumPy arrays read with allow_pickle=False, FAISS's own index format. Nothing loaded
  from here can run code.
- Every cache file is verified before use: its MAC is recorded beside it (in a header line or a manifest)
  with the inputs it was built from; a mismatch is a damaged file, rebuilt with a one-line notice, never
  served. The MAC is HMAC-SHA256 under a key of this installation kept outside the cache (`key_path`,
  created 0600 on first use): whoever can write the cache can edit a file and recompute a plain checksum,
  but not the MAC, so an edited cache (an "official" sentence changed) is rejected, not served.
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
import hmac
import json
import os
import secrets
import stat
import sys
from pathlib import Path

from .corpus import REPO_ROOT
from .fileio import FileReadError, read_bytes

ENV_VAR = "ARBITER_CACHE"
KEY_VAR = "ARBITER_KEY_FILE"
MAX_CACHE_FILE = 512 * 1024 * 1024
KEY_BYTES = 32


class CacheError(Exception):
    """The cache folder cannot be used; the message says why and what to do."""


class Damaged(Exception):
    """A cache file that does not match its recorded checksum (or cannot be read): rebuild it."""


def cache_root() -> Path:
    """$ARBITER_CACHE (read at call time) or the repository's .cache/."""
    return Path(os.environ.get(ENV_VAR) or (REPO_ROOT / ".cache"))


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- the installation's key: what makes a cache file's MAC impossible to recompute without it ------------------
def key_path() -> Path:
    """$ARBITER_KEY_FILE, else the user's config folder ($XDG_CONFIG_HOME or ~/.config)/arbiter/cache.key: never
    inside the cache, so that writing the cache does not give the means to seal it."""
    explicit = os.environ.get(KEY_VAR)
    if explicit:
        return Path(explicit)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "arbiter" / "cache.key"


_KEYS: dict[str, bytes] = {}


def installation_key() -> bytes:
    """The key (read once per process); made on first use, readable and writable by this user only. A key that
    others could read or replace (group or world permissions, another owner) is replaced: the caches it sealed
    are then rebuilt once."""
    path = key_path()
    key = _KEYS.get(str(path))
    if key is None:
        key = _KEYS[str(path)] = _load_or_make_key(path)
    return key


def _load_or_make_key(path: Path) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return _make_key(path)
    except OSError as exc:
        return _make_key(path, replacing=f"it cannot be read ({exc.strerror})")
    try:
        info = os.fstat(fd)
        key = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o077:
        return _make_key(path, replacing="others may read or change it")
    if len(key) != KEY_BYTES:
        return _make_key(path, replacing="it is not a key this version made")
    return key


def _make_key(path: Path, replacing: str | None = None) -> bytes:
    """A new random key at `path`, written under a temporary name (0600) and linked into place: of processes
    that start at once, the first one's key is everyone's."""
    if replacing:
        notice(f"the cache key {path} is replaced ({replacing}); the caches are checked and built again")
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = temp_name(path)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            os.write(fd, key)
        finally:
            os.close(fd)
        try:
            if replacing:
                os.replace(tmp, path)
            else:
                try:
                    os.link(tmp, path)
                except FileExistsError:         # another process made it first: use that one
                    return _load_or_make_key(path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
    except OSError as exc:
        raise CacheError(f"the cache key {path} cannot be made ({exc.strerror}); set {KEY_VAR} to a file in a "
                         f"folder of your own (never inside the cache folder)") from None
    return key


def seal(data: bytes) -> str:
    """The MAC of a cache file's content under this installation's key (HMAC-SHA256, hex)."""
    return hmac.new(installation_key(), data, hashlib.sha256).hexdigest()


def sealed(data: bytes, mac) -> bool:
    return isinstance(mac, str) and hmac.compare_digest(seal(data), mac)


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
    head = dict(header, mac=seal(payload), bytes=len(payload))
    write_atomic(path, json.dumps(head, ensure_ascii=False, sort_keys=True).encode() + b"\n" + payload)


def read_with_header(path: Path, expect: dict) -> tuple[dict, bytes]:
    """(header, payload) of a cache file whose header has the `expect`ed values and whose payload
    matches its MAC. FileNotFoundError when there is none; Damaged when it does not verify."""
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
    if header.get("bytes") != len(payload) or not sealed(payload, header.get("mac")):
        raise Damaged(f"{path.name}: checksum mismatch")
    return header, payload
