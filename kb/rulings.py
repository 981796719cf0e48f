"""Rulings: Arbiter's reading of one deciding sentence of a rule — the case it decides and its answer.

A ruling (kb/models.py `Ruling`) is data, like a publisher's FAQ entry tied to its sentence: a claim with
its verdict, or a value (a constant, a table read by one of the player's numbers, a formula over them and
over other rulings' values), or the moment of play; the conditions it holds under; the rules and cards
that override it; and the quote it rests on. This module proves the data (`check_rulings`, run by
`arbiter kb check`) and computes a value for the player's own numbers (`compute`). Reading a question
belongs to app/; the numbers arrive here already read.
"""
from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field
from typing import Callable

from simpleeval import SimpleEval

from .models import Amount, Card, Rule, Ruling, admits
from .normalize import gold_key, verbatim_key

FUNCTIONS = {"min": min, "max": max, "abs": abs, "ceil": math.ceil, "floor": math.floor}
# the values a range check walks: every number a board game's table could start or end on
_PROBE = range(-200, 201)


class RulingError(ValueError):
    """A ruling that cannot be computed as written (kb check reports these for every ruling)."""


@dataclass
class Step:
    """One number a computation used: a parameter the player gave, or another ruling's value."""
    name: str
    value: float
    ruling: str | None = None          # the ruling whose value it is (None: the player's number)


@dataclass
class Computed:
    """A ruling's answer for the player's numbers: an amount, several amounts, or a verdict (a yes/no
    table), with the numbers it used in order."""
    ruling: str
    amount: float | None = None
    items: list[Amount] = field(default_factory=list)
    verdict: str | None = None
    steps: list[Step] = field(default_factory=list)
    # the answer for every case, where the player gave none of the numbers it reads (`general`): the whole
    # table (each row's values and amount), or the amount per one of a parameter (`amount` per `per`)
    rows: list[tuple] = field(default_factory=list)
    per: str | None = None


def formula_names(formula: str) -> set[str]:
    """The names a formula reads (its functions excluded); RulingError when it is not an expression."""
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError as exc:
        raise RulingError(f"formula {formula!r} is not an expression ({exc.msg})") from None
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    unknown = calls - set(FUNCTIONS)
    if unknown:
        raise RulingError(f"formula {formula!r} calls {', '.join(sorted(unknown))}; only {', '.join(FUNCTIONS)}")
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} - calls


def needs(ruling: Ruling, lookup: Callable[[str], Ruling | None], _seen: frozenset = frozenset()) -> list[str]:
    """The parameters a value needs from the player, its own and its uses' (in order, once each)."""
    value = ruling.value
    if value is None:
        return []
    out: list[str] = []
    if value.by:
        out.append(value.by)
    if value.formula:
        names = formula_names(value.formula)
        out += [n for n in ruling.params if n in names]
        for name, other_id in value.uses.items():
            other = lookup(other_id)
            if other is not None and other_id not in _seen:
                out += needs(other, lookup, _seen | {ruling.id})
    return list(dict.fromkeys(out))


