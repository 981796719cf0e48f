"""Time of Seth examples built from the numbers of a question ("the second Building in a region with 3
players", "빨간색 주사위 5를 가져오는데 병사가 8이면", "피 토큰 3개에 균형값 -2", "건축물이 있는 지역이 2개인 열
아래에 민중을 위한 석상"). Each builder reads the question through the game's vocabulary (engine/asked.py: its
objects and the numbers written for them), sets up a scenario under the asker's edition, and writes its
expectations from the rule's numbers in the facts (data/seth_*.yaml), never from the engine's behaviour. A
number the game cannot have is named in a notice instead of being replaced."""
from __future__ import annotations

import re
from functools import lru_cache

from .. import asked
from ..api import QuestionExample
from ..asked import Asked
from ..examples import Builder, best_fitting, refused
from ..numbers import particle
from ..tekhenu.board import FACTS
from ..tekhenu.examples import ORDINAL_EN, ORDINAL_KO, happiness_refused, thoth_cards, thoth_sections
from ..tekhenu.data_files import DATA_DIR as BASE_DATA_DIR
from .facts import DATA_DIR, F

ID = "tekhenu-time-of-set/scenario/from-question/"
SECOND = r"second|2nd|두 번째|두번째|2번째"


@lru_cache(maxsize=1)
def vocabulary() -> asked.Vocabulary:
    """The base game's things and quantities with the expansion's (its gods, dice, cards, tracks)."""
    return asked.load(BASE_DATA_DIR).merged(asked.load(DATA_DIR))


