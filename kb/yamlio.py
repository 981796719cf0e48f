"""YAML reading that remembers where every mapping started, so errors can name file:line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

try:  # the C parser is ~10x faster; the constructor stays in Python so the subclass still works
    _BaseLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _BaseLoader = yaml.SafeLoader

LINE_KEY = "__line__"


class YamlError(Exception):
    """A YAML file that cannot be read; carries the file and 1-based line."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path = str(path)
        self.line = line
        self.message = message
        super().__init__(self.where() + ": " + message)

    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


class _LineLoader(_BaseLoader):
    def construct_mapping(self, node, deep=False):  # noqa: D401 - PyYAML hook
        mapping = super().construct_mapping(node, deep=deep)
        mapping[LINE_KEY] = node.start_mark.line + 1
        return mapping


def load_yaml(path: Path | str) -> Any:
    """Parse a YAML file; every mapping gets LINE_KEY with its starting line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise YamlError(path, None, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise YamlError(path, None, f"cannot read file ({exc.strerror})") from None
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - safe loader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "malformed YAML"
        raise YamlError(path, line, f"malformed YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise YamlError(path, None, f"malformed YAML: {exc}") from None


def strip_lines(data: Any) -> Any:
    """A copy of the data without the LINE_KEY bookkeeping."""
    if isinstance(data, dict):
        return {k: strip_lines(v) for k, v in data.items() if k != LINE_KEY}
    if isinstance(data, list):
        return [strip_lines(v) for v in data]
    return data


def line_of(data: Any, loc: tuple = ()) -> int | None:
    """The line of the deepest mapping along a pydantic-style location path."""
    best = data.get(LINE_KEY) if isinstance(data, dict) else None
    node = data
    for key in loc:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and LINE_KEY in node:
            best = node[LINE_KEY]
    return best
