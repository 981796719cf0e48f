"""The card catalogue (issue 26): every card, tile or token an engine knows has an entry or a reason; Through the
Ages' whole deck is described from the engine's data and `kb check` fails when the two disagree; every card is found
by its Korean and English name (short forms and misspellings too) by `arbiter card`, the API and the app; a question
about a card puts the card on top with the rules of its kind, and an example or the reason there is none."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from app.core.catalogue import CARD_CATALOGUE, by_engine_id
from app.core.card_names import CardNames
from app.core.records import NotFound, UsageError, card_entries
from app.core.scenario_files import checked_kb
from engine import registry
from kb.check import check_kb
from kb.store import DEFAULT_DATA

ROOT = Path(__file__).resolve().parents[1]
TTA = "through-the-ages"


@pytest.fixture(scope="module")
def kb():
    return checked_kb().kb()


def _identities():
    for game in registry.available():
        for ident in registry.get(game).card_identities():
            if ident.card.split("/", 1)[0] == game:
                yield game, ident


def _names(kb, game, ident) -> dict:
    """What a player calls the card of an engine identity, in Korean and in English."""
    if game == TTA:
        record = next(r for r in registry.get(TTA).card_catalogue() if r["id"] == ident.id)
        return dict(record["name"])
    card = kb.entry(ident.card)
    if card.name:
        return {"ko": card.name.ko, "en": card.name.en}
    # a card known by its printed id: "T08 기술 카드", "Technology card T08"
    return {"ko": f"{card.printed_id} {ident.kind['ko']}", "en": f"{ident.kind['en']} {card.printed_id}"}


def test_every_engine_identity_has_an_entry_or_a_reason(kb):
    for game, ident in _identities():
        cards = by_engine_id(kb.games[game])
        assert ident.id in cards or ident.card in kb.games[game].cards or ident.card in kb.games[game].absent, ident
        absent = kb.games[game].absent.get(ident.card)
        if absent is not None:
            assert absent.reason.ko and absent.reason.en and absent.what.en


def test_every_engine_card_resolves_by_its_korean_and_english_name(kb):
    """The walk the issue asks for: every card of every engine, by name in each language, through the function
    `arbiter card` and /v1/cards call (records.card_entries); the command itself is run for a sample below."""
    walked = 0
    for game, ident in _identities():
        if ident.card in kb.games[game].absent:
            continue
        wanted = by_engine_id(kb.games[game]).get(ident.id) or kb.entry(ident.card)
        for lang, name in _names(kb, game, ident).items():
            found = card_entries(kb, name)
            assert wanted.id in [c.id for c in found], (game, ident.id, lang, name, [c.id for c in found])
            walked += 1
    assert walked >= 2 * (244 + 115 + 45 + 12)


@pytest.mark.parametrize("query, card", [
    ("michelangelo", "through-the-ages/michelangelo"), ("Michelangelo", "through-the-ages/michelangelo"),
    ("미켈", "through-the-ages/michelangelo"), ("Mich", "through-the-ages/michelangelo"),
    ("Michaelangelo", "through-the-ages/michelangelo"), ("미켈란젤료", "through-the-ages/michelangelo"),
    ("잔다르크", "through-the-ages/joan-of-arc"), ("잔 다르크", "through-the-ages/joan-of-arc"),
    ("만리장성", "through-the-ages/great-wall"), ("great wall", "through-the-ages/great-wall"),
    ("나폴레옹", "through-the-ages/napoleon-bonaparte"), ("St Peters", "through-the-ages/st-peters-basilica"),
    ("Ghandi", "through-the-ages/mahatma-gandhi"), ("절약 2시대", "through-the-ages/frugality-ii"),
    ("Frugality II", "through-the-ages/frugality-ii"), ("T08", "tekhenu/T08"), ("기술 카드 T08", "tekhenu/T08"),
    ("돛", "imhotep/sail"), ("Sail", "imhotep/sail"),
])
def test_names_as_players_write_them(kb, query, card):
    assert card_entries(kb, query)[0].id == card


def test_a_name_several_ages_share_finds_them_all_earliest_first(kb):
    found = [c.id for c in card_entries(kb, "Frugality")]
    assert found == ["through-the-ages/frugality-a", "through-the-ages/frugality-i", "through-the-ages/frugality-ii"]


def test_nothing_near_is_not_found_and_several_names_are_ambiguous(kb):
    with pytest.raises(NotFound):
        card_entries(kb, "xyzzy")
    with pytest.raises(UsageError, match="several cards"):
        card_entries(kb, "방어")            # Defensive Army and the defense/colonization bonus cards
    with pytest.raises(NotFound):
        card_entries(kb, "미켈란젤로", game="tekhenu")


def test_mentions_in_a_question(kb):
    names = CardNames(kb)
    found = [(m.form, [c.id for c in m.cards]) for m in names.mentions("만리장성이랑 Great Wall of China 같은 거야?")]
    assert found == [("만리장성", ["through-the-ages/great-wall"]), ("greatwallofchina", ["through-the-ages/great-wall"])]
    assert not names.mentions("Ironclad rules")           # an English name is a whole word, not a part of one


@pytest.mark.parametrize("query, lang, shows, hides", [
    ("미켈", "ko", ["미켈란젤로", "신전, 극장, 문화 유산의 웃는 얼굴 하나마다 문화 진보 레벨 +1", "공개된 2006년판 카드 표"],
     ["culture_per_happy_of", "through-the-ages/", "published:"]),
    ("Joan of Arc", "en", ["Joan of Arc", "+1 military strength per happy face of your temples", "Age I"],
     ["strength_per_temple_happy", "joan-of-arc"]),
    ("함무라비", "ko", ["함무라비도 시민 행동을 하나 늘려주지만", "공식 규칙서", "규칙서"], ["hammurabi"]),
])
def test_arbiter_card_by_name(query, lang, shows, hides):
    """The command itself, in a fresh process: a card as a card, both languages, its data with provenance."""
    out = subprocess.run([sys.executable, "-m", "app.cli", "card", query, "--lang", lang], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    for text in shows:
        assert text in out.stdout
    for text in hides:
        assert text not in out.stdout


def test_arbiter_card_json_has_the_catalogue_and_the_other_ages():
    out = subprocess.run([sys.executable, "-m", "app.cli", "card", "절약", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    record = json.loads(out.stdout)
    assert record["id"] == "through-the-ages/frugality-a" and record["origin"] == {"ko": "description", "en": "description"}
    assert record["also"] == ["through-the-ages/frugality-i", "through-the-ages/frugality-ii"]
    assert record["catalogue"]["effects"][0]["field"] == "population_food"
    assert not record["sources"]


def test_a_rulebook_card_keeps_its_official_text_and_gets_the_catalogue(kb):
    card = kb.entry("through-the-ages/hammurabi")
    assert card.origin.ko == "official" and card.sources and card.catalogue is not None
    assert {line.field for line in card.catalogue.effects} == {"civil", "military"}
    assert kb.entry("through-the-ages/engineering-genius").catalogue.engine == "engineering-genius-a"


def test_every_description_is_generated_from_the_engine(kb):
    """One line per field the engine reads (its kind fields aside), and the card's text is those lines."""
    described = [c for c in kb.games[TTA].cards.values() if c.described]
    assert len(described) == 244 - 40
    for record in registry.get(TTA).card_catalogue():
        card = by_engine_id(kb.games[TTA])[record["id"]]
        fields = {line.field for line in card.catalogue.lines()}
        assert fields == set(record["values"]) - {"type", "age", "unit", "building", "family"}, card.id
    for card in described:
        assert card.text.en == card.catalogue.description("en") and not card.sources