def from_question(asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
    return best_fitting(BUILDERS, asked, rule_ids, vocabulary())





def _edition(asked: Asked) -> str:
    """The asker's rulebook for the base game's rules (a Korean question: the Korean edition)."""
    return "ko" if asked.lang == "ko" else "en"


# -- the Seth God Action's Soldier cost ---------------------------------------------------------------------------
# a region that already holds a Building (another player's): its second Building
ALREADY = (r"already (?:has|holds|contains|got)|(?:another|other|an opponent'?s?|someone(?: else)?'?s?) (?:player'?s? )?"
           r"buildings?|(?:someone|somebody|another player|an opponent)(?: else)? (?:has )?(?:already )?built|occupied|"
           r"이미 (?:다른 |상대(?:방)?의? )?(?:플레이어의? )?건축물|다른 (?:플레이어|사람|상대)(?:의|가)? ?(?:이미 )?건축물|"
           r"상대(?:방)?(?:의)? 건축물|건축물이 (?:이미 )?(?:하나 |1개 |한 개 )?(?:있는|놓인|놓여 있는) (?:세트 )?(?:보드 )?지역|"
           r"(?:친구|상대(?:방)?|다른 (?:플레이어|사람))(?:의)? (?:건물|건축물)(?:이|가)? (?:이미|벌써)|"
           r"(?:이미|벌써) (?:친구|상대(?:방)?|다른 (?:플레이어|사람))(?:의)? (?:건물|건축물)|"
           r"my (?:friend|opponent|neighbou?r)'?s building")
# the asker's own Building is there already: one Building of your own per region
OWN = (r"(?:my own|my|one of my) buildings? (?:is |was )?(?:already )?(?:there|in)|already (?:have|has|built) (?:a |one of )?"
       r"(?:my|my own)(?! (?:friend|opponent|neighbou?r))|already (?:have|has) (?:a )?building of mine|(?:자신|내|나)의? 건축물이 (?:이미 )?(?:있|놓)|"
       r"이미 (?:자신의|내|제) 건축물")
SOLO = r"\bsolo\b|솔로|botankhamun|보탕카멘|혼자"
REGION = re.compile(r"(?<!\d)([1-6])\s?번\s?지역|\bregion\s?([1-6])\b", re.IGNORECASE)


def _seth_cost(asked: Asked) -> QuestionExample | None:
    """The Soldiers a Building on the Seth board costs (step 2): 4 for a region's first, 3 (3-4 players) or
    5 (1-2 players) for its second; the player's own Soldiers pay it, never below 0; never two of your own
    in a region."""
    own = re.search(OWN, asked.text, re.IGNORECASE) is not None
    second = not own and (re.search(SECOND, asked.text, re.IGNORECASE) is not None
                          or re.search(ALREADY, asked.text, re.IGNORECASE) is not None)
    players = asked.number("players")
    have = asked.number("soldiers")
    solo = players is None and re.search(SOLO, asked.text, re.IGNORECASE) is not None
    if players is None and not (second or own or solo or have is not None):
        return None
    players = 1 if solo else (players or 4)
    if not 1 <= players <= 4:
        return refused(f"Tekhenu is played by 1 to 4 players (solo against Botankhamun), and the Seth board's costs are "
                       f"given for 1-2 and 3-4 players: a {players}-player game cannot be set up.",
                       f"테케누는 1~4인 게임이며(1인은 보탕카멘과 겨루는 솔로 게임) 세트 보드의 비용은 1-2인과 3-4인으로 "
                       f"나뉩니다: {players}인 게임은 준비할 수 없습니다.")
    top = F("seth_dice.tracks_max")
    if have is not None and not F("seth_dice.tracks_start") <= have <= top:
        return refused(f"The Soldier track runs from 0 to {top} (Soldiers beyond {top} are lost): {have} Soldiers cannot "
                       "be set up.",
                       f"병사 트랙은 0~{top}입니다({top}을 초과하는 병사는 버려집니다): 병사 {particle(have, '은')} 준비할 수 "
                       "없습니다.")
    soldiers = top if have is None else have
    value = asked.number("die")
    named = REGION.search(asked.text)
    if value is None and named:                     # "3번 지역", "region 3": the region itself, not a die
        value = int(next(g for g in named.groups() if g))
    if value is not None and value not in F("seth_board.regions"):
        return refused(f"The Seth board's regions are 1 to 6, one per die value: a die of {value} has no region.",
                       f"세트 보드의 지역은 주사위 눈에 따라 1~6입니다: 주사위 눈 {value}에 해당하는 지역은 없습니다.")
    region = value or 3
    table = 2 if players == 1 else players          # a solo game is a 2-player game (the 1-2 player side)
    cost = F("seth_board.building_cost_second")[table] if second else F("seth_board.building_cost_first")
    which_en, which_ko = ("second", "두 번째") if second else ("first", "첫 번째")
    who_en = "a solo game" if players == 1 else f"{players} players"
    in_en = "in a solo game" if players == 1 else f"with {players} players"
    beside_en, beside_ko = (("Botankhamun's", "보탕카멘의 건축물 옆") if players == 1
                            else ("the other player's", "다른 플레이어의 건축물 옆"))
    who_ko = "솔로 게임" if players == 1 else f"{players}인 게임"
    other = "others.0"
    space = [other if second else None, None] if not own else ["me", None]
    setup = {"players": table, "horus": "preprinted", "edition": _edition(asked), "board": {"temple": {}},
             "me": {"soldiers": soldiers, "buildings_left": 8},
             "seth": {"dice": [], "regions": {str(region): space}, "conquest": {}, "stack": ["A06"]},
             "dice": [{"as": "s1", "board": "seth", "value": region}]}
    if players == 1:
        setup["solo"] = {"difficulty": "easy"}
    if own:
        kind = "own"
        title = {"en": f"A second Building of your own in Seth region {region} ({who_en})",
                 "ko": f"{who_ko}에서 자신의 건축물이 이미 있는 세트 보드 {region} 지역에 또 건설"}
        rules = ["tekhenu-time-of-set/gameplay/seth-action/one-building-per-region",
                 "tekhenu-time-of-set/gameplay/seth-action/step-2-build"]
        expect = [{"description": f"your own Building already stands in region {region}: you cannot place another "
                                  "there, whatever your Soldiers",
                   "description_ko": f"{region} 지역에 이미 자신의 건축물이 있음: 병사가 있어도 그 지역에 또 놓을 수 없음",
                   "raises": "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region",
                   "answers": {"asks": "build_there", "verdict": "no"}}]
    elif soldiers < cost:
        kind = "short"
        title = {"en": f"{soldiers} Soldiers for the {which_en} Building of Seth region {region} ({who_en})",
                 "ko": f"{who_ko}, 병사 {particle(soldiers, '으로')} 세트 보드 {region} 지역의 {which_ko} 건축물"}
        rules = ["tekhenu-time-of-set/gameplay/seth-action/step-2-build",
                 "tekhenu-time-of-set/key-concepts/soldiers-priests/tracks"]
        expect = [{"description": f"the {which_en} Building of a region costs {cost} Soldiers {in_en}: "
                                  f"{soldiers} cannot pay it (the track never goes below 0), so no Building",
                   "description_ko": f"{who_ko}에서 지역의 {which_ko} 건축물은 병사 {cost}: 병사 {particle(soldiers, '으로')}는 "
                                     "낼 수 없음(트랙은 0 아래로 내려가지 않음), 건설 불가",
                   "raises": "tekhenu-time-of-set/gameplay/seth-action/step-2-build",
                   "answers": {"asks": "build_there", "verdict": "no"}}]
    else:
        kind = which_en
        where_en, where_ko = (f"Seth region {region}", f"세트 보드 {region} 지역") if named else ("a Seth region", "세트 보드 지역")
        title = {"en": f"The {which_en} Building in {where_en} {in_en}, from {soldiers} Soldiers",
                 "ko": f"{who_ko}에서 {where_ko}의 {which_ko} 건축물, 병사 {soldiers}에서"}
        rules = ["tekhenu-time-of-set/gameplay/seth-action/step-2-build"]
        # the cost last: the last check is the number a how-many question's short line quotes
        expect = [{"description": f"the Building takes the region's {which_en} space"
                                  + (f" (beside {beside_en})" if second else ""),
                   "description_ko": f"건축물은 그 지역의 {which_ko} 칸에" + (f" ({beside_ko})" if second else ""),
                   "path": f"state.seth.regions.{region}.{1 if second else 0}", "equals_player": "me",
                   "answers": {"asks": "build_there", "verdict": "yes"}},
                  {"description": f"the {which_en} Building of a region costs {cost} Soldiers {in_en}: "
                                  f"{soldiers} - {cost} = {soldiers - cost} left",
                   "description_ko": f"{who_ko}에서 한 지역의 {which_ko} 건축물은 병사 {cost}: "
                                     f"{soldiers} - {cost} = {soldiers - cost} 남음",
                   "path": "me.soldiers", "equals": soldiers - cost,
                   "answers": [{"asks": "soldiers_paid", "amount": cost}, {"asks": "soldiers_left"}]}]
    spec = {
        "id": (f"{ID}seth-cost-{'solo' if players == 1 else f'{players}p'}-{kind}"
               + (f"-{soldiers}-soldiers" if have is not None else "") + (f"-region-{region}" if value is not None else "")),
        "title": title, "rules": rules, "setup": setup,
        "actions": [{"kind": "take_die", "die": "s1", "board": "seth"},
                    {"kind": "perform", "action": "seth", "cell": "0,0"}],
        "expect": expect,
    }
    return QuestionExample(spec)


# -- red and blue dice: Soldiers or Priests, the track's 10 --------------------------------------------------------
def _red_blue(asked: Asked) -> QuestionExample | None:
    red, blue = asked.has("red"), asked.has("blue")
    if not (red or blue):
        return None
    track = "soldiers" if red else "priests"
    color = "red" if red else "blue"
    value = asked.number("die")
    if value is None:
        return None
    have = asked.number(track)
    have = 0 if have is None else have
    faces = F("seth_dice.faces")
    if value not in faces:
        shown = ", ".join(str(f) for f in sorted(set(faces)))
        return refused(f"Red and blue dice show only {shown}: a {value} cannot be taken.",
                        f"빨간색·파란색 주사위의 면은 {shown}뿐입니다: {particle(value, '은')} 가져올 수 없습니다.")
    top = F("seth_dice.tracks_max")
    if not 0 <= have <= top:
        return refused(f"The {track} track runs from 0 to {top}: {have} cannot be set up.",
                        f"{'병사' if red else '사제'} 트랙은 0~{top}입니다: {particle(have, '은')} 준비할 수 없습니다.")
    expected = min(top, have + value)
    name_ko = "병사" if red else "사제"
    spec = {
        "id": f"{ID}{color}-{value}-from-{have}",
        "title": {"en": f"A {color} die of {value} with {have} {track.title()}",
                  "ko": f"{name_ko} {have}에서 {'빨간색' if red else '파란색'} 주사위 {value}"},
        "rules": ["tekhenu-time-of-set/key-concepts/red-blue-dice/gain-soldiers-priests",
                  "tekhenu-time-of-set/key-concepts/soldiers-priests/tracks"],
        "setup": {"players": 2, "horus": "preprinted", "edition": _edition(asked), "me": {track: have, "scribes": 0},
                  "dice": [{"as": "d1", "color": color, "value": value, "god": "hathor", "light": "sunny"}]},
        "actions": [{"kind": "take_die", "die": "d1"}],
        "expect": [{"description": (f"{have} + {value} = {have + value}: the {have + value - top} beyond {top} are lost, "
                                    f"the track stops at {top}" if have + value > top
                                    else f"{have} + {value} = {expected} {track.title()}"),
                    "description_ko": (f"{name_ko} {have} + {value} = {have + value}: {particle(top, '을')} 초과하는 "
                                       f"{particle(have + value - top, '은')} 버려지고 트랙은 {top}에서 멈춤" if have + value > top
                                       else f"{name_ko} {have} + {value} = {expected}"),
                    "path": f"me.{track}", "equals": expected, "answers": {"asks": track}},
                   {"description": f"the {color} die is always Tainted", "description_ko": "항상 부패한 주사위",
                    "path": "me.tainted", "equals": [value]}],
    }
    return QuestionExample(spec)


# -- Blood tokens in the Maat phase ---------------------------------------------------------------------------------
def _blood(asked: Asked) -> QuestionExample | None:
    blood = asked.number("blood")
    if blood is None or blood < 0:
        return None
    balance = asked.number("balance")
    balance = 0 if balance is None else balance
    if blood > 12:
        return refused("A player takes one Blood token per Seth God Action, and the Seth board holds 12 Buildings: "
                        f"{blood} Blood tokens cannot be set up.",
                        f"피 토큰은 세트 신 행동마다 1개이고 세트 보드의 건축물은 12개까지입니다: 피 토큰 {blood}개는 준비할 수 없습니다.")
    dice = FACTS("maat.dice_per_player")
    if abs(balance) > dice * 6:
        return refused(f"A balance of {balance} before the Blood tokens cannot happen with {dice} dice.",
                        f"피 토큰 전 균형값 {particle(balance, '은')} 주사위 {dice}개로 나올 수 없습니다.")
    final = balance - blood
    bands = FACTS("maat.vp_loss")
    loss = 0 if final >= 0 else next((lost for lowest, lost in bands if final >= lowest), bands[-1][1])
    side = "pure" if balance >= 0 else "tainted"
    values, left = [], abs(balance)
    while left > 0 and len(values) < dice:
        values.append(min(6, left))
        left -= values[-1]
    me = {"pure": [], "tainted": [], "taint_resources": left, "faith": 0, "vp": 10, "blood": blood}
    me[side] = [["white" if side == "pure" else "gray", v] for v in values]
    spec = {
        "id": f"{ID}blood-{blood}-balance{balance}",
        "title": {"en": f"Maat phase: balance {balance} and {blood} Blood token(s)",
                  "ko": f"마앗 단계: 균형값 {balance}, 피 토큰 {blood}개"},
        "rules": ["tekhenu-time-of-set/gameplay/maat/blood-tokens/permanent-taint"],
        "setup": {"players": 2, "edition": _edition(asked), "me": me},
        "actions": [{"kind": "phase", "phase": "maat"}],
        "expect": [{"description": f"each Blood token is 1 Taint: {balance} - {blood} = {final}",
                    "description_ko": f"피 토큰 1개는 부패 1: {balance} - {blood} = {final}", "path": "me.balance",
                    "equals": final, "answers": {"asks": "balance"}},
                   {"description": f"VP lost at balance {final}: {loss}", "description_ko": f"균형값 {final}의 점수 손실: {loss}점",
                    "path": "me.vp", "equals": 10 - loss,
                    "answers": [{"asks": "vp_lost", "amount": loss}, {"asks": "loses_vp", "verdict": "yes" if loss else "no"}]},
                   {"description": "the Blood tokens stay on the scales", "description_ko": "피 토큰은 저울에 남음",
                    "path": "me.blood", "equals": blood}],
    }
    return QuestionExample(spec)


# -- a Statue for the people on the Seth board: Thoth actions -------------------------------------------------------
PEOPLE_MARKET = [       # two Card Market sections of Blessings only (placeholders: only how many cards counts)
    [{"kind": "blessing", "card": "B01"}, {"kind": "blessing", "card": "B02"}, {"kind": "blessing", "card": "B03"}],
    [{"kind": "blessing", "card": "B04"}, {"kind": "blessing", "card": "B05"}, {"kind": "blessing", "card": "B06"}],
    None, None]


# a column's regions told one by one ("one region has two buildings, one has one, the third is empty", "하나엔 건물
# 2개, 하나엔 1개, 나머지는 비었어"): each clause a region, its count of Buildings (none where empty)
_REGION_CLAUSE = re.compile(r"\b(?:one|another|the (?:first|second|third|other|last)(?: one| region)?)\b(?: region)? "
                            r"(?:has|holds|is) ([\w]+)|(?:(?<![가-힣])하나|한\s?곳|다른\s?하나|나머지(?:\s?하나)?)"
                            r"(?:엔|에는|에|는|은)\s?(?:건물|건축물)?\s?(\S+)", re.IGNORECASE)
_EMPTY_WORD = re.compile(r"^(?:empty|비었|비어|없|하나도)", re.IGNORECASE)


def _region_buildings(asked: Asked) -> list[int] | None:
    found = []
    for m in _REGION_CLAUSE.finditer(asked.text):
        word = m.group(1) or m.group(2)
        if _EMPTY_WORD.match(word):
            found.append(0)
            continue
        n = next((w.value for w in asked.written if m.start(1 if m.group(1) else 2) <= w.start < m.end()), None)
        if n is None:
            return None         # a region told without its count: the column is not known
        found.append(n)
    column = len(F("seth_board.columns")[0])
    return found if 2 <= len(found) <= column else None


_HAPPINESS_TOLD = re.compile(r"(?:행복\s?지수|\bhappiness\b)(?:\s?(?:는|은|가|이|is|at|of|sits at|=|:))*\s?(\d+)", re.IGNORECASE)


def _happiness_told(asked: Asked) -> int | None:
    m = _HAPPINESS_TOLD.search(asked.text)
    return int(m.group(1)) if m else None


def _people_statue(asked: Asked) -> QuestionExample | None:
    """A Statue for the people below a column: one Thoth God Action as a die of 1 (a card without cost) per
    region of the column holding a Building, anyone's; the cards come from the sections the builder's
    Happiness reaches, none at Happiness 0."""
    if not re.search(r"statue|석상", asked.text, re.IGNORECASE):
        return None
    listed = _region_buildings(asked)
    built = sum(1 for n in listed if n) if listed else asked.number("regions")
    happiness = _happiness_told(asked) if listed else asked.number("happiness")
    if built is None:
        return None
    column = len(F("seth_board.columns")[0])
    if not 0 <= built <= column:
        return refused(f"A column of the Seth board has {column} regions: {built} regions with Buildings cannot be set up.",
                       f"세트 보드의 한 열은 {column}개 지역입니다: 건축물이 있는 지역 {built}개는 준비할 수 없습니다.")
    if bad := happiness_refused(happiness):
        return bad
    level = 5 if happiness is None else happiness
    value = F("seth_board.people_statue_thoth_value")
    cards_each, papyrus_each = thoth_cards(value)
    reach = thoth_sections(level)
    section = min(max(reach, 1), 2)                 # the highest section it reaches of the two laid out
    regions = {str(r): (["others.0", None] if i < built else [None, None])
               for i, r in enumerate(F("seth_board.columns")[0])}
    takes = built if reach else 0
    cards = takes * cards_each
    actions = [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "horus", "target": "seth_people:0"}]
    actions += [{"kind": "extra_perform", "action": "thoth", "section": section - 1, "cards": [i], "value": value}
                for i in range(takes)]
    expect = [{"description": f"{built} region(s) of the column hold a Building (anyone's): {built} Thoth action(s) "
                              f"as a die of {value}",
               "description_ko": f"그 열에 건축물(누구의 것이든)이 있는 지역 {built}개: 주사위 눈 {value}의 토트 행동 {built}번",
               "event": "seth_statue", "field": "thoth_actions", "equals": built}]
    if reach:
        expect.append({"description": f"{cards_each} card per action without cost: {cards} card(s) in all, from the "
                                      f"{ORDINAL_EN[section]} section (Happiness {level} reaches the {ORDINAL_EN[reach]})",
                       "description_ko": f"행동마다 비용 없이 카드 {cards_each}장: 모두 {cards}장, {ORDINAL_KO[section]} 구역에서"
                                         f"(행복지수 {level}: {ORDINAL_KO[reach]} 구역까지 가능)",
                       "path": "me.blessings.len", "equals": cards, "answers": {"asks": "cards"}})
    else:
        expect.append({"description": f"Happiness {level}: no section of the Card Market is open to Thoth, so no card",
                       "description_ko": f"행복지수 {level}: 토트로 카드를 가져올 수 있는 구역이 없어 카드 없음",
                       "path": "me.blessings.len", "equals": 0})
    expect += [{"description": "no Papyrus paid for the cards", "description_ko": "카드에 파피루스를 내지 않음",
                "path": "me.resources.papyrus", "equals": 2 - takes * papyrus_each},
               {"description": "nothing left to do", "description_ko": "남은 행동 없음", "path": "state.owed.len",
                "equals": 0}]
    each_en = f" (Buildings per region: {', '.join(map(str, listed))})" if listed else ""
    each_ko = f" (지역별 건축물: {', '.join(f'{n}개' for n in listed)})" if listed else ""
    spec = {
        "id": f"{ID}people-statue-{built}-happiness-{level}",
        "title": {"en": f"A Statue for the people below a Seth board column with {built} built region(s){each_en}, at Happiness {level}",
                  "ko": f"세트 보드에서 건축물이 있는 지역이 {built}개인 열 아래의 민중을 위한 석상{each_ko}, 행복지수 {level}"},
        "rules": ["tekhenu-time-of-set/gameplay/horus/statue-for-the-people"],
        "setup": {"players": 3, "horus": "preprinted", "edition": _edition(asked),
                  "me": {"resources": {"granite": 3, "papyrus": 2}, "statues_left": 6, "happiness": level,
                         "population": max(level, FACTS("player_start.population")), "blessings": [],
                         "technologies": []},
                  "board": {"market": PEOPLE_MARKET},
                  "seth": {"regions": regions, "people": [None, None]},
                  "dice": [{"as": "d1", "color": "gray", "value": 2, "god": "horus"}]},
        "actions": actions,
        "expect": expect,
    }
    return QuestionExample(spec)


