"""The KB commands of the `arbiter` CLI, on the real Tekhenu knowledge base."""
from __future__ import annotations

import json

import pytest

from app.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_kb_check_tekhenu_passes_with_full_coverage(capsys):
    code, out, _ = run(capsys, "kb", "check", "--game", "tekhenu")
    assert code == 0, out[-3000:]
    assert "corpus/tekhenu.ko.txt" in out and "corpus/tekhenu.en.txt" in out
    rows = [line for line in out.splitlines() if line.startswith("corpus/tekhenu.")]
    assert len(rows) == 2 and all(row.rstrip().endswith("100.0%") for row in rows)
    assert "OK: knowledge base is consistent." in out


def test_card_by_printed_id_and_full_id(capsys):
    code, out, _ = run(capsys, "card", "T08", "--json")
    assert code == 0
    card = json.loads(out)
    assert card["id"] == "tekhenu/T08" and card["kind"] == "card" and card["card_type"] == "technology"
    assert "Forbidden" in card["text"]["en"] and "금지" in card["text"]["ko"]
    assert card["origin"] == {"ko": "official", "en": "official"}
    code, out2, _ = run(capsys, "card", "tekhenu/t08".replace("t08", "T08"), "--json")
    assert code == 0 and json.loads(out2)["id"] == "tekhenu/T08"


def test_card_lowercase_printed_id(capsys):
    code, out, _ = run(capsys, "card", "t08", "--json")
    assert code == 0 and json.loads(out)["id"] == "tekhenu/T08"


def test_card_readable_form_shows_both_editions(capsys):
    code, out, _ = run(capsys, "card", "B07", "--lang", "ko")
    assert code == 0
    assert "tekhenu/B07" in out and "[KO · 공식 규칙서]" in out and "[EN · 공식 규칙서]" in out


def test_paired_blessings_are_two_entries_with_one_text(capsys):
    _, a, _ = run(capsys, "card", "B07", "--json")
    _, b, _ = run(capsys, "card", "B08", "--json")
    a, b = json.loads(a), json.loads(b)
    assert a["id"] != b["id"] and a["text"] == b["text"] and a["sources"] == b["sources"]


@pytest.mark.parametrize("ref", ["T99", "tekhenu/Z01", "", "   "])
def test_unknown_card_is_a_clear_error(capsys, ref):
    code, out, err = run(capsys, "card", ref)
    assert code == 2 and out == ""
    assert err.startswith("arbiter: no card with id") and "Traceback" not in err


def test_unknown_game_is_a_clear_error(capsys):
    code, _, err = run(capsys, "card", "T08", "--game", "chess")
    assert code == 2 and "unknown game 'chess'" in err


def test_rule_by_id(capsys):
    code, out, _ = run(capsys, "rule", "tekhenu/setup/scoring-markers", "--json")
    assert code == 0
    rule = json.loads(out)
    assert rule["section_path"][0]["en"] == "Setup"
    assert rule["sources"] == [{"file": "corpus/tekhenu.ko.txt", "lines": [188, 188]},
                               {"file": "corpus/tekhenu.en.txt", "lines": [204, 204]}]
    assert rule["missing"] and rule["missing"][0]["topic"] == "scoring-marker-icons"


def test_unknown_rule_suggests_close_ids(capsys):
    code, _, err = run(capsys, "rule", "scoring-markers")
    assert code == 2 and "tekhenu/setup/scoring-markers" in err


def test_export_contract(capsys):
    code, out, _ = run(capsys, "kb", "export", "--json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    kinds = {r["kind"] for r in records}
    assert {"rule", "card", "ignored"} <= kinds
    for r in records:
        if r["kind"] == "ignored":
            assert set(r) == {"kind", "file", "lines", "reason"} and r["file"].startswith("corpus/")
            continue
        assert set(r) == {"kind", "id", "game", "text", "origin", "sources", "edition_diff", "missing"}
        assert set(r["text"]) == {"ko", "en"} and set(r["origin"]) == {"ko", "en"}
        for lang in ("ko", "en"):
            assert (r["text"][lang] is None) == (r["origin"][lang] is None)
            assert r["origin"][lang] in (None, "official", "translation", "description")
        # a card's description (the catalogue's words for its engine data) is no rulebook text: it has no span
        described = r["origin"] == {"ko": "description", "en": "description"}
        assert described == (r["kind"] == "card" and not r["sources"])
        assert all(s["file"].startswith("corpus/") and len(s["lines"]) == 2 for s in r["sources"])
    ids = [r["id"] for r in records if r["kind"] != "ignored"]
    assert len(ids) == len(set(ids))


def test_every_tekhenu_card_id_exists(capsys):
    code, out, _ = run(capsys, "kb", "export", "--json", "--game", "tekhenu")
    ids = {json.loads(line)["id"] for line in out.splitlines() if '"kind": "card"' in line}
    expected = ({f"tekhenu/P{i:02d}" for i in range(1, 28)} | {f"tekhenu/S{i:02d}" for i in range(1, 13)}
                | {f"tekhenu/A{i:02d}" for i in range(1, 5)} | {f"tekhenu/{t}{i:02d}" for t in "DBT" for i in range(1, 25)})
    assert expected <= ids


def test_diffs_lists_edition_differences(capsys):
    code, out, _ = run(capsys, "kb", "diffs", "--game", "tekhenu", "--json")
    assert code == 0
    diffs = [json.loads(line) for line in out.splitlines()]
    assert diffs, "the two Tekhenu editions differ in a few places"
    for d in diffs:
        assert d["edition_diff"]["ko"] and d["edition_diff"]["en"]
    code, text, _ = run(capsys, "kb", "diffs", "--game", "tekhenu")
    assert code == 0 and f"{len(diffs)} edition difference(s)." in text


def test_schema_is_valid_json(capsys):
    code, out, _ = run(capsys, "kb", "schema")
    schema = json.loads(out)
    assert code == 0 and {"sections", "rules", "cards", "terms", "ignored"} <= set(schema["properties"])


def test_no_command_prints_help(capsys):
    code, out, _ = run(capsys)
    assert code == 2 and "arbiter" in out
