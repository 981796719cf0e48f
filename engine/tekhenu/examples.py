"""Examples built from what a question names ("balance -7", "scales come out at minus seven", "gray die 6
at Bastet with Happiness 8 and Population 10", "5 Bread with the marker on 3", "Thoth with a 5", "토트 6으로",
"라 주사위 2", "석상 4개", "행복지수 16").

Each builder reads the question through the game's vocabulary (engine/asked.py: its objects and the
numbers written for them, any phrasing, either language), sets up a scenario for the engine under the
asker's edition, and writes its expectations from the rule's own table — the engine's facts
(data/board.yaml), never the engine's behaviour — so the example checks the engine against the rule
instead of echoing it. A number the game cannot have (a die of 7, Happiness above Population) is not
quietly replaced: the builder says which number it could not use and why (QuestionExample.notice).
"""
from __future__ import annotations

import re

from ..api import QuestionExample
from ..asked import Asked, Vocabulary, load
from ..numbers import particle
from ..examples import Builder, about, best_fitting, clause, refused
from .board import FACTS, GODS as GODS_ALL
from .temple import open_building_spaces as temple_open
from .data_files import DATA_DIR
from .decrees import SCORING as DECREES
from .editions import EDITION_FACTS as EDITIONS

ID = "tekhenu/scenario/from-question/"
RESOURCES = ("bread", "papyrus", "limestone", "granite")
RESOURCE_KO = {"bread": "빵", "papyrus": "파피루스", "limestone": "석회암", "granite": "화강암", "gold": "금"}
THOTH_MARKET = [        # one Card Market for the Thoth examples (ids are placeholders; only their types matter)
    [{"kind": "blessing", "card": "B01"}, {"kind": "blessing", "card": "B02"}, {"kind": "technology", "card": "T01"}],
    [{"kind": "blessing", "card": "B03"}, {"kind": "blessing", "card": "B04"}, {"kind": "technology", "card": "T02"},
     {"kind": "technology", "card": "T03"}],
    [{"kind": "blessing", "card": "B05"}, {"kind": "technology", "card": "T04"}, {"kind": "technology", "card": "T05"},
     {"kind": "decree", "card": "D01"}],
    [{"kind": "blessing", "card": "B06"}, {"kind": "technology", "card": "T06"}, {"kind": "decree", "card": "D02"},
     {"kind": "decree", "card": "D03"}],
]
ORDINAL_KO = {1: "첫 번째", 2: "두 번째", 3: "세 번째", 4: "네 번째"}
ORDINAL_EN = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def vocabulary() -> Vocabulary:
    return load(DATA_DIR)


