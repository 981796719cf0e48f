"""Typed models of the knowledge base. The YAML under kb/data/ is validated against these.

See docs/kb-format.md for the editor's guide; `arbiter kb schema` writes the JSON Schema.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

Lang = Literal["ko", "en"]
LANGS: tuple[Lang, Lang] = ("ko", "en")
# official: verbatim from that edition's rulebook; translation: written for the project as a faithful rendering
# of it; description: the project's own words describing a card from a rules engine's data (a card the rulebook
# does not print): never rulebook text, never checked against a rulebook, never covering a corpus line
OriginKind = Literal["official", "translation", "description"]
PROJECT_ORIGINS = ("translation", "description")

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)+$"
_SPAN = re.compile(r"^(?P<file>[^:\s]+\.txt):(?P<first>\d+)(?:-(?P<last>\d+))?$")


class _Model(BaseModel):
    # Unknown keys are errors: a misspelt field name must not silently drop data.
    model_config = ConfigDict(extra="forbid", frozen=False, str_strip_whitespace=False)


class BiText(_Model):
    """A text in Korean and/or English."""

    ko: str | None = None
    en: str | None = None

    def get(self, lang: str) -> str | None:
        return getattr(self, lang, None)

    def any(self) -> str:
        return self.en or self.ko or ""


class BiRequired(BiText):
    """Both languages required (e.g. explanations written for the project)."""

    @model_validator(mode="after")
    def _both(self):
        if not (self.ko and self.ko.strip()) or not (self.en and self.en.strip()):
            raise ValueError("needs both 'ko' and 'en'")
        return self


class Origin(_Model):
    """Where each language's text comes from: verbatim from that edition, or written for the project."""

    ko: OriginKind | None = None
    en: OriginKind | None = None

    def get(self, lang: str) -> str | None:
        return getattr(self, lang, None)


class SourceSpan(_Model):
    """Lines first..last (1-based, inclusive) of a corpus file."""

    file: str
    first: int = Field(ge=1)
    last: int = Field(ge=1)

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any):
        # Editors write the compact form "tekhenu.en.txt:200-203"; the export form is a mapping.
        if isinstance(value, str):
            m = _SPAN.match(value.strip())
            if not m:
                raise ValueError(f"source span {value!r} is not 'file.txt:first' or 'file.txt:first-last'")
            first = int(m["first"])
            return {"file": m["file"], "first": first, "last": int(m["last"] or first)}
        if isinstance(value, dict) and "lines" in value:
            lines = value["lines"]
            return {"file": value["file"].removeprefix("corpus/"), "first": lines[0], "last": lines[-1]}
        return value

    @model_validator(mode="after")
    def _order(self):
        if self.last < self.first:
            raise ValueError(f"span {self.file}:{self.first}-{self.last} ends before it starts")
        return self

    def __str__(self) -> str:
        return f"{self.file}:{self.first}" + (f"-{self.last}" if self.last != self.first else "")

    def export(self) -> dict:
        return {"file": f"corpus/{self.file}", "lines": [self.first, self.last]}


class MissingNote(_Model):
    """Something the text relies on but does not contain (board art, a lost icon, lost text)."""

    topic: str = Field(description="short key, e.g. 'decree-symbol', 'horus-bonus-values'")
    what: BiRequired = Field(description="what is missing")
    known: BiText | None = Field(default=None, description="what the text does tell about it")


class Erratum(_Model):
    """A slip in the printed text. The official text keeps it; this says what was meant."""

    lang: Lang
    printed: str
    correct: str
    note: BiText | None = None


class _Entry(_Model):
    id: str = Field(pattern=ID_PATTERN)
    _yaml_file: str = PrivateAttr(default="")
    _yaml_line: int | None = PrivateAttr(default=None)

    @property
    def game(self) -> str:
        return self.id.split("/", 1)[0]

    def where(self) -> str:
        return f"{self._yaml_file}:{self._yaml_line}" if self._yaml_line else self._yaml_file


