"""The short answer: one line on top of the page that settles the case asked — a yes/no verdict, who is
right in a dispute, the number for the question's own numbers, the moment of play — built only from what
the page itself proves, and always shown with the rule it comes from:
  - a ruling (kb/models.py `Ruling`: Arbiter's reading of one deciding sentence) that app/core/settle.py
    found to fit the question clearly: its verdict or value for the question's numbers (with the
    calculation and every rule it used), or its moment, with the sentence it rests on;
  - the example the engine built from the question's own numbers and just played: the number of the check
    that answers what the question asks (`from_engine`), with the calculation its checks narrate, or — for a
    dispute whose position claims a number ("친구가 각자 7점씩 받는대") — whether that number is the engine's;
  - the table row that covers the question's number;
  - the key sentence of the rule, for the narrow cases below.
Where nothing on the page proves a short answer there is none: a wrong "Yes" on top is worse than no line
at all.

A yes/no verdict or a dispute's comes from a ruling or from the engine's play of the case, never from a sentence's
"can" or "cannot" alone, which is not the case asked ("can be used from the next turn on" does not say Yes to "can I
use it this turn?"); where a ruling and the engine's play of the same case disagree, neither is shown. Without a ruling,
a how-many question gets the engine's number for what it asks, its checked result or the table row for its
one number, and a when question the rule's key sentence where it names a moment.
"""
from __future__ import annotations

import re
from collections import Counter

from engine.asked import Claim
from engine.korean import josa
from engine.numbers import read_numbers

from . import tables
from .present import amount_text
from .question import Question
from .negation import asks_negated, negated as is_negated
from .settle import (BACK_REFERENCE, HOW_MANY, Settled, asking_sentences, asks_several, asks_total, claim_right, dispute,
                     position_words, question_kind, statement)

# a number asked of two things added up ("묘실 점수랑 장식 카드 합치면", "those two together"); "총 몇 명" is one total
ADDS_UP = re.compile(r"합쳐|합치면|합하면|합해서|합친|합계|총합|\btogether\b|\bcombined\b|\badd(?:ed)? up\b", re.I)
# the English ordinals engine.numbers does not read ("I'm third in turn order"); "first" is mostly an idiom ("for the
# first time", "on my first turn")
ORDINALS_EN = {w: i for i, w in enumerate("second third fourth fifth sixth seventh eighth ninth tenth".split(), start=2)}
ORDINAL_EN = re.compile(r"\b(?:" + "|".join(ORDINALS_EN) + r")\b", re.I)
ONE_GROUP = re.compile(r"\s?(?:덩어리|(?:connected |single )?group\b)", re.I)
GROUP_BEFORE = re.compile(r"덩어리\s?$")          # "6개짜리 덩어리 하나": the one counts the group
LABELS = {"yes": {"en": "Yes", "ko": "예"}, "no": {"en": "No", "ko": "아니요"}}


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


