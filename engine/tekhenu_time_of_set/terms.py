"""Time of Seth's terms in both languages, as its KB glossary (kb/data/tekhenu-time-of-set/glossary.yaml)
writes them, on top of the base game's (engine/tekhenu/terms.py)."""
from __future__ import annotations

from ..tekhenu.terms import TERMS as BASE_TERMS
from ..tekhenu.terms import Terms

TERMS: dict[str, tuple[str, str]] = {
    **BASE_TERMS,
    "seth": ("Seth", "세트"), "seth_board": ("Seth board", "세트 보드"), "region": ("region", "지역"),
    "column": ("column", "열"), "overlay": ("overlay", "오버레이"), "blood": ("Blood token", "피 토큰"),
    "conquest": ("Conquest tile", "정복 타일"), "soldiers": ("Soldiers", "병사"), "priests": ("Priests", "사제"),
    "red": ("red", "빨간색"), "blue": ("blue", "파란색"), "green": ("green", "초록색"),
    "vizier": ("Vizier", "고관"), "cult": ("Cult card", "숭배자 카드"), "artifact": ("Artifact card", "유물 카드"),
    "seth_action": ("Seth God Action", "세트 신 행동"), "honor_statue": ("Statue honoring Seth", "세트를 기리는 석상"),
    "people_statue": ("Statue for the people", "민중을 위한 석상"), "trial": ("Trial of the Vizier", "고관의 시련"),
    "starting": ("Starting card", "시작 카드"), "happiness": ("Happiness", "행복지수"),
}


_TERMS = Terms(TERMS)
term, both, option_name = _TERMS.term, _TERMS.both, _TERMS.option