class _TextEntry(_Entry):
    text: BiText
    origin: Origin
    sources: list[SourceSpan] = Field(default_factory=list)
    related: list[str] = Field(default_factory=list, description="ids of related rules or cards")
    exceptions: list[str] = Field(
        default_factory=list,
        description="ids of rules or cards of the same game that override this rule in a particular case (a card "
                    "that allows what this forbids, a mode or variant that changes a cost, a timing exception); "
                    "shown under this rule as its exceptions, and preferred when a question names that case")
    terms: list[str] = Field(default_factory=list, description="glossary term ids")
    edition_diff: BiRequired | None = Field(
        default=None, description="how play differs between the KO and EN editions")
    missing: list[MissingNote] = Field(default_factory=list)
    errata: list[Erratum] = Field(default_factory=list)

    @model_validator(mode="after")
    def _text_has_origin(self):
        for lang in LANGS:
            has_text = bool((self.text.get(lang) or "").strip())
            if has_text and not self.origin.get(lang):
                raise ValueError(f"text.{lang} is given but origin.{lang} is not")
            if self.origin.get(lang) and not has_text:
                raise ValueError(f"origin.{lang} is given but text.{lang} is empty")
        if not any((self.text.get(lang) or "").strip() for lang in LANGS):
            raise ValueError("needs a text in at least one language")
        return self


RuleKind = Literal[
    "overview", "component", "step", "paragraph", "note", "table", "example",
    "list", "reference", "summary", "variant", "credit",
]


class Section(_Entry):
    """A chapter or heading of a rulebook; rules hang under sections, sections nest."""

    parent: str | None = None
    title: BiText
    title_origin: Origin = Field(default_factory=Origin)
    sources: list[SourceSpan] = Field(default_factory=list)
    errata: list[Erratum] = Field(default_factory=list)


class Rule(_TextEntry):
    """One idea of a rulebook: a setup step, a paragraph, a note, a table, an example."""

    section: str
    kind: RuleKind
    title: BiText | None = Field(default=None, description="short label written for the project")
    scenarios: list[str] = Field(default_factory=list, description="ids of scenarios that demonstrate it")
    changes: list[str] = Field(default_factory=list, description="base-game rule ids this (expansion) rule changes")
    illustrates: list[str] = Field(
        default_factory=list,
        description="for a worked example (kind: example): the rules it illustrates, in the same game; the example "
                    "is shown under them, never above them")


CardType = str
Provenance = Literal["rulebook", "source", "assumed"]


class CatalogueLine(_Model):
    """One value of a card described in words: one line per field of the engine's data, so that the catalogue
    and the engine cannot disagree (`arbiter kb check` describes the card again from the engine and compares)."""

    field: str = Field(description="the engine's field it describes (for the check; never shown to a player)")
    group: str = Field(description="the engine data's fact group that holds the value (see provenance)")
    text: BiRequired


class CatalogueSource(_Model):
    """Where one group of a card's values comes from: the rulebook (its rule id), a publication (its reference and
    how it was cross-checked) or the engine's assumption (why)."""

    group: str
    source: Provenance
    fields: list[str] = Field(default_factory=list)
    rule: str | None = None
    ref: str | None = None
    checked: BiText | None = None
    note: BiText | None = None

    @model_validator(mode="after")
    def _complete(self):
        if self.source == "rulebook" and not self.rule:
            raise ValueError("a rulebook value names its rule")
        if self.source == "source" and not (self.ref and self.checked and self.checked.en):
            raise ValueError("a published value names its reference (ref) and its cross-check (checked)")
        if self.source == "assumed" and not (self.note and self.note.en):
            raise ValueError("an assumed value says why (note)")
        return self


