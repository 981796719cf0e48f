"""The short answer: one line on top of the page for a yes/no, how-many or when question, built only
from what the page itself proves — the example the engine just ran and verified for the question's own
numbers, the table row that covers the question's number, or the key sentence of the rule — and always
shown with the rule it comes from. Where nothing on the page proves a short answer there is none: a
wrong "Yes" on top is worse than no line at all.

The yes/no reading is deliberately narrow. A permission question ("can I…", "…해도 돼?") is answered
"No" only by a sentence that plainly forbids (cannot / may not / never / 수 없습니다 / 안 됩니다), "Yes"
only by one that plainly permits (may / can / 수 있습니다 / 해도 됩니다) — never when the sentence
carries both, a condition ("if", "unless", "…면"), or when the question itself is negated. An "only"
sentence ("1장만 사용할 수 있습니다") answers "No" to a question that asks for more than it allows.
"""
from __future__ import annotations

import re

from engine.numbers import read_numbers

from . import tables
from .question import Question

WH_KO = re.compile(r"무엇|뭐|뭘|뭔|무슨|어디|어느|누구|누가|몇|언제|어떻게|어떤|얼마|왜")
WH_EN = re.compile(r"^\s*(?:what|which|who|whom|whose|where|when|why|how)\b", re.I)
AUX_EN = re.compile(r"^\s*(?:can|may|could|do|does|did|is|are|am|was|were|will|would|should|must|have|has)\b", re.I)
PERMISSION_EN = re.compile(r"\b(?:can|may|could|allowed|able to|possible)\b", re.I)
PERMISSION_KO = re.compile(r"(?:해도|어도|아도|도)\s*(?:돼|되나|되요|돼요|됩니까|될까)|수\s*있(?:어|나|나요|어요|을까|습니까)"
                           r"|가능(?:해|한가|할까|합니까)?|되나요|돼\??$|돼요\??$|되요\??$")
NEGATED_Q = re.compile(r"\b(?:can't|cannot|couldn't|don't|doesn't|isn't|aren't|not)\b|안\s*돼|못\s*해|없어\??$", re.I)
HOW_MANY = re.compile(r"\bhow (?:many|much)\b|\bnumber of\b|몇|얼마|개수", re.I)
WHEN = re.compile(r"\bwhen\b|\bat what point\b|언제|시점|타이밍", re.I)

NO_EN = re.compile(r"\b(?:cannot|can't|can not|may not|must not|never|not allowed|is not possible)\b", re.I)
YES_EN = re.compile(r"\b(?:may|can)\b(?!\s+not)", re.I)
ONLY_EN = re.compile(r"\bonly\b", re.I)
COND_EN = re.compile(r"\b(?:if|unless|except|but|however|when|as long as)\b", re.I)
NO_KO = re.compile(r"수\s*없(?:습니다|으며|고|다)|안\s*됩니다|면\s*안\s*되|못합니다|못\s*합니다|불가능|할 수 없")
YES_KO = re.compile(r"수\s*있(?:습니다|으며|고|다)|해도\s*됩니다|어도\s*됩니다|아도\s*됩니다|가능합니다")
ONLY_KO = re.compile(r"[0-9]+\s*\S{0,3}만\b|만\s*(?:사용|가져|놓|할)|\S+만\s")
COND_KO = re.compile(r"(?:으|하|다|라|이|되|없|있|않|오)면\b|경우|단,|다만|제외|않는 한|대신")

LABELS = {"yes": {"en": "Yes", "ko": "예"}, "no": {"en": "No", "ko": "아니요"}}
MOMENT = re.compile(r"\b(?:immediately|at the (?:end|start|beginning)|during|after|before|each time|whenever|until|"
                    r"next turn|same turn)\b|즉시|곧바로|끝날 때|끝나면|시작할 때|동안|마다|이후|직후|다음 차례|부터", re.I)


def question_kind(question: Question) -> str | None:
    """'how_many', 'when', 'yes_no' or None (a wh- question the short answer does not take)."""
    q, lang = question.text, question.lang
    if HOW_MANY.search(q):
        return "how_many"
    if WHEN.search(q):
        return "when"
    if lang == "en":
        return "yes_no" if AUX_EN.match(q) or re.search(r",\s*(?:can|may|do|does|is)\s+\w+\s*\?", q, re.I) else None
    return None if WH_KO.search(q) else "yes_no"


def _is_permission(question: str, lang: str) -> bool:
    return bool((PERMISSION_EN if lang == "en" else PERMISSION_KO).search(question.strip()))


