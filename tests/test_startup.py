"""What a first answer pays for at start-up (`arbiter bench` measures it; issue 25 bounds it): nothing the
ask path never uses is imported."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_first_answer_imports_no_event_loop_or_sparse_matrices():
    # bm25s imports tqdm.auto for progress bars (asyncio) and scipy.sparse to build; the index reads it without them
    code = ("import sys; from app.core.assistant import Assistant; a = Assistant.create(); "
            "a.answer('Can gray dice be used to Produce Resources?', 'tekhenu'); "
            "import os; print('left:', os.environ.get('DISABLE_TQDM')); "
            "print('imported:', sorted(m for m in ('asyncio', 'tqdm.asyncio', 'scipy.sparse') if m in sys.modules))")
    env = {k: v for k, v in os.environ.items() if k != "DISABLE_TQDM"}      # as a player's shell has it
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-2:] == ["left: None", "imported: []"]   # the switch is not left on



def test_the_loaded_kb_and_index_are_out_of_the_collectors_reach():
    # they live as long as the process: a full collection (one inside a first answer, one at exit) walking
    # them cost 0.2-0.4 s each; frozen, the collector walks only what questions allocate
    code = ("import gc; from app.core.assistant import Assistant; from kb.search.documents import SearchDoc; "
            "a = Assistant.create(); a.answer('이번 턴에 가져온 행동 카드를 같은 턴에 쓸 수 있어?', 'tekhenu'); "
            "print('frozen:', gc.get_freeze_count() > len(a.searcher.index.docs), "
            "'walked:', sum(isinstance(o, SearchDoc) for o in gc.get_objects()))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "frozen: True walked: 0"