class Catalogue(_Model):
    """A card's catalogue data, generated from its game engine's data (scripts/card_catalogue.py): its age and kind,
    the values the engine reads, each described in both languages, and where each value comes from. Shown as the
    card's data, never as rulebook text; attached to the card with the same id (which may be a rulebook card)."""

    id: str = Field(pattern=ID_PATTERN, description="the card it belongs to")
    engine: str | None = Field(default=None, description="the engine's id of the card, where it is not the card's "
                                                         "printed id (a rulebook card named before the engine)")
    age: str | None = None
    age_label: BiRequired | None = None
    kind: BiRequired = Field(description="the card's kind in words")
    deck: BiRequired | None = Field(default=None, description="the deck it belongs to in words (civil, military)")
    values: dict[str, Any] = Field(default_factory=dict, description="the engine's values, as data")
    numbers: list[CatalogueLine] = Field(default_factory=list, description="costs and numbers")
    effects: list[CatalogueLine] = Field(default_factory=list, description="what it does")
    provenance: list[CatalogueSource] = Field(min_length=1)
    aliases: "Aliases" = Field(default_factory=lambda: Aliases(),
                               description="what players call it besides its names: short forms, misspellings")
    _yaml_file: str = PrivateAttr(default="")
    _yaml_line: int | None = PrivateAttr(default=None)

    def where(self) -> str:
        return f"{self._yaml_file}:{self._yaml_line}" if self._yaml_line else self._yaml_file

    def lines(self) -> list[CatalogueLine]:
        return [*self.numbers, *self.effects]

    def heading(self, lang: str) -> str:
        """Its age and kind: "Age I · Leader (civil card)"."""
        return f"{self.age_label.get(lang)} · {self.kind.get(lang)}" if self.age_label else self.kind.get(lang)

    def description(self, lang: str) -> str:
        """The card's text when the rulebook prints none: its age and kind, what it does, then its costs and
        numbers, one a line."""
        return "\n".join([self.heading(lang), *(line.text.get(lang) for line in [*self.effects, *self.numbers])])


class Card(_TextEntry):
    """One printed card or tile id (cards that share a text are still one entry each)."""

    type: CardType = Field(description="card/tile type, e.g. 'technology', 'pillar-tile'")
    section: str | None = None
    name: BiText | None = None
    count: int | None = Field(default=None, ge=1, description="copies in the game, where the text gives it")
    fields: dict[str, Any] = Field(default_factory=dict, description="structured printed values")
    scenarios: list[str] = Field(default_factory=list, description="ids of scenarios that demonstrate it")
    catalogue: Catalogue | None = Field(default=None, description="its catalogue data (attached from a `catalogue:` "
                                                                    "list, see docs/kb-format.md)")

    @property
    def printed_id(self) -> str:
        return self.id.split("/", 1)[1]

    @property
    def described(self) -> bool:
        """Whether its text is the project's description of the card (the rulebook prints no text for it)."""
        return any(self.origin.get(lang) == "description" for lang in LANGS)


class AbsentCard(_Model):
    """A card, tile or token a rules engine knows by its own identity that the catalogue deliberately has no entry
    for, and why (`arbiter kb check` requires an entry or this for every identity an engine has)."""

    ids: list[Annotated[str, Field(pattern=ID_PATTERN)]] = Field(
        min_length=1, description="the ids their entries would have (the engine's `card` of each identity)")
    what: BiRequired = Field(description="what they are")
    reason: BiRequired = Field(description="why they have no entry")
    _yaml_file: str = PrivateAttr(default="")
    _yaml_line: int | None = PrivateAttr(default=None)

    def where(self) -> str:
        return f"{self._yaml_file}:{self._yaml_line}" if self._yaml_line else self._yaml_file


class Aliases(_Model):
    ko: list[str] = Field(default_factory=list)
    en: list[str] = Field(default_factory=list)


class GlossaryTerm(_Entry):
    """A game term in both languages with its aliases and the source's own variant spellings."""

    ko: str
    en: str
    aliases: Aliases = Field(default_factory=Aliases)
    source_spellings: Aliases = Field(
        default_factory=Aliases, description="spellings printed in the rulebook that differ (typos included)")
    category: str | None = None
    note: BiText | None = None


class IgnoredSpan(_Model):
    """Corpus lines deliberately not in the KB (credits, page furniture, icon-only lines)."""

    file: str
    lines: tuple[int, int]
    reason: str = Field(min_length=3)
    _yaml_file: str = PrivateAttr(default="")
    _yaml_line: int | None = PrivateAttr(default=None)

    @field_validator("lines", mode="before")
    @classmethod
    def _single(cls, value):
        if isinstance(value, int):
            return (value, value)
        return value

    @model_validator(mode="after")
    def _order(self):
        if self.lines[0] < 1 or self.lines[1] < self.lines[0]:
            raise ValueError(f"bad line range {list(self.lines)}")
        return self

    def where(self) -> str:
        return f"{self._yaml_file}:{self._yaml_line}" if self._yaml_line else self._yaml_file


