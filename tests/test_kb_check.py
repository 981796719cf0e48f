"""The checker itself, on a small synthetic game: each kind of damage gives the right file:line error."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from kb.check import check_kb
from kb.corpus import load_corpus

KO = """제목

1. 주사위를 하나
가져옵니다.

참고: 금지된 주사위는 가져올 수 없습니다.
쪽 3
"""
EN = """Title

1. Take one
die.

Note: You cannot take a Forbidden die.
page 3
"""

GOOD = """\
sections:
  - id: mini/round
    title: {ko: 제목, en: Title}
    title_origin: {ko: official, en: official}
    sources: [mini.ko.txt:1, mini.en.txt:1]
rules:
  - id: mini/round/take-die
    section: mini/round
    kind: step
    text:
      ko: 1. 주사위를 하나가져옵니다.
      en: 1. Take one die.
    origin: {ko: official, en: official}
    sources: [mini.ko.txt:3-4, mini.en.txt:3-4]
    related: [mini/round/forbidden]
  - id: mini/round/forbidden
    section: mini/round
    kind: note
    text:
      ko: "참고: 금지된 주사위는 가져올 수 없습니다."
      en: "Note: You cannot take a Forbidden die."
    origin: {ko: official, en: official}
    sources: [mini.ko.txt:6, mini.en.txt:6]
ignored:
  - {file: mini.ko.txt, lines: [7, 7], reason: page number}
  - {file: mini.en.txt, lines: [7, 7], reason: page number}
