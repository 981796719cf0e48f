"""The answer selection's features (app/core/selection.py) read what the question names."""
from __future__ import annotations

import pytest

from app.core import selection


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import Assistant

    return Assistant.create()


def _features(assistant, text: str, game: str, ids: list[str]):
    """The feature rows of the given documents as candidates of the question, in that order."""
    question = assistant.read(text, game)
    result = assistant.searcher.search(text, game=game, k=60)
    hits = {h.doc.id: h for h in result.hits}
    missing = [i for i in ids if i not in hits]
    assert not missing, f"not among the search hits: {missing}"
    rows = selection.candidate_features(result, [hits[i] for i in ids], assistant.searcher.index, question)
    return {i: dict(zip(selection.FEATURES, row)) for i, row in zip(ids, rows)}


def test_a_card_the_question_names_by_its_printed_id_is_marked_and_the_first_named_apart(assistant):
    """The player's own card is named first; a second is a comparison ("like B17"): both are named cards, only
    the first is the first named; a rule is neither, whatever it says about them."""
    text = "B19 썼어. 친구가 B17처럼 서기 1명 내야 바스테트를 추가로 할 수 있대. 맞아?"
    result = assistant.searcher.search(text, game="tekhenu", k=60)
    other = next(h.doc.id for h in result.hits if h.doc.kind != "card")
    rows = _features(assistant, text, "tekhenu", ["tekhenu/B19", "tekhenu/B17", "tekhenu/B20", other])
    assert (rows["tekhenu/B19"]["named_card"], rows["tekhenu/B19"]["named_first"]) == (1.0, 1.0)
    assert (rows["tekhenu/B17"]["named_card"], rows["tekhenu/B17"]["named_first"]) == (1.0, 0.0)
    assert (rows["tekhenu/B20"]["named_card"], rows["tekhenu/B20"]["named_first"]) == (0.0, 0.0)
    assert (rows[other]["named_card"], rows[other]["named_first"]) == (0.0, 0.0)


def test_a_question_that_names_no_card_marks_none(assistant):
    text = "How many Scribes can I spend to change a die?"
    result = assistant.searcher.search(text, game="tekhenu", k=60)
    ids = [h.doc.id for h in result.hits if h.doc.game == "tekhenu"][:8]
    rows = _features(assistant, text, "tekhenu", ids)
    assert all(r["named_card"] == 0.0 and r["named_first"] == 0.0 for r in rows.values())


def test_the_fitted_weights_are_for_these_features():
    """The shipped weights were fitted for the features the code computes (a stale file is refused at load)."""
    weights = selection.load_weights()
    assert weights is not None and len(weights) == len(selection.FEATURES)