class SearchQuestions(_Model):
    """Questions players typically ask that an entry answers: search aids written for the project
    (never shown as rulebook text), in both languages, so colloquial questions meet formal rules."""

    id: str = Field(pattern=ID_PATTERN, description="the rule or card these questions are about")
    ko: list[str] = Field(default_factory=list)
    en: list[str] = Field(default_factory=list)
    _yaml_file: str = PrivateAttr(default="")
    _yaml_line: int | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _some(self):
        if not (self.ko or self.en):
            raise ValueError("needs at least one question")
        for q in self.ko + self.en:
            if not q.strip() or len(q) > 200:
                raise ValueError(f"question {q!r} must be 1-200 characters")
        return self

    def where(self) -> str:
        return f"{self._yaml_file}:{self._yaml_line}" if self._yaml_line else self._yaml_file


class DataFile(_Model):
    """The top level of one YAML file under kb/data/<game>/."""

    sections: list[Section] = Field(default_factory=list)
    rules: list[Rule] = Field(default_factory=list)
    cards: list[Card] = Field(default_factory=list)
    terms: list[GlossaryTerm] = Field(default_factory=list)
    ignored: list[IgnoredSpan] = Field(default_factory=list)
    questions: list[SearchQuestions] = Field(default_factory=list)
    rulings: list["Ruling"] = Field(default_factory=list)
    catalogue: list[Catalogue] = Field(default_factory=list, description="cards' catalogue data, by card id")
    absent: list[AbsentCard] = Field(default_factory=list,
                                     description="engine identities deliberately without a catalogue entry")


RULING_ID_PATTERN = r"^[a-z0-9][a-z0-9-]*/ruling/[a-z0-9][a-z0-9-]*$"
Verdict = Literal["yes", "no"]


class Span(_Model):
    """A range of whole numbers, both ends included; an end left out is open ("21 or more": from: 21)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: int | None = Field(default=None, alias="from")
    to: int | None = None

    @model_validator(mode="after")
    def _order(self):
        if self.from_ is None and self.to is None:
            raise ValueError("a range needs 'from', 'to' or both")
        if self.from_ is not None and self.to is not None and self.to < self.from_:
            raise ValueError(f"range {self.from_}..{self.to} ends before it starts")
        return self

    def holds(self, value: float) -> bool:
        return (self.from_ is None or value >= self.from_) and (self.to is None or value <= self.to)


Values = list[int] | Span          # the values a condition or a table row admits


def admits(values: Values, value: float) -> bool:
    return value in values if isinstance(values, list) else values.holds(value)


class Named(_Model):
    """A value of a parameter that players name in words instead of a number ("the start player" is the
    1st in turn order, "the middle zone" the 2nd, "the top level" the 3rd)."""

    value: int
    words: list[str] = Field(min_length=1, description="regular expressions for the words, in both languages")

    @model_validator(mode="after")
    def _patterns(self):
        for pattern in self.words:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"words: {pattern!r} is not a regular expression ({exc})") from None
        return self


class Param(_Model):
    """A number the player gives in the question ("balance −7", "10 stones", "the third zone") that a
    ruling's condition, table or formula reads."""

    quantity: str | None = Field(
        default=None, description="the game's vocabulary quantity the number is read as "
                                  "(engine/<game>/data/vocabulary.yaml `quantities`); checked by kb check")
    words: list[str] = Field(
        default_factory=list, description="regular expressions for the words the number is written for, in both "
                                          "languages, where the vocabulary has no such quantity")
    ordinal: bool = Field(default=False, description="the number is written as an ordinal (“the third zone”, "
                                                     "“세 번째 구역”)")
    label: BiRequired = Field(description="how the answer names the number (“balance”, “균형값”)")
    min: int | None = Field(default=None, description="the smallest value the game allows")
    max: int | None = Field(default=None, description="the largest value the game allows")
    names: list[Named] = Field(default_factory=list, description="values the rulebook names in words (“the "
                                                                 "start player” for the 1st), read where the "
                                                                 "question writes no number for it")

    @model_validator(mode="after")
    def _read_somehow(self):
        if not self.quantity and not self.words:
            raise ValueError("a parameter is read through a vocabulary `quantity` or its own `words`")
        for pattern in self.words:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"words: {pattern!r} is not a regular expression ({exc})") from None
            if re.fullmatch(r"[가-힣]", pattern):
                # "면" (a tile's edge) is also the "…면" of "-7이면": a bare syllable claims numbers that are
                # not its own
                raise ValueError(f"words: {pattern!r} alone also matches inside other words (as \u201c면\u201d does in "
                                 f"\u201c-7이면\u201d); write (?<![가-힣]){pattern}")
        return self


