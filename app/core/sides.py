"""Which side of a yes/no ruling's claim a question takes: a word-level reader of the question against the claim.

A yes/no ruling states its claim ("A gray die can be used to Produce Resources.") and lists questions on each
side: `asks`, whose Yes means the claim holds, and `denies`, whose Yes means it does not ("Is producing with a
gray die forbidden?"). The two sides are near-negations of each other, so their meanings lie close together
and sentence vectors barely tell them apart (docs/measurements.md: 0.59 accuracy). What parts them is in the
words a question adds to the claim or drops from it: "forbidden", "only", "못", "안 되", "말고". This model
reads exactly that: a logistic model over the words (and pairs of adjacent words, function words included) that
the question has and the claim lacks, those the claim has and the question lacks, and whether one of the two is
negated or restricted and the other not. It is fitted on the rulings' own forms by scripts/train_sides.py
(weights in app/core/data/sides.json) and tells a form's side for rulings it never saw 0.78 of the time.

Settling (app/core/settle.py) adds its lean to the one it reads from the ruling's nearest forms; it never
decides alone. Since session 22 the side encoder (app/core/side_encoder.py), which reads claim and question
together, takes its place wherever it is loaded (settle.PARAMS `side_cross`); this model reads the sides
where it is not, and for the readings whose side cannot decide."""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from kb.search.analyzers import morphemes

from .negation import ONLY_EN, ONLY_KO, negated

MODEL_FILE = Path(__file__).with_name("data") / "sides.json"


@lru_cache(maxsize=8192)
def _read(text: str, lang: str, statement: bool) -> tuple[frozenset, bool, bool]:
    """A text's words and pairs of adjacent words, whether it is negated and whether it restricts: read once
    per text (a claim for every question, a question for each of its candidate rulings)."""
    words = morphemes(text, lang)
    only = ONLY_EN if lang == "en" else ONLY_KO
    return (frozenset(words) | frozenset(f"{a}_{b}" for a, b in zip(words, words[1:])),
            negated(text, lang, statement), bool(only.search(text)))


def features(text: str, lang: str, claim: str) -> dict[str, float]:
    """What a question (or a form) says that its ruling's claim does not, and the other way round."""
    said, turned, restricts = _read(text, lang, False)
    stated, claim_turned, claim_restricts = _read(claim, lang, True)
    out = {f"{lang}+{w}": 1.0 for w in said - stated}
    out.update({f"{lang}-{w}": 1.0 for w in stated - said})
    out["negated"] = float(turned)
    out["claim_negated"] = float(claim_turned)
    out["negation_differs"] = float(turned != claim_turned)
    out["only_differs"] = float(restricts != claim_restricts)
    out[f"lang_{lang}"] = 1.0
    return out


class SideModel:
    """P(the question asks the claim as stated) = σ(bias + Σ weights of its features)."""

    def __init__(self, weights: dict[str, float], bias: float):
        self.weights = weights
        self.bias = bias

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> "SideModel | None":
        """The shipped model, or None where its file is missing or unreadable (settling then reads the sides
        from the forms alone, as before the model)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls({str(k): float(v) for k, v in data["weights"].items()}, float(data["bias"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def probability(self, text: str, lang: str, claim: str) -> float:
        z = self.bias + sum(self.weights.get(k, 0.0) * v for k, v in features(text, lang, claim).items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
