"""Examples built from what a question names (engine/asked.py: its objects and the numbers written for
them): "2 blue sections empty", "the blue bank is empty", "3 food short", "5 workers and 3 happy faces", "bid
4 with Cartography", "2 warriors and 2 knights", "population with 10 tokens in the yellow bank", "3 temples
under Despotism", "destroy a farm", "2 unused military actions", "the card row with 2 players", "Moses taken from slot 7 and elected this turn",
"strength 14, sacrificing a Riflemen in an aggression". Each builder sets a situation up and states what the rules say must happen, computed here from the
board's facts and the rule's arithmetic — never by running the engine."""
from __future__ import annotations

import re

from functools import lru_cache

from .. import asked
from ..api import QuestionExample
from ..asked import Asked
from ..examples import best_of
from ..numbers import particle
from . import economy as eco
from .cards import DATA_DIR, all_cards, card, name, value

card_name = name

GAME = "through-the-ages"


@lru_cache(maxsize=1)
def vocabulary() -> asked.Vocabulary:
    """data/vocabulary.yaml, its building kinds marked by every card of that kind (a temple is Religion,
    Theology or Organized Religion), and every other card a thing of its own, by its printed name."""
    def cards_of(entry: dict) -> list[str]:
        select = entry.get("cards") or {}
        return [cid for cid in all_cards() if select and all(card(cid).get(k) == v for k, v in select.items())]

    base = asked.Vocabulary.load(DATA_DIR / "vocabulary.yaml", cards_of)
    named: dict[tuple, list[str]] = {}
    for cid in all_cards():
        if base.thing(cid) is None:
            named.setdefault((name(cid, "en"), name(cid, "ko")), []).append(cid)
    things = [asked.Thing(ids[0], "card", {"en": en, "ko": ko}, asked.name_pattern(en, ko), frozenset(ids), keys=True)
              for (en, ko), ids in named.items()]
    return asked.Vocabulary(things).merged(base)


def _refused(en: str, ko: str) -> QuestionExample:
    return QuestionExample(None, _notice(en, ko))


def _notice(en: str, ko: str) -> dict:
    return {"en": en, "ko": ko}



def corruption(asked: Asked) -> QuestionExample | None:
    sizes = value("blue_bank.sections")
    table = value("blue_bank.corruption")
    total = sum(sizes)
    n = asked.number("sections")
    if n is None and "sections" in asked.words and "tokens" not in asked.words:
        n = asked.number(thing="blue_bank")         # "파란색 저장소 2개 구역이 비면": the sections' count
    taken = asked.number("tokens") if n is None else None
    if taken is not None and not 0 <= taken <= total:
        return _refused(f"The blue bank holds {total} tokens: {taken} cannot be taken out of it, so no example is built "
                        "from it.",
                        f"파란색 저장소의 토큰은 {total}개입니다: {taken}개를 꺼낼 수는 없어 예시를 만들지 않았습니다.")
    if taken is not None:
        n = eco.emptied(list(sizes), taken)         # tokens out of the bank: the sections they empty
    if n is None and asked.has("blue_bank") and EMPTY.search(asked.text):
        n = len(sizes)                              # "the blue bank is empty": every section
    if n is None:
        return None
    if not 0 <= n <= len(sizes):
        return _refused(f"The blue bank has {len(sizes)} sections: {n} cannot be empty, so no example is built from it.",
                        f"파란색 저장소는 {len(sizes)}개 구역입니다: {n}개 구역이 빌 수는 없어 예시를 만들지 않았습니다.")
    held = sum(sizes[:n]) if taken is None else taken
    bank = total - held
    owed = table[n]
    if taken is None:
        title = {"en": f"Corruption with {n} blue section(s) empty", "ko": f"파란색 저장소 {n}개 구역이 빈 자원 낭비"}
    else:
        title = {"en": f"Corruption with {taken} token(s) out of the blue bank ({n} section(s) empty)",
                 "ko": f"파란색 저장소에서 토큰 {taken}개를 꺼냈을 때의 자원 낭비 (빈 구역 {n}개)"}
    spec = {"id": f"{GAME}/scenario/from-question/corruption-{n}" + (f"-taken-{taken}" if taken is not None else ""),
            "rules": ["through-the-ages/advanced/mechanics/corruption/four-and-six"], "title": title,
            "setup": {"mode": "advanced", "me": {"workers": {"agriculture": 0, "bronze": 0, "philosophy": 1, "warriors": 1},
                                                 "blue": {"bronze": held}, "blue_bank": bank, "pool": 5}},
            "actions": [{"kind": "production"}],
            "expect": [{"description": f"{n} empty section(s) reveal corruption {owed}", "description_ko": f"빈 구역 {n}개: 자원 낭비율 {owed}",
                        "event": "resources", "field": "corruption", "equals": owed, "answers": {"asks": "corruption"}},
                       {"description": f"{owed} resource(s) lost", "description_ko": f"자원 {owed}개를 잃음",
                        "path": "me.resources", "equals": held - owed}]}
    return QuestionExample(spec)


