"""Loading the knowledge base from kb/data/<game>/**/*.yaml into lookup tables."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from .corpus import REPO_ROOT, Corpus, load_corpus
from .models import (AbsentCard, Card, Catalogue, DataFile, GlossaryTerm, IgnoredSpan, Rule, Ruling, ScenarioFile,
                     SearchQuestions, Section)
from .yamlio import LINE_KEY, YamlError, line_of, load_yaml, strip_lines

DEFAULT_DATA = REPO_ROOT / "kb" / "data"


def resolve_data_root(explicit: Path | str | None = None) -> Path:
    """The KB data folder: an explicit one, else $ARBITER_DATA (read at call time), else kb/data."""
    return Path(explicit or os.environ.get("ARBITER_DATA") or DEFAULT_DATA)
SCENARIO_DIR = "scenarios"


@dataclass(frozen=True)
class Problem:
    """One thing wrong, located as file:line."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class KbLoadError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))

    def one_line(self) -> str:
        """The first problem and how many there are: what a command says when it refuses to serve."""
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return (f"the knowledge base does not pass 'arbiter kb check', so nothing is served: "
                f"{' '.join(str(self.problems[0]).split())}{more}")


def data_files(game_dir: Path) -> list[Path]:
    """Every YAML file of one game's folder, in a fixed order (what is loaded, checked and hashed)."""
    return sorted(game_dir.rglob("*.yaml")) if game_dir.is_dir() else []


def leaves_folder(path: Path, folder: Path) -> bool:
    """Whether `path` (a link, or inside a linked folder) leads out of `folder`: such a file is never read, so
    that a `*.yaml` link to /etc/shadow is a problem named by its path, never its content on the screen."""
    try:
        target, root = path.resolve(), folder.resolve()
    except (OSError, RuntimeError):          # a loop of links
        return True
    return target != root and root not in target.parents


def is_scenario_file(game_dir: Path, path: Path) -> bool:
    return SCENARIO_DIR in path.relative_to(game_dir).parts[:-1]


@dataclass
class GameKB:
    id: str
    sections: dict[str, Section] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    terms: dict[str, GlossaryTerm] = field(default_factory=dict)
    ignored: list[IgnoredSpan] = field(default_factory=list)
    questions: dict[str, SearchQuestions] = field(default_factory=dict)  # entry id -> search questions
    absent: dict[str, AbsentCard] = field(default_factory=dict)  # engine identities without an entry, by id
    scenario_ids: dict[str, str] = field(default_factory=dict)  # id -> file:line
    scenario_rules: dict[str, list[str]] = field(default_factory=dict)  # id -> rule ids it demonstrates
    scenarios: dict[str, dict] = field(default_factory=dict)  # id -> the spec the engines' runner plays
    rulings: dict[str, Ruling] = field(default_factory=dict)  # id -> Arbiter's reading of one deciding sentence
    files: list[Path] = field(default_factory=list)

    def rulings_of(self, entry_id: str) -> list[Ruling]:
        """The rulings that read a rule's or card's text, in the KB's order."""
        by_rule = self.__dict__.get("_by_rule")
        if by_rule is None or by_rule[0] != len(self.rulings):
            grouped: dict[str, list[Ruling]] = {}
            for ruling in self.rulings.values():
                grouped.setdefault(ruling.rule, []).append(ruling)
            by_rule = self.__dict__["_by_rule"] = (len(self.rulings), grouped)
        return list(by_rule[1].get(entry_id, ()))


