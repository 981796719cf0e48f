"""The Arbiter web app (Streamlit). `make run` serves it on $PORT (default 8501).

Pages: Ask, Browse, Cards, Edition differences, Glossary, Simulator. Deep links: ?q=…, ?rule=…, ?card=….
User text is only ever shown with st.text / st.code (never rendered as Markdown or HTML).
"""
from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `streamlit run` starts from the script

from app.i18n import t  # noqa: E402
from app.ui.wheel import wheel_svg  # noqa: E402
from kb.corpus import GAME_IDS  # noqa: E402

PAGES = ("ask", "browse", "cards", "diffs", "glossary", "simulator")
MAX_QUESTION = 2000


@st.cache_resource(show_spinner="Loading the knowledge base and search index…")
def assistant():
    from app.assistant import Assistant

    return Assistant.create()


def kb():
    return assistant().kb


def origin_label(origin: str | None, lang: str) -> str:
    return t(origin, lang) if origin in ("official", "translation") else ""


def show_text(text: str | None) -> None:
    """Rulebook text: Markdown emphasis from the rulebook is rendered; HTML never is."""
    if text:
        st.markdown(text.replace("\n", "  \n"))


# -- Ask -------------------------------------------------------------------------------------------
def page_ask(lang: str) -> None:
    from kb.search.searcher import QueryError, validate_query

    params = st.query_params
    default_q = params.get("q", "")
    games = ["auto", *GAME_IDS]
    with st.form("ask"):
        question = st.text_area(t("question", lang), value=default_q, max_chars=None, height=80, key="question")
        game = st.selectbox(t("game", lang), games, format_func=lambda g: t("auto", lang) if g == "auto" else g)
        submitted = st.form_submit_button(t("submit", lang))
    if not (submitted or default_q):
        return
    question = question if submitted else default_q
    try:
        if len(question) > MAX_QUESTION:
            raise QueryError(f"the question is too long ({len(question):,} characters; the limit is {MAX_QUESTION:,})")
        validate_query(question)
    except QueryError as exc:
        st.error(str(exc))
        return
    st.caption(t("you_asked", lang))
    st.text(question)
    result = assistant().answer(question, None if game == "auto" else game)
    render_answer(result, lang)


def render_answer(result: dict, lang: str) -> None:
    a = result["answer"]
    if a is None:
        st.warning(t("no_answer", lang))
        return
    st.subheader(f"{a['title'].get(lang) or a['rule_id']}")
    st.caption(" › ".join((s.get(lang) or s.get("en") or "") for s in a["section_path"]) + f"  ·  `{a['rule_id']}`")
    if a["edition_diff"]:
        st.warning(f"**{t('edition_diff', lang)}:** {a['edition_diff'][lang]}")
    left, right = st.columns(2)
    with left:
        st.markdown(f"**{a['lang'].upper()} · {origin_label(a['origin'], lang)}**")
        show_text(a["text"])
        if a["key_sentence"] and a["key_sentence"] != (a["text"] or "").strip():
            st.info(f"{t('key_sentence', lang)}: {a['key_sentence']}")
    with right:
        other = a["other"]
        if other["text"]:
            st.markdown(f"**{other['lang'].upper()} · {origin_label(other['origin'], lang)}**")
            show_text(other["text"])
    for note in a.get("missing", []):
        st.caption(f"{t('missing', lang)}: {note['what'][lang]}")
    if a.get("details"):
        st.markdown(f"#### {t('details', lang)}")
        for d in a["details"]:
            st.markdown(f"**{d['title'].get(lang) or d['rule_id']}** · `{d['rule_id']}` · "
                        f"{origin_label(d['origin'], lang)}")
            show_text(d["text"])
    st.markdown(f"#### {t('citations', lang)}")
    for hit in result["citations"]:
        sources = ", ".join(f"{s['file']}:{s['lines'][0]}-{s['lines'][1]}" for s in hit["sources"])
        with st.expander(f"{hit['title'].get(lang) or hit['rule_id']}  ({sources})"):
            st.caption(hit["rule_id"])
            show_text(hit["text"].get(lang) or hit["text"].get("en" if lang == "ko" else "ko"))
            st.markdown(f"[{t('open_rule', lang)}](?page=browse&rule={hit['rule_id']})")
    if result["example"]:
        render_example(result["example"], lang)


