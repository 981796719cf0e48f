"""A checked example as a person reads it: the situation, each step with what it did and the rule it
applied, before → after of only the values that changed, the checks, and the values the rulebook does
not state — in the reader's language. The engine supplies the words for its own actions, events and
fields (engine.api: narrate_action, narrate_event, label); this module only arranges them."""
from __future__ import annotations

import re

from engine.api import Engine
from engine.korean import fix_particles

# drawn as a picture (the wheel), or the engine's own bookkeeping that the steps already tell (whose
# decision is pending): not rows of "what changed"
SKIP = {"wheel", "decision"}
# words of a fact's path that say how it is stored, not what it is
FACT_PATH_WORDS = {"published", "printed", "value", "values", "readings", "conflicts"}
# the published open implementations and tables the engines' data cite by their authors' handles
# (engine/*/data: `ref`, `checked`): a player reads that a value is published, not whose repository
SOURCE_HANDLES = ("kgold", "GMetola", "chellmuth", "gauravs2989", "ptarjan", "meck93", "ilecipi", "eemir187",
                  "Umzugskarton", "Yucata")
# a reference to code, data files or a web address: a developer's note, not a player's (the full reference
# stays in `arbiter facts` and --json)
CODE_REF = re.compile(r"[\w./-]+\.(?:py|csv|cpp|hpp|java|ts|yaml|md)\b|\bsrc/|\w+\(\)|@?\b[0-9a-f]{12,40}\b"
                      r"|\b[\w-]+\.(?:com|org|net|io|wiki)\b"
                      r"|\b[A-Za-z][\w-]*\d*/[a-z][\w.-]*\b|\bKB\b|\b[a-z]+(?:-[a-z0-9]+){2,}\b|\b[a-z]+_[a-z0-9_]+\b"
                      r"|\b(?:null|None|True|False)\b|->|\b(?:" + "|".join(SOURCE_HANDLES) + r")\b",
                      re.ASCII)   # ASCII word boundaries: "cards.csv에도" ends its file name before 에


def flatten(view: dict, prefix: tuple = ()) -> dict[tuple, object]:
    """Scalar leaves of a view by key path; lists of scalars count as one value (dice on the scales)."""
    out: dict[tuple, object] = {}
    for key, value in view.items():
        if key in SKIP:
            continue
        path = prefix + (str(key),)
        if isinstance(value, dict):
            out.update(flatten(value, path))
        elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
            continue
        else:
            out[path] = value
    return out


