"""Rulings in the knowledge base (kb/models.py Ruling, kb/rulings.py): what `arbiter kb check` proves about
them — each kind of damage reported at its file:line — and the values they compute for a player's numbers."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from kb.check import check_kb
from kb.corpus import load_corpus
from kb.models import Ruling
from kb.rulings import RulingError, compute, general, needs

KO = """제목

참고: 금지된 주사위는 가져올 수 없습니다.
석상 1/2/3개에 대해 1/3/6점을 획득합니다.
라운드가 끝날 때 점수를 계산합니다.
"""
EN = """Title

Note: You cannot take a Forbidden die.
Score 1/3/6 VP for 1/2/3 Statues.
Score at the end of the round.
"""

RULES = """\
sections:
  - id: mini/round
    title: {ko: 제목, en: Title}
    title_origin: {ko: official, en: official}
    sources: [mini.ko.txt:1, mini.en.txt:1]
rules:
  - id: mini/round/forbidden
    section: mini/round
    kind: note
    text: {ko: "참고: 금지된 주사위는 가져올 수 없습니다.", en: "Note: You cannot take a Forbidden die."}
    origin: {ko: official, en: official}
    sources: [mini.ko.txt:3, mini.en.txt:3]
  - id: mini/round/statues
    section: mini/round
    kind: step
    text: {ko: 석상 1/2/3개에 대해 1/3/6점을 획득합니다., en: Score 1/3/6 VP for 1/2/3 Statues.}
    origin: {ko: official, en: official}
    sources: [mini.ko.txt:4, mini.en.txt:4]
  - id: mini/round/scoring
    section: mini/round
    kind: step
    text: {ko: 라운드가 끝날 때 점수를 계산합니다., en: Score at the end of the round.}
    origin: {ko: official, en: official}
    sources: [mini.ko.txt:5, mini.en.txt:5]
"""

RULINGS = """\
rulings:
  - id: mini/ruling/forbidden
    rule: mini/round/forbidden
    quote: {ko: 금지된 주사위는 가져올 수 없습니다., en: You cannot take a Forbidden die.}
    claim: {ko: 금지된 주사위를 가져올 수 있다., en: You can take a Forbidden die.}
    verdict: 'no'
    asks: {ko: [금지된 주사위 가져가도 돼?], en: [Can I take a Forbidden die?]}
    denies: {ko: [금지된 주사위는 못 가져가?], en: [Is a Forbidden die off limits?]}
    unless: [mini/round/statues]
  - id: mini/ruling/statues
    rule: mini/round/statues
    quote: {en: Score 1/3/6 VP for 1/2/3 Statues.}
    claim: {ko: 석상 수에 따른 점수, en: VP for the Statues built}
    params:
      statues: {words: ['석상', '\\\\bstatues?\\\\b'], label: {ko: 석상, en: Statues}, min: 1, max: 3}
    value:
      by: statues
      rows: [{at: [1], amount: 1}, {at: [2], amount: 3}, {at: [3], amount: 6}]
      unit: {ko: 점, en: VP}
    asks: {ko: [석상 2개면 몇 점이야?], en: [How many VP for 3 statues?]}
  - id: mini/ruling/statues-and-bonus
    rule: mini/round/statues
    quote: {ko: 석상 1/2/3개에 대해 1/3/6점을 획득합니다.}
    claim: {ko: 석상 점수와 보너스, en: Statue VP plus a bonus}
    params:
      bonus: {words: ['보너스', '\\\\bbonus'], label: {ko: 보너스, en: bonus}, min: 0}
    value:
      formula: base + bonus
      uses: {base: mini/ruling/statues}
      unit: {ko: 점, en: VP}
    asks: {ko: [석상 2개에 보너스 1이면 몇 점?], en: [3 statues and a bonus of 2, how many VP?]}
  - id: mini/ruling/when-scored
    rule: mini/round/scoring
    quote: {ko: 라운드가 끝날 때 점수를 계산합니다.}
    claim: {ko: 점수를 계산하는 때, en: When scoring happens}
    phase: {ko: 라운드가 끝날 때, en: the end of the round}
    asks: {ko: [점수는 언제 계산해?], en: [When do we score?]}
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
    (data / "rulings").mkdir(parents=True)
    (data / "rules.yaml").write_text(RULES, encoding="utf-8")

    def run(rulings: str = RULINGS, rules: str = RULES):
        (data / "rules.yaml").write_text(rules, encoding="utf-8")
        (data / "rulings" / "rules.yaml").write_text(rulings, encoding="utf-8")
        return check_kb(tmp_path / "data", load_corpus(corpus))

    return run