class Amount(_Model):
    """One number of a value with its unit ("2 Bread")."""

    amount: int | float
    unit: BiRequired


class Row(_Model):
    """A table row: the parameter's values it covers, and its amount (or its verdict, for a yes/no
    table)."""

    at: Values
    amount: int | float | None = None
    verdict: Verdict | None = None

    @model_validator(mode="after")
    def _one(self):
        if (self.amount is None) == (self.verdict is None):
            raise ValueError("a row has an amount or a verdict")
        return self


class Value(_Model):
    """What a how-many ruling gives: a constant (`amount`, or several `items`), a table read by one
    parameter (`by` + `rows`), or a formula over parameters and other rulings' values (`formula` + `uses`)."""

    amount: int | float | None = None
    items: list[Amount] = Field(default_factory=list, description="several numbers at once (2 Bread and 1 Papyrus)")
    by: str | None = Field(default=None, description="the parameter a table's rows read")
    rows: list[Row] = Field(default_factory=list)
    formula: str | None = Field(default=None, description="an arithmetic expression (+ - * / // % min max, "
                                                          "x if c else y) over parameters and `uses` names")
    uses: dict[str, str] = Field(default_factory=dict, description="formula names bound to other rulings' values "
                                                                   "(a case that needs two rules)")
    unit: BiText | None = None
    show: BiRequired | None = Field(default=None, description="how the calculation reads, with {name} for each "
                                                              "parameter and use and {value} for the result")

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [k for k, on in (("amount", self.amount is not None), ("items", bool(self.items)),
                                 ("table", self.by is not None or bool(self.rows)),
                                 ("formula", self.formula is not None)) if on]
        if len(kinds) != 1:
            raise ValueError("a value is one of: amount, items, a table (by + rows) or a formula")
        if kinds == ["table"] and (self.by is None or not self.rows):
            raise ValueError("a table needs `by` (its parameter) and `rows`")
        if self.uses and self.formula is None:
            raise ValueError("`uses` belongs to a formula")
        if kinds[0] in ("amount", "table", "formula") and self.unit is None:
            raise ValueError("a value needs its `unit` ({ko, en})")
        return self


class Asks(_Model):
    """Questions as players ask them, by language (search aids written for the project, not rulebook text)."""

    ko: list[str] = Field(default_factory=list)
    en: list[str] = Field(default_factory=list)

    def all(self) -> list[tuple[str, str]]:
        return [("ko", q) for q in self.ko] + [("en", q) for q in self.en]


