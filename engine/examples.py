"""What every game's example builders share: a builder is a rule set and a function reading a question
(engine/asked.py: the objects it names and the numbers it writes for them) into a scenario. Of the
builders serving the answer's rules that can read the question, the one whose scenario shows most of what
the question asked makes the example."""
from __future__ import annotations

import re
from typing import Callable, Iterable, NamedTuple

from .api import QuestionExample
from .asked import Asked, Vocabulary


class Builder(NamedTuple):
    rule_ids: tuple[str, ...]                               # rules it demonstrates (a cited one must be here)
    build: Callable[[Asked], QuestionExample | None]        # None: the question lacks what it needs


_ENDS = ".,;?!:"
_JOINS = re.compile(r"\band\b|(?<=[가-힣])고\s")


def clause(text: str, at: int) -> str:
    """The clause a position of a question stands in: between punctuation, and "and" / "…고" ("I have 3 on my sled
    and 2 left in the quarry": the 2 is the quarry's)."""
    start = max(text.rfind(p, 0, at) for p in _ENDS) + 1
    ends = [i for p in _ENDS if (i := text.find(p, at)) >= 0]
    whole = text[start:min(ends) if ends else len(text)]
    return _JOINS.split(whole[:at - start])[-1] + _JOINS.split(whole[at - start:])[0]


def fitting(builders: Iterable[tuple], asked: Asked, rule_ids: list[str]) -> list[QuestionExample]:
    """Every builder serving one of the rules (the answer's first) that can read the question, in that
    order, each once."""
    builders = list(builders)
    made, tried = [], set()
    for rule in rule_ids:
        for i, (rules, build) in enumerate(builders):
            if rule in rules and i not in tried:
                tried.add(i)
                example = build(asked)
                if example is not None:
                    example.rule = rule
                    made.append(example)
    return made


def best_fitting(builders: Iterable[tuple], asked: Asked, rule_ids: list[str],
                 vocabulary: Vocabulary) -> QuestionExample | None:
    """The fitting example that shows most of what the question names (things first, then numbers; the
    answer's rule breaks a tie); where none can be run, the first refusal (a number the game cannot have)."""
    return best_of(fitting(builders, asked, rule_ids), asked, vocabulary)


def best_of(made: list[QuestionExample], asked: Asked, vocabulary: Vocabulary) -> QuestionExample | None:
    """Of the examples made for a question, the one showing most of it (the first breaks a tie); where none
    can be run, the first refusal."""
    runnable = [m for m in made if m.spec is not None]
    if not runnable:
        return made[0] if made else None
    best = max(runnable, key=lambda m: (vocabulary.score(asked, m.spec), -runnable.index(m)))
    refusal = next((m.notice for m in made if m.spec is None), None)
    if refusal is not None and best.notice is None and vocabulary.missing(asked, best.spec).numbers:
        return QuestionExample(best.spec, refusal, best.rule)     # why the number it does not show cannot be
    return best


def about(asked: Asked, key: str, kind: str) -> bool:
    """Whether a question is about this thing as far as its kind goes: it names it, or none of its kind (a
    Ra example is no answer to a Thoth question that merely has a die value)."""
    named = asked.of_kind(kind)
    return not named or any(t.key == key for t in named)


def refused(en: str, ko: str) -> QuestionExample:
    """No example, and why: a number of the question the game cannot have."""
    return QuestionExample(spec=None, notice={"en": en, "ko": ko})
