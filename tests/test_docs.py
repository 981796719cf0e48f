"""The README is a front door (issue 27): short, and every link in it and in docs/ leads to a file of this
repository — nothing outside the clone (the project's shared folder, its design notes)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\((\.{0,2}/?[A-Za-z][\w./-]*)(?:#[^)]*)?\)")


def test_the_readme_is_a_front_door():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, len(lines)
    text = "\n".join(lines)
    for needed in ("make run", "make test", "PORT=", "ADDRESS=", "curl", "docs/api.md", "docs/screenshot.png"):
        assert needed in text, needed


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_link_leads_to_a_file_of_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    assert "../shared" not in text and "DESIGN.md" not in text
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):          # http:, https:, mailto:
            continue
        assert (doc.parent / target).resolve().exists(), f"{doc.name}: {target}"