def compute(ruling: Ruling, values: dict[str, float], lookup: Callable[[str], Ruling | None],
            _seen: frozenset = frozenset()) -> Computed | None:
    """The ruling's answer for the player's numbers (`values`, by parameter name; a used ruling reads the
    same numbers by its own names), or None when a number it needs was not given or no table row covers it.
    RulingError: the ruling cannot be computed as written."""
    value = ruling.value
    if ruling.id in _seen:
        raise RulingError(f"{ruling.id}: its formula uses itself")
    if value is None:
        return None
    out = Computed(ruling.id)
    if value.amount is not None:
        out.amount = value.amount
        return out
    if value.items:
        out.items = list(value.items)
        return out
    if value.by is not None:
        given = values.get(value.by)
        if given is None:
            return None
        row = next((r for r in value.rows if admits(r.at, given)), None)
        if row is None:
            return None
        out.steps.append(Step(value.by, given))
        out.amount, out.verdict = row.amount, row.verdict
        return out
    names: dict[str, float] = {}
    for name in formula_names(value.formula):
        if name in value.uses:
            other = lookup(value.uses[name])
            if other is None:
                raise RulingError(f"{ruling.id}: uses {value.uses[name]!r}, which is not a ruling")
            sub = compute(other, values, lookup, _seen | {ruling.id})
            if sub is None or sub.amount is None:
                return None
            out.steps.extend(s for s in sub.steps if s.ruling is None and all(s.name != t.name for t in out.steps))
            out.steps.append(Step(name, sub.amount, other.id))
            names[name] = sub.amount
        elif name in ruling.params:
            if values.get(name) is None:
                return None
            names[name] = values[name]
            if all(s.name != name for s in out.steps):
                out.steps.insert(0, Step(name, values[name]))
        else:
            raise RulingError(f"{ruling.id}: formula names {name!r}, neither a parameter nor a use")
    try:
        result = SimpleEval(names=names, functions=FUNCTIONS).eval(value.formula)
    except Exception as exc:      # simpleeval raises its own and Python's arithmetic errors
        raise RulingError(f"{ruling.id}: formula {value.formula!r} fails for {names} ({exc})") from None
    if isinstance(result, bool) or not isinstance(result, (int, float)) or not math.isfinite(result):
        raise RulingError(f"{ruling.id}: formula {value.formula!r} gives {result!r} for {names}, not a number")
    out.amount = int(result) if float(result).is_integer() else result
    return out


# how far a formula is probed for a constant rate: a cap ("min(2 * happy, 16)") shows inside a game's numbers
_RATE_PROBE = range(0, 51)


def general(ruling: Ruling, lookup: Callable[[str], Ruling | None]) -> Computed | None:
    """The answer for every case of a value that reads one of the player's numbers, where the question gives
    none: a table's rows (amounts only; a yes/no table decides a case, not a count), or — for a formula that
    is that number times a constant other than 1, and nothing else — the constant per one ("3 VP per leftover
    Scribe").
    None for any other value: a formula that caps, rounds or adds has no one answer without the number."""
    value = ruling.value
    if value is None:
        return None
    if value.by is not None:
        if any(r.amount is None for r in value.rows) or _gaps(value.rows):
            return None
        return Computed(ruling.id, rows=[(r.at, r.amount) for r in value.rows])
    if value.formula is None or value.uses:
        return None
    names = needs(ruling, lookup)
    if len(names) != 1:
        return None
    name = names[0]
    param = ruling.params[name]
    probe = [x for x in _RATE_PROBE if (param.min is None or x >= param.min) and (param.max is None or x <= param.max)]
    try:
        amounts = {x: compute(ruling, {name: x}, lookup) for x in probe}
    except RulingError:
        return None
    if len(probe) < 2 or any(c is None or c.amount is None for c in amounts.values()):
        return None
    first, second = probe[0], probe[1]
    rate = (amounts[second].amount - amounts[first].amount) / (second - first)
    # a rate of one is the player's number itself ("Population advances by the die value"): no number answers
    # it without theirs
    if abs(rate) in (0, 1) or any(abs(amounts[x].amount - rate * x) > 1e-9 for x in probe):
        return None
    return Computed(ruling.id, amount=int(rate) if float(rate).is_integer() else rate, per=name)


def _gaps(rows) -> bool:
    """Whether a table leaves out a case inside its range: the rows its sentence states (1, 2, 3 and 5 stones)
    are not the whole table, and shown whole they would hide the missing one."""
    covered: set[int] = set()
    ends: list[int] = []
    for row in rows:
        if isinstance(row.at, list):
            covered |= set(row.at)
            ends += row.at
        else:
            lo, hi = row.at.from_, row.at.to
            if lo is not None and hi is not None:
                covered |= set(range(lo, hi + 1))
            ends += [e for e in (lo, hi) if e is not None]
            covered |= {e for e in (lo, hi) if e is not None}
    return bool(ends) and any(x not in covered for x in range(min(ends), max(ends) + 1))


