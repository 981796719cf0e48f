"""What a scenario's `setup` may hold, per game, checked before the game's code reads it; and, in the same
notation, what a game's state may hold (engine.api.Engine.state_from_json).

Each game declares its setup's shape in `engine/<game>/scenario_setup.yaml` (data beside the code that
reads it); the shared runner (engine/scenarios.py) checks every scenario against it, so a wrong type
is named where it is ("setup.dice: expected a list, got 'x'") instead of failing somewhere inside the
engine. Whatever the shape cannot say (an unknown card, a die that is not free) the engine still
refuses with its own ScenarioError. `engine/<game>/state_shape.yaml` declares the state's: every number
bounded and every name one the game knows, so that a state read from JSON never crashes or hangs the
engine later.

The shape language, in YAML:
    int  str  bool  any  null         a value of that kind (a bool is not an int); `str?`: or null
    data                              plain JSON to keep and tell: text, true/false, null, whole numbers
                                      within a billion, lists and mappings of them (no float)
    <name>                            a type defined under `types:` of the same file
    [T]                               a list of T
    {int: [lo, hi]}                   a whole number in that range
    {enum: [a, b, ...]}               one of those values
    {one_of: [T, U, ...]}             any of those shapes
    {map: T}                          a mapping with any keys, every value a T
    {map: T, keys: K}                 the same, every key a K (a mapping's keys are text: K is enum or id)
    {list: T, len: [lo, hi]}          a list of T with lo to hi items
    {id: <set>}                       one of the names (or numbers) of that set, which the game supplies
                                      when it checks (its cards, its seats...)
    {tuple: [T, U]}                   a list of exactly those items
    {fields: {k: T, ...}, required: [k, ...]}   a mapping with only those keys (`required: all`: every one)
    {k: T, ...}                       the same, nothing required
A file may start with `extends: <game id>`: that game's setup keys and types, plus its own; a type
both define as a mapping of keys gets the keys of both (an expansion adds fields to a player).
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

ENGINE_ROOT = Path(__file__).parent
FILE = "scenario_setup.yaml"
STATE_FILE = "state_shape.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SCALARS = {"int", "str", "bool", "any", "null", "number", "data"}
_FORMS = {"int", "enum", "one_of", "map", "tuple", "fields", "id", "list"}


class SetupShapeError(ValueError):
    """A setup that does not have its game's declared shape; the message names where."""


