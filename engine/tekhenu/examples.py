"""Examples built from the numbers in a question ("balance -7", "scales come out at minus seven", "gray
die 6 at Bastet with Happiness 8 and Population 10", "5 Bread with the marker on 3", "행복지수 16").

Each builder reads the question's numbers with engine.numbers (any phrasing, either language), sets up a
scenario for the engine, and writes its expectations from the rule's own table — the engine's facts
(data/board.yaml), never the engine's behaviour — so the example checks the engine against the rule
instead of echoing it. A number the game cannot have (a die of 7, Happiness above Population) is not
quietly replaced: the builder says which number it could not use and why (QuestionExample.notice).
"""
from __future__ import annotations

import re

from ..api import QuestionExample
from ..examples import Builder, first_fitting, refused
from ..numbers import number_near
from .board import FACTS

ID = "tekhenu/scenario/from-question/"
BALANCE = r"balance|scales?|균형값|균형|저울|밸런스"
FAITH = r"faith|신앙"
DIE = r"\bdie\b|\bdice\b|\broll(?:ed|s)?\b|주사위 눈|주사위|짜리"
HAPPINESS = r"happiness|행복지수|행복도|행복"
POPULATION = r"population|인구"
MARKER = r"marker|track|생산 마커|마커|트랙"
RESOURCE_WORDS = {"bread": "bread", "빵": "bread", "papyrus": "papyrus", "파피루스": "papyrus",
                  "limestone": "limestone", "석회암": "limestone", "granite": "granite", "화강암": "granite"}


def from_question(question: str, rule_ids: list[str], lang: str = "en") -> QuestionExample | None:
    return first_fitting(BUILDERS, question, rule_ids)



def _die_range() -> tuple[int, int]:
    return FACTS("limits.die_min"), FACTS("limits.die_max")


def _bad_die(value: int) -> QuestionExample | None:
    lo, hi = _die_range()
    if lo <= value <= hi:
        return None
    return refused(f"A die shows {lo} to {hi}: the {value} of the question cannot be a die value "
                    "(tekhenu/actions/scribes/no-wrap), so no example is built from it.",
                    f"주사위 눈은 {lo}~{hi}입니다: 질문의 {value}은(는) 주사위 눈이 될 수 없어 예시를 만들지 않았습니다 "
                    "(tekhenu/actions/scribes/no-wrap).")


# -- Maat: the balance and the VP-loss table ----------------------------------------------------------
def vp_lost(balance: int) -> int:
    """The VP-loss table (tekhenu/maat/vp-loss-table), read from the fact maat.vp_loss."""
    if balance >= 0:
        return 0
    bands = FACTS("maat.vp_loss")          # [lowest balance of the band, VP lost], highest band first
    return next((lost for lowest, lost in bands if balance >= lowest), bands[-1][1])


def _maat_balance(question: str) -> QuestionExample | None:
    balance = number_near(question, BALANCE, window=20)
    if balance is None:
        return None
    faith = number_near(question, FAITH) or 0
    dice, top = FACTS("maat.dice_per_player"), FACTS("limits.die_max")
    if balance > dice * top:
        return refused(f"A balance of +{balance} cannot happen: at a Maat phase each player has {dice} dice "
                        f"(tekhenu/rotation/step-2-maat-phase), at most {dice * top} on the Pure side.",
                        f"균형값 +{balance}은(는) 나올 수 없습니다: 마앗 단계에는 각자 주사위 {dice}개 "
                        f"(tekhenu/rotation/step-2-maat-phase), 온전한 쪽은 최대 {dice * top}입니다.")
    if faith < 0:
        return refused(f"Faith tokens are counted, not signed: the question's {faith} Faith cannot be set up.",
                        f"신앙 토큰은 개수입니다: 질문의 신앙 {faith}개는 준비할 수 없습니다.")
    final = balance + min(faith, abs(balance)) if balance < 0 else balance - min(faith, balance)
    loss = vp_lost(final)
    side = "tainted" if balance < 0 else "pure"
    color = "gray" if side == "tainted" else "white"
    values, taint = _dice_summing(abs(balance), dice, top)
    me = {"pure": [], "tainted": [], "taint_resources": taint, "faith": faith, "vp": 10}
    me[side] = [[color, v] for v in values]
    spec = {
        "id": f"{ID}balance{balance}" + (f"-faith{faith}" if faith else ""),
        "title": {"en": f"Maat phase with a balance of {balance}" + (f" and {faith} Faith" if faith else ""),
                  "ko": f"균형값 {balance}" + (f", 신앙 {faith}개" if faith else "") + "인 마앗 단계"},
        "rules": ["tekhenu/maat/vp-loss-table", "tekhenu/maat/step-1-balance", "tekhenu/maat/step-2-faith"],
        "setup": {"players": 2, "me": me},
        "actions": [{"kind": "phase", "phase": "maat"}],
        "expect": [
            {"description": f"balance {balance}" + (f" with {faith} Faith" if faith else ""),
             "description_ko": f"균형값 {balance}" + (f", 신앙 {faith}개 사용" if faith else ""),
             "path": "me.balance", "equals": final},
            {"description": f"VP lost by the VP-loss table at balance {final}: {loss}",
             "description_ko": f"균형값 {final}일 때 점수 손실표에 따른 손실: {loss}점", "path": "me.vp", "equals": 10 - loss},
        ],
    }
    return QuestionExample(spec)


