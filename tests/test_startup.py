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

