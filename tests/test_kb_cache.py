"""The checked knowledge base (kb/kb_cache.py): the same KB as load_kb, checked as `kb check` checks it,
recorded as verified JSON (never pickle) and reused while the files are unchanged, checked again once
after any edit, never recorded when the check fails, a damaged record rebuilt."""
from __future__ import annotations

import json
import shutil

import pytest

from kb import kb_cache
from kb.store import DEFAULT_DATA, KbLoadError, load_kb


@pytest.fixture()
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", folder / "imhotep")
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("ARBITER_GAMES", "imhotep")        # a folder with one game's data, on purpose
    return folder


def records(tmp_path) -> list:
    return sorted((tmp_path / "cache" / "kb").glob("*.json"))


def test_checked_kb_equals_the_loaded_one_and_is_reused(data, tmp_path, monkeypatch):
    first = kb_cache.load_checked_kb(data)
    fresh = load_kb(data)
    for game_id, game in fresh.games.items():
        mine = first.games[game_id]
        assert (mine.rules, mine.cards, mine.sections, mine.terms, mine.questions, mine.ignored, mine.scenarios) == (
            game.rules, game.cards, game.sections, game.terms, game.questions, game.ignored, game.scenarios)
        assert [r.where() for r in mine.rules.values()] == [r.where() for r in game.rules.values()]
    calls = []
    monkeypatch.setattr(kb_cache, "load_kb_with_problems", lambda *a, **k: calls.append(a))
    second = kb_cache.load_checked_kb(data)
    assert not calls                               # read from the record, not parsed and checked again
    rule = "imhotep/turn/get-stones/sled-limit"
    assert second.entry(rule).text == first.entry(rule).text and second.entry(rule).where() == first.entry(rule).where()
    header = json.loads(records(tmp_path)[0].read_bytes().split(b"\n", 1)[0])
    assert header["format"].startswith("arbiter-kb-json") and "data/imhotep/glossary.yaml" in header["inputs"]


def test_an_edit_gives_a_new_key_and_one_check(data, tmp_path, monkeypatch):
    before = kb_cache.checked(data).key
    path = next((data / "imhotep").rglob("glossary.yaml"))
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    calls = []
    real = kb_cache.check_loaded
    monkeypatch.setattr(kb_cache, "check_loaded", lambda *a, **k: calls.append(1) or real(*a, **k))
    after = kb_cache.checked(data).key
    assert after != before and kb_cache.checked(data).key == after and calls == [1]
    assert len(records(tmp_path)) == 2               # the other version stays for a while (KEEP)


def test_a_damaged_record_is_checked_again_and_rewritten(data, tmp_path, capfd):
    kb_cache.checked(data)
    [path] = records(tmp_path)
    raw = bytearray(path.read_bytes())
    raw[-20] ^= 0x01                               # one bit of the payload
    path.write_bytes(bytes(raw))
    kb = kb_cache.load_checked_kb(data)
    assert "imhotep" in kb.games and "damaged" in capfd.readouterr().err
    assert kb_cache.checked(data).kb().entry("imhotep/turn/get-stones/sled-limit") is not None


def test_a_failing_kb_is_never_recorded_and_refused_with_the_checks_message(data, tmp_path):
    rules = next((data / "imhotep").rglob("rules/*.yaml"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n  - {id: imhotep/x, broken: [\n", encoding="utf-8")
    with pytest.raises(KbLoadError) as info:
        kb_cache.checked(data)
    assert not records(tmp_path)
    assert f"{rules.name}:" in info.value.one_line() and "malformed YAML" in info.value.one_line()
    assert "\n" not in info.value.one_line()


def test_a_failing_kb_asked_again_unchanged_is_refused_without_a_second_check(data, monkeypatch):
    rules = next((data / "imhotep").rglob("rules/*.yaml"))
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text + "\n  - {id: imhotep/x, broken: [\n", encoding="utf-8")
    with pytest.raises(KbLoadError) as first:
        kb_cache.checked(data)
    calls = []
    real = kb_cache.load_kb_with_problems
    monkeypatch.setattr(kb_cache, "load_kb_with_problems", lambda *a, **k: calls.append(1) or real(*a, **k))
    with pytest.raises(KbLoadError) as again:
        kb_cache.checked(data)
    assert not calls and again.value.problems == first.value.problems
    assert again.value.one_line() == first.value.one_line()
    rules.write_text(text, encoding="utf-8")                 # mended: checked again, and served
    assert "imhotep" in kb_cache.checked(data).kb().games and calls == [1]


def test_a_folder_without_data_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path / "cache"))
    with pytest.raises(KbLoadError, match="does not exist"):
        kb_cache.checked(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(KbLoadError, match="no game's data"):
        kb_cache.checked(tmp_path / "empty")
    # the same (empty) inputs, yet another refusal: what is there now, not what the first check found
    (tmp_path / "nowhere").write_text("", encoding="utf-8")
    with pytest.raises(KbLoadError, match="is not a folder"):
        kb_cache.checked(tmp_path / "nowhere")
    (tmp_path / "nowhere").unlink()
    (tmp_path / "nowhere").mkdir()
    with pytest.raises(KbLoadError, match="no game's data"):
        kb_cache.checked(tmp_path / "nowhere")
