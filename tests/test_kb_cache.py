"""The pickled knowledge base (kb/kb_cache.py): the same KB as load_kb, reused while the files are
unchanged, reloaded once after any edit, never kept when the KB has problems, robust to a damaged file."""
from __future__ import annotations

import shutil

import pytest

from kb import kb_cache
from kb.store import DEFAULT_DATA, KbLoadError, load_kb


@pytest.fixture()
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", folder / "imhotep")
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path / "cache"))
    return folder


def test_cached_kb_equals_the_loaded_one_and_is_reused(data, monkeypatch):
    first = kb_cache.load_kb_cached(data)
    fresh = load_kb(data)
    assert first.games.keys() == fresh.games.keys()
    for game_id, game in fresh.games.items():
        assert first.games[game_id].rules == game.rules and first.games[game_id].cards == game.cards
    calls = []
    monkeypatch.setattr(kb_cache, "load_kb", lambda *a, **k: calls.append(a) or fresh)
    second = kb_cache.load_kb_cached(data)
    assert not calls                               # read from the pickle, not parsed again
    assert second.entry("imhotep/turn/get-stones/sled-limit").text == first.entry(
        "imhotep/turn/get-stones/sled-limit").text


def test_an_edit_gives_a_new_key_and_one_reload(data):
    before = kb_cache.cache_file(data, kb_cache.DEFAULT_CORPUS)
    kb_cache.load_kb_cached(data)
    path = next((data / "imhotep").rglob("glossary.yaml"))
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    after = kb_cache.cache_file(data, kb_cache.DEFAULT_CORPUS)
    assert after != before
    kb_cache.load_kb_cached(data)
    assert after.exists() and not before.exists()  # one version kept


def test_a_damaged_cache_is_ignored_and_rewritten(data):
    path = kb_cache.cache_file(data, kb_cache.DEFAULT_CORPUS)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a pickle")
    kb = kb_cache.load_kb_cached(data)
    assert "imhotep" in kb.games and path.read_bytes() != b"not a pickle"


def test_a_broken_kb_is_never_cached(data):
    rules = next((data / "imhotep").rglob("rules/*.yaml"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n  - {id: imhotep/x, broken: [\n", encoding="utf-8")
    with pytest.raises(KbLoadError):
        kb_cache.load_kb_cached(data)
    assert not kb_cache.cache_file(data, kb_cache.DEFAULT_CORPUS).exists()