def test_an_unknown_ability_has_no_words_yet():
    from engine.through_the_ages.catalogue import DescriptionMissing, card_record

    with pytest.raises(DescriptionMissing, match="double_everything"):
        card_record("cards", "x", {"name": {"ko": "x", "en": "x"},
                                   "published": {"source": "source", "type": "leader", "age": "I",
                                                 "double_everything": True}})


# -- kb check against planted disagreements ------------------------------------------------------------------------
@pytest.fixture
def tta_data(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / TTA, data / TTA)
    return data


def _problems(data) -> list[str]:
    report = check_kb(data, games=[TTA], extra=CARD_CATALOGUE)
    return [str(p) for p in report.problems]


def test_the_catalogue_as_written_passes(tta_data):
    assert _problems(tta_data) == []


def test_a_value_edited_in_the_kb_fails(tta_data):
    path = tta_data / TTA / "cards" / "04-leaders.yaml"
    text = path.read_text(encoding="utf-8")
    assert "culture_when_attacked: 5" in text
    path.write_text(text.replace("culture_when_attacked: 5", "culture_when_attacked: 6", 1), encoding="utf-8")
    problems = _problems(tta_data)
    assert any("joan-of-arc" in p and "culture_when_attacked is 6 here, 5 in the engine's data" in p for p in problems)
    assert all(p.startswith("kb/data/") or "04-leaders.yaml:" in p for p in problems)


