"""Examples built from a question's numbers ("2 blue sections empty", "3 food short", "5 workers and 3 happy
faces", "bid 4 with Cartography", "2 warriors and 2 knights", "population with 10 tokens in the yellow
bank"). Each builder sets a situation up and states what the rules say must happen, computed here from the
board's facts and the rule's arithmetic — never by running the engine."""
from __future__ import annotations

import re

from ..api import QuestionExample
from ..numbers import number_near, read_numbers
from . import economy as eco
from .cards import card, value

GAME = "through-the-ages"


def _notice(en: str, ko: str) -> dict:
    return {"en": en, "ko": ko}



def corruption(question: str) -> QuestionExample | None:
    sizes = value("blue_bank.sections")
    table = value("blue_bank.corruption")
    n = number_near(question, r"section|구역|칸")
    notice = None
    if n is None:
        n = 1
    if not 0 <= n <= len(sizes):
        notice = _notice(f"The blue bank has {len(sizes)} sections; {n} cannot be empty. The example empties 1.",
                         f"파란색 저장소는 {len(sizes)}개 구역이라 {n}개 구역이 빌 수 없습니다. 1개 구역으로 보여 줍니다.")
        n = 1
    bank = sum(sizes) - sum(sizes[:n])
    owed = table[n]
    held = sum(sizes) - bank
    spec = {"id": f"{GAME}/scenario/example-corruption-{n}", "rules": ["through-the-ages/advanced/mechanics/corruption/four-and-six"],
            "title": {"en": f"Corruption with {n} blue section(s) empty", "ko": f"파란색 저장소 {n}개 구역이 빈 자원 낭비"},
            "setup": {"mode": "advanced", "me": {"workers": {"agriculture": 0, "bronze": 0, "philosophy": 1, "warriors": 1},
                                                 "blue": {"bronze": held}, "blue_bank": bank, "pool": 5}},
            "actions": [{"kind": "production"}],
            "expect": [{"description": f"{n} empty section(s) reveal corruption {owed}", "description_ko": f"빈 구역 {n}개: 자원 낭비율 {owed}",
                        "event": "resources", "field": "corruption", "equals": owed},
                       {"description": f"{owed} resource(s) lost", "description_ko": f"자원 {owed}개를 잃음",
                        "path": "me.resources", "equals": held - owed}]}
    return QuestionExample(spec, notice)


def famine(question: str) -> QuestionExample | None:
    short = number_near(question, r"short|missing|부족|모자")
    if short is None:
        return None
    notice = None
    consumption = value("yellow_bank.consumption_known")["empty"]
    if not 1 <= short <= consumption:
        notice = _notice(f"Consumption is at most {consumption}; the example is 1 food short.",
                         f"식량 소비율은 최대 {consumption}이므로 식량 1개 부족으로 보여 줍니다.")
        short = 1
    per = value("famine_culture_per_food")
    spec = {"id": f"{GAME}/scenario/example-famine-{short}", "rules": ["through-the-ages/later-rounds/famine/penalty"],
            "title": {"en": f"Famine: {short} food short", "ko": f"굶주림: 식량 {short}개 부족"},
            "setup": {"me": {"yellow_bank": 0, "pool": 18, "workers": {"bronze": 2, "philosophy": 1, "warriors": 1},
                             "blue": {"agriculture": consumption - short}, "culture": 30}},
            "actions": [{"kind": "production"}],
            "expect": [{"description": f"{short} food short", "description_ko": f"식량 {short}개 부족",
                        "event": "famine", "field": "short", "equals": short},
                       {"description": f"-{per} culture per missing food: -{per * short}",
                        "description_ko": f"부족한 식량 하나당 문화 점수 -{per}: -{per * short}",
                        "event": "famine", "field": "culture_lost", "equals": per * short}]}
    return QuestionExample(spec, notice)


def discontent(question: str) -> QuestionExample | None:
    happy = number_near(question, r"happy|행복|웃는")
    workers = number_near(question, r"worker|일꾼")
    if happy is None or workers is None:
        return None
    notice = None
    top = value("happiness_range")[1]
    if not 0 <= happy <= top - 1:
        notice = _notice(f"Happiness shows 0-{top}; the example uses 1 happy face.", f"행복 지수는 0-{top}이므로 1로 보여 줍니다.")
        happy = 1
    required = min(top, happy + 2)
    spaces = value("yellow_bank.happiness_spaces")
    taken = sum(spaces[:required])
    missing = required - happy
    spec = {"id": f"{GAME}/scenario/example-discontent-{workers}-{happy}",
            "rules": ["through-the-ages/advanced/mechanics/happiness/discontent-workers", "through-the-ages/advanced/mechanics/uprising/rule"],
            "title": {"en": f"{workers} unused worker(s), {happy} happy face(s), {required} required",
                      "ko": f"일하지 않는 일꾼 {workers}명, 행복 지수 {happy}, 필요 {required}"},
            "setup": {"mode": "advanced", "me": {"yellow_bank": sum(spaces) - taken, "pool": workers,
                                                 "workers": {"religion": happy, "bronze": 2, "agriculture": 2, "philosophy": 1, "warriors": 1}}},
            "actions": [{"kind": "production"}],
            "expect": [{"description": f"{missing} discontent worker(s) needed", "description_ko": f"불만 있는 일꾼 {missing}명 필요",
                        "event": "happiness", "field": "discontent", "equals": missing},
                       {"description": "an uprising breaks out" if missing > workers else "no uprising",
                        "description_ko": "폭동이 일어남" if missing > workers else "폭동 없음",
                        "path": "me.uprising", "equals": missing > workers}]}
    return QuestionExample(spec, notice)


