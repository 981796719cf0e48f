"""The JSON of the API, for its OpenAPI document: the same objects the command line prints with --json
(DESIGN.md's contracts), so one schema describes both. The routes return the core's dicts as they are
(app/api/server.py); these models describe them — every documented field is present in a response (the
API tests validate real responses against these schemas), and an object may carry more fields than are
documented here (additionalProperties), as the --json contract allows."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Lang = Literal["ko", "en"]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BiText(_Open):
    """A text in both languages (null where that language has none)."""
    ko: str | None
    en: str | None


class Source(_Open):
    """Where a text is in the rulebook: a corpus file and its first and last line."""
    file: str = Field(examples=["corpus/tekhenu.en.txt"])
    lines: list[int] = Field(min_length=2, max_length=2, examples=[[812, 815]])


class Hit(_Open):
    """A rule or card found for the question, with its fused score."""
    rule_id: str = Field(examples=["tekhenu/maat/vp-loss-table"])
    game: str
    score: float
    title: BiText
    text: BiText
    sources: list[Source]


class SearchResponse(_Open):
    """`arbiter search --json`."""
    query: str
    lang: Lang
    game: str | None = Field(description="the game searched: the one asked for, or the one the question's "
                                          "words named; null: all games")
    hits: list[Hit]


class Notice(_Open):
    """Why there is no answer or no example, or that the game was guessed — in both languages."""
    kind: str = Field(examples=["out_of_scope", "unknown_id", "guessed", "no_example"])
    ko: str
    en: str


class Section(_Open):
    id: str
    ko: str | None
    en: str | None


class OtherEdition(_Open):
    lang: Lang
    text: str | None
    origin: Literal["official", "translation", "description"] | None


class PageEntry(_Open):
    """A rule on the answer's page besides the answer: its exceptions, worked example, details, also
    relevant."""
    rule_id: str
    game: str
    title: BiText
    lang: Lang
    text: str
    origin: Literal["official", "translation", "description"] | None
    key_sentence: str


class ShortValue(_Open):
    """A number with its unit (`amount`), or several at once (`items`: a cost of 2 Bread and 1 Papyrus)."""
    amount: float | None = Field(default=None, examples=[4])
    unit: BiText | None = None
    items: list[dict[str, Any]] | None = Field(default=None, description="[{amount, unit: {ko, en}}, ...]")


class ShortAnswer(_Open):
    """The one line that settles the case asked, when the page proves it: a ruling (Arbiter's reading of
    the rule's deciding sentence) that fits the question clearly, the engine's checked result for the
    question's own number, a table's row, or a rule's sentence naming the moment asked. Absent (null) when
    nothing settles it."""
    basis: Literal["ruling", "example", "table", "key_sentence", "card_data"] = Field(
        description="what proves it: `ruling` — a reading of the rule's sentence (`claim`, never rulebook "
                    "text) with the sentence it rests on in `text`; `card_data` — a line of a card's catalogue data "
                    "(the engine's values in words, never rulebook text)")
    kind: Literal["yes_no", "dispute", "how_many", "when"] = Field(description="the question's kind")
    rule_id: str = Field(description="the rule whose sentence decides it — the answer's own rule")
    verdict: Literal["yes", "no"] | None = Field(
        description="yes_no: whether the question's positive proposition holds (\"Can't I take it?\" → no when "
                    "it cannot be taken); dispute: whether the position reported is right; else null",
        examples=["no"])
    label: BiText | None = Field(description="the verdict as the reader reads it: 예/아니요 · Yes/No; for a "
                                             "dispute \"친구 말이 맞습니다\" · \"Your friend is right\"")
    value: ShortValue | None = Field(description="how_many: the value for the question's own numbers")
    calculation: BiText | None = Field(description="how the value was computed from the player's numbers, "
                                                   "as a reader reads it")
    phase: BiText | None = Field(description="when: the moment of play, in the rulebook's words")
    claim: BiText | None = Field(description="basis ruling: the case the ruling decides, in Arbiter's words")
    text: dict[str, str] = Field(description="the words that prove it by language: the rulebook's sentence "
                                             "(see `text_origin`), or the engine's checked result")
    rules: list[str] = Field(description="every rule the answer used (two for a case that needs both)")
    unless: list[str] = Field(description="rules and cards that would change the answer in some case")
    ruling_id: str | None = Field(default=None, description="basis ruling: the ruling's id")


class Answer(_Open):
    """The rule that answers the question, in the question's language (`lang`; the other edition in
    `other`), with its page."""
    rule_id: str
    game: str
    game_name: BiText
    lang: Lang
    text: str | None
    origin: Literal["official", "translation", "description"] | None
    key_sentence: str | None
    other: OtherEdition
    title: BiText
    section_path: list[Section]
    edition_diff: BiText | None
    related: list[str]
    missing: list[dict[str, Any]]
    errata: list[dict[str, Any]]
    confidence: float = Field(description="the selection's probability that this is the answering rule")
    exceptions: list[PageEntry]
    worked_example: PageEntry | None
    details: list[PageEntry]
    also_relevant: list[PageEntry]
    short: ShortAnswer | None


class Alternative(_Open):
    """Another game's best answer, offered when the question does not name its game."""
    game: str
    game_name: BiText
    rule_id: str
    title: BiText
    score: float