def problems(report) -> list[str]:
    return [str(p) for p in report.problems]


def test_good_rulings_pass_and_are_counted(mini):
    report = mini()
    assert problems(report) == []
    assert report.counts["mini"]["rulings"] == 4
    assert [r.kind for r in report.kb.games["mini"].rulings_of("mini/round/statues")] == ["value", "value"]


@pytest.mark.parametrize("old, new, expected", [
    # a quote must stand in its rule's text, word for word (an edited sentence is not the rulebook's)
    ("quote: {ko: 금지된 주사위는 가져올 수 없습니다.,", "quote: {ko: 금지된 주사위도 가져올 수 있습니다.,",
     "quote.ko is not in the text of mini/round/forbidden"),
    ("unless: [mini/round/statues]", "unless: [mini/round/nothing]", "unless 'mini/round/nothing' is not a rule"),
    ("unless: [mini/round/statues]", "unless: [mini/round/forbidden]", "unless names its own rule"),
    ("rule: mini/round/forbidden", "rule: mini/round/missing", "rule 'mini/round/missing' is not a rule or card"),
    ("{at: [2], amount: 3}", "{at: {from: 1, to: 2}, amount: 3}", "rows 1 and 2 both cover statues = 1"),
    ("formula: base + bonus", "formula: base + bonus + extra", "formula names extra"),
    ("formula: base + bonus", "formula: base + pow(bonus, 2)", "calls pow; only min, max"),
    ("formula: base + bonus", "formula: base +", "is not an expression"),
    ("uses: {base: mini/ruling/statues}", "uses: {base: mini/ruling/forbidden}", "which is not a ruling with a value"),
    ("phase: {ko: 라운드가 끝날 때,", "phase: {ko: 라운드가 시작될 때,", "is not in the ko rulebook's words"),
    ("id: mini/ruling/when-scored", "id: mini/ruling/forbidden", "duplicate id 'mini/ruling/forbidden'"),
    ("asks: {ko: [점수는 언제 계산해?]", "asks: {ko: [금지된 주사위 가져가도 돼?]", "asks '금지된 주사위 가져가도 돼?' as"),
    # an unquoted comma in a flow list cuts a question in two: its head is no question
    ("en: [When do we score?]", "en: [At the round's end, when do we score?]", "asks \"At the round's end\", which is no question"),
    ("    verdict: 'no'\n", "    verdict: 'no'\n    phase: {ko: 라운드가 끝날 때, en: the end of the round}\n",
     "exactly one of verdict, value or phase"),
    ("asks: {ko: [금지된 주사위 가져가도 돼?], en: [Can I take a Forbidden die?]}",
     "asks: {ko: [금지된 주사위 가져가도 돼?]}", "at least one question in each language"),
    ("    verdict: 'no'\n    asks: {ko: [금지", "    verdict: maybe\n    asks: {ko: [금지", "verdict"),
    # a reading limited to a moment (`said`): its own questions name that moment
    ("    verdict: 'no'\n    asks: {ko: [금지", "    verdict: 'no'\n    said: ['첫\\s?라운드', '\\bfirst round\\b']\n"
                                              "    asks: {ko: [금지", "names none of its `said` words"),
    ("    verdict: 'no'\n    asks: {ko: [금지", "    verdict: 'no'\n    said: ['(first']\n    asks: {ko: [금지",
     "said: '(first' is not a regular expression"),
])
def test_damage_is_reported_at_the_ruling(mini, old, new, expected):
    assert old in RULINGS
    report = mini(RULINGS.replace(old, new, 1))
    found = problems(report)
    assert any(expected in p and "rulings/rules.yaml:" in p for p in found), found


def test_a_rule_without_official_words_in_the_quote_is_refused(mini):
    # a quote only in a language whose text is not the rule's official text is no ground for a reading:
    # here the English text of the rule is made a translation, and the ruling quotes only it
    old = "    origin: {ko: official, en: official}\n    sources: [mini.ko.txt:4, mini.en.txt:4]"
    assert old in RULES
    rules = RULES.replace(old, "    origin: {ko: official, en: translation}\n    sources: [mini.ko.txt:4]")
    report = mini(rules=rules)
    assert any("mini/ruling/statues: quote needs the words of mini/round/statues's official text" in p
               for p in problems(report)), problems(report)
    assert not any("statues-and-bonus: quote" in p for p in problems(report))     # it quotes the Korean


