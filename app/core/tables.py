"""Rule tables as the rulebook prints them ("-6 ~ -8 | -2"): which row a question's number falls in."""
from __future__ import annotations

import re
from collections.abc import Sequence

from engine.numbers import Number

CELL_RANGE = re.compile(r"^\s*([-−–]?\d+)\s*(?:~|to|-|–)\s*([-−–]?\d+)\s*$")
CELL_OPEN = re.compile(r"^\s*([-−–]?\d+)\s*(\+|이상|이하|or more|or less)\s*$")
CELL_ONE = re.compile(r"^\s*([-−–]?\d+)\s*$")


def _int(text: str) -> int:
    return int(text.replace("−", "-").replace("–", "-"))


def _covers(cell: str, n: int) -> bool:
    if m := CELL_RANGE.match(cell):
        lo, hi = sorted((_int(m.group(1)), _int(m.group(2))))
        return lo <= n <= hi
    if m := CELL_OPEN.match(cell):
        bound, word = _int(m.group(1)), m.group(2)
        if word == "이하" or word == "or less" or (word == "or more" and bound < 0):
            return n <= bound      # "-9 or more" (EN) is the KO "-9 이하": a balance of -9 or beyond
        return n >= bound
    m = CELL_ONE.match(cell)
    return bool(m) and _int(m.group(1)) == n


def table_row(rows: list[str], numbers: Sequence[Number]) -> str | None:
    """The first table row whose first cell covers one of the question's numbers (read in any phrasing:
    "-7", "minus seven", "마이너스 7" — app/core/question.py)."""
    for number in numbers:
        for row in rows:
            if _covers(row.split("|")[0], number.value):
                return row
    return None


def is_table(text: str) -> bool:
    rows = [line.strip() for line in (text or "").split("\n") if line.strip()]
    return len(rows) >= 3 and all("|" in row for row in rows)


def row_for(text: str, numbers: Sequence[Number]) -> str | None:
    """The row of a table rule that covers one of the question's numbers (None: not a table, or no row)."""
    if not numbers or not is_table(text):
        return None
    rows = [line.strip() for line in text.split("\n") if line.strip()]
    return table_row(rows[1:], numbers)
