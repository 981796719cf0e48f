"""Interface strings in Korean and English for the CLI and the web app (rule texts come from the KB,
never from here)."""
from __future__ import annotations

STRINGS = {
    "title": {"ko": "Arbiter — 보드게임 규칙 도우미", "en": "Arbiter — board-game rules assistant"},
    "ui_lang": {"ko": "화면 언어", "en": "Interface language"},
    "page": {"ko": "메뉴", "en": "Page"},
    "ask": {"ko": "질문하기", "en": "Ask"},
    "browse": {"ko": "규칙 둘러보기", "en": "Browse"},
    "cards": {"ko": "카드", "en": "Cards"},
    "diffs": {"ko": "판본 차이", "en": "Edition differences"},
    "glossary": {"ko": "용어집", "en": "Glossary"},
    "simulator": {"ko": "시뮬레이터", "en": "Simulator"},
    "question": {"ko": "규칙 질문 (한국어 또는 영어)", "en": "Rules question (Korean or English)"},
    "game": {"ko": "게임", "en": "Game"},
    "auto": {"ko": "자동", "en": "auto"},
    "submit": {"ko": "답변 찾기", "en": "Answer"},
    "you_asked": {"ko": "질문", "en": "You asked"},
    "answer": {"ko": "답변 규칙", "en": "The rule"},
    "other_edition": {"ko": "다른 언어", "en": "Other language"},
    "official": {"ko": "공식 규칙서", "en": "official rulebook"},
    "translation": {"ko": "번역 (Arbiter 작성)", "en": "translation (written for Arbiter)"},
    "key_sentence": {"ko": "핵심 문장", "en": "Key sentence"},
    "edition_diff": {"ko": "판본 차이", "en": "Edition difference"},
    "citations": {"ko": "출처", "en": "Citations"},
    "details": {"ko": "같은 절의 관련 규칙", "en": "More from this section"},
    "example": {"ko": "엔진이 검증한 예시", "en": "Example checked by the rules engine"},
    "verified": {"ko": "검증됨", "en": "verified"},
    "not_verified": {"ko": "검증 실패", "en": "NOT verified"},
    "before": {"ko": "이전", "en": "Before"},
    "actions": {"ko": "행동", "en": "Actions"},
    "after": {"ko": "이후", "en": "After"},
    "assumed": {"ko": "가정한 보드 값 (규칙서에 없음)", "en": "Assumed board values (not in the rulebook text)"},
    "missing": {"ko": "누락 정보", "en": "Missing data"},
    "no_answer": {"ko": "관련 규칙을 찾지 못했습니다.", "en": "No rule found for that question."},
    "section": {"ko": "장·절", "en": "Section"},
    "search_cards": {"ko": "카드 번호나 이름", "en": "Card id or name"},
    "search_terms": {"ko": "용어 검색", "en": "Search terms"},
    "no_diffs": {"ko": "이 게임은 판본이 하나뿐입니다.", "en": "This game has one edition only."},
    "open_rule": {"ko": "규칙 열기", "en": "Open rule"},
    "die_color": {"ko": "주사위 색", "en": "Die colour"},
    "die_value": {"ko": "주사위 눈", "en": "Die value"},
    "god_section": {"ko": "신 구역", "en": "God section"},
    "light": {"ko": "빛", "en": "Light"},
    "action": {"ko": "행동", "en": "Action"},
    "run": {"ko": "실행", "en": "Run"},
    "happiness": {"ko": "행복지수", "en": "Happiness"},
    "population": {"ko": "인구", "en": "Population"},
    "production_marker": {"ko": "생산 마커 (해당 자원)", "en": "Production marker (that resource)"},
    "papyrus": {"ko": "파피루스", "en": "Papyrus"},
    "scribes": {"ko": "서기", "en": "Scribes"},
    "refused": {"ko": "규칙상 불가", "en": "Not allowed by the rules"},
    "sources": {"ko": "출처", "en": "Sources"},
    "errata": {"ko": "정오표", "en": "Erratum"},
    "also_relevant": {"ko": "함께 볼 규칙", "en": "Also relevant"},
    "short_answer": {"ko": "짧은 답", "en": "In short"},
    "short_basis_example": {"ko": "엔진이 이 질문의 수로 실행해 확인한 결과 · {rule}",
                            "en": "the engine's checked result for the question's numbers · {rule}"},
    "short_basis_table": {"ko": "규칙서 표의 해당 행 · {rule}", "en": "the rulebook table's row · {rule}"},
    "short_basis_key_sentence": {"ko": "규칙서 문장 · {rule}", "en": "the rulebook's sentence · {rule}"},
    "short_basis_ruling": {"ko": "Arbiter의 해석 (규칙서 원문이 아님): {claim} — {verdict} · 근거: {rules}",
                           "en": "Arbiter's reading (not rulebook text): {claim} — {verdict} · from {rules}"},
    "short_basis_reading": {"ko": "Arbiter의 해석 (규칙서 원문이 아님): {claim} · 근거: {rules}",
                            "en": "Arbiter's reading (not rulebook text): {claim} · from {rules}"},
    "short_basis_calculation": {"ko": "Arbiter의 해석 (규칙서 원문이 아님): 계산 {calc} · 근거: {rules}",
                                "en": "Arbiter's reading (not rulebook text): calculation {calc} · from {rules}"},
    "short_translated": {"ko": "(번역)", "en": "(translation)"},
    "short_sentence_in": {"ko": "규칙서의 문장 ({lang}):", "en": "The rulebook's sentence ({lang}):"},
    "short_see_sentence": {"ko": "아래 규칙서 문장을 보세요", "en": "see the rulebook's sentence below"},
    "short_claimed": {"ko": "주장한 값 {claimed}, 규칙서에 따른 값 {value}", "en": "claimed {claimed}; by the rulebook {value}"},
    "short_unless": {"ko": "단, 아래 예외에 해당하면 다릅니다: {names}",
                     "en": "unless an exception below applies: {names}"},
    "exceptions": {"ko": "예외 (이 규칙을 바꾸는 규칙과 카드)", "en": "Exceptions (rules and cards that change this rule)"},
    "worked_example": {"ko": "규칙서의 예시", "en": "The rulebook's worked example"},
    "alternatives": {"ko": "다른 게임의 답", "en": "In other games"},
    "notice": {"ko": "알림", "en": "Note"},
    "key": {"ko": "핵심", "en": "Key sentence"},
    "steps": {"ko": "진행", "en": "Steps"},
    "changes": {"ko": "바뀐 값", "en": "What changed"},
    "checks": {"ko": "검증", "en": "Checks"},
    "expected": {"ko": "기대", "en": "expected"},
    "got": {"ko": "결과", "en": "got"},
    # the values an example takes from elsewhere: assumed by the engine, or printed on a component and
    # published (a rulebook sentence may confirm part of one: it is not where the value comes from)
    "not_rulebook": {"ko": "규칙서 본문이 아닌 곳에서 온 값", "en": "Values not taken from the rulebook text"},
    "rule_applied": {"ko": "적용 규칙", "en": "rule"},
    "game_label": {"ko": "게임", "en": "Game"},
    "example_refused": {"ko": "규칙상 불가", "en": "refused by the rules"},
    # -- the web app ----------------------------------------------------------------------------------
    "answer_game": {"ko": "게임", "en": "Game"},
    "choose_game": {"ko": "다른 게임의 답 보기:", "en": "See another game's answer:"},
    "in_game": {"ko": "{game}에서는", "en": "In {game}"},
    "open_section": {"ko": "절 열기", "en": "Open section"},
    "link_here": {"ko": "이 규칙 링크", "en": "Link to this rule"},
    "not_in_text": {"ko": "규칙서 본문에 없는 정보", "en": "Not printed in the rulebook text"},
    "known": {"ko": "규칙서가 알려 주는 것", "en": "What the rulebook does tell"},
    "erratum_line": {"ko": "인쇄: “{printed}” → 바른 표기: “{correct}”", "en": "Printed “{printed}” → correct “{correct}”"},
    "situation": {"ko": "상황", "en": "Situation"},
    "from_question": {"ko": "질문에 나온 수로 만든 상황", "en": "Built from the numbers in your question"},
    "example_rules": {"ko": "이 예시가 보여 주는 규칙", "en": "Rules it shows"},
    "value": {"ko": "값", "en": "Value"},
    "no_changes": {"ko": "바뀐 값이 없습니다.", "en": "No value changed."},
    "facts_source": {"ko": "공개 자료", "en": "published source"},
    "facts_assumed": {"ko": "가정", "en": "assumed"},
    "reading": {"ko": "엔진이 규칙을 읽은 방식", "en": "How the engine reads the rule"},
    "uses_assumed": {"ko": "규칙서 본문이 아닌 곳에서 온 값 {n}개를 사용함 (아래에 표시)",
                     "en": "uses {n} value(s) not taken from the rulebook text (listed below)"},
    "example_json": {"ko": "예시 데이터 (JSON)", "en": "Example data (JSON)"},
    "no_rule": {"ko": "‘{id}’ 규칙은 없습니다. 아래에서 게임과 절을 골라 보세요.",
                "en": "There is no rule ‘{id}’. Choose a game and a section below."},
    "no_card": {"ko": "‘{q}’와 맞는 카드나 타일이 없습니다. 카드 번호(T08, P19, BX01…)나 이름으로 찾아 보세요.",
                "en": "No card or tile matches ‘{q}’. Search by printed id (T08, P19, BX01…) or by name."},
    "cards_shown": {"ko": "{total}개 중 {n}개를 보여 줍니다. 검색어를 더 좁혀 보세요.",
                    "en": "Showing {n} of {total}; narrow the search to see the others."},
    "no_terms": {"ko": "‘{q}’와 맞는 용어가 없습니다.", "en": "No term matches ‘{q}’."},
    "gl_game": {"ko": "게임", "en": "Game"},
    "gl_ko": {"ko": "한국어", "en": "Korean"},
    "gl_en": {"ko": "영어", "en": "English"},
    "gl_aliases": {"ko": "다른 이름", "en": "Aliases"},
    "gl_variants": {"ko": "규칙서의 다른 표기", "en": "Spellings printed in the rulebooks"},
    "all_games": {"ko": "모든 게임", "en": "All games"},
    "sim_game": {"ko": "엔진이 있는 게임", "en": "Game with a rules engine"},
    "sim_intro": {"ko": "상황을 정하고 실행하면 규칙 엔진이 그 상황을 진행하고 규칙에 따라 결과를 검증합니다.",
                  "en": "Set up a situation and run it: the rules engine plays it and checks the result against the rules."},
    "sim_none": {"ko": "시뮬레이터를 제공하는 게임 엔진이 없습니다.", "en": "No game engine offers a Simulator."},
    "sim_result": {"ko": "결과", "en": "Result"},
    "sim_bad": {"ko": "이 상황은 만들 수 없습니다", "en": "This situation cannot be set up"},
    "edition_label": {"ko": "{lang} · {origin}", "en": "{lang} · {origin}"},
    "lang_ko": {"ko": "한국어", "en": "Korean"},
    "lang_en": {"ko": "영어", "en": "English"},
    "err_empty": {"ko": "질문이 비어 있습니다. 규칙 질문을 한국어나 영어로 입력하세요.",
                  "en": "The question is empty; type a rules question in Korean or English."},
    "err_long": {"ko": "질문이 너무 깁니다 ({n}자, 최대 {limit}자). 한 번에 규칙 하나씩 물어 보세요.",
                 "en": "The question is too long ({n} characters; the limit is {limit}); ask about one rule at a time."},
    "err_binary": {"ko": "질문에 읽을 수 없는 문자가 있습니다. 일반 텍스트로 입력하세요.",
                   "en": "The question contains binary or unreadable characters; type it as plain text."},
    "err_no_words": {"ko": "질문에 검색할 낱말이 없습니다.", "en": "The question has no words to search for."},
    "err_game": {"ko": "‘{game}’(이)라는 게임은 없습니다.", "en": "There is no game ‘{game}’."},
    "err_other": {"ko": "질문을 처리할 수 없습니다", "en": "The question cannot be used"},
    "loading": {"ko": "지식 베이스와 검색 색인을 불러오는 중…", "en": "Loading the knowledge base and search index…"},
    "not_served": {"ko": "지식 베이스가 검사(arbiter kb check)를 통과하지 못했거나 캐시 폴더를 쓸 수 없어 답변하지 "
                         "않습니다. 관리자에게 아래 내용을 알려 주세요.",
                   "en": "The knowledge base does not pass its check (arbiter kb check), or the cache folder cannot "
                         "be used, so no answers are served. Please pass the line below to whoever runs Arbiter."},
    "not_configured": {"ko": "이 서버의 설정이 잘못되어 답변하지 않습니다. 관리자에게 아래 내용을 알려 주세요.",
                       "en": "A setting of this server is wrong, so no answers are served. Please pass the line below "
                             "to whoever runs Arbiter."},
    "searching": {"ko": "찾는 중…", "en": "Searching…"},
    "entry_id": {"ko": "규칙 번호", "en": "Rule id"},
    "a_rule": {"ko": "규칙", "en": "rule"},
    "situation_untitled": {"ko": "규칙서의 예시 상황", "en": "A situation from the rules"},
    "facts_rulebook": {"ko": "규칙서", "en": "rulebook"},
    "actual": {"ko": "실제", "en": "got"},
    "key_row": {"ko": "질문의 수에 맞는 줄", "en": "The row for your number"},
    "after_refused": {"ko": "규칙상 불가한 수라 두지 않았습니다: 이전과 같은 판이며, 검증된 결과가 아닙니다",
                      "en": "the rules refuse this move, so it is not made: the board as before, not a verified result"},
    "refused_no_change": {"ko": "규칙상 불가한 수라 두지 않았으므로 바뀐 값이 없습니다.",
                          "en": "The rules refuse this move, so it is not made: no value changed."},
    "corpus_lines": {"ko": "규칙서 텍스트 파일의 해당 줄", "en": "The exact lines of the rulebook text file"},
    "where_in_rulebook": {"ko": "규칙서에서의 위치", "en": "Where it is in the rulebook"},
}


def t(key: str, lang: str) -> str:
    return STRINGS[key][lang]


def reader_lang(accept_language: str | None, locale: str | None = None, default: str = "en") -> str:
    """The interface language for a browser: "ko" or "en", whichever the reader prefers first — the
    browser's own language (`locale`, navigator.language) when it is one of them, else the first of them
    in its Accept-Language header by weight ("ja, en;q=0.8, ko;q=0.5" → en); `default` when neither is
    there (a reader of neither language is likelier to read English)."""
    if locale and locale.split("-")[0].strip().lower() in ("ko", "en"):
        return locale.split("-")[0].strip().lower()
    ranked = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        primary = tag.split("-")[0].strip().lower()
        if primary in ("ko", "en") and weight > 0:
            ranked.append((-weight, position, primary))
    return min(ranked)[2] if ranked else default
