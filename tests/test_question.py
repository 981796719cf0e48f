"""A question is read once (app/core/question.py): on its way from the HTTP API, the command line's core or
the web page to the answer, the language detector, each analyser, the number reader, the glossary, the
embedding model, the printed-id reader and the answer's game's vocabulary each read its text once — and
the answer is the one every step used to give when each read it again."""
from __future__ import annotations

import sys
import threading
from collections import Counter

import pytest

from engine.asked import Vocabulary
from engine.numbers import read_numbers
from kb.embeddings import _Backend
from kb.search.analyzers import analyze, detect_lang
from kb.search.glossary import GlossaryMatcher

from app.core.answers import AnswerCache
from app.core.printed_ids import PrintedIds

# the readers of a question's text, by the name of the argument that holds it
READERS = {detect_lang.__code__: ("detect_lang", "text"), analyze.__code__: ("analyze", "text"),
           read_numbers.__code__: ("read_numbers", "text"), GlossaryMatcher.match.__code__: ("glossary", "text"),
           _Backend.query.__code__: ("embedding", "text"), PrintedIds.mentions.__code__: ("printed ids", "question"),
           Vocabulary.read.__code__: ("vocabulary", "question")}

QUESTIONS = [
    ("How many VP do I lose with a balance of -7?", None),          # a table's number, an example from it
    ("균형값이 -7이면 점수 몇 점 잃어?", "tekhenu"),
    ("Can I take a Forbidden die on my turn?", None),               # a yes/no short answer over exceptions
    ("개인창고에 석재를 몇 개까지 둘 수 있어?", None),                  # game-less: searched again in its game
    ("What does T08 do?", None),                                    # a printed id
    ("T99 카드 효과가 뭐야?", None),                                  # an id that does not exist
    ("In Catan, can I trade with the bank 4:1?", None),             # scoped to another game: declined
    ("Can I have two wonders under construction at once?", "through-the-ages"),
]


class Reads:
    """Counts each reader's calls on one text, in every thread (the API answers in its thread pool)."""

    def __init__(self, text: str):
        self.text, self.counts, self.lock = text, Counter(), threading.Lock()

    def __call__(self, frame, event, arg):
        if event == "call" and frame.f_code in READERS:
            name, argument = READERS[frame.f_code]
            if frame.f_locals.get(argument) == self.text:
                key = f"{name}:{frame.f_locals.get('lang')}" if name == "analyze" else name
                if name == "vocabulary":
                    # each vocabulary reads the question once: the game's, and a ruling's own parameters'
                    key = f"vocabulary:{id(frame.f_locals.get('self'))}"
                with self.lock:
                    self.counts[key] += 1

    def __enter__(self):
        threading.setprofile(self)
        sys.setprofile(self)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)
        threading.setprofile(None)


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import Assistant

    core = Assistant.create()
    for question, game in QUESTIONS:        # what loads on a first question is not what this counts
        core.answer(question, game)
    core.answers = AnswerCache(0)           # each question read again (the kept answers: their own test)
    return core


def _reads_once(reads: Reads) -> None:
    assert reads.counts, "no reader ran: the counter watches the wrong functions"
    twice = {name: n for name, n in reads.counts.items() if n > 1}
    assert not twice, f"read more than once: {twice}"
    # the question's own language's analyser, the glossary and the embedding: always, once
    assert {"detect_lang", "embedding", "glossary", "read_numbers", "printed ids"} <= set(reads.counts)


@pytest.mark.parametrize("question, game", QUESTIONS)
def test_the_core_reads_a_question_once(assistant, question, game):
    text = " ".join(question.split())
    with Reads(text) as reads:
        result = assistant.answer(question, game)
    _reads_once(reads)
    assert reads.counts[f"analyze:{result['lang']}"] == 1
    if result["example"] is not None:
        assert any(name.startswith("vocabulary:") for name in reads.counts)


def test_the_http_api_reads_a_question_once(assistant):
    from starlette.testclient import TestClient

    from app.api.server import Settings, create_app

    question = "Can gray dice be used to Produce Resources?"
    with TestClient(create_app(Settings(rate_limit=0), assistant=assistant)) as client:
        with Reads(question) as reads:
            response = client.get("/v1/ask", params={"q": question})
    assert response.status_code == 200 and response.json()["answer"]
    _reads_once(reads)


def test_a_reading_is_the_whole_question(assistant):
    q = assistant.read("균형값이   -7이면 점수 몇 점 잃어?")
    assert q.text == "균형값이 -7이면 점수 몇 점 잃어?" and q.lang == "ko" and q.game is None
    assert [n.value for n in q.numbers] == [-7] and "균형" in "".join(q.words())
    assert q.vector is not None and q.vector.shape == (assistant.searcher.embedder.dim,)
    assert q.named_family == "tekhenu"                   # 균형값 (the Maat balance) is Tekhenu's word
    assert assistant.read("What does T08 do?").printed_ids == ("T08",)
    assert assistant.read("In Catan, can I trade 4:1?").scoped_words == ("catan",)
    # a question given whole answers as its text does (the page a front end shows is the same)
    assert assistant.answer(q) == assistant.answer("균형값이   -7이면 점수 몇 점 잃어?")


def test_a_repeated_question_is_answered_from_the_kept_answers_without_reading_it(assistant):
    from app.core.assistant import Assistant

    core = Assistant(searcher=assistant.searcher, kb=assistant.kb, scenarios=assistant.scenarios)
    core.answers = AnswerCache(2)
    first = core.answer("개인창고에 석재를 몇 개까지 둘 수 있어?")
    with Reads("개인창고에 석재를 몇 개까지 둘 수 있어?") as reads:
        again = core.answer("  개인창고에 석재를   몇 개까지 둘 수 있어? ")      # the same question, spaced apart
    assert again == first and not reads.counts
    again["answer"]["text"] = "changed by a front end"          # each asker has its own copy
    assert core.answer("개인창고에 석재를 몇 개까지 둘 수 있어?") == first
    assert core.answers.stats() == {"size": 2, "answers": 1, "hits": 2, "misses": 1}
    # the same words about another game are another question; the oldest answer goes first
    core.answer("개인창고에 석재를 몇 개까지 둘 수 있어?", "imhotep")
    core.answer("Can gray dice be used to Produce Resources?")
    assert core.answers.stats()["answers"] == 2
    with Reads("개인창고에 석재를 몇 개까지 둘 수 있어?") as reads:
        core.answer("개인창고에 석재를 몇 개까지 둘 수 있어?")
    assert reads.counts["embedding"] == 1                       # pushed out: read and answered again


def test_the_kept_answers_setting_is_checked():
    from app.core.answers import size_from_env
    from app.core.records import UsageError

    assert size_from_env({}) == 1024 and size_from_env({"ARBITER_ANSWER_CACHE": "0"}) == 0
    for bad in ("-1", "lots", "1.5"):
        with pytest.raises(UsageError, match="ARBITER_ANSWER_CACHE must be a whole number"):
            size_from_env({"ARBITER_ANSWER_CACHE": bad})
