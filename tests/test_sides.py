"""The side reader (app/core/sides.py): which side of a yes/no ruling's claim a question takes, from its words."""
from __future__ import annotations

import json

import pytest

from app.core.sides import MODEL_FILE, SideModel, features
from kb.search.analyzers import morphemes

CLAIM = {"en": "A gray die can be used to Produce Resources.", "ko": "회색 주사위로 자원을 생산할 수 있다."}


@pytest.fixture(scope="module")
def model() -> SideModel:
    loaded = SideModel.load()
    assert loaded is not None, f"{MODEL_FILE} is missing or unreadable: run scripts/train_sides.py --write"
    return loaded


def test_morphemes_keep_the_function_words_a_side_turns_on():
    assert "못/MA" in morphemes("회색 주사위로 생산 못 해?", "ko")
    assert "안/MA" in morphemes("회색 주사위로 생산하면 안 돼?", "ko")
    assert "can't" in morphemes("Can't I produce with a gray die?", "en")
    assert "only" in morphemes("Only white dice?", "en")


def test_features_are_what_the_question_adds_to_the_claim_and_drops_from_it():
    f = features("Is it forbidden to produce with a gray die?", "en", CLAIM["en"])
    assert f["en+forbidden"] == 1.0
    assert f["en-used"] == 1.0
    assert "en+gray" not in f and "en-gray" not in f      # said by both: no lean
    assert f["negation_differs"] == 0.0
    assert features("Can't I produce with a gray die?", "en", CLAIM["en"])["negation_differs"] == 1.0


@pytest.mark.parametrize("lang,text,asks", [
    ("en", "Am I allowed to produce with a gray die?", True),
    ("en", "Can a gray die produce resources?", True),
    ("en", "Is it forbidden to produce with gray dice?", False),
    ("en", "Is a gray die not usable for producing?", False),
    ("ko", "회색 주사위로 생산해도 돼?", True),
    ("ko", "회색 주사위로 자원 만들 수 있어?", True),
    ("ko", "회색 주사위는 생산하면 안 돼?", False),
])
def test_unseen_questions_lean_to_their_side(model, lang, text, asks):
    # none of these is one of the ruling's own forms (kb/data/tekhenu/rulings/00-reference.yaml)
    p = model.probability(text, lang, CLAIM[lang])
    assert (p > 0.5) == asks, (text, p)


def test_the_shipped_model_was_fitted_on_the_rulings_as_they_are():
    """A ruling's forms added or changed without refitting would leave the reader behind its data."""
    from kb.store import load_kb

    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    kb = load_kb()
    forms = sum(1 for g in kb.games.values() for r in g.rulings.values()
                if r.verdict is not None and r.denies.all()
                for side in (r.asks, r.denies) for lang, q in side.all() if getattr(r.claim, lang, None))
    assert data["forms"] == forms, "the rulings changed since the side reader was fitted: " \
                                   "run .venv/bin/python scripts/train_sides.py --write"
    assert data["cross_validated_accuracy"] >= 0.7


@pytest.mark.parametrize("text", ["", "{not json", json.dumps({"weights": {"a": 1}})])
def test_an_unreadable_model_file_is_no_model(tmp_path, text):
    path = tmp_path / "sides.json"
    path.write_text(text, encoding="utf-8")
    assert SideModel.load(path) is None
    assert SideModel.load(tmp_path / "absent.json") is None

