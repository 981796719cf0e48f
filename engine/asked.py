"""What a question asks an example to show: the game's objects it names ("a temple", "토트", "B19", "the
blue bank") and the numbers it gives them ("4 stones", "a 5 die", "balance -4", "3 temples", "2인").

One reading for every game. A game describes its objects and quantities in its vocabulary
(engine/<game>/data/vocabulary.yaml: the words players write in both languages, and how a scenario spells
the object or holds the quantity); this module reads a question against it (`Vocabulary.read` → `Asked`)
and tells whether a scenario shows what was asked (`Vocabulary.missing`). The builders read their numbers
and objects from an `Asked`; the assistant chooses, among the examples it could show, the one that shows
most of what was asked, and says on the answer what the example it shows does not.

A number counts as asked when it is written for a word of the vocabulary: "4 stones", "창고에 돌이 4개",
"Thoth with a 5", "3 temples". A number for another word ("the four actions", "한 턴에", "1시대") or a
number alone is not something an example must show.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .facts import load_yaml
from .numbers import Number, read_numbers

WINDOW = 14           # characters between a number and its word ("창고에 돌이 4개", "balance after faith -2")
# after a number, these continue the phrase (a particle, a counter, a connective), so the number's word is
# the nearest one around it; any other word right after the number is the number's own noun ("한 턴",
# "four actions", "1시대")
_KO_FOLLOW = re.compile(r"(?:개|장|명|칸|층|줄|점|씩|번째|짜리|이면|이라|이야|이에요|예요|이고|이나|인데|"
                        r"으로|로|면|이|가|을|를|은|는|에|의|까지|만|도|와|과|랑|이랑|라|야|보다|부터|밖에|뿐|나|위|"
                        r"였|이었|일|인|하)")
_EN_FOLLOW = {"of", "or", "and", "to", "in", "on", "at", "with", "for", "is", "are", "was", "were", "the", "a",
              "as", "while", "once", "until", "declared", "counted", "treated", "used", "taken", "chosen",
              "picked", "drafted",
              "an", "but", "if", "so", "then", "more", "less", "left", "each", "times", "x", "vs", "against",
              "after", "before", "instead", "already", "now", "total", "both", "only", "just", "too", "also",
              "i", "we", "you", "do", "does", "can", "what", "how", "who", "when", "will", "would", "from",
              "showing", "shows", "rolled", "this", "that", "it", "my", "your", "his", "her", "their", "there"}
# a predicate right after a Korean number ("8 있는데", "5 고르면", "3 남으면", "4 가져가면"): the number's word is
# the nearest one around it, as after a particle; a noun of its own ("한 턴", "두 번") is not a predicate
_KO_PREDICATE = re.compile(r"(?:있|없|남|되|돼|나오|나와|고르|골라|가져|받|놓|넘|모자라|부족|올라|올려|내려|생기|생겨|"
                           r"쓰|써|사용|만들|바꾸|바꿔|줄|늘|모아|모으|지으|지어|짓|생산)")
# an adverb after a number ("사제는 10 꽉 찼고", "3 이미 놓았어") qualifies the verb after it; it is no noun of the
# number's own
_KO_ADVERB = frozenset({"꽉", "가득", "다", "모두", "전부", "이미", "벌써", "딱", "정확히", "겨우", "거의", "아직", "그대로",
                        "그냥", "방금", "먼저", "나중에", "결국", "총", "합쳐서"})
_ORDINAL = re.compile(r"\s?(?:번째|st\b|nd\b|rd\b|th\b)")


@dataclass(frozen=True)
class Thing:
    """An object of the game a question can name. Two things of one kind stand in for each other in an
    example (a lab where a temple was asked), which is what must never happen silently."""
    key: str
    kind: str
    label: dict                                     # {"en", "ko"}: how the notice names it
    pattern: re.Pattern
    marks: frozenset = frozenset()                  # how a scenario's setup and actions spell it
    keys: bool = False                              # a mapping key of the setup spells it too (`burial: [...]`)
    counts: str | None = None                       # the quantity a number written right after it gives
                                                    # ("Thoth with a 5", "토트 6으로": a die value)


@dataclass(frozen=True)
class Quantity:
    """A number a question can give: a die value, the player count, the stones on a sled."""
    key: str
    label: dict                                     # {"en", "ko"}
    pattern: re.Pattern
    paths: tuple[str, ...] = ()                     # where a scenario holds it ("setup.dice.*.value")
    weak: bool = False                              # set in nearly every scenario (the player count): showing
                                                    # it tells little of what a scenario is about


@dataclass(frozen=True)
class Ask:
    """What a how-many or yes/no question can ask for ("몇 점 잃어?", "how many Scribes do I get?", "거기 지을 수
    있어?"): what an example's check answers (engine/scenarios.py `answers`), and how a number reads ("2 VP
    lost", "잃는 점수 2")."""
    key: str
    unit: dict                                      # {"en", "ko"}; none for a yes/no
    pattern: re.Pattern
    # how a statement claims its number ("친구가 7점씩 받는대", "she says it costs 8 culture"): a dispute's position
    # read against the engine's play of the same case; each with its number as the group `n`
    claims: tuple[re.Pattern, ...] = ()


class VocabularyError(ValueError):
    """A vocabulary entry that cannot be read; the message names the file and the entry."""


@dataclass(frozen=True)
class Claim:
    """A number a statement gives for what an `Ask` asks ("7점씩" for points each), where it stands."""
    ask: str
    value: int
    start: int
    end: int


@dataclass(frozen=True)
class Given:
    """A number of the question and what it is the number of."""
    value: int
    text: str                                       # as written ("4개", "-4", "다섯")
    quantity: str | None = None                     # Quantity.key
    thing: str | None = None                        # Thing.key ("3 temples")
    start: int = -1                                 # where it stands in the question (-1: not known)


@dataclass(frozen=True)
class Asked:
    """What a question names: things in reading order, and the numbers written for them."""
    text: str
    things: tuple[Thing, ...] = ()
    numbers: tuple[Given, ...] = ()
    lang: str = "en"                                # the asker's language (their rulebook's edition)
    words: frozenset = frozenset()                  # the quantities whose words it writes, with or without a number
    # every number it writes, as the question was read once (engine.numbers.read_numbers): a builder that reads
    # numbers its vocabulary does not anchor (several group sizes, heights by colour) reads these, not the text
    written: tuple = ()

    def has(self, key: str) -> bool:
        return any(t.key == key for t in self.things)

    def of_kind(self, kind: str) -> list[Thing]:
        return [t for t in self.things if t.kind == kind]

    def first(self, kind: str) -> Thing | None:
        return next((t for t in self.things if t.kind == kind), None)

    def number(self, quantity: str | None = None, thing: str | None = None) -> int | None:
        """The first number given for a quantity (or for a thing: "3 temples")."""
        for given in self.numbers:
            if (quantity is None or given.quantity == quantity) and (thing is None or given.thing == thing):
                return given.value
        return None


@dataclass
class Shown:
    """What a scenario shows: the things it spells, each quantity's values, and every other number in it."""
    things: set = field(default_factory=set)
    values: dict = field(default_factory=dict)      # quantity key -> set of values
    numbers: set = field(default_factory=set)
    acted: set = field(default_factory=set)         # the numbers of its actions ("turn it to 6")
    expected: set = field(default_factory=set)      # the values its checks expect
    titled: set = field(default_factory=set)        # the numbers of its title
    subject: set = field(default_factory=set)       # things its actions, title or checks name (not only its setup)


@dataclass(frozen=True)
class Missing:
    """What an example does not show of the question: its numbers, its things, and what it shows instead."""
    numbers: tuple[Given, ...] = ()
    things: tuple[Thing, ...] = ()
    instead: tuple[Thing, ...] = ()                 # things of the same kinds the example shows in their place
    labels: dict = field(default_factory=dict)      # how a notice names the missing numbers' words {"en", "ko"}
    strong: tuple[Given, ...] = ()                  # the numbers it shows surely (not only somewhere in it)
    held: tuple[Given, ...] = ()                    # of those, the ones it holds as their quantity's value

    def __bool__(self) -> bool:
        return bool(self.numbers or self.things)


def _compile(words) -> re.Pattern:
    if isinstance(words, str):
        words = [words]
    return re.compile("|".join(f"(?:{w})" for w in words), re.IGNORECASE)


# a claim's number: digits (a sign kept: "+2" is a balance), or a number word ("three", "세 개")
_CLAIM_NUMBER = (r"(?P<n>[+\-−]?\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                 r"(?<![가-힣])(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)(?=\s?[가-힣]))")
_NUMBER_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_NUMBER_WORDS.update({w: i for i, w in enumerate("한 두 세 네 다섯 여섯 일곱 여덟 아홉 열".split(), 1)})


def _claim_pattern(words: str, where: str) -> re.Pattern:
    """A claim's pattern as the vocabulary writes it, `{n}` standing for its number."""
    if not isinstance(words, str) or words.count("{n}") != 1:
        raise VocabularyError(f"{where}: a claim pattern holds {{n}} once, where its number stands: {words!r}")
    return re.compile(words.replace("{n}", _CLAIM_NUMBER), re.IGNORECASE)


def _claimed_value(text: str) -> int | None:
    word = text.lower()
    if word in _NUMBER_WORDS:
        return _NUMBER_WORDS[word]
    try:
        return int(word.replace("−", "-"))
    except ValueError:
        return None


def name_pattern(en: str, ko: str) -> re.Pattern:
    """A printed name in either language as a question writes it: the English words whole (a plural name in
    the singular too: "a knight"), the Korean name as it is (particles follow it), a one-syllable Korean name
    only as a word of its own."""
    korean = re.escape(ko)
    english = re.escape(en)
    if re.search(r"[a-z][^su]s$", en, re.IGNORECASE):      # "Knights" is "a knight" too
        english = re.escape(en[:-1]) + "s?"
    if len(ko) == 1:
        korean = rf"(?<![가-힣]){korean}(?=[을를이가은는의로과와에도만]|[^가-힣]|$)"
    return re.compile(rf"\b{english}\b|{korean}", re.IGNORECASE)


def _walk(node, path: tuple, out: list) -> None:
    """(path, value) of every leaf, and ("key", name) for every mapping key."""
    if isinstance(node, dict):
        for key, child in node.items():
            out.append((path + (str(key),), ("key", str(key))))
            _walk(child, path + (str(key),), out)
    elif isinstance(node, (list, tuple)):
        for i, child in enumerate(node):
            _walk(child, path + (str(i),), out)
    else:
        out.append((path, ("value", node)))


def _matches(glob: tuple, path: tuple) -> bool:
    return len(glob) == len(path) and all(g == "*" or g == p for g, p in zip(glob, path))


class Vocabulary:
    """A game's things and quantities, and what a question or a scenario holds of them."""

    def __init__(self, things=(), quantities=(), ids: list | None = None, asks=(), owners=()):
        self.things: list[Thing] = list(things)
        self.quantities: list[Quantity] = list(quantities)
        self.asks: list[Ask] = list(asks)
        # whose number a question asks ("흰색이랑 회색은 각각 몇 점?"): the players' colours, read only for that — an
        # example need not show every colour a question names
        self.owners: list[Thing] = list(owners)
        # printed ids ("P19", "BX01", "Cult03"): a thing each, of kind "card", found by pattern
        self.ids: list[tuple[re.Pattern, dict]] = list(ids or [])
        self._shown: dict[int, tuple[dict, Shown]] = {}     # scenarios that do not change: read once
        self._titled: dict[int, tuple[dict, frozenset]] = {}

    @classmethod
    def load(cls, path: Path, marks_of=None) -> "Vocabulary":
        """From a vocabulary.yaml; `marks_of(entry)` adds the marks a game derives from its own data (the
        card ids of every temple technology, say)."""
        data = load_yaml(Path(path)) or {}
        things = []
        for kind, entries in (data.get("things") or {}).items():
            for key, entry in entries.items():
                marks = set(entry.get("marks", [key]))
                if marks_of is not None:
                    marks |= set(marks_of(entry))
                things.append(Thing(key, kind, dict(entry["label"]), _compile(entry["words"]), frozenset(marks),
                                    bool(entry.get("keys")), entry.get("counts")))
        quantities = [Quantity(key, dict(entry["label"]), _compile(entry["words"]), tuple(entry.get("paths", ())),
                               bool(entry.get("weak")))
                      for key, entry in (data.get("quantities") or {}).items()]
        ids = [(re.compile(entry["pattern"]), dict(entry.get("label", {})))
               for entry in data.get("printed_ids") or []]
        claims = data.get("claims") or {}
        if unknown := sorted(set(claims) - set(data.get("asks") or {})):
            raise VocabularyError(f"{path}: claims: {', '.join(unknown)} is no ask of this vocabulary")
        asks = [Ask(key, dict(entry.get("unit") or {}), _compile(entry["words"]),
                    tuple(_claim_pattern(c, f"{path}: claims.{key}") for c in claims.get(key) or ()))
                for key, entry in (data.get("asks") or {}).items()]
        owners = [Thing(key, "owner", dict(entry["label"]), _compile(entry["words"]))
                  for key, entry in (data.get("owners") or {}).items()]
        return cls(things, quantities, ids, asks, owners)

    def merged(self, other: "Vocabulary") -> "Vocabulary":
        """This vocabulary with another's entries added (an expansion over its base game); same keys: the
        other's wins."""
        things = {t.key: t for t in self.things}
        things.update({t.key: t for t in other.things})
        quantities = {q.key: q for q in self.quantities}
        quantities.update({q.key: q for q in other.quantities})
        asks = {a.key: a for a in self.asks}
        asks.update({a.key: a for a in other.asks})
        owners = {o.key: o for o in self.owners}
        owners.update({o.key: o for o in other.owners})
        return Vocabulary(things.values(), quantities.values(), self.ids + other.ids, asks.values(), owners.values())

    def thing(self, key: str) -> Thing | None:
        return next((t for t in self.things if t.key == key), None)

    def quantity(self, key: str) -> Quantity | None:
        return next((q for q in self.quantities if q.key == key), None)

    def ask(self, key: str) -> Ask | None:
        return next((a for a in self.asks if a.key == key), None)

    # -- a question --------------------------------------------------------------------------------------
    def asked_for(self, text: str) -> list[str]:
        """What the asking words of a question ask for (`asks` keys, in the order written, each once): of two
        phrases one of which holds the other ("몇 점 잃어" and its "몇 점"), the longer says what is asked."""
        spans = [(m.start(), m.end(), a.key) for a in self.asks for m in a.pattern.finditer(text) if m.end() > m.start()]
        kept = [s for s in spans if not any(o[0] <= s[0] and s[1] <= o[1] and (o[1] - o[0]) > (s[1] - s[0])
                                            for o in spans)]
        return list(dict.fromkeys(key for _, _, key in sorted(kept)))

    def claims_in(self, text: str) -> list[Claim]:
        """The numbers a statement claims for what the asks ask, in the order written: of two claims one of
        whose words holds the other's ("2점 잃는" and its "2점"), the longer says what is claimed."""
        found = []
        for a in self.asks:
            for pattern in a.claims:
                for m in pattern.finditer(text):
                    value = _claimed_value(m.group("n"))
                    if value is not None:
                        found.append(Claim(a.key, value, m.start(), m.end()))
        kept = [c for c in found if not any(o.start <= c.start and c.end <= o.end and (o.end - o.start) > (c.end - c.start)
                                            for o in found)]
        out: list[Claim] = []
        for c in sorted(set(kept), key=lambda c: (c.start, c.ask)):
            # "각자 7점씩": two patterns over one number, one claim
            if not any(o.ask == c.ask and o.value == c.value and o.start < c.end and c.start < o.end for o in out):
                out.append(c)
        return out

    def owners_in(self, text: str) -> list[Thing]:
        """The players (their colours) a question's asking words name, in the order written."""
        found = sorted((m.start(), o.key) for o in self.owners for m in o.pattern.finditer(text))
        return [o for key in dict.fromkeys(k for _, k in found) for o in self.owners if o.key == key]

    def _printed(self, text: str) -> list[tuple[int, int, Thing]]:
        found = []
        for pattern, label in self.ids:
            for m in pattern.finditer(text):
                key = _id_key(m.group(0))
                found.append((m.start(), m.end(), Thing(key, "card", {"en": key, "ko": key},
                                                         re.compile(re.escape(key), re.IGNORECASE),
                                                         frozenset({key}))))
        return found

    def _anchors(self, text: str) -> tuple[list, list[tuple[int, int, Thing]]]:
        """Every word of the vocabulary in the text: (start, end, quantity key | None, thing | None), and
        the things named, longest match first where they overlap."""
        spans = self._printed(text)
        for thing in self.things:
            spans += [(m.start(), m.end(), thing) for m in thing.pattern.finditer(text) if m.end() > m.start()]
        spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
        named: list[tuple[int, int, Thing]] = []
        for start, end, thing in spans:
            if all(end <= s or start >= e for s, e, _ in named):
                named.append((start, end, thing))
        anchors = [(s, e, None, t) for s, e, t in named]
        for q in self.quantities:
            anchors += [(m.start(), m.end(), q.key, None) for m in q.pattern.finditer(text) if m.end() > m.start()]
        return anchors, named

    def read(self, question: str, lang: str = "en", numbers: Sequence[Number] | None = None) -> Asked:
        """The things the question names and the numbers it writes for them (`numbers`: the question's
        numbers where the caller has read them already, engine.numbers.read_numbers of the same text)."""
        anchors, named = self._anchors(question)
        written = tuple(read_numbers(question) if numbers is None else numbers)
        numbers = [n for n in written if not any(s <= n.start < e for s, e, _ in named)]     # the 19 of "P19"
        given = []
        for n in numbers:
            anchor = _anchor_of(question, n, numbers, anchors)
            if anchor is None:
                continue
            _, _, quantity, thing = anchor
            if thing is not None and quantity is None and thing.counts and _right_after(question, n, anchor):
                quantity = thing.counts
            given.append(Given(n.value, n.text, quantity, thing.key if thing is not None and quantity is None
                               else None, n.start))
        words = frozenset(a[2] for a in anchors if a[2] is not None)
        return Asked(question, tuple(t for _, _, t in named), tuple(given), lang, words, written)

    # -- a scenario ----------------------------------------------------------------------------------------
    def shown(self, spec: dict, lasting: bool = False) -> Shown:
        """What a scenario spec shows: things by their marks in its setup and actions or by their words in
        its title and checks; each quantity's values at its paths; every other number of the spec.
        `lasting`: the spec is a stored scenario that never changes (its reading is kept)."""
        return _kept(self._shown, spec, lasting, self._read_spec)

    def described(self, spec: dict, lasting: bool = False) -> frozenset[str]:
        """The quantities a scenario's title or checks write a number of, in either language ("2인 게임의 신전 4칸":
        the player count). `lasting`: a stored scenario (its reading is kept)."""
        return _kept(self._titled, spec, lasting, self._read_described)

    def _read_described(self, spec: dict) -> frozenset[str]:
        texts = {"en": [(spec.get("title") or {}).get("en") or ""], "ko": [(spec.get("title") or {}).get("ko") or ""]}
        for check in spec.get("expect") or []:
            texts["en"].append(check.get("description") or "")
            texts["ko"].append(check.get("description_ko") or "")
        return frozenset(g.quantity for lang, parts in texts.items()
                         for g in self.read(" ".join(parts), lang).numbers if g.quantity)

    def _read_spec(self, spec: dict) -> Shown:
        shown = Shown()
        leaves: list = []
        _walk({"setup": spec.get("setup") or {}, "actions": spec.get("actions") or []}, (), leaves)
        strings = {str(v) for _, (kind, v) in leaves if kind == "value" and isinstance(v, str)}
        keys = {v for _, (kind, v) in leaves if kind == "key"}
        acting = {str(v) for path, (kind, v) in leaves if kind == "value" and path[0] == "actions"}
        shown.acted = {v for path, (kind, v) in leaves
                       if kind == "value" and path[0] == "actions" and isinstance(v, int) and not isinstance(v, bool)}
        globs = [(q.key, tuple(p.split("."))) for q in self.quantities for p in q.paths]
        for path, (kind, value) in leaves:
            if kind != "value" or isinstance(value, bool) or not isinstance(value, int):
                continue
            at = [key for key, glob in globs if _matches(glob, path)]
            for key in at:
                shown.values.setdefault(key, set()).add(value)
            if not at:
                shown.numbers.add(value)
        texts = [*(spec.get("title") or {}).values()]
        shown.titled = {n.value for t in texts if isinstance(t, str) for n in read_numbers(t)}
        for check in spec.get("expect") or []:
            texts += [check.get("description") or "", check.get("description_ko") or ""]
            if isinstance(check.get("equals"), int) and not isinstance(check.get("equals"), bool):
                shown.expected.add(check["equals"])
        shown.numbers |= shown.expected
        text = "\n".join(t for t in texts if isinstance(t, str))
        shown.numbers |= {n.value for n in read_numbers(text)} | {abs(n.value) for n in read_numbers(text)}
        _, named = self._anchors(text)
        shown.things |= {t.key for _, _, t in named}
        shown.subject |= {t.key for _, _, t in named}
        for thing in self.things:
            if thing.marks & strings or (thing.keys and thing.marks & keys):
                shown.things.add(thing.key)
            if thing.marks & acting:
                shown.subject.add(thing.key)
        for _, _, thing in self._printed(" ".join(strings)):
            shown.things.add(thing.key)
        for _, _, thing in self._printed(" ".join(acting)):
            shown.subject.add(thing.key)
        return shown

    def missing(self, asked: Asked, spec: dict, lasting: bool = False) -> Missing:
        """What of the question a scenario does not show. A number given for a quantity the scenario holds
        must be one of its values there (a die of 6 is not the 5 asked, whatever the title says); any
        other number must appear somewhere in the scenario."""
        if not asked.numbers and not asked.things:
            return Missing()
        shown = self.shown(spec, lasting)
        numbers, strong, held = [], [], []
        weak = {q.key for q in self.quantities if q.weak}
        for given in asked.numbers:
            values = shown.values.get(given.quantity) if given.quantity else None
            if values:       # the scenario holds that quantity: it must hold this value (or act or end on it)
                sure = given.value in values or given.value in shown.acted
                ok = sure or given.value in shown.expected
            else:            # anywhere in it; its title saying so is the sure sign
                ok = given.value in shown.numbers or any(given.value in v for v in shown.values.values())
                sure = given.value in shown.titled
            if not ok:
                numbers.append(given)
            elif sure and given.quantity not in weak:
                strong.append(given)
                if values:
                    held.append(given)
        things = [t for t in _unique(asked.things) if t.key not in shown.things]
        kinds = {t.kind for t in things}
        asked_keys = {t.key for t in asked.things}
        # what it shows in their place: things of the same kinds its actions, title or checks are about
        instead = [t for t in self.things if t.kind in kinds and t.key in shown.subject and t.key not in asked_keys]
        if "card" in kinds:
            instead += [Thing(k, "card", {"en": k, "ko": k}, re.compile(re.escape(k)))
                        for k in sorted(shown.subject) if self.thing(k) is None and k not in asked_keys]
        labels = {q.key: q.label for q in self.quantities if any(g.quantity == q.key for g in numbers)}
        labels.update({t.key: t.label for t in asked.things if any(g.thing == t.key for g in numbers)})
        return Missing(tuple(numbers), tuple(things), tuple(instead), labels, tuple(strong), tuple(held))

    def score(self, asked: Asked, spec: dict) -> tuple[int, int]:
        """How much of the question a scenario shows: (things shown, numbers shown)."""
        missing = self.missing(asked, spec)
        return (len(_unique(asked.things)) - len(missing.things), len(asked.numbers) - len(missing.numbers))


def _kept(store: dict, spec: dict, lasting: bool, read):
    """`read(spec)`, kept in `store` for a stored scenario (`lasting`: it never changes), keyed by the object itself."""
    if lasting and (kept := store.get(id(spec))) is not None and kept[0] is spec:
        return kept[1]
    value = read(spec)
    if lasting:
        store[id(spec)] = (spec, value)
    return value


def _id_key(text: str) -> str:
    """A printed id as the cards print it: P19, BX01, Cult03, Art05."""
    letters = re.match(r"[A-Za-z]+", text).group(0)
    return (letters.upper() if len(letters) <= 2 else letters.capitalize()) + text[len(letters):]


def _unique(things) -> list[Thing]:
    seen, out = set(), []
    for t in things:
        if t.key not in seen:
            seen.add(t.key)
            out.append(t)
    return out


def _right_after(text: str, n: Number, anchor) -> bool:
    """A number written right after a thing's name ("Thoth with a 5", "토트 6으로", "bastet 4")."""
    start, end = anchor[0], anchor[1]
    if end > n.start:
        return False
    between = text[end:n.start].strip().lower()
    return between in ("", "with a", "with", "a", "at", "on", "of", "로", "으로", "with an")


def _anchor_of(text: str, n: Number, numbers: list[Number], anchors: list):
    """The vocabulary word a number is written for, or None."""
    # "P03 (Gain 2 Happiness)", "I lose 3 Population": an amount gained or lost, not where the track stands
    gained = bool(_GAIN_EN.search(text[max(0, n.start - 24):n.start]))
    anchors = [a for a in anchors if not (gained and a[2] is not None and a[0] >= n.end)]
    # "raise it to 5 without a Scribe", "서기 없이 6으로": a word and a number with "without" between them — the
    # word is what the case lacks, not the number's
    anchors = [a for a in anchors if not _WITHOUT.search(text[n.end:a[0]] if a[0] >= n.end else text[a[0]:n.start])]
    rest = text[n.end:]
    ordinal = _ORDINAL.match(rest)
    following = rest.lstrip()
    gap_after = len(rest) - len(following)
    # a vocabulary word right after the number is its word ("3 temples", "2인", "5 die") — unless a number of its
    # own follows it: "사제 5 병사 3" lists each word before its number
    after = [a for a in anchors if a[0] >= n.end and a[0] - n.end <= max(1, gap_after)
             and not (a[0] > n.end and _numbered(a, n, numbers))]
    if after and not ordinal:
        first = min(after, key=lambda a: (a[0], a[2] is None))
        # a bare counter after the number ("기술 카드 4장") counts what is named right before it: the longest
        # quantity word ending there is the number's ("기술 카드", not "카드" nor the counter's cards)
        if re.fullmatch(r"\s?[개장명칸층줄]", text[first[0]:first[1]]):
            before = [a for a in anchors if a[2] is not None and a[1] <= n.start and n.start - a[1] <= 1]
            if before:
                best = max(before, key=lambda a: (a[1] - a[0], -a[0]))
                # "법령 카드 3장": the bare word for cards after a kind of card — the number counts that kind
                if text[best[0]:best[1]].strip() == "카드":
                    kind = [a for a in anchors if a[2] is not None and a[1] <= best[0] and best[0] - a[1] <= 1]
                    if kind:
                        return max(kind, key=lambda a: (a[1] - a[0], -a[0]))
                return best
        return first
    if ordinal:        # "세 번째 구역", "2nd building": the word right after the ordinal, or none
        tail = n.end + ordinal.end()
        word_after = re.match(r"\s*(?:로|으로)?\s*", text[tail:]).end()
        later = [a for a in anchors if a[0] == tail + word_after]
        return min(later, key=lambda a: a[2] is None) if later else None
    word = re.match(r"[A-Za-z]+|[가-힣]+", following)
    if word:
        if re.match(r"[가-힣]", word.group(0)):
            follows = _KO_FOLLOW.match(word.group(0)) or word.group(0) == "고"    # "15고": 이고 contracted
            if gap_after == 0 and not follows:
                return None        # "1시대", "2시대": the number's own noun is not the vocabulary's
            # "사제 5 병사 3": the next word has its own number after it, so it is the next item of a list
            listed = any(a[0] == n.end + gap_after and _numbered(a, n, numbers) for a in anchors)
            if (gap_after > 0 and not follows and not re.match(r"[이가을를은는]", word.group(0))
                    and not _KO_PREDICATE.match(word.group(0)) and not listed
                    and word.group(0) not in _KO_ADVERB):
                return None        # "한 턴", "두 번": a noun of its own
        elif word.group(0).lower() not in _EN_FOLLOW:
            # a thing that counts, right before the number ("a red 3", "a blue 5", "die of 6"): its number,
            # whatever verb follows ("a red 3 give me", "a blue 4 count as")
            counted = [a for a in anchors if a[3] is not None and a[3].counts and _right_after(text, n, a)]
            if counted:
                return max(counted, key=lambda a: a[1])
            if gap_after <= 1:
                # "two rightmost blue sections", "2 unused military actions": the noun a few words on; "four
                # actions", "one turn": a noun that is not the vocabulary's
                span = re.match(r"(?:\s*[A-Za-z'-]+){1,3}", rest)
                ahead = [a for a in anchors if n.end <= a[0] < n.end + span.end()
                         and not any(o is not n and n.end <= o.start < a[0] for o in numbers)]
                return min(ahead, key=lambda a: (a[0], a[2] is None)) if ahead else None
    if _AT_EN.search(text[:n.start]):
        # "How many Soldiers will I have if I'm at 7 and draft a red 5?": a track position, of the one quantity
        # the question names, wherever it names it — never a thing's number
        words = [a for a in anchors if a[2] is not None and not any(
            b is not a and b[2] is not None and b[0] <= a[0] and a[1] <= b[1] and b[1] - b[0] > a[1] - a[0]
            for b in anchors)]         # "Priest marker": the Priests', not a production marker's
        if len({a[2] for a in words}) == 1:
            return min(words, key=lambda a: abs(a[0] - n.start))
    best = None
    for a in anchors:
        start, end = a[0], a[1]
        if start > n.end and _numbered(a, n, numbers):
            continue           # "사제 5 병사 3": the word after the 5 has its own number
        if a[3] is not None and a[3].kind == "card" and a[3].pattern.pattern == re.escape(a[3].key):
            continue           # a printed id ("Cult06 triggers at 9") names a card; it is no number's word
        if start >= n.end:
            gap = start - n.end
            lo, hi = n.end, start
        elif end <= n.start:
            gap = n.start - end
            lo, hi = end, n.start
        else:
            continue
        if gap > WINDOW or any(o is not n and lo <= o.start < hi for o in numbers):
            continue
        if end <= n.start and re.match(r"(?:으로|로|에게|한테)\s", text[end:n.start]):
            continue           # "서기로 6을 1로": the Scribes are the means, the 6 is not theirs
        # a comma or a stop between them parts them ("a papyrus die of 4, marker at 6")
        rank = (bool(re.search(r"[,;.!?—–]", text[lo:hi])), gap, 0 if a[2] is not None else 1)
        if best is None or rank < best[0]:
            best = (rank, a)
    return best[1] if best else None


def _numbered(anchor, n: Number, numbers: list[Number]) -> bool:
    """Whether another number is written right after the word: "사제 5 병사 3" lists each word before its number."""
    return any(o is not n and 0 <= o.start - anchor[1] <= 1 for o in numbers)


_GAIN_EN = re.compile(r"\b(?:gain|gains|gained|gaining|lose|loses|lost|losing)\s+(?:an?\s+extra\s+|another\s+)?$",
                      re.IGNORECASE)
_WITHOUT = re.compile(r"\bwithout\b|\bwith no\b|없이", re.IGNORECASE)
# a player's own track position, its track named elsewhere in the question: "if I'm at 7", "we're on 3"
_AT_EN = re.compile(r"\b(?:i'?m|i am|we'?re|we are)\s+(?:at|on)\s*$", re.IGNORECASE)


@lru_cache(maxsize=None)
def load(data_dir: Path, marks_of=None) -> Vocabulary:
    """A game's vocabulary (engine/<game>/data/vocabulary.yaml), read once; an empty one where a game has
    none."""
    path = Path(data_dir) / "vocabulary.yaml"
    return Vocabulary.load(path, marks_of) if path.exists() else Vocabulary()
