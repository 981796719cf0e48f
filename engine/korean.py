"""Korean particles (조사) chosen by how the word before them ends, as a reader says it: "주사위 6을",
"2를", "T08을", "피라미드로", "시장으로", "1로" — never the fallbacks "6을(를)", "피라미드(으)로".

The choice (the final consonant of the last syllable; digits read in Korean, 6 → 육 → 을; Latin letters
by their Korean names, L → 엘 → 을; ㄹ before 로) is hangulpy's (a maintained, pure-Python library,
pinned in pyproject.toml), imported on the first Korean sentence only. Every engine's narration, its
refusals and the app use these two functions, so the rule lives in one place.
"""
from __future__ import annotations

import re

# the pairs a sentence may use, written as "with a final consonant/without"
PAIRS = {"을/를": "을/를", "를/을": "을/를", "은/는": "은/는", "는/은": "은/는", "이/가": "이/가", "가/이": "이/가",
         "과/와": "와/과", "와/과": "와/과", "으로/로": "으로/로", "로/으로": "으로/로", "이나/나": "이나/나",
         "이라는/라는": "이라는/라는", "이란/란": "이란/란"}

# the fallbacks engines and data wrote before the choice was made: "을(를)", "(으)로", "은(는)", ...
FALLBACK = re.compile(r"(?<=\S)(을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|과\(와\)|와\(과\)|\(으\)로|\(이\)나"
                      r"|\(이\)라는|\(이\)란)")
_FALLBACK_PAIR = {"을(를)": "을/를", "를(을)": "을/를", "은(는)": "은/는", "는(은)": "은/는", "이(가)": "이/가",
                  "가(이)": "이/가", "과(와)": "와/과", "와(과)": "와/과", "(으)로": "으로/로", "(이)나": "이나/나",
                  "(이)라는": "이라는/라는", "(이)란": "이란/란"}
# what closes a word without being said: quotes, brackets, a trailing full stop
_SILENT_END = re.compile(r"[\s'\"‘’“”)\]」』>.,]+$")


def _josa():
    from hangulpy import josa as pick     # ~50 ms, only when a Korean sentence needs a particle

    return pick


def particle(word: str, pair: str) -> str:
    """The particle of `pair` ("을/를", "으로/로", ...) that follows `word` ("6" → "을")."""
    pair = PAIRS[pair]
    spoken = _SILENT_END.sub("", str(word)).lstrip("'\"‘“(「『<[")
    if not spoken:
        return pair.split("/")[1]
    if spoken[-1].isascii() and spoken[-1].isalpha():
        spoken = spoken.upper()     # a Latin letter is read by its name (n → 엔); hangulpy names capitals only
    # hangulpy does not know 이라는/라는 (it answers 라는 after 카탄): it follows 이/가's choice
    asked = "이/가" if pair == "이라는/라는" else pair
    try:
        chosen = _josa()(spoken, asked)[len(spoken):]
    except ValueError:          # nothing hangulpy can read aloud (a symbol): the form after a vowel
        return pair.split("/")[1]
    if asked != pair:
        return "이라는" if chosen == "이" else "라는"
    return chosen


def josa(word, pair: str) -> str:
    """The word and its particle: josa(6, "을/를") → "6을", josa("피라미드", "으로/로") → "피라미드로"."""
    return f"{word}{particle(str(word), pair)}"


def fix_particles(text: str | None) -> str:
    """A Korean sentence with every fallback ("6을(를)", "시장(으)로") replaced by the particle its word
    takes. Sentences written before this module (the engines' refusals, notices and scenario data) are
    read through it."""
    if not text or "(" not in text:
        return text or ""

    def choose(m: re.Match) -> str:
        before = text[:m.start()]
        word = before.split()[-1] if before.split() else before
        return particle(word, _FALLBACK_PAIR[m.group(1)])

    return FALLBACK.sub(choose, text)