"""


@pytest.fixture
def mini(tmp_path: Path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "mini.ko.txt").write_text(KO, encoding="utf-8")
    (corpus / "mini.en.txt").write_text(EN, encoding="utf-8")
    (corpus / "manifest.yaml").write_text(textwrap.dedent("""\
        games:
          - id: mini
            title: {ko: 미니, en: Mini}
            base_game: null
            editions:
              - {file: mini.ko.txt, lang: ko, edition: test}
              - {file: mini.en.txt, lang: en, edition: test}
        """), encoding="utf-8")
    data = tmp_path / "data" / "mini"
    data.mkdir(parents=True)
    (data / "rules.yaml").write_text(GOOD, encoding="utf-8")

    def run(yaml_text: str | None = None):
        if yaml_text is not None:
            (data / "rules.yaml").write_text(yaml_text, encoding="utf-8")
        return check_kb(tmp_path / "data", load_corpus(corpus))

    return run


def messages(report) -> list[str]:
    return [str(p) for p in report.problems]


def test_good_kb_passes_with_full_coverage(mini):
    report = mini()
    assert messages(report) == []
    assert [c.percent for c in report.coverage] == [100.0, 100.0]


def test_corrupted_yaml_names_file_and_line(mini):
    broken = GOOD.replace("    kind: note\n", "    kind: note\n      bad: [unclosed\n")
    report = mini(broken)
    assert not report.ok
    [problem] = [m for m in messages(report) if "malformed YAML" in m]
    # the bad line is the 27th line of the file (after 'kind: note' of the second rule)
    assert problem.startswith("mini/rules.yaml:") or "rules.yaml:" in problem
    line = int(problem.split("rules.yaml:")[1].split(":")[0])
    assert line == broken.splitlines().index("      bad: [unclosed") + 1


def test_schema_error_names_entry_and_line(mini):
    report = mini(GOOD.replace("    kind: note", "    kind: nonsense"))
    [problem] = messages(report)[:1]
    assert "mini/round/forbidden" in problem and "kind" in problem
    assert f"rules.yaml:{GOOD.splitlines().index('  - id: mini/round/forbidden') + 1}:" in problem


def test_non_verbatim_official_text_is_reported(mini):
    report = mini(GOOD.replace("1. Take one die.", "1. Take any one die."))
    found = [m for m in messages(report) if "not verbatim" in m]
    assert len(found) == 1
    assert "mini/round/take-die: text.en is not verbatim in mini.en.txt:3-4" in found[0]
    assert "any" in found[0]  # says where the text diverges


def test_typo_fix_in_official_text_is_not_verbatim(mini):
    # "correcting" the source is exactly what the checker must refuse
    report = mini(GOOD.replace("Forbidden die.", "forbidden die!"))
    assert any("text.en is not verbatim" in m for m in messages(report))


def test_line_wraps_and_korean_joins_are_normalised(mini):
    # the Korean was split as "하나 / 가져옵니다": joined without a space in the KB, still verbatim
    assert mini().ok


def test_uncovered_line_is_reported(mini):
    report = mini(GOOD.replace("  - {file: mini.en.txt, lines: [7, 7], reason: page number}\n", ""))
    assert "corpus/mini.en.txt:7: not covered by any KB entry or ignored span" in messages(report)
    en = next(c for c in report.coverage if c.file.endswith("mini.en.txt"))
    assert en.uncovered == [7] and en.percent < 100


def test_span_claiming_unused_line_is_reported(mini):
    report = mini(GOOD.replace("sources: [mini.ko.txt:6, mini.en.txt:6]", "sources: [mini.ko.txt:6, mini.en.txt:6-7]")
                  .replace("  - {file: mini.en.txt, lines: [7, 7], reason: page number}\n", ""))
    assert any(m.startswith("corpus/mini.en.txt:7: line is inside a source span of mini/round/forbidden")
               for m in messages(report))


def test_dangling_reference_is_reported(mini):
    report = mini(GOOD.replace("related: [mini/round/forbidden]", "related: [mini/round/nowhere]"))
    assert any("mini/round/take-die: related entry 'mini/round/nowhere' does not exist" in m
               for m in messages(report))


def test_dangling_section(mini):
    report = mini(GOOD.replace("    section: mini/round\n    kind: note", "    section: mini/lost\n    kind: note"))
    assert any("mini/round/forbidden: section 'mini/lost' does not exist" in m for m in messages(report))


def test_duplicate_id(mini):
    report = mini(GOOD.replace("id: mini/round/forbidden", "id: mini/round/take-die"))
    assert any("duplicate id 'mini/round/take-die'" in m for m in messages(report))


def test_span_past_end_of_file(mini):
    report = mini(GOOD.replace("mini.en.txt:6]", "mini.en.txt:60]"))
    assert any("past the end of mini.en.txt" in m for m in messages(report))


def test_ignored_and_covered_at_once(mini):
    report = mini(GOOD.replace("lines: [7, 7], reason: page number}\n  - {file: mini.en.txt",
                               "lines: [6, 7], reason: page number}\n  - {file: mini.en.txt"))
    assert any("is also covered by a KB entry" in m for m in messages(report))


def test_origin_without_text(mini):
    report = mini(GOOD.replace("      en: \"Note: You cannot take a Forbidden die.\"\n", ""))
    assert any("origin.en is given but text.en is empty" in m for m in messages(report))


def test_not_utf8_file(mini, tmp_path):
    (tmp_path / "data" / "mini" / "rules.yaml").write_bytes(b"rules:\n  - id: \xff\xfe\n")
    report = check_kb(tmp_path / "data", load_corpus(tmp_path / "corpus"))
    assert any("not UTF-8" in m for m in messages(report))


def test_line_printed_twice_by_the_extraction_counts_once(mini, tmp_path):
    ko = tmp_path / "corpus" / "mini.ko.txt"
    ko.write_text(KO.replace("참고: 금지된 주사위는 가져올 수 없습니다.",
                             "참고: 금지된 주사위는 가져올 수 없습니다.참고: 금지된 주사위는 가져올 수 없습니다."),
                  encoding="utf-8")
    assert mini().ok  # the rule keeps the sentence once, as the rulebook prints it
    report = mini(GOOD.replace('ko: "참고: 금지된 주사위는 가져올 수 없습니다."',
                               'ko: "참고: 금지된 주사위는 가져올 수 있습니다."'))
    assert any("text.ko is not verbatim" in m for m in messages(report))
