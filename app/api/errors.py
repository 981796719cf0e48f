"""Error bodies: {"error": {"ko", "en", "message", "code"}} (DESIGN.md's contract) — the command line's one-line
message in Korean and in English, the one in the language the client asked for, and what kind of error it is.
A question no rule answers is not an error (200, "answer": null).

Korean particles follow their word (engine/korean.py): "매개변수 'q'가 없습니다", never "'q'이(가)"."""
from __future__ import annotations

import json
from urllib.parse import parse_qs

from starlette.responses import Response

from engine.korean import josa, particle

STATUS = {"bad_input": 400, "bad_host": 400, "bad_key": 401, "not_found": 404, "method_not_allowed": 405,
          "timeout": 408, "too_large": 413, "rate_limited": 429, "internal": 500, "busy": 503, "unavailable": 503}

MESSAGES = {
    "no_route": {"en": "no such endpoint: {method} {path} (the endpoints are listed at /docs and /openapi.json)",
                 "ko": "{method} {path_is} 엔드포인트는 없습니다 (목록은 /docs와 /openapi.json에 있습니다)"},
    "method": {"en": "{path} does not take {method} (it takes: {allowed})",
               "ko": "{path}에는 {method} 요청을 보낼 수 없습니다 (가능한 요청: {allowed})"},
    "too_large": {"en": "the request body is too large ({size} bytes; the limit is {limit:,})",
                  "ko": "요청 본문이 너무 큽니다 ({size}바이트, 최대 {limit:,}바이트)"},
    "rate_limited": {"en": "too many requests from {client}: at most {limit} a minute; try again in {retry} s",
                     "ko": "{client}에서 요청이 너무 많습니다. 1분에 {limit}번까지이니 {retry}초 뒤에 다시 시도하세요"},
    "rate_limited_key": {"en": "too many requests with the API key {name!r}: at most {limit} a minute; "
                               "try again in {retry} s",
                         "ko": "API 키 {name_ro} 보낸 요청이 너무 많습니다. 1분에 {limit}번까지이니 {retry}초 뒤에 "
                               "다시 시도하세요"},
    "rate_limited_user": {"en": "too many requests from user {user!r} of the API key {name!r}: at most {limit} a "
                                "minute; try again in {retry} s",
                          "ko": "API 키 {name_q}의 사용자 {user_q}에게서 요청이 너무 많습니다. 1분에 {limit}번까지이니 "
                                "{retry}초 뒤에 다시 시도하세요"},
    "bad_key": {"en": "unknown API key (the {header} header); ask the server's operator for one, or send none",
                "ko": "알 수 없는 API 키입니다({header} 헤더). 서버 운영자에게 키를 받거나 키 없이 요청하세요"},
    "bad_user": {"en": "the {header} header must be 1-128 printable characters (got {size})",
                 "ko": "{header} 헤더는 출력 가능한 문자 1-128자여야 합니다 ({size}자)"},
    "bad_host": {"en": "this server does not answer for the host {host!r} (the Host header); it answers for: "
                       "{allowed}",
                 "ko": "이 서버는 호스트 {host_q}에 대해 답하지 않습니다(Host 헤더). 답하는 호스트: {allowed}"},
    "json": {"en": "the request body is not valid JSON ({detail})",
             "ko": "요청 본문이 올바른 JSON이 아닙니다 ({detail})"},
    "missing": {"en": "missing {where} {name!r}", "ko": "{where_ko} {name_is} 없습니다"},
    "extra": {"en": "unknown {where} {name!r}", "ko": "알 수 없는 {where_ko} {name!r}"},
    "invalid": {"en": "{where} {name!r}: {detail}", "ko": "{where_ko} {name_q}의 값이 올바르지 않습니다 ({detail})"},
    "internal": {"en": "the server could not answer this request (the error is in its log)",
                 "ko": "서버가 이 요청에 답하지 못했습니다 (오류는 서버 로그에 있습니다)"},
    "malformed": {"en": "malformed HTTP request ({detail})", "ko": "HTTP 요청의 형식이 잘못되었습니다 ({detail})"},
    "timeout": {"en": "the request was not received within {seconds:g} s; send it whole, then wait for the answer",
                "ko": "요청이 {seconds:g}초 안에 다 도착하지 않았습니다. 요청을 한 번에 보내고 답을 기다리세요"},
    "busy": {"en": "the server has too many open connections ({limit}); try again in a moment",
             "ko": "서버에 열린 연결이 너무 많습니다({limit}개). 잠시 뒤에 다시 시도하세요"},
}
WHERE = {"query": ("query parameter", "쿼리 매개변수"), "path": ("path parameter", "경로 매개변수"),
         "body": ("field", "항목"), "header": ("header", "헤더")}


