"""What every game's example builders share: a builder is a rule set and a function reading a question's
numbers (engine/numbers.py) into a scenario; the first builder that serves one of the answer's rules and
finds its numbers in the question makes the example."""
from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from .api import QuestionExample


class Builder(NamedTuple):
    rule_ids: tuple[str, ...]                               # rules it demonstrates (a cited one must be here)
    build: Callable[[str], QuestionExample | None]          # None: the question lacks its numbers


def first_fitting(builders: Iterable[tuple], question: str, rule_ids: list[str]) -> QuestionExample | None:
    """The first builder serving one of the rules (in the order given, the answer's first) that can read
    the question."""
    builders = list(builders)
    for rule in rule_ids:
        for rules, build in builders:
            if rule in rules:
                made = build(question)
                if made is not None:
                    return made
    return None


def refused(en: str, ko: str) -> QuestionExample:
    """No example, and why: a number of the question the game cannot have."""
    return QuestionExample(spec=None, notice={"en": en, "ko": ko})
