"""Game terms in both languages, as the KB glossary (kb/data/tekhenu/glossary.yaml) prints them: the
words refusals, prompts and narration use. The engine does not read the KB; these are the same words,
kept here (tests/test_engine_tekhenu_narrate.py checks them against the glossary)."""
from __future__ import annotations

TERMS: dict[str, tuple[str, str]] = {      # key: (English, Korean)
    # gods and actions
    "horus": ("Horus", "호루스"), "ra": ("Ra", "라"), "hathor": ("Hathor", "하토르"),
    "bastet": ("Bastet", "바스테트"), "thoth": ("Thoth", "토트"), "osiris": ("Osiris", "오시리스"),
    "anubis": ("Anubis", "아누비스"), "maat": ("Maat", "마앗"),
    "produce": ("Produce Resources", "자원 생산"), "god_action": ("God Action", "신 행동"),
    "anubis_action": ("Anubis Action", "아누비스 행동"), "extra_action": ("extra action", "추가 행동"),
    # resources and tokens
    "papyrus": ("Papyrus", "파피루스"), "bread": ("Bread", "빵"), "limestone": ("Limestone", "석회암"),
    "granite": ("Granite", "화강암"), "gold": ("Gold", "금"), "resource": ("Resource", "자원"),
    "scribes": ("Scribes", "서기"), "faith": ("Faith", "신앙"), "vp": ("VP", "점수"),
    # dice
    "die": ("die", "주사위"), "white": ("white", "흰색"), "black": ("black", "검은색"),
    "yellow": ("yellow", "노란색"), "brown": ("brown", "갈색"), "gray": ("gray", "회색"),
    "pure": ("Pure", "온전한"), "tainted": ("Tainted", "부패한"), "forbidden": ("Forbidden", "금지된"),
    "sunny": ("Sunny", "양지"), "shaded": ("Shaded", "음지"), "dark": ("Dark", "암흑"),
    "die_value": ("die value", "주사위 눈"),
    # the player's board and tracks
    "happiness": ("Happiness", "행복지수"), "population": ("Population", "인구"),
    "production": ("Production", "생산 마커"), "balance": ("balance", "균형값"), "scales": ("scales", "저울"),
    "taint": ("Taint", "부패"), "building": ("Building", "건축물"), "statue": ("Statue", "석상"),
    "pillar": ("Pillar", "기둥"), "pillar_tile": ("Pillar tile", "기둥 타일"),
    "temple": ("Temple Complex", "신전 단지"), "district": ("district", "자원 구역"),
    "workshop": ("workshop", "작업장"), "quarry": ("quarry", "채석장"),
    "obelisk_wheel": ("Obelisk Wheel", "오벨리스크 원"), "section": ("section", "구역"),
    "market": ("Card Market", "카드 시장"),
    # cards
    "blessing": ("Blessing", "축복"), "technology": ("Technology", "기술"), "decree": ("Decree", "법령"),
    "starting": ("Starting card", "시작 카드"), "destiny": ("Destiny card", "운명 카드"),
    "ankh": ("Ankh value", "앙크 가치"), "horus_bonus": ("Horus Bonus", "호루스 보너스"),
    # phases
    "round": ("Round", "라운드"), "rotation": ("Rotation", "자전"), "maat_phase": ("Maat phase", "마앗 단계"),
    "scoring": ("Scoring", "점수 계산"), "turn_order": ("Turn Order", "차례 순서"), "turn": ("turn", "차례"),
    "botankhamun": ("Botankhamun", "보탕카멘"),
}


class Terms:
    """A table of terms (key: (English, Korean)) and its two lookups; Time of Seth builds its own on top
    of this one."""

    def __init__(self, table: dict[str, tuple[str, str]]):
        self.table = table

    def term(self, key: str, lang: str) -> str:
        """A term in one language ("ko" or anything else for English); an unknown key as it is."""
        pair = self.table.get(key)
        if pair is None:
            return key
        return pair[1] if lang == "ko" else pair[0]

    def both(self, key: str) -> tuple[str, str]:
        """(English, Korean)."""
        return self.table.get(key, (key, key))

    def option(self, option, lang: str) -> str:
        """A refused choice as a player reads it ("papyrus" → "Papyrus" / "파피루스", "bread,gold" → "빵, 금"); one
        that is no term of the game is quoted in English and called "that choice" in Korean (no key shown)."""
        parts = [p for p in str(option).split(",") if p]
        if parts and all(p in self.table for p in parts):
            return ", ".join(self.term(p, lang) for p in parts)
        return "그 선택" if lang == "ko" else repr(option)


_TERMS = Terms(TERMS)
term, both, option_name = _TERMS.term, _TERMS.both, _TERMS.option