# -- Decrees DX02 and DX03 from the pieces a question puts on the Seth board ----------------------------------
_SETH_BUILDINGS = re.compile(r"\b(\d+) (?:of my )?buildings?\b|(?:건물|건축물)(?:이|을|를)?\s?(\d+)\s?개", re.IGNORECASE)
_PEOPLE = re.compile(r"민중|\bfor the people\b", re.IGNORECASE)


def _statue_kinds(asked: Asked, statues: int, columns: int) -> tuple[int, int]:
    """(for the people, honouring Seth) of the Statues the question puts on the Seth board: as it tells them ("one
    for the people, one honoring Seth", "민중 석상 1개"), else the columns' spaces first."""
    people = honor = None
    for n in asked.written:
        after, before = asked.text[n.end:n.end + 24], asked.text[max(0, n.start - 12):n.start]
        if re.match(r"\s*(?:statues?\s+)?for the people", after, re.IGNORECASE) or re.search(r"민중(?:을\s?위한)?\s?석상\s?$", before):
            people = n.value
        elif re.match(r"\s*(?:statues?\s+)?honou?ring", after, re.IGNORECASE) or re.search(r"기리는\s?석상\s?$", before):
            honor = n.value
    if people is None and honor is None:
        people = min(statues, columns)
    people = statues - honor if people is None else people
    honor = statues - people if honor is None else honor
    return people, honor


