"""The Arbiter web app (Streamlit). `make run` serves it on $PORT (default 8501).

Pages: Ask, Browse, Cards, Edition differences, Glossary, Simulator. The URL carries the state a link
must keep: ?lang=, ?game=, ?page=, ?q=, ?rule=, ?card= — every link the app draws keeps lang and game.
The session keeps the question, the chosen game and the answers, so switching the interface language
re-draws the same answer.

User text is only ever shown with st.text (never rendered as Markdown or HTML); rulebook text is shown
through app.core.present, which escapes everything but the rulebook's own emphasis.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import streamlit as st

# One OpenMP thread per question embedding, as `arbiter serve` runs it: one page process answers every
# player's session at once, and on a busy machine a query's two threads wait at each barrier for the other
# to be scheduled (640-1,680 ms a query measured, against ~20 ms on one thread; README "The HTTP API").
os.environ.setdefault("OMP_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `streamlit run` starts from the script

from app.core.i18n import t  # noqa: E402
from app.core import present as P  # noqa: E402
from kb.corpus import GAME_IDS  # noqa: E402

PAGES = ("ask", "browse", "cards", "diffs", "glossary", "simulator")
LANGS = ("ko", "en")
MAX_QUESTION = 2000
MAX_CARDS = 60
HIGHLIGHT = "highlight"          # the container key of a deep-linked rule (CSS class st-key-highlight)

STYLE = """<style>
.st-key-highlight { background: #fff7d1; border-left: 6px solid #e0a800 !important; }
/* Streamlit's own English hints ("Press Enter to submit form") are not the interface's words */
[data-testid="InputInstructions"] { display: none !important; }
/* a phone: the title takes one line of the first screen, not a third of it, and starts below Streamlit's
   fixed header (3.75rem high), not under it */
@media (max-width: 640px) {
  .st-key-app-title h1 { font-size: 1.25rem !important; padding: 0.25rem 0 !important; line-height: 1.3 !important; }
  .stMainBlockContainer { padding-top: 4.25rem !important; }
}
/* a link-like button that opens a rule in Browse, in this tab and session */
.st-key-rulelinks button, [class*="st-key-open-"] button { padding: 0 0.25rem !important; min-height: 1.5rem !important; }
</style>"""


@st.cache_resource(show_spinner=False)
def assistant():
    import threading

    from app.core.assistant import Assistant

    core = Assistant.create()
    # the page's first question is not kept waiting for the warm-up: it runs beside it, and every later
    # question finds each game's engine and scenarios read (Assistant.warm)
    threading.Thread(target=core.warm, name="arbiter-warm", daemon=True).start()
    return core


def kb():
    return assistant().kb


def ss():
    return st.session_state


def game_name(game: str, lang: str) -> str:
    return P.game_name(kb(), game, lang)


def both_names(game: str, lang: str) -> str:
    """The game in the reader's language first, then the other (the rulebooks use both)."""
    first, second = game_name(game, lang), game_name(game, "en" if lang == "ko" else "ko")
    return first if first == second else f"{first} / {second}"


def link(lang: str, **params) -> str:
    return P.link(lang, ss().get("_game"), **params)


def open_rule(rule_id: str) -> None:
    """A rule opened in Browse, in this tab and session (a Markdown link would open a new tab, and with
    it a new session)."""
    ss()["_rule"] = rule_id
    ss()["page"] = "browse"


def rule_button(rule_id: str, label: str, key: str) -> None:
    """A link-like button that opens a rule in Browse; its label is the rule's title or "Open rule"."""
    st.button(label, key=f"open-{key}", type="tertiary", on_click=open_rule, args=(rule_id,))


def keyed(base: str, lang: str, default, valid=None) -> str:
    """The session key of a select box drawn in `lang`. A select box keeps showing its old option's
    words when only its labels change, so each interface language has its own box; a new one starts
    from the other language's choice (still in the session: it was drawn in the previous run)."""
    key = f"{base}@{lang}"
    state = ss()
    if key not in state or (valid is not None and state[key] not in valid):
        other = state.get(f"{base}@{'en' if lang == 'ko' else 'ko'}", default)
        state[key] = other if valid is None or other in valid else default
    return key


# -- rulebook text ------------------------------------------------------------------------------------
def show_text(text: str | None, table_kind: bool = False, mark: int | None = None) -> None:
    """Rulebook text: paragraphs as text (the rulebook's emphasis rendered), `a | b` rows as tables (the
    row `mark` of the first one highlighted: the row that answers the question)."""
    first = True
    for block in P.blocks(text, table_kind):
        if isinstance(block, P.Table):
            show_table(block, mark=mark if first else None)
            first = False
        elif block.strip():
            st.markdown(P.markdown(block))


ROW_MARK = "background-color: #fff2b3; font-weight: 600"


def show_table(table: P.Table, mark: int | None = None) -> None:
    width = len(table.header or table.rows[0]) if (table.header or table.rows) else 0
    columns = table.header if table.header and len(set(table.header)) == len(table.header) else None
    names = columns or [" " * (i + 1) for i in range(width)]
    rows = [{names[i]: P.markdown(cell) for i, cell in enumerate(row)} for row in table.rows]
    if columns is None and table.header:        # a header with repeated cells: shown as the first row
        rows.insert(0, {names[i]: P.markdown(c) for i, c in enumerate(table.header)})
    import pandas as pd

    frame = pd.DataFrame(rows, columns=names)
    if mark is not None:
        at = mark + (1 if columns is None and table.header else 0)
        frame = frame.style.apply(lambda row: [ROW_MARK if row.name == at else "" for _ in row], axis=1)
    st.table(frame, hide_index=True, hide_header=columns is None)


def origin_label(origin: str | None, lang: str) -> str:
    return t(origin, lang) if origin in ("official", "translation", "description") else ""


def text_heading(text_lang: str, origin: str | None, lang: str) -> str:
    return f"{t('lang_' + text_lang, lang)} · {origin_label(origin, lang)}"


def show_notes(missing: list[dict], errata: list[dict], lang: str) -> None:
    """What the rulebook does not print (for players), and its printing slips as printed → correct."""
    lines = P.missing_lines(missing, lang)
    if lines:
        st.caption(f"**{t('not_in_text', lang)}**")
        for line in lines:
            st.caption(f"· {P.markdown(line)}")
    for erratum in errata:
        st.caption(f"{t('errata', lang)}: {P.markdown(P.erratum_line(erratum, lang))}")


# -- Ask -------------------------------------------------------------------------------------------
def choose_game(game: str, question: str) -> None:
    """An alternative's button: that game's answer, remembered for the session and in the URL."""
    ss()["_game"] = game
    for lang in LANGS:
        ss()[f"ask_game@{lang}"] = game
    ss()["_asked"] = {"q": question, "game": game}


def page_ask(lang: str) -> None:
    from kb.search.searcher import QueryError, validate_query

    state = ss()
    games = ["auto", *GAME_IDS]
    state.setdefault("ask_q", state.get("_question", ""))
    game_key = keyed("ask_game", lang, state.get("_game") if state.get("_game") in games else "auto", games)
    with st.form("ask"):      # a one-line box: Enter asks (a text area would take it as a new line)
        st.text_input(t("question", lang), key="ask_q")
        st.selectbox(t("game", lang), games, key=game_key,
                     format_func=lambda g: t("auto", lang) if g == "auto" else game_name(g, lang))
        submitted = st.form_submit_button(t("submit", lang))
    if submitted:
        state["_question"] = state["ask_q"]
        state["_game"] = state[game_key]
        state["_asked"] = {"q": state["ask_q"], "game": state[game_key]}
        asked_in = question_lang(state["ask_q"])
        if asked_in and asked_in != lang and not state.get("_lang_chosen"):
            # the page follows the reader: asked in the other language, it answers in that one
            state["_lang_next"] = asked_in
            st.rerun()
    asked = state.get("_asked")
    if not asked:
        return
    question, game = asked["q"], asked["game"]
    try:
        if len(question) > MAX_QUESTION:
            raise QueryError(f"the question is too long ({len(question):,} characters; the limit is {MAX_QUESTION:,})")
        validate_query(question)
    except QueryError as exc:
        st.error(P.error_text(str(exc), lang))
        return
    st.caption(t("you_asked", lang))
    st.text(question)
    answers = state.setdefault("_answers", {})
    key = (question, game)
    if key not in answers:
        with st.spinner(t("searching", lang)):
            try:
                answers[key] = assistant().answer(question, None if game == "auto" else game)
            except QueryError as exc:
                st.error(P.error_text(str(exc), lang))
                return
    render_answer(answers[key], lang)


NOTICE_STYLE = {"out_of_scope": "warning", "unknown_id": "warning", "number": "warning", "guessed": "info",
                "no_engine": "info", "no_example": "info", "example_failed": "warning"}


def render_answer(result: dict, lang: str) -> None:
    view = P.answer_view(kb(), result, lang)
    for notice in view["notices"]:
        getattr(st, NOTICE_STYLE.get(notice.get("kind"), "info"))(P.markdown(notice["text"]))
    if view["alternatives"]:
        st.markdown(t("choose_game", lang))
        for alt in view["alternatives"]:
            st.button(alt["label"], key=f"alt-{alt['game']}", on_click=choose_game, args=(alt["game"], result["question"]))
    a, raw = view["answer"], result["answer"]
    if a is None:
        if not view["notices"]:
            st.warning(t("no_answer", lang))
        return
    st.markdown(f"**{t('answer_game', lang)}:** {P.markdown(both_names(a['game'], lang))}")
    if a["short"]:            # the answer first, in one line, with what proves it
        short = a["short"]
        with st.container(border=True, key="short-answer"):
            st.markdown(f"**{t('short_answer', lang)}:** {P.markdown(short['line'])}")
            if short["table"] is not None:      # a table read whole, drawn as a table
                show_table(short["table"])
            if short["other"]:      # the sentence in the other language: its own labelled line
                st.markdown(f"{P.markdown(short['other']['label'])}  \n{P.markdown(short['other']['text'])}")
            if short["basis_label"]:    # Arbiter's reading, labelled as such, in small text
                st.caption(f"**{P.markdown(short['basis_label'])}:** {P.markdown(short['basis_rest'])}")
            else:
                st.caption(P.markdown(short["basis_rest"]))
    st.subheader(a["title"])
    st.caption(P.markdown(a["path"]))
    rule_button(a["rule_id"], t("open_rule", lang), f"answer-{a['rule_id']}")
    if a["edition_diff"]:
        st.warning(f"**{t('edition_diff', lang)}:** {P.markdown(a['edition_diff'])}")
    show_key(raw["key_sentence"], raw["text"], lang, a["table_kind"], a["key"], a["key_lang"])
    left, right = st.columns(2)
    with left:
        st.markdown(f"**{text_heading(raw['lang'], raw['origin'], lang)}**")
        show_text(raw["text"], a["table_kind"], mark=a["key_row"])
    with right:
        other = raw["other"]
        if other["text"]:
            st.markdown(f"**{text_heading(other['lang'], other['origin'], lang)}**")
            show_text(other["text"], a["table_kind"])
    show_notes(raw.get("missing") or [], raw.get("errata") or [], lang)
    if a["card"]:
        show_card_data(a["card"], lang)
    for heading, entries, where in ((t("worked_example", lang), [a["worked_example"]] if a["worked_example"] else [],
                                     "worked"),
                                    (t("exceptions", lang), a["exceptions"], "exceptions"),
                                    (a["details_heading"], a["details"], "details"),
                                    (t("also_relevant", lang), a["also"], "also")):
        if entries:
            st.markdown(f"#### {heading}")
            for d in entries:
                if d["text_lang"] != lang:      # the other edition's words: said so, not mixed into a line
                    mark = f" · {text_heading(d['text_lang'], d['origin'], lang)}"
                else:
                    mark = "" if d["origin"] == "official" else f" · {origin_label(d['origin'], lang)}"
                st.markdown(f"**{P.markdown(d['title'])}**{mark}")
                if d["table"] is not None:          # a table stays a table, its answering row marked
                    show_table(d["table"], mark=d["row"])
                elif d["key"]:
                    st.markdown(P.markdown(d["key"]))
                rule_button(d["rule_id"], t("open_rule", lang), f"{where}-{d['rule_id']}")
    st.markdown(f"#### {t('citations', lang)}")
    with st.container(key="citations"):
        for number, cited in enumerate(view["citations"], start=1):
            # where a player finds it in the rulebook; its text and exact corpus lines one click away
            with st.expander(f"{number}. {cited['where']}"):
                if cited["text_lang"] != lang:          # the other edition's words, labelled on their own line
                    st.caption(text_heading(cited["text_lang"], cited["origin"], lang))
                show_text(cited["rulebook_text"])
                show_lines(cited["lines"], lang)
                rule_button(cited["rule_id"], t("open_rule", lang), f"cite-{cited['rule_id']}")
    if result["example"]:
        render_example(result["example"], lang, result.get("lang") or lang)


def show_lines(lines: list[dict], lang: str) -> None:
    """The exact lines of the rulebook's text file a citation stands on (P.line_refs)."""
    st.caption(t("corpus_lines", lang))
    for span in lines:
        st.caption(P.plain(span["ref"]))
        if span["text"]:
            st.code(span["text"], language=None, wrap_lines=True)


def show_key(key: str | None, text: str | None, lang: str, table_kind: bool, shown: str | None,
             key_lang: str | None = None) -> None:
    """The sentence of the rule that answers the question; a table's row under the table's header. A
    sentence in the other language goes on its own line under its label (no line mixes languages)."""
    if not shown:
        return
    tables = [b for b in P.blocks(text, table_kind) if isinstance(b, P.Table)]
    if "|" in (key or "") and tables and tables[0].header:
        with st.container(border=True):
            st.markdown(f"**{t('key_sentence', lang)}**")
            show_table(P.Table(tables[0].header, [P.cells(key)]))
        return
    if key_lang and key_lang != lang:
        st.info(f"**{t('key_sentence', lang)} ({t('lang_' + key_lang, lang)}):**  \n{P.markdown(shown)}")
    else:
        st.info(f"**{t('key_sentence', lang)}:** {P.markdown(shown)}")


# -- examples (Ask and Simulator) ------------------------------------------------------------------------
def example_spec(example: dict) -> dict | None:
    return assistant().scenarios.get(example.get("scenario_id"))


def render_example(ex: dict, lang: str, told_in: str, spec: dict | None = None, pictures: bool = False) -> None:
    """A checked example as a short narrated calculation in the reader's language: the situation, each
    step with the rule it applies, before → after of the values that changed, the checks, the values
    the rulebook does not state; the raw data behind an expander."""
    from app.core import simulator
    from engine import registry

    engine = registry.get(ex["game"])
    view = P.example_view(kb(), ex, lang, told_in, one_move=pictures)     # the Simulator plays one move
    st.markdown(f"#### {view['heading']}")
    st.markdown(f"**{t('situation', lang)}:** {P.markdown(view['situation'])}")
    if view["rules"]:
        st.markdown(f"**{t('example_rules', lang)}:**")
        with st.container(key="rulelinks", horizontal=True):
            for i, (rule_id, title) in enumerate(view["rules"]):
                rule_button(rule_id, title, f"ex-{i}-{rule_id}")
    spec = spec or example_spec(ex)
    before_svg = after_svg = None
    if spec is not None and pictures:
        from engine.api import ScenarioError

        try:
            before_svg, after_svg, _ = simulator.pictures(engine, spec, lang)
        except (ScenarioError, KeyError, TypeError, ValueError):   # the checked example stands without them
            before_svg = after_svg = None
    if pictures and (before_svg or after_svg):
        # one under the other, each wide enough for its smallest text to read (P.picture_width)
        for which, heading, svg in (("before", t("before", lang), before_svg), ("after", t("after", lang), after_svg)):
            with st.container(key=f"picture-{which}"):
                if which == "after" and view["refused_move"]:     # not a result the engine verified
                    st.markdown(f"**{heading}** — ✗ {t('after_refused', lang)}")
                else:
                    st.markdown(f"**{heading}**")
                if svg:     # the engine's drawing (engine/<game>/picture.py), shown as an image
                    st.image(svg, width=P.picture_width(svg) or "content")
    st.markdown(f"**{t('steps', lang)}**")
    for number, step in enumerate(view["steps"], start=1):
        rules = ", ".join(f"‘{title}’" for _, title in step["rules"])
        st.markdown(f"{number}\\. {P.markdown(step['text'])}"
                    + (f" — {t('rule_applied', lang)}: {P.markdown(rules)}" if rules else ""))
        for line in step["events"]:
            st.markdown(f"&nbsp;&nbsp;&nbsp;↳ {P.markdown(line)}")
        if step["refused"]:
            st.error(f"✗ {t('example_refused', lang)}: {P.markdown(step['refused']['text'])}")
            rule_button(step["refused"]["rule_id"], step["refused"]["rule"], f"refused-{number}-{step['refused']['rule_id']}")
    st.markdown(f"**{t('changes', lang)}**")
    if view["changes"]:
        show_changes(view["changes"], lang)
    else:
        st.caption(t("refused_no_change" if view["refused_move"] else "no_changes", lang))
    st.markdown(f"**{t('checks', lang)}**")
    for check in view["checks"]:
        st.markdown(f"{'✓' if check['ok'] else '✗'} {P.markdown(check['text'])}"
                    + (f" — {P.markdown(check['detail'])}" if check["detail"] else ""))
    show_facts(view["facts"], lang)
    with st.expander(t("example_json", lang)):
        st.json({"scenario_id": ex["scenario_id"], "rule_ids": ex["rule_ids"], "before": ex["before"],
                 "actions": ex["actions"], "after": ex["after"]}, expanded=False)


def show_changes(changes: list[dict], lang: str) -> None:
    import pandas as pd

    frame = pd.DataFrame([{t("value", lang): P.markdown(c["label"]), t("before", lang): P.markdown(c["before"]),
                           t("after", lang): P.markdown(c["after"])} for c in changes])
    st.table(frame, hide_index=True)


def show_facts(facts: list[dict], lang: str) -> None:
    """The values the example used that the rulebook does not state: a reading of the rules in plain
    view (it decides the result), the others in a collapsed list with where each comes from — its name
    and why, in the reader's language (never a storage path or a code file)."""
    if not facts:
        return
    for fact in (f for f in facts if f["reading"]):
        st.info(f"**{t('reading', lang)}**: {P.markdown(fact['text'])}")
    st.caption(t("uses_assumed", lang).format(n=len(facts)))
    with st.expander(f"{t('not_rulebook', lang)} · {len(facts)}"):
        for fact in facts:
            name = f"**{P.markdown(fact['name'])}** · " if fact["name"] else ""
            st.markdown(f"{name}{fact['kind']}: {P.markdown(fact['text'])}")


# -- Browse ----------------------------------------------------------------------------------------
def clear_rule() -> None:
    ss()["_rule"] = None


def chose_game(key: str, leaves_rule: bool = False) -> None:
    """A game the player picked on any page is the session's game (and the URL's); a page merely opening
    on its first game is not a choice."""
    ss()["_game"] = ss()[key]
    if leaves_rule:
        clear_rule()


def page_browse(lang: str) -> None:
    from kb.models import Card, Rule

    base = kb()
    wanted = ss().get("_rule")
    target = base.entry(wanted) if wanted else None
    if wanted and not isinstance(target, (Rule, Card)):
        st.warning(t("no_rule", lang).format(id=P.plain(wanted)))
        target = None
    games = [g for g in GAME_IDS if base.games[g].sections]
    game_key = keyed("browse_game", lang, ss().get("_game") if ss().get("_game") in games else games[0], games)
    if target is not None:
        ss()[game_key] = target.game
    game = st.selectbox(t("game", lang), games, key=game_key, on_change=chose_game, args=(game_key, True),
                        format_func=lambda g: game_name(g, lang))
    order = [v for v in P.rulebook_order(base, game) if v.entries]
    labels = [P.section_label(base, v.section, lang) for v in order]
    key = keyed(f"browse_section_{game}", lang, 0, range(len(order)))
    if target is not None and target.section in [v.section.id for v in order]:
        ss()[key] = [v.section.id for v in order].index(target.section)
    chosen = st.selectbox(t("section", lang), range(len(order)), key=key, on_change=clear_rule,
                          format_func=lambda i: labels[i])
    for group in P.entry_groups(base, order[chosen].entries, lang):
        render_entry(group["entry"], lang, highlight=target is not None and target.id in group["ids"],
                     title=group["title"])
    if target is not None:
        scroll_to_highlight()


def scroll_to_highlight() -> None:
    """Bring the deep-linked rule into view once the page has drawn it (Streamlit has no scroll API)."""
    st.html("<script>(function find(n){const el=document.querySelector('.st-key-%s');"
            "if(el){el.scrollIntoView({block:'center'});}else if(n>0){setTimeout(()=>find(n-1),200);}})(50);</script>"
            % HIGHLIGHT, unsafe_allow_javascript=True)      # a fixed script of ours, no user text


def render_entry(entry, lang: str, highlight: bool = False, title: str | None = None) -> None:
    """One rule or card (or several printing the same text, under `title`: "B21 · B22 Blessing card"); a card
    of the catalogue as a card."""
    if getattr(entry, "catalogue", None) is not None:
        render_card(entry, lang, highlight)
        return
    with st.container(border=True, key=HIGHLIGHT if highlight else None):
        badge = f" · ⚠ {t('edition_diff', lang)}" if entry.edition_diff else ""
        mark = "▶ " if highlight else ""
        st.markdown(f"{mark}**{P.markdown(title or P.entry_title(entry, lang))}**{badge}")
        st.caption(f"[{t('link_here', lang)}]({link(lang, page='browse', rule=entry.id)})")    # the id stays in the URL
        table_kind = getattr(entry, "kind", None) == "table"
        left, right = st.columns(2)
        for col, text_lang in ((left, "ko"), (right, "en")):
            with col:
                if entry.text.get(text_lang):
                    st.caption(text_heading(text_lang, entry.origin.get(text_lang), lang))
                    show_text(entry.text.get(text_lang), table_kind)
        if entry.edition_diff:
            st.warning(P.markdown(entry.edition_diff.get(lang)))
        show_notes([m.model_dump() for m in entry.missing], [e.model_dump() for e in entry.errata], lang)
        # where a player finds it in the printed rulebook; the text file's lines one click away
        st.caption(f"{t('where_in_rulebook', lang)}: {P.markdown(P.where(kb(), entry.id, lang, heading=title))}")
        with st.expander(t("corpus_lines", lang)):
            show_lines(P.line_refs(kb(), entry.sources, lang), lang)


# -- Cards -----------------------------------------------------------------------------------------
def page_cards(lang: str) -> None:
    from app.core.lookup import find_cards

    base = kb()
    state = ss()
    state.setdefault("cards_q", state.get("_card") or "")
    query = st.text_input(t("search_cards", lang), key="cards_q").strip()
    state["_card"] = query or None
    cards = find_cards(base, query)     # the API's card lookup reads the same function
    if query and not cards:
        st.info(t("no_card", lang).format(q=P.plain(query)))
        return
    if len(cards) > MAX_CARDS:
        st.caption(t("cards_shown", lang).format(n=MAX_CARDS, total=len(cards)))
    for group in P.entry_groups(base, cards[:MAX_CARDS], lang):
        render_entry(group["entry"], lang, title=group["title"])


def render_card(card, lang: str, highlight: bool = False) -> None:
    """A card of the catalogue as a card: its names, age and kind, the rulebook's text where it prints one, its
    data in words with the provenance of each value — no ids or field names."""
    view = P.card_view(kb(), card, lang)
    with st.container(border=True, key=HIGHLIGHT if highlight else f"card-{card.printed_id}"):
        st.markdown(f"{'▶ ' if highlight else ''}**{P.markdown(view['title'])}**")
        st.caption(P.markdown(" · ".join(x for x in (view["names"], view["kind"], view["age"]) if x)))
        if view["aliases"]:
            st.caption(P.markdown(f"{t('card_aliases', lang)}: {view['aliases']}"))
        for text in view["rulebook"]:
            st.caption(P.markdown(f"{t('card_rulebook_text', lang)} · {text['lang']} · {text['origin']}"))
            show_text(text["text"])
        show_card_data(view, lang)
        st.caption(f"[{t('link_here', lang)}]({link(lang, page='browse', rule=card.id)})")


def show_card_data(view: dict, lang: str) -> None:
    """A card's data in words (effects, then costs and numbers), each value's provenance beside it, and where the
    values come from."""
    st.markdown(f"**{t('card_data', lang)}** — {P.markdown(view['note'])}")
    for part, key in (("effects", "card_effects"), ("numbers", "card_numbers")):
        if view[part]:
            st.markdown(f"*{t(key, lang)}*")
            rows = [{t("card_data", lang): line["text"], t("lang_" + ("en" if lang == "ko" else "ko"), lang):
                     line["other"], t("card_provenance", lang): line["basis"]} for line in view[part]]
            import pandas as pd

            st.table(pd.DataFrame(rows), hide_index=True)
    with st.expander(t("card_provenance", lang)):
        for p in view["provenance"]:
            st.markdown(f"- **{P.markdown(p['label'])}**: {P.markdown(p['text'])}")


# -- Edition differences -----------------------------------------------------------------------------
def page_diffs(lang: str) -> None:
    base = kb()
    key = keyed("diffs_game", lang, ss().get("_game") if ss().get("_game") in GAME_IDS else GAME_IDS[0], GAME_IDS)
    game = st.selectbox(t("game", lang), GAME_IDS, key=key, on_change=chose_game, args=(key,),
                        format_func=lambda g: game_name(g, lang))
    entries = [e for e in list(base.games[game].rules.values()) + list(base.games[game].cards.values())
               if e.edition_diff]
    if not entries:
        st.info(t("no_diffs", lang))
    for group in P.entry_groups(base, entries, lang):
        render_entry(group["entry"], lang, title=group["title"])


# -- Glossary --------------------------------------------------------------------------------------
def page_glossary(lang: str) -> None:
    from app.core.records import glossary_terms

    query = st.text_input(t("search_terms", lang), key="glossary_q").strip()
    rows = []
    for game, term in glossary_terms(kb(), None, query):
        rows.append({t("gl_game", lang): game_name(game, lang), t("gl_ko", lang): term.ko,
                     t("gl_en", lang): term.en,
                     t("gl_aliases", lang): ", ".join(term.aliases.ko + term.aliases.en),
                     t("gl_variants", lang): ", ".join(term.source_spellings.ko + term.source_spellings.en)})
    if not rows:
        st.info(t("no_terms", lang).format(q=P.plain(query)))
        return
    st.dataframe(rows, hide_index=True, width="stretch")


# -- Simulator -------------------------------------------------------------------------------------
def simulator_games() -> list[str]:
    from app.core import simulator

    return simulator.games()


def field_widget(field, lang: str, base: str) -> str:
    """One input of the Simulator's form; its session key."""
    label = field.label.get(lang) or field.name
    help_text = field.help.get(lang) if field.help else None
    key = keyed(base, lang, field.default, field.choices if field.kind == "choice" else None)
    if field.kind == "int":
        st.number_input(label, min_value=field.min, max_value=field.max, step=1, key=key, help=help_text)
    elif field.kind == "bool":
        st.checkbox(label, key=key, help=help_text)
    else:
        names = field.choice_labels or {}
        st.selectbox(label, list(field.choices), key=key, help=help_text,
                     format_func=lambda c: (names.get(c) or {}).get(lang) or str(c))
    return key


def page_simulator(lang: str) -> None:
    from engine import registry
    from engine.api import ScenarioError

    from app.core import simulator

    games = simulator_games()
    if not games:
        st.info(t("sim_none", lang))
        return
    key = keyed("sim_game", lang, ss().get("_game") if ss().get("_game") in games else games[0], games)
    game = st.selectbox(t("sim_game", lang), games, key=key, on_change=chose_game, args=(key,),
                        format_func=lambda g: game_name(g, lang))
    st.caption(t("sim_intro", lang))
    engine = registry.get(game)
    fields = engine.simulator_fields()
    with st.form(f"sim-{game}"):
        columns = st.columns(3)
        keys = {}
        for i, field in enumerate(fields):
            with columns[i % 3]:
                keys[field.name] = field_widget(field, lang, f"sim-{game}-{field.name}")
        submitted = st.form_submit_button(t("run", lang))
    runs = ss().setdefault("_sim_runs", {})
    if submitted:
        runs[game] = {name: ss()[key] for name, key in keys.items()}
    values = runs.get(game)
    if values is None:
        return
    values = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in values.items()}
    st.markdown(f"### {t('sim_result', lang)}")
    try:
        spec, example = simulator.play(engine, values, lang)
    except ScenarioError as exc:
        st.error(f"{t('sim_bad', lang)}: {P.bilingual(str(exc), lang)}")
        return
    render_example(example, lang, lang, spec=spec, pictures=True)