@dataclass
class KnowledgeBase:
    corpus: Corpus
    data_root: Path
    games: dict[str, GameKB]

    # -- lookups -------------------------------------------------------------------------------
    def entry(self, entry_id: str):
        game = self.games.get(entry_id.split("/", 1)[0])
        if game is None:
            return None
        for table in (game.rules, game.cards, game.sections, game.terms, game.rulings):
            if entry_id in table:
                return table[entry_id]
        return None

    def all_rules(self):
        for g in self.games.values():
            yield from g.rules.values()

    def all_cards(self):
        for g in self.games.values():
            yield from g.cards.values()

    def find_cards(self, ref: str, game: str | None = None) -> list[Card]:
        """Cards by full id ('tekhenu/T08') or printed id ('T08', case-insensitive)."""
        ref = ref.strip()
        if "/" in ref:
            card = self.entry(ref)
            return [card] if isinstance(card, Card) else []
        wanted = ref.upper()
        return [c for c in self.all_cards()
                if c.printed_id.upper() == wanted and (game is None or c.game == game)]

    def section_path(self, section_id: str | None) -> list[Section]:
        """Root-first chain of sections ending at section_id."""
        chain: list[Section] = []
        seen = set()
        while section_id and section_id not in seen:
            seen.add(section_id)
            section = self.entry(section_id)
            if not isinstance(section, Section):
                break
            chain.append(section)
            section_id = section.parent
        return list(reversed(chain))


def _validate_file(path: Path, rel: str, problems: list[Problem]) -> DataFile | None:
    try:
        raw = load_yaml(path)
    except YamlError as exc:
        problems.append(Problem(exc.where().replace(str(path), rel), exc.message))
        return None
    if raw is None:
        return DataFile()
    if not isinstance(raw, dict):
        problems.append(Problem(f"{rel}:1", "expected a mapping with sections/rules/cards/terms/ignored"))
        return None
    try:
        parsed = DataFile.model_validate(strip_lines(raw))
    except ValidationError as exc:
        _schema_problems(exc, raw, rel, problems)
        return None
    # Remember each entry's YAML position for later problems (references, verbatim text...).
    for key in ("sections", "rules", "cards", "terms", "ignored", "questions", "rulings", "catalogue", "absent"):
        for model, node in zip(getattr(parsed, key), raw.get(key) or []):
            model._yaml_file = rel
            model._yaml_line = node.get(LINE_KEY) if isinstance(node, dict) else None
    return parsed


def _schema_problems(exc: ValidationError, raw: dict, rel: str, problems: list[Problem]) -> None:
    for err in exc.errors():
        loc = tuple(err["loc"])
        line = line_of(raw, loc)
        where = f"{rel}:{line}" if line else rel
        entry_id = _entry_id(raw, loc)
        field_path = ".".join(str(p) for p in loc[2:]) if len(loc) > 2 else ".".join(map(str, loc))
        label = f"{entry_id}: " if entry_id else ""
        problems.append(Problem(where, f"{label}{field_path}: {err['msg']}"))


def _entry_id(raw, loc) -> str | None:
    try:
        node = raw[loc[0]][loc[1]]
        return node.get("id") if isinstance(node, dict) else None
    except (KeyError, IndexError, TypeError):
        return None


def _load_scenarios(path: Path, rel: str, game: GameKB, problems: list[Problem]) -> None:
    """A scenario file: its shape checked here (each game's engine checks the rest, see kb/check.py),
    each scenario kept as the plain spec the engines' runner plays."""
    try:
        raw = load_yaml(path)
    except YamlError as exc:
        problems.append(Problem(exc.where().replace(str(path), rel), exc.message))
        return
    if raw is None:
        return
    if not isinstance(raw, dict):
        problems.append(Problem(f"{rel}:1", "expected a mapping with a 'scenarios' list"))
        return
    try:
        ScenarioFile.model_validate(strip_lines(raw))
    except ValidationError as exc:
        _schema_problems(exc, raw, rel, problems)
        return
    for item in raw.get("scenarios") or []:
        where = f"{rel}:{item.get(LINE_KEY, '')}"
        scenario_id = item["id"]
        if not scenario_id.startswith(f"{game.id}/scenario/"):
            problems.append(Problem(where, f"scenario id {scenario_id!r} must start with '{game.id}/scenario/'"))
        if scenario_id in game.scenario_ids:
            problems.append(Problem(where, f"duplicate scenario id {scenario_id!r} "
                                           f"(first at {game.scenario_ids[scenario_id]})"))
            continue
        game.scenario_ids[scenario_id] = where
        game.scenario_rules[scenario_id] = list(item["rules"])
        game.scenarios[scenario_id] = strip_lines(item)