def _lookup(rulings: dict):
    return rulings.get


def _ruling(data: dict) -> Ruling:
    return Ruling.model_validate(data)


TABLE = {"id": "g/ruling/t", "rule": "g/r/t", "quote": {"en": "x"}, "claim": {"ko": "가", "en": "a"},
         "asks": {"ko": ["가?"], "en": ["a?"]},
         "params": {"n": {"quantity": "n", "label": {"ko": "엔", "en": "n"}}},
         "value": {"by": "n", "rows": [{"at": {"to": 2}, "amount": 0}, {"at": {"from": 3, "to": 5}, "amount": -1},
                                       {"at": {"from": 6}, "amount": -3}], "unit": {"ko": "점", "en": "VP"}}}
SUM = {"id": "g/ruling/s", "rule": "g/r/s", "quote": {"en": "y"}, "claim": {"ko": "나", "en": "b"},
       "asks": {"ko": ["나?"], "en": ["b?"]},
       "params": {"k": {"quantity": "k", "label": {"ko": "케이", "en": "k"}}},
       "value": {"formula": "t + k * 2 if k > 0 else t", "uses": {"t": "g/ruling/t"}, "unit": {"ko": "점", "en": "VP"}}}


def test_a_table_reads_the_players_number_and_an_open_range_covers_the_rest():
    table = _ruling(TABLE)
    rulings = {"g/ruling/t": table}
    assert compute(table, {"n": 4}, _lookup(rulings)).amount == -1
    assert compute(table, {"n": 40}, _lookup(rulings)).amount == -3
    assert compute(table, {"n": -5}, _lookup(rulings)).amount == 0
    assert compute(table, {}, _lookup(rulings)) is None           # the number it needs was not given


def test_a_formula_adds_another_rulings_value_and_names_every_number_it_used():
    table, total = _ruling(TABLE), _ruling(SUM)
    rulings = {"g/ruling/t": table, "g/ruling/s": total}
    result = compute(total, {"n": 4, "k": 3}, _lookup(rulings))
    assert result.amount == 5
    assert [(s.name, s.value, s.ruling) for s in result.steps] == [("k", 3, None), ("n", 4, None), ("t", -1, "g/ruling/t")]
    assert needs(total, _lookup(rulings)) == ["k", "n"]
    assert compute(total, {"k": 3}, _lookup(rulings)) is None     # the used table's number is missing
    broken = _ruling(dict(SUM, value=dict(SUM["value"], formula="t / (k - k)")))
    with pytest.raises(RulingError, match="fails"):
        compute(broken, {"n": 4, "k": 1}, _lookup({"g/ruling/t": table, "g/ruling/s": broken}))


def test_without_the_players_number_a_table_answers_whole_and_a_multiple_per_one():
    table = _ruling(TABLE)
    whole = general(table, _lookup({"g/ruling/t": table}))
    assert [(amount) for _, amount in whole.rows] == [0, -1, -3] and whole.amount is None
    assert whole.rows[1][0].from_ == 3 and whole.rows[1][0].to == 5

    def formula(f: str, **param) -> Ruling:
        return _ruling(dict(SUM, value={"formula": f, "unit": {"ko": "점", "en": "VP"}},
                            params={"k": {"quantity": "k", "label": {"ko": "케이", "en": "k"}, **param}}))

    rate = general(formula("3 * k"), _lookup({}))
    assert (rate.amount, rate.per, rate.rows) == (3, "k", [])
    assert general(formula("-3 * k"), _lookup({})).amount == -3
    # no one number answers these without the player's: a cap, a rounding, an offset, the number itself
    for f in ("min(2 * k, 16)", "k // 2", "15 + 2 * k", "k", "-k"):
        assert general(formula(f), _lookup({})) is None, f
    assert general(formula("min(2 * k, 16)", max=8), _lookup({})).amount == 2      # the cap is out of the game's range
    partial = _ruling(dict(TABLE, value=dict(TABLE["value"], rows=[{"at": [1], "amount": 1}, {"at": [2], "amount": 3},
                                                                   {"at": [5], "amount": 15}])))
    assert general(partial, _lookup({})) is None            # 3 and 4 left out: not the whole table
    yes_no = _ruling(dict(TABLE, value=dict(TABLE["value"], rows=[{"at": [0], "verdict": "no"},
                                                                  {"at": {"from": 1}, "verdict": "yes"}])))
    assert general(yes_no, _lookup({})) is None             # a yes/no table decides a case, it counts nothing
    uses = _ruling(SUM)
    assert general(uses, _lookup({"g/ruling/t": table, "g/ruling/s": uses})) is None