def _describe(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Shape:
    def __init__(self, setup, types: dict, game: str, root: str = "setup"):
        self.setup, self.types, self.game, self.root = setup, types, game, root

    def check(self, setup, names: dict | None = None) -> None:
        """SetupShapeError naming where `setup` departs from the shape; `names`: the sets `{id: set}` names."""
        self._check(self.setup, setup, self.root, names or {})

    def _check(self, shape, value, where: str, names: dict) -> None:  # noqa: C901 - one branch per form of the language
        if shape is None:                 # YAML's null as a shape: nothing
            shape = "null"
        if isinstance(shape, str):
            nullable = shape.endswith("?")
            name = shape.rstrip("?")
            if value is None and (nullable or name in ("any", "null")):
                return
            if name in self.types:
                return self._check(self.types[name], value, where, names)
            if name == "data":
                if not _plain_data(value):
                    raise SetupShapeError(f"{where}: expected plain data (text, true/false, whole numbers of at most "
                                          f"{DATA_INT_LIMIT:,}, lists and mappings of them), got {_describe(value)}")
                return
            ok = {"int": isinstance(value, int) and not isinstance(value, bool),
                  "number": isinstance(value, (int, float)) and not isinstance(value, bool),
                  "str": isinstance(value, str), "bool": isinstance(value, bool),
                  "any": True, "null": value is None}.get(name)
            if ok is None:
                raise SetupShapeError(f"{self.game}: {FILE} names an unknown type {name!r}")
            if not ok:
                words = {"int": "a whole number", "number": "a number", "str": "text", "bool": "true or false",
                         "null": "nothing (null)"}
                raise SetupShapeError(f"{where}: expected {words[name]}, got {_describe(value)}")
            return
        if isinstance(shape, list):
            if not isinstance(value, list):
                raise SetupShapeError(f"{where}: expected a list, got {_describe(value)}")
            self._items(shape[0], value, where, names)
            return
        if len(shape) == 1 and next(iter(shape)) in _FORMS:
            form = next(iter(shape))
        elif set(shape) in ({"map", "keys"}, {"list", "len"}):
            form = "map" if "map" in shape else "list"
        else:
            form = "fields" if "fields" in shape and set(shape) <= {"fields", "required"} else "record"
        if form == "int":
            lo, hi = shape["int"]
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise SetupShapeError(f"{where}: expected a whole number from {lo} to {hi}, got {_describe(value)}")
        elif form == "enum":
            if value not in shape["enum"]:
                raise SetupShapeError(f"{where}: expected one of {', '.join(map(str, shape['enum']))}; "
                                      f"got {_describe(value)}")
        elif form == "one_of":
            errors = []
            for option in shape["one_of"]:
                try:
                    return self._check(option, value, where, names)
                except SetupShapeError as exc:
                    errors.append(str(exc))
            raise SetupShapeError(_closest(errors, where))
        elif form == "map":
            if not isinstance(value, dict):
                raise SetupShapeError(f"{where}: expected a mapping, got {_describe(value)}")
            for key, item in value.items():
                if "keys" in shape:
                    self._check(shape["keys"], key, f"{where} (a key)", names)
                self._check(shape["map"], item, f"{where}.{key}", names)
        elif form == "list":
            if not isinstance(value, list):
                raise SetupShapeError(f"{where}: expected a list, got {_describe(value)}")
            lo, hi = shape.get("len", (0, None))
            if len(value) < lo or (hi is not None and len(value) > hi):
                raise SetupShapeError(f"{where}: expected a list of {lo} to {hi} items, got {len(value)}")
            self._items(shape["list"], value, where, names)
        elif form == "id":
            known = names.get(shape["id"])
            if known is None:
                raise SetupShapeError(f"{self.game}: no set of names {shape['id']!r} to check {where} against")
            if isinstance(value, bool) or not isinstance(value, (str, int)) or value not in known:
                raise SetupShapeError(f"{where}: expected {_article(shape['id'])}, got {_describe(value)}")
        elif form == "tuple":
            if not isinstance(value, list) or len(value) != len(shape["tuple"]):
                raise SetupShapeError(f"{where}: expected a list of {len(shape['tuple'])} items, got {_describe(value)}")
            for i, (item_shape, item) in enumerate(zip(shape["tuple"], value)):
                self._check(item_shape, item, f"{where}[{i}]", names)
        else:
            fields = shape["fields"] if form == "fields" else shape
            if not isinstance(value, dict):
                raise SetupShapeError(f"{where}: expected a mapping with {', '.join(map(str, fields))}; "
                                      f"got {_describe(value)}")
            for key in value:
                if key not in fields:
                    raise SetupShapeError(f"{where}: unknown key {key!r} (known: {', '.join(map(str, fields))})")
            required = shape.get("required", []) if form == "fields" else []
            for key in (fields if required == "all" else required):
                if key not in value:
                    raise SetupShapeError(f"{where}.{key} is required")
            for key, item in value.items():
                self._check(fields[key], item, f"{where}.{key}", names)


    def _items(self, shape, items: list, where: str, names: dict) -> None:
        """Each item of a list; a list of whole numbers in a range (a random state's 625) in one pass."""
        bounds = self._int_range(shape)
        if bounds is not None:
            lo, hi = bounds
            if all(type(v) is int and lo <= v <= hi for v in items):
                return
        for i, item in enumerate(items):
            self._check(shape, item, f"{where}[{i}]", names)

    def _int_range(self, shape):
        while isinstance(shape, str) and shape in self.types:
            shape = self.types[shape]
        if isinstance(shape, dict) and len(shape) == 1 and "int" in shape:
            return shape["int"]
        return None


def _closest(errors: list[str], where: str) -> str:
    """One line for a value that fits none of the options: what the options that came closest say (those
    that failed deepest inside the value, not at a variant's own tag such as `kind: blessing`)."""
    def depth(error: str) -> int:
        return len(error.split(": ", 1)[0])

    telling = [e for e in errors if not re.search(r": expected one of [^,;]+; got ", e)] or errors
    deepest = max(depth(e) for e in telling)
    chosen = [e for e in telling if depth(e) == deepest]
    if deepest == len(where):
        return f"{where}: " + " or ".join(dict.fromkeys(e.removeprefix(f"{where}: ") for e in chosen))
    return " or ".join(dict.fromkeys(chosen))


DATA_INT_LIMIT = 10**9


def _plain_data(value, depth: int = 0) -> bool:
    """JSON a game only keeps and tells (a logged event): text, true/false, null, bounded whole numbers (no
    float: no NaN or Infinity either), and lists and mappings of them, at most 32 levels deep."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return True
    if kind is int:
        return -DATA_INT_LIMIT <= value <= DATA_INT_LIMIT
    if depth >= 32:
        return False
    if kind is list:
        return all(_plain_data(v, depth + 1) for v in value)
    if kind is dict:
        return all(type(k) is str and _plain_data(v, depth + 1) for k, v in value.items())
    return False


def _article(name: str) -> str:
    words = name.replace("_", " ")
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words} of the game"


@cache
def shape_of(game: str, file: str = FILE) -> Shape | None:
    """The declared shape of a game's scenario setups, or with `file` = STATE_FILE of its states (None: the
    game declares none)."""
    path = ENGINE_ROOT / game.replace("-", "_") / file
    if not path.is_file():
        return None
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 - a safe loader
    root = "state" if file == STATE_FILE else "setup"
    setup, types = data.get(root) or {}, dict(data.get("types") or {})
    setup = dict(setup) if isinstance(setup, dict) else setup       # (a state's root may name a type)
    if data.get("extends"):
        base = shape_of(data["extends"], file)
        setup = {**base.setup, **setup} if isinstance(setup, dict) and isinstance(base.setup, dict) else \
            (setup or base.setup)
        types = {**base.types, **{name: _merge(base.types.get(name), own) for name, own in types.items()}}
    return Shape(setup, types, game, root)


def _merge(base, own):
    """An extending file's type: the base's keys and its own, where both are mappings of keys."""
    def fields(shape):
        if isinstance(shape, dict) and "fields" in shape and set(shape) <= {"fields", "required"}:
            return shape["fields"], shape.get("required", [])
        if isinstance(shape, dict) and not (len(shape) == 1 and next(iter(shape)) in _FORMS):
            return shape, []
        return None, None
    base_fields, base_required = fields(base)
    own_fields, own_required = fields(own)
    if base_fields is None or own_fields is None:
        return own
    return {"fields": {**base_fields, **own_fields}, "required": own_required if "required" in own else base_required}