def _dice_summing(total: int, dice: int, top: int) -> tuple[list[int], int]:
    """Up to `dice` dice of at most `top` summing to `total`; the rest as Resources on the Tainted side."""
    values = []
    while total > 0 and len(values) < dice:
        values.append(min(top, total))
        total -= values[-1]
    return values, total


# -- Bastet: Happiness up to Population, Scribes by the die ---------------------------------------------
def _bastet(question: str) -> QuestionExample | None:
    value = number_near(question, DIE)
    happiness = number_near(question, HAPPINESS, window=12)
    population = number_near(question, POPULATION, window=12)
    if value is None or happiness is None or population is None:
        return None
    bad = _bad_die(value)
    if bad:
        return bad
    top = FACTS("limits.populace_max")
    if not 0 <= happiness <= population <= top:
        if happiness > population:
            return refused(f"Happiness {happiness} above Population {population} cannot happen: Happiness never "
                            "exceeds Population (tekhenu/actions/bastet/happiness-cap).",
                            f"행복지수 {happiness}이(가) 인구 {population}보다 높을 수는 없습니다: 행복지수는 인구를 넘지 "
                            "못합니다 (tekhenu/actions/bastet/happiness-cap).")
        return refused(f"The Populace track runs from 0 to {top} (its end is an assumed fact, limits.populace_max): "
                        f"Happiness {happiness} / Population {population} cannot be set up.",
                        f"민중 트랙은 0~{top}입니다 (끝은 가정한 값, limits.populace_max): 행복지수 {happiness} / 인구 "
                        f"{population}은(는) 준비할 수 없습니다.")
    expected = min(happiness + value, population)
    scribes = FACTS("bastet.scribes_by_die")[value]
    rewards = {t: r for t, r in FACTS("bastet.happiness_rewards").items() if happiness < t <= expected}
    scribes += sum(1 for r in rewards.values() if r == "scribe")
    spec = {
        "id": f"{ID}bastet-{value}-{happiness}-{population}",
        "title": {"en": f"Bastet with a die of {value}, Happiness {happiness}, Population {population}",
                  "ko": f"주사위 {value}로 바스테트, 행복지수 {happiness}, 인구 {population}"},
        "rules": ["tekhenu/actions/bastet/advance-happiness", "tekhenu/actions/bastet/happiness-cap",
                  "tekhenu/actions/bastet/scribe-reward"],
        "setup": {"players": 2, "me": {"happiness": happiness, "population": population, "scribes": 0,
                                       "resources": {"papyrus": FACTS("bastet.cost_papyrus")}},
                  "dice": [{"as": "d1", "color": "gray", "value": value, "god": "bastet"}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "bastet"}],
        "expect": [
            {"description": f"Happiness {happiness} + {value}, never beyond Population {population}",
             "description_ko": f"행복지수 {happiness} + {value}, 인구 {population}을 넘지 않음",
             "path": "me.happiness", "equals": expected},
            {"description": f"Scribes for a die of {value}" + (" and for reaching 19 Happiness" if 19 in rewards else ""),
             "description_ko": f"주사위 눈 {value}에 따른 서기" + (" + 행복지수 19 도달 보상" if 19 in rewards else ""),
             "path": "me.scribes", "equals": scribes},
        ],
    }
    return QuestionExample(spec)