def colonization(question: str) -> QuestionExample | None:
    bid = number_near(question, r"bid|입찰")
    if bid is None:
        return None
    carto = bool(re.search(r"cartograph|지도", question, re.IGNORECASE))
    bonus = card("cartography")["colonize"] if carto else 0
    swords = max(1, -(-(bid - bonus) // card("swordsmen")["strength"]))
    notice = None
    if swords > 10:
        notice = _notice("The example caps the bid at 10.", "입찰은 10까지로 보여 줍니다.")
        bid, swords = 10, max(1, -(-(10 - bonus) // 2))
    paid = swords * card("swordsmen")["strength"] + bonus
    spec = {"id": f"{GAME}/scenario/example-colonize-{bid}", "rules": ["through-the-ages/advanced/colonization/bid-is-sacrificed-strength",
                                                                        "through-the-ages/advanced/colonization/at-least-one-unit"],
            "title": {"en": f"Paying a bid of {bid}" + (" with Cartography" if carto else ""),
                      "ko": f"입찰 {bid} 지불" + (" (지도 제작법)" if carto else "")},
            "setup": {"mode": "advanced", "me": {"specials": ["cartography"] if carto else [], "workers": {"swordsmen": swords}}},
            "actions": [{"kind": "colonize", "territory": "inhabited-territory", "bid": bid, "units": ["swordsmen"] * swords}],
            "expect": [{"description": f"{swords} Swordsmen ({swords * 2}) + bonus {bonus} = {paid} ≥ {bid}",
                        "description_ko": f"검사 {swords}개({swords * 2}) + 보너스 {bonus} = {paid} ≥ {bid}",
                        "event": "colony", "field": "paid", "equals": paid},
                       {"description": "the colony's immediate bonus: +1 unused worker",
                        "description_ko": "식민지의 즉시 보너스: 일하지 않는 일꾼 +1", "path": "me.pool", "equals": 2}]}
    return QuestionExample(spec, notice)


UNIT_WORDS = {"warriors": r"warrior|전사", "swordsmen": r"swords|검사", "knights": r"knight|기사"}


def military(question: str) -> QuestionExample | None:
    counts = {u: number_near(question, pat) for u, pat in UNIT_WORDS.items()}
    if not any(counts.values()):
        return None
    counts = {u: max(0, min(n or 0, 10)) for u, n in counts.items()}
    medieval = bool(re.search(r"medieval|중세", question, re.IGNORECASE))
    units = sum(n * card(u)["strength"] for u, n in counts.items())
    armies = min(counts["warriors"] + counts["swordsmen"], counts["knights"]) if medieval else 0
    total = min(value("caps")["strength"], units + armies * card("medieval-army")["bonus"])
    spec = {"id": f"{GAME}/scenario/example-strength", "rules": ["through-the-ages/advanced/tactics/army-bonus", "through-the-ages/setup/ratings/maximums"],
            "title": {"en": "Military strength of the units" + (" with Medieval Army" if medieval else ""),
                      "ko": "군사 유닛의 군사력" + (" (중세 부대)" if medieval else "")},
            "setup": {"me": {"workers": {u: n for u, n in counts.items()}, "techs": list(counts),
                             "tactics": "medieval-army" if medieval else None}},
            "actions": [],
            "expect": [{"description": f"units {units}" + (f" + {armies} armies × 2" if medieval else "") + f" = {total}",
                        "description_ko": f"유닛 {units}" + (f" + 부대 {armies}개 × 2" if medieval else "") + f" = {total}",
                        "path": "me.strength", "equals": total}]}
    return QuestionExample(spec, None)


def population(question: str) -> QuestionExample | None:
    left = number_near(question, r"token|토큰|yellow|노란")
    if left is None:
        return None
    sizes = value("yellow_bank.sections")
    total = sum(sizes)
    notice = None
    if not 1 <= left <= total:
        notice = _notice(f"The yellow bank holds 1-{total} tokens for an increase; the example uses {total}.",
                         f"노란색 저장소는 1-{total}개여야 인구를 늘릴 수 있으므로 {total}개로 보여 줍니다.")
        left = total
    costs = list(value("yellow_bank.population_cost_known")) + list(value("yellow_bank.population_cost_more"))
    cost = costs[eco.emptied(sizes, total - left)]
    spec = {"id": f"{GAME}/scenario/example-population-{left}", "rules": ["through-the-ages/setup/yellow-tokens/population-cost"],
            "title": {"en": f"Increasing population with {left} tokens in the yellow bank",
                      "ko": f"노란색 저장소에 토큰 {left}개일 때 인구 늘리기"},
            "setup": {"me": {"yellow_bank": left, "blue": {"agriculture": 10}}},
            "actions": [{"kind": "increase_population"}],
            "expect": [{"description": f"the increase costs {cost} food", "description_ko": f"인구를 늘리는 데 식량 {cost}개",
                        "event": "population", "field": "food", "equals": cost},
                       {"description": "one more unused worker", "description_ko": "일하지 않는 일꾼 +1", "path": "me.pool", "equals": 2}]}
    return QuestionExample(spec, notice)


BUILDERS = [
    (r"corruption|자원 낭비|부패", corruption), (r"famine|starv|굶주|기아|short|부족", famine),
    (r"discontent|uprising|불만|폭동|happ|행복", discontent), (r"coloni|식민지|bid|입찰", colonization),
    (r"strength|military|군사력|tactic|전술|warrior|knight|전사|기사", military),
    (r"population|인구", population),
]


def example_from_question(question: str, rule_ids: list[str], lang: str) -> QuestionExample | None:
    if not read_numbers(question):
        return None
    for pattern, builder in BUILDERS:
        if re.search(pattern, question, re.IGNORECASE):
            built = builder(question)
            if built is not None:
                return built
    return None
