"""Answers already given, kept for the next asker of the same question.

An answer depends only on the question's text, the game asked and what the process loaded (the checked
KB, the index, the engines): nothing a later answer could change. A process that answers many players (the
HTTP API, the web page) keeps the most recent answers and gives a repeated question its answer at once
(~0.4 ms, a copy) instead of reading and answering it again (~25 ms here, 80% of it the embedding model).
Each caller gets its own copy: a front end that adds to an answer never changes another asker's.
"""
from __future__ import annotations

import copy
import os
import threading
from collections import OrderedDict
from collections.abc import Callable

from .records import UsageError

ENV = "ARBITER_ANSWER_CACHE"
DEFAULT_SIZE = 1024          # answers kept (~17 KB each as JSON: ~20 MB at most)


def size_from_env(environ=None) -> int:
    """The number of answers to keep: $ARBITER_ANSWER_CACHE (0: none), else DEFAULT_SIZE."""
    raw = (os.environ if environ is None else environ).get(ENV, "").strip()
    if not raw:
        return DEFAULT_SIZE
    try:
        size = int(raw)
    except ValueError:
        size = -1
    if size < 0:
        raise UsageError(f"{ENV} must be a whole number of answers, 0 for none (got {raw!r})")
    return size


class AnswerCache:
    """A bounded, thread-safe map from (question text, game) to its answer, least recently used first out."""

    def __init__(self, size: int = DEFAULT_SIZE):
        self.size = size
        self.hits = self.misses = 0
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get_or_answer(self, key: tuple, answer: Callable[[], dict]) -> dict:
        """The kept answer for `key`, or `answer()` kept for the next asker; a copy either way. Two askers of
        the same new question at once both answer it (the same answer): no one waits on another's."""
        if self.size <= 0:
            return answer()
        with self._lock:
            kept = self._items.get(key)
            if kept is not None:
                self._items.move_to_end(key)
                self.hits += 1
        if kept is None:
            kept = answer()
            with self._lock:
                self.misses += 1
                self._items[key] = kept
                self._items.move_to_end(key)
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return copy.deepcopy(kept)

    def stats(self) -> dict:
        with self._lock:
            return {"size": self.size, "answers": len(self._items), "hits": self.hits, "misses": self.misses}
