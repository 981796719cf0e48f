"""YAML reading that remembers where every mapping started, so errors can name file:line.

Strict where PyYAML is lenient: a key given twice in one mapping is an error (PyYAML keeps the second
silently), so is a number that is not finite (`.nan`, `.inf`: no JSON can carry it), and a document whose aliases would expand past MAX_NODES nodes, or that nests deeper than
MAX_DEPTH, is refused before it is built (a ~650-byte "alias bomb" otherwise costs minutes and
gigabytes). Files are read through kb.fileio: regular files only, size-limited.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent
from yaml.nodes import MappingNode, ScalarNode

from .fileio import MAX_INPUT_BYTES, FileReadError, read_text

try:  # the C parser is ~10x faster; the constructor stays in Python so the subclass still works
    _BaseLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _BaseLoader = yaml.SafeLoader

LINE_KEY = "__line__"
MAX_NODES = 1_000_000        # the whole KB is ~300,000 nodes in 120 files
MAX_DEPTH = 64               # the deepest KB file nests 9 levels
_MERGE = "tag:yaml.org,2002:merge"


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
        _no_duplicate_keys(self, node)
        mapping = super().construct_mapping(node, deep=deep)
        mapping[LINE_KEY] = node.start_mark.line + 1
        return mapping


class _PlainLoader(_BaseLoader):
    """The same strictness without line numbers (data read as it is, e.g. scenario specs)."""

    def construct_mapping(self, node, deep=False):  # noqa: D401 - PyYAML hook
        _no_duplicate_keys(self, node)
        return super().construct_mapping(node, deep=deep)


def _finite_float(loader, node) -> float:
    """A YAML float, refused when it is not finite (`.nan`, `.inf`, `1e400`): JSON has no NaN or Infinity,
    so such a value could never be given as JSON, and no count or value of a game is one."""
    value = loader.construct_yaml_float(node)
    if not math.isfinite(value):
        raise yaml.constructor.ConstructorError(None, None, f"{node.value!r} is not a finite number",
                                                node.start_mark)
    return value


for _loader in (_LineLoader, _PlainLoader):
    _loader.add_constructor("tag:yaml.org,2002:float", _finite_float)


def _no_duplicate_keys(loader, node: MappingNode) -> None:
    seen: dict = {}
    for key_node, _ in node.value:
        if key_node.tag == _MERGE:
            continue                      # merged keys may be overridden: that is what a merge is for
        key = loader.construct_object(key_node)   # memoised by PyYAML: built once either way
        try:
            first = seen.setdefault(key, key_node)
        except TypeError:
            continue                      # an unhashable key: PyYAML's own check reports it
        if first is not key_node:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} is given twice in one mapping (first at line {first.start_mark.line + 1})",
                key_node.start_mark)


def _check_depth(text: str) -> bool:
    """Refuse text that nests deeper than MAX_DEPTH, from the parser's events, before anything is built:
    libyaml's composer recurses in C (100,000 nested brackets crash the process) and its parser slows
    down quadratically with depth. Returns whether the text uses aliases."""
    depth, aliases = 0, False
    for event in yaml.parse(text, Loader=_BaseLoader):
        if isinstance(event, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise yaml.YAMLError(f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, CollectionEndEvent):
            depth -= 1
        elif isinstance(event, AliasEvent):
            aliases = True
    return aliases


def _check_shape(root) -> None:
    """Refuse a node graph that expands past MAX_NODES (aliases count each time they are used), nests
    past MAX_DEPTH or refers to itself; iterative, linear in the distinct nodes."""
    done: dict[int, tuple[int, int]] = {}    # id -> (expanded size, depth)
    visiting: set[int] = set()
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if key in done:
            continue
        if isinstance(node, ScalarNode):
            done[key] = (1, 1)
            continue
        children = [n for pair in node.value for n in pair] if isinstance(node, MappingNode) else node.value
        if not children_done:
            if key in visiting:
                raise yaml.YAMLError("an alias refers to a node that contains it (a recursive structure)")
            visiting.add(key)
            stack.append((node, True))
            for child in children:
                if id(child) in visiting:
                    raise yaml.YAMLError("an alias refers to a node that contains it (a recursive structure)")
                if id(child) not in done:
                    stack.append((child, False))
            if len(visiting) > MAX_DEPTH:
                raise yaml.YAMLError(f"nested more than {MAX_DEPTH} levels deep")
            continue
        visiting.discard(key)
        size = 1 + sum(done[id(c)][0] for c in children)
        depth = 1 + max((done[id(c)][1] for c in children), default=0)
        if size > MAX_NODES:
            raise yaml.YAMLError(f"its aliases expand to more than {MAX_NODES:,} values")
        if depth > MAX_DEPTH:
            raise yaml.YAMLError(f"nested more than {MAX_DEPTH} levels deep")
        done[key] = (size, depth)


def parse_yaml(text: str, path: Path | str, lines: bool = True) -> Any:
    """Parse YAML text read from `path` (named in errors); with `lines`, every mapping gets LINE_KEY."""
    loader = None
    try:
        aliases = _check_depth(text)
        loader = (_LineLoader if lines else _PlainLoader)(text)
        node = loader.get_single_node()
        if node is None:
            return None
        if aliases:
            _check_shape(node)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "malformed YAML"
        raise YamlError(path, line, f"malformed YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise YamlError(path, None, f"malformed YAML: {exc}") from None
    except RecursionError:
        raise YamlError(path, None, f"malformed YAML: nested more than {MAX_DEPTH} levels deep") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_yaml(path: Path | str, lines: bool = True, limit: int = MAX_INPUT_BYTES) -> Any:
    """Parse a YAML file; with `lines`, every mapping gets LINE_KEY with its starting line."""
    try:
        text = read_text(path, limit)
    except FileReadError as exc:
        raise YamlError(path, None, exc.message) from None
    return parse_yaml(text, path, lines)


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