def from_engine(question: Question, example: dict | None, vocabulary) -> dict | None:
    """What the engine's play of the question's own case says to a how-many or a yes/no question: the example
    built from the question (engine/<game>/examples.py), all of whose checks held, has a check that answers
    what the question asks (engine/asked.py `Ask`: "몇 점 잃어" is VP lost, not the VP left; "거기 지을 수
    있어?" whether the Building goes up). None where the example leaves part of the case out — a number the
    question writes that neither the scene it set up (its title) nor its checks show ("and a lone stone
    apart", "3 unused blue cards"), a thing it names that the example does not show — or where the question
    asks more than the checks answer."""
    kind = question_kind(question)
    if kind not in ("how_many", "yes_no", "dispute") or vocabulary is None or not example or not example.get("verified") \
            or not example.get("from_question"):
        return None
    checks = example.get("checks") or []
    if not checks or not all(c.get("ok") for c in checks):
        return None
    missing = example.get("missing") or {}
    if missing.get("numbers") or missing.get("things"):
        return None
    if kind == "dispute":
        return _engine_dispute(question, example, vocabulary)
    asking = " ".join(asking_sentences(question.text, question.lang))
    wanted = vocabulary.asked_for(asking)
    if not wanted:
        return None
    totals = [tag for c in checks for tag in c.get("answers") or () if tag.get("sum")]
    if (ADDS_UP.search(question.text) or BACK_REFERENCE.search(question.text)) and not totals:
        return None         # two things added up: a check answers one of them, unless it states their total
    if kind == "yes_no":
        return _engine_verdict(question, example, wanted, asking)
    # a one-sentence question is its own asking words: read once, as the question was (Question.asked)
    read = question.asked(vocabulary) if asking == question.text else vocabulary.read(asking, question.lang)
    named = [t.key for t in [*vocabulary.owners_in(asking), *read.things]]
    answering: list[tuple[str, int, dict]] = []
    for key in wanted:
        found = [(i, tag) for i, c in enumerate(checks) for tag in c.get("answers") or ()
                 if tag["asks"] == key and "amount" in tag]
        if any(tag.get("of") for _, tag in found):       # one per player or colour: those the question asks of
            found = sorted(((i, tag) for i, tag in found if tag.get("of") in named), key=lambda f: named.index(f[1]["of"]))
        if not found or (len(found) > 1 and not all(tag.get("of") for _, tag in found)):
            return None
        answering += [(key, i, tag) for i, tag in found]
    if len(answering) < len(HOW_MANY.findall(asking)):
        return None         # it asks more than the checks answer
    if not _plays_every_number(question, example, [tag["amount"] for _, _, tag in answering]):
        return None
    last = max(i for _, i, _ in answering)
    used = {i for _, i, _ in answering}
    # the steps up to the last answer, less another player's own number ("black: 12" where white was asked)
    steps = [c for i, c in enumerate(checks[:last + 1])
             if i in used or not (c.get("answers") and all(t.get("of") for t in c["answers"]))]
    calc = _narrated(steps)
    items = []
    for key, _, tag in answering:
        thing = next((t for t in [*vocabulary.things, *vocabulary.owners] if t.key == tag["of"]), None) \
            if tag.get("of") else None
        items.append({"amount": tag["amount"], "unit": dict(vocabulary.ask(key).unit),
                      **({"of": dict(thing.label)} if thing is not None else {})})
    value = items[0] if len(items) == 1 else {"items": items}
    rules = list(example.get("rule_ids") or [])
    line = _line("example", rules[0], calc, kind="how_many")
    line.update(value=value, calculation=calc, rules=rules)
    return line


def _engine_verdict(question: Question, example: dict, wanted: list[str], asking: str) -> dict | None:
    """Yes or No to "can I …?" from the engine: the one check that decides what the question asks — the move
    played and allowed, or refused by the rule the check names. A question asked in the negative ("못 하죠?")
    is left to the rulings (which know how its literal answer reads)."""
    if len(wanted) != 1 or asks_negated(asking, question.lang):
        return None
    checks = example["checks"]
    found = [(c, tag) for c in checks for tag in c.get("answers") or () if tag["asks"] == wanted[0] and "verdict" in tag]
    if len(found) != 1 or not _plays_every_number(question, example, []):
        return None
    check, tag = found[0]
    text = _check_text(check)
    rules = list(example.get("rule_ids") or [])
    refusing = check.get("expected") if isinstance(check.get("expected"), str) and "/" in check["expected"] else None
    line = _line("example", refusing or rules[0], text, kind="yes_no")
    line.update(verdict=tag["verdict"], label=dict(LABELS[tag["verdict"]]),
                rules=list(dict.fromkeys([*([refusing] if refusing else []), *rules])))
    return line