# -- Produce Resources: the Production marker and the excess as Taint --------------------------------------
def _produce(question: str) -> QuestionExample | None:
    words = "|".join(RESOURCE_WORDS)
    found = re.search(words, question, re.IGNORECASE)
    marker = number_near(question, MARKER, window=12)
    if found is None or marker is None:
        return None
    amount = number_near(question, DIE)
    if amount is None:
        amount = number_near(question, words, window=6)
    if amount is None:
        return None
    resource = RESOURCE_WORDS[found.group(0).lower()]
    color = next(c for c, r in FACTS("produce.color_resource").items() if r == resource)
    light = next(light for light, colors in FACTS("purity").items() if colors[color] == "pure")
    bad = _bad_die(amount)
    if bad:
        return bad
    lo, hi = FACTS("player_start.production"), FACTS("limits.production_max")
    if not lo <= marker <= hi:
        return refused(f"A Production marker stands between {lo} (where it starts, tekhenu/setup/production-markers) "
                        f"and {hi} (tekhenu/scoring/production): the question's {marker} cannot be set up.",
                        f"생산 마커는 {lo}(시작 위치, tekhenu/setup/production-markers)부터 {hi}(tekhenu/scoring/production) "
                        f"사이에 있습니다: 질문의 {marker}은(는) 준비할 수 없습니다.")
    keep, excess = min(amount, marker), max(0, amount - marker)
    spec = {
        "id": f"{ID}produce-{resource}-{amount}-on-{marker}",
        "title": {"en": f"Produce {amount} {resource.title()} with the marker on {marker}",
                  "ko": f"생산 마커 {marker}에서 {_KO[resource]} {amount}개 생산"},
        "rules": ["tekhenu/actions/produce/excess-taint", "tekhenu/actions/produce/take-and-compare"],
        "setup": {"players": 2, "me": {"production": {resource: marker}, "resources": {resource: 0},
                                       "taint_resources": 0},
                  "dice": [{"as": "d1", "color": color, "value": amount, "god": "osiris", "light": light}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "produce", "resource": resource}],
        "expect": [
            {"description": f"keep {keep} (the marker is on {marker})",
             "description_ko": f"{keep}개 보유 (생산 마커 {marker})",
             "path": f"me.resources.{resource}", "equals": keep},
            {"description": f"{excess} in excess go on the scales as Taint",
             "description_ko": f"초과분 {excess}개는 저울의 부패한 쪽으로",
             "path": "me.taint_resources", "equals": excess},
        ],
    }
    return QuestionExample(spec)


_KO = {"bread": "빵", "papyrus": "파피루스", "limestone": "석회암", "granite": "화강암"}


# -- Scoring: Happiness, not cumulative ------------------------------------------------------------------
def happiness_scoring_vp(happiness: int) -> tuple[int | None, int]:
    """(the highest symbol reached, its VP) from the fact scoring.happiness_vp; (None, 0) below the first."""
    reached = [(threshold, vp) for threshold, vp in FACTS("scoring.happiness_vp") if happiness >= threshold]
    return reached[-1] if reached else (None, 0)


def _happiness_scoring(question: str) -> QuestionExample | None:
    happiness = number_near(question, HAPPINESS, window=12)
    if happiness is None:
        return None
    top = FACTS("limits.populace_max")
    if not 0 <= happiness <= top:
        return refused(f"Happiness runs from 0 to {top} on the Populace track (its end is an assumed fact, "
                        f"limits.populace_max): the question's {happiness} cannot be set up.",
                        f"행복지수는 민중 트랙에서 0~{top}입니다 (끝은 가정한 값, limits.populace_max): 질문의 "
                        f"{happiness}은(는) 준비할 수 없습니다.")
    reached, vp = happiness_scoring_vp(happiness)
    first = FACTS("scoring.happiness_vp")[0][0]
    why = f"the highest symbol reached is {reached}" if reached else f"below the first symbol ({first})"
    why_ko = f"도달한 가장 높은 표식 {reached}" if reached else f"첫 표식({first}) 미만"
    spec = {
        "id": f"{ID}happiness-scoring-{happiness}",
        "title": {"en": f"Scoring with Happiness {happiness}", "ko": f"행복지수 {happiness}의 점수 계산"},
        "rules": ["tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative"],
        "setup": {"players": 2, "me": {"happiness": happiness, "population": top}},
        "actions": [{"kind": "phase", "phase": "scoring"}],
        "expect": [
            {"description": f"Happiness {happiness} scores {vp} VP ({why}; not cumulative)",
             "description_ko": f"행복지수 {happiness}: {vp}점 ({why_ko}, 누적 아님)",
             "event": "score_player", "who": "me", "field": "happiness", "equals": vp},
        ],
    }
    return QuestionExample(spec)


BUILDERS = [
    Builder(("tekhenu/maat/vp-loss-table", "tekhenu/maat/step-4-vp-loss", "tekhenu/maat/step-1-balance",
             "tekhenu/maat/step-2-faith", "tekhenu/maat/example-6", "tekhenu/maat/example-7",
             "tekhenu/quick-reference/maat-phase/taint-vp-loss"), _maat_balance),
    Builder(("tekhenu/actions/bastet/advance-happiness", "tekhenu/actions/bastet/happiness-cap",
             "tekhenu/actions/bastet/example-16", "tekhenu/actions/bastet/scribe-reward",
             "tekhenu/actions/bastet/scribe-reward-3-4", "tekhenu/actions/bastet/overview"), _bastet),
    Builder(("tekhenu/actions/produce/excess-taint", "tekhenu/actions/produce/take-and-compare",
             "tekhenu/actions/produce/example-17", "tekhenu/actions/produce/example-18"), _produce),
    Builder(("tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative",
             "tekhenu/quick-reference/scoring/happiness"), _happiness_scoring),
]
