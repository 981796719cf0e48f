"""The evaluation sets measure search on questions it has never seen: no search aid (the player questions
the KB keeps beside each rule) may copy a question of the dev, tuning, held-out or training sets word for
word — an aid that does puts its question's answer on top by construction."""
from __future__ import annotations

from pathlib import Path

from kb.normalize import gold_key
from kb.search.evaluate import load_questions
from kb.store import load_kb

ROOT = Path(__file__).resolve().parents[1]
SETS = [ROOT.parent / "shared" / "eval" / "dev_questions.yaml", ROOT / "eval" / "tuning_questions.yaml",
        ROOT / "eval" / "holdout_questions.yaml", ROOT / "eval" / "cases_tuning.yaml", ROOT / "eval" / "cases_holdout.yaml",
        ROOT / "eval" / "disputes_tuning.yaml", *sorted((ROOT / "eval" / "train").glob("*.yaml"))]


def test_no_search_aid_copies_an_evaluation_question():
    kb = load_kb()
    aids = {gold_key(q): (entry_id, q) for game in kb.games.values() for entry_id, asked in game.questions.items()
            for q in [*asked.ko, *asked.en]}
    copies = [(path.name, q.id, q.q, aids[gold_key(q.q)]) for path in SETS if path.exists()
              for q in load_questions(path) if gold_key(q.q) in aids]
    assert not copies, f"search aids that copy evaluation questions (remove them from kb/data/*/search/): {copies}"


JUDGED = [*(ROOT / "eval" / name for name in ("tuning_questions.yaml", "holdout_questions.yaml", "cases_tuning.yaml",
                                              "cases_holdout.yaml", "disputes_tuning.yaml")),
          # the situational training questions (session 17): every one judged, in Korean/English pairs
          *sorted((ROOT / "eval" / "train").glob("cases*.yaml"))]


def test_every_referee_verdict_is_well_formed_and_every_pair_is_one_question_in_both_languages():
    for path in JUDGED:
        items = load_questions(path)
        pairs: dict[str, list] = {}
        for q in items:
            s = q.settle
            assert s and s["type"] in ("yes_no", "how_many", "when", "dispute", "other"), (path.name, q.id)
            if s["type"] in ("yes_no", "dispute"):
                assert s["verdict"] in ("yes", "no"), (path.name, q.id, s)
            if s["type"] == "how_many":
                assert all(isinstance(v, int) for v in (s["value"] if isinstance(s["value"], list) else [s["value"]]))
            if q.pair:
                pairs.setdefault(q.pair, []).append(q)
        for pair, members in pairs.items():
            assert sorted(m.lang for m in members) == ["en", "ko"], (path.name, pair)
            a, b = members
            assert a.game == b.game and settled_alike(a.settle) == settled_alike(b.settle), (path.name, pair)


def settled_alike(settle: dict) -> tuple:
    """What a verdict settles, whatever its language: its type, verdict or value, and its moment's phrases
    (in either order)."""
    return (settle["type"], settle.get("verdict"), str(settle.get("value")), frozenset(settle.get("phase") or ()))


def test_every_training_question_has_a_gold_snippet_in_a_rule_or_card_of_its_game():
    """The answer selection learns from the gold snippets (a candidate holding any of them is right): a question
    none of whose snippets an entry holds any longer (a rule's text edited) would teach it that no candidate is."""
    kb = load_kb()
    texts = {game_id: [gold_key(t) for entry in [*game.rules.values(), *game.cards.values()]
                       for t in (entry.text.get("ko"), entry.text.get("en")) if t]
             for game_id, game in kb.games.items()}
    lost = [(path.name, q.id, q.gold) for path in sorted((ROOT / "eval" / "train").glob("*.yaml"))
            for q in load_questions(path)
            if not any(gold_key(g) and gold_key(g) in t for g in q.gold for t in texts[q.game])]
    assert not lost, lost


def test_every_case_label_names_a_training_question_and_a_ruling_that_answers_its_kind():
    """The case reader learns situational questions from eval/labels/case_labels.yaml (scripts/train_relevance.py):
    a label naming a question that is gone, a ruling that is gone, or a reading of another kind than the question
    asks (a value reading for a yes/no) would teach it a case the question does not ask."""
    from kb.yamlio import load_yaml, strip_lines

    kb = load_kb()
    labels = strip_lines(load_yaml(ROOT / "eval" / "labels" / "case_labels.yaml"))
    questions = {str(q.id): q for path in sorted((ROOT / "eval" / "train").glob("cases*.yaml"))
                 for q in load_questions(path)}
    kind = {"yes_no": "verdict", "dispute": "verdict", "how_many": "value", "when": "phase"}
    bad = []
    for qid, ruling_id in labels.items():
        q = questions.get(str(qid))
        if q is None:
            bad.append((qid, "no such training question"))
        elif ruling_id != "none":
            ruling = kb.entry(ruling_id)
            if ruling is None or not hasattr(ruling, "claim"):
                bad.append((qid, ruling_id, "no such ruling"))
            elif getattr(ruling, kind[q.settle["type"]]) is None:
                bad.append((qid, ruling_id, f"answers no {kind[q.settle['type']]} for a {q.settle['type']} question"))
    assert not bad, bad
    assert len(labels) == len(questions)