# -- kb check ----------------------------------------------------------------------------------------------
def check_rulings(kb, game) -> list:
    """The problems of one game's rulings (kb.store.Problem each, located at the ruling)."""
    from .store import Problem

    problems: list[Problem] = []
    family = {game.id, kb.corpus.games[game.id].base_game} - {None}

    def bad(ruling: Ruling, message: str) -> None:
        problems.append(Problem(ruling.where(), f"{ruling.id}: {message}"))

    forms: dict[str, tuple[str, str]] = {}
    words: dict = {}
    translated: dict = {}
    for ruling in game.rulings.values():
        if not ruling.id.startswith(f"{game.id}/ruling/"):
            bad(ruling, f"a ruling of {game.id} has an id starting with '{game.id}/ruling/'")
        rule = kb.entry(ruling.rule)
        if not isinstance(rule, (Rule, Card)) or rule.game not in family:
            bad(ruling, f"rule {ruling.rule!r} is not a rule or card of {game.id}")
        else:
            _check_quote(ruling, rule, bad)
        for ref in ruling.unless:
            target = kb.entry(ref)
            if not isinstance(target, (Rule, Card)) or target.game not in family:
                bad(ruling, f"unless {ref!r} is not a rule or card of {game.id}")
            elif ref == ruling.rule:
                bad(ruling, f"unless names its own rule {ref!r}")
        for ref in ruling.scenarios:
            if not any(ref in kb.games[g].scenario_ids for g in family if g in kb.games):
                bad(ruling, f"scenario {ref!r} does not exist")
        if ruling.value is not None:
            _check_value(kb, ruling, bad)
        if ruling.phase is not None:
            _check_phase(_rulebook_words(kb, game.id, words), ruling, bad, _translated_words(game, translated))
        for lang, q in ruling.asks.all() + ruling.denies.all():
            if _fragment(q):
                bad(ruling, f"asks {q!r}, which is no question: a comma in an unquoted [a, b] list cuts a question "
                            f"in two (quote it)")
        if ruling.said:
            # its own questions are its case: each names the moment or mode it is limited to
            for lang, q in ruling.asks.all() + ruling.denies.all():
                if not ruling.names_its_moment(q):
                    bad(ruling, f"asks {q!r}, which names none of its `said` words; its own questions name the "
                                f"case it is limited to")
        if not ruling.when:
            for lang, q in ruling.asks.all() + ruling.denies.all():
                key = gold_key(q)
                other = forms.get(key)
                if other and other[0] != ruling.id:
                    bad(ruling, f"asks {q!r} as {other[0]} does (a question has one reading; give one of them "
                                f"a `when` or another wording)")
                forms[key] = (ruling.id, lang)
    return problems


def _fragment(form: str) -> bool:
    """A few words without a question mark: the head of a question an unquoted flow list cut at its comma
    ("[In the Simple Game, when does…?]" is two items, "In the Simple Game" the first). A request ("연구실 등급별
    비용 알려줘") or a scene with its numbers is longer."""
    text = form.strip()
    return not text.endswith("?") and len(text.split()) <= 4 and not re.search(r"줘|주세요|\d", text)


def _check_quote(ruling: Ruling, rule, bad) -> None:
    official = False
    for lang in ("ko", "en"):
        quote = ruling.quote.get(lang)
        if not quote:
            continue
        text = rule.text.get(lang)
        if not text:
            bad(ruling, f"quote.{lang} given, but {rule.id} has no {lang} text")
            continue
        if verbatim_key(quote) not in verbatim_key(text):
            bad(ruling, f"quote.{lang} is not in the text of {rule.id}: {quote[:60]!r}")
            continue
        official = official or rule.origin.get(lang) == "official"
    if not official and any(rule.origin.get(lang) == "official" for lang in ("ko", "en")):
        bad(ruling, f"quote needs the words of {rule.id}'s official text in at least one language")