def from_question(asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
    return best_fitting(BUILDERS, asked, rule_ids, vocabulary())


def _edition(asked: Asked) -> str:
    """The asker's rulebook: a Korean question is answered by the Korean edition's rules."""
    return "ko" if asked.lang == "ko" else "en"


def _die_range() -> tuple[int, int]:
    return FACTS("limits.die_min"), FACTS("limits.die_max")


def _bad_die(value: int) -> QuestionExample | None:
    lo, hi = _die_range()
    if lo <= value <= hi:
        return None
    return refused(f"A die shows {lo} to {hi}: the question's {value} cannot be a die value, so no example is "
                   "built from it.",
                   f"주사위 눈은 {lo}~{hi}입니다: 질문의 {value}은(는) 주사위 눈이 될 수 없어 예시를 만들지 않았습니다.")


# -- Maat: the balance and the VP-loss table ----------------------------------------------------------
def vp_lost(balance: int) -> int:
    """The VP-loss table (tekhenu/maat/vp-loss-table), read from the fact maat.vp_loss."""
    if balance >= 0:
        return 0
    bands = FACTS("maat.vp_loss")          # [lowest balance of the band, VP lost], highest band first
    return next((lost for lowest, lost in bands if balance >= lowest), bands[-1][1])


def _maat_balance(asked: Asked) -> QuestionExample | None:
    balance = asked.number("balance")
    if balance is None:
        return None
    faith = asked.number("faith") or 0
    dice, top = FACTS("maat.dice_per_player"), FACTS("limits.die_max")
    if balance > dice * top:
        return refused(f"A balance of +{balance} cannot happen: at a Maat phase each player has {dice} dice, at most "
                       f"{dice * top} on the Pure side.",
                       f"균형값 +{particle(balance, '은')} 나올 수 없습니다: 마앗 단계에는 각자 주사위 {dice}개이고, 온전한 "
                       f"쪽은 최대 {dice * top}입니다.")
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
        "setup": {"players": 2, "edition": _edition(asked), "me": me},
        "actions": [{"kind": "phase", "phase": "maat"}],
        "expect": [
            {"description": f"balance {balance}" + (f" with {faith} Faith" if faith else ""),
             "description_ko": f"균형값 {balance}" + (f", 신앙 {faith}개 사용" if faith else ""),
             "path": "me.balance", "equals": final, "answers": {"asks": "balance"}},
            {"description": f"VP lost by the VP-loss table at balance {final}: {loss}",
             "description_ko": f"균형값 {final}일 때 점수 손실표에 따른 손실: {loss}점", "path": "me.vp", "equals": 10 - loss,
             "answers": [{"asks": "vp_lost", "amount": loss}, {"asks": "loses_vp", "verdict": "yes" if loss else "no"}]},
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
def _bastet(asked: Asked) -> QuestionExample | None:
    if not about(asked, "bastet", "god"):
        return None
    value = asked.number("die")
    if value is None:
        return None
    bad = _bad_die(value)
    if bad:
        return bad
    start = FACTS("player_start.happiness")
    happiness = asked.number("happiness")
    population = asked.number("population")
    happiness = start if happiness is None else happiness
    population = max(happiness + value, 9) if population is None else population
    top = FACTS("limits.populace_max")
    if not 0 <= happiness <= population <= top:
        if happiness > population:
            return refused(f"Happiness {happiness} above Population {population} cannot happen: Happiness never "
                           "exceeds Population.",
                           f"행복지수 {particle(happiness, '이')} 인구 {population}보다 높을 수는 없습니다: 행복지수는 인구를 "
                           "넘지 못합니다.")
        return refused(f"The Populace track runs from 0 to {top} (its end is an assumed board value): Happiness "
                       f"{happiness} / Population {population} cannot be set up.",
                       f"민중 트랙은 0~{top}입니다 (끝은 가정한 보드 값): 행복지수 {happiness} / 인구 "
                       f"{particle(population, '은')} 준비할 수 없습니다.")
    expected = min(happiness + value, population)
    scribes = FACTS("bastet.scribes_by_die")[value]
    rewards = {t: r for t, r in FACTS("bastet.happiness_rewards").items() if happiness < t <= expected}
    scribes += sum(1 for r in rewards.values() if r == "scribe")
    spec = {
        "id": f"{ID}bastet-{value}-{happiness}-{population}",
        "title": {"en": f"Bastet with a die of {value}, Happiness {happiness}, Population {population}",
                  "ko": f"주사위 {particle(value, '으로')} 바스테트, 행복지수 {happiness}, 인구 {population}"},
        "rules": ["tekhenu/actions/bastet/advance-happiness", "tekhenu/actions/bastet/happiness-cap",
                  "tekhenu/actions/bastet/scribe-reward"],
        "setup": {"players": 2, "edition": _edition(asked),
                  "me": {"happiness": happiness, "population": population, "scribes": 0,
                         "resources": {"papyrus": FACTS("bastet.cost_papyrus"), "gold": 0}},
                  "dice": [{"as": "d1", "color": "gray", "value": value, "god": "bastet"}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "bastet"}],
        "expect": [
            {"description": f"Happiness {happiness} + {value}, never beyond Population {population}",
             "description_ko": f"행복지수 {happiness} + {value}, 인구 {particle(population, '을')} 넘지 않음",
             "path": "me.happiness", "equals": expected, "answers": {"asks": "happiness"}},
            {"description": f"{scribes} Scribe(s) for a die of {value}" + (" and for reaching 19 Happiness" if 19 in rewards else ""),
             "description_ko": f"주사위 눈 {value}에 따른 서기 {scribes}명" + (" + 행복지수 19 도달 보상" if 19 in rewards else ""),
             "path": "me.scribes", "equals": scribes,
             "answers": [{"asks": "scribes"}, {"asks": "gets_scribes", "verdict": "yes" if scribes else "no"}]},
        ],
    }
    return QuestionExample(spec)


# -- Thoth: cards and Papyrus by the die, Card Market sections by Happiness ----------------------------------
def thoth_cards(value: int) -> tuple[int, int]:
    """(cards, Papyrus) for a Thoth die (tekhenu/actions/thoth/card-count), from market.cards_by_die."""
    cards, papyrus = FACTS("market.cards_by_die")[value]
    return cards, papyrus


def thoth_sections(happiness: int) -> int:
    """How many Card Market sections a Thoth action reaches at this Happiness (0: none), from
    market.sections_by_happiness."""
    return max(n for lowest, n in FACTS("market.sections_by_happiness") if happiness >= lowest)


def happiness_refused(*levels: int | None) -> QuestionExample | None:
    """The plain refusal for a Happiness the Populace track cannot hold (its end is an assumed board value), or
    None where every level given is on it. Shared with the expansion's builders."""
    top = FACTS("limits.populace_max")
    bad = next((v for v in levels if v is not None and not 0 <= v <= top), None)
    if bad is None:
        return None
    return refused(f"Happiness runs from 0 to {top} on the Populace track (its end is an assumed board value): "
                   f"the question's {bad} cannot be set up.",
                   f"행복지수는 민중 트랙에서 0~{top}입니다 (끝은 가정한 보드 값): 질문의 {particle(bad, '은')} "
                   "준비할 수 없습니다.")


def _thoth(asked: Asked) -> QuestionExample | None:
    if not about(asked, "thoth", "god"):
        return None
    value = asked.number("die")
    happiness = asked.number("happiness")
    if value is None and happiness is None:
        return None
    if value is not None and (bad := _bad_die(value)):
        return bad
    if bad := happiness_refused(happiness):
        return bad
    die = value if value is not None else FACTS("limits.die_min")
    level = FACTS("market.sections_by_happiness")[2][0] if happiness is None else happiness
    cards, papyrus = thoth_cards(die)
    wanted = asked.number("cards")
    beyond = None
    if wanted is not None and wanted > cards:     # the example takes what the die allows and says so
        beyond = {"en": f"A Thoth die of {die} takes {cards} card(s): {wanted} cannot be taken. The example shows the "
                        f"{cards} it takes.",
                  "ko": f"주사위 눈 {die}의 토트 행동은 카드 {cards}장입니다: {wanted}장은 가져올 수 없습니다. 예시는 "
                        f"가져올 수 있는 {cards}장을 보여 줍니다."}
    fewer = wanted is not None and 0 < wanted < cards
    if fewer:        # fewer cards than the die allows: the editions differ (KO may, EN may not)
        cards, papyrus = wanted, min(cost for n, cost in FACTS("market.cards_by_die").values() if n == wanted)
    reach = thoth_sections(level)
    section = max(reach, 1)                  # the highest section it reaches (the first when it reaches none)
    market = [THOTH_MARKET[i] if i < max(reach, 1) else None for i in range(4)]
    slots = list(range(cards))
    taken = [market[section - 1][s]["card"] for s in slots]
    edition = _edition(asked)
    spec = {
        "id": f"{ID}thoth-{die}-happiness-{level}" + (f"-{cards}-cards" if fewer else "") + f"-{edition}",
        "title": {"en": f"Thoth with a die of {die} at Happiness {level}",
                  "ko": f"행복지수 {level}에서 주사위 {particle(die, '으로')} 토트"},
        "rules": ["tekhenu/actions/thoth/card-count", "tekhenu/actions/thoth/market-sections-by-happiness",
                  "tekhenu/actions/thoth/same-section"],
        "setup": {"players": 2, "edition": edition,
                  "me": {"happiness": level, "population": max(level, FACTS("player_start.population")),
                         "blessings": [], "technologies": [], "decrees": [], "resources": {"papyrus": thoth_cards(die)[1], "gold": 0}},
                  "state": {"market": market},
                  "dice": [{"as": "d1", "color": "gray", "value": die, "god": "thoth"}]},
        "actions": [{"kind": "take_die", "die": "d1"},
                    {"kind": "perform", "action": "thoth", "section": section - 1, "cards": slots}],
    }
    if fewer and EDITIONS("thoth.take_all_cards")[edition] and reach:
        spec["expect"] = [{"description": f"the {'English' if edition == 'en' else 'Korean'} rulebook: a die of {die} must "
                                          f"take all {thoth_cards(die)[0]} cards; {cards} are refused",
                           "description_ko": f"{'영어판' if edition == 'en' else '한국어판'}: 주사위 눈 {particle(die, '은')} "
                                             f"카드 {thoth_cards(die)[0]}장을 모두 가져와야 함; {cards}장은 불가",
                           "raises": "tekhenu/actions/thoth/same-section"}]
    elif reach == 0:
        spec["expect"] = [{"description": f"Happiness {level}: no section of the Card Market is open to Thoth",
                           "description_ko": f"행복지수 {level}: 토트로 카드를 가져올 수 있는 구역이 없음",
                           "raises": "tekhenu/actions/thoth/market-sections-by-happiness"}]
    else:
        spec["expect"] = [
            {"description": f"a die of {die} takes {cards} card(s) from one section",
             "description_ko": f"주사위 눈 {die}: 한 구역에서 카드 {cards}장", "event": "thoth", "field": "cards",
             "equals": taken, "answers": {"asks": "cards", "amount": cards}},
            {"description": f"for {papyrus} Papyrus" + (" (assumed price: the table's for that many cards)" if fewer else ""),
             "description_ko": f"파피루스 {papyrus}개" + (" (가정한 가격: 표의 그 장수 가격)" if fewer else ""),
             "event": "thoth", "field": "papyrus", "equals": papyrus,
             "answers": [{"asks": "papyrus_paid"}, {"asks": "costs", "verdict": "yes" if papyrus else "no"}]},
            {"description": f"Happiness {level} reaches the {ORDINAL_EN[reach]} section: the cards come from there",
             "description_ko": f"행복지수 {level}: {ORDINAL_KO[reach]} 구역까지 가능, 그 구역에서 가져옴",
             "event": "thoth", "field": "section", "equals": section},
        ]
    return QuestionExample(spec, beyond)


# -- dice: Pure, Tainted or Forbidden by colour and light -------------------------------------------------------
def _purity(asked: Asked) -> QuestionExample | None:
    colour = next((t.key for t in asked.of_kind("colour") if t.key in FACTS("dice.colors")), None)
    light = asked.first("light")
    if colour is None or light is None:
        return None
    value = asked.number("die") or 3
    if bad := _bad_die(value):
        return bad
    state = FACTS("purity")[light.key][colour]
    words = {"pure": ("Pure", "온전함"), "tainted": ("Tainted", "부패함"), "forbidden": ("Forbidden", "금지됨")}[state]
    colour_en, colour_ko = asked.first("colour").label["en"], asked.first("colour").label["ko"]
    spec = {
        "id": f"{ID}purity-{colour}-{light.key}-{value}",
        "title": {"en": f"A {colour_en} of {value} in a {light.label['en']}: {words[0]}",
                  "ko": f"{light.label['ko']}의 {colour_ko} {value}: {words[1]}"},
        "rules": ["tekhenu/key-concept-dice/color-table", "tekhenu/round/take-die", "tekhenu/round/place-on-scales"],
        "setup": {"players": 2, "edition": _edition(asked),
                  "me": {"pure": [], "tainted": [], "happiness": FACTS("player_start.happiness"), "population": 9,
                         "resources": {"papyrus": FACTS("bastet.cost_papyrus"), "gold": 0}},
                  "dice": [{"as": "d1", "color": colour, "value": value, "god": "bastet", "light": light.key}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "bastet"}],
    }
    if state == "forbidden":
        spec["expect"] = [{"description": f"a {colour_en} in a {light.label['en']} is Forbidden: it cannot be taken",
                           "description_ko": f"{light.label['ko']}의 {colour_ko}는 금지됨: 가져올 수 없음",
                           "raises": "tekhenu/round/take-die", "answers": {"asks": "take_die", "verdict": "no"}}]
    else:
        spec["expect"] = [{"description": f"a {colour_en} in a {light.label['en']} is {words[0]}: it goes on that side "
                                          "of the scales",
                           "description_ko": f"{light.label['ko']}의 {colour_ko}는 {words[1]}: 저울의 그쪽에 놓임",
                           "path": f"me.{state}", "equals": [value], "answers": {"asks": "take_die", "verdict": "yes"}}]
    return QuestionExample(spec)


# -- Ra: the Pillar tile the die chooses --------------------------------------------------------------------------
def _ra(asked: Asked) -> QuestionExample | None:
    if not about(asked, "ra", "god"):
        return None
    value = asked.number("die")
    if value is None:
        return None
    if bad := _bad_die(value):
        return bad
    space = FACTS("ra.tile_space_by_die")[value]
    tiles = ["P22", "P23", "P24"]
    where_en, where_ko = (("leftmost", "가장 왼쪽"), ("middle", "가운데"), ("rightmost", "가장 오른쪽"))[space]
    spec = {
        "id": f"{ID}ra-{value}",
        "title": {"en": f"Ra with a die of {value}: the {where_en} Pillar tile",
                  "ko": f"라 - 주사위 {value}: {where_ko} 기둥 타일"},
        "rules": ["tekhenu/actions/ra/pillar-tile-choice"],
        "setup": {"players": 2, "edition": _edition(asked), "me": {"resources": {"limestone": 2, "gold": 0}},
                  "state": {"ra_tiles": tiles, "temple": {}},
                  "dice": [{"as": "d1", "color": "gray", "value": value, "god": "ra"}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "ra", "cell": "2,2", "rotation": 0}],
        "expect": [{"description": f"die {value}: the {where_en} tile ({tiles[space]})",
                    "description_ko": f"주사위 {value}: {where_ko} 타일({tiles[space]})",
                    "path": "state.temple.2,2.tile", "equals": tiles[space]}],
    }
    return QuestionExample(spec)


# -- Produce Resources: the Production marker and the excess as Taint --------------------------------------
def _produce(asked: Asked) -> QuestionExample | None:
    if not about(asked, "osiris", "god"):
        return None
    marker = asked.number("production")
    amount = asked.number("die")
    resource = next((t.key for t in asked.of_kind("resource") if t.key in RESOURCES), None)
    colour = asked.first("colour")
    producing = FACTS("produce.color_resource")
    if resource is None and colour is not None:
        resource = producing.get(colour.key)
    if resource is not None and amount is None:
        amount = asked.number(thing=resource)
    if resource is None or marker is None or amount is None:
        return None
    color = next(c for c, r in producing.items() if r == resource)
    if colour is not None and colour.key != color:
        made = producing.get(colour.key)
        made_en = made.title() if made else "no Resource"
        made_ko = _KO[made] if made else "자원 없음"
        return refused(f"A {colour.label['en']} produces {made_en}, not {resource.title()}: the question's die cannot "
                       "produce it, so no example is built.",
                       f"{colour.label['ko']}의 생산 자원: {made_ko}. 질문의 주사위로는 {particle(_KO[resource], '을')} "
                       "생산할 수 없어 예시를 만들지 않았습니다.")
    light = next(light for light, colors in FACTS("purity").items() if colors[color] == "pure")
    if bad := _bad_die(amount):
        return bad
    lo, hi = FACTS("player_start.production"), FACTS("limits.production_max")
    if not lo <= marker <= hi:
        return refused(f"A Production marker stands between {lo} (where it starts) and {hi}: the question's {marker} "
                       "cannot be set up.",
                       f"생산 마커는 {lo}(시작 위치)부터 {hi} 사이에 있습니다: 질문의 {particle(marker, '은')} 준비할 수 없습니다.")
    keep, excess = min(amount, marker), max(0, amount - marker)
    spec = {
        "id": f"{ID}produce-{resource}-{amount}-on-{marker}",
        "title": {"en": f"Produce {amount} {resource.title()} with the marker on {marker}",
                  "ko": f"생산 마커 {marker}에서 {_KO[resource]} {amount}개 생산"},
        "rules": ["tekhenu/actions/produce/excess-taint", "tekhenu/actions/produce/take-and-compare"],
        "setup": {"players": 2, "edition": _edition(asked),
                  "me": {"production": {resource: marker}, "resources": {resource: 0}, "taint_resources": 0},
                  "dice": [{"as": "d1", "color": color, "value": amount, "god": "osiris", "light": light}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "produce", "resource": resource}],
        "expect": [
            {"description": f"keep {keep} (the marker is on {marker})",
             "description_ko": f"{keep}개 보유 (생산 마커 {marker})",
             "path": f"me.resources.{resource}", "equals": keep, "answers": {"asks": "kept"}},
            {"description": f"{excess} in excess go on the scales as Taint",
             "description_ko": f"초과분 {excess}개는 저울의 부패한 쪽으로",
             "path": "me.taint_resources", "equals": excess, "answers": {"asks": "to_scales"}},
        ],
    }
    return QuestionExample(spec)


_KO = {"bread": "빵", "papyrus": "파피루스", "limestone": "석회암", "granite": "화강암"}


# -- Scoring: Statues and Happiness ------------------------------------------------------------------------------
def _statue_scoring(asked: Asked) -> QuestionExample | None:
    built = asked.number("statues")
    if built is None:
        return None
    table = FACTS("scoring.statues_vp")
    most = FACTS("player_start.statues")
    if not 0 <= built <= most:
        return refused(f"A player has {most} Statues: {built} built Statues cannot be set up.",
                       f"플레이어의 석상은 {most}개입니다: 지은 석상 {built}개는 준비할 수 없습니다.")
    spec = {
        "id": f"{ID}statues-{built}",
        "title": {"en": f"Scoring with {built} Statue(s) built", "ko": f"석상 {built}개를 지은 점수 계산"},
        "rules": ["tekhenu/scoring/statues"],
        "setup": {"players": 2, "edition": _edition(asked), "me": {"statues_left": most - built}},
        "actions": [{"kind": "phase", "phase": "scoring"}],
        "expect": [{"description": f"{built} Statue(s) built: {table[built]} VP",
                    "description_ko": f"석상 {built}개: {table[built]}점",
                    "event": "score_player", "who": "me", "field": "statues", "equals": table[built],
                    "answers": {"asks": "vp"}}],
    }
    return QuestionExample(spec)


def happiness_scoring_vp(happiness: int) -> tuple[int | None, int]:
    """(the highest symbol reached, its VP) from the fact scoring.happiness_vp; (None, 0) below the first."""
    reached = [(threshold, vp) for threshold, vp in FACTS("scoring.happiness_vp") if happiness >= threshold]
    return reached[-1] if reached else (None, 0)


def _happiness_scoring(asked: Asked) -> QuestionExample | None:
    happiness = asked.number("happiness")
    if happiness is None or asked.first("god") is not None:     # Happiness in a God Action's question
        return None
    if bad := happiness_refused(happiness):
        return bad
    reached, vp = happiness_scoring_vp(happiness)
    first = FACTS("scoring.happiness_vp")[0][0]
    why = f"the highest symbol reached is {reached}" if reached else f"below the first symbol ({first})"
    why_ko = f"도달한 가장 높은 표식 {reached}" if reached else f"첫 표식({first}) 미만"
    spec = {
        "id": f"{ID}happiness-scoring-{happiness}",
        "title": {"en": f"Scoring with Happiness {happiness}", "ko": f"행복지수 {happiness}의 점수 계산"},
        "rules": ["tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative"],
        "setup": {"players": 2, "edition": _edition(asked), "me": {"happiness": happiness,
                                                                 "population": FACTS("limits.populace_max")}},
        "actions": [{"kind": "phase", "phase": "scoring"}],
        "expect": [
            {"description": f"Happiness {happiness} scores {vp} VP ({why}; not cumulative)",
             "description_ko": f"행복지수 {happiness}: {vp}점 ({why_ko}, 누적 아님)",
             "event": "score_player", "who": "me", "field": "happiness", "equals": vp, "answers": {"asks": "vp"}},
        ],
    }
    return QuestionExample(spec)



# -- Maat: the balance from the sides of the scales ------------------------------------------------------------
def _side_dice(asked: Asked) -> dict[str, list[int]] | None:
    """The die values the question writes for each side of the scales ("Pure side 5 and 3, Tainted side 6",
    "온전한 쪽에 5와 3, 부패한 쪽에 6", "a 5 and a 3 on the Pure side"): a list of numbers belongs to the side
    word before it, or, where the question writes its numbers before the first side word, to the one after
    it. Numbers the vocabulary reads for another quantity (Faith, excess Resources, players) are not dice."""
    vocab = vocabulary()
    sides = sorted((m.start(), m.end(), key) for key in ("pure", "tainted")
                   for m in vocab.quantity(key).pattern.finditer(asked.text))
    if not sides:
        return None
    other = {g.start for g in asked.numbers if _claimed(asked, vocab, g)}
    numbers = [n for n in asked.written if n.start not in other and not _below(asked, n)]
    if not numbers:
        return None
    after_word = numbers[0].start > sides[0][1]          # "Pure side 5 and 3": the numbers follow their side
    found: dict[str, list[int]] = {"pure": [], "tainted": []}
    for n in numbers:
        if after_word:
            owner = [s for s in sides if s[1] <= n.start]
            side = owner[-1][2] if owner else None
        else:
            owner = [s for s in sides if s[0] >= n.end]
            side = owner[0][2] if owner else None
        if side is not None:
            found[side].append(n.value)
    return found if found["pure"] or found["tainted"] else None


# a die below the scales (Anubis: "아누비스로 가져온 6이 저울 아래 있어", "a 6 I took with Anubis sits under the scales"):
# on neither side, it does not count at Maat
BELOW = re.compile(r"저울\s?(?:의\s?)?(?:아래|밑)|\b(?:below|under(?:neath)?) (?:my |the )?scales?\b", re.IGNORECASE)


def _below(asked: Asked, n) -> bool:
    return BELOW.search(clause(asked.text, n.start)) is not None


def _below_dice(asked: Asked) -> list[int]:
    return [n.value for n in asked.written if _below(asked, n)]


def _claimed(asked: Asked, vocab: Vocabulary, given) -> bool:
    """Whether a number the vocabulary reads for another quantity than a die (Faith, excess Resources, the
    player count) is that quantity's: its word stands next to it, no comma between ("초과 자원 2개", "2 excess
    Resources"); the last of a list of dice before that word is a die ("6과 4, 초과 자원 2개"). A Resource's
    number after the excess word is the excess ("초과 생산한 빵 3개")."""
    if _excess_resource(asked, given):
        return True
    if given.quantity in (None, "pure", "tainted", "die"):
        return False
    text = asked.text
    end = given.start + len(given.text)
    for m in vocab.quantity(given.quantity).pattern.finditer(text):
        between = text[m.end():given.start] if m.end() <= given.start else text[end:m.start()]
        if not re.search(r"[,;.!?]", between):
            return True
    return False


def _own(asked: Asked, quantity: str) -> int:
    """The number written next to a quantity's word (see `_claimed`), or 0."""
    vocab = vocabulary()
    return next((g.value for g in asked.numbers if (g.quantity == quantity or (quantity == "excess"
                 and _excess_resource(asked, g))) and _claimed(asked, vocab, g)), 0)


EXCESS_BEFORE = re.compile(r"(?:초과\s?(?:생산(?:한|된|분)?\s?)?|\bexcess\s|\bextra\s)[^,.;?!\d]{0,8}$", re.IGNORECASE)


def _excess_resource(asked: Asked, given) -> bool:
    """A Resource's number with the excess word just before it ("초과 생산한 빵 3개", "excess bread: 3")."""
    return (given.quantity is None and given.thing in RESOURCES
            and EXCESS_BEFORE.search(asked.text[max(0, given.start - 16):given.start]) is not None)


BOTH_FAITH = re.compile(r"\bboth (?:of )?(?:my |the )?faith|신앙(?:\s?토큰)?(?:을|를)?\s?(?:둘|두\s?개)\s?(?:다|모두)", re.IGNORECASE)
ALL_OF = re.compile(r"\ball\b|\bboth\b|\bevery\b|전부|모두|(?<![가-힣])다\s", re.IGNORECASE)


def _faith_placed_otherwise(asked: Asked, balance: int, faith: int) -> bool:
    """Whether the question places its Faith otherwise than the example would (against the imbalance, on the
    side that offsets it, as many as offset it): a clause with the Faith word that names the other side, or
    that places all of more Faith than the imbalance ("all 3 on the left" at -2)."""
    vocab = vocabulary()
    offsetting = "pure" if balance < 0 else "tainted"
    for m in vocab.quantity("faith").pattern.finditer(asked.text):
        part = clause(asked.text, m.start())
        named = {key for key in ("pure", "tainted") if vocab.quantity(key).pattern.search(part)}
        named |= {"pure" for _ in re.finditer(r"왼쪽|\bleft\b", part, re.IGNORECASE)}
        named |= {"tainted" for _ in re.finditer(r"오른쪽|\bright\b", part, re.IGNORECASE)}
        if named - {offsetting} or (named and balance == 0):
            return True
        if faith > abs(balance) and ALL_OF.search(part):
            return True
    return False


# Faith or excess Resources named without their number ("both my Faith tokens", "some excess"): the scales cannot be
# set up as asked; "no Faith", "신앙 없어" is none
NONE_OF = {"faith": re.compile(r"\bno faith\b|\bwithout (?:any )?faith\b|\b0 faith\b|신앙(?:\s?토큰)?(?:은|이|도)?\s?(?:없|안\s?(?:써|놓|올|썼))",
                               re.IGNORECASE),
           "excess": re.compile(r"\bno excess\b|\bwithout (?:any )?excess\b|초과(?:\s?자원|분)?(?:은|이|도)?\s?없", re.IGNORECASE)}


def _maat_sides(asked: Asked) -> QuestionExample | None:
    sides = _side_dice(asked)
    if sides is None:
        return None
    excess = _own(asked, "excess")
    faith = _own(asked, "faith") or (2 if BOTH_FAITH.search(asked.text) else 0)
    below = _below_dice(asked)
    if any(key in asked.words and not value and not NONE_OF[key].search(asked.text)
           for key, value in (("faith", faith), ("excess", excess))):
        return None
    for value in sides["pure"] + sides["tainted"] + below:
        if bad := _bad_die(value):
            return bad
    dice = FACTS("maat.dice_per_player")
    count = len(sides["pure"]) + len(sides["tainted"]) + len(below)
    if count > dice:
        return refused(f"At a Maat phase each player has {dice} dice on their scales: the question's {count} dice "
                       "cannot all be on them.",
                       f"마앗 단계에는 각자 저울에 주사위 {dice}개가 있습니다: 질문의 주사위 {count}개를 모두 놓을 수는 "
                       "없습니다.")
    if excess < 0 or faith < 0:
        return refused(f"Resources and Faith tokens are counted, not signed: {min(excess, faith)} cannot be set up.",
                       f"자원과 신앙 토큰은 개수입니다: {min(excess, faith)}개는 준비할 수 없습니다.")
    # the excess Resource by name where the question names one ("초과 생산한 빵 3개"): the example shows it
    named = [t for t in asked.of_kind("resource") if t.key in RESOURCES]
    kind = named[0].label if len(named) == 1 else {"en": "Resource(s)", "ko": "자원"}
    pure, tainted = sum(sides["pure"]), sum(sides["tainted"])
    balance = pure - tainted - excess            # step 1: Pure counts +, Tainted -, each excess Resource -1
    used = min(faith, abs(balance))              # step 2: each Faith token ±1, placed to offset the imbalance
    final = balance + used if balance < 0 else balance - used
    if faith and _faith_placed_otherwise(asked, balance, faith):
        return None     # the player's own placing (either side is theirs to choose): not the offsetting one shown
    loss = vp_lost(final)
    plus = " + ".join(str(v) for v in sides["pure"]) or "0"
    minus = "".join(f" - {v}" for v in sides["tainted"]) + (f" - {excess}" if excess else "")
    sum_text = f"{plus}{minus} = {balance}"
    faith_en = f"; {used} Faith on the {'Pure' if balance < 0 else 'Tainted'} side: {final}" if used else ""
    faith_ko = f"; 신앙 {used}개를 {'온전한' if balance < 0 else '부패한'} 쪽에: {final}" if used else ""
    ident = "-".join(str(v) for v in sides["pure"]) or "0"
    ident += "-vs-" + ("-".join(str(v) for v in sides["tainted"]) or "0")
    ident += "".join(f"-below{v}" for v in below)
    spec = {
        "id": f"{ID}scales-{ident}" + (f"-excess{excess}" if excess else "") + (f"-faith{faith}" if faith else ""),
        "title": {"en": f"Maat phase: Pure side {plus}, Tainted side {' + '.join(map(str, sides['tainted'])) or '0'}"
                        + (f", {excess} excess {kind['en']}" if excess else "") + (f", {faith} Faith" if faith else "")
                        + "".join(f", a {v} below the scales (Anubis)" for v in below),
                  "ko": f"마앗 단계: 온전한 쪽 {plus}, 부패한 쪽 {' + '.join(map(str, sides['tainted'])) or '0'}"
                        + (f", 초과 {kind['ko']} {excess}개" if excess else "") + (f", 신앙 {faith}개" if faith else "")
                        + "".join(f", 저울 아래 {v} (아누비스)" for v in below)},
        "rules": ["tekhenu/maat/step-1-balance", "tekhenu/maat/step-1a-dice", "tekhenu/maat/step-1b-resources",
                  "tekhenu/maat/step-2-faith", "tekhenu/maat/vp-loss-table",
                  *(["tekhenu/actions/scribes/anubis-die-below-scales"] if below else [])],
        "setup": {"players": 2, "edition": _edition(asked),
                  "me": {"pure": [["white", v] for v in sides["pure"]],
                         "tainted": [["gray", v] for v in sides["tainted"]],
                         "below": [["black", v] for v in below],
                         "taint_resources": excess, "faith": faith, "vp": 10}},
        "actions": [{"kind": "phase", "phase": "maat"}],
        "expect": [
            {"description": f"the Pure side counts +, the Tainted side and each excess Resource -"
                            f"{' (a die below the scales counts on neither side)' if below else ''}: {sum_text}{faith_en}",
             "description_ko": f"온전한 쪽은 +, 부패한 쪽과 초과 자원 하나하나는 -"
                               f"{' (저울 아래 주사위는 어느 쪽에도 세지 않음)' if below else ''}: {sum_text}{faith_ko}",
             "path": "me.balance", "equals": final, "answers": {"asks": "balance"}},
            {"description": f"balance {final}: {loss} VP lost by the VP-loss table",
             "description_ko": f"균형값 {final}: 점수 손실표에 따라 {loss}점 손실", "path": "me.vp", "equals": 10 - loss,
             "answers": [{"asks": "vp_lost", "amount": loss}, {"asks": "loses_vp", "verdict": "yes" if loss else "no"}]},
        ],
    }
    return QuestionExample(spec)


# -- Happiness rewards: only the first time the marker reaches the space -----------------------------------------
AGAIN = re.compile(r"\bagain\b|\bback to\b|\bsecond time\b|\bre-?reach|\bdrop|\bfell\b|\bfalls?\b|다시|또|재도달|"
                   r"떨어|내려|감소|두 번째", re.IGNORECASE)
def _happiness_reward_again(asked: Asked) -> QuestionExample | None:
    """A player reached 16 (or 19), took its reward, fell back (an Osiris action costs 1 Happiness) and
    reaches it again with Bastet: "The first time your Happiness marker reaches space 16 ... receive 1 Gold"."""
    rewards = FACTS("bastet.happiness_rewards")
    levels = [g.value for g in asked.numbers if g.quantity == "happiness"]
    space = next((v for v in levels if rewards.get(v) in ("gold", "scribe")), None)
    if space is None:
        return None
    lo, hi = _die_range()
    fell = any(space - hi <= v < space for v in levels)
    if not fell and not AGAIN.search(asked.text):
        return None                 # a first time: the stored example (tekhenu/scenario/happiness-16-gold) shows it
    if bad := happiness_refused(*levels):
        return bad
    top = FACTS("limits.populace_max")
    low = next((v for v in levels if space - hi <= v < space), space - 1)     # where it fell to
    die = asked.number("die")
    if die is not None and (bad := _bad_die(die)):
        return bad
    if die is None or low + die < space:
        die = space - low                                  # a Bastet die that brings it back to the space
    reward = rewards[space]
    after = min(low + die, top)
    bastet_scribes = FACTS("bastet.scribes_by_die")[die]
    new_rewards = [r for t, r in rewards.items() if space < t <= after]  # spaces beyond it, reached the first time
    start = {"gold": 1 if reward == "gold" else 0, "scribes": 1 if reward == "scribe" else 0}
    gold = start["gold"]
    scribes = start["scribes"] + bastet_scribes + sum(1 for r in new_rewards if r == "scribe")
    what_en, what_ko = ("1 Gold", "금 1개") if reward == "gold" else ("1 Scribe", "서기 1명")
    spec = {
        "id": f"{ID}happiness-{space}-again-from-{low}-die-{die}",
        "title": {"en": f"Happiness {space} reached again after falling to {low}: no second {what_en[2:]}",
                  "ko": f"행복지수 {particle(low, '으로')} 내려갔다가 다시 {space}: {what_ko} 보상은 다시 없음"},
        "rules": [f"tekhenu/actions/bastet/happiness-{space}-{'gold' if reward == 'gold' else 'scribe'}",
                  "tekhenu/actions/osiris/happiness-cost"],
        "setup": {"players": 2, "edition": _edition(asked),
                  "me": {"happiness": low + 1, "population": top, "reached": [space], "scribes": start["scribes"],
                         "buildings_left": FACTS("player_start.buildings"),
                         "resources": {"papyrus": FACTS("bastet.cost_papyrus"), "gold": start["gold"]}},
                  "others": [{"resources": {"papyrus": 0}}],
                  "state": {"osiris": {}},
                  "dice": [{"as": "d1", "color": "gray", "value": 1, "god": "osiris"},
                           {"as": "d2", "color": "yellow", "value": 2, "light": "shaded"},
                           {"as": "d3", "color": "gray", "value": die, "god": "bastet"}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "osiris", "district": "papyrus"},
                    {"kind": "take_die", "die": "d2"}, {"kind": "perform", "action": "produce", "resource": "papyrus"},
                    {"kind": "take_die", "die": "d3"}, {"kind": "perform", "action": "bastet"}],
        "expect": [
            {"description": f"{what_en} came the first time the marker reached {space}; the Osiris Building costs 1 "
                            f"Happiness ({low + 1} → {low}); Bastet with a {die} brings it back to {after}",
             "description_ko": f"{what_ko}{'는' if reward == 'gold' else '은'} {space}에 처음 도달했을 때 받음; 오시리스 건설로 행복지수 1 감소 "
                               f"({low + 1} → {low}); 바스테트 주사위 {die}로 다시 {after}",
             "path": "me.happiness", "equals": after},
        ],
    }
    if reward == "gold":
        spec["expect"].append({"description": f"reaching {space} again gives no second Gold: still {gold}",
                               "description_ko": f"{space}에 다시 도달해도 금은 다시 받지 않음: 그대로 {gold}개",
                               "path": "me.resources.gold", "equals": gold,
                               "answers": {"asks": "reward_again", "verdict": "no"}})
    else:
        spec["expect"].append({"description": f"reaching {space} again gives no second Scribe: {start['scribes']} + "
                                              f"{bastet_scribes} for the Bastet die of {die} = {scribes}",
                               "description_ko": f"{space}에 다시 도달해도 서기를 다시 받지 않음: {start['scribes']} + "
                                                 f"바스테트 주사위 {die}의 서기 {bastet_scribes} = {scribes}",
                               "path": "me.scribes", "equals": scribes,
                               "answers": {"asks": "reward_again", "verdict": "no"}})
    return QuestionExample(spec)


# -- Horus: when a Statue honouring a god pays its bonus, by player count ----------------------------------------
STATUE_GODS = ("hathor",)        # gods whose God Action the example can stage for both players (Example 13's)


def _statue_bonus(asked: Asked) -> QuestionExample | None:
    players = asked.number("players")
    if players is None:
        return None
    gods = [t.key for t in asked.of_kind("god")]
    honoured = next((g for g in gods if g != "horus"), None)
    die = asked.number("die")
    if honoured is None and die is not None and 1 <= die <= 6:
        honoured = FACTS("horus.die_to_god")[die]
    honoured = honoured or "hathor"                   # Example 13's god
    if honoured not in STATUE_GODS:
        return None
    if players == 1:
        return None                                   # the solo game has its own rule (Botankhamun's bonuses)
    if not 2 <= players <= 4:
        return refused(f"Tekhenu is played by 1 to 4 players: a {players}-player game cannot be set up.",
                       f"테케누는 1~4인 게임입니다: {players}인 게임은 준비할 수 없습니다.")
    value = next(v for v, g in FACTS("horus.die_to_god").items() if g == honoured)
    bonus = FACTS(f"horus.bonus_by_god.{honoured}")          # Hathor: 1 Gold (Example 13)
    gold = bonus["gold"]
    spaces = list(temple_open(players))
    cost = lambda space: FACTS("temple.building_spaces")[space][2]
    label = vocabulary().thing(honoured).label
    god_en, god_ko = label["en"], label["ko"]
    right_after = gold if players == 3 else 0                # 3 players: also right after building it
    own = gold if players == 2 else 0                       # 2 players: also on your own God Action
    state = {"god_statues": {g: [] for g in GODS_ALL}, "temple": {}, "temple_buildings": {}}
    me = {"statues_left": FACTS("player_start.statues"), "population": 5,
          "resources": {"granite": FACTS("player_board.statue_granite_cost")[0], "bread": cost(spaces[1]), "gold": 0}}
    other = {"population": 5, "resources": {"bread": cost(spaces[0]), "gold": 0}}
    dice = [{"as": "d1", "color": "gray", "value": value, "god": "horus"},
            {"as": "d2", "color": "gray", "value": 3, "god": honoured}]
    actions = [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "horus", "target": "god"},
               {"kind": "take_die", "die": "d2"}, {"kind": "perform", "action": honoured, "space": spaces[0]}]
    if players == 2:
        # the Statue is mine alone (one space per god): my own Hathor action comes next
        dice.append({"as": "d3", "color": "gray", "value": 3, "god": honoured})
        actions += [{"kind": "take_die", "die": "d3"}, {"kind": "perform", "action": honoured, "space": spaces[1]}]
        expect = [
            {"description": f"2 players: no bonus right after building my Statue at {god_en}, 1 Gold when the other "
                            f"player performs {god_en}, and 1 Gold when I perform {god_en} myself: {gold * 2} Gold",
             "description_ko": f"2인 게임: {god_ko} 석상을 지은 직후에는 보너스 없음, 상대가 {god_ko} 행동을 하면 금 1개, "
                               f"내가 직접 {god_ko} 행동을 해도 금 1개: 금 {gold * 2}개",
             "path": "me.resources.gold", "equals": right_after + gold + own, "answers": {"asks": "gold"}},
        ]
    else:
        # another player already has a Statue there: their own Hathor action shows what an owner gets
        state["god_statues"][honoured] = ["others.0"]
        expect = [
            {"description": f"{players} players: " + ("1 Gold right after building my Statue at " + god_en
                                                       if players == 3 else "no bonus right after building my Statue at "
                                                       + god_en)
                            + f", and 1 Gold when another player performs {god_en}: {right_after + gold} Gold",
             "description_ko": f"{players}인 게임: " + (f"{god_ko} 석상을 지은 직후 금 1개" if players == 3
                                                        else f"{god_ko} 석상을 지은 직후에는 보너스 없음")
                               + f", 다른 플레이어가 {god_ko} 행동을 하면 금 1개: 금 {right_after + gold}개",
             "path": "me.resources.gold", "equals": right_after + gold, "answers": {"asks": "gold"}},
            {"description": f"{players} players: a Statue owner gets no bonus for performing {god_en} themselves",
             "description_ko": f"{players}인 게임: 석상 주인이 직접 {god_ko} 행동을 하면 보너스 없음",
             "path": "others.0.resources.gold", "equals": own},
        ]
    spec = {
        "id": f"{ID}statue-bonus-{honoured}-{players}p",
        "title": {"en": f"{players}-player game: when my Statue honouring {god_en} pays its bonus",
                  "ko": f"{players}인 게임: {god_ko}를 기리는 내 석상의 보너스를 받는 때"},
        "rules": ["tekhenu/actions/horus/statue-bonus-player-count",
                  "tekhenu/actions/horus/statue-for-god/bonus-when-others-act"],
        "setup": {"players": players, "edition": _edition(asked), "me": me, "others": [other], "state": state,
                  "dice": dice},
        "actions": actions,
        "expect": expect,
    }
    return QuestionExample(spec)

THOTH_RULES = ("tekhenu/actions/thoth/overview", "tekhenu/actions/thoth/card-count", "tekhenu/actions/thoth/card-count-1-2",
               "tekhenu/actions/thoth/card-count-3-4", "tekhenu/actions/thoth/card-count-5-6",
               "tekhenu/actions/thoth/same-section", "tekhenu/actions/thoth/market-sections-by-happiness")

# -- a Decree scored from the pieces and stock a question counts ---------------------------------------------
# "신전 단지 주변에 건물 3개", "3 Buildings around the Temple Complex": the Buildings a Decree counts there
_TEMPLE_BUILDINGS = re.compile(r"신전\s?단지\s?(?:주변|둘레|주위)?(?:에|에는)?\s?(?:내\s?)?(?:건물|건축물)(?:을|를|이|은|는)?\s?(\d+)\s?개|"
                               r"\b(\d+) (?:of my )?(?:temple )?buildings? (?:around|at|in|on) the temple(?: complex)?\b",
                               re.IGNORECASE)
# the Decrees scored from one count the setup can hold as it is: Scribes, Statues built, Buildings built, the
# Buildings around the Temple Complex, the Resources left (each card's numbers are the engine's: data/decrees.yaml)
_DECREE_COUNTS = {"D07": ("scribes",), "D08": ("resources",), "D12": ("temple_buildings",),
                  "D14": ("statues", "temple_buildings"), "D18": ("statues",)}


def _decree_scoring(asked: Asked) -> QuestionExample | None:
    """A Decree's Victory Points at the end of the game from what the question counts for it (D07 Scribes, D08
    the Resources left, D12 the Buildings around the Temple Complex, D14 those and the Statues built, D18 the
    Statues): the Decree scored alone."""
    decrees = [t.key for t in asked.of_kind("card") if t.key in _DECREE_COUNTS]
    if len(set(decrees)) != 1:
        return None
    card = decrees[0]
    need = _DECREE_COUNTS[card]
    told: dict = {}
    if "statues" in need:
        told["statues"] = asked.number("statues")
    if "scribes" in need:
        told["scribes"] = asked.number("scribes")
    if "temple_buildings" in need:
        found = [int(next(g for g in m.groups() if g)) for m in _TEMPLE_BUILDINGS.finditer(asked.text)]
        told["temple_buildings"] = found[0] if len(found) == 1 else None
    if "resources" in need:
        stock = {r: asked.number(thing=r) for r in (*RESOURCES, "gold")}
        told["resources"] = stock if any(v is not None for v in stock.values()) else None
    if any(v is None for v in told.values()):
        return None
    me: dict = {"decrees": [card], "resources": {r: 0 for r in (*RESOURCES, "gold")}}
    board: dict = {}
    spec_of = DECREES[card]
    lines = []
    if "statues" in told:
        most = FACTS("player_start.statues")
        if not 0 <= told["statues"] <= most:
            return refused(f"A player has {most} Statues: {told['statues']} built Statues cannot be set up.",
                           f"플레이어의 석상은 {most}개입니다: 지은 석상 {told['statues']}개는 준비할 수 없습니다.")
        me["statues_left"] = most - told["statues"]
        vp = spec_of["statues"] * told["statues"]
        lines.append((vp, f"{told['statues']} Statue(s) × {spec_of['statues']} = {vp}",
                      f"석상 {told['statues']}개 × {spec_of['statues']}점 = {vp}점"))
    if "temple_buildings" in told:
        spaces = len(FACTS("temple.building_spaces"))
        if not 0 <= told["temple_buildings"] <= spaces:
            return None
        board["temple_buildings"] = {str(i): "me" for i in range(told["temple_buildings"])}
        vp = spec_of["temple_buildings"] * told["temple_buildings"]
        lines.append((vp, f"{told['temple_buildings']} Building(s) around the Temple Complex × {spec_of['temple_buildings']} = {vp}",
                      f"신전 단지 주변 건축물 {told['temple_buildings']}개 × {spec_of['temple_buildings']}점 = {vp}점"))
    if "scribes" in told:
        me["scribes"] = told["scribes"]
        vp = spec_of["vp"] * told["scribes"]
        lines.append((vp, f"{told['scribes']} Scribe(s) × {spec_of['vp']} = {vp}", f"서기 {told['scribes']}명 × {spec_of['vp']}점 = {vp}점"))
    if "resources" in told:
        stock = {r: n or 0 for r, n in told["resources"].items()}
        me["resources"] = stock
        gold = stock["gold"]
        others = sum(stock[r] for r in RESOURCES)
        raw = spec_of["gold_vp"] * gold + spec_of["other_vp"] * others
        vp = min(spec_of["max"], raw)
        lines.append((vp, f"{gold} Gold × {spec_of['gold_vp']} + {others} other Resource(s) × {spec_of['other_vp']} = {raw}"
                          + (f", at most {spec_of['max']}" if raw > spec_of["max"] else ""),
                      f"금 {gold}개 × {spec_of['gold_vp']}점 + 다른 자원 {others}개 × {spec_of['other_vp']}점 = {raw}점"
                      + (f", 최대 {spec_of['max']}점" if raw > spec_of["max"] else "")))
    total = sum(vp for vp, _, _ in lines)
    named_en = {"statues": f"{told.get('statues')} Statue(s) built", "scribes": f"{told.get('scribes')} Scribe(s)",
                "temple_buildings": f"{told.get('temple_buildings')} Building(s) around the Temple Complex",
                "resources": ", ".join(f"{n} {r.capitalize()}" for r, n in (told.get("resources") or {}).items() if n)}
    named_ko = {"statues": f"석상 {told.get('statues')}개", "scribes": f"서기 {told.get('scribes')}명",
                "temple_buildings": f"신전 단지 주변 건축물 {told.get('temple_buildings')}개",
                "resources": ", ".join(f"{RESOURCE_KO[r]} {n}개" for r, n in (told.get("resources") or {}).items() if n)}
    return QuestionExample({
        "id": f"{ID}decree-{card.lower()}-" + "-".join(f"{k}-{v if not isinstance(v, dict) else '-'.join(str(x or 0) for x in v.values())}"
                                                     for k, v in told.items()),
        "title": {"en": f"Decree {card} at the end of the game: " + ", ".join(named_en[k] for k in told),
                  "ko": f"게임 끝의 법령 {card}: " + ", ".join(named_ko[k] for k in told)},
        "rules": [f"tekhenu/{card}", "tekhenu/scoring/after-scoring/decrees"],
        "setup": {"players": 2, "edition": _edition(asked), "me": me, "others": {"decrees": []}, "board": board},
        "actions": [{"kind": "phase", "phase": "final_scoring"}, {"kind": "score_decrees", "cards": [card]}],
        "expect": [{"description": "; ".join(en for _, en, _ in lines) + (f": {total} VP" if len(lines) > 1 else ""),
                    "description_ko": "; ".join(ko for _, _, ko in lines) + (f": {total}점" if len(lines) > 1 else ""),
                    "event": "decrees_scored", "field": f"vp.{card}", "equals": total, "answers": {"asks": "vp"}}],
    })


BUILDERS = [
    Builder(("tekhenu/maat/vp-loss-table", "tekhenu/maat/step-4-vp-loss", "tekhenu/maat/step-1-balance",
             "tekhenu/maat/step-2-faith", "tekhenu/maat/example-6", "tekhenu/maat/example-7",
             "tekhenu/quick-reference/maat-phase/taint-vp-loss"), _maat_balance),
    Builder(("tekhenu/actions/bastet/advance-happiness", "tekhenu/actions/bastet/happiness-cap",
             "tekhenu/actions/bastet/example-16", "tekhenu/actions/bastet/scribe-reward",
             "tekhenu/actions/bastet/scribe-reward-3-4", "tekhenu/actions/bastet/overview"), _bastet),
    Builder(THOTH_RULES, _thoth),
    Builder(("tekhenu/key-concept-dice/color-table", "tekhenu/key-concept-dice/white-dice", "tekhenu/key-concept-dice/black-dice",
             "tekhenu/key-concept-dice/yellow-brown-dice", "tekhenu/key-concept-dice/gray-dice",
             "tekhenu/key-concept-dice/shaded-never-forbidden", "tekhenu/key-concept-dice/mnemonic",
             "tekhenu/key-concept-dice/wheel-sections", "tekhenu/round/take-die"), _purity),
    Builder(("tekhenu/actions/ra/pillar-tile-choice",), _ra),
    Builder(("tekhenu/actions/produce/excess-taint", "tekhenu/actions/produce/take-and-compare",
             "tekhenu/actions/produce/example-17", "tekhenu/actions/produce/example-18"), _produce),
    Builder(("tekhenu/scoring/statues", "tekhenu/quick-reference/scoring/statues"), _statue_scoring),
    Builder(("tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative",
             "tekhenu/quick-reference/scoring/happiness"), _happiness_scoring),
    Builder(("tekhenu/maat/step-1-balance", "tekhenu/maat/step-1a-dice", "tekhenu/maat/step-1b-resources",
             "tekhenu/maat/step-2-faith", "tekhenu/maat/step-2a-faith-value", "tekhenu/maat/vp-loss-table",
             "tekhenu/maat/step-4-vp-loss", "tekhenu/maat/example-6", "tekhenu/maat/example-7",
             "tekhenu/quick-reference/maat-phase/taint-vp-loss", "tekhenu/quick-reference/maat-phase/balance",
             "tekhenu/quick-reference/maat-phase/faith"), _maat_sides),
    Builder(("tekhenu/actions/bastet/happiness-16-gold", "tekhenu/actions/bastet/happiness-19-scribe"),
            _happiness_reward_again),
    Builder(("tekhenu/actions/horus/statue-bonus-player-count",
             "tekhenu/actions/horus/statue-for-god/bonus-when-others-act",
             "tekhenu/actions/horus/statue-for-god/overview", "tekhenu/actions/horus/statue-for-god/example-13"),
            _statue_bonus),
    Builder(("tekhenu/D07", "tekhenu/D08", "tekhenu/D12", "tekhenu/D14", "tekhenu/D18",
             "tekhenu/scoring/after-scoring/decrees"), _decree_scoring),
]