def render_example(ex: dict, lang: str) -> None:
    status = t("verified", lang) if ex["verified"] else t("not_verified", lang)
    st.markdown(f"#### {t('example', lang)} — {status}")
    st.caption(f"{ex['scenario_id']} · rules: {', '.join(ex['rule_ids'])}")
    changes = changed_values(ex["before"], ex["after"])
    cols = st.columns([2, 3])
    with cols[0]:
        st.markdown(f"**{t('actions', lang)}**")
        st.json(ex["actions"], expanded=True)
    with cols[1]:
        st.markdown(f"**{t('before', lang)} → {t('after', lang)}**")
        st.table([{"": key, t("before", lang): str(a), t("after", lang): str(b)} for key, a, b in changes])
    with st.expander(f"{t('before', lang)} / {t('after', lang)} (JSON)"):
        st.json({"before": _player_view(ex["before"]), "after": _player_view(ex["after"])}, expanded=False)
    for check in ex["checks"]:
        mark = "✓" if check["ok"] else "✗"
        description = check.get("description_ko") if lang == "ko" and check.get("description_ko") else check["description"]
        expected, got = ("기대", "결과") if lang == "ko" else ("expected", "got")
        st.markdown(f"{mark} {description} — {expected} `{check['expected']}`, {got} `{check['actual']}`")
    show_assumed(ex.get("assumed") or [], lang)


def show_assumed(paths: list[str], lang: str) -> None:
    """The engine values a result relied on that the rulebook text does not state, each with its reason."""
    if not paths:
        return
    from engine.tekhenu import facts

    with st.expander(f"{t('assumed', lang)} · {len(paths)}"):
        for path in paths:
            fact = facts.lookup(path)
            st.text(f"{path}: {' '.join(fact.note.split()) if fact and fact.note else ''}")


def changed_values(before: dict, after: dict, prefix: str = "") -> list[tuple[str, object, object]]:
    """Flattened fields that differ between two player views (the wheel is left out)."""
    out = []
    for key in before:
        if key == "wheel":
            continue
        a, b = before[key], after.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += changed_values(a, b, f"{prefix}{key}.")
        elif a != b:
            out.append((f"{prefix}{key}", a, b))
    return out


def _player_view(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "wheel"}


# -- Browse ----------------------------------------------------------------------------------------
def page_browse(lang: str) -> None:
    base = kb()
    wanted = st.query_params.get("rule")
    target = base.entry(wanted) if wanted else None
    game_ids = [g for g in GAME_IDS if base.games[g].sections]
    game = st.selectbox(t("game", lang), game_ids,
                        index=game_ids.index(target.game) if target is not None else 0)
    sections = list(base.games[game].sections.values())
    labels = [" › ".join((s.title.get(lang) or s.title.any()) for s in base.section_path(sec.id)) for sec in sections]
    index = 0
    if target is not None and getattr(target, "section", None) in base.games[game].sections:
        index = [s.id for s in sections].index(target.section)
    chosen = st.selectbox(t("section", lang), range(len(sections)), format_func=lambda i: labels[i], index=index)
    section = sections[chosen]
    entries = [e for e in list(base.games[game].rules.values()) + list(base.games[game].cards.values())
               if e.section == section.id]
    for entry in entries:
        render_entry(entry, lang, highlight=(target is not None and entry.id == target.id))


def render_entry(entry, lang: str, highlight: bool = False) -> None:
    with st.container(border=True):
        badge = f" · ⚠ {t('edition_diff', lang)}" if entry.edition_diff else ""
        st.markdown(f"{'**▶** ' if highlight else ''}`{entry.id}`{badge}")
        left, right = st.columns(2)
        for col, text_lang in ((left, "ko"), (right, "en")):
            with col:
                if entry.text.get(text_lang):
                    st.caption(f"{text_lang.upper()} · {origin_label(entry.origin.get(text_lang), lang)}")
                    show_text(entry.text.get(text_lang))
        if entry.edition_diff:
            st.warning(entry.edition_diff.get(lang))
        sources = ", ".join(str(s) for s in entry.sources)
        st.caption(sources)


# -- Cards -----------------------------------------------------------------------------------------
def page_cards(lang: str) -> None:
    base = kb()
    query = st.text_input(t("search_cards", lang), value=st.query_params.get("card", ""))
    cards = list(base.all_cards())
    if query.strip():
        needle = query.strip().lower()
        cards = [c for c in cards if needle in c.id.lower()
                 or (c.name and any(needle in (n or "").lower() for n in (c.name.ko, c.name.en)))]
    for card in cards[:60]:
        render_entry(card, lang)