def test_a_description_reworded_by_hand_fails(tta_data):
    path = tta_data / TTA / "cards" / "05-wonders.yaml"
    text = path.read_text(encoding="utf-8")
    old = "Military strength: +1 per infantry unit and +1 per artillery unit"
    assert text.count(old) == 2          # the card's text and its catalogue line
    path.write_text(text.replace(old, "Military strength: +2 per infantry unit and +1 per artillery unit"),
                    encoding="utf-8")
    problems = _problems(tta_data)
    assert any("great-wall" in p and "says 'Military strength: +2 per infantry" in p for p in problems)


def test_a_description_that_is_not_its_lines_fails(tta_data):
    path = tta_data / TTA / "cards" / "04-leaders.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Increasing population costs 1 food less", "Increasing population is free", 1),
                    encoding="utf-8")
    assert any("moses: text.en is not its catalogue lines" in p for p in _problems(tta_data))


def test_the_engine_changing_under_the_catalogue_fails(tta_data, monkeypatch):
    from engine.through_the_ages import catalogue

    records = [dict(r) for r in catalogue.catalogue()]
    michelangelo = next(r for r in records if r["id"] == "michelangelo")
    michelangelo["values"] = {**michelangelo["values"], "wonder_take_discount": 2}
    michelangelo["effects"] = [dict(line, text={"en": "changed", "ko": "바뀜"}) if line["field"] == "wonder_take_discount"
                               else line for line in michelangelo["effects"]]
    monkeypatch.setattr(registry.get(TTA), "card_catalogue", lambda: records)
    problems = _problems(tta_data)
    assert any("michelangelo" in p and "wonder_take_discount is 1 here, 2 in the engine's data" in p for p in problems)
    assert any("michelangelo" in p and "from the engine's data it reads 'changed'" in p for p in problems)


def test_an_engine_card_without_an_entry_fails(tta_data):
    path = tta_data / TTA / "cards" / "12-wars.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["cards"] = [c for c in data["cards"] if c["id"] != "through-the-ages/holy-war"]
    data["catalogue"] = [c for c in data["catalogue"] if c["id"] != "through-the-ages/holy-war"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    problems = _problems(tta_data)
    assert any("'holy-war' has no catalogue entry" in p for p in problems)
    assert any("'holy-war' has no catalogue data" in p for p in problems)


def test_an_absent_identity_without_its_reason_fails(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", data / "imhotep")
    (data / "imhotep" / "cards" / "02-not-catalogued.yaml").unlink()
    report = check_kb(data, games=["imhotep"], extra=CARD_CATALOGUE)
    assert any("Round cards (2 players) 'round_cards.2' has no catalogue entry" in str(p) for p in report.problems)


def test_a_description_with_a_source_span_or_beside_official_text_fails(tta_data):
    path = tta_data / TTA / "cards" / "04-leaders.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("  origin: {ko: description, en: description}\n",
                        "  origin: {ko: official, en: description}\n  sources: [through-the-ages.ko.txt:1]\n", 1)
    path.write_text(text, encoding="utf-8")
    problems = _problems(tta_data)
    assert any("a description is written in both languages" in p for p in problems)
    assert any("a description has no source span" in p for p in problems)


def test_the_generated_files_are_what_the_engine_gives():
    out = subprocess.run([sys.executable, "scripts/card_catalogue.py", "--check"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