def body(code: str, en: str, ko: str | None = None, lang: str | None = None) -> dict:
    ko = ko or en
    return {"error": {"ko": ko, "en": en, "message": ko if lang == "ko" else en, "code": code}}


def message(key: str, **values) -> tuple[str, str]:
    """(English, Korean). Korean particles are chosen for the values named `<name>_is` (이/가), `<name>_ro`
    (으로/로), `<name>_q` (quoted) and `path_is` (이라는/라는)."""
    text = MESSAGES[key]
    extra = {}
    for name, value in values.items():
        shown = repr(value) if isinstance(value, str) and name in ("name", "host", "user") else str(value)
        extra[f"{name}_q"] = shown
        extra[f"{name}_is"] = josa(shown, "이/가")
        extra[f"{name}_ro"] = josa(shown, "으로/로")
    if "path" in values:
        extra["path_is"] = f"{values['path']}{particle(values['path'], '이라는/라는')}"
    return text["en"].format(**values), text["ko"].format(**{**values, **extra})


def lang_of(scope) -> str | None:
    """The language a client asked its replies in: `?lang=` when ko or en, else the first of Accept-Language
    that is ko or en (None: neither; English is then the `message`)."""
    query = parse_qs((scope.get("query_string") or b"").decode("latin-1"))
    asked = (query.get("lang") or [None])[0]
    if asked in ("ko", "en"):
        return asked
    for name, value in scope.get("headers") or []:
        if name == b"accept-language":
            for part in value.decode("latin-1").split(","):
                tag = part.split(";")[0].strip().lower()[:2]
                if tag in ("ko", "en"):
                    return tag
    return None


def response(code: str, en: str, ko: str | None = None, status: int | None = None,
             headers: dict | None = None, lang: str | None = None) -> Response:
    return Response(json.dumps(body(code, en, ko, lang), ensure_ascii=False), status_code=status or STATUS[code],
                    headers=headers, media_type="application/json")


def raw(code: str, en: str, ko: str, lang: str | None = None) -> bytes:
    """A whole HTTP/1.1 response, for the connection layer (app/api/guard.py), which answers before any
    request reaches the app: a malformed request, one sent too slowly, one connection too many."""
    content = json.dumps(body(code, en, ko, lang), ensure_ascii=False).encode("utf-8")
    status = STATUS[code]
    phrase = {400: "Bad Request", 408: "Request Timeout", 503: "Service Unavailable"}.get(status, "Error")
    return (f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\ncontent-length: {len(content)}\r\n"
            f"connection: close\r\n\r\n").encode("ascii") + content


def validation_message(errors: list[dict]) -> tuple[str, str]:
    """The first of FastAPI's validation errors (a malformed body, a missing or mistyped parameter) as one
    line, in English and Korean."""
    error = errors[0] if errors else {"type": "", "loc": (), "msg": "invalid request"}
    kind = error.get("type", "")
    if kind == "json_invalid":
        detail = (error.get("ctx") or {}).get("error") or error.get("msg", "")
        return message("json", detail=detail)
    loc = [str(p) for p in error.get("loc", ())]
    where, where_ko = WHERE.get(loc[0] if loc else "body", WHERE["body"])
    name = ".".join(loc[1:]) or "body"
    if kind == "missing" and name == "body":
        return ("the request needs a JSON body", "요청에 JSON 본문이 필요합니다")
    if kind == "missing":
        return message("missing", where=where, where_ko=where_ko, name=name)
    if kind == "extra_forbidden":
        return message("extra", where=where, where_ko=where_ko, name=name)
    detail = " ".join(str(error.get("msg", "")).split())[:200]
    return message("invalid", where=where, where_ko=where_ko, name=name, detail=detail)