def load_kb_with_problems(data_root: Path | str | None = None, corpus: Corpus | None = None,
                          games: list[str] | None = None) -> tuple[KnowledgeBase, list[Problem]]:
    """Load what can be loaded; return the problems found on the way (parse, schema, duplicates)."""
    data_root = resolve_data_root(data_root)
    corpus = corpus or load_corpus()
    problems: list[Problem] = []
    kb = KnowledgeBase(corpus=corpus, data_root=data_root, games={})
    if not data_root.is_dir():
        what = "is not a folder" if data_root.exists() else "does not exist"
        return kb, [Problem(str(data_root), f"the knowledge-base folder {what}")]
    seen: dict[str, str] = {}
    for game_id in corpus.games:
        if games and game_id not in games:
            continue
        game = GameKB(id=game_id)
        kb.games[game_id] = game
        game_dir = data_root / game_id
        catalogue: list[Catalogue] = []
        for path in data_files(game_dir):
            if leaves_folder(path, data_root):       # named by the link itself, not where it leads
                problems.append(Problem(f"{_rel(path.parent)}/{path.name}",
                                        "a link to a file outside the knowledge-base folder; not read"))
                continue
            rel = _rel(path)
            game.files.append(path)
            if is_scenario_file(game_dir, path):
                _load_scenarios(path, rel, game, problems)
                continue
            parsed = _validate_file(path, rel, problems)
            if parsed is None:
                continue
            for key, table in (("sections", game.sections), ("rules", game.rules),
                               ("cards", game.cards), ("terms", game.terms), ("rulings", game.rulings)):
                for item in getattr(parsed, key):
                    if item.game != game_id:
                        problems.append(Problem(item.where(), f"id {item.id!r} must start with '{game_id}/'"))
                    if item.id in seen:
                        problems.append(Problem(item.where(), f"duplicate id {item.id!r} (first at {seen[item.id]})"))
                        continue
                    seen[item.id] = item.where()
                    table[item.id] = item
            game.ignored.extend(parsed.ignored)
            catalogue.extend(parsed.catalogue)
            for item in parsed.absent:
                for item_id in item.ids:
                    if not item_id.startswith(f"{game_id}/"):
                        problems.append(Problem(item.where(), f"id {item_id!r} must start with '{game_id}/'"))
                    elif item_id in game.absent:
                        problems.append(Problem(item.where(), f"{item_id!r} is listed as absent twice"))
                    game.absent.setdefault(item_id, item)
            for q in parsed.questions:
                if q.id in game.questions:
                    problems.append(Problem(q.where(), f"questions for {q.id!r} are given twice "
                                                       f"(first at {game.questions[q.id].where()})"))
                    continue
                game.questions[q.id] = q
        _attach_catalogue(game, catalogue, problems)
    return kb, problems


def _attach_catalogue(game: GameKB, catalogue: list[Catalogue], problems: list[Problem]) -> None:
    """Each catalogue record onto the card of its id (a rulebook card's file stays as it is): one card, one entry."""
    for item in catalogue:
        card = game.cards.get(item.id)
        if card is None:
            problems.append(Problem(item.where(), f"catalogue data for {item.id!r}, which is not a card"))
        elif card.catalogue is not None:
            problems.append(Problem(item.where(), f"{item.id}: catalogue data given twice (first at "
                                                  f"{card.catalogue.where() or card.where()})"))
        else:
            card.catalogue = item
    for item_id, item in game.absent.items():
        if item_id in game.cards:
            problems.append(Problem(item.where(), f"{item_id} is listed as absent but has a card entry"))


def load_kb(data_root: Path | str | None = None, corpus: Corpus | None = None,
            games: list[str] | None = None) -> KnowledgeBase:
    kb, problems = load_kb_with_problems(data_root, corpus, games)
    if problems:
        raise KbLoadError(problems)
    return kb


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(REPO_ROOT))
    except ValueError:
        return str(path)
