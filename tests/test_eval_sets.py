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
        ROOT / "eval" / "holdout_questions.yaml", *sorted((ROOT / "eval" / "train").glob("*.yaml"))]


def test_no_search_aid_copies_an_evaluation_question():
    kb = load_kb()
    aids = {gold_key(q): (entry_id, q) for game in kb.games.values() for entry_id, asked in game.questions.items()
            for q in [*asked.ko, *asked.en]}
    copies = [(path.name, q.id, q.q, aids[gold_key(q.q)]) for path in SETS if path.exists()
              for q in load_questions(path) if gold_key(q.q) in aids]
    assert not copies, f"search aids that copy evaluation questions (remove them from kb/data/*/search/): {copies}"
