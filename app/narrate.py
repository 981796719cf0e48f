"""A checked example as a person reads it: the situation, each step with what it did and the rule it
applied, before → after of only the values that changed, the checks, and the values the rulebook does
not state — in the reader's language. The engine supplies the words for its own actions, events and
fields (engine.api: narrate_action, narrate_event, label); this module only arranges them."""
from __future__ import annotations

from engine.api import Engine

SKIP = {"wheel"}          # drawn as a picture, not diffed


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
        if a.get(path) != b.get(path):
            label = " › ".join(engine.label(part, lang) for part in path)
            rows.append({"label": label, "before": value(a.get(path)), "after": value(b.get(path))})
    return rows


def narrate(engine: Engine, example: dict, lang: str) -> dict:
    """The example (a ScenarioResult as JSON) in words."""
    steps = []
    for step in example.get("steps") or [{"action": a, "events": []} for a in example.get("actions", [])]:
        lines = [text for e in step.get("events", []) if (text := engine.narrate_event(e, lang))]
        rules = sorted({e["rule"] for e in step.get("events", []) if e.get("rule")})
        refused = step.get("refused")
        steps.append({"text": engine.narrate_action(step["action"], lang), "events": lines, "rules": rules,
                      "refused": (f"{(refused.get('message_ko') if lang == 'ko' else None) or refused['message']} "
                                  f"[{refused['rule_id']}]" if refused else None)})
    checks = [{"text": (c.get("description_ko") if lang == "ko" and c.get("description_ko") else c["description"]),
               "expected": shown(c["expected"], lang), "actual": shown(c["actual"], lang), "ok": c["ok"]}
              for c in example.get("checks", [])]
    facts = []
    registry = engine.facts()
    for path in example.get("facts_used") or []:
        fact = registry.get(path)
        facts.append({"path": path, "source": fact.source if fact else "assumed",
                      "explain": fact.explain(lang) if fact else ""})
    return {"steps": steps, "changes": changes(engine, example.get("before") or {}, example.get("after") or {}, lang),
            "checks": checks, "facts": facts}