class Citation(Hit):
    section: BiText


class Check(_Open):
    """One expectation of a scenario, with what the engine produced."""
    description: str
    expected: Any
    actual: Any
    ok: bool


class Step(_Open):
    action: dict[str, Any]
    events: list[dict[str, Any]]
    refused: dict[str, Any] | None = Field(description="{rule_id, message, message_ko} when the rules "
                                                       "forbade the action")


class FactUsed(_Open):
    """A value the example used that the rulebook does not state, and where it comes from."""
    path: str
    source: Literal["rulebook", "source", "assumed"]
    explain: str


class NarrativeStep(_Open):
    text: str
    events: list[str]
    rules: list[str]
    refused: dict[str, Any] | None


class Narrative(_Open):
    """The example in words, in the requested language: each step, the values that changed, the checks,
    the values the rulebook does not state."""
    steps: list[NarrativeStep]
    changes: list[dict[str, Any]]
    checks: list[dict[str, Any]]
    facts: list[dict[str, Any]]


class ScenarioResult(_Open):
    """`arbiter simulate ID --json`: a scenario played by its game's engine and checked."""
    scenario_id: str
    game: str
    rule_ids: list[str]
    verified: bool
    checks: list[Check]
    before: dict[str, Any]
    actions: list[dict[str, Any]]
    after: dict[str, Any]
    steps: list[Step]
    facts_used: list[str] = Field(description="paths of the values used that the rulebook does not state "
                                              "(`/v1/facts?path=`)")
    assumed: list[str] = Field(description="the older name of facts_used")


class Example(ScenarioResult):
    """A checked example: the scenario played, with its title and narration, and the values it used
    that the rulebook does not state, explained."""
    facts_used: list[FactUsed]  # type: ignore[assignment]
    title: BiText | None
    narrative: Narrative


class AskExample(Example):
    """The example under an answer: from the answer's own game, played under the asker's edition."""
    from_question: bool = Field(description="built from the question's own numbers")
    edition: Lang | None


class AskResponse(_Open):
    """`arbiter ask --json`: the answer (null when no rule answers: see `notice`), the other games'
    answers when the question did not name its game, citations and a checked example."""
    question: str
    lang: Lang
    game: str | None
    game_name: BiText | None
    answer: Answer | None
    notice: BiText | None = Field(description="every notice's sentences, by language; null: none")
    notices: list[Notice]
    alternatives: list[Alternative]
    citations: list[Citation]
    example: AskExample | None


class Entry(_Open):
    """`arbiter rule ID --json` / `arbiter card ID --json`: a rule or card with its context."""
    kind: Literal["rule", "card"]
    id: str
    game: str
    text: BiText
    origin: dict[str, Literal["official", "translation", "description"] | None]
    sources: list[Source]
    edition_diff: BiText | None
    missing: list[dict[str, Any]]
    section_path: list[Section]
    related: list[str]
    exceptions: list[str]
    terms: list[str]
    errata: list[dict[str, Any]]
    scenarios: list[str]


class Rule(Entry):
    kind: Literal["rule"]
    rule_kind: str
    title: BiText | None
    changes: list[str]
    illustrates: list[str]


class CatalogueLine(_Open):
    field: str = Field(description="the engine's field it describes")
    group: str = Field(description="the engine data's group of values it comes from (see provenance)")
    text: BiText


class CatalogueSource(_Open):
    group: str
    source: Literal["rulebook", "source", "assumed"]
    fields: list[str]


