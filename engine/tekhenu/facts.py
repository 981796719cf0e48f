"""Every fact the engine uses that comes from a data file, in one registry with its provenance.

The data files (engine/tekhenu/data/) are split by who reads them — board.yaml for the board and its
components, and one file per module for card values, the solo opponent and edition switches — but
users and tests need one place to ask "what is this value, and does the rulebook state it?". A fact's
path is the one `State.note_assumed` records: board.yaml's paths as they are (`horus.die_to_god`), the
other files' prefixed with the file's name (`solo.tiles.god`, `decrees.symbols`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import data_files

DATA = data_files.DATA_DIR
UNPREFIXED = "board"


@dataclass(frozen=True)
class Fact:
    path: str
    source: str                 # "rulebook" | "assumed"
    rule: str | None            # KB rule or card id, for rulebook facts
    note: str | None
    value: object
    file: str

    def to_json(self) -> dict:
        return {"path": self.path, "source": self.source, "rule": self.rule, "note": self.note,
                "value": self.value, "file": self.file}


class FactError(ValueError):
    """A data file entry without a valid provenance."""


def _walk(node, path: str, file: str, out: dict[str, Fact]) -> None:
    if isinstance(node, dict) and "source" in node:
        if node["source"] not in ("rulebook", "assumed"):
            raise FactError(f"{file}: {path}: source must be rulebook or assumed")
        if node["source"] == "rulebook" and not node.get("rule"):
            raise FactError(f"{file}: {path}: a rulebook fact names its rule")
        if node["source"] == "assumed" and not node.get("note"):
            raise FactError(f"{file}: {path}: an assumed fact says why in a note")
        value = node["value"] if "value" in node else {k: v for k, v in node.items()
                                                        if k not in ("source", "rule", "note")}
        out[path] = Fact(path, node["source"], node.get("rule"), node.get("note"), value, file)
    elif isinstance(node, dict):
        for key, child in node.items():
            _walk(child, f"{path}.{key}" if path else str(key), file, out)


@lru_cache(maxsize=1)
def registry() -> dict[str, Fact]:
    out: dict[str, Fact] = {}
    for file in sorted(DATA.glob("*.yaml")):
        prefix = "" if file.stem == UNPREFIXED else file.stem
        _walk(data_files.load(file.name), prefix, f"engine/tekhenu/data/{file.name}", out)
    return out


def lookup(path: str) -> Fact | None:
    return registry().get(path)


def assumed() -> list[Fact]:
    return [f for f in registry().values() if f.source == "assumed"]