def test_a_named_value_needs_a_readable_pattern():
    from pydantic import ValidationError

    param = {"quantity": "n", "label": {"ko": "엔", "en": "n"}}
    with pytest.raises(ValidationError, match="regular expression"):
        _ruling(dict(TABLE, params={"n": dict(param, names=[{"value": 1, "words": ["(start"]}])}))
    with pytest.raises(ValidationError):
        _ruling(dict(TABLE, params={"n": dict(param, names=[{"value": 1, "words": []}])}))


def test_every_ruling_of_the_knowledge_base_computes_and_quotes_its_rule():
    from kb.store import load_kb

    kb = load_kb()
    counted = {kind: 0 for kind in ("verdict", "value", "phase")}
    for game in kb.games.values():
        for ruling in game.rulings.values():
            counted[ruling.kind] += 1
            assert ruling in game.rulings_of(ruling.rule)
    assert all(n >= 50 for n in counted.values()), counted


def test_a_phase_may_be_named_in_its_rules_labelled_translation(mini):
    """A game whose rulebook is not printed in a language (Time of Seth in English) names a moment in its rule's
    labelled translation; a phrase in neither the rulebooks nor that translation is refused."""
    old = ("    text: {ko: 라운드가 끝날 때 점수를 계산합니다., en: Score at the end of the round.}\n"
           "    origin: {ko: official, en: official}")
    assert old in RULES
    rules = RULES.replace(old, "    text: {ko: 라운드가 끝날 때 점수를 계산합니다., en: Scoring happens once each round closes.}\n"
                               "    origin: {ko: official, en: translation}")
    named = RULINGS.replace("phase: {ko: 라운드가 끝날 때, en: the end of the round}",
                            "phase: {ko: 라운드가 끝날 때, en: once each round closes}")
    assert named != RULINGS
    assert problems(mini(named, rules=rules)) == []
    # not in the translation, nor in the rulebook: refused
    report = mini(named.replace("once each round closes", "whenever a round closes"), rules=rules)
    assert any("phase.en 'whenever a round closes' is not in the en rulebook's words" in p for p in problems(report))
    # an official text is the rulebook's own: its phase must stand in the rulebook
    report = mini(named)
    assert any("phase.en 'once each round closes' is not in the en rulebook's words" in p for p in problems(report))


def test_a_phase_may_be_named_in_another_rules_labelled_translation(mini):
    """An Artifact card's text says what it does, not when: the moment is named by the rule on using Artifacts ("only
    on your own turn"), so a phase may stand in the translation of another rule of the same game."""
    old = ("    text: {ko: 라운드가 끝날 때 점수를 계산합니다., en: Score at the end of the round.}\n"
           "    origin: {ko: official, en: official}")
    rules = RULES.replace(old, "    text: {ko: 라운드가 끝날 때 점수를 계산합니다., en: Scoring happens once each round closes.}\n"
                               "    origin: {ko: official, en: translation}")
    # the ruling reads the Forbidden-die rule (official in both languages); its moment is the scoring rule's words
    named = RULINGS.replace(
        "    rule: mini/round/scoring\n    quote: {ko: 라운드가 끝날 때 점수를 계산합니다.}\n",
        "    rule: mini/round/forbidden\n    quote: {ko: 금지된 주사위는 가져올 수 없습니다.}\n").replace(
        "phase: {ko: 라운드가 끝날 때, en: the end of the round}", "phase: {ko: 라운드가 끝날 때, en: once each round closes}")
    assert named != RULINGS
    assert problems(mini(named, rules=rules)) == []
    # the same words where no rule of the game translates them: refused
    report = mini(named)
    assert any("phase.en 'once each round closes' is not in the en rulebook's words" in p for p in problems(report))
