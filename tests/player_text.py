"""What counts as developer text in anything a player reads (tests/test_player_text.py and the browser
test use it): KB rule ids, a die's setup id (d1, s1), storage paths and keys (dice.per_color, take_die),
slugs of cards or rules (burial-chamber-decoration, engineering-genius-a), code and data file names, a
0-based index (ship 0, player 0, 플레이어 0, "0,0"), a Korean particle left as a fallback ("6을(를)"), code operators ("11 // 3") and, in the Korean
interface, a Latin-letter word that is not a printed card id (T08, BX01) or a unit (VP)."""
from __future__ import annotations

import re

RULE_ID = re.compile(r"\b(?:tekhenu-time-of-set|tekhenu|through-the-ages|imhotep)/[a-z0-9]", re.ASCII)
PATTERNS = {
    "rule id": RULE_ID,
    "die id": re.compile(r"\b[ds]\d+\b", re.ASCII),
    "storage key": re.compile(r"\b[a-z]+_[a-z0-9_]+\b", re.ASCII),
    "path": re.compile(r"\b[a-z][a-z_]*\.[a-z_][a-z0-9_]*\b(?<!e\.g)(?<!i\.e)", re.ASCII),
    "slug": re.compile(r"\b[a-z]+(?:-[a-z0-9]+){2,}\b|\b[a-z]+-(?:[a-z]|i|ii|iii|iv)\b", re.ASCII),
    "file": re.compile(r"\.(?:py|csv|cpp|hpp|java|ts|yaml)\b|\bsrc/", re.ASCII),
    # a seat, ship or space counted from 0 ("Player 0", "플레이어 0", "Seat 0", "0번 배", "Ship 0"), or a 0-based
    # "row,col" pair; players count everything from 1
    "0-based": re.compile(r"\b(?:[Ss]hip|[Ss]eat|market space|card|[Pp]layer|[Rr]egion) 0\b"
                          r"|(?<![\d.])0번(?:째)? ?(?:배|칸|플레이어|카드|자리|좌석)"
                          r"|(?:배|플레이어|좌석|자리) 0(?![\d.,])|(?<![\d,.\w])\d,\d(?![\d,])"),
    # Python's floor division ("11 // 3 = 3") where a person writes "11 ÷ 3 (rounded down) = 3"
    "code operator": re.compile(r"[\w)]\s*//\s*\d"),
    "particle fallback": re.compile(r"\((?:으|이)\)|을\(를\)|를\(을\)|은\(는\)|이\(가\)|와\(과\)|과\(와\)", re.ASCII),
}
# English words a hyphenated slug pattern would also match, that are plain English
ENGLISH = {"counter-clockwise", "face-down", "face-up", "up-and-right", "two-player", "one-of-a-kind",
           "top-left", "bottom-right", "bottom-left", "top-right", "left-to-right", "right-to-left",
           "struck-through", "end-of-game", "re-roll", "x-ray", "wrap-around", "first-player", "end-of-age",
           "still-in-play", "lowest-numbered"}
# Latin words a Korean reader meets in the Korean interface legitimately: printed card ids, roman age
# numerals, units
LATIN_OK = re.compile(r"^(?:[A-Z][A-Za-z]*\d+[a-z]?|[A-Z]{1,3}\d*|I{1,3}|IV|VP|vs|x\d*|i|New|Story)$")


def leaks(text: str, lang: str) -> list[str]:
    """The developer text in one string a player reads ([] when there is none)."""
    found = []
    for name, pattern in PATTERNS.items():
        for m in pattern.finditer(text or ""):
            if name == "slug" and m.group(0).lower() in ENGLISH:
                continue
            found.append(f"{name}: {m.group(0)!r} in {text[:160]!r}")
    if lang == "ko":
        for word in re.findall(r"(?<![0-9A-Za-z])[A-Za-z][A-Za-z0-9]*", text or ""):
            if not LATIN_OK.match(word):
                found.append(f"Latin word {word!r} in the Korean interface: {text[:160]!r}")
    return found
