"""Search: the CLI contracts, bad input, the on-disk cache, glossary expansion and id matches.

One index is built per test session into a temporary cache with the fast USE backend; the default
backend (e5-small) is exercised directly in test_embeddings_backends.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.cli import main
from kb.embeddings import get_embedder
from kb.search import index as index_mod
from kb.search.searcher import Searcher

MODEL = "use-m3"


@pytest.fixture(scope="module")   # its environment ends with this module: test_trust.py needs the real KB
def cache_dir(private_kb):
    """A private cache, the fast backend, and (for speed) the Tekhenu KB only."""
    with private_kb("arbiter", ("tekhenu",)) as (_, folder):
        yield folder


@pytest.fixture(scope="module")
def searcher(cache_dir):
    return Searcher(get_embedder(MODEL), progress=False)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_search_json_contract(searcher, capsys):
    code, out, _ = run(capsys, "search", "Can gray dice be used to make resources?", "--json", "--k", "5")
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"query", "lang", "game", "hits"}
    assert result["lang"] == "en" and len(result["hits"]) == 5
    for hit in result["hits"]:
        assert set(hit) == {"rule_id", "game", "score", "title", "text", "sources"}
        assert set(hit["title"]) == {"ko", "en"} and set(hit["text"]) == {"ko", "en"}
        assert all(s["file"].startswith("corpus/") and len(s["lines"]) == 2 for s in hit["sources"])
    scores = [h["score"] for h in result["hits"]]
    assert scores == sorted(scores, reverse=True)
    assert any("Gray dice cannot be used to Produce Resources" in (h["text"]["en"] or "") for h in result["hits"][:3])


def test_korean_question_is_detected_and_answered(searcher):
    result = searcher.search("회색 주사위로 자원 생산할 수 있어?")
    assert result.lang == "ko" and result.game == "tekhenu"
    assert any("회색 주사위는 자원 생산에 사용할 수 없습니다" in (h.doc.text["ko"] or "") for h in result.hits[:3])


def test_game_filter(searcher):
    result = searcher.search("Scribe", game="tekhenu", k=20)
    assert result.game == "tekhenu" and all(h.doc.game == "tekhenu" for h in result.hits)


def test_exact_card_id_comes_first(searcher):
    for query, card in [("What does T08 do?", "tekhenu/T08"), ("d22 점수", "tekhenu/D22"), ("P19", "tekhenu/P19")]:
        assert searcher.search(query).hits[0].doc.id == card


def test_glossary_expands_across_languages_and_spellings(searcher):
    terms = searcher.glossary.match("토트 행동은 뭐야?", "ko")
    assert "Thoth" in terms.expansions("en")
    assert "토티" in terms.expansions("ko")  # the Korean rulebook's own spelling
    result = searcher.search("토트 행동은 뭐야?")
    assert result.hits[0].doc.id.startswith("tekhenu/actions/thoth")


def test_batch_queries_keep_order(searcher, capsys, tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in [
        {"id": "a", "q": "Are scribes resources?"},
        {"id": "b", "q": "서기로 6을 1로 바꿀 수 있나요?", "game": "tekhenu", "k": 3},
    ]) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "search", "--json", "--queries", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [x["id"] for x in lines] == ["a", "b"]
    assert len(lines[1]["hits"]) == 3 and set(lines[0]) == {"id", "hits"}


@pytest.mark.parametrize("query, message", [
    ("", "the question is empty"),
    ("   \t  ", "the question is empty"),
    ("x" * 100_000, "too long"),
    ("\x00\x01\x02binary\xff\x7f", "binary or unreadable"),
    ("?!?! ...", "no words"),
])
def test_bad_queries_are_refused_clearly(cache_dir, capsys, query, message):
    before = sorted(p.name for p in Path(cache_dir).rglob("*"))
    code, out, err = run(capsys, "search", query, "--json")
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err
    assert sorted(p.name for p in Path(cache_dir).rglob("*")) == before  # nothing written


def test_unknown_game_is_refused(cache_dir, capsys):
    code, _, err = run(capsys, "search", "scribes", "--game", "monopoly")
    assert code == 2 and "unknown game 'monopoly'" in err


def test_bad_batch_file_names_its_line(cache_dir, capsys, tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text('{"id": "a", "q": "ok"}\n{not json\n', encoding="utf-8")
    code, _, err = run(capsys, "search", "--json", "--queries", str(path))
    assert code == 2 and f"{path}:2:" in err


def test_cache_key_follows_kb_content_and_model(tmp_path):
    data = tmp_path / "data" / "tekhenu"
    data.mkdir(parents=True)
    (data / "a.yaml").write_text("rules: []\n", encoding="utf-8")
    key = index_mod.content_key("m1", tmp_path / "data")
    assert key == index_mod.content_key("m1", tmp_path / "data")
    assert key != index_mod.content_key("m2", tmp_path / "data")
    (data / "a.yaml").write_text("rules: []\n# edited\n", encoding="utf-8")
    assert key != index_mod.content_key("m1", tmp_path / "data")


def test_index_is_reused_not_rebuilt(searcher, monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("the index was rebuilt although the KB and model did not change")

    monkeypatch.setattr(index_mod, "build_index", boom)
    again = index_mod.load_or_build(get_embedder(MODEL), progress=False)
    assert again.key == searcher.index.key and len(again.docs) == len(searcher.index.docs)


def test_changed_kb_triggers_one_rebuild(cache_dir, tmp_path, monkeypatch):
    from kb.store import DEFAULT_DATA

    monkeypatch.setenv("ARBITER_GAMES", "imhotep")        # a folder with one game's data, on purpose
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", data / "imhotep")
    embedder = get_embedder(MODEL)
    first = index_mod.load_or_build(embedder, data_root=data, progress=False)
    glossary = data / "imhotep" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "\n# reviewed\n", encoding="utf-8")
    calls = []
    real = index_mod.build_index
    monkeypatch.setattr(index_mod, "build_index", lambda *a, **k: calls.append(1) or real(*a, **k))
    second = index_mod.load_or_build(embedder, data_root=data, progress=False)
    third = index_mod.load_or_build(embedder, data_root=data, progress=False)
    assert second.key != first.key and third.key == second.key and calls == [1]


def test_rebuild_reuses_cached_vectors(cache_dir, tmp_path, monkeypatch):
    """After a KB edit only changed passages are embedded again."""
    from kb.store import DEFAULT_DATA

    monkeypatch.setenv("ARBITER_GAMES", "imhotep")        # a folder with one game's data, on purpose
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", data / "imhotep")
    embedder = get_embedder(MODEL)
    index_mod.build_index(embedder, data_root=data, progress=False)
    calls = []
    real = embedder.passages

    class Counting:
        name, dim = embedder.name, embedder.dim

        def passages(self, texts):
            calls.extend(texts)
            return real(texts)

    # the dense passage of an entry is its first two player questions: edit one of them
    aids = data / "imhotep" / "search" / "questions-01-basics.yaml"
    text = aids.read_text(encoding="utf-8")
    aids.write_text(text.replace('"임호텝이 누구야?"', '"임호텝이 누구예요?"', 1), encoding="utf-8")
    index_mod.build_index(Counting(), data_root=data, progress=False)
    # only that entry's Korean passage changed, not the whole KB's ~330
    assert len(calls) == 1 and "임호텝이 누구예요?" in calls[0]


def test_aid_holdout_questions_are_invisible_to_search(searcher):
    """The study set of scripts/aid_holdout.py: each held-out question is gone from every lexical
    field and was never embedded, while the live searcher is left as it was."""
    import sys

    from kb.search.analyzers import analyze
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from aid_holdout import holdout_searcher

    before = [d.field("ko") for d in searcher.index.docs]
    held, questions = holdout_searcher(searcher)
    assert len(questions) > 400 and {q.lang for q in questions} == {"ko", "en"}
    assert [d.field("ko") for d in searcher.index.docs] == before
    by_id = {d.id: d for d in held.index.docs}
    for q in questions[:200]:
        doc = by_id[q.gold_id]
        assert q.q not in doc.field(q.lang) and q.q not in (doc.dense_passage(q.lang) or "")
    # the held-out lexical index scores the shortened fields: the removed aid's own words no longer
    # count for its entry (scored lower than by the live index for nearly every question)
    row = {d.id: i for i, d in enumerate(held.index.docs)}
    lower = 0
    for q in questions[:50]:
        tokens = analyze(q.q, q.lang)
        lower += (held.index.bm25[q.lang].get_scores(tokens)[row[q.gold_id]]
                  < searcher.index.bm25[q.lang].get_scores(tokens)[row[q.gold_id]])
    assert lower >= 45
    assert held.index.dense is searcher.index.dense