def _engine_dispute(question: Question, example: dict, vocabulary) -> dict | None:
    """Who is right where a position claims a number ("친구가 각자 7점씩 받는대", "she says it costs 8 culture; I
    say just 2"): the number the engine's play of the same case answers for what the position claims
    (engine/asked.py `Claim`), against the claim. None where a position claims what no check answers, claims
    two numbers for one thing, the example was set up from the claimed number itself (its title shows the
    number the question writes only as the claim), or the two positions would both be right."""
    reported = dispute(question)
    if reported is None or ADDS_UP.search(question.text) or BACK_REFERENCE.search(question.text):
        return None
    checks = example["checks"]
    tags = {}
    for i, c in enumerate(checks):
        for tag in c.get("answers") or ():
            if "amount" in tag and not tag.get("of"):
                tags.setdefault(tag["asks"], []).append((i, tag))
    title = (example.get("title") or {}).get(question.lang) or (example.get("title") or {}).get("en") or ""
    titled = Counter(abs(n.value) for n in read_numbers(title))
    positions = [(position_words(reported, question.lang), reported.negated)]
    if reported.second:
        positions.append((statement(reported.second, question.lang), None))
    verdicts, claimed_all, reasoned, first = [], [], [], None
    for words, negated in positions:
        claims = [c for c in vocabulary.claims_in(words) if not _conditional(words, c)]
        reasons = _reasons(words, claims)      # "2 each, so 8": the 2 is the reasoning, the 8 what is claimed
        claims = [c for c in claims if c not in reasons]
        if negated is None and not claims and first is not None and len(first) == 1:
            # "I say 4 points; my friend says rounding up makes it 5": the second position's one number, where
            # it writes no unit, is its claim for what the first claims
            bare = [Claim(first[0].ask, n.value, n.start, n.end) for n in read_numbers(words)]
            reasons = _reasons(words, bare)
            bare = [c for c in bare if c not in reasons]
            if len(bare) == 1:
                claims = bare
        claimed_spans = [(c.start, c.end) for c in [*claims, *reasons]]
        if any(not titled[abs(n.value)] and not any(a <= n.start and n.end <= b for a, b in claimed_spans)
               for n in read_numbers(words)):
            return None         # a number the position writes that is neither the scene's nor a claim ("and the
                                # second one 3"): it claims more than one case
        answered = [c for c in claims if c.ask in tags]
        for c in claims:
            if c.ask not in tags and not titled[abs(c.value)]:
                return None     # a number claimed for what the example does not answer
        if not answered:
            verdicts.append(None)
            continue
        if len({c.ask for c in answered}) != len(answered) or any(len(tags[c.ask]) != 1 for c in answered):
            return None         # two numbers for one thing, or a thing answered twice: which is the claim's
        if negated is None:     # the second position, its negation read as the first's is
            negated = is_negated(words, question.lang, statement=True)
        rights = [claim_right(c.value, tags[c.ask][0][1]["amount"], negated) for c in answered]
        if any(r is None for r in rights):
            return None
        verdicts.append(all(rights))
        claimed_all += [c.value for c in answered]
        reasoned += [c.value for c in reasons]
        if first is None:
            first = answered
    if verdicts[0] is None or first is None or (len(verdicts) > 1 and verdicts[0] and verdicts[1]):
        return None
    # the scene must be the question's own, not set up from the claim ("the third player starts with 4 stones")
    rest = Counter(abs(n.value) for n in question.numbers)
    rest.subtract(Counter(abs(v) for v in claimed_all))
    if any(titled[abs(v)] and rest[abs(v)] <= 0 for v in claimed_all):
        return None
    if not _plays_every_number(question, example, [], claimed=claimed_all + reasoned):
        return None
    right = verdicts[0]
    claim = first[0]
    index, tag = tags[claim.ask][0]
    steps = [c for c in checks[:index + 1] if not (c.get("answers") and all(t.get("of") for t in c["answers"]))]
    calc = _narrated(steps)
    text = _check_text(checks[index])
    rules = list(example.get("rule_ids") or [])
    line = _line("example", rules[0], text, kind="dispute")
    line.update(verdict="yes" if right else "no", label=dispute_label(reported.who, right),
                value={"amount": tag["amount"], "unit": dict(vocabulary.ask(claim.ask).unit)},
                claimed=claim.value, calculation=calc, rules=rules)
    if reported.negated:
        line["claimed_not"] = True
    return line


# a conclusion drawn from a number before it ("하나당 2점이라 8점", "2 each, so 8")
_SO = re.compile(r"\bso\b|\bthus\b|\bmaking\b|\bwhich (?:is|makes)\b|이라서?|라서|니까|이니|므로|해서|[=→]", re.I)


def _reasons(words: str, claims: list) -> list:
    """The claims a position reasons from: of two claims for one ask, the first where the words between them
    draw the second from it."""
    out = []
    for a, b in zip(claims, claims[1:]):
        if a.ask == b.ask and _SO.search(words[a.end:b.start]):
            out.append(a)
    return out