def _seth_decree(asked: Asked) -> QuestionExample | None:
    """DX02 (per Building on the Seth board) or DX03 (per Statue and per Building there) at the final Scoring,
    from the Buildings and Statues the question puts on the Seth board: one Building of mine in each of the first
    regions (one per region), the Statues for the people below the columns first, the rest honouring Seth."""
    cards = {t.key for t in asked.of_kind("card")} & {"DX02", "DX03"}
    if len(cards) != 1:
        return None
    card = cards.pop()
    found = [int(next(g for g in m.groups() if g)) for m in _SETH_BUILDINGS.finditer(asked.text)]
    if len(found) != 1:
        return None
    built = found[0]
    statues = asked.number("statues") or 0
    regions = F("seth_board.regions")
    columns = F("seth_board.columns")
    if not 0 <= built <= len(regions) or not 0 <= statues <= len(columns) + 1:
        return None
    if card == "DX03" and not asked.number("statues"):
        return None
    people, honor = _statue_kinds(asked, statues, len(columns))
    if people > len(columns) or people + honor != statues:
        return None
    seth = {"regions": {str(r): ["me", None] for r in range(1, built + 1)},
            "people": ["me"] * people + [None] * (len(columns) - people), "honor": ["me"] * honor}
    vp_each = F(f"seth_cards.decrees.{card}")["vp"]
    if card == "DX02":
        total = vp_each * built
        line_en = f"{built} Building(s) on the Seth board × {vp_each} = {total} VP" + (
            f" (the Statue(s) there count for nothing)" if statues else "")
        line_ko = f"세트 보드의 건축물 {built}개 × {vp_each}점 = {total}점" + (" (석상은 세지 않음)" if statues else "")
    else:
        total = vp_each * (statues + built)
        line_en = f"({statues} Statue(s) + {built} Building(s) on the Seth board) × {vp_each} = {total} VP"
        line_ko = f"(세트 보드의 석상 {statues}개 + 건축물 {built}개) × {vp_each}점 = {total}점"
    return QuestionExample({
        "id": f"{ID}decree-{card.lower()}-buildings-{built}-statues-{statues}",
        "title": {"en": f"Decree {card} at the final Scoring: {built} Building(s)"
                        + (f" and {statues} Statue(s) ({people} for the people, {honor} honouring Seth)" if statues else "")
                        + " of mine on the Seth board",
                  "ko": f"최종 점수 계산의 법령 {card}: 세트 보드에 내 건축물 {built}개"
                        + (f", 석상 {statues}개 (민중을 위한 석상 {people}개, 세트를 기리는 석상 {honor}개)" if statues else "")},
        "rules": [f"tekhenu-time-of-set/{card}"],
        "setup": {"players": 3, "edition": _edition(asked), "me": {"decrees": [card], "buildings_left": 10 - built},
                  "others": {"decrees": [], "buildings_left": 10},
                  "board": {"god_statues": {g: [] for g in ("horus", "ra", "hathor", "bastet", "thoth", "osiris", "seth")}},
                  "seth": seth},
        "actions": [{"kind": "phase", "phase": "final_scoring"}, {"kind": "score_decrees", "cards": [card]}],
        "expect": [{"description": line_en, "description_ko": line_ko, "event": "decrees_scored", "field": f"vp.{card}",
                    "equals": total, "answers": {"asks": "vp"}}],
    })


