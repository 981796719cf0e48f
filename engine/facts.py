"""One facts registry for every game: each value an engine reads from its data files, with where it
comes from.

    source: rulebook   rule: <KB rule or card id>                 the rulebook text states it
    source: source     ref: <precise reference>  checked: <how>   printed only on a component and
                                                                  published elsewhere (a component list,
                                                                  an official FAQ); facts, never copied text
    source: assumed    note: <why>                                the text does not say; the engine decides

Players read the notes in either language: an `assumed` fact's note and a `source` fact's `checked` come
with their Korean (`note_ko`, `checked_ko`); `ref`, a publication's name, is the same in both.

A fact is any mapping with a `source` key in an engine's `data/*.yaml`; its value is `value`, or the
mapping's other keys. Its path is the keys leading to it, prefixed by the file's name — except
`board.yaml`, whose paths stand alone (`horus.die_to_god`, `dice.per_color`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

PROVENANCES = ("rulebook", "source", "assumed")
UNPREFIXED = "board"
META_KEYS = ("source", "rule", "note", "ref", "checked", "note_ko", "checked_ko")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml: a fresh `ask` imports an engine


@dataclass(frozen=True)
class Fact:
    path: str
    source: str                 # rulebook | source | assumed
    value: object
    file: str
    rule: str | None = None     # rulebook: the KB id that states it (also allowed on the others, as context)
    ref: str | None = None      # source: the publication, precisely
    checked: str | None = None  # source: how it was cross-checked
    note: str | None = None     # assumed: why; otherwise an optional remark
    note_ko: str | None = None      # the note in Korean
    checked_ko: str | None = None   # `checked` in Korean

    def to_json(self) -> dict:
        return {"path": self.path, "source": self.source, "rule": self.rule, "ref": self.ref,
                "checked": self.checked, "note": self.note, "note_ko": self.note_ko,
                "checked_ko": self.checked_ko, "value": self.value, "file": self.file}

    def explain(self, lang: str = "en") -> str:
        """One line a player can read, in English or Korean: where the value comes from."""
        ko = lang == "ko"
        if self.source == "rulebook":
            return f"{'규칙서' if ko else 'rulebook'} {self.rule}"
        if self.source == "source":
            checked = _one_line(self.checked_ko if ko and self.checked_ko else self.checked)
            return (f"{'출처' if ko else 'source'}: {self.ref}"
                    + (f" ({'확인' if ko else 'checked'}: {checked})" if checked else ""))
        return f"{'가정' if ko else 'assumed'}: {_one_line(self.note_ko if ko and self.note_ko else self.note)}"


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split())


class FactError(ValueError):
    """A data file entry without a valid provenance; the message names the file and the path."""


def load_yaml(path: Path):
    """A data file parsed with libyaml where available. Each call parses anew (no shared dicts)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 - a safe loader


def _check(node: dict, path: str, file: str) -> None:
    source = node["source"]
    if source not in PROVENANCES:
        raise FactError(f"{file}: {path}: source must be one of {', '.join(PROVENANCES)} (got {source!r})")
    if source == "rulebook" and not node.get("rule"):
        raise FactError(f"{file}: {path}: a rulebook fact names its rule (rule: <KB id>)")
    if source == "source" and not (node.get("ref") and node.get("checked")):
        raise FactError(f"{file}: {path}: a source fact names its publication (ref:) and how it was "
                        "cross-checked (checked:)")
    if source == "assumed" and not node.get("note"):
        raise FactError(f"{file}: {path}: an assumed fact says why in a note")


def _walk(node, path: str, file: str, out: dict[str, Fact]) -> None:
    if isinstance(node, dict) and "source" in node:
        _check(node, path, file)
        value = node["value"] if "value" in node else {k: v for k, v in node.items() if k not in META_KEYS}
        out[path] = Fact(path, node["source"], value, file, node.get("rule"), node.get("ref"),
                         node.get("checked"), node.get("note"), node.get("note_ko"), node.get("checked_ko"))
    elif isinstance(node, dict):
        for key, child in node.items():
            _walk(child, f"{path}.{key}" if path else str(key), file, out)


class FactRegistry:
    def __init__(self, facts: dict[str, Fact]):
        self._facts = facts

    @classmethod
    def load(cls, data_dir: Path, label: str = "") -> "FactRegistry":
        return _load(Path(data_dir), label)

    def get(self, path: str) -> Fact | None:
        return self._facts.get(path)

    def value(self, path: str):
        return self._facts[path].value

    def all(self) -> list[Fact]:
        return list(self._facts.values())

    def not_rulebook(self) -> list[Fact]:
        return [f for f in self._facts.values() if f.source != "rulebook"]

    def __len__(self) -> int:
        return len(self._facts)

    def __contains__(self, path: str) -> bool:
        return path in self._facts


@lru_cache(maxsize=None)
def _load(data_dir: Path, label: str) -> FactRegistry:
    out: dict[str, Fact] = {}
    root = data_dir.parents[2]             # engine/<game>/data → the project root, for readable names
    for file in sorted(data_dir.glob("*.yaml")):
        prefix = "" if file.stem == UNPREFIXED else file.stem
        shown = str(file.relative_to(root)) if file.is_relative_to(root) else str(file)
        try:
            data = load_yaml(file)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f"{shown}:{mark.line + 1}" if mark else shown
            raise FactError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
        _walk(data or {}, prefix, shown, out)
    return FactRegistry(out)
