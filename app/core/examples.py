"""Which example an answer shows, and what it says about it: the scenario that shows most of what the
question names (engine/asked.py reads its objects and numbers through the game's vocabulary), played under
the asker's rulebook edition, with notices on the answer for what it could not show and for an edition
difference that changes its result. Reaches the engines only through engine.registry's Engine (the
assistant passes it in)."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable

from engine.api import Engine, ScenarioError
from engine.asked import Asked, Given, Missing, Thing, Vocabulary
from engine.scenarios import ScenarioResult, run

FIRST_RULES = 3            # the cited rules whose scenarios are always candidates
RULES_FOR_EXAMPLES = 8     # further cited rules give candidates (of another section: only one that shows all
                           # the question names)


@dataclass
class Candidate:
    spec: dict
    rank: int                       # the cited rule it was found or built for
    built: bool = False             # built from the question (else a stored scenario, which never changes)
    further: bool = False           # of a rule further down and outside the answer's section
    near: bool = True               # of the answer's rule or of its section
    ruled: bool = False             # a scenario of the ruling that settles the case: it plays that very case
    missing: Missing = field(default_factory=Missing)
    reseated_from: int | None = None    # a stored case set up for the question's player count: its stored count

    @property
    def lasting(self) -> bool:
        """A stored scenario as stored (its reading is kept)."""
        return not self.built and self.reseated_from is None


def scenario_edition(spec: dict) -> str:
    """The rulebook edition a scenario is played under (the engines' default is the English one)."""
    return (spec.get("setup") or {}).get("edition") or "en"


def _substitutes_a_card(missing: Missing) -> bool:
    """Another printed card where one was asked (D03's example for a D07 question): never an example of it."""
    return any(t.kind == "card" for t in missing.things) and any(t.kind == "card" for t in missing.instead)


def _key(candidate: Candidate, position: int, asked: Asked) -> tuple:
    """Objects first; then the example built from the question's own numbers where it shows them all; a
    scenario of the ruling that settles the case (where it shows every number asked); a scenario of the answer's
    rule or section; the numbers it holds as their quantity's value (a die of the 5 asked, Osiris row 3); a
    scenario of the answer's rule itself; the numbers it otherwise surely shows (a title naming one); the
    higher-ranked rule; any other number found in it (the player count, a number somewhere in its setup); the
    asker's edition; the order given. (Session 18: a same-section scenario whose title happened to hold the
    question's "1" — "빈칸 … 한 장" — had beaten the answer rule's own case; with a title's number after the rule
    itself: tuning cases +3, training cases +3, dev alike.)"""
    missing = candidate.missing
    things = len({t.key for t in asked.things}) - len(missing.things)
    numbers = len(asked.numbers) - len(missing.numbers)
    edition = scenario_edition(candidate.spec) == ("ko" if asked.lang == "ko" else "en")
    # built from the question's own numbers, showing them all: that very case
    exact = candidate.built and bool(asked.numbers) and not missing.numbers
    ruled = candidate.ruled and not missing.numbers
    return (things, exact, ruled, candidate.near, len(missing.held), candidate.rank == 0, len(missing.strong),
            -candidate.rank, numbers, edition, -position)


def choose(asked: Asked, vocabulary: Vocabulary, candidates: list[Candidate]) -> Candidate | None:
    """The candidate showing most of the question's things, then of its numbers; then the answer's own
    rule, the asker's edition and the order given. A candidate showing another printed card than the one
    asked is never chosen."""
    for c in candidates:
        c.missing = vocabulary.missing(asked, c.spec, lasting=c.lasting)
    return _pick(asked, candidates)


def _whole_near(candidates: list[Candidate]) -> bool:
    """Whether a candidate of the answer's rules shows everything the question names (then no scenario of a rule
    further down is shown)."""
    return any(not c.missing and not c.further for c in candidates if not _substitutes_a_card(c.missing))


def _pick(asked: Asked, candidates: list[Candidate]) -> Candidate | None:
    """`choose`, each candidate's `missing` read already."""
    usable = [(i, c) for i, c in enumerate(candidates) if not _substitutes_a_card(c.missing)]
    if _whole_near(candidates):
        usable = [(i, c) for i, c in usable if not c.further]
    else:     # a scenario of a rule further down is shown only where it shows everything the question names
        usable = [(i, c) for i, c in usable if not c.further or (not c.missing and (asked.things or asked.numbers))]
    if not usable:
        return None
    return max(usable, key=lambda ic: _key(ic[1], ic[0], asked))[1]


PLAYERS = "players"


def choose_reseated(asked: Asked, vocabulary: Vocabulary, candidates: list[Candidate], low: int, high: int,
                    verified: Callable[[dict], bool], seated: Callable[[dict], int | None] | None = None
                    ) -> tuple[Candidate | None, list[Candidate]]:
    """`choose` among the candidates, each stored case that misses only the question's player count replaced by
    the same case set up for that count where `verified` (the engine plays it and every check holds): the ruling's
    own case, reseated, is weighed against a neighbour that shows the count by chance. (chosen, the candidates as
    weighed.)

    Only the reseated cases the choice turns on are played (about 4 ms each, and a question that names a count
    has had twenty): the choice is made with every unplayed one assumed to pass and again with every one assumed
    to fail, and a case is played only while the two differ or the one chosen is unplayed. Where they agree,
    any outcome of the unplayed cases gives that choice (a reseated case shows more than its stored one, the
    filter of `_pick` only widens as cases fail, and the best candidate of both is one of the played or
    never-reseated ones), so it is the choice playing them all would give."""
    if not any(g.quantity == PLAYERS for g in asked.numbers):
        return choose(asked, vocabulary, candidates), candidates
    for c in candidates:
        c.missing = vocabulary.missing(asked, c.spec, lasting=c.lasting)
    seats = [reseated(asked, vocabulary, c, low, high, seated) for c in candidates]
    passed: dict[int, bool] = {}        # the reseated cases played: do they pass?
    while True:
        hoped = [s if s is not None and passed.get(i, True) else c for i, (c, s) in enumerate(zip(candidates, seats))]
        feared = [s if s is not None and passed.get(i, False) else c for i, (c, s) in enumerate(zip(candidates, seats))]
        best, worst = _pick(asked, hoped), _pick(asked, feared)
        unplayed = [i for i, s in enumerate(seats) if s is not None and i not in passed]
        if best is not None and any(best is seats[i] for i in unplayed):
            turn = next(i for i in unplayed if best is seats[i])
        elif _whole_near(hoped) != _whole_near(feared):
            turn = next((i for i in unplayed if not candidates[i].further), unplayed[0])
        elif best is not worst:
            turn = next((i for i in unplayed if worst is candidates[i]), unplayed[0])
        else:
            return best, hoped
        passed[turn] = verified(seats[turn].spec)


def reseated(asked: Asked, vocabulary: Vocabulary, candidate: Candidate, low: int, high: int,
             seated: Callable[[dict], int | None] | None = None) -> Candidate | None:
    """A stored scenario set up for the question's player count, where that count is all it misses
    ("Three of us, I just took my fourth die…" against a rulebook case stored for two players): the same case,
    to be played and checked again by the engine (the caller keeps it only where every check still holds).
    None where the scenario is about its own count (its title or a check names one: "2인 게임의 신전 4칸"), where
    it is a solo case or the question's is one, or where the count is outside `low`..`high`. `seated`: the count a
    scenario that writes none is set up with (the game's runner's default, read off its situation)."""
    missing = candidate.missing
    if candidate.built or missing.things or not missing.numbers:
        return None
    if any(g.quantity != PLAYERS for g in missing.numbers) or len({g.value for g in missing.numbers}) != 1:
        return None
    count = missing.numbers[0].value
    if {g.value for g in asked.numbers if g.quantity == PLAYERS} != {count}:
        return None         # "Four-player game over, two of us tie…": which count is the table's is not read
    setup = candidate.spec.get("setup") or {}
    stored = setup.get(PLAYERS)
    if stored is None and seated is not None:
        stored = seated(candidate.spec)
    if type(stored) is not int or stored < 2 or not max(2, low) <= count <= high:
        return None
    if PLAYERS in vocabulary.described(candidate.spec, lasting=candidate.lasting):
        return None
    spec = copy.deepcopy(candidate.spec)
    spec.setdefault("setup", {})[PLAYERS] = count
    out = Candidate(spec, candidate.rank, further=candidate.further, near=candidate.near, ruled=candidate.ruled,
                    reseated_from=stored)
    out.missing = vocabulary.missing(asked, spec)
    return None if out.missing else out


def reseated_notice(stored: int, count: int) -> dict:
    return {"kind": "reseated",
            "en": f"The example below is a rulebook case stored for {stored} players, played here with {count} "
                  f"as in your question; the rules engine checked it again with {count}.",
            "ko": f"아래 예시는 {stored}인 게임으로 저장된 규칙 예시를 질문처럼 {count}인 게임으로 실행한 것이며, 규칙 엔진이 "
                  f"{count}인으로 다시 확인했습니다."}


def substitutes_only(asked: Asked, vocabulary: Vocabulary, candidates: list[Candidate]) -> list[Thing]:
    """The printed cards asked that no candidate shows, when every candidate shows another card instead."""
    missed: list[Thing] = []
    for c in candidates:
        missing = vocabulary.missing(asked, c.spec, lasting=c.lasting)
        if _substitutes_a_card(missing):
            missed += [t for t in missing.things if t.kind == "card" and t not in missed]
    return missed


# -- what the answer says ----------------------------------------------------------------------------------
def _given_label(given: Given, vocabulary_labels: dict, lang: str) -> str:
    label = vocabulary_labels.get(given.quantity or given.thing)
    if label is None:
        return given.text.strip()
    if given.thing and not given.quantity:             # "3 temples": a count of the thing
        return f"{label[lang]}: {given.value}" if lang == "en" else f"{label[lang]} {given.value}개"
    return f"{label[lang]} {given.value}"


def _labels(missing: Missing) -> dict:
    return {**{t.key: t.label for t in (*missing.things, *missing.instead)}, **missing.labels}


def not_honoured(missing: Missing) -> dict:
    """The notice for an example that does not show everything the question names: what, and why."""
    labels = _labels(missing)
    out = {"kind": "not_honoured"}
    for lang in ("en", "ko"):
        items = [_given_label(g, labels, lang) for g in missing.numbers] + [t.label[lang] for t in missing.things]
        instead = ", ".join(t.label[lang] for t in missing.instead)
        if lang == "en":
            text = f"The example below does not show everything your question names: {', '.join(items)}."
            if instead:
                text += f" It shows {instead} instead."
            text += " The rules engine has no example of this rule set up that way, so its result may differ from yours."
        else:
            text = f"아래 예시는 질문에 나온 것을 모두 보여 주지는 않습니다: {', '.join(items)}."
            if instead:
                text += f" 대신 {instead}의 예시입니다."
            text += " 규칙 엔진에 그렇게 준비된 이 규칙의 예시가 없어, 결과가 질문의 상황과 다를 수 있습니다."
        out[lang] = text
    return out


def no_example_of(cards: list[Thing]) -> dict:
    names = ", ".join(t.label["en"] for t in cards)
    return {"kind": "not_honoured",
            "en": f"The rules engine has no example of {names}; examples of other cards are not shown in its place.",
            "ko": f"규칙 엔진에 {names}의 예시가 없습니다. 다른 카드의 예시는 대신 보여 주지 않습니다."}


def explained(missing: Missing, refusal: dict | None) -> bool:
    """Whether a builder's refusal already names every number the example does not show (and no object is
    missing): "a die shows 1 to 6: the 7 of the question..."."""
    if refusal is None or missing.things:
        return False
    return all(str(g.value) in refusal["en"] for g in missing.numbers)


def asked_json(asked: Asked) -> dict:
    return {"numbers": [{"value": g.value, "quantity": g.quantity, "thing": g.thing} for g in asked.numbers],
            "things": [{"key": t.key, "kind": t.kind, "label": t.label} for t in asked.things]}


def missing_json(missing: Missing) -> dict:
    return {"numbers": [g.value for g in missing.numbers], "things": [t.key for t in missing.things],
            "instead": [t.key for t in missing.instead]}


# -- playing it under the asker's edition ---------------------------------------------------------------
@dataclass
class Played:
    spec: dict
    result: ScenarioResult
    edition: str | None                 # the rulebook edition it was played under (None: the game has one)
    edition_notice: dict | None = None


def _with_edition(spec: dict, edition: str) -> dict:
    out = dict(spec)
    out["setup"] = {**copy.deepcopy(spec.get("setup") or {}), "edition": edition}
    return out


def _run(engine: Engine, spec: dict) -> ScenarioResult | None:
    try:
        return run(engine, spec)
    except ScenarioError:
        return None


EDITION_NAMES = {"ko": {"ko": "한국어판", "en": "the Korean rulebook"}, "en": {"ko": "영어판", "en": "the English rulebook"}}


def play(engine: Engine, spec: dict, lang: str, diffs: list[dict]) -> Played | None:
    """Run the example under the asker's edition (a Korean question is answered by the Korean rulebook);
    where the two editions differ for its rules (`diffs`, the KB's edition differences) and the other
    edition ends it differently, say so on the answer in both languages. None: it cannot be played."""
    option = engine.info.option("edition")
    if option is None:
        result = _run(engine, spec)
        return Played(spec, result, None) if result is not None else None
    mine = lang if lang in (option.choices or ()) else option.default
    written = scenario_edition(spec)
    result = None
    if written != mine:
        result = _run(engine, _with_edition(spec, mine))
        if result is not None and result.verified:
            spec = _with_edition(spec, mine)
        else:
            result = None
    if result is None:
        result = _run(engine, spec)
        if result is None:
            return None
    played = Played(spec, result, scenario_edition(spec))
    if diffs or played.edition != mine:
        other = next(e for e in option.choices if e != played.edition)
        flipped = _run(engine, _with_edition(spec, other))
        if flipped is None or not flipped.verified or flipped.after != result.after:
            played.edition_notice = _edition_notice(played.edition, other, mine, flipped, diffs)
    return played


def play_narrated(engine: Engine, spec: dict, lang: str, diffs: list[dict]) -> tuple[Played, dict] | None:
    """`play`, then the example as the page shows it (app.core.simulator.narrated); None when the engine cannot
    play or narrate it. Whatever an engine raises on an example costs the example, never the answer: `kb
    check` narrates every stored scenario in both languages, so what is left is an example built from the
    question or played under the other edition."""
    from app.core.simulator import narrated

    try:
        played = play(engine, spec, lang, diffs)
        return (played, narrated(engine, played.result, played.spec, lang)) if played is not None else None
    except Exception:  # noqa: BLE001 - see the docstring
        return None


def _edition_notice(edition: str, other: str, mine: str, flipped: ScenarioResult | None, diffs: list[dict]) -> dict:
    failed = next((c for c in flipped.checks if not c.ok), None) if flipped is not None else None
    out = {"kind": "edition", "edition": edition}
    for lang in ("en", "ko"):
        this, that = EDITION_NAMES[edition][lang], EDITION_NAMES[other][lang]
        if lang == "en":
            text = (f"The Korean and English rulebooks differ here, and this example ends differently under them. "
                    f"It follows {this}" + (" (the one you asked in)" if edition == mine else
                                           " (no example of it under yours could be played)") + ". ")
            if failed is not None:
                text += f"Under {that}, “{failed.description}” would not hold. "
        else:
            text = (f"이 부분은 한국어판과 영어판 규칙이 다르며, 이 예시의 결과도 판본에 따라 달라집니다. 예시는 {this}"
                    + (" 규칙(질문하신 언어의 판본)을 따릅니다. " if edition == mine else
                       " 규칙을 따릅니다(질문하신 판본으로는 실행할 수 있는 예시가 없습니다). "))
            if failed is not None:
                text += f"{that}에서는 “{failed.description_ko or failed.description}”이 성립하지 않습니다. "
        text += " ".join(d[lang] for d in diffs)
        out[lang] = text.strip()
    return out
