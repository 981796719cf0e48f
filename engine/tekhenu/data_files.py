"""The engine's data files (engine/tekhenu/data/*.yaml): one reader for all of them, with libyaml's
parser when PyYAML has it (about 7x faster than the pure-Python one; it matters for a fresh `arbiter
ask`, which imports the engine). Each call parses anew: no caller shares another's dictionaries."""
from __future__ import annotations

from pathlib import Path

import yaml

DATA_DIR = Path(__file__).with_name("data")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(name: str):
    """The parsed contents of one data file, e.g. load("board.yaml")."""
    return yaml.load((DATA_DIR / name).read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 - safe loader
