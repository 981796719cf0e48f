"""The Simulator: a situation a player sets up (the fields each game's engine declares, engine.api.Field)
played by that game's engine, checked against the rules and narrated in the reader's language — for the
app's Simulator page and the HTTP API (`POST /v1/simulator/{game}`)."""
from __future__ import annotations

from app.core import narrate
from app.core.records import UsageError


def games() -> list[str]:
    """The games whose engine offers a Simulator, in the corpus' order."""
    from engine import registry
    from kb.corpus import GAME_IDS

    return [g for g in GAME_IDS if registry.has_engine(g) and registry.get(g).simulator_fields()]


def field_record(field) -> dict:
    """One input of a game's Simulator form, as JSON (what a front end draws the form from)."""
    return {"name": field.name, "label": dict(field.label), "kind": field.kind, "default": field.default,
            "choices": list(field.choices), "choice_labels": {str(k): dict(v) for k, v in field.choice_labels.items()},
            "min": field.min, "max": field.max, "help": dict(field.help) or None}


def checked_values(engine, given: dict) -> dict:
    """The form's values from outside the app's own form (whose widgets only offer valid ones): every
    name one of the game's fields, each value of its field's kind and range; missing ones take the
    field's default. Raises UsageError naming the field."""
    fields = {f.name: f for f in engine.simulator_fields()}
    unknown = sorted(set(given) - set(fields))
    if unknown:
        raise UsageError(f"{engine.info.id} has no Simulator field {', '.join(map(repr, unknown))}; its fields: "
                         f"{', '.join(fields)}",
                         f"{engine.info.id} 시뮬레이터에는 {', '.join(map(repr, unknown))} 항목이 없습니다. 항목: "
                         f"{', '.join(fields)}")
    out = {}
    for name, field in fields.items():
        value = given.get(name, field.default)
        if field.kind == "int":
            low = field.min if field.min is not None else "…"
            high = field.max if field.max is not None else "…"
            if (isinstance(value, bool) or not isinstance(value, int)
                    or (field.min is not None and value < field.min) or (field.max is not None and value > field.max)):
                raise UsageError(f"{name} must be a whole number from {low} to {high} (got {value!r})"[:200],
                                 f"{name}: {low}에서 {high} 사이의 정수를 넣으세요 ({value!r})"[:200])
        elif field.kind == "bool":
            if not isinstance(value, bool):
                raise UsageError(f"{name} must be true or false (got {value!r})"[:200],
                                 f"{name}: true 또는 false를 넣으세요 ({value!r})"[:200])
        elif value not in field.choices or isinstance(value, bool):
            choices = ", ".join(map(str, field.choices))
            raise UsageError(f"{name} must be one of: {choices} (got {value!r})"[:300],
                             f"{name}: 다음 중 하나를 넣으세요: {choices} ({value!r})"[:300])
        out[name] = value
    return out


def play(engine, values: dict, lang: str) -> tuple[dict, dict]:
    """(spec, example): the scenario the engine makes of the form's values, played, checked and narrated
    (the shape of `ask`'s example). Raises engine.api.ScenarioError for a situation that cannot be set up
    (its message "English / 한국어" where the engine writes both)."""
    from engine.scenarios import run

    spec = engine.simulator_scenario(values)
    return spec, narrated(engine, run(engine, spec), spec, lang)


def narrated(engine, result, spec: dict, lang: str) -> dict:
    """A played scenario's JSON with its title, its narration in `lang` and the facts it used explained."""
    example = result.to_json()
    example["title"] = spec.get("title")
    example["narrative"] = narrate.narrate(engine, example, lang)
    facts = engine.facts()
    example["facts_used"] = [{"path": p, "source": f.source if (f := facts.get(p)) else "assumed",
                              "explain": f.explain(lang) if f else ""} for p in result.facts_used]
    return example


def pictures(engine, spec: dict, lang: str) -> tuple[str | None, str | None, object]:
    """The Simulator's move drawn before and after (the engine's drawings, None where it draws none), and
    the refusal (IllegalAction) if the rules stopped it: then the move is not made and the "after" picture
    is the board as it was (a die taken for a refused action stays on the wheel)."""
    from engine.errors import IllegalAction

    situation = engine.scenario_setup(spec)
    before = engine.picture(situation, lang)
    for raw in spec.get("actions") or []:
        try:
            engine.scenario_step(situation, dict(raw))
        except IllegalAction as exc:
            return before, before, exc
    return before, engine.picture(situation, lang), None