def famine(asked: Asked) -> QuestionExample | None:
    short = asked.number("food")
    if short is None or not SHORT.search(asked.text):
        return None
    consumption = value("yellow_bank.consumption_known")["empty"]
    if not 1 <= short <= consumption:
        return _refused(f"Food consumption is at most {consumption}: {short} food short cannot happen, so no example is "
                        "built from it.",
                        f"식량 소비율은 최대 {consumption}입니다: 식량 {short}개 부족은 일어날 수 없어 예시를 만들지 않았습니다.")
    per = value("famine_culture_per_food")
    spec = {"id": f"{GAME}/scenario/from-question/famine-{short}", "rules": ["through-the-ages/later-rounds/famine/penalty"],
            "title": {"en": f"Famine: {short} food short", "ko": f"굶주림: 식량 {short}개 부족"},
            "setup": {"me": {"yellow_bank": 0, "pool": 18, "workers": {"bronze": 2, "philosophy": 1, "warriors": 1},
                             "blue": {"agriculture": consumption - short}, "culture": 30}},
            "actions": [{"kind": "production"}],
            "expect": [{"description": f"{short} food short", "description_ko": f"식량 {short}개 부족",
                        "event": "famine", "field": "short", "equals": short},
                       {"description": f"-{per} culture per missing food: -{per * short}",
                        "description_ko": f"부족한 식량 하나당 문화 점수 -{per}: -{per * short}",
                        "event": "famine", "field": "culture_lost", "equals": per * short,
                        "answers": {"asks": "culture_lost"}}]}
    return QuestionExample(spec)


# the happiness the yellow bank requires, as the question tells it ("행복 지수 3 구역 마지막 토큰까지 빠졌어", "the
# happiness-3 section is empty", "필요한 행복 지수 4", "I need 3 happy faces")
_REQUIRED = re.compile(r"행복\s?지수\s?(\d)\s?(?:짜리\s?)?(?:구역|칸)|필요(?:한)?\s?행복\s?지수(?:가|는|이)?\s?(\d)|"
                       r"행복\s?지수(?:가|를|는)?\s?(\d)\s?(?:이상\s?)?필요|\bhappiness[- ](\d)\s(?:section|space)|"
                       r"\brequired happiness (?:is |of )?(\d)\b|\b(?:need|needs|requires?|required)\s(\d)\s(?:happy|happiness)",
                       re.IGNORECASE)


def discontent(asked: Asked) -> QuestionExample | None:
    told = _REQUIRED.search(asked.text)
    required = int(next(g for g in told.groups() if g)) if told else None
    happy = next((g.value for g in asked.numbers if g.quantity == "happy"
                  and not (told and told.start() <= g.start < told.end())), None)
    workers = asked.number("workers")
    if happy is None or (workers is None and required is None):
        return None
    top = value("happiness_range")[1]
    if not 0 <= happy <= top - 1:
        return _refused(f"Happy faces run from 0 to {top}: {happy} cannot be set up as short of the requirement, so no "
                        "example is built from it.",
                        f"행복 지수는 0~{top}입니다: 행복 지수 {happy}에서는 필요한 행복 지수가 모자랄 수 없어 예시를 만들지 않았습니다.")
    spaces = value("yellow_bank.happiness_spaces")
    if required is not None and not 1 <= required <= min(top, len(spaces)):
        return None
    # where the question does not tell the requirement, two more than its happy faces (assumed: any shortfall shows
    # the rule; no number is answered from it)
    assumed = required is None
    required = min(top, happy + 2) if assumed else required
    taken = sum(spaces[:required])
    missing = max(0, required - happy)
    workers_en = f"{workers} unused worker(s), " if workers is not None else ""
    workers_ko = f"일하지 않는 일꾼 {workers}명, " if workers is not None else ""
    need = {"description": f"{required} happy face(s) required, {happy} shown: {missing} discontent worker(s) needed",
            "description_ko": f"필요한 행복 지수 {required}, 현재 {happy}: 불만 있는 일꾼 {missing}명 필요",
            "event": "happiness", "field": "discontent", "equals": missing}
    if not assumed:
        need["answers"] = {"asks": "discontent", "amount": missing}
    expect = [need]
    if workers is not None:
        expect.append({"description": "an uprising breaks out" if missing > workers else "no uprising",
                       "description_ko": "폭동이 일어남" if missing > workers else "폭동 없음",
                       "path": "me.uprising", "equals": missing > workers})
    spec = {"id": f"{GAME}/scenario/from-question/discontent-{workers}-{happy}-{required}",
            "rules": ["through-the-ages/advanced/mechanics/happiness/discontent-workers", "through-the-ages/advanced/mechanics/uprising/rule"],
            "title": {"en": f"{workers_en}{happy} happy face(s), {required} required",
                      "ko": f"{workers_ko}행복 지수 {happy}, 필요 {required}"},
            "setup": {"mode": "advanced", "me": {"yellow_bank": sum(spaces) - taken,
                                                 "pool": workers if workers is not None else missing,
                                                 "workers": {"religion": happy, "bronze": 2, "agriculture": 2, "philosophy": 1, "warriors": 1}}},
            "actions": [{"kind": "production"}],
            "expect": expect}
    return QuestionExample(spec)


