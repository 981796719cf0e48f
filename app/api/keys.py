"""API keys: a bot's own limits, and each of its users' (`arbiter serve --api-keys FILE`).

A bot sends every user's question from one address, so a per-address limit throttles the bot, not a user.
With a key (header `X-API-Key`, or `Authorization: Bearer …`) its requests count against the key's limit,
and — when it names the user it asks for (header `X-Arbiter-User`, any id of the bot's own, 1-128 printable
characters) — against that user's limit too. The user header is trusted only with a valid key: without one
it is ignored and the client's address is limited as before. An unknown key is refused (401), never
silently treated as none.

The file (YAML):

    keys:
      - name: discord-bot            # named in the log and in a 429's message
        key: "k7Vq…"                 # at least 20 characters; or key_sha256: the SHA-256 of the key, in hex
        rate_limit: 600              # requests a minute for the key, all its users together (default 600)
        per_user: 30                 # requests a minute for each X-Arbiter-User (default 30; 0: no per-user limit)

A mistake is one line with the file and line, and `arbiter serve` exits 2.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from app.core.records import UsageError

KEY_HEADER = "x-api-key"
USER_HEADER = "x-arbiter-user"
MIN_KEY = 20
USER = re.compile(r"[\x21-\x7e]{1,128}")        # printable ASCII, no spaces (ids, not names)
FIELDS = {"name", "key", "key_sha256", "rate_limit", "per_user"}


@dataclass(frozen=True)
class Key:
    name: str
    digest: str                 # SHA-256 of the key, hex
    rate_limit: int = 600
    per_user: int = 30


class KeyRing:
    def __init__(self, keys: list[Key]):
        self.by_digest = {k.digest: k for k in keys}

    def __len__(self) -> int:
        return len(self.by_digest)

    def find(self, presented: str) -> Key | None:
        # the presented key is hashed before the lookup: no comparison of secrets whose time could leak
        return self.by_digest.get(hashlib.sha256(presented.encode("utf-8", "replace")).hexdigest())


def presented_key(headers: dict[bytes, bytes]) -> str | None:
    """The key a request carries (X-API-Key, else Authorization: Bearer …), or None."""
    raw = headers.get(KEY_HEADER.encode())
    if raw is None:
        auth = headers.get(b"authorization", b"")
        if auth[:7].lower() == b"bearer ":
            raw = auth[7:]
    return raw.decode("latin-1").strip() if raw is not None else None


def load(path: str | Path) -> KeyRing:
    from kb.yamlio import LINE_KEY, YamlError, load_yaml

    try:
        data = load_yaml(path)
    except YamlError as exc:
        raise UsageError(f"{exc.where()}: {exc.message}") from None
    top = data.get(LINE_KEY, 1) if isinstance(data, dict) else 1
    if not isinstance(data, dict) or not isinstance(data.get("keys"), list) or not data["keys"]:
        raise UsageError(f"{path}:{top}: expected `keys:` and a list of keys (name, key or key_sha256, "
                         f"rate_limit, per_user)")
    keys, names, digests = [], set(), set()
    for item in data["keys"]:
        line = item.get(LINE_KEY, top) if isinstance(item, dict) else top
        where = f"{path}:{line}"
        if not isinstance(item, dict):
            raise UsageError(f"{where}: a key is a mapping with name, key (or key_sha256), rate_limit, per_user")
        unknown = sorted(set(item) - FIELDS - {LINE_KEY})
        if unknown:
            raise UsageError(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(sorted(FIELDS))})")
        name = item.get("name")
        if not isinstance(name, str) or not USER.fullmatch(name):
            raise UsageError(f"{where}: name must be 1-128 printable characters without spaces (got {name!r})")
        if name in names:
            raise UsageError(f"{where}: the name {name!r} is given twice")
        if ("key" in item) == ("key_sha256" in item):
            raise UsageError(f"{where}: give exactly one of key and key_sha256")
        if "key" in item:
            secret = item["key"]
            if not isinstance(secret, str) or len(secret.strip()) < MIN_KEY or secret != secret.strip():
                raise UsageError(f"{where}: key must be a string of at least {MIN_KEY} characters without "
                                 f"surrounding spaces")
            digest = hashlib.sha256(secret.encode("utf-8")).hexdigest()
        else:
            digest = item["key_sha256"]
            if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
                raise UsageError(f"{where}: key_sha256 must be 64 lower-case hex digits")
        if digest in digests:
            raise UsageError(f"{where}: the same key is given twice")
        limits = {}
        for field, default, low in (("rate_limit", 600, 1), ("per_user", 30, 0)):
            value = item.get(field, default)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 10**6:
                raise UsageError(f"{where}: {field} must be a whole number of requests a minute from {low} to "
                                 f"{10**6:,} (got {value!r})")
            limits[field] = value
        names.add(name)
        digests.add(digest)
        keys.append(Key(name=name, digest=digest, **limits))
    return KeyRing(keys)
