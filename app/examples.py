"""Examples built from the numbers in a question ("balance −7", "gray die 6 at Bastet with Happiness 8
and Population 10", "5 Bread with the marker on 3"). Each builder turns the numbers into a scenario for
the engine; its expectations come from the rule (the rulebook's tables and sentences), so the engine's
result is still checked against the rule rather than echoed back."""
from __future__ import annotations

import re
from dataclasses import dataclass

NUMBER = r"([-−–]?\d{1,2})"


def signed_int(text: str) -> int:
    """A number as written in a question, with a typographic minus or dash read as "-"."""
    return int(text.replace("−", "-").replace("–", "-"))


@dataclass(frozen=True)
class Builder:
    rule_ids: tuple[str, ...]   # rules this builder demonstrates (a cited rule must be one of them)
    build: callable


def _maat_balance(question: str) -> dict | None:
    m = re.search(r"(?:balance|균형(?:값)?)[^\d\-−–]{0,12}" + NUMBER, question, re.IGNORECASE)
    if not m:
        return None
    balance = signed_int(m.group(1))
    if not -30 <= balance <= 30 or balance == 0:
        return None
    faith_m = re.search(NUMBER + r"\s*(?:faith|신앙)|(?:faith|신앙)[^\d]{0,6}" + NUMBER, question, re.IGNORECASE)
    faith = max(0, signed_int(faith_m.group(1) or faith_m.group(2))) if faith_m else 0
    final = balance + min(faith, abs(balance)) if balance < 0 else balance - min(faith, balance)
    # the rulebook's VP-loss table: -1..-2 → 0, -3..-5 → 1, -6..-8 → 2, -9 or less → 3
    loss = 0 if final >= -2 else 1 if final >= -5 else 2 if final >= -8 else 3
    dice = _dice_summing(abs(balance))
    side = "tainted" if balance < 0 else "pure"
    color = "gray" if side == "tainted" else "white"
    return {
        "id": f"tekhenu/scenario/from-question/balance{balance}",
        "rules": ["tekhenu/maat/vp-loss-table", "tekhenu/maat/step-1-balance", "tekhenu/maat/step-2-faith"],
        "setup": {"players": 2, "me": {side: [[color, v] for v in dice], "faith": faith, "vp": 10}},
        "actions": [{"kind": "phase", "phase": "maat"}],
        "expect": [
            {"description": f"balance {balance}" + (f" with {faith} Faith" if faith else ""),
             "description_ko": f"균형값 {balance}" + (f", 신앙 {faith}개 사용" if faith else ""),
             "path": "me.balance", "equals": final},
            {"description": f"VP lost by the VP-loss table at balance {final}",
             "description_ko": f"균형값 {final}일 때 점수 손실표에 따른 점수", "path": "me.vp", "equals": 10 - loss},
        ],
    }


def _dice_summing(total: int) -> list[int]:
    dice = []
    while total > 0:
        dice.append(min(6, total))
        total -= dice[-1]
    return dice


def _bastet(question: str) -> dict | None:
    die = re.search(r"(?:die|주사위)[^\d]{0,12}" + NUMBER + r"|" + NUMBER + r"\s*(?:짜리|die)", question, re.IGNORECASE)
    happy = re.search(r"(?:happiness|행복지수)[^\d]{0,4}" + NUMBER, question, re.IGNORECASE)
    pop = re.search(r"(?:population|인구)[^\d]{0,4}" + NUMBER, question, re.IGNORECASE)
    if not (die and happy and pop):
        return None
    value = signed_int(die.group(1) or die.group(2))
    happiness, population = signed_int(happy.group(1)), signed_int(pop.group(1))
    if not (1 <= value <= 6 and 0 <= happiness <= population <= 21):
        return None
    expected = min(happiness + value, population)
    scribes = 2 if value <= 2 else 1 if value <= 4 else 0
    return {
        "id": f"tekhenu/scenario/from-question/bastet-{value}-{happiness}-{population}",
        "rules": ["tekhenu/actions/bastet/advance-happiness", "tekhenu/actions/bastet/happiness-cap",
                  "tekhenu/actions/bastet/scribe-reward"],
        "setup": {"players": 2, "me": {"happiness": happiness, "population": population, "scribes": 0,
                                       "resources": {"papyrus": 2}},
                  "dice": [{"as": "d1", "color": "gray", "value": value, "god": "bastet"}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "bastet"}],
        "expect": [
            {"description": f"Happiness {happiness} + {value}, never beyond Population {population}",
             "description_ko": f"행복지수 {happiness} + {value}, 인구 {population}을 넘지 않음",
             "path": "me.happiness", "equals": expected},
            {"description": f"Scribes for a die of {value}", "description_ko": f"주사위 눈 {value}에 따른 서기",
             "path": "me.scribes",
             "equals": scribes + (1 if happiness < 19 <= expected else 0)},
        ],
    }