class CardCatalogue(_Open):
    """A card's data generated from its game engine's data (never rulebook text): its age and kind, the values
    the engine reads, each in words, and where each comes from (the rulebook's rule, a publication and its
    cross-check, or the engine's assumption and why)."""
    id: str
    kind: BiText
    values: dict[str, Any]
    numbers: list[CatalogueLine]
    effects: list[CatalogueLine]
    provenance: list[CatalogueSource]


class Card(Entry):
    kind: Literal["card"]
    card_type: str
    printed_id: str
    name: BiText | None
    count: int | None
    fields: dict[str, Any]
    catalogue: CardCatalogue | None = Field(description="its catalogue data (Through the Ages' cards)")
    also: list[str] = Field(default_factory=list, description="the other cards of its name (other ages), for "
                                                                "`/v1/cards` and `arbiter card` by name")


class DiffsResponse(_Open):
    """`arbiter kb diffs --json`, its lines as a list: the rules and cards the editions play differently."""
    diffs: list[Rule | Card]


class Aliases(_Open):
    ko: list[str]
    en: list[str]


class Term(_Open):
    """A glossary term: Korean and English, aliases, the rulebooks' own spellings."""
    game: str
    id: str
    ko: str
    en: str
    aliases: Aliases
    source_spellings: Aliases
    category: str | None
    note: BiText | None


class GlossaryResponse(_Open):
    terms: list[Term]


class Game(_Open):
    id: str = Field(examples=["tekhenu"])
    title: BiText
    base_game: str | None
    languages: list[Lang] = Field(description="the languages of its rulebooks in the corpus")
    rules: int
    cards: int
    terms: int
    scenarios: int
    engine: bool
    simulator: bool


class GamesResponse(_Open):
    games: list[Game]


class Fact(_Open):
    """`arbiter facts --json`, one line: an engine value with its provenance — `rulebook` (with the rule
    id), `source` (a publication, with the cross-check) or `assumed` (with the reason, in English and
    Korean)."""
    game: str
    path: str
    source: Literal["rulebook", "source", "assumed"]
    rule: str | None
    ref: str | None
    checked: str | None
    checked_ko: str | None
    note: str | None
    note_ko: str | None
    value: Any
    file: str


class FactsResponse(_Open):
    """`arbiter facts --json`, its lines as a list."""
    facts: list[Fact]


class SimulatorField(_Open):
    """One input of a game's Simulator: kind `int` (min..max), `choice` (choices) or `bool`."""
    name: str
    label: BiText
    kind: Literal["int", "choice", "bool"]
    default: Any
    choices: list[Any]
    choice_labels: dict[str, BiText]
    min: int | None
    max: int | None
    help: BiText | None


class SimulatorGame(_Open):
    game: str
    title: BiText
    fields: list[SimulatorField]


class SimulatorGamesResponse(_Open):
    games: list[SimulatorGame]


class SimulatorResponse(_Open):
    """The situation played by the game's engine, checked against the rules, narrated in `lang`."""
    game: str
    lang: Lang
    values: dict[str, Any] = Field(description="every field's value, defaults filled in")
    example: Example


class KeptAnswers(_Open):
    size: int = Field(description="answers this process keeps ($ARBITER_ANSWER_CACHE; 0: none)")
    answers: int = Field(description="answers kept now")
    hits: int = Field(description="questions answered from a kept answer")
    misses: int = Field(description="questions read and answered")


class Health(_Open):
    status: Literal["ok"]
    version: str
    games: list[str]
    documents: int = Field(description="rules and cards in the search index")
    index: str = Field(description="the search index's key (a digest of the KB and the model)")
    model: str
    uptime_s: float
    answers: KeptAnswers = Field(description="this process's kept answers (a repeated question is answered from them)")


class ErrorMessage(_Open):
    ko: str
    en: str
    code: str = Field(examples=["bad_input", "not_found", "too_large", "rate_limited"])


class ErrorResponse(_Open):
    """Bad input, something that does not exist, a body too large or too many requests: the command
    line's one-line message, in English and Korean."""
    error: ErrorMessage


# -- request bodies -------------------------------------------------------------------------------------
class AskRequest(_Closed):
    question: str = Field(description="a rules question in Korean or English (at most 2,000 characters)",
                          examples=["Can gray dice be used to Produce Resources?"])
    game: str | None = Field(default=None, description="the game's id; null: the question's words decide")


class SimulatorRequest(_Closed):
    values: dict[str, Any] = Field(default_factory=dict,
                                   description="field name → value (`GET /v1/simulator` lists the fields); a "
                                               "missing field takes its default")
    lang: Lang = Field(default="en", description="the narration's language")