# a number in a condition ("균형값 +7이면", "if my balance is +7") sets the scene the position speaks of; it is not
# what the position claims
_IF_AFTER_KO = re.compile(r"\s?(?:이면|면|이라면|라면|일\s?때|일\s?경우|인\s?경우|이어도|여도)")
_IF_BEFORE_EN = re.compile(r"\b(?:if|when|whenever|once|with)\b(?:\W+\w+){0,4}\W*$", re.I)


def _conditional(words: str, claim) -> bool:
    return bool(_IF_AFTER_KO.match(words, claim.end) or _IF_BEFORE_EN.search(words[:claim.start]))


def _plays_every_number(question: Question, example: dict, answered: list[int], claimed=()) -> bool:
    """Whether each number the question writes ("third in turn order" too) is in the scene the example set up
    (its title) or among the values its checks held — the numbers it answers with aside: a question does not
    write its own answer, so a number only the answer matches is one the example left out ("4인으로 시작했는데
    한 명이 포기했어": the 1 is no slot of the row). The checks' wording is no witness: it names the rule's own
    numbers ("3 per action, at most 5")."""
    title = example.get("title") or {}
    title = title.get(question.lang) or title.get("en") or ""
    shown = Counter(abs(n.value) for n in read_numbers(title))
    if question.lang == "en":
        shown.update(ORDINALS_EN[m.group(0).lower()] for m in ORDINAL_EN.finditer(title))
    checked = Counter(abs(c["expected"]) for c in example.get("checks") or []
                      if isinstance(c.get("expected"), int) and not isinstance(c.get("expected"), bool))
    # the amounts the checks answer with are checked values too ("I'd only get 1": the 1 stone taken, where the
    # check reads the sled's 5 after)
    checked.update(abs(tag["amount"]) for c in example.get("checks") or [] for tag in c.get("answers") or ()
                   if isinstance(tag.get("amount"), int) and tag.get("amount") != c.get("expected"))
    checked.subtract(Counter(abs(a) for a in answered))
    # "7개가 한 덩어리로", "one connected group of 7", "덩어리 하나": the one counts groups, it sets nothing the scene must show
    # "those two", "이 두 개로": a count of what the question listed, no number of the case
    pointing = [(m.start(), m.end()) for m in BACK_REFERENCE.finditer(question.text)]
    wanted = Counter(abs(n.value) for n in question.numbers
                     if not (n.value == 1 and (ONE_GROUP.match(question.text, n.end) or GROUP_BEFORE.search(question.text, 0, n.start))
                             and not n.text[:1].isdigit())
                     and not any(a <= n.start < b for a, b in pointing))
    if question.lang == "en":
        wanted.update(ORDINALS_EN[m.group(0).lower()] for m in ORDINAL_EN.finditer(question.text))
    wanted.subtract(Counter(abs(v) for v in claimed))     # a dispute's claims are the positions' own numbers
    return all(max(shown[v], checked[v]) >= n for v, n in wanted.items())


def _check_text(check: dict) -> dict:
    """A check's words by language (its English where it has no Korean)."""
    return {"en": check.get("description") or "", "ko": check.get("description_ko") or check.get("description") or ""}


def _narrated(steps: list[dict]) -> dict:
    """The checks' words joined as the calculation's steps, by language."""
    return {lang: "; ".join(d for c in steps if (d := (c.get("description_ko") if lang == "ko" else None)
                                                 or c.get("description"))) for lang in ("ko", "en")}


def _disagree(line: dict, engine_line: dict) -> bool:
    """Whether a ruling's line and the engine's settle one case differently: another number, another verdict."""
    if line.get("kind") != engine_line.get("kind"):
        return False
    if line.get("kind") == "how_many":
        a, b = line.get("value") or {}, engine_line.get("value") or {}
        return a.get("amount") is not None and b.get("amount") is not None and abs(a["amount"]) != abs(b["amount"])
    return line.get("verdict") != engine_line.get("verdict")


def _line(basis: str, rule_id: str, text: dict, kind: str) -> dict:
    """One short answer without a ruling: the proving text by language (rulebook text as printed, or the
    engine's verified result)."""
    return {"basis": basis, "kind": kind, "rule_id": rule_id, "verdict": None, "label": None, "value": None,
            "phase": None, "calculation": None, "claim": None, "claim_holds": None,
            "text": {k: v for k, v in text.items() if v},
            "rules": [rule_id], "unless": [], "when": None}


