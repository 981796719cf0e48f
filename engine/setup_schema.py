"""What a scenario's `setup` may hold, per game, checked before the game's code reads it.

Each game declares its setup's shape in `engine/<game>/scenario_setup.yaml` (data beside the code that
reads it); the shared runner (engine/scenarios.py) checks every scenario against it, so a wrong type
is named where it is ("setup.dice: expected a list, got 'x'") instead of failing somewhere inside the
engine. Whatever the shape cannot say (an unknown card, a die that is not free) the engine still
refuses with its own ScenarioError.

The shape language, in YAML:
    int  str  bool  any  null         a value of that kind (a bool is not an int); `str?`: or null
    <name>                            a type defined under `types:` of the same file
    [T]                               a list of T
    {int: [lo, hi]}                   a whole number in that range
    {enum: [a, b, ...]}               one of those values
    {one_of: [T, U, ...]}             any of those shapes
    {map: T}                          a mapping with any keys, every value a T
    {tuple: [T, U]}                   a list of exactly those items
    {fields: {k: T, ...}, required: [k, ...]}   a mapping with only those keys
    {k: T, ...}                       the same, nothing required
A file may start with `extends: <game id>`: that game's setup keys and types, plus its own; a type
both define as a mapping of keys gets the keys of both (an expansion adds fields to a player).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

ENGINE_ROOT = Path(__file__).parent
FILE = "scenario_setup.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SCALARS = {"int", "str", "bool", "any", "null", "number"}
_FORMS = {"int", "enum", "one_of", "map", "tuple", "fields"}


class SetupShapeError(ValueError):
    """A setup that does not have its game's declared shape; the message names where."""


def _describe(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Shape:
    def __init__(self, setup, types: dict, game: str):
        self.setup, self.types, self.game = setup, types, game

    def check(self, setup) -> None:
        self._check(self.setup, setup, "setup")

    def _check(self, shape, value, where: str) -> None:  # noqa: C901 - one branch per form of the language
        if shape is None:                 # YAML's null as a shape: nothing
            shape = "null"
        if isinstance(shape, str):
            nullable = shape.endswith("?")
            name = shape.rstrip("?")
            if value is None and (nullable or name in ("any", "null")):
                return
            if name in self.types:
                return self._check(self.types[name], value, where)
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
            for i, item in enumerate(value):
                self._check(shape[0], item, f"{where}[{i}]")
            return
        if len(shape) == 1 and next(iter(shape)) in _FORMS:
            form = next(iter(shape))
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
                    return self._check(option, value, where)
                except SetupShapeError as exc:
                    errors.append(str(exc).removeprefix(f"{where}: "))
            raise SetupShapeError(f"{where}: {' or '.join(dict.fromkeys(errors))}")
        elif form == "map":
            if not isinstance(value, dict):
                raise SetupShapeError(f"{where}: expected a mapping, got {_describe(value)}")
            for key, item in value.items():
                self._check(shape["map"], item, f"{where}.{key}")
        elif form == "tuple":
            if not isinstance(value, list) or len(value) != len(shape["tuple"]):
                raise SetupShapeError(f"{where}: expected a list of {len(shape['tuple'])} items, got {_describe(value)}")
            for i, (item_shape, item) in enumerate(zip(shape["tuple"], value)):
                self._check(item_shape, item, f"{where}[{i}]")
        else:
            fields = shape["fields"] if form == "fields" else shape
            if not isinstance(value, dict):
                raise SetupShapeError(f"{where}: expected a mapping with {', '.join(map(str, fields))}; "
                                      f"got {_describe(value)}")
            for key in value:
                if key not in fields:
                    raise SetupShapeError(f"{where}: unknown key {key!r} (known: {', '.join(map(str, fields))})")
            for key in shape.get("required", []) if form == "fields" else []:
                if key not in value:
                    raise SetupShapeError(f"{where}.{key} is required")
            for key, item in value.items():
                self._check(fields[key], item, f"{where}.{key}")


@cache
def shape_of(game: str) -> Shape | None:
    """The declared shape of a game's scenario setups (None: the game declares none)."""
    path = ENGINE_ROOT / game.replace("-", "_") / FILE
    if not path.is_file():
        return None
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 - a safe loader
    setup, types = dict(data.get("setup") or {}), dict(data.get("types") or {})
    if data.get("extends"):
        base = shape_of(data["extends"])
        setup = {**base.setup, **setup}
        types = {**base.types, **{name: _merge(base.types.get(name), own) for name, own in types.items()}}
    return Shape(setup, types, game)


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