class Ruling(_Entry):
    """Arbiter's reading of one deciding sentence of a rule: the case it decides and its answer — a yes/no
    verdict, a value, or a moment of play — with the conditions it holds under, the rules and cards that
    override it, and the official words it rests on (`quote`, checked verbatim against the rule's text).
    Shown labelled as Arbiter's reading, never as rulebook text."""

    rule: str = Field(pattern=ID_PATTERN, description="the rule or card whose text it reads")
    quote: BiText = Field(description="the words it rests on, as they stand in the rule's text, by language")
    claim: BiRequired = Field(description="the case it decides, as a statement (Arbiter's words)")
    verdict: Verdict | None = Field(default=None, description="whether the claim holds")
    value: Value | None = None
    phase: BiRequired | None = Field(default=None, description="the moment of play, named as the rulebook names it")
    asks: Asks = Field(default_factory=Asks, description="questions whose Yes means the claim holds (or, for a value "
                                                         "or a moment, questions it answers)")
    denies: Asks = Field(default_factory=Asks, description="questions whose Yes means the claim does not hold")
    params: dict[str, Param] = Field(default_factory=dict)
    when: dict[str, Values] = Field(default_factory=dict, description="parameter -> the values it holds for")
    said: list[str] = Field(default_factory=list, description="regular expressions (both languages) for the moment "
                                                              "or mode the claim is limited to (\u201cat the start\u201d, "
                                                              "\u201cthe first round\u201d): it settles only a question that "
                                                              "names it, and rivals the others")
    edition: Lang | None = Field(default=None, description="the one rulebook edition it holds for, where the "
                                                          "editions differ (Tekhenu): ko or en")
    unless: list[str] = Field(default_factory=list, description="rules and cards that override it in some case")
    scenarios: list[str] = Field(default_factory=list, description="scenarios that play its case")
    note: BiRequired | None = Field(default=None, description="why the sentence reads so, where it is not plain")

    @model_validator(mode="after")
    def _shape(self):
        answers = [k for k in ("verdict", "value", "phase") if getattr(self, k) is not None]
        if len(answers) != 1:
            raise ValueError("a ruling answers with exactly one of verdict, value or phase")
        if not (self.quote.ko or self.quote.en):
            raise ValueError("quote needs the words it rests on in at least one language")
        if not self.asks.ko or not self.asks.en:
            raise ValueError("asks needs at least one question in each language (ko and en)")
        if self.denies.ko or self.denies.en:
            if self.verdict is None:
                raise ValueError("denies belongs to a yes/no ruling (verdict)")
        for q in [q for _, q in self.asks.all() + self.denies.all()]:
            if not q.strip() or len(q) > 200:
                raise ValueError(f"question {q!r} must be 1-200 characters")
        for pattern in self.said:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"said: {pattern!r} is not a regular expression ({exc})") from None
        names = set(self.params)
        unknown = [k for k in self.when if k not in names]
        if self.value is not None and self.value.by is not None and self.value.by not in names:
            unknown.append(self.value.by)
        if unknown:
            raise ValueError(f"{', '.join(sorted(set(unknown)))}: not among its params")
        return self

    @property
    def kind(self) -> str:
        return "verdict" if self.verdict is not None else "value" if self.value is not None else "phase"

    def names_its_moment(self, text: str) -> bool:
        """Whether a text names the moment or mode the claim is limited to (`said`), where it has one: "4 civil
        cards at the start" does not answer "how many civil cards can I hold?" (settling reads the question so;
        kb check holds the ruling's own questions to it)."""
        return not self.said or any(re.search(pattern, text, re.I) for pattern in self.said)


SCENARIO_ID_PATTERN = r"^[a-z0-9][a-z0-9-]*/scenario/[A-Za-z0-9][A-Za-z0-9._/-]*$"


class Expectation(_Model):
    """One checked outcome of a scenario: a value by path, the last matching event, or a refusal."""

    description: str = Field(min_length=1)
    description_ko: str = Field(min_length=1)
    path: str | None = None
    event: str | None = None
    field: str | None = None
    who: str | None = None
    raises: str | None = None
    equals: Any = None
    equals_player: str | None = None

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [k for k in ("path", "event", "raises") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("needs exactly one of path, event or raises")
        if (self.field is not None or self.who is not None) and self.event is None:
            raise ValueError("field and who belong to an event expectation")
        return self


class Scenario(_Model):
    """The shape every game's scenarios share (engine/scenarios.py). `setup` and the actions are each
    game's own format: `arbiter kb check` plays every scenario with its game's engine to check them."""

    id: str = Field(pattern=SCENARIO_ID_PATTERN)
    title: BiRequired
    description: BiRequired | None = Field(default=None, description="why the scenario is set up as it is")
    rules: list[Annotated[str, Field(pattern=ID_PATTERN)]] = Field(
        min_length=1, description="ids of the rules it demonstrates")
    setup: dict[str, Any] = Field(default_factory=dict)
    actions: list[dict[str, Any]] = Field(default_factory=list)
    expect: list[Expectation] = Field(min_length=1)

    @property
    def game(self) -> str:
        return self.id.split("/", 1)[0]


class ScenarioFile(_Model):
    """The top level of one file under kb/data/<game>/scenarios/."""

    scenarios: list[Scenario] = Field(default_factory=list)


DataFile.model_rebuild()
Catalogue.model_rebuild()
Card.model_rebuild()