def short_answer(question: Question, answer: dict, example: dict | None,
                 settled: Settled | None = None, kb=None, vocabulary=None) -> dict | None:
    """{"basis": "ruling" | "example" | "table", "rule_id", "verdict", "label", "text": {lang: …}} or None.

    `answer` is the assistant's answer view (its text in `answer["lang"]`, the other edition in
    `answer["other"]`). A moment is answered by a ruling only: the rule's sentence that names some moment
    (its key sentence) answered "when" questions right 7 times and wrongly 4 on the judged questions of session
    17 ("…신전 점수는 언제 받아?" got "각 칸 꼭대기에 있는 석재마다 1점씩입니다."), below the 8 : 1 a line must keep."""
    engine_line = from_engine(question, example, vocabulary)
    if settled is not None:
        line = ruled(settled, kb)
        # the engine's play of the question's own case says otherwise: one of the two misread the case, and no
        # line is better than a wrong one (a ruling read "after the pyramid is complete, 1 point each" into an
        # empty pyramid)
        return None if engine_line is not None and _disagree(line, engine_line) else line
    lang = question.lang
    kind = question_kind(question)
    if engine_line is not None:
        return engine_line
    if kind != "how_many":
        return None         # a verdict or a moment comes from a ruling or the engine's play only: a sentence's
                            # "can" is not the case
    rule_id = answer["rule_id"]
    text_lang = answer.get("lang") or lang
    texts = {text_lang: answer.get("text") or "", (answer.get("other") or {}).get("lang") or "":
             (answer.get("other") or {}).get("text") or ""}
    if kind == "how_many":
        if asks_several(question) or len(question.numbers) != 1 or asks_total(question.text):
            return None     # one number answers one question about one number of the player's (not a total of
                            # two things: "the Statue count plus D18 together")
        # a situation with the question's own number ("balance -7: how many VP?"): the engine's result,
        # where the example plays the answer's own rule — an example of another rule counts another thing
        # ("4 players: how many Cult cards?" is not answered by a 4-player building cost)
        result = from_example(example)
        if result and rule_id in (example.get("rule_ids") or ()):
            return _line("example", (example.get("rule_ids") or [rule_id])[0], result, kind=kind)
        rows = {k: _row_line(v, question) for k, v in texts.items() if k in ("ko", "en")}
        if rows.get(text_lang):
            return _line("table", rule_id, rows, kind=kind)
    return None


# -- a ruling's answer --------------------------------------------------------------------------------------
FIRST_PERSON_EN = {"i", "we"}
FIRST_PERSON_KO = {"나", "내", "난", "제", "저", "우리"}


def ruled(settled: Settled, kb) -> dict:
    """The short answer from a ruling that settles the case: the verdict (a dispute's: whether the position
    reported is right) or the value for the player's numbers or the moment, the sentence it rests on (by
    language, with its origin), Arbiter's reading (the claim) and every rule it used."""
    if settled.several:
        return _several(settled, kb)
    if settled.parts:
        return _summed(settled, kb)
    ruling = settled.ruling
    rule = kb.entry(ruling.rule)
    quote = {lang: q for lang in ("ko", "en") if (q := ruling.quote.get(lang))}
    origin = {lang: rule.origin.get(lang) for lang in quote} if rule is not None else {}
    out = {"basis": "ruling", "kind": settled.kind, "rule_id": ruling.rule, "ruling_id": ruling.id,
           "verdict": settled.verdict, "label": None, "value": None, "phase": None, "calculation": None,
           "claim": {"ko": ruling.claim.ko, "en": ruling.claim.en},
           "claim_holds": None if ruling.verdict is None else ruling.verdict == "yes",
           "text": quote, "text_origin": origin,
           "rules": [ruling.rule], "unless": list(ruling.unless), "when": None}
    if settled.kind == "yes_no":
        literal_yes = settled.literal if settled.literal is not None else settled.verdict == "yes"
        out["label"] = {"ko": LABELS["yes" if literal_yes else "no"]["ko"], "en": LABELS[settled.verdict]["en"]}
    elif settled.kind == "dispute":
        out["label"] = dispute_label(settled.dispute.who if settled.dispute else None, settled.verdict == "yes")
    if settled.computed is not None:
        out["value"], out["calculation"], used = _value(settled, kb)
        out["rules"] += [r for r in used if r not in out["rules"]]
        if settled.kind == "dispute":
            out["claimed"] = settled.claimed
            if settled.dispute is not None and settled.dispute.negated:
                out["claimed_not"] = True      # the position denies that number ("2개 안 버려도 된대")
    if ruling.phase is not None:
        out["phase"] = {"ko": ruling.phase.ko, "en": ruling.phase.en}
    if ruling.when and settled.values:
        out["when"] = {name: settled.values[name] for name in ruling.when if name in settled.values}
    return out