def polarity(sentence: str, question: Question) -> str | None:
    """'yes' / 'no' for a permission question that the sentence plainly decides, else None."""
    lang = question.lang
    if not _is_permission(question.text, lang) or NEGATED_Q.search(question.text):
        return None
    no, yes, only, cond = (NO_EN, YES_EN, ONLY_EN, COND_EN) if lang == "en" else (NO_KO, YES_KO, ONLY_KO, COND_KO)
    says_no, says_yes = bool(no.search(sentence)), bool(yes.search(sentence))
    if lang == "en" and not says_no and _negates_asked(sentence, question.text):
        # "you may only choose a Pure or Tainted die, not a Forbidden die": the "not" is about what was asked
        return "no"
    if says_no == says_yes or cond.search(sentence):
        return None
    if says_no:
        return "no"
    if only.search(sentence):
        # "only 1 a turn": No to a question that asks for more than the sentence allows, else undecided
        allowed = [n.value for n in read_numbers(sentence)]
        asked = [n.value for n in question.numbers]
        return "no" if allowed and asked and max(asked) > max(allowed) else None
    return "yes"


STOP_EN = {"that", "this", "with", "have", "from", "your", "they", "them", "what", "when", "will", "does",
           "take", "turn", "game", "player", "players", "there", "their", "than", "then", "into", "onto", "also"}


def _negates_asked(sentence: str, question: str) -> bool:
    """A "not"/"no" in the sentence whose next few words name something the question asks about."""
    asked = {w for w in re.findall(r"[a-z]{4,}", question.lower()) if w not in STOP_EN}
    for m in re.finditer(r"\b(?:not|no)\b((?:\s+[a-z]+){1,3})", sentence.lower()):
        if asked & set(m.group(1).split()):
            return True
    return False


def _row_line(text: str, question: Question) -> str | None:
    """'Balance −3 ~ −5 → Victory Points −1': the table's header read against the covering row."""
    row = tables.row_for(text or "", question.numbers)
    if row is None:
        return None
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    header = [c.strip() for c in lines[0].split("|")]
    cells = [c.strip() for c in row.split("|")]
    if len(header) != len(cells):
        return " · ".join(cells)
    pairs = [f"{h} {c}".strip() for h, c in zip(header, cells)]
    return f"{pairs[0]} → {', '.join(pairs[1:])}"


def from_example(example: dict | None) -> dict | None:
    """The verified result of an example built from the question's own numbers: its last check, which
    states the number the question asked for, in both languages."""
    if not example or not example.get("verified") or not example.get("from_question"):
        return None
    checks = example.get("checks") or []
    if checks and all(c.get("ok") for c in checks):
        last = checks[-1]
        return {"en": last.get("description"), "ko": last.get("description_ko") or None}
    return None


def _line(basis: str, rule_id: str, text: dict, verdict: str | None = None) -> dict:
    """One short answer: the proving text by language (rulebook text as printed, or the engine's
    verified result), the yes/no verdict's label in both languages where there is one."""
    return {"basis": basis, "rule_id": rule_id, "verdict": verdict,
            "label": dict(LABELS[verdict]) if verdict else None,
            "text": {k: v for k, v in text.items() if v}}


def short_answer(question: Question, answer: dict, example: dict | None, confident: bool) -> dict | None:
    """{"basis": "example" | "table" | "key_sentence", "rule_id", "verdict", "label", "text": {lang: …}}
    or None.

    `answer` is the assistant's answer view (its text and key sentence in `answer["lang"]`, the other
    edition in `answer["other"]`); `confident`: the answer selection's own confidence that the answer
    is this rule — a key sentence is only a short answer when it is."""
    lang = question.lang
    kind = question_kind(question)
    if kind is None:
        return None
    rule_id = answer["rule_id"]
    text_lang = answer.get("lang") or lang
    texts = {text_lang: answer.get("text") or "", (answer.get("other") or {}).get("lang") or "":
             (answer.get("other") or {}).get("text") or ""}
    if kind == "how_many" and question.numbers:
        # a situation with the question's own numbers ("balance -7: how many VP?"): the engine's result
        result = from_example(example)
        if result:
            return _line("example", (example.get("rule_ids") or [rule_id])[0], result)
    if kind in ("how_many", "yes_no"):
        rows = {k: _row_line(v, question) for k, v in texts.items() if k in ("ko", "en")}
        if rows.get(text_lang):
            return _line("table", rule_id, rows)
    key = (answer.get("key_sentence") or "").strip()
    if not key or not confident or tables.is_table(key) or text_lang != lang:
        return None
    if kind == "yes_no":
        verdict = polarity(key, question)
        if not verdict:
            return None
        line = _line("key_sentence", rule_id, {lang: key}, verdict)
        # a plain Yes/No over a rule that other rules or cards override says so, naming them
        line["unless"] = [e["rule_id"] for e in answer.get("exceptions") or []]
        return line
    if kind == "how_many":
        asked = {n.value for n in question.numbers}
        given = [n.value for n in read_numbers(key) if n.value not in asked]
        return _line("key_sentence", rule_id, {lang: key}) if len(set(given)) == 1 else None
    return _line("key_sentence", rule_id, {lang: key}) if MOMENT.search(key) else None