def shown(value, lang: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return ("예" if value else "아니요") if lang == "ko" else ("yes" if value else "no")
    if isinstance(value, list):
        if not value or all(v is None for v in value):
            return "없음" if lang == "ko" else "none"
        return ", ".join("—" if v is None else str(v) for v in value)
    return str(value)


def _empty(value) -> bool:
    """Nothing there: no value, an empty list, or a list of empty places (a market with no card left)."""
    return value is None or (isinstance(value, (list, dict)) and all(v is None for v in value))


def changes(engine: Engine, before: dict, after: dict, lang: str) -> list[dict]:
    a, b = flatten(before), flatten(after)
    rows = []

    def value(v):      # a word of the game's ("black", "gray") in the reader's language
        if isinstance(v, str):
            return engine.label(v, lang)
        if isinstance(v, list) and any(isinstance(x, str) for x in v):
            return shown([engine.label(x, lang) if isinstance(x, str) else x for x in v], lang)
        return shown(v, lang)

    for path in list(a) + [p for p in b if p not in a]:
        if a.get(path) == b.get(path) or (_empty(a.get(path)) and _empty(b.get(path))):
            continue
        shown_before, shown_after = value(a.get(path)), value(b.get(path))
        if shown_before == shown_after:          # [] and None both read "none": nothing a reader sees changed
            continue
        label = " › ".join(engine.label(part, lang) for part in path)
        rows.append({"label": label, "before": shown_before, "after": shown_after})
    return rows


def fact_name(engine: Engine, path: str, lang: str) -> str | None:
    """A fact's name from the engine's words for its path ("cards.religion.published" → "Card › Religion");
    None when a part has no word (a player never reads a storage key)."""
    parts = [p for p in path.split(".") if p not in FACT_PATH_WORDS]
    words = [engine.label(p, lang) for p in parts]
    if any(w == p and not p.isdigit() for w, p in zip(words, parts)):
        return None
    return " › ".join(words) or None


def _player_sentences(text: str) -> str:
    """A note without its sentences (or parentheses) about code, data files and KB bookkeeping: the
    rest is what a player can read."""
    text = re.sub(r"\s*\([^()]*(?:" + CODE_REF.pattern + r")[^()]*\)", "", text)
    if re.search(r"[\uac00-\ud7a3]", text):      # a Korean note's English gloss, "부(wealth)": the Korean says it
        text = re.sub(r"\((?:[a-z]+ ?)+\)", "", text)
    kept = [s for s in re.split(r"(?<=[.;。])\s+|(?<=다\.)\s*", text) if s and not CODE_REF.search(s)]
    return " ".join(kept).strip()


def _sentences(text: str, lang: str) -> str:
    """A note as sentences a player reads: no clause left hanging on a ";" at its end, and in Korean no
    ";" at all (Korean prose ends a sentence with "다." and joins clauses with a comma)."""
    text = re.sub(r"\s*;\s*$", "", text.strip())
    if lang == "ko":
        text = re.sub(r"(?<=다)\s*;\s*", ". ", text)
        text = re.sub(r"\s*;\s*", ", ", text)
    if text and not re.search(r"[.!?)\"'”’]$", text):
        text += "."
    return text


def fact_text(fact, lang: str) -> str:
    """Why a value is not the rulebook's, in the reader's language, said first: an assumed value's reason
    (the engine decides what the text leaves open); a published value's origin — printed only on the
    components, taken from a published source — and then, labelled as such, how it was cross-checked
    (where that check quotes the rulebook, it reads as a check of the value, not as its source). Code files
    and references stay in `arbiter facts` and --json."""
    ko = lang == "ko"
    if fact is None:
        return ""
    if fact.source == "source":
        origin = ("구성물에 인쇄된 값으로, 공개된 자료에서 가져왔습니다." if ko
                  else "Printed on the components; taken from a published source.")
        checked = _player_sentences(" ".join(((fact.checked_ko if ko and fact.checked_ko else fact.checked)
                                              or "").split()))
        if checked:
            return f"{origin} {'대조' if ko else 'Cross-checked'}: {_sentences(checked, lang)}"
        return origin[:-1] + (", 다른 자료와 대조했습니다." if ko else ", cross-checked against another.")
    note = _player_sentences(" ".join(((fact.note_ko if ko and fact.note_ko else fact.note) or "").split()))
    return _sentences(note, lang) if note else ("규칙서 본문에 없는 값이라 엔진이 정한 값입니다." if ko
                                                else "The rulebook text does not state it; the engine decides it.")


def check_words(check: dict, lang: str) -> dict:
    """A check as a person reads it: what it shows, ✓ or ✗; the values only when they differ (a passing
    check's "expected 1, got 1" says nothing its sentence does not)."""
    text = check.get("description_ko") if lang == "ko" and check.get("description_ko") else check["description"]
    out = {"text": fix_particles(text) if lang == "ko" else text, "ok": check["ok"],
           "expected": shown(check["expected"], lang), "actual": shown(check["actual"], lang)}
    out["detail"] = "" if check["ok"] else (f"기대 {out['expected']}, 실제 {out['actual']}" if lang == "ko"
                                            else f"expected {out['expected']}, got {out['actual']}")
    return out


def narrate(engine: Engine, example: dict, lang: str) -> dict:
    """The example (a ScenarioResult as JSON) in words."""
    steps = []
    for step in example.get("steps") or [{"action": a, "events": []} for a in example.get("actions", [])]:
        lines = [text for e in step.get("events", []) if (text := engine.narrate_event(e, lang))]
        rules = sorted({e["rule"] for e in step.get("events", []) if e.get("rule")})
        refused = step.get("refused")
        message = ((refused.get("message_ko") if lang == "ko" else None) or refused["message"]) if refused else None
        if lang == "ko":
            lines = [fix_particles(line) for line in lines]
            message = fix_particles(message) if message else None
        steps.append({"text": fix_particles(engine.narrate_action(step["action"], lang)) if lang == "ko"
                      else engine.narrate_action(step["action"], lang), "events": lines, "rules": rules,
                      # what the rules refused and the rule that refuses it (its id for links, never for reading)
                      "refused": {"text": message, "rule_id": refused["rule_id"]} if refused else None})
    checks = [check_words(c, lang) for c in example.get("checks", [])]
    facts = []
    registry = engine.facts()
    for path in example.get("facts_used") or []:
        fact = registry.get(path)
        facts.append({"path": path, "source": fact.source if fact else "assumed",
                      "explain": fact.explain(lang) if fact else "",
                      "name": fact_name(engine, path, lang), "text": fact_text(fact, lang),
                      "reading": "readings" in path.split(".")})
    return {"steps": steps, "changes": changes(engine, example.get("before") or {}, example.get("after") or {}, lang),
            "checks": checks, "facts": facts}