# -- Edition differences -----------------------------------------------------------------------------
def page_diffs(lang: str) -> None:
    base = kb()
    game = st.selectbox(t("game", lang), GAME_IDS)
    entries = [e for e in list(base.games[game].rules.values()) + list(base.games[game].cards.values())
               if e.edition_diff]
    if not entries:
        st.info(t("no_diffs", lang))
    for entry in entries:
        render_entry(entry, lang)


# -- Glossary --------------------------------------------------------------------------------------
def page_glossary(lang: str) -> None:
    base = kb()
    query = st.text_input(t("search_terms", lang)).strip().lower()
    rows = []
    for game in base.games.values():
        for term in game.terms.values():
            forms = [term.ko, term.en, *term.aliases.ko, *term.aliases.en, *term.source_spellings.ko,
                     *term.source_spellings.en]
            if query and not any(query in f.lower() for f in forms):
                continue
            rows.append({"game": game.id, "한국어": term.ko, "English": term.en,
                         "aliases": ", ".join(term.aliases.ko + term.aliases.en),
                         "printed variants": ", ".join(term.source_spellings.ko + term.source_spellings.en)})
    st.dataframe(rows, hide_index=True, width="stretch")


# -- Simulator -------------------------------------------------------------------------------------
def page_simulator(lang: str) -> None:
    from engine.tekhenu.board import GODS
    from engine.tekhenu.scenarios import run, setup_state, view

    colors = ["white", "black", "yellow", "brown", "gray"]
    c1, c2, c3, c4 = st.columns(4)
    color = c1.selectbox(t("die_color", lang), colors, index=4)
    value = c2.number_input(t("die_value", lang), 1, 6, 6)
    god = c3.selectbox(t("god_section", lang), GODS, index=GODS.index("bastet"))
    light = c4.selectbox(t("light", lang), ["sunny", "shaded", "dark"], index=1)
    p1, p2, p3, p4 = st.columns(4)
    happiness = p1.number_input(t("happiness", lang), 0, 21, 8)
    population = p2.number_input(t("population", lang), 0, 21, 10)
    marker = p3.number_input(t("production_marker", lang), 2, 6, 3)
    papyrus = p4.number_input(t("papyrus", lang), 0, 20, 2)
    action = st.selectbox(t("action", lang), ["produce", god])
    resource = {"white": "limestone", "black": "granite", "yellow": "papyrus", "brown": "bread"}.get(color)
    spec = {"id": "tekhenu/scenario/simulator", "rules": ["tekhenu/round/take-die"],
            "setup": {"players": 2,
                      "me": {"happiness": min(happiness, population), "population": population,
                             "production": {r: marker for r in ("papyrus", "bread", "limestone", "granite")},
                             "resources": {"papyrus": papyrus}},
                      "dice": [{"as": "d1", "color": color, "value": int(value), "god": god, "light": light}]},
            "actions": [{"kind": "take_die", "die": "d1"},
                        {"kind": "perform", "action": action, **({"resource": resource} if action == "produce" else {})}
                        | ({"district": "bread"} if action == "osiris" else {})
                        | ({"target": "god"} if action == "horus" else {})],
            "expect": []}
    state, _ = setup_state(spec)
    st.markdown(wheel_svg(view(state, state.current.seat)["wheel"]), unsafe_allow_html=True)  # our own SVG
    if st.button(t("run", lang)):
        result = run(spec)
        refused = [c for c in result.checks if not c.ok]
        if refused:
            st.error(f"{t('refused', lang)}: {refused[0].actual}")
        left, right = st.columns(2)
        left.markdown(f"**{t('before', lang)}**")
        left.json(_player_view(result.before), expanded=True)
        right.markdown(f"**{t('after', lang)}**")
        right.json(_player_view(result.after), expanded=True)
        show_assumed(result.assumed, lang)


def main() -> None:
    st.set_page_config(page_title="Arbiter", page_icon="⚖", layout="wide")
    params = st.query_params
    lang = st.sidebar.radio("화면 언어 / Interface language", ["ko", "en"],
                            index=0 if params.get("lang", "ko") == "ko" else 1, horizontal=True,
                            format_func=lambda x: {"ko": "한국어", "en": "English"}[x])
    st.title(t("title", lang))
    default = params.get("page") or ("browse" if params.get("rule") else "cards" if params.get("card") else "ask")
    page = st.sidebar.radio(t("page", lang), PAGES, index=PAGES.index(default) if default in PAGES else 0,
                            format_func=lambda p: t(p, lang))
    {"ask": page_ask, "browse": page_browse, "cards": page_cards, "diffs": page_diffs,
     "glossary": page_glossary, "simulator": page_simulator}[page](lang)


main()
