"""Every card of the 2006 decks described in words, from the engine's own data (data/cards.yaml, data/military.yaml):
what a player reads in the card catalogue. One line per field the engine reads, so that the catalogue and the
engine can never disagree: `arbiter kb check` describes every card again and compares (app/core/catalogue.py).

The words are the project's own, written from what the engine does with each value (economy.py, civil.py,
events.py, conflict.py, pacts.py) in the Korean rulebook's terms (the KB glossary); no card text is copied. Each
line says which of the card's fact groups holds its value, and `provenance` where each group comes from (the
rulebook's rule id; a publication and its cross-check; or why the engine assumes it).

A field without a description here is an error (`DescriptionMissing`): a new ability in the data needs its words
before the catalogue can be built or checked.
"""
from __future__ import annotations

from functools import cache

from ..korean import fix_particles, josa
from ..facts import META_KEYS, load_yaml
from .cards import CARD_FILES, DATA_DIR, FACT_GROUPS

PROVENANCE = {"printed": "rulebook", "colonization": "rulebook", "output": "rulebook", "faces": "rulebook",
              "published": "source", "unprinted": "assumed"}
# what says what kind of card it is: described once, in its kind
KIND_FIELDS = ("type", "age", "unit", "building", "family")
# costs and numbers first, in this order; every other field is an effect, in the data's order
NUMBER_FIELDS = ("copies", "cost", "science", "revolution", "peaceful", "stages", "military_actions", "army", "bonus",
                 "obsolete_bonus", "defense")

AGE = {"A": ("Age A", "A시대"), "I": ("Age I", "1시대"), "II": ("Age II", "2시대"), "III": ("Age III", "3시대")}
LEVEL_WORD = {1: ("level I", "1등급"), 2: ("level II", "2등급"), 3: ("level III", "3등급")}
UNIT = {"infantry": ("infantry", "보병"), "cavalry": ("cavalry", "기병"), "artillery": ("artillery", "포병"),
        "air": ("air forces", "전투기")}
BUILDING = {"temple": ("temple", "신전"), "lab": ("lab", "연구실"), "library": ("library", "도서관"),
            "theater": ("theater", "극장"), "arena": ("arena", "경기장"), "wonder": ("wonder", "문화 유산")}
FAMILY = {"warfare": ("warfare", "군사"), "civil": ("civil administration", "행정"),
          "exploration": ("exploration", "탐험"), "construction": ("construction", "건설")}
KIND = {"farm": ("Production technology", "생산 기술"), "mine": ("Production technology", "생산 기술"),
        "urban": ("Urban building technology", "도시 건물 기술"), "unit": ("Military technology", "군사 기술"),
        "special": ("Special technology", "특수 기술"), "government": ("Government", "정부"),
        "leader": ("Leader", "지도자"), "wonder": ("Wonder", "문화 유산"), "action": ("Action card", "행동 카드"),
        "event": ("Event", "이벤트"), "territory": ("Territory", "영토"), "aggression": ("Aggression", "침략"),
        "tactics": ("Tactics", "전술"), "pact": ("Pact", "조약"), "war": ("War", "전쟁"),
        "bonus": ("Defense/colonization bonus card", "방어/식민지 점령 보너스 카드")}
KIND_DETAIL = {"farm": ("farm", "농장"), "mine": ("mine", "광산")}
TOKEN = {"food": ("food", "식량"), "resources": ("resources", "자원")}


class DescriptionMissing(KeyError):
    """A field of the engine's card data that the catalogue cannot describe yet."""


def _n(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if abs(n) == 1 else (many or one + 's')}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{abs(n)}"


