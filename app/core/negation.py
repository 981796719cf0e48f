"""Whether a sentence's own predicate is negated ("Can't I…?", "못 써?", "수 없대"), and whether it restricts
("only", "만", "밖에"): what an answer turns on and sentence vectors hardly weigh. Read by settling
(app/core/settle.py) and by the side reader (app/core/sides.py)."""
from __future__ import annotations

import re

_NEG_EN = r"(?:can't|cannot|can not|couldn't|don't|doesn't|didn't|isn't|aren't|wasn't|won't|mustn't|shouldn't|" \
          r"may not|must not|is not|are not|does not|do not|never|not allowed)"
NEG_EN = re.compile(rf"\b{_NEG_EN}\b", re.I)
NEG_Q_EN = re.compile(rf"^\s*(?:so\s+|and\s+|but\s+)?(?:{_NEG_EN}\b|(?:can|do|does|is|are|must|should|may)\s+"
                      r"(?:i|we|you|it|they|he|she|one)\s+not\b|"
                      # "Is a gray die never Forbidden?", "Does nobody score a tied district?", "Do I get nothing?":
                      # the predicate is negated inside the question
                      r"(?:can|could|do|does|did|is|are|was|were|will|would|must|should|may)\s+(?:[\w'-]+\s+){0,3}?"
                      r"(?:never|nothing|nobody|no one|none)\b)", re.I)
# "Do Scribes not work on blue dice?", "In the Simple Game, do the sections not matter?": the predicate negated
# after a subject that is not a pronoun, or after a scene-setting phrase; not "…or not", "choose not to pay"
# (what is chosen is the leave), "cleared but not refilled" (a second predicate) or "not only"
NEG_Q_SUBJECT_EN = re.compile(r"(?:^\s*|[,;:]\s*)(?:so\s+|and\s+|but\s+)?(?:can|could|do|does|did|is|are|was|were|"
                              r"will|would|must|should|may)\s+(?:[\w'-]+\s+){1,5}?(?<!\bor\s)(?<!\bbut\s)not\b"
                              r"(?!\s+(?:only|to)\b)", re.I)
NEG_KO = re.compile(r"수\s*없|(?<![가-힣])못\s*(?:[가-힣])|(?<![가-힣])안\s+[가-힣]|(?<![가-힣])안(?:돼|되|됨)|"
                    r"지\s*않|지\s*못|(?:면|으면)\s*안\s|불가|말아야|없어도\s*돼|"
                    # "의미 없어?" against "의미 있어?": 없다 ends the clause as the denial of 있다
                    r"없(?:어요|나요|습니까|을까요?|어|나|니|지|음|다|죠|대)$")
_KO_TAIL = 12        # a Korean predicate's negation stands in the last characters of its clause
# "빵 안 내도 돼?", "…내지 않아도 돼?", "…없어도 돼?": whether leaving something undone is allowed. The negation is
# what the question asks to be allowed, not its predicate (돼 is not negated): its positive proposition is the
# leave itself, as in English "Can I skip paying?"
# "화강암 안 내고 세울 수 있어?": the same leave asked in a -고 clause before a permission that is not negated
_LEAVE_CLAUSE_KO = r"(?:(?<![가-힣])안\s*[가-힣]+고|지\s*않고)\s+[^?]*?(?<!안\s)(?<!안)(?:수\s*있|돼|되|괜찮|가능)[가-힣]*\s*(?:\?|$)"
LEAVE_KO = re.compile(r"(?:(?<![가-힣])안\s*[가-힣]*|지\s*않아|없어)도\s*(?:돼|되|괜찮)|" + _LEAVE_CLAUSE_KO)
_LEAVE_CLAUSE = re.compile(_LEAVE_CLAUSE_KO)


# "빵 안 내면 점수 잃어?", "…지 않고 끝나?": a negated verb that ends in a connective (-고, -면, -면서, -는데,
# -지만, -서) with another predicate after it negates its own clause, not the sentence's predicate; except the
# leave of _LEAVE_CLAUSE_KO, negated for matching as "안 내도 돼?" is
# "색깔이 안 맞아도 1점씩 받는대": a concessive -아도/-어도 ("even if not") before another predicate is such a clause too,
# unless that predicate allows it ("안 내도 돼": the leave asked)
_KO_SUBORDINATE = re.compile(r"[가-힣]*?(?:고|면|면서|는데|은데|지만|서|도(?!\s*(?:돼|되|괜찮)))\s+[가-힣0-9]")


def _main_predicate_ko(text: str, match: re.Match) -> bool:
    return not _KO_SUBORDINATE.match(text, match.end()) or bool(_LEAVE_CLAUSE.match(text, match.start()))


def negated(text: str, lang: str, statement: bool = False) -> bool:
    """Whether the clause's own predicate is negated ("Can't I…?", "못 써?", "수 없대"); a negation inside
    what is asked about ("a ship with none of my stones", "돌이 없는 배") is not."""
    text = text.strip().rstrip("?!.~ ")
    if lang == "en":
        if statement:
            return bool(NEG_EN.search(text))
        return bool(NEG_Q_EN.search(text) or NEG_Q_SUBJECT_EN.search(text))
    return any(m.end() >= len(text) - _KO_TAIL and _main_predicate_ko(text, m) for m in NEG_KO.finditer(text))


def asks_negated(text: str, lang: str) -> bool:
    """Whether a question asks its positive proposition turned ("Can't I take it?", "못 가져가?"), so that the
    answer to that proposition is the literal answer turned. A Korean question whether a thing may be left
    undone ("안 내도 돼?") is negated for matching its forms, but asks the leave itself."""
    return negated(text, lang) and not (lang == "ko" and LEAVE_KO.search(text))


ONLY_EN = re.compile(r"\b(?:only|just|at most|strictly|no more than|exactly one)\b", re.I)
ONLY_KO = re.compile(r"[가-힣0-9]만(?:\s|$|[?.,!])|밖에|뿐|까지만")