def colonization(asked: Asked) -> QuestionExample | None:
    bid = asked.number("bid")
    if bid is None:
        return None
    carto = asked.has("cartography")
    bonus = card("cartography")["colonize"] if carto else 0
    swords = max(1, -(-(bid - bonus) // card("swordsmen")["strength"]))
    if swords > 10:
        return _refused(f"A bid of {bid} needs more than 10 Swordsmen to pay; the example does not set that many up.",
                        f"입찰 {particle(bid, '을')} 치르려면 검사가 10개보다 많이 필요해 예시를 만들지 않았습니다.")
    paid = swords * card("swordsmen")["strength"] + bonus
    spec = {"id": f"{GAME}/scenario/from-question/colonize-{bid}", "rules": ["through-the-ages/advanced/colonization/bid-is-sacrificed-strength",
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
    return QuestionExample(spec)


UNITS = ("warriors", "swordsmen", "knights")


def military(asked: Asked) -> QuestionExample | None:
    counts = {u: asked.number(thing=u) for u in UNITS}
    if not any(counts.values()):
        return None
    counts = {u: max(0, min(n or 0, 10)) for u, n in counts.items()}
    medieval = asked.has("medieval-army") or bool(re.search(r"medieval|중세", asked.text, re.IGNORECASE))
    units = sum(n * card(u)["strength"] for u, n in counts.items())
    armies = min(counts["warriors"] + counts["swordsmen"], counts["knights"]) if medieval else 0
    total = min(value("caps")["strength"], units + armies * card("medieval-army")["bonus"])
    spec = {"id": f"{GAME}/scenario/from-question/strength", "rules": ["through-the-ages/advanced/tactics/army-bonus", "through-the-ages/setup/ratings/maximums"],
            "title": {"en": "Military strength of the units" + (" with Medieval Army" if medieval else ""),
                      "ko": "군사 유닛의 군사력" + (" (중세 부대)" if medieval else "")},
            "setup": {"me": {"workers": {u: n for u, n in counts.items()}, "techs": list(counts),
                             "tactics": "medieval-army" if medieval else None}},
            "actions": [],
            "expect": [{"description": f"units {units}" + (f" + {armies} armies × 2" if medieval else "") + f" = {total}",
                        "description_ko": f"유닛 {units}" + (f" + 부대 {armies}개 × 2" if medieval else "") + f" = {total}",
                        "path": "me.strength", "equals": total, "answers": {"asks": "strength"}}]}
    return QuestionExample(spec, None)


def population(asked: Asked) -> QuestionExample | None:
    left = asked.number("tokens") if asked.has("yellow_bank") or "tokens" in asked.words else None
    if left is None:
        return None
    sizes = value("yellow_bank.sections")
    total = sum(sizes)
    if not 1 <= left <= total:
        return _refused(f"The yellow bank holds 1 to {total} tokens when population can increase: {left} cannot be set up.",
                        f"인구를 늘릴 수 있는 노란색 저장소의 토큰은 1~{total}개입니다: {left}개는 준비할 수 없습니다.")
    costs = list(value("yellow_bank.population_cost_known")) + list(value("yellow_bank.population_cost_more"))
    cost = costs[eco.emptied(sizes, total - left)]
    spec = {"id": f"{GAME}/scenario/from-question/population-{left}", "rules": ["through-the-ages/setup/yellow-tokens/population-cost"],
            "title": {"en": f"Increasing population with {left} tokens in the yellow bank",
                      "ko": f"노란색 저장소에 토큰 {left}개일 때 인구 늘리기"},
            "setup": {"me": {"yellow_bank": left, "blue": {"agriculture": 10}}},
            "actions": [{"kind": "increase_population"}],
            "expect": [{"description": f"the increase costs {cost} food", "description_ko": f"인구를 늘리는 데 식량 {cost}개",
                        "event": "population", "field": "food", "equals": cost, "answers": {"asks": "food_paid"}},
                       {"description": "one more unused worker", "description_ko": "일하지 않는 일꾼 +1", "path": "me.pool", "equals": 2}]}
    return QuestionExample(spec)


def urban_limit(asked: Asked) -> QuestionExample | None:
    """The n-th building of a kind under a government: the urban building limit (farms and mines have none)."""
    kind = asked.first("building")
    if kind is None:
        return None
    n = asked.number(thing=kind.key)
    nth = NTH.search(asked.text)
    more = False
    if nth:                                         # "a third temple", "세 번째 신전": the one built now
        word = next(g for g in nth.groups() if g).lower()
        n = NTH_VALUES.get(word) or int(word)
    elif n is not None and MORE.search(asked.text):    # "신전 2개 지었어. 하나 더": the one after them
        n, more = n + 1, True
    government = (asked.first("government") or None)
    gov = government.key if government else value("start")["government"]
    limit = card(gov)["limit"]
    urban = kind.key not in ("farm", "mine")
    if n is None:
        if not urban or not LIMIT.search(asked.text) and government is None:
            return None
        n = limit + 1                              # the limit asked about: one past it
    if not 1 <= n <= 10:
        return _refused(f"A civilization has at most 10 workers on cards besides its unused ones: "
                                             f"{n} {kind.label['en']}s cannot be set up.",
                                             f"{kind.label['ko']} {n}개는 준비할 수 없습니다: 일꾼이 모자랍니다.")
    cid = _first_card(kind)
    have = n - 1
    workers = {"agriculture": 2 if cid != "agriculture" else max(2, have), "bronze": 2 if cid != "bronze" else max(2, have)}
    workers[cid] = have
    cost = card(cid)["cost"]
    setup = {"mode": "advanced", "me": {"government": gov, "workers": workers, "techs": [cid],
                                         "blue": {"bronze": cost}, "pool": 1}}
    # the scene as the question sets it: how many stand already, and "one more" where it says so
    title_en = ((f"Building one more {kind.label['en']} (the {_nth(n)})" if more else f"Building a {_nth(n)} {kind.label['en']}")
                + f" under {card_name(gov, 'en')}" + (f", {have} built" if have else ""))
    title_ko = (f"{card_name(gov, 'ko')}에서 {kind.label['ko']} {have}개를 지은 뒤 " if have else f"{card_name(gov, 'ko')}에서 ") \
        + (f"하나 더 ({n}번째) 건설" if more else f"{n}번째 {kind.label['ko']} 건설")
    spec = {"id": f"{GAME}/scenario/from-question/build-{kind.key}-{n}-{gov}", "title": {"en": title_en, "ko": title_ko},
            "rules": ["through-the-ages/second-round/build-urban-building/limit-per-type",
                      "through-the-ages/later-rounds/urban-building-limit/per-kind",
                      "through-the-ages/later-rounds/urban-building-limit/no-limit-others"],
            "setup": setup, "actions": [{"kind": "build", "card": cid}]}
    if urban and n > limit:
        spec["expect"] = [{"description": f"{card_name(gov, 'en')} allows {limit} {kind.label['en']}s: the {_nth(n)} is refused",
                           "description_ko": f"{card_name(gov, 'ko')}의 도시 건물 제한은 종류마다 {limit}개: {n}번째 "
                                             f"{kind.label['ko']} 건설 불가",
                           "raises": "through-the-ages/second-round/build-urban-building/limit-per-type",
                           "answers": {"asks": "build_it", "verdict": "no"}}]
    else:
        why_en = (f"within {card_name(gov, 'en')}'s limit of {limit}" if urban else "farms and mines have no limit")
        why_ko = (f"{card_name(gov, 'ko')}의 제한 {limit}개 이내" if urban else "농장과 광산은 제한 없음")
        spec["expect"] = [{"description": f"{n} {kind.label['en']}(s) on {card_name(cid, 'en')}: {why_en}",
                           "description_ko": f"{card_name(cid, 'ko')} 위의 {kind.label['ko']} {n}개: {why_ko}",
                           "path": f"me.workers.{cid}", "equals": n, "answers": {"asks": "build_it", "verdict": "yes"}}]
    return QuestionExample(spec)


def destroy(asked: Asked) -> QuestionExample | None:
    """Destroying one building (or disbanding one unit) of the kind asked: the worker back to the pool, no refund."""
    if not DESTROY.search(asked.text):
        return None
    kind = asked.first("building")
    cid = _first_card(kind) if kind else next((t.key for t in asked.of_kind("card") if card(t.key)["type"] in
                                                ("unit", "farm", "mine", "urban")), None)
    if cid is None:
        return None
    label = kind.label if kind else {"en": card_name(cid, "en"), "ko": card_name(cid, "ko")}
    workers = dict(value("start")["workers"])
    workers[cid] = max(1, workers.get(cid, 0))
    pool = value("start")["pool"]
    spec = {"id": f"{GAME}/scenario/from-question/destroy-{cid}", "title": {
                "en": f"Destroying a {label['en']}: the worker returns to the pool, no refund",
                "ko": f"{label['ko']} 해체: 일꾼은 대기소로, 자원은 돌려받지 않음"},
            "rules": ["through-the-ages/second-round/destroy-building/worker-to-pool",
                      "through-the-ages/second-round/destroy-building/procedure"],
            "setup": {"me": {"workers": workers, "techs": [cid], "blue": {"bronze": 1}, "pool": pool}},
            "actions": [{"kind": "destroy", "card": cid}],
            "expect": [{"description": f"one {label['en']} fewer on {card_name(cid, 'en')}",
                        "description_ko": f"{card_name(cid, 'ko')} 위의 {label['ko']} 하나 줄어듦",
                        "path": f"me.workers.{cid}", "equals": workers[cid] - 1},
                       {"description": f"{pool + 1} unused workers", "description_ko": f"일하지 않는 일꾼 {pool + 1}명",
                        "path": "me.pool", "equals": pool + 1},
                       {"description": "no resources back", "description_ko": "자원 환급 없음",
                        "path": "me.resources", "equals": 1}]}
    return QuestionExample(spec)


def military_cards(asked: Asked) -> QuestionExample | None:
    """Military cards drawn at the end of a turn: one per unused military action, at most 3. The unused
    actions are those of a government giving at least as many, the rest used."""
    unused = asked.number("military_actions")
    if unused is None:
        return None
    most = value("military_draw_max")
    governments = sorted((card(g)["military"], g) for g in all_cards() if card(g)["type"] == "government")
    top = governments[-1][0]
    if not 0 <= unused <= top:
        return _refused(f"A government gives at most {top} military actions, so the example cannot leave {unused} "
                        "unused.",
                        f"정부가 주는 군사 행동은 최대 {top}개라 {unused}개를 남기는 예시를 만들 수 없습니다.")
    actions, gov = next((m, g) for m, g in governments if m >= unused)
    drawn = min(unused, most)
    spec = {"id": f"{GAME}/scenario/from-question/military-cards-{unused}", "title": {
                "en": f"{unused} unused military actions at the end of the turn",
                "ko": f"턴이 끝날 때 쓰지 않은 군사 행동 {unused}개"},
            "rules": ["through-the-ages/advanced/military-cards/drawing/draw"],
            "setup": {"mode": "advanced", "me": {"government": gov, "military_used": actions - unused}},
            "actions": [{"kind": "end_turn"}],
            "expect": [{"description": f"{unused} unused military actions: {drawn} military card(s) (at most {most})",
                        "description_ko": f"쓰지 않은 군사 행동 {unused}개: 군사 카드 {drawn}장 (최대 {most}장)",
                        "path": "me.military_hand_size", "equals": drawn, "answers": {"asks": "military_cards"}}]}
    return QuestionExample(spec)


def leader_same_turn(asked: Asked) -> QuestionExample | None:
    """A leader taken from the card row and elected in the same turn: two separate actions, the slot's civil
    actions to take it and one more to put it into play."""
    named = next((t.key for t in asked.of_kind("card") if card(t.key)["type"] == "leader"), None)
    slot = asked.number("slot")
    if named is None and not LEADER.search(asked.text):
        return None
    if slot is None and not SAME_TURN.search(asked.text) and not TAKEN.search(asked.text):
        return None                                 # about the leader, not about taking and electing it
    costs = value("card_row")["zone_costs"]
    if slot is not None and not 1 <= slot <= len(costs):
        return _refused(f"The card row has {len(costs)} slots: a leader cannot be taken from slot {slot}, so no "
                        "example is built from it.",
                        f"카드 열은 {len(costs)}칸입니다: {slot}번째 칸에서는 지도자를 가져올 수 없어 예시를 만들지 않았습니다.")
    cid = named or "moses"
    slot = slot or 1
    zone = costs[slot - 1]
    elect = 1                                       # through-the-ages/second-round/elect-leader/cost
    left = asked.number("civil_actions")
    governments = sorted((card(g)["civil"], g) for g in all_cards() if card(g)["type"] == "government")
    top = governments[-1][0]
    if left is not None and not 0 <= left <= top:
        return _refused(f"A government gives at most {top} civil actions, so the example cannot have {left} left.",
                        f"정부가 주는 시민 행동은 최대 {top}개라 {left}개가 남은 예시를 만들 수 없습니다.")
    have = zone + elect if left is None else left
    total, gov = next((c, g) for c, g in governments if c >= have)
    en, ko = card_name(cid, "en"), card_name(cid, "ko")
    age = card(cid)["age"]
    row = [None] * (slot - 1) + [cid]
    spec = {"id": f"{GAME}/scenario/from-question/leader-same-turn-{cid}-{slot}" + (f"-{left}" if left is not None else ""),
            "title": {"en": f"Taking {en} from slot {slot} of the card row and electing the leader the same turn"
                            + (f" with {left} civil action(s) left" if left is not None else ""),
                      "ko": f"카드 열 {slot}번째 칸의 {particle(ko, '을')} 가져와 같은 턴에 지도자로 내려놓기"
                            + (f" (남은 시민 행동 {left}개)" if left is not None else "")},
            "rules": ["through-the-ages/second-round/elect-leader/same-turn", "through-the-ages/second-round/elect-leader/cost",
                      "through-the-ages/first-round/leaders/take-and-play"],
            "setup": {"age": "I" if age == "A" else age, "row": row,
                      "me": {"government": gov, "civil_used": total - have}},
            "actions": [{"kind": "take", "slot": slot - 1}, {"kind": "elect", "card": cid}]}
    if have < zone:
        spec["expect"] = [
            {"description": f"slot {slot} costs {zone} civil action(s) to take, {have} left: refused",
             "description_ko": f"{slot}번째 칸의 카드는 시민 행동 {zone}개, 남은 것은 {have}개: 가져올 수 없음",
             "raises": "through-the-ages/second-round/actions/repeat-and-limit"}]
    elif have < zone + elect:
        spec["expect"] = [
            {"description": f"{en} is taken into the hand for {zone} civil action(s)",
             "description_ko": f"시민 행동 {zone}개로 {particle(ko, '을')} 손으로 가져옴",
             "path": "me.hand", "equals": [cid]},
            {"description": "no civil action left to put the leader into play (it costs 1): refused this turn",
             "description_ko": "내려놓는 데 필요한 시민 행동 1개가 남지 않아 이번 턴에는 내려놓을 수 없음",
             "raises": "through-the-ages/second-round/actions/repeat-and-limit"}]
    else:
        spec["expect"] = [
            {"description": f"{en}, taken this turn, is in play the same turn",
             "description_ko": f"이번 턴에 가져온 {particle(ko, '이')} 같은 턴에 지도자로 놓임",
             "path": "me.leader", "equals": cid},
            {"description": f"{zone} civil action(s) to take it from slot {slot} + 1 to elect it = {zone + elect}; "
                            f"{have - zone - elect} left",
             "description_ko": f"{slot}번째 칸에서 가져오는 데 시민 행동 {zone}개 + 내려놓는 데 1개 = {zone + elect}개; "
                               f"{have - zone - elect}개 남음",
             "path": "me.civil_left", "equals": have - zone - elect}]
    return QuestionExample(spec)


UNIT_CARDS = ("warriors", "swordsmen", "knights", "riflemen", "cavalrymen", "cannon", "modern-infantry", "tanks",
              "rockets", "air-forces")


def aggression(asked: Asked) -> QuestionExample | None:
    """An aggression's attack: the attacker's strength plus the strength of the units sacrificed (counted twice
    in effect); the sacrificed units leave, so the strength after it is that much lower."""
    strengths = [g for g in asked.numbers if g.quantity == "strength"]
    unit = next((t.key for t in asked.of_kind("card") if card(t.key)["type"] == "unit"), None)
    per_unit = UNIT_STRENGTH.search(asked.text)
    k = None
    if unit is None and per_unit:                   # "a unit of strength 3": that number is the unit's
        k = int(next(g for g in per_unit.groups() if g))
        inside = [g for g in strengths if per_unit.start() <= g.start < per_unit.end()]
        drop = inside[0] if inside else next((g for g in reversed(strengths) if g.value == k), None)
        strengths = [g for g in strengths if g is not drop]
    if not strengths or (unit is None and k is None):
        return None
    n = strengths[0].value
    cap = value("caps")["strength"]
    if unit is None:
        unit = next((u for u in UNIT_CARDS if card(u)["strength"] == k), None)
        if unit is None:
            shown = sorted({card(u)["strength"] for u in UNIT_CARDS})
            return _refused(f"No military unit has strength {k} (units have {', '.join(map(str, shown))}), so no "
                            "example is built from it.",
                            f"군사력이 {k}인 군사 유닛은 없어(유닛의 군사력은 {', '.join(map(str, shown))}) "
                            "예시를 만들지 않았습니다.")
        count = int(next(g for g in m.groups() if g)) if (m := UNIT_COUNT.search(asked.text)) else 1
    else:
        count = asked.number(thing=unit) or 1
    k = card(unit)["strength"]
    if not 1 <= n <= cap:
        return _refused(f"Military strength runs up to {cap}: a strength of {n} cannot be set up.",
                        f"군사력은 최대 {cap}입니다: 군사력 {particle(n, '은')} 준비할 수 없습니다.")
    if count * k > n:
        return _refused(f"{count} unit(s) of strength {k} already give {count * k}, more than a strength of {n}: that "
                        "cannot be set up.",
                        f"군사력 {k}짜리 유닛 {count}개만으로도 군사력이 {count * k}라서 군사력 {particle(n, '을')} 준비할 수 없습니다.")
    workers = {"bronze": 2, "agriculture": 2, "philosophy": 1}
    rest = n - count * k
    filler = unit if k > 1 else "swordsmen"
    step = card(filler)["strength"]
    workers[unit] = count + (rest // step if filler == unit else 0)
    if filler != unit:
        workers[filler] = rest // step
    left = rest % step
    workers["warriors"] = workers.get("warriors", 0) + left
    workers = {c: m for c, m in workers.items() if m}
    named = next((t.key for t in asked.of_kind("card") if card(t.key)["type"] == "aggression"), None)
    play = named or "spy"
    info = card(play)                               # a target the card can be played on (its own condition)
    defender = ({"leader": "moses"} if info.get("discard_leader") else {"wonder": "pyramids"} if info.get("discard_wonder")
                else {"colonies": ["inhabited-territory"]} if info.get("take_colony") else {})
    added = count * k
    en, ko = card_name(unit, "en"), card_name(unit, "ko")
    spec = {"id": f"{GAME}/scenario/from-question/aggression-{n}-{unit}-{count}",
            "title": {"en": f"An aggression with strength {n}, sacrificing {count} {en} (strength {k})",
                      "ko": f"군사력 {particle(n, '으로')} 침략하며 {ko}(군사력 {k}) {count}개 희생"},
            "rules": ["through-the-ages/advanced/aggression/attacker-strength", "through-the-ages/advanced/aggression/procedure"],
            "setup": {"mode": "advanced", "me": {"workers": workers}, "others": [defender]},
            "actions": [{"kind": "aggression", "card": play, "target": "others.0", "units": [unit] * count}],
            "expect": [{"description": f"attack: strength {n} + sacrificed {count} × {k} = {n + added}",
                        "description_ko": f"공격력: 군사력 {n} + 희생한 유닛 {count} × {k} = {n + added}",
                        "event": "aggression", "field": "attack", "equals": n + added,
                        "answers": {"asks": "attack_strength"}},
                       {"description": f"the sacrificed units leave afterwards: strength {n} - {added} = {n - added}",
                        "description_ko": f"희생한 유닛은 끝나고 빠짐: 군사력 {n} - {added} = {n - added}",
                        "path": "me.strength", "equals": n - added, "answers": {"asks": "strength_after"}}]}
    return QuestionExample(spec)


def refill(asked: Asked) -> QuestionExample | None:
    """The card row at the start of a turn: the first cards leave by the player count."""
    players = asked.number("players")
    if players is None:
        return None
    removal = value("removal")
    if players not in removal:
        return _refused(f"Through the Ages is played by 2-4 players, not {players}.",
                                             f"이 게임은 2~4명이 합니다: {players}명은 준비할 수 없습니다.")
    gone = removal[players]
    row = ["homer", "moses", "hammurabi", "pyramids", "colossus", "hanging-gardens", "work-of-art-a", "rich-land-a",
           "frugality-a", "revolutionary-idea-a", "engineering-genius-a", "patriotism-a", "ideal-building-site-a"]
    spec = {"id": f"{GAME}/scenario/from-question/refill-{players}p", "title": {
                "en": f"Refilling the card row with {players} players", "ko": f"{players}인 게임의 카드 열 채우기"},
            "rules": ["through-the-ages/second-round/card-row/step-1-remove", "through-the-ages/second-round/card-row/step-2-shift-left"],
            "setup": {"players": players, "row": row},
            "actions": [{"kind": "refill"}],
            "expect": [{"description": f"{players} players: the cards of the first {gone} slot(s) go to the box",
                        "description_ko": f"{players}인: 앞의 {gone}칸의 카드는 상자로",
                        "path": "state.box", "equals": row[:gone], "answers": {"asks": "cards_removed", "amount": gone}},
                       {"description": f"the rest slide left: {card_name(row[gone], 'en')} is now in slot 1",
                        "description_ko": f"남은 카드는 왼쪽으로: {particle(card_name(row[gone], 'ko'), '이')} 1번 칸",
                        "path": "state.row.0", "equals": row[gone]}]}
    return QuestionExample(spec)


# the Simple game's end, and what a question counts for its bonus: "3 age I tech cards", "1시대 기술 카드 4장",
# "military strength 4", "군사력은 5", "happy faces add up to 11", "행복 지수 5", "4 science per round", "라운드당 식량
# 3개, 자원 5개"
SIMPLE_END = re.compile(r"맛보기\s?(?:게임)?\s?(?:이\s?)?(?:끝|종료)|\bsimple game (?:just |has )?(?:ended|is over|over)\b|"
                        r"\bend of the simple game\b|\bsimple game\b[^.?!]{0,20}\b(?:ended|over)\b", re.IGNORECASE)
_BONUS_PARTS = {
    "technologies": re.compile(r"(\d+)\s*(?:age I|Age I)\s+tech|1\s?시대\s?기술\s?카드\s?(\d+)\s?장", re.IGNORECASE),
    "strength": re.compile(r"\bstrength (?:is |of )?(\d+)\b|군사력(?:은|이|는)?\s?(\d+)", re.IGNORECASE),
    "happiness": re.compile(r"\bhappy faces (?:add up to|total|come to) (\d+)|\bhappiness (?:is |of )?(\d+)\b|"
                            r"행복\s?지수(?:\s?표식을\s?다\s?더하면)?(?:은|는|가|이)?\s?(\d+)", re.IGNORECASE),
    "science": re.compile(r"(\d+) science (?:points? )?(?:per|a|each) round|과학\s?(?:점수)?\s?(\d+)\s?(?:을|를)?\s?생산",
                          re.IGNORECASE),
    "food": re.compile(r"(\d+) food\b|식량\s?(\d+)\s?개", re.IGNORECASE),
    "resources": re.compile(r"(\d+) resources\b|자원\s?(\d+)\s?개", re.IGNORECASE),
}
# a part of the bonus named: the question adds it up, so its number must be told
_PART_WORDS = {"technologies": re.compile(r"\btech(?:nolog(?:y|ies))?\b|기술", re.IGNORECASE),
               "strength": re.compile(r"\bstrength\b|군사력", re.IGNORECASE),
               "happiness": re.compile(r"\bhapp(?:y|iness)\b|행복", re.IGNORECASE),
               "science": re.compile(r"\bscience\b|과학", re.IGNORECASE),
               "food": re.compile(r"\bfood\b|식량", re.IGNORECASE),
               "resources": re.compile(r"\bresources?\b|자원", re.IGNORECASE)}
_PER_ROUND = re.compile(r"per round|a round|each round|라운드\s?(?:당|마다)|\bproduce|생산", re.IGNORECASE)
# the Age I technologies a civilization can hold with no worker on them (no production, science or strength of
# their own): the cards a count of Age I technologies is made of, Monarchy (the government) first
_PLAIN_AGE_I = ("iron", "irrigation", "alchemy", "theology", "drama", "printing-press", "bread-and-circuses",
                "swordsmen", "knights")


def simple_bonus(asked: Asked) -> QuestionExample | None:
    """The Simple game's final bonus of what the question counts — each part the rate of the rulebook's list
    times its number (happiness: the track's faces, at most 8, so at most 16) — with every part it does not
    count set to nothing, so the bonus is the sum of the parts it asks about."""
    if not SIMPLE_END.search(asked.text):
        return None
    told = {}
    for part, pattern in _BONUS_PARTS.items():
        found = [int(next(g for g in m.groups() if g)) for m in pattern.finditer(asked.text)]
        if len(found) > 1:
            return None
        if found:
            told[part] = found[0]
    if ("food" in told or "resources" in told) and not _PER_ROUND.search(asked.text):
        return None
    if any(part not in told and words.search(asked.text) for part, words in _PART_WORDS.items()):
        return None         # a part the question adds up without its number ("happiness and science production")
    if len(told) < 1 or told.get("technologies", 1) < 1 or told.get("technologies", 1) > 1 + len(_PLAIN_AGE_I):
        return None
    if any(n > 30 for n in told.values()):
        return None
    rates = value("simple_bonus")
    n = told.get("technologies")
    workers = {"agriculture": told.get("food", 0), "bronze": told.get("resources", 0),
               "philosophy": told.get("science", 0), "religion": told.get("happiness", 0),
               "warriors": told.get("strength", 0)}
    me = {"government": "monarchy" if n else "despotism", "techs": list(_PLAIN_AGE_I[:n - 1]) if n else [],
          "workers": workers, "pool": 0}
    # a leader the question holds besides is no technology card: one with no part in the bonus stands for it
    leader = bool(LEADER.search(asked.text))
    if leader:
        me["leader"] = "christopher-columbus"
    faces = min(told.get("happiness", 0), 8)
    parts = {"technologies": rates["per_age_i_technology"] * (n or 0), "strength": rates["per_strength"] * told.get("strength", 0),
             "happiness": min(rates["happy_max"], rates["per_happy_face"] * faces),
             "science": rates["per_science_rating"] * told.get("science", 0),
             "production": rates["per_food_and_resource"] * (told.get("food", 0) + told.get("resources", 0))}
    words = {"technologies": (f"{n} Age I technology card(s), the government included: {n} × 2 = {parts['technologies']}",
                              f"1시대 기술 카드 {n}장(정부 카드 포함): {n} × 2 = {parts['technologies']}점"),
             "strength": (f"2 per point of military strength: {told.get('strength')} × 2 = {parts['strength']}",
                          f"군사력 1점 당 2점: {told.get('strength')} × 2 = {parts['strength']}점"),
             "happiness": (f"2 per happy face, at most 16 ({told.get('happiness')} face(s) count as {faces} on the track): "
                           f"{parts['happiness']}",
                           f"행복 지수 당 2점, 최대 16점 (행복 지수 {told.get('happiness')}은 트랙에서 {faces}): {parts['happiness']}점"),
             "science": (f"1 per science point produced per round: {parts['science']}",
                         f"라운드 당 생산하는 과학 점수 당 1점: {parts['science']}점"),
             "production": (f"1 per food and resource produced per round: {told.get('food', 0)} + {told.get('resources', 0)} = "
                            f"{parts['production']}",
                            f"라운드 당 생산하는 식량과 자원 1개 당 1점: {told.get('food', 0)} + {told.get('resources', 0)} = "
                            f"{parts['production']}점")}
    asked_parts = [p for p in ("technologies", "strength", "happiness", "science") if p in told] + \
        (["production"] if "food" in told or "resources" in told else [])
    total = sum(parts.values())
    expect = [{"description": words[p][0], "description_ko": words[p][1], "event": "bonus", "field": p, "equals": parts[p]}
              for p in asked_parts]
    expect.append({"description": " + ".join(str(parts[p]) for p in asked_parts) + f" = {total} bonus culture",
                   "description_ko": " + ".join(str(parts[p]) for p in asked_parts) + f" = 보너스 문화 점수 {total}점",
                   "event": "bonus", "field": "total", "equals": total, "answers": {"asks": "bonus", "sum": True}})
    named = {"technologies": (f"{n} Age I technologies", f"1시대 기술 카드 {n}장"),
             "strength": (f"strength {told.get('strength')}", f"군사력 {told.get('strength')}"),
             "happiness": (f"{told.get('happiness')} happy face(s)", f"행복 지수 {told.get('happiness')}"),
             "science": (f"{told.get('science')} science per round", f"라운드 당 과학 {told.get('science')}"),
             "production": (f"{told.get('food', 0)} food and {told.get('resources', 0)} resources per round",
                            f"라운드 당 식량 {told.get('food', 0)}개, 자원 {told.get('resources', 0)}개")}
    return QuestionExample({
        "id": f"{GAME}/scenario/from-question/simple-bonus-" + "-".join(f"{p}-{told.get(p)}" for p in sorted(told)),
        "title": {"en": "The Simple game's bonus: " + ", ".join(named[p][0] for p in asked_parts)
                        + ("; 1 Age I leader, no technology card" if leader else ""),
                  "ko": "맛보기 게임의 보너스 점수: " + ", ".join(named[p][1] for p in asked_parts)
                        + ("; 1시대 지도자 1명은 기술 카드가 아님" if leader else "")},
        "rules": [T + "simple-game-end/bonus-points"],
        "setup": {"last_round": True, "me": me},
        "actions": [{"kind": "final_bonus"}],
        "expect": expect,
    })


def _first_card(kind) -> str:
    """The lowest-level card of a building kind (a temple: Religion)."""
    return min(kind.marks & set(all_cards()), key=lambda c: (card(c)["level"], c))


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


EMPTY = re.compile(r"\bempty\b|\bran out\b|비[어었면었]|비게|바닥|하나도 없|다 써|0개", re.IGNORECASE)
SHORT = re.compile(r"\bshort\b|\bmissing\b|\bnot enough\b|부족|모자|못 ?내|famine|굶주|기아", re.IGNORECASE)
LIMIT = re.compile(r"\blimit\b|\bmax|\bhow many\b|몇 ?개|제한|최대|까지", re.IGNORECASE)
LEADER = re.compile(r"\bleaders?\b|\belect|지도자|추대", re.IGNORECASE)
TAKEN = re.compile(r"\btook\b|\btak(?:e|en|ing)\b|\bpick(?:ed)? up\b|\bfrom the (?:card )?row|가져|집었|집은|집어|카드 ?열에서", re.IGNORECASE)
SAME_TURN = re.compile(r"same turn|this turn|right away|at once|immediately|같은 턴|이번 턴|그 턴|바로|곧바로|즉시", re.IGNORECASE)
UNIT_STRENGTH = re.compile(r"\bunits? (?:of|with) strength (\d+)|\bstrength[- ](\d+) units?\b|\b(\d+)[- ]strength units?\b|"
                           r"(?:군사력|힘)\s?(?:이\s?)?(\d+)\s?(?:짜리|인|의)?\s?(?:군사\s?)?유닛", re.IGNORECASE)
UNIT_COUNT = re.compile(r"\b(\d+) units?\b|유닛\s?(\d+)\s?개", re.IGNORECASE)
DESTROY = re.compile(r"\bdestroy|\bdisband|\bdemolish|\bremove|해체|파괴|철거|없애|부수", re.IGNORECASE)

NTH_VALUES = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
              "두": 2, "세": 3, "네": 4, "다섯": 5}
NTH = re.compile(r"\b(second|third|fourth|fifth|2nd|3rd|4th|5th)\b|(?<![가-힣])(두|세|네|다섯|[2-5])\s?번째", re.IGNORECASE)
MORE = re.compile(r"하나\s?더|한\s?개\s?더|\bone more\b|\banother\b|\ban additional\b|\ban extra\b", re.IGNORECASE)
T = "through-the-ages/"
# (the question's words that call for a builder, the rules it shows (by id prefix: one of the answer's first
# rules must be among them), the builder)
BUILDERS = [
    (r"corruption|자원 낭비|부패|낭비", (T + "advanced/mechanics/corruption", T + "setup/blue-tokens",
                                        T + "advanced/how-to-play/happiness-and-corruption"), corruption),
    (r"famine|starv|굶주|기아|short|부족|모자|not enough", (T + "later-rounds/famine",), famine),
    (r"discontent|uprising|불만|폭동|happ|행복", (T + "advanced/mechanics/happiness", T + "advanced/mechanics/uprising",
                                            T + "setup/happiness"), discontent),
    (r"coloni|식민지|bid|입찰", (T + "advanced/colonization",), colonization),
    (r"strength|military|군사력|tactic|전술|warrior|knight|전사|기사", (T + "advanced/tactics", T + "setup/ratings",
                                                                   T + "comprehensive-example/military-strength"), military),
    (r"population|인구|yellow|노란", (T + "setup/yellow-tokens", T + "second-round/increase-population"), population),
    (None, (T + "second-round/build-urban-building", T + "later-rounds/urban-building-limit",
                                               T + "setup/government", T + "second-round/build-farm-or-mine",
                                               T + "despotism", T + "monarchy"), urban_limit),
    (r"destroy|disband|demolish|remove|해체|파괴|철거|없애|부수", (T + "second-round/destroy-building",), destroy),
    (r"military cards?|군사 카드", (T + "advanced/military-cards/drawing",), military_cards),
    (None, (T + "second-round/elect-leader", T + "first-round/leaders/take-and-play"), leader_same_turn),
    (r"aggress|침략|sacrific|희생|attack|공격", (T + "advanced/aggression",), aggression),
    (r"card row|the row|카드 ?열|refill", (T + "second-round/card-row", T + "how-to-play/refill-card-row",
                                                         T + "first-round/card-row"), refill),
    (r"simple|맛보기", (T + "simple-game-end", T + "comprehensive-example", T + "setup/happiness/simple-game-bonus"),
     simple_bonus),
]
RULES_READ = 5          # how far down the answer's rules a builder's rules are looked for


def example_from_question(asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
    """Of the builders the question's words call for and the answer's rules are shown by, the one whose
    example shows most of what the question asks."""
    first = rule_ids[:RULES_READ]
    made = []
    for pattern, rules, builder in BUILDERS:
        served = next((r for r in first if r.startswith(rules)), None)
        if served and (pattern is None or re.search(pattern, asked.text, re.IGNORECASE)) and (built := builder(asked)):
            built.rule = served
            made.append(built)
    return best_of(made, asked, vocabulary())
