"""`arbiter kb check`: integrity of the knowledge base against its schema and its rulebooks.

Checks, each reported as `file:line: what is wrong`:
  schema and YAML syntax; unique ids; references (sections, related ids, glossary terms, scenarios,
  changed base-game rules); source spans inside their corpus file; every `official` text verbatim in
  its source spans; every line inside a span actually used by the entry's text; and coverage: every
  content line of every corpus file of a checked game belongs to an entry or an ignored span.
  Rulings (Arbiter's readings, kb/rulings.py): each quote verbatim in its rule's text, every id they name,
  their tables and formulas well-formed, each moment of play named in the game's own rulebook words.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from .corpus import Corpus, CorpusFile, load_corpus
from .fileio import FileReadError
from .models import LANGS, Card, Rule, Section, SourceSpan
from .rulings import check_rulings
from .normalize import undouble, verbatim_key
from .store import KnowledgeBase, Problem, load_kb_with_problems, resolve_data_root


@dataclass
class FileCoverage:
    file: str
    content: int = 0
    covered: int = 0
    ignored: int = 0
    uncovered: list[int] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * (self.covered + self.ignored) / self.content if self.content else 100.0


@dataclass
class CheckReport:
    problems: list[Problem]
    coverage: list[FileCoverage]
    counts: dict[str, dict[str, int]]
    kb: KnowledgeBase | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


class ExtraCheck(Protocol):
    """A check the knowledge base cannot make on its own, added by whoever composes it with other code
    (app/: every scenario played by its game's engine). kb/ never imports the engines."""

    name: str

    def inputs(self) -> dict[str, str]:
        """SHA-256 of every file the check's result depends on (its code, its data), by name."""

    def problems(self, kb: KnowledgeBase, games: list[str]) -> list[Problem]: ...


class Checks:
    """Several extra checks made as one: their names, inputs and problems together (app/ adds the scenarios played
    by the engines and the card catalogue checked against them)."""

    def __init__(self, *parts: ExtraCheck):
        self.parts = parts
        self.name = " + ".join(p.name for p in parts)

    def inputs(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for part in self.parts:
            out.update(part.inputs())
        return out

    def problems(self, kb: KnowledgeBase, games: list[str]) -> list[Problem]:
        return [p for part in self.parts for p in part.problems(kb, games)]


def check_kb(data_root: Path | str | None = None, corpus: Corpus | None = None,
             games: list[str] | None = None, extra: ExtraCheck | None = None) -> CheckReport:
    corpus = corpus or load_corpus()
    data_root = resolve_data_root(data_root)
    # An expansion's rules point into its base game: load the base too, but check only what was asked.
    wanted = list(games) if games else None
    loaded = None
    if wanted:
        loaded = list(wanted) + [b for g in wanted if (b := corpus.games[g].base_game) and b not in wanted]
    kb, problems = load_kb_with_problems(data_root, corpus, loaded)
    if wanted:
        problems = [p for p in problems if not any(f"kb/data/{g}/" in p.where or p.where.startswith(f"{data_root}/{g}/")
                                                   for g in set(loaded) - set(wanted))]
    return check_loaded(kb, problems, wanted, extra)


def check_loaded(kb: KnowledgeBase, problems: list[Problem], wanted: list[str] | None = None,
                 extra: ExtraCheck | None = None) -> CheckReport:
    """The checks after loading (references, verbatim texts, coverage, the extra check) on a loaded KB
    and the problems its loading found; `wanted`: only these games (else every game of the corpus)."""
    corpus = kb.corpus
    problems = list(problems)
    games = [g for g in kb.games.values() if not wanted or g.id in wanted]
    for game in games:
        if not game.files and kb.data_root.is_dir():
            problems.append(Problem(f"{kb.data_root / game.id}/", f"no knowledge base for {game.id}, which the "
                                    f"corpus manifest lists (its rulebook is not covered)"))
    checked = [g for g in games if g.files and _corpus_readable(corpus, g.id, problems)]
    for game in checked:
        own_files = {f.name for f in corpus.games[game.id].files}
        for span in game.ignored:
            if span.file not in own_files:
                problems.append(Problem(span.where(), f"ignored span names {span.file!r}, not a corpus file of {game.id}"))
        _check_references(kb, game, problems)
        _check_texts(kb, game, problems)
        problems.extend(check_rulings(kb, game))
    coverage = [_coverage(kb, game.id, f, problems) for game in checked for f in corpus.games[game.id].files]
    if extra is not None and checked:
        problems.extend(extra.problems(kb, [g.id for g in checked]))
    counts = {g.id: {"sections": len(g.sections), "rules": len(g.rules), "cards": len(g.cards),
                     "terms": len(g.terms), "rulings": len(g.rulings),
                     "ignored spans": len(g.ignored)} for g in checked}
    return CheckReport(problems=problems, coverage=coverage, counts=counts, kb=kb)


def _corpus_readable(corpus: Corpus, game_id: str, problems: list[Problem]) -> bool:
    """Whether every rulebook text of the game (and of its base game) can be read; a problem otherwise."""
    ok = True
    info = corpus.games[game_id]
    for cfile in info.files + (corpus.games[info.base_game].files if info.base_game in corpus.games else []):
        try:
            cfile.lines
        except FileReadError as exc:
            problem = Problem(f"corpus/{cfile.name}", exc.message)
            if problem not in problems:         # an expansion and its base game share the base's files
                problems.append(problem)
            ok = False
    return ok


# -- references ---------------------------------------------------------------------------------
def _check_references(kb: KnowledgeBase, game, problems: list[Problem]) -> None:
    def need(entry, ref: str, kinds: tuple, what: str):
        target = kb.entry(ref)
        if not isinstance(target, kinds):
            problems.append(Problem(entry.where(), f"{entry.id}: {what} {ref!r} does not exist"))

    for section in game.sections.values():
        if section.parent:
            need(section, section.parent, (Section,), "parent section")
    for entry in list(game.rules.values()) + list(game.cards.values()):
        if getattr(entry, "section", None):
            need(entry, entry.section, (Section,), "section")
        for ref in entry.related:
            need(entry, ref, (Rule, Card), "related entry")
        for field, what in (("exceptions", "exception"), ("illustrates", "illustrated rule")):
            for ref in getattr(entry, field, []):
                need(entry, ref, (Rule, Card), what)
                if ref.split("/", 1)[0] != entry.game:
                    problems.append(Problem(entry.where(), f"{entry.id}: {what} {ref!r} belongs to another game"))
                elif ref == entry.id:
                    problems.append(Problem(entry.where(), f"{entry.id}: lists itself as its own {what}"))
        if getattr(entry, "illustrates", None) and getattr(entry, "kind", None) != "example":
            problems.append(Problem(entry.where(), f"{entry.id}: only a worked example (kind: example) illustrates rules"))
        for ref in entry.terms:
            if ref not in game.terms and not _term_elsewhere(kb, ref):
                problems.append(Problem(entry.where(), f"{entry.id}: glossary term {ref!r} does not exist"))
        for ref in getattr(entry, "scenarios", []):
            if not any(ref in g.scenario_ids for g in kb.games.values()):
                problems.append(Problem(entry.where(), f"{entry.id}: scenario {ref!r} does not exist"))
        for ref in getattr(entry, "changes", []):
            need(entry, ref, (Rule, Card), "changed base-game entry")
    # Scenarios and the rules they demonstrate must point at each other.
    for scenario, rule_ids in game.scenario_rules.items():
        where = game.scenario_ids[scenario]
        for rule_id in rule_ids:
            rule = kb.entry(rule_id)
            if not isinstance(rule, (Rule, Card)):
                problems.append(Problem(where, f"scenario {scenario!r} names {rule_id!r}, which is not a rule or card"))
            elif scenario not in rule.scenarios:
                problems.append(Problem(rule.where(), f"{rule_id}: add {scenario!r} to its scenarios "
                                                      f"(the scenario demonstrates this rule)"))
    for rule in list(game.rules.values()) + list(game.cards.values()):
        for scenario in rule.scenarios:
            if scenario in game.scenario_ids and rule.id not in game.scenario_rules.get(scenario, []):
                problems.append(Problem(rule.where(), f"{rule.id}: scenario {scenario!r} does not list this rule"))
    for q in game.questions.values():
        if not isinstance(kb.entry(q.id), (Rule, Card)):
            problems.append(Problem(q.where(), f"search questions name {q.id!r}, which is not a rule or card"))
    for card in game.cards.values():
        for source in card.catalogue.provenance if card.catalogue else []:
            if source.rule and not isinstance(kb.entry(source.rule), (Rule, Card)):
                problems.append(Problem(card.catalogue.where(), f"{card.id}: the rule {source.rule!r} its values come "
                                                                f"from does not exist"))


def _term_elsewhere(kb: KnowledgeBase, ref: str) -> bool:
    game = kb.games.get(ref.split("/", 1)[0])
    return bool(game and ref in game.terms)


# -- verbatim texts -----------------------------------------------------------------------------
def _spans_for(kb: KnowledgeBase, entry, lang: str, problems: list[Problem]) -> list[tuple[CorpusFile, SourceSpan]]:
    out = []
    for span in entry.sources:
        cfile = kb.corpus.files.get(span.file)
        if cfile is None or cfile.game not in (entry.game, kb.corpus.games[entry.game].base_game):
            problems.append(Problem(entry.where(), f"{entry.id}: source {span} is not a corpus file of this game"))
            continue
        if span.last > len(cfile):
            problems.append(Problem(entry.where(), f"{entry.id}: source {span} is past the end of "
                                                   f"{span.file} ({len(cfile)} lines)"))
            continue
        if cfile.lang == lang:
            out.append((cfile, span))
    return out


def _check_texts(kb: KnowledgeBase, game, problems: list[Problem]) -> None:
    for section in game.sections.values():
        for lang in LANGS:
            spans = _spans_for(kb, section, lang, problems)
            title = section.title.get(lang)
            if title and section.title_origin.get(lang) == "official":
                _check_verbatim(section, lang, title, spans, problems, casefold=True)
    for entry in list(game.rules.values()) + list(game.cards.values()):
        if not entry.sources and not (isinstance(entry, Card) and entry.described):
            problems.append(Problem(entry.where(), f"{entry.id}: has no source span"))
        for lang in LANGS:
            spans = _spans_for(kb, entry, lang, problems)
            text = entry.text.get(lang)
            if text and entry.origin.get(lang) == "official":
                _check_verbatim(entry, lang, text, spans, problems)
        if isinstance(entry, Card):
            _check_description(entry, problems)


def _check_description(card: Card, problems: list[Problem]) -> None:
    """A card's description (origin `description`) is its catalogue data in words, line for line, and nothing else:
    never beside rulebook text in the other language, never with a source span (it covers no rulebook line)."""
    if not card.described:
        return
    if any(card.origin.get(lang) != "description" for lang in LANGS):
        problems.append(Problem(card.where(), f"{card.id}: a description is written in both languages, and the "
                                              f"other language's text is a description too"))
    if card.sources:
        problems.append(Problem(card.where(), f"{card.id}: a description has no source span (it is not rulebook text)"))
    if card.catalogue is None:
        problems.append(Problem(card.where(), f"{card.id}: a description needs the card's catalogue data"))
        return
    for lang in LANGS:
        if (card.text.get(lang) or "").strip() != card.catalogue.description(lang):
            problems.append(Problem(card.where(), f"{card.id}: text.{lang} is not its catalogue lines "
                                                  f"(regenerate with scripts/card_catalogue.py)"))


def _check_verbatim(entry, lang: str, text: str, spans, problems: list[Problem], casefold: bool = False) -> None:
    if not spans:
        problems.append(Problem(entry.where(), f"{entry.id}: text.{lang} is official but has no source span "
                                               f"in the {lang} rulebook"))
        return
    fold = (lambda s: s.casefold()) if casefold else (lambda s: s)
    text_key = fold(verbatim_key(text))
    source_key = fold("".join(_undoubled(cf.line_keys[n - 1]) for cf, s in spans for n in range(s.first, s.last + 1)))
    if text_key not in source_key:
        problems.append(Problem(entry.where(), f"{entry.id}: text.{lang} is not verbatim in "
                                               f"{', '.join(str(s) for _, s in spans)}: {_divergence(text_key, source_key)}"))
    # Every content line a span claims must be used by the text (or contain the text, for a
    # card that is one cell of a table row); otherwise the span over-claims coverage.
    for cfile, span in spans:
        for n in range(span.first, span.last + 1):
            line_key = _undoubled(fold(cfile.line_keys[n - 1]))
            if line_key and line_key not in text_key and text_key not in line_key:
                problems.append(Problem(f"corpus/{cfile.name}:{n}",
                                        f"line is inside a source span of {entry.id} but not in its text.{lang} "
                                        f"({entry.where()})"))


def _undoubled(line_key: str) -> str:
    """A line the extraction printed twice ("ABAB") counts as one copy (see normalize.undouble)."""
    return undouble(line_key)


def _divergence(text_key: str, source_key: str) -> str:
    """Say where the text stops matching, to make a curator's fix quick."""
    lo, hi = 0, len(text_key)
    while lo < hi:  # longest prefix of the text found in the source
        mid = (lo + hi + 1) // 2
        if text_key[:mid] in source_key:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return f"its start {text_key[:40]!r} is not there"
    return f"matches up to {text_key[max(0, lo - 25):lo]!r}, then has {text_key[lo:lo + 30]!r}"


# -- coverage -----------------------------------------------------------------------------------
def _coverage(kb: KnowledgeBase, game_id: str, cfile: CorpusFile, problems: list[Problem]) -> FileCoverage:
    game = kb.games[game_id]
    covered: set[int] = set()
    for entry in list(game.sections.values()) + list(game.rules.values()) + list(game.cards.values()):
        for span in entry.sources:
            if span.file == cfile.name:
                covered.update(range(span.first, span.last + 1))
    ignored: set[int] = set()
    for span in game.ignored:
        if span.file != cfile.name:
            continue
        if span.lines[1] > len(cfile):
            problems.append(Problem(span.where(), f"ignored span {span.file}:{span.lines[0]}-{span.lines[1]} is past "
                                                  f"the end of the file ({len(cfile)} lines)"))
        lines = set(range(span.lines[0], span.lines[1] + 1))
        both = sorted(n for n in lines & covered if n in set(cfile.content_lines))
        if both:
            problems.append(Problem(span.where(), f"ignored span {span.file}:{_ranges(both)} is also covered by a KB entry"))
        ignored.update(lines)
    report = FileCoverage(file=f"corpus/{cfile.name}")
    for n in cfile.content_lines:
        report.content += 1
        if n in covered:
            report.covered += 1
        elif n in ignored:
            report.ignored += 1
        else:
            report.uncovered.append(n)
    for first, last in _runs(report.uncovered):
        where = f"corpus/{cfile.name}:{first}" + (f"-{last}" if last != first else "")
        problems.append(Problem(where, "not covered by any KB entry or ignored span"))
    return report


def _runs(numbers: list[int]):
    run: list[int] = []
    for n in numbers:
        if run and n != run[-1] + 1:
            yield run[0], run[-1]
            run = []
        run.append(n)
    if run:
        yield run[0], run[-1]


def _ranges(numbers: list[int]) -> str:
    return ",".join(f"{a}" if a == b else f"{a}-{b}" for a, b in _runs(numbers))


def format_report(report: CheckReport) -> str:
    lines = []
    for problem in report.problems:
        lines.append(str(problem))
    if report.problems:
        lines.append("")
    lines.append(f"{'corpus file':34} {'content':>8} {'covered':>8} {'ignored':>8} {'missing':>8} {'coverage':>9}")
    for c in report.coverage:
        lines.append(f"{c.file:34} {c.content:8d} {c.covered:8d} {c.ignored:8d} {len(c.uncovered):8d} {c.percent:8.1f}%")
    lines.append("")
    for game, counts in report.counts.items():
        lines.append(f"{game}: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    lines.append("")
    lines.append("OK: knowledge base is consistent." if report.ok else f"FAILED: {len(report.problems)} problem(s).")
    return "\n".join(lines)