_COLOR_OF = {"bread": "brown", "빵": "brown", "papyrus": "yellow", "파피루스": "yellow",
             "limestone": "white", "석회암": "white", "granite": "black", "화강암": "black"}
_RESOURCE = {"brown": "bread", "yellow": "papyrus", "white": "limestone", "black": "granite"}
_LIGHT = {"brown": "shaded", "yellow": "shaded", "white": "sunny", "black": "dark"}


def _produce(question: str) -> dict | None:
    res = re.search(NUMBER + r"\s*(?:개의?\s*)?(bread|papyrus|limestone|granite|빵|파피루스|석회암|화강암)",
                    question, re.IGNORECASE)
    marker = re.search(r"(?:marker|마커)[^\d]{0,12}" + NUMBER, question, re.IGNORECASE)
    if not (res and marker):
        return None
    amount, level = signed_int(res.group(1)), signed_int(marker.group(1))
    color = _COLOR_OF[res.group(2).lower()]
    if not (1 <= amount <= 6 and 1 <= level <= 6):
        return None
    resource = _RESOURCE[color]
    return {
        "id": f"tekhenu/scenario/from-question/produce-{resource}-{amount}-on-{level}",
        "rules": ["tekhenu/actions/produce/excess-taint", "tekhenu/actions/produce/take-and-compare"],
        "setup": {"players": 2, "me": {"production": {resource: level}, "resources": {resource: 0}},
                  "dice": [{"as": "d1", "color": color, "value": amount, "god": "osiris", "light": _LIGHT[color]}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "produce", "resource": resource}],
        "expect": [
            {"description": f"keep {min(amount, level)} (the marker is on {level})",
             "description_ko": f"{min(amount, level)}개 보유 (생산 마커 {level})",
             "path": f"me.resources.{resource}", "equals": min(amount, level)},
            {"description": f"{max(0, amount - level)} in excess go on the scales as Taint",
             "description_ko": f"초과분 {max(0, amount - level)}개는 저울의 부패한 쪽으로",
             "path": "me.taint_resources", "equals": max(0, amount - level)},
        ],
    }


# tekhenu/scoring/happiness-not-cumulative: "3/6/9/12/15 Victory Points for reaching or exceeding
# 9/13/16/19/21 Happiness" (only the highest symbol reached counts)
_HAPPINESS_VP = ((21, 15), (19, 12), (16, 9), (13, 6), (9, 3))


def _happiness_scoring(question: str) -> dict | None:
    happy = re.search(r"(?:happiness|행복지수)[^\d]{0,6}" + NUMBER, question, re.IGNORECASE)
    if not happy:
        return None
    happiness = signed_int(happy.group(1))
    if not 0 <= happiness <= 21:
        return None
    reached, vp = next(((t, points) for t, points in _HAPPINESS_VP if happiness >= t), (None, 0))
    why = f"the highest symbol reached is {reached}" if reached else "below the first symbol (9)"
    why_ko = f"도달한 가장 높은 표식 {reached}" if reached else "첫 표식(9) 미만"
    return {
        "id": f"tekhenu/scenario/from-question/happiness-scoring-{happiness}",
        "rules": ["tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative"],
        "setup": {"players": 2, "me": {"happiness": happiness, "population": 21}},
        "actions": [{"kind": "phase", "phase": "scoring"}],
        "expect": [
            {"description": f"Happiness {happiness} scores {vp} VP ({why}; not cumulative)",
             "description_ko": f"행복지수 {happiness}: {vp}점 ({why_ko}, 누적 아님)",
             "event": "score_player", "who": "me", "field": "happiness", "equals": vp},
        ],
    }


BUILDERS = [
    Builder(("tekhenu/maat/vp-loss-table", "tekhenu/maat/step-4-vp-loss", "tekhenu/maat/step-1-balance",
             "tekhenu/maat/step-2-faith", "tekhenu/maat/example-6", "tekhenu/maat/example-7"), _maat_balance),
    Builder(("tekhenu/actions/bastet/advance-happiness", "tekhenu/actions/bastet/happiness-cap",
             "tekhenu/actions/bastet/example-16", "tekhenu/actions/bastet/scribe-reward"), _bastet),
    Builder(("tekhenu/actions/produce/excess-taint", "tekhenu/actions/produce/take-and-compare",
             "tekhenu/actions/produce/example-17", "tekhenu/actions/produce/example-18"), _produce),
    Builder(("tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative",
             "tekhenu/quick-reference/scoring/happiness"), _happiness_scoring),
]


def from_question(question: str, cited: list[str]) -> dict | None:
    """A scenario built from the question's numbers for one of the cited rules, if any fits."""
    for builder in BUILDERS:
        if any(rule in builder.rule_ids for rule in cited):
            spec = builder.build(question)
            if spec is not None:
                return spec
    return None