def _several(settled: Settled, kb) -> dict:
    """Several numbers asked at once, each settled by its own reading: each number with its reading's claim and
    calculation, in the order asked; the sentences they rest on, each quoted; every rule used."""
    parts = [ruled(part, kb) for part in settled.parts]
    first = parts[0]
    calc = {}
    for lang in ("ko", "en"):
        calc[lang] = "; ".join(f"{p['claim'][lang]}: {(p['calculation'] or {}).get(lang) or amount_text(p['value'], lang)}"
                               for p in parts)
    langs = [lang for lang in ("ko", "en") if all(p["text"].get(lang) for p in parts)]
    return {**first, "ruling_id": None,
            "value": {"items": [{"amount": p["value"]["amount"], "unit": p["value"]["unit"]} for p in parts]},
            "calculation": calc,
            "claim": {lang: "; ".join(p["claim"][lang] for p in parts) for lang in ("ko", "en")},
            "text": {lang: first["text"][lang] for lang in langs},
            "quotes": [{lang: p["text"][lang] for lang in langs} for p in parts],
            "text_origin": {lang: next((o for o in ("translation", "description")
                                        if any((p.get("text_origin") or {}).get(lang) == o for p in parts)), "official")
                            for lang in langs},
            "rules": list(dict.fromkeys(r for p in parts for r in p["rules"])),
            "unless": list(dict.fromkeys(r for p in parts for r in p["unless"])),
            "parts": [p["ruling_id"] for p in parts]}


def _summed(settled: Settled, kb) -> dict:
    """A total asked of two things, from two readings added up: each part's answer for the player's numbers
    (its calculation, or its amount), then the sum; the sentences both rest on, each quoted; every rule used."""
    parts = [ruled(part, kb) for part in settled.parts]
    first = parts[0]
    unit = first["value"]["unit"]
    total = settled.computed.amount
    calc = {}
    for lang in ("ko", "en"):
        steps = [(p["calculation"] or {}).get(lang) or amount_text(p["value"], lang) for p in parts]
        sums = " + ".join(_number(p["value"]["amount"]) for p in parts)
        calc[lang] = f"{'; '.join(steps)}; {sums} = {amount_text({'amount': total, 'unit': unit}, lang)}"
    langs = [lang for lang in ("ko", "en") if all(p["text"].get(lang) for p in parts)]
    rules = list(dict.fromkeys(r for p in parts for r in p["rules"]))
    return {**first, "ruling_id": None, "value": {"amount": total, "unit": unit}, "calculation": calc,
            "claim": {lang: " + ".join(p["claim"][lang] for p in parts) for lang in ("ko", "en")},
            "text": {lang: first["text"][lang] for lang in langs},
            "quotes": [{lang: p["text"][lang] for lang in langs} for p in parts],
            "text_origin": {lang: next((o for o in ("translation", "description")
                                        if any((p.get("text_origin") or {}).get(lang) == o for p in parts)), "official")
                            for lang in langs},
            "rules": rules, "unless": list(dict.fromkeys(r for p in parts for r in p["unless"])),
            "parts": [p["ruling_id"] for p in parts]}


