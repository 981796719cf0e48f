"""Printed card ids in a question (T08, P19, BX01, Cult03…), and the ones that do not exist.

A question about "T99" must not be answered with another card's text: search would happily find the
nearest Technology. The ranges come from the KB's own cards, so they stay true when cards are added.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kb.models import Card
from kb.store import KnowledgeBase

# Letter families need two digits (T08, "T8" is too easily something else: a turn, a player);
# the expansion's long prefixes are unambiguous with one.
MENTION = re.compile(r"(?<![A-Za-z0-9])(?:(BX|TX|DX|SX|Cult|Art)[-\s]?(\d{1,3})|([PSADBT])(\d{2,3}))(?![0-9])",
                     re.IGNORECASE)

TYPE_LABEL = {
    "pillar-tile": ("Pillar tiles", "기둥 타일"), "starting": ("Starting cards", "시작 카드"),
    "destiny": ("Destiny cards", "운명 카드"), "decree": ("Decrees", "법령 카드"),
    "blessing": ("Blessings", "축복 카드"), "technology": ("Technologies", "기술 카드"),
    "cult": ("Cult cards", "숭배자 카드"), "artifact": ("Artifact cards", "유물 카드"),
    "conquest-tile": ("Conquest tiles", "정복 타일"),
}


def topic(word: str) -> str:
    """The word with its Korean topic particle: 은 after a final consonant (타일은), else 는 (카드는)."""
    last = word[-1:]
    has_final = "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0
    return word + ("은" if has_final else "는")


def _normal(prefix: str, number: str) -> str:
    prefix = {"cult": "Cult", "art": "Art"}.get(prefix.lower(), prefix.upper())
    return f"{prefix}{int(number):02d}"


@dataclass(frozen=True)
class Family:
    game: str
    type: str
    prefix: str
    first: str
    last: str


class PrintedIds:
    def __init__(self, kb: KnowledgeBase):
        self.known: dict[str, list[str]] = {}          # printed id -> games
        spans: dict[tuple[str, str, str], list[tuple[int, str]]] = {}
        for game in kb.games.values():
            for card in game.cards.values():
                if not isinstance(card, Card) or not card.printed_id:
                    continue
                m = re.fullmatch(r"([A-Za-z]+)(\d+)", card.printed_id)
                if not m:
                    continue        # named cards (Through the Ages, Imhotep) have no printed number
                self.known.setdefault(card.printed_id, []).append(game.id)
                spans.setdefault((game.id, card.type, m.group(1)), []).append((int(m.group(2)), card.printed_id))
        self.families = [Family(g, t, p, min(ids)[1], max(ids)[1]) for (g, t, p), ids in spans.items()]
        self.titles = {gid: info.title for gid, info in kb.corpus.games.items()}
        # an expansion's questions may name its base game's cards (Time of Seth plays with Tekhenu's)
        self.base = {gid: info.base_game for gid, info in kb.corpus.games.items()}

    def mentions(self, question: str) -> list[str]:
        out = []
        for long_prefix, long_number, prefix, number in MENTION.findall(question):
            pid = _normal(long_prefix, long_number) if long_prefix else _normal(prefix, number)
            if pid not in out:
                out.append(pid)
        return out

    def unknown(self, mentioned, game: str | None = None) -> list[str]:
        """Of the ids a question mentions (`mentions`), those no card carries (in `game` and its base
        game when one is given)."""
        return [pid for pid in mentioned if not any(self._in(g, game) for g in self.known.get(pid, []))]

    def notice(self, unknown: list[str], game: str | None = None) -> dict:
        """{"ko", "en"}: the ids that do not exist and the ranges that do, for their prefixes."""
        en, ko = [], []
        for pid in unknown:
            prefix = re.match(r"[A-Za-z]+", pid).group(0)
            families = [f for f in self.families if f.prefix.lower() == prefix.lower()
                        and self._in(f.game, game)]
            labels = [TYPE_LABEL.get(f.type, (f.type, f.type)) for f in families]
            en.append(" ".join([f"There is no card or tile {pid} in these rulebooks."] + [
                f"In {self._title(f.game, 'en')}, the {label[0]} run {f.first}–{f.last}."
                for f, label in zip(families, labels)]))
            ko.append(" ".join([f"이 규칙서들에는 {pid} 카드나 타일이 없습니다."] + [
                f"{self._title(f.game, 'ko')}의 {topic(label[1])} {f.first}–{f.last}입니다."
                for f, label in zip(families, labels)]))
        return {"en": " ".join(en), "ko": " ".join(ko)}

    def _title(self, game: str, lang: str) -> str:
        return (self.titles.get(game) or {}).get(lang) or game

    def _in(self, card_game: str, asked: str | None) -> bool:
        return asked is None or card_game == asked or card_game == self.base.get(asked)