def _kinds_en(kinds: list[str], table: dict) -> str:
    words = [table[k][0] + "s" if not table[k][0].endswith("s") else table[k][0] for k in kinds]
    words = [w.replace("librarys", "libraries").replace("infantrys", "infantry").replace("artillerys", "artillery")
             .replace("cavalrys", "cavalry") for w in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _kinds_ko(kinds: list[str], table: dict) -> str:
    return ", ".join(table[k][1] for k in kinds)


def _per_players(table: dict, unit_en: str, unit_ko: str) -> tuple[str, str]:
    en = ", ".join(f"{n} with {p} players" for p, n in sorted(table.items()))
    ko = ", ".join(f"{p}인 {n}{unit_ko}" for p, n in sorted(table.items()))
    return en, ko


# -- the kind of card ----------------------------------------------------------------------------------------
def kind_label(c: dict) -> dict:
    """The card's kind in words: "Urban building technology: temple"."""
    t = c["type"]
    en, ko = KIND[t]
    detail = (BUILDING.get(c.get("building")) if t == "urban" else UNIT.get(c.get("unit")) if t == "unit"
              else FAMILY.get(c.get("family")) if t == "special" else KIND_DETAIL.get(t))
    if detail:
        en, ko = f"{en}: {detail[0]}", f"{ko}: {detail[1]}"
    return {"en": en, "ko": ko}


def deck_label(c: dict) -> dict:
    """Which of the two decks the card belongs to: "civil card" or "military card"."""
    return {"en": "military card", "ko": "군사 카드"} if c["military_card"] else {"en": "civil card", "ko": "시민 카드"}


# -- costs and numbers ---------------------------------------------------------------------------------------
def _copies(v, c):
    extra_en = [f"{v[k]} more with {'3 or more' if k == '3+' else '4'} players" for k in ("3+", "4+") if v.get(k)]
    extra_ko = [f"{'3인 이상' if k == '3+' else '4인'}이면 {v[k]}장 더" for k in ("3+", "4+") if v.get(k)]
    en = f"Copies: {v.get('base', 0)}" + (f" ({'; '.join(extra_en)})" if extra_en else "")
    ko = f"장수: {v.get('base', 0)}장" + (f" ({'; '.join(extra_ko)})" if extra_ko else "")
    return en, ko


def _cost(v, c):
    if c["type"] == "unit":
        return f"Building a unit: {_n(v, 'resource')}", f"유닛 하나 만드는 비용: 자원 {v}개"
    return f"Building cost: {_n(v, 'resource')} each", f"건설 비용: 하나에 자원 {v}개"


def _science(v, c):
    return f"Discovery cost: {_n(v, 'science point')}", f"개발 비용: 과학 점수 {v}점"


def _revolution(v, c):
    return f"By revolution: {_n(v, 'science point')}", f"혁명으로 교체할 때: 과학 점수 {v}점"


def _peaceful(v, c):
    return f"By peaceful change: {_n(v, 'science point')}", f"평화롭게 교체할 때: 과학 점수 {v}점"


def _stages(v, c):
    listed = ", ".join(map(str, v))
    return (f"Stages: {listed} resources ({len(v)} stages, {sum(v)} resources in all)",
            f"단계별 건설 비용: 자원 {listed}개 ({len(v)}단계, 모두 {sum(v)}개)")


def _military_actions(v, c):
    if v == "leader_level":
        return ("Played for as many military actions as the targeted leader's level (its age: A 0, I 1, II 2, III 3)",
                "사용할 때 목표 지도자의 등급(시대: A 0, 1시대 1, 2시대 2, 3시대 3)만큼 군사 행동을 씁니다")
    if v == "wonder_level":
        return ("Played for as many military actions as the level of the wonder under construction it targets",
                "사용할 때 목표인 건설 중 문화 유산의 등급만큼 군사 행동을 씁니다")
    return f"Played for {_n(v, 'military action')}", f"사용할 때 군사 행동 {v}개를 씁니다"


def _army(v, c):
    counts: dict[str, int] = {}
    for kind in v:
        counts[kind] = counts.get(kind, 0) + 1
    en = ", ".join(f"{n} {UNIT[k][0]}" for k, n in counts.items())
    ko = ", ".join(f"{UNIT[k][1]} {n}" for k, n in counts.items())
    return f"Army: {en} (any levels)", f"부대 구성: {ko} (등급은 상관없음)"


def _bonus(v, c):
    return f"Each army: {_signed(v)} military strength", f"부대 하나마다 군사력 {_signed(v)}"


def _obsolete_bonus(v, c):
    return (f"An army with a unit two or more ages older than the card: {_signed(v)} instead",
            f"카드보다 두 시대 이상 오래된 유닛이 섞인 부대는 대신 {_signed(v)}")


def _defense(v, c):
    return (f"As a defense card: {_signed(v)} military strength against an aggression",
            f"방어 카드로 쓰면: 침략에 맞서 군사력 {_signed(v)}")


# -- effects -------------------------------------------------------------------------------------------------
def _per_building(c) -> bool:
    return c["type"] == "urban"


def _food(v, c):
    return (f"Each farm on it produces {_n(v, 'food', 'food')} in the production phase (one blue token worth {v})",
            f"이 카드의 농장 하나가 생산 단계마다 식량 {v}개를 생산합니다 (값 {v}인 파란색 토큰 1개)")


def _res(v, c):
    return (f"Each mine on it produces {_n(v, 'resource')} in the production phase (one blue token worth {v})",
            f"이 카드의 광산 하나가 생산 단계마다 자원 {v}개를 생산합니다 (값 {v}인 파란색 토큰 1개)")


def _rating(v, c, en_word, ko_word):
    if _per_building(c):
        return f"Each {BUILDING[c['building']][0]}: {_signed(v)} {en_word}", f"{BUILDING[c['building']][1]} 하나마다 {ko_word} {_signed(v)}"
    if c["type"] == "territory":
        return f"While it is your colony: {_signed(v)} {en_word}", f"식민지로 가진 동안 {ko_word} {_signed(v)}"
    return f"{_signed(v)} {en_word}", f"{ko_word} {_signed(v)}"


def _culture(v, c):
    return _rating(v, c, "culture rating", "문화 진보 레벨")


def _happy(v, c):
    en, ko = _rating(v, c, "happy face" if abs(v) == 1 else "happy faces", "웃는 얼굴")
    if v < 0:
        en, ko = en + " (unhappy faces)", ko + " (찡그린 얼굴)"
    return en, ko


def _science_out(v, c):
    return _rating(v, c, "science rating", "과학 진보 레벨")


def _strength(v, c):
    if c["type"] == "unit":
        return f"Each unit: military strength {v}", f"유닛 하나의 군사력 {v}"
    return _rating(v, c, "military strength", "군사력")


def _civil(v, c):
    if c["type"] == "government":
        return f"{_n(v, 'civil action')} (white tokens)", f"시민 행동 {v}개 (흰색 토큰)"
    return f"{_signed(v)} civil action" + ("" if abs(v) == 1 else "s"), f"시민 행동 {_signed(v)}"


def _military(v, c):
    if c["type"] == "government":
        return f"{_n(v, 'military action')} (red tokens)", f"군사 행동 {v}개 (빨간색 토큰)"
    return f"{_signed(v)} military action" + ("" if abs(v) == 1 else "s"), f"군사 행동 {_signed(v)}"


def _limit(v, c):
    return (f"Urban building limit: {v} of each kind (temples, labs, ...)",
            f"도시 건물 제한: 종류마다 {v}개 (신전, 연구실 등)")


def _blue(v, c):
    return (f"{_signed(v)} blue tokens in your blue bank (when it replaces an earlier card of its kind, only the "
            f"tokens beyond that card's)",
            f"파란색 저장소의 파란색 토큰 {_signed(v)}개 (같은 종류의 이전 카드를 대신하면 그 카드보다 많은 만큼만)")


def _colonize(v, c):
    if c["type"] == "bonus":
        return (f"As a colonization card: {_signed(v)} to what you pay for a colony you won",
                f"식민지 점령 카드로 쓰면: 이긴 식민지 입찰을 치를 때 {_signed(v)}")
    return f"{_signed(v)} to every colonization", f"식민지를 점령할 때마다 {_signed(v)}"


def _hand_civil(v, c):
    return f"{_signed(v)} civil card in your hand limit", f"손에 들 수 있는 시민 카드 {_signed(v)}장"


def _hand_military(v, c):
    return f"{_signed(v)} military card you may keep", f"남길 수 있는 군사 카드 {_signed(v)}장"


def _discount(v, c):
    levels = [(lvl, n) for lvl, n in sorted(v.items()) if n]
    en = ", ".join(f"{LEVEL_WORD[lvl][0]} {n}" for lvl, n in levels)
    ko = ", ".join(f"{LEVEL_WORD[lvl][1]} {n}개" for lvl, n in levels)
    return (f"Urban buildings cost fewer resources to build and upgrade to: {en}",
            f"도시 건물의 건설(향상) 비용 할인: {ko}")


def _wonder_stages(v, c):
    return (f"One civil action builds up to {v} stages of your wonder",
            f"시민 행동 하나로 문화 유산을 {v}단계까지 건설합니다")


def _strength_per_unit(v, c):
    return f"{_signed(v)} military strength per military unit", f"군사 유닛 하나마다 군사력 {_signed(v)}"


def _warriors_culture(v, c):
    return (f"+1 culture rating per Warriors unit, for up to {v} of them",
            f"전사 유닛 하나마다 문화 진보 레벨 +1 (최대 {v}개)")


def _turn_military_resources(v, c):
    return (f"Each turn: {_n(v, 'resource')} toward building or upgrading military units",
            f"매 턴 군사 유닛을 만들거나 향상할 때 쓸 자원 {v}개")


def _population_discount(v, c):
    return f"Increasing population costs {_n(v, 'food', 'food')} less", f"인구 늘리기 비용이 식량 {v}개 적습니다"


def _science_per_tech_taken(v, c):
    return (f"{_signed(v)} science point each time you take a technology or government card from the card row",
            f"카드 열에서 기술 카드나 정부 카드를 가져올 때마다 과학 점수 {_signed(v)}")


def _culture_per_happy_of(v, c):
    return (f"+1 culture rating per happy face of your {_kinds_en(v, BUILDING)}",
            f"{_kinds_ko(v, BUILDING)}의 웃는 얼굴 하나마다 문화 진보 레벨 +1")


def _wonder_take_discount(v, c):
    return (f"Taking a wonder from the card row costs {_n(v, 'civil action')} less",
            f"카드 열에서 문화 유산을 가져오는 데 시민 행동이 {v}개 덜 듭니다")


def _strength_per_temple_happy(v, c):
    return (f"{_signed(v)} military strength per happy face of your temples",
            f"신전의 웃는 얼굴 하나마다 군사력 {_signed(v)}")


def _culture_when_attacked(v, c):
    return (f"{_signed(v)} culture points each time another player plays an aggression or declares a war against you",
            f"다른 플레이어가 나에게 침략 카드를 쓰거나 전쟁을 선언할 때마다 문화 점수 {_signed(v)}")


def _lab_bonus(v, c):
    return (f"The rulebook's example: one of your Age I labs produces {_n(v, 'science point')} more",
            f"규칙서의 예시: 1시대 연구실 하나가 과학 점수를 {v}점 더 생산합니다")


def _best_lab_per_level(v, c):
    return (f"{_signed(v)} science rating per level of your best lab or library",
            f"가장 높은 등급의 연구실이나 도서관의 등급 하나마다 과학 진보 레벨 {_signed(v)}")


def _on_technology_resources(v, c):
    return (f"{_signed(v)} resource each time you discover a technology or change your government",
            f"기술을 개발하거나 정부를 바꿀 때마다 자원 {_signed(v)}")


def _on_technology_civil_back(v, c):
    return (f"Each time you discover a technology or change your government, {_n(v, 'civil action')} comes back",
            f"기술을 개발하거나 정부를 바꿀 때마다 쓴 시민 행동 {v}개를 돌려받습니다")


def _on_technology_culture(v, c):
    return (f"{_signed(v)} culture points each time you discover a technology or change your government",
            f"기술을 개발하거나 정부를 바꿀 때마다 문화 점수 {_signed(v)}")


def _ignore_tactics(v, c):
    return ("Your armies get no tactics bonus (and in the Simple game this leader does nothing)",
            "부대가 전술 보너스를 받지 않습니다 (맛보기 게임에서는 이 지도자의 능력이 없습니다)")


def _per_cavalry(v, c):
    parts_en, parts_ko = [], []
    if v.get("strength"):
        parts_en.append(f"{_signed(v['strength'])} military strength")
        parts_ko.append(f"군사력 {_signed(v['strength'])}")
    if v.get("culture"):
        parts_en.append(f"{_signed(v['culture'])} culture rating")
        parts_ko.append(f"문화 진보 레벨 {_signed(v['culture'])}")
    return f"Each cavalry unit: {' and '.join(parts_en)}", f"기병 유닛 하나마다 {', '.join(parts_ko)}"


def _colonize_from_hand(v, c):
    return ("Once, as a political action, a territory card from your hand becomes your colony without an auction "
            "(not in the Simple game)",
            "한 번, 정치 행동으로 손의 영토 카드를 경매 없이 식민지로 삼습니다 (맛보기 게임에서는 없음)")


def _barbarossa(v, c):
    return ("A civil action: increase population for 1 food less and at once build a military unit with that worker "
            "for 1 resource less",
            "시민 행동 하나로 인구를 식량 1개 적게 늘리고, 그 일꾼으로 곧바로 군사 유닛을 자원 1개 적게 만듭니다")


def _per_library_culture(v, c):
    return f"{_signed(v)} culture rating per library", f"도서관 하나마다 문화 진보 레벨 {_signed(v)}"


def _library_theater_pair_culture(v, c):
    return (f"{_signed(v)} culture rating more for each library matched by a theater",
            f"극장과 짝을 이루는 도서관 하나마다 문화 진보 레벨 {_signed(v)} 더")


def _bonus_card_colonize_plus(v, c):
    return (f"{_signed(v)} for each colonization bonus card you play", f"식민지 점령 보너스 카드 한 장마다 {_signed(v)}")


def _colony_culture(v, c):
    return f"{_signed(v)} culture rating per colony", f"식민지 하나마다 문화 진보 레벨 {_signed(v)}"


def _best_army_double(v, c):
    return "Your best army's tactics bonus counts twice", "가장 좋은 부대의 전술 보너스가 두 배가 됩니다"


def _revolution_uses_military(v, c):
    return ("A revolution takes all your military actions (none may be used before it) instead of all your civil "
            "actions",
            "혁명을 할 때 시민 행동 전부 대신 군사 행동 전부를 씁니다 (그 전에 군사 행동을 쓰지 않았어야 합니다)")


def _theater_science_discount(v, c):
    return (f"Theater technologies cost {_n(v, 'science point')} less to discover",
            f"극장 기술의 개발 비용이 과학 점수 {v}점 적습니다")


def _theater_cost_discount(v, c):
    return f"Theaters cost {_n(v, 'resource')} less to build", f"극장의 건설 비용이 자원 {v}개 적습니다"


def _per_theater_culture(v, c):
    return f"{_signed(v)} culture rating per theater", f"극장 하나마다 문화 진보 레벨 {_signed(v)}"


def _no_aggression(v, c):
    return "You cannot play aggressions or declare wars", "침략 카드를 쓰거나 전쟁을 선언할 수 없습니다"


def _attack_cost_double(v, c):
    return ("An aggression or a war against you costs its player twice the military actions",
            "나를 상대로 한 침략이나 전쟁에는 군사 행동이 두 배로 듭니다")


def _best_theater_double(v, c):
    return ("Your best theater's culture rating counts twice", "가장 좋은 극장의 문화 진보 레벨이 두 배가 됩니다")


def _lab_resources_per_level(v, c):
    return (f"Each lab produces {_n(v, 'resource')} per level of its card in the production phase",
            f"연구실 하나가 생산 단계마다 카드 등급 하나당 자원 {v}개를 생산합니다")


def _others_lab_library_surcharge(v, c):
    return (f"The other players pay {_n(v, 'resource')} more to build labs and libraries",
            f"다른 플레이어는 연구실과 도서관을 지을 때 자원을 {v}개 더 냅니다")


def _unit_science_discount(v, c):
    return (f"Military technologies cost {_n(v, 'science point')} less to discover",
            f"군사 기술의 개발 비용이 과학 점수 {v}점 적습니다")


def _defense_cards_double(v, c):
    return "Your defense cards count twice", "방어 카드의 보너스가 두 배가 됩니다"


def _lab_culture_per_level(v, c):
    return (f"{_signed(v)} culture rating per level of each of your labs",
            f"연구실 하나마다 그 등급만큼 문화 진보 레벨 {_signed(v)}")


def _lab_science_minus(v, c):
    return f"Each lab: {_signed(-v)} science rating", f"연구실 하나마다 과학 진보 레벨 {_signed(-v)}"


def _strength_per(v, c):
    en = " and ".join(f"{_signed(n)} per {UNIT[k][0]} unit" for k, n in v.items())
    ko = ", ".join(f"{UNIT[k][1]} 유닛 하나마다 {_signed(n)}" for k, n in v.items())
    return f"Military strength: {en}", f"군사력: {ko}"


def _happy_double(v, c):
    return ("Your happy faces count twice (unhappy faces do not)",
            "웃는 얼굴이 두 배가 됩니다 (찡그린 얼굴은 그대로)")


def _best_mine_double(v, c):
    return ("Your best mine produces twice: one more blue token on it each production phase",
            "가장 좋은 광산이 두 배로 생산합니다: 생산 단계마다 그 카드에 파란색 토큰 1개 더")


def _ocean_liner(v, c):
    return (f"Once a turn, increase population without a civil action and for {_n(v, 'food', 'food')} less",
            f"턴마다 한 번, 시민 행동 없이 식량 {v}개 적게 인구를 늘립니다")


def _complete_culture(v, c):
    if "per_level" in v:
        return (f"When completed: {v['factor']} culture points per level of each of your "
                f"{_kinds_en(v['per_level'], BUILDING)}",
                f"완성할 때: {_kinds_ko(v['per_level'], BUILDING)} 하나마다 그 등급의 {v['factor']}배만큼 문화 점수")
    if "per_technology_level" in v:
        n = v["per_technology_level"]
        return (f"When completed: {_n(n, 'culture point')} per level of each technology, special technology and "
                f"government you have in play",
                f"완성할 때: 가진 기술, 특수 기술, 정부 카드 하나마다 그 등급의 {n}배만큼 문화 점수")
    words = {"farm": ("farm", "농장"), "mine": ("mine", "광산"), "urban": ("urban building", "도시 건물"),
             "unit": ("military unit", "군사 유닛")}
    per = v["per_worker"]
    en = ", ".join(f"{n} per {words[k][0]}" for k, n in per.items())
    ko = ", ".join(f"{words[k][1]} 하나마다 {n}점" for k, n in per.items())
    return f"When completed: culture points, {en}", f"완성할 때 문화 점수: {ko}"


def _wonder_discount(v, c):
    return (f"Builds one stage of your wonder under construction for {_n(v, 'resource')} less",
            f"건설 중인 문화 유산 한 단계를 자원 {v}개 적게 건설합니다")


def _population_food(v, c):
    return (f"Increase population, then get {_n(v, 'food', 'food')} back",
            f"인구를 늘리고 식량 {v}개를 돌려받습니다")


def _urban_discount(v, c):
    return f"Build an urban building for {_n(v, 'resource')} less", f"도시 건물 하나를 자원 {v}개 적게 건설합니다"


def _production_discount(v, c):
    return f"Build a farm or a mine for {_n(v, 'resource')} less", f"농장이나 광산 하나를 자원 {v}개 적게 건설합니다"


def _upgrade_discount(v, c):
    return (f"Upgrade a farm, mine or urban building for {_n(v, 'resource')} less",
            f"농장, 광산, 도시 건물 하나를 자원 {v}개 적게 향상합니다")


def _extra_military(v, c):
    return f"{_signed(v)} military action this turn", f"이번 턴에 군사 행동 {_signed(v)}"


def _military_resources(v, c):
    return (f"{_n(v, 'resource')} this turn toward building or upgrading military units",
            f"이번 턴에 군사 유닛을 만들거나 향상할 때 쓸 자원 {v}개")


def _gain(what_en, what_ko, unit_ko):
    def describe(v, c):
        if c["type"] == "aggression":
            return (f"You gain {_n(v, what_en, what_en if what_en == 'food' else None)} (when the target lost a "
                    f"population)", f"상대가 인구를 잃으면 나는 {what_ko} {josa(f'{v}{unit_ko}', '을/를')} 얻습니다")
        return f"Gain {_n(v, what_en, what_en if what_en == 'food' else None)}", f"{what_ko} {josa(f'{v}{unit_ko}', '을/를')} 얻습니다"
    return describe


def _breakthrough_science(v, c):
    return (f"Discover a technology (or change your government), then get {_n(v, 'science point')} back",
            f"기술 하나를 개발하고(또는 정부를 바꾸고) 과학 점수 {v}점을 돌려받습니다")


def _military_resources_per_stronger(v, c):
    en, ko = _per_players(v, "", "개")
    return (f"Per civilization stronger than yours: resources this turn toward military units ({en})",
            f"나보다 군사력이 강한 문명 하나마다 이번 턴에 군사 유닛에 쓸 자원 ({ko})")


def _culture_per_more_cultured(v, c):
    en, ko = _per_players(v, "", "점")
    return (f"Per civilization with more culture points than yours: culture points ({en})",
            f"나보다 문화 점수가 많은 문명 하나마다 문화 점수 ({ko})")


# events: every civilization still in the game
def _all(en_tail, ko_tail):
    def describe(v, c):
        plural = "" if v == 1 else "s"
        return f"Every civilization {en_tail.format(v=v, p=plural)}", f"모든 문명이 {ko_tail.format(v=v)}"
    return describe


def _all_food_or_resources(v, c):
    return (f"Every civilization gains {v} food or resources, in any mix", f"모든 문명이 식량이나 자원을 섞어서 {v}개 얻습니다")


def _all_produce(v, c):
    kinds_en = " and ".join("food (its farms)" if k == "food" else "resources (its mines)" for k in v)
    kinds_ko = ", ".join("식량(농장)" if k == "food" else "자원(광산)" for k in v)
    return f"Every civilization produces {kinds_en} once more", f"모든 문명이 {josa(kinds_ko, '을/를')} 한 번 더 생산합니다"


def _with_maintenance(v, c):
    return ("Each civilization then feeds its people and pays corruption, as in the production phase",
            "이어서 각 문명이 생산 단계처럼 식량을 소비하고 자원 낭비를 치릅니다")


def _simple_game(v, c):
    return ("Not used in the Simple game", "맛보기 게임에서는 쓰지 않습니다") if not v else \
        ("Used in the Simple game", "맛보기 게임에서도 씁니다")


def _no_discard_this_round(v, c):
    return ("The player who resolves it discards no excess military cards this turn",
            "이 카드를 처리한 플레이어는 이번 턴에 넘치는 군사 카드를 버리지 않습니다")


def _count(n: int, best: bool) -> tuple[str, str]:
    if best:
        return ("The strongest civilization" if n == 1 else f"Each of the {n} strongest civilizations",
                "군사력이 가장 강한 문명" if n == 1 else f"군사력이 가장 강한 문명 {n}개")
    return ("The weakest civilization" if n == 1 else f"Each of the {n} weakest civilizations",
            "군사력이 가장 약한 문명" if n == 1 else f"군사력이 가장 약한 문명 {n}개")


SUB = {  # what a strongest / weakest clause does: (English verb phrase, Korean)
    "gain_resources": ("gains {v} resources", "자원 {v}개를 얻습니다"),
    "gain_culture": ("gains {v} culture points", "문화 점수 {v}점을 얻습니다"),
    "gain_food_or_resources": ("gains {v} food or resources, in any mix", "식량이나 자원을 섞어서 {v}개 얻습니다"),
    "gain_science": ("gains {v} science points", "과학 점수 {v}점을 얻습니다"),
    "gain_population": ("increases its population by {v} for free", "인구를 공짜로 {v} 늘립니다"),
    "lose_building": ("loses {v} farm, mine or urban building (its cheapest)", "농장, 광산, 도시 건물 {v}개(가장 싼 것)를 잃습니다"),
    "lose_culture": ("loses {v} culture points", "문화 점수 {v}점을 잃습니다"),
    "lose_population": ("loses {v} population", "인구 {v}을(를) 잃습니다"),
    "lose_food_or_resources": ("loses {v} food or resources", "식량이나 자원 {v}개를 잃습니다"),
    "lose_colony": ("loses {v} colony", "식민지 {v}개를 잃습니다"),
    "lose_blue": ("loses {v} blue token from its blue bank", "파란색 저장소의 파란색 토큰 {v}개를 잃습니다"),
}


def _clause(best: bool):
    def describe(v, c):
        who_en, who_ko = _count(v["count"], best)
        parts = [(SUB[k][0].format(v=n), SUB[k][1].format(v=n)) for k, n in v.items() if k != "count"]
        en = " and ".join(p[0] for p in parts)
        ko = ", ".join(_ko_join(p[1], i == len(parts) - 1) for i, p in enumerate(parts))
        each_ko = "각각 " if v["count"] > 1 else ""
        return f"{who_en} {en}", f"{josa(who_ko, '이/가')} {each_ko}{ko}"
    return describe


def _ko_join(sentence: str, last: bool) -> str:
    """A Korean clause ending "…습니다" joined to the next with "…고"."""
    return sentence if last else sentence.removesuffix("습니다").removesuffix("니다") + "고"


def _culture_leader_among_weakest(v, c):
    return (f"If the civilization with the most culture points is among the {v['count']} weakest, it loses "
            f"{v['lose_population']} population",
            f"문화 점수가 가장 많은 문명이 군사력이 가장 약한 문명 {v['count']}개에 들면 인구 {v['lose_population']}을(를) 잃습니다")


def _lose_half_discontent(v, c):
    return ("Every civilization loses half its discontent workers (rounded up) from its unused workers",
            "모든 문명이 불만 있는 일꾼의 절반(올림)을 일하지 않는 일꾼에서 잃습니다")


def _discard_old_leaders(v, c):
    return "Every leader of an earlier age is discarded", "지난 시대의 지도자는 모두 버립니다"


def _ravages_of_time(v, c):
    return (f"Every civilization turns its oldest completed Age A or Age I wonder face down: its effects end and it "
            f"keeps {_signed(v)} culture rating instead",
            f"모든 문명이 완성한 A시대나 1시대 문화 유산 중 가장 오래된 것을 뒤집습니다: 효과가 없어지고 대신 문화 진보 레벨 {_signed(v)}")


def _happiest_population(v, c):
    return (f"The civilization with the most happy faces increases its population by {v} for free",
            f"웃는 얼굴이 가장 많은 문명이 인구를 공짜로 {v} 늘립니다")


def _yellow_weakest_to_strongest(v, c):
    return (f"The weakest civilization gives {_n(v, 'yellow token')} to the strongest",
            f"군사력이 가장 약한 문명이 가장 강한 문명에게 노란색 토큰 {v}개를 줍니다")


def _most_culture_gains(v, c):
    return (f"The civilization with the most culture points gains {v} more",
            f"문화 점수가 가장 많은 문명이 문화 점수 {v}점을 더 얻습니다")


def _terrorism(v, c):
    return ("Every civilization but the one with the fewest culture points loses its most expensive urban building",
            "문화 점수가 가장 적은 문명을 뺀 모든 문명이 가장 비싼 도시 건물 하나를 잃습니다")


def _strongest_takes_cards(v, c):
    return (f"The strongest civilization takes cards from the card row worth up to {_n(v, 'civil action')} and "
            f"skips its next political action",
            f"군사력이 가장 강한 문명이 카드 열에서 시민 행동 {v}개 값만큼 카드를 가져오고, 다음 정치 행동을 건너뜁니다")


def _civil_lost_per_discontent(v, c):
    return (f"Every civilization loses {_n(v, 'civil action')} on its next turn per discontent worker",
            f"모든 문명이 불만 있는 일꾼 하나마다 다음 턴에 시민 행동 {v}개를 잃습니다")


def _culture_lost_per_discontent(v, c):
    return (f"Every civilization loses {_n(v, 'culture point')} per discontent worker",
            f"모든 문명이 불만 있는 일꾼 하나마다 문화 점수 {v}점을 잃습니다")


def _impact(v, c):
    """The Age III events: culture scored at the end of the game."""
    head_en, head_ko = "At the game's end, each civilization scores culture points: ", "게임 끝에 각 문명이 문화 점수를 얻습니다: "
    if "rank_by" in v:
        what = ("science rating", "과학 진보 레벨") if v["rank_by"] == "science_rating" else ("military strength", "군사력")
        en = "; ".join(f"{p} players {'/'.join(map(str, pts))}" for p, pts in sorted(v["by_players"].items()))
        ko = "; ".join(f"{p}인 {'/'.join(map(str, pts))}" for p, pts in sorted(v["by_players"].items()))
        return (head_en + f"by rank of {what[0]}, best first ({en})", head_ko + f"{what[1]} 순위대로, 1위부터 ({ko})")
    if "food_production" in v:
        return head_en + "its food production per round", head_ko + "라운드당 식량 생산량만큼"
    if "resource_production" in v:
        return head_en + "its resource production per round", head_ko + "라운드당 자원 생산량만큼"
    if "urban_levels" in v:
        return head_en + "the levels of all its urban buildings", head_ko + "도시 건물 전부의 등급 합만큼"
    if "per_colony" in v:
        return head_en + f"{v['per_colony']} per colony", head_ko + f"식민지 하나마다 {v['per_colony']}점"
    if "unit_and_arena_levels" in v:
        return head_en + "the levels of all its military units and arenas", head_ko + "군사 유닛과 경기장 전부의 등급 합만큼"
    if "per_civil_action" in v:
        return (head_en + f"{v['per_civil_action']} per civil action and {v['per_military_action']} per military action",
                head_ko + f"시민 행동 하나마다 {v['per_civil_action']}점, 군사 행동 하나마다 {v['per_military_action']}점")
    if "per_happy_face" in v:
        return (head_en + f"{v['per_happy_face']} per happy face (at most {v['max']}), {v['per_discontent']} per "
                          f"discontent worker",
                head_ko + f"웃는 얼굴 하나마다 {v['per_happy_face']}점(최대 {v['max']}점), 불만 있는 일꾼 하나마다 "
                          f"{v['per_discontent']}점")
    if "per_content_worker_above" in v:
        return (head_en + f"{v['factor']} per worker without discontent beyond the first {v['per_content_worker_above']}",
                head_ko + f"불만 없는 일꾼 중 {v['per_content_worker_above']}명을 넘는 한 명마다 {v['factor']}점")
    if "government_and_special_levels" in v:
        return (head_en + f"{v['government_and_special_levels']} per level of its government and special technologies",
                head_ko + f"정부와 특수 기술의 등급 하나마다 {v['government_and_special_levels']}점")
    if "per_top_technology" in v:
        return (head_en + f"{v['per_top_technology']} per technology of the last age played",
                head_ko + f"진행한 마지막 시대의 기술 하나마다 {v['per_top_technology']}점")
    if "per_wonder_by_age" in v:
        en = ", ".join(f"{AGE[a][0]} {n}" for a, n in v["per_wonder_by_age"].items())
        ko = ", ".join(f"{AGE[a][1]} {n}점" for a, n in v["per_wonder_by_age"].items())
        return head_en + f"per completed wonder, by its age ({en})", head_ko + f"완성한 문화 유산 하나마다 시대별로 ({ko})"
    raise DescriptionMissing(f"impact {sorted(v)}")


# territories
def _permanent(color_en, color_ko):
    def describe(v, c):
        return (f"As your colony: {_signed(v)} {color_en} tokens in your {color_en} bank",
                f"식민지로 가진 동안 {color_ko} 저장소의 {color_ko} 토큰 {_signed(v)}개")
    return describe


def _immediate(what_en, what_ko, unit_ko):
    def describe(v, c):
        return f"When you take it as a colony: {_signed(v)} {what_en}", f"식민지로 삼을 때 즉시 {what_ko} {_signed(v)}{unit_ko}"
    return describe


# aggressions
def _steal(what_en, what_ko, unit_ko):
    def describe(v, c):
        return (f"The target loses up to {v} {what_en}, and you gain what it lost",
                f"상대는 {josa(what_ko, '을/를')} 최대 {v}{unit_ko} 잃고, 나는 상대가 잃은 만큼 얻습니다")
    return describe


def _lose_population(v, c):
    return f"The target loses {v} population", f"상대는 인구 {v}을(를) 잃습니다"


def _destroy_urban(v, c):
    return (f"The target loses up to {v} of its most expensive kind of urban building, and you gain half their "
            f"building cost in resources",
            f"상대는 가장 비싼 종류의 도시 건물을 최대 {v}개 잃고, 나는 그 건설 비용의 절반만큼 자원을 얻습니다")


def _half_cost_round(v, c):
    return (("Half a cost is rounded up", "절반은 올림합니다") if v == "up" else ("Half a cost is rounded down", "절반은 내림합니다"))


def _take_colony(v, c):
    return ("One of the target's colonies becomes yours (with its permanent bonus)",
            "상대의 식민지 하나를 빼앗아 내 식민지로 삼습니다 (영구 보너스와 함께)")


def _discard_leader(v, c):
    return "The target's leader is discarded", "상대의 지도자를 버립니다"


def _discard_wonder(v, c):
    return ("The target's wonder under construction is discarded (the resources on its stages go back)",
            "상대가 건설 중인 문화 유산을 버립니다 (단계에 쓴 자원은 돌아갑니다)")


def _culture_per_level(v, c):
    return (f"You gain {_n(v, 'culture point')} per level of the card discarded",
            f"버린 카드의 등급 하나마다 나는 문화 점수 {v}점을 얻습니다")


# pacts
PACT = {  # what a pact gives a party: (English, Korean)
    "military_actions": ("{s} military action{p}", "군사 행동 {s}"),
    "attacker_strength": ("{s} military strength when attacking the other party", "상대 당사자를 공격할 때 군사력 {s}"),
    "food_for_resource": ("once a round, pay 1 food to produce 1 resource", "라운드마다 한 번 식량 1개를 내고 자원 1개를 생산"),
    "resource_for_food": ("once a round, pay 1 resource to produce 1 food", "라운드마다 한 번 자원 1개를 내고 식량 1개를 생산"),
    "resources": ("{s} resource{p} each production phase", "생산 단계마다 자원 {s}"),
    "food": ("{s} food each production phase", "생산 단계마다 식량 {s}"),
    "culture": ("{s} culture point{p} each production phase", "생산 단계마다 문화 점수 {s}"),
    "strength": ("{s} military strength", "군사력 {s}"),
    "technology_discount": ("technologies cost {v} science point{p} less", "기술 비용이 과학 점수 {v}점 적음"),
    "partner_pays": ("the other party pays {v} science point{p} when one plays a technology",
                     "한쪽이 기술을 내려놓을 때 다른 쪽이 과학 점수 {v}점을 냄"),
    "culture_per_partner_wonder": ("{s} culture point{p} each production phase per wonder the other party completed",
                                   "생산 단계마다 상대가 완성한 문화 유산 하나당 문화 점수 {s}"),
}


def _pact_side(who_en, who_ko):
    def describe(v, c):
        parts = [(PACT[k][0].format(s=_signed(n), v=n, p="" if abs(n) == 1 else "s"), PACT[k][1].format(s=_signed(n), v=n))
                 for k, n in v.items()]
        return f"{who_en}: {'; '.join(p[0] for p in parts)}", f"{who_ko}: {'; '.join(p[1] for p in parts)}"
    return describe


def _no_attack(v, c):
    return "The two parties cannot attack each other", "두 당사자는 서로 공격할 수 없습니다"


def _no_war_on_b(v, c):
    return "No one can declare war on B", "누구도 B에게 전쟁을 선언할 수 없습니다"


def _ends_on_attack(v, c):
    return "The pact ends when one party attacks the other", "한 당사자가 다른 당사자를 공격하면 조약이 끝납니다"


# wars
def _spoils(v, c):
    words = {"culture": ("culture points", "문화 점수"), "food_or_resources": ("food or resources", "식량이나 자원"),
             "science": ("science points", "과학 점수"), "yellow_tokens": ("yellow tokens", "노란색 토큰"),
             "population": ("population", "인구")}[v["kind"]]
    if v["every"] == 1:
        per_en, per_ko = "as many as the difference in strength", "군사력 차이만큼"
    else:
        per_en, per_ko = f"1 per {v['every']} points of the difference in strength", f"군사력 차이 {v['every']}마다 1"
    if v["base"]:
        per_en, per_ko = f"{v['base']} + {per_en}", f"{v['base']} + {per_ko}"
    en = f"The stronger civilization takes {words[0]} from the weaker: {per_en} (no more than the weaker has)"
    ko = f"군사력이 강한 문명이 약한 문명에게서 {josa(words[1], '을/를')} 빼앗습니다: {per_ko} (약한 문명이 가진 것보다 많이는 아님)"
    if v.get("special_technologies"):
        en += "; it may first take special technologies within that amount"
        ko += "; 그 안에서 먼저 특수 기술을 빼앗을 수 있습니다"
    if v.get("culture_each"):
        en += f"; it also gains {v['culture_each']} culture points per population taken"
        ko += f"; 빼앗은 인구 하나마다 문화 점수 {v['culture_each']}점도 얻습니다"
    return en, ko


DESCRIBE = {
    "copies": _copies, "cost": _cost, "science": _science, "revolution": _revolution, "peaceful": _peaceful,
    "stages": _stages, "military_actions": _military_actions, "army": _army, "bonus": _bonus,
    "obsolete_bonus": _obsolete_bonus, "defense": _defense,
    "food": _food, "res": _res, "culture": _culture, "happy": _happy, "science_out": _science_out,
    "strength": _strength, "civil": _civil, "military": _military, "limit": _limit, "blue": _blue,
    "colonize": _colonize, "hand_civil": _hand_civil, "hand_military": _hand_military, "discount": _discount,
    "wonder_stages": _wonder_stages,
    "strength_per_unit": _strength_per_unit, "warriors_culture": _warriors_culture,
    "turn_military_resources": _turn_military_resources, "population_discount": _population_discount,
    "science_per_tech_taken": _science_per_tech_taken, "culture_per_happy_of": _culture_per_happy_of,
    "wonder_take_discount": _wonder_take_discount, "strength_per_temple_happy": _strength_per_temple_happy,
    "culture_when_attacked": _culture_when_attacked, "lab_bonus": _lab_bonus, "best_lab_per_level": _best_lab_per_level,
    "on_technology_resources": _on_technology_resources, "on_technology_civil_back": _on_technology_civil_back,
    "on_technology_culture": _on_technology_culture, "ignore_tactics": _ignore_tactics, "per_cavalry": _per_cavalry,
    "colonize_from_hand": _colonize_from_hand, "barbarossa": _barbarossa, "per_library_culture": _per_library_culture,
    "library_theater_pair_culture": _library_theater_pair_culture, "bonus_card_colonize_plus": _bonus_card_colonize_plus,
    "colony_culture": _colony_culture, "best_army_double": _best_army_double,
    "revolution_uses_military": _revolution_uses_military, "theater_science_discount": _theater_science_discount,
    "theater_cost_discount": _theater_cost_discount, "per_theater_culture": _per_theater_culture,
    "no_aggression": _no_aggression, "attack_cost_double": _attack_cost_double,
    "best_theater_double": _best_theater_double, "lab_resources_per_level": _lab_resources_per_level,
    "others_lab_library_surcharge": _others_lab_library_surcharge, "unit_science_discount": _unit_science_discount,
    "defense_cards_double": _defense_cards_double, "lab_culture_per_level": _lab_culture_per_level,
    "lab_science_minus": _lab_science_minus,
    "strength_per": _strength_per, "happy_double": _happy_double, "best_mine_double": _best_mine_double,
    "ocean_liner": _ocean_liner, "complete_culture": _complete_culture,
    "wonder_discount": _wonder_discount, "population_food": _population_food, "urban_discount": _urban_discount,
    "production_discount": _production_discount, "upgrade_discount": _upgrade_discount,
    "extra_military": _extra_military, "military_resources": _military_resources,
    "gain_science": _gain("science point", "과학 점수", "점"), "gain_culture": _gain("culture point", "문화 점수", "점"),
    "gain_food": _gain("food", "식량", "개"), "gain_resources": _gain("resource", "자원", "개"),
    "breakthrough_science": _breakthrough_science, "military_resources_per_stronger": _military_resources_per_stronger,
    "culture_per_more_cultured": _culture_per_more_cultured,
    "all_food": _all("gains {v} food", "식량 {v}개를 얻습니다"),
    "all_resources": _all("gains {v} resource{p}", "자원 {v}개를 얻습니다"),
    "all_food_or_resources": _all_food_or_resources,
    "all_science": _all("gains {v} science point{p}", "과학 점수 {v}점을 얻습니다"),
    "all_population": _all("increases its population by {v} for free", "인구를 공짜로 {v} 늘립니다"),
    "free_warriors": _all("with an unused worker builds a Warriors unit with it for free",
                          "일하지 않는 일꾼이 있으면 그 일꾼으로 전사 유닛을 공짜로 만듭니다"),
    "free_temple": _all("with an unused worker builds a Religion temple with it for free (within its urban building "
                        "limit)", "일하지 않는 일꾼이 있으면 그 일꾼으로 종교 신전을 공짜로 짓습니다 (도시 건물 제한 안에서)"),
    "all_draw_military": _all("draws {v} military card{p}", "군사 카드 {v}장을 뽑습니다"),
    "no_discard_this_round": _no_discard_this_round, "simple_game": _simple_game,
    "all_culture_rating": _all("scores its culture rating once more (culture points)",
                               "문화 진보 레벨만큼 문화 점수를 한 번 더 얻습니다"),
    "all_science_rating": _all("scores its science rating once more (science points)",
                               "과학 진보 레벨만큼 과학 점수를 한 번 더 얻습니다"),
    "all_culture_from_science_rating": _all("gains culture points equal to its science rating",
                                            "과학 진보 레벨만큼 문화 점수를 얻습니다"),
    "all_produce": _all_produce, "with_maintenance": _with_maintenance,
    "all_lose_population": _all("loses {v} population", "인구 {v}을(를) 잃습니다"),
    "all_lose_all_food": _all("loses all its food", "식량을 모두 잃습니다"),
    "civil_lost_per_discontent": _civil_lost_per_discontent, "culture_lost_per_discontent": _culture_lost_per_discontent,
    "lose_half_discontent": _lose_half_discontent, "discard_old_leaders": _discard_old_leaders,
    "ravages_of_time": _ravages_of_time, "culture_leader_among_weakest": _culture_leader_among_weakest,
    "strongest": _clause(True), "weakest": _clause(False), "happiest_population": _happiest_population,
    "yellow_weakest_to_strongest": _yellow_weakest_to_strongest, "most_culture_gains": _most_culture_gains,
    "terrorism": _terrorism, "strongest_takes_cards": _strongest_takes_cards, "impact": _impact,
    "permanent_blue": _permanent("blue", "파란색"), "permanent_yellow": _permanent("yellow", "노란색"),
    "immediate_science": _immediate("science points", "과학 점수", "점"),
    "immediate_culture": _immediate("culture points", "문화 점수", "점"),
    "immediate_food": _immediate("food", "식량", "개"), "immediate_resources": _immediate("resources", "자원", "개"),
    "immediate_population": _immediate("population (free)", "인구(공짜로)", ""),
    "immediate_military_cards": _immediate("military cards drawn", "군사 카드", "장 뽑기"),
    "steal_science": _steal("science points", "과학 점수", "점"), "steal_culture": _steal("culture points", "문화 점수", "점"),
    "steal_food_or_resources": _steal("food or resources", "식량이나 자원", "개"),
    "lose_population": _lose_population, "destroy_urban": _destroy_urban, "half_cost_round": _half_cost_round,
    "take_colony": _take_colony, "discard_leader": _discard_leader, "discard_wonder": _discard_wonder,
    "culture_per_level": _culture_per_level,
    "both": _pact_side("Both parties", "두 당사자 모두"), "a": _pact_side("A", "A"), "b": _pact_side("B", "B"),
    "no_attack": _no_attack, "no_war_on_b": _no_war_on_b, "ends_on_attack": _ends_on_attack,
    "spoils": _spoils,
}


def describe(field: str, value, card: dict) -> dict:
    """One field of a card in words, {"en", "ko"}; DescriptionMissing for a field without words yet."""
    if field not in DESCRIBE:
        raise DescriptionMissing(f"{card['id']}: no description for the field {field!r}")
    en, ko = DESCRIBE[field](value, card)
    return {"en": en, "ko": fix_particles(ko)}


# -- the catalogue -------------------------------------------------------------------------------------------
def _entries() -> list[tuple[str, dict, dict]]:
    """(file stem, card id, its data entry) of every card, in the data files' order."""
    out = []
    for stem in CARD_FILES:
        for cid, entry in load_yaml(DATA_DIR / f"{stem}.yaml").items():
            out.append((stem, cid, entry))
    return out


def card_record(stem: str, cid: str, entry: dict) -> dict:
    """One card's catalogue record: names, age, kind, the values the engine reads, each described, and where each
    group of values comes from."""
    values: dict = {}
    group_of: dict[str, str] = {}
    for group in FACT_GROUPS:
        for key, v in (entry.get(group) or {}).items():
            if key not in META_KEYS:
                values[key] = v
                group_of[key] = group           # a later group's value is the one the engine reads (cards.py)
    card = {"id": cid, "military_card": stem == "military", **values}
    numbers, effects = [], []
    for field in [f for f in NUMBER_FIELDS if f in values] + [f for f in values if f not in NUMBER_FIELDS]:
        if field in KIND_FIELDS:
            continue
        line = {"field": field, "group": group_of[field], "text": describe(field, values[field], card)}
        (numbers if field in NUMBER_FIELDS else effects).append(line)
    provenance = []
    for group in FACT_GROUPS:
        fact = entry.get(group)
        if not fact:
            continue
        fields = [k for k, g in group_of.items() if g == group]
        provenance.append({"group": group, "source": PROVENANCE[group], "fields": fields,
                           **{k: fact[k] for k in ("rule", "ref", "checked", "checked_ko", "note", "note_ko") if fact.get(k)}})
    age = values.get("age")
    return {"id": cid, "name": dict(entry["name"]), "type": values["type"], "age": age,
            "age_label": {"en": AGE[age][0], "ko": AGE[age][1]} if age else None,
            "kind": kind_label(card), "deck": deck_label(card), "values": values, "numbers": numbers, "effects": effects,
            "provenance": provenance}


@cache
def catalogue() -> list[dict]:
    """Every card of the engine's data as a catalogue record (card_record), in the data files' order."""
    return [card_record(stem, cid, entry) for stem, cid, entry in _entries()]