# -- the app ---------------------------------------------------------------------------------------
def question_lang(question: str | None) -> str | None:
    """The language a question is written in (None for one without words)."""
    from kb.search.analyzers import detect_lang

    return detect_lang(question) if question and question.strip() else None


def browser_lang() -> str:
    """The reader's language as the browser tells it (its language, then Accept-Language)."""
    from app.core.i18n import reader_lang

    try:
        locale = st.context.locale
    except AttributeError:
        locale = None
    return reader_lang(st.context.headers.get("Accept-Language"), locale)


def chose_lang() -> None:
    """The reader picked the interface language: it stays, whatever the language of a question."""
    ss()["_lang_chosen"] = True


def first_visit() -> None:
    """The URL's state, read once per session (afterwards the session's widgets own it). The interface
    language: ?lang= when the link says it (a choice), else the language the question in the link is
    asked in, else the browser's."""
    state = ss()
    if state.get("_started"):
        return
    params = st.query_params
    state["_started"] = True
    state["_lang_chosen"] = params.get("lang") in LANGS
    state["lang"] = (params.get("lang") if state["_lang_chosen"]
                     else question_lang(params.get("q")) or browser_lang())
    game = params.get("game")
    state["_game"] = game if game in GAME_IDS else "auto"
    page = params.get("page") or ("browse" if params.get("rule") else "cards" if params.get("card") else "ask")
    state["page"] = page if page in PAGES else "ask"
    state["_rule"] = params.get("rule")
    state["_card"] = params.get("card")
    if params.get("q"):
        state["_question"] = params["q"]
        state["_asked"] = {"q": params["q"], "game": state["_game"]}


