"""`arbiter kb draft`: segmentation, Korean line-wrap joining, KO-EN alignment, and a draft that the
real checker accepts for every Korean-only rulebook."""
from __future__ import annotations

from collections import defaultdict

import pytest
import yaml

from app.cli import main
from kb.check import check_kb
from kb.corpus import load_corpus
from kb.draft import Draft, align, join_wrapped, segment
from kb.embeddings import get_embedder
from kb.store import load_kb

CORPUS = load_corpus()


def test_korean_word_split_by_a_wrap_is_joined_without_space():
    assert join_wrapped(["자원 낭", "비율은 항상 자원으로"], "ko") == "자원 낭비율은 항상 자원으로"


def test_korean_wrap_at_a_word_boundary_keeps_the_space():
    assert join_wrapped(["쓰루 디 에이지스는 자신만의 문명을", "고대에서 현대까지"], "ko") == \
        "쓰루 디 에이지스는 자신만의 문명을 고대에서 현대까지"


def test_trailing_space_in_the_extraction_means_a_space():
    assert join_wrapped(["병사나 사제를 획득하거나 사용하는 ", "경우"], "ko") == "병사나 사제를 획득하거나 사용하는 경우"


def test_english_wraps_join_with_a_space():
    assert join_wrapped(["Take the chosen die", "and place it"], "en") == "Take the chosen die and place it"


def test_segment_finds_headings_and_units():
    draft = segment(CORPUS.files["through-the-ages.ko.txt"])
    headings = {u.text for u in draft.headings}
    assert {"목차", "규칙서 보는 법", "카드를 놓는 공간"} <= headings
    first = next(u for u in draft.units if u.first == 4)
    assert first.text == "쓰루 디 에이지스는 자신만의 문명을 고대에서 현대까지 발전시키는 게임입니다."
    kinds = {u.kind for u in draft.rules}
    assert {"step", "list", "example", "note", "paragraph"} <= kinds


@pytest.mark.parametrize("game", ["through-the-ages", "imhotep", "tekhenu-time-of-set"])
def test_draft_passes_the_checker_with_full_coverage(game, tmp_path, capsys):
    out = tmp_path / "data" / game / "draft.yaml"
    code = main(["kb", "draft", f"corpus/{game}.ko.txt", "--game", game, "--output", str(out)])
    assert code == 0
    report = check_kb(tmp_path / "data", CORPUS, [game])
    assert [str(p) for p in report.problems] == []
    assert [c.percent for c in report.coverage] == [100.0]
    data = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert len(data["rules"]) > 100 and all(r["origin"] == {"ko": "official"} for r in data["rules"])


def test_draft_rejects_a_file_of_another_game(capsys):
    code = main(["kb", "draft", "corpus/imhotep.ko.txt", "--game", "tekhenu"])
    assert code == 2 and "belongs to game 'imhotep'" in capsys.readouterr().err


def _chapter(draft: Draft, first: int, last: int) -> list:
    return [u for u in draft.rules if first <= u.first and u.last <= last]


def test_alignment_agrees_with_the_curated_tekhenu_kb():
    """The proposed KO-EN pairs of the setup and Maat chapters match the curated KB's alignment."""
    ko_units = _chapter(segment(CORPUS.files["tekhenu.ko.txt"]), 182, 539)
    en_units = _chapter(segment(CORPUS.files["tekhenu.en.txt"]), 198, 529)
    pairs = align(ko_units, en_units, get_embedder("use-m3").passages)
    kb = load_kb(games=["tekhenu"])
    owner = defaultdict(set)
    for entry in list(kb.games["tekhenu"].rules.values()):
        for span in entry.sources:
            for n in range(span.first, span.last + 1):
                owner[(span.file, n)].add(entry.id)
    matched = [(ko_units[i], en_units[j]) for i, j in pairs if i is not None and j is not None]
    def owners(file: str, unit) -> set:
        return set().union(*(owner[(file, n)] for n in range(unit.first, unit.last + 1)))

    agree = sum(bool(owners("tekhenu.ko.txt", k) & owners("tekhenu.en.txt", e)) for k, e in matched)
    assert len(matched) >= 0.8 * min(len(ko_units), len(en_units))
    assert agree / len(matched) >= 0.85