# -- Decrees DX01 and DX04 from the tracks and markers a question tells ------------------------------------------
# "자원 생산 마커가 4, 5, 6, 6칸에", "my Production markers are on 4, 5, 6 and 6"
_MARKERS = re.compile(r"(?:production markers?|생산\s?마커)(?:는|가|들이|들은)?[^\d.?!]{0,16}"
                      r"((?:\d+\s?(?:,|and|랑|이랑|과|와|그리고)?\s?){2,})", re.IGNORECASE)


def _wealth_decree(asked: Asked) -> QuestionExample | None:
    """DX01 (per pair of a leftover Soldier and Priest) or DX04 (per Production marker on the 5 or 6 space) at the
    final Scoring, from the Soldier and Priest tracks or the four Production markers the question tells."""
    cards = {t.key for t in asked.of_kind("card")} & {"DX01", "DX04"}
    if len(cards) != 1:
        return None
    card = cards.pop()
    vp_each = F(f"seth_cards.decrees.{card}")["vp"]
    top = F("seth_dice.tracks_max")
    me: dict = {"decrees": [card]}
    if card == "DX01":
        soldiers, priests = asked.number("soldiers"), asked.number("priests")
        if soldiers is None or priests is None:
            return None
        for have, en, ko in ((soldiers, "Soldier", "병사"), (priests, "Priest", "사제")):
            if not 0 <= have <= top:
                return refused(f"The {en} track runs from 0 to {top}: {have} cannot be set up.",
                               f"{ko} 트랙은 0~{top}입니다: {particle(have, '은')} 준비할 수 없습니다.")
        me.update(soldiers=soldiers, priests=priests)
        pairs = min(soldiers, priests)
        total = vp_each * pairs
        line_en = f"min({soldiers} Soldiers, {priests} Priests) = {pairs} pair(s) × {vp_each} = {total} VP"
        line_ko = f"병사 {soldiers}, 사제 {priests} 중 작은 쪽 = {pairs}쌍 × {vp_each}점 = {total}점"
        told_en, told_ko = f"{soldiers} Soldiers and {priests} Priests left", f"남은 병사 {soldiers}, 사제 {priests}"
        key = f"{soldiers}-{priests}"
    else:
        resources = list(FACTS("produce.color_resource").values())
        lists = [[int(x) for x in re.findall(r"\d+", m.group(1))] for m in _MARKERS.finditer(asked.text)]
        if len(lists) != 1 or len(lists[0]) != len(resources):
            return None
        levels = lists[0]
        top_space = FACTS("limits.production_max")
        if any(v > top_space for v in levels):
            bad = max(levels)
            return refused(f"A Production marker goes no higher than the {top_space} space: {bad} cannot be set up.",
                           f"생산 마커는 {top_space}칸보다 올라가지 않습니다: {particle(bad, '은')} 준비할 수 없습니다.")
        if not all(v >= 1 for v in levels):
            return None
        me["production"] = dict(zip(resources, levels))
        high = sum(1 for v in levels if v >= 5)
        total = vp_each * high
        shown = ", ".join(map(str, levels))
        line_en = f"Production markers on {shown}: {high} on the 5 or 6 space × {vp_each} = {total} VP"
        line_ko = f"생산 마커 {shown}: 5칸이나 6칸에 있는 마커 {high}개 × {vp_each}점 = {total}점"
        told_en, told_ko = f"Production markers on {shown}", f"생산 마커 {shown}칸"
        key = "-".join(map(str, levels))
    return QuestionExample({
        "id": f"{ID}decree-{card.lower()}-{key}",
        "title": {"en": f"Decree {card} at the final Scoring: {told_en}",
                  "ko": f"최종 점수 계산의 법령 {card}: {told_ko}"},
        "rules": [f"tekhenu-time-of-set/{card}"],
        "setup": {"players": 3, "edition": _edition(asked), "me": me, "others": {"decrees": []}},
        "actions": [{"kind": "phase", "phase": "final_scoring"}, {"kind": "score_decrees", "cards": [card]}],
        "expect": [{"description": line_en, "description_ko": line_ko, "event": "decrees_scored", "field": f"vp.{card}",
                    "equals": total, "answers": {"asks": "vp"}}],
    })


BUILDERS = (
    Builder(("tekhenu-time-of-set/gameplay/seth-action/step-2-build",
             "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region"), _seth_cost),
    Builder(("tekhenu-time-of-set/key-concepts/red-blue-dice/gain-soldiers-priests",
             "tekhenu-time-of-set/key-concepts/soldiers-priests/tracks",
             "tekhenu-time-of-set/key-concepts/red-blue-dice/always-tainted"), _red_blue),
    Builder(("tekhenu-time-of-set/gameplay/maat/blood-tokens/permanent-taint",
             "tekhenu-time-of-set/gameplay/seth-action/step-5-blood-token"), _blood),
    Builder(("tekhenu-time-of-set/gameplay/horus/statue-for-the-people",
             "tekhenu-time-of-set/gameplay/horus/statues-on-seth-board"), _people_statue),
    Builder(("tekhenu-time-of-set/DX02", "tekhenu-time-of-set/DX03", "tekhenu-time-of-set/appendix/decree-cards/columns"),
            _seth_decree),
    Builder(("tekhenu-time-of-set/DX01", "tekhenu-time-of-set/DX04"), _wealth_decree),
)