def _check_value(kb, ruling: Ruling, bad) -> None:
    value = ruling.value
    if value.rows:
        covered: dict[int, int] = {}
        for i, row in enumerate(value.rows):
            for n in _PROBE:
                if admits(row.at, n):
                    if n in covered:
                        bad(ruling, f"rows {covered[n] + 1} and {i + 1} both cover {value.by} = {n}")
                        break
                    covered[n] = i
    if value.formula is not None:
        try:
            names = formula_names(value.formula)
        except RulingError as exc:
            bad(ruling, str(exc))
            return
        unknown = names - set(ruling.params) - set(value.uses)
        if unknown:
            bad(ruling, f"formula names {', '.join(sorted(unknown))}: neither a parameter nor a use")
        for name, other_id in value.uses.items():
            other = kb.entry(other_id)
            if not isinstance(other, Ruling) or other.value is None:
                bad(ruling, f"uses {other_id!r}, which is not a ruling with a value")
            elif other.game != ruling.game and other.game != kb.corpus.games[ruling.game].base_game:
                bad(ruling, f"uses {other_id!r} of another game")
        try:
            _acyclic(kb, ruling, [])
        except RulingError as exc:
            bad(ruling, str(exc))
        else:
            _try_formula(kb, ruling, bad)
    if value.show is not None:
        known = set(ruling.params) | set(value.uses) | {"value"}
        import string
        for lang in ("ko", "en"):
            try:
                fields = {f for _, f, _, _ in string.Formatter().parse(value.show.get(lang)) if f}
            except ValueError as exc:
                bad(ruling, f"show.{lang} is not a template ({exc})")
                continue
            if fields - known:
                bad(ruling, f"show.{lang} names {', '.join(sorted(fields - known))}: not a parameter, use or value")


def _acyclic(kb, ruling: Ruling, path: list[str]) -> None:
    if ruling.id in path:
        raise RulingError(f"uses form a circle: {' → '.join(path + [ruling.id])}")
    for other_id in (ruling.value.uses if ruling.value else {}).values():
        other = kb.entry(other_id)
        if isinstance(other, Ruling):
            _acyclic(kb, other, path + [ruling.id])


def _try_formula(kb, ruling: Ruling, bad) -> None:
    """Compute the formula once with every parameter at a value it admits, so a formula that cannot be
    computed fails the check, not a player's question."""
    def lookup(i):
        e = kb.entry(i)
        return e if isinstance(e, Ruling) else None

    values = {}
    for r in [ruling, *(lookup(i) for i in ruling.value.uses.values())]:
        for name, param in (r.params.items() if r else ()):
            first = next((row.at for row in (r.value.rows if r.value else []) if r.value.by == name), None)
            sample = (first[0] if isinstance(first, list) else (first.from_ if first.from_ is not None else first.to)) \
                if first is not None else (param.min if param.min is not None else max(1, param.max or 1))
            values.setdefault(name, sample)
    try:
        compute(ruling, values, lookup)
    except RulingError as exc:
        bad(ruling, str(exc))


def _rulebook_words(kb, game_id: str, kept: dict) -> dict[str, str]:
    """The game's rulebooks (its own and its base game's) as one comparison text per language."""
    if not kept:
        info = kb.corpus.games[game_id]
        files = list(info.files) + (list(kb.corpus.games[info.base_game].files) if info.base_game else [])
        for lang in ("ko", "en"):
            own = [f for f in files if f.lang == lang]
            if own:
                kept[lang] = "\n".join("".join(f.line_keys) for f in own)
    return kept


def _translated_words(game, kept: dict) -> dict[str, str]:
    """The game's own rules and cards in their labelled translations (not the official printed text), as one
    comparison text per language."""
    if not kept:
        for lang in ("ko", "en"):
            kept[lang] = "\n".join(verbatim_key(entry.text.get(lang) or "")
                                   for table in (game.rules, game.cards) for entry in table.values()
                                   if entry.origin.get(lang) not in (None, "official"))
    return kept


def _check_phase(words: dict[str, str], ruling: Ruling, bad, translated: dict[str, str]) -> None:
    """A moment of play is named in the rulebook's own words, where the game has a rulebook in that language. A
    game whose rulebook is not printed in that language (Time of Seth in English, whose words here are the base
    game's rulebook) may also name it in the labelled translation of its own rules: "at the end of setup", "only
    on your own turn" (an Artifact's effect happens when it is used, which its card's text does not say), not the
    base rulebook's nearest phrase."""
    for lang, text in words.items():
        key = verbatim_key(ruling.phase.get(lang))
        if key not in text and key not in translated.get(lang, ""):
            bad(ruling, f"phase.{lang} {ruling.phase.get(lang)!r} is not in the {lang} rulebook's words")