def sync_url(page: str, lang: str) -> None:
    """The URL after this run: a reload or a shared link shows the same thing."""
    state = ss()
    # the language is the URL's only once the reader chose it: a shared link opens in its reader's language
    params = {"page": page, **({"lang": lang} if state.get("_lang_chosen") else {})}
    if state.get("_game") not in (None, "auto"):
        params["game"] = state["_game"]
    if page == "ask" and state.get("_asked"):
        params["q"] = state["_asked"]["q"]
    if page == "browse" and state.get("_rule"):
        params["rule"] = state["_rule"]
    if page == "cards" and state.get("_card"):
        params["card"] = state["_card"]
    if dict(st.query_params.to_dict()) != params:
        st.query_params.from_dict(params)


def main() -> None:
    from app.core.records import UsageError
    from kb.cachefs import CacheError
    from kb.store import KbLoadError

    st.set_page_config(page_title="Arbiter", page_icon="⚖", layout="wide")
    first_visit()
    if "_lang_next" in ss():        # a question in the other language, before its widget is drawn
        ss()["lang"] = ss().pop("_lang_next")
    st.html(STYLE)          # our own CSS, no user text
    lang = st.sidebar.radio("화면 언어 / Interface language", LANGS, key="lang", horizontal=True,
                            on_change=chose_lang, format_func=lambda x: {"ko": "한국어", "en": "English"}[x])
    with st.container(key="app-title"):
        st.title(t("title", lang))
    page = st.sidebar.radio(t("page", lang), PAGES, key="page", format_func=lambda p: t(p, lang))
    with st.spinner(t("loading", lang)):
        try:
            assistant()
        except (KbLoadError, CacheError) as exc:     # the KB fails `kb check`, or the cache is unusable
            st.error(t("not_served", lang))
            st.code(exc.one_line() if isinstance(exc, KbLoadError) else str(exc), language=None)
            st.stop()
        except UsageError as exc:                   # a setting of the environment, e.g. $ARBITER_ANSWER_CACHE
            st.error(t("not_configured", lang))
            st.code(str(exc), language=None)
            st.stop()
    {"ask": page_ask, "browse": page_browse, "cards": page_cards, "diffs": page_diffs,
     "glossary": page_glossary, "simulator": page_simulator}[page](lang)
    sync_url(page, lang)
    # drawn last: while it is stale a run is still drawing the page (the browser test waits on it)
    st.sidebar.html('<span class="arbiter-end"></span>')


main()
