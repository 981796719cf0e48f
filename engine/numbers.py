"""The numbers a player writes in a question, whatever the phrasing: "-7", "−7", "minus 7", "seven",
"마이너스 7", "두 구역", "다섯 개", "7장" — and the number that goes with a word ("scales come out at -7",
"균형이 -7이면", "7 statue cards", "두 구역이 비면").

Game-agnostic text reading, shared by the assistant (the table row a number falls in) and every game's
example builders (the situation a number sets up), so that both read a question the same way.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

EN_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
EN_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "a dozen": 12, "once": 1, "twice": 2,
                 "single": 1, "double": 2})
# Korean native numbers: the prenominal forms (한 장, 두 구역) need a word after them; the counting
# forms (하나, 둘) stand alone. 열 is also "row/column" (같은 열), so it needs a counter.
KO_PRENOMINAL = {"한": 1, "두": 2, "세": 3, "네": 4, "스무": 20}
KO_COUNTING = {"하나": 1, "둘": 2, "셋": 3, "넷": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9,
               "스물": 20}
KO_TENS = {"열": 10, "스물": 20}
KO_COUNTERS = "개장명칸번점구층줄턴회라"
MINUS_WORDS = r"(?:minus|negative|마이너스)"

_DIGITS = re.compile(r"(?<![A-Za-z0-9_])(?:(?P<word>" + MINUS_WORDS + r")\s*)?(?P<sign>[-−–+])?(?P<n>\d{1,4})(?![\d])",
                     re.IGNORECASE)
_EN = re.compile(r"\b(?:(?P<minus>minus|negative)\s+)?(?P<w>" + "|".join(sorted(EN_WORDS, key=len, reverse=True))
                 + r")\b", re.IGNORECASE)
_KO_TENS = re.compile(r"(?<![가-힣])(?P<tens>열|스물)(?P<unit>한|하나|두|둘|세|셋|네|넷|다섯|여섯|일곱|여덟|아홉)?"
                      r"(?!\s?구역)(?=\s?[" + KO_COUNTERS + r"]|\s*(?:개|장|명))")      # "카드 열 구역": the row's zones
_KO_COUNT = re.compile(r"(?<![가-힣])(?P<w>" + "|".join(sorted(KO_COUNTING, key=len, reverse=True)) + r")")
_KO_PRE = re.compile(r"(?<![가-힣])(?P<w>한|두|세|네|스무)\s?(?=[" + KO_COUNTERS + r"]|\s[가-힣])")
# "once I build", "once the ship arrives": a conjunction, not one time ("once per turn", "only once?")
_ONCE_CONJUNCTION = re.compile(r"\s+(?:i|we|you|he|she|they|it|my|your|the|a|an|all|every|each|that|this|there|"
                               r"someone|somebody|everyone)\b", re.IGNORECASE)
# "the one whose row is higher", "which one wins", "no one", "one another": a pronoun, not a count ("one of
# the dice", "the one die I have" stay counts)
_ONE_PRONOUN_BEFORE = re.compile(r"\b(?:the|this|that|which|no|any|each|every|another|other|same)\s+$", re.IGNORECASE)
_ONE_PRONOUN_AFTER = re.compile(r"(?:\s+(?:whose|who|that|which|with|in|on|at|is|was|has|had|gets|wins|scores|goes)\b"
                                r"|\s*[,.?!;:]|\s*$)", re.IGNORECASE)
_NOT_ONE = re.compile(r"(?:\bnot|n't|\bnever)\s+(?:a\s+)?$", re.IGNORECASE)
_KO_UNITS = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4, "다섯": 5, "여섯": 6,
             "일곱": 7, "여덟": 8, "아홉": 9}


@dataclass(frozen=True)
class Number:
    value: int
    start: int
    end: int
    text: str


def _overlaps(found: list[Number], start: int, end: int) -> bool:
    return any(n.start < end and start < n.end for n in found)


def read_numbers(text: str) -> list[Number]:
    """Every number in the text, in reading order."""
    found: list[Number] = []
    for m in _DIGITS.finditer(text):
        value = int(m.group("n"))
        if m.group("word") or (m.group("sign") or "") in "-−–" and m.group("sign"):
            value = -value
        found.append(Number(value, m.start(), m.end(), m.group(0)))
    for m in _EN.finditer(text):
        if _overlaps(found, m.start(), m.end()):
            continue
        if m.group("w").lower() == "once" and _ONCE_CONJUNCTION.match(text, m.end()):
            continue      # "…from 7 once I build": when, not one time
        if m.group("w").lower() == "one" and (
                re.match(r"\s+another\b", text[m.end():]) or text[:m.start()].lower().endswith("no ")
                or (_ONE_PRONOUN_BEFORE.search(text[max(0, m.start() - 12):m.start()])
                    and _ONE_PRONOUN_AFTER.match(text, m.end()))):
            continue      # a pronoun: "the one whose…", "no one"
        value = EN_WORDS[m.group("w").lower()]
        # "there isn't a single yellow die", "not one Priest": none at all (as "하나도 없어")
        if m.group("w").lower() in ("single", "one") and _NOT_ONE.search(text[max(0, m.start() - 12):m.start()]):
            value = 0
        found.append(Number(-value if m.group("minus") else value, m.start(), m.end(), m.group(0)))
    for m in _KO_TENS.finditer(text):
        if not _overlaps(found, m.start(), m.end()):
            value = KO_TENS[m.group("tens")] + _KO_UNITS.get(m.group("unit") or "", 0)
            found.append(Number(value, m.start(), m.end(), m.group(0)))
    for m in _KO_COUNT.finditer(text):
        word = m.group("w")
        follow = text[m.end():m.end() + 3]
        # a counting form stands alone or takes a particle/counter (다섯 개, 둘이, 셋만); not inside a word
        if _overlaps(found, m.start(), m.end()) or (follow[:1] and re.match(r"[가-힣]", follow[:1])
                                                      and not re.match(r"[이가을를은는만도의개장명칸번점]", follow[:1])):
            continue
        if word == "하나" and re.match(r"\(\s*\d", text[m.end():m.end() + 3]):
            continue      # "소총병 하나(3)": one unit named by its worth; the worth is the number
        if word == "둘" and re.match(r"\s?(?:다|합쳐|합해|모두|중)", text[m.end():m.end() + 4]):
            continue      # "둘 합쳐서", "둘 다", "둘 중": both of them, not the number 2
        # "하나도 없어", "하나도 안 실린": none at all
        none = word == "하나" and re.match(r"도\s?(?:없|안\s)", text[m.end():m.end() + 4])
        found.append(Number(0 if none else KO_COUNTING[word], m.start(), m.end(), word))
    for m in _KO_PRE.finditer(text):
        word = m.group("w")
        if _overlaps(found, m.start(), m.end()):
            continue
        if word == "네" and (m.start() == 0 or text[m.start() - 1] in ".!?\n"):
            continue      # "네, ..." / "네 맞아요": yes, not four
        found.append(Number(KO_PRENOMINAL[word], m.start(), m.end(), word))
    return sorted(found, key=lambda n: n.start)


def number_near(text: str, keywords, window: int = 16, prefer: str = "after") -> int | None:
    """The number written next to one of the keywords (a regex or a list of words), within `window`
    characters on either side and with no other number between: "balance -7", "-7 balance",
    "균형이 -7이면", "7 statue cards", "석상 카드 7장". `prefer` breaks a tie of distance."""
    pattern = keywords if isinstance(keywords, str) else "|".join(re.escape(k) for k in keywords)
    numbers = read_numbers(text)
    best = None
    for m in re.finditer(pattern, text, re.IGNORECASE):
        for n in numbers:
            if n.start >= m.end():
                gap, side = n.start - m.end(), "after"
            elif n.end <= m.start():
                gap, side = m.start() - n.end, "before"
            else:
                continue
            between = [o for o in numbers if o is not n and (min(n.end, m.end()) <= o.start < max(n.start, m.start()))]
            if gap > window or between:
                continue
            rank = (gap, 0 if side == prefer else 1)
            if best is None or rank < best[0]:
                best = (rank, n.value)
    return best[1] if best else None


def first_number(text: str) -> int | None:
    numbers = read_numbers(text)
    return numbers[0].value if numbers else None


_PARTICLES = {"은": ("은", "는"), "이": ("이", "가"), "을": ("을", "를"), "과": ("과", "와"), "으로": ("으로", "로")}


def particle(word, kind: str) -> str:
    """The word (a number or a Korean noun) with its Korean particle chosen by how it is read: 5는, 3은,
    -4는 ("마이너스 사"), 10은 ("십"), 연구실을, 신전을, 피라미드로, 석회암으로 (`kind`: 은 이 을 과 으로)."""
    text = str(word)
    last = text.rstrip()[-1:] if text.strip() else ""
    if last.isdigit():
        consonant = last not in "2459"            # 이 사 오 구 end in a vowel; 영 일 삼 육 칠 팔 and 십 백 천 do not
        rieul = last in "178"                     # 일 칠 팔 end in ㄹ
    elif "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        consonant, rieul = final != 0, final == 8
    else:
        consonant, rieul = False, False            # a Latin word (P19): read as its letters, most end in a vowel
    with_final, without = _PARTICLES[kind]
    if kind == "으로":
        return text + (without if not consonant or rieul else with_final)
    return text + (with_final if consonant else without)