def dispute_label(who: str | None, right: bool) -> dict:
    """"Your friend is right" / "친구 말이 맞습니다": who held the position, and whether it stands."""
    if who is None:
        return {"en": "That's right" if right else "That's wrong",
                "ko": "그 말이 맞습니다" if right else "그 말은 틀렸습니다"}
    low = who.strip().lower()
    if re.fullmatch(r"[가-힣A-Za-z]+", who.strip()) and re.search(r"[가-힣]", who):
        if who.strip() in FIRST_PERSON_KO:
            ko = "맞습니다" if right else "틀렸습니다"
        else:
            ko = f"{who.strip()} 말이 맞습니다" if right else f"{josa(who.strip() + ' 말', '은/는')} 틀렸습니다"
        return {"ko": ko, "en": "They're right" if right else "They're wrong"}
    if low in FIRST_PERSON_EN:
        en = "You're right" if right else "You're wrong"
    elif low.startswith(("my ", "our ")):
        en = f"Your {who.split(' ', 1)[1]} is {'right' if right else 'wrong'}"
    elif low in ("he", "she", "they"):
        en = f"{'They' if low == 'they' else low.capitalize()} {'are' if low == 'they' else 'is'} " \
             f"{'right' if right else 'wrong'}"
    else:
        en = f"{who} is {'right' if right else 'wrong'}"
    return {"en": en, "ko": "그 말이 맞습니다" if right else "그 말은 틀렸습니다"}


def values_text(at, lang: str) -> str:
    """A table row's values as a reader reads them: "2", "3, 4", "13 ~ 15", "-3 ~ -5", "21 or more" / "21 이상"."""
    if isinstance(at, list):
        return ", ".join(_number(x) for x in at)
    lo, hi = at.from_, at.to
    if lo is not None and hi is not None:
        # below zero a range reads from the end nearer zero, as the rulebooks print it ("-3 ~ -5")
        return f"{_number(hi)} ~ {_number(lo)}" if hi < 0 else f"{_number(lo)} ~ {_number(hi)}"
    if lo is not None:
        return f"{_number(lo)} 이상" if lang == "ko" else f"{_number(lo)} or more"
    return f"{_number(hi)} 이하" if lang == "ko" else f"{_number(hi)} or less"


def _number(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _value(settled: Settled, kb) -> tuple[dict, dict | None, list[str]]:
    """The value for the player's numbers ({"amount", "unit"} or {"items"}), the calculation as a reader
    reads it in each language, and the rules of the rulings it used."""
    ruling, computed = settled.ruling, settled.computed
    value = ruling.value
    if computed.items:
        return ({"items": [{"amount": i.amount, "unit": {"ko": i.unit.ko, "en": i.unit.en}} for i in computed.items]},
                None, [])
    unit = {"ko": value.unit.ko or value.unit.en, "en": value.unit.en or value.unit.ko} if value.unit else {"ko": "", "en": ""}
    if computed.rows:       # the question gave no number the table reads: the whole table
        label = ruling.params[value.by].label
        return ({"rows": [{"at": {lang: values_text(at, lang) for lang in ("ko", "en")}, "amount": amount}
                          for at, amount in computed.rows],
                 "by": {"ko": label.ko, "en": label.en}, "unit": unit}, None, [])
    if computed.per is not None:        # …nor the number a formula multiplies: the amount per one
        label = ruling.params[computed.per].label
        return {"amount": computed.amount, "unit": unit, "per": {"ko": label.ko, "en": label.en}}, None, []
    out = {"amount": computed.amount, "unit": unit}
    used = [step.ruling for step in computed.steps if step.ruling]
    rules = [kb.entry(r).rule for r in used if kb.entry(r) is not None]
    if not computed.steps:
        return out, None, rules
    names = {step.name: _number(step.value) for step in computed.steps}
    names["value"] = _number(computed.amount)
    calc = {}
    for lang in ("ko", "en"):
        if value.show is not None:
            try:
                calc[lang] = value.show.get(lang).format(**names)
                continue
            except (KeyError, IndexError, ValueError):
                pass
        params = {**ruling.params, **{n: p for r in used if (e := kb.entry(r)) is not None for n, p in e.params.items()}}
        parts = [f"{params[s.name].label.get(lang)} {_number(s.value)}" for s in computed.steps
                 if s.ruling is None and s.name in params]
        unit_text = unit[lang]
        result = (f"{_number(computed.amount)}{unit_text}" if lang == "ko" and re.fullmatch(r"[가-힣]", unit_text)
                  else f"{_number(computed.amount)} {unit_text}".strip())
        calc[lang] = f"{', '.join(parts)} → {result}"
    return out, calc, rules
