"""Error bodies: {"error": {"ko", "en", "code"}} (DESIGN.md's contract) — the command line's one-line message
in Korean and in English, and what kind of error it is. A question no rule answers is not an error (200, "answer": null)."""
from __future__ import annotations

import json

from starlette.responses import Response

STATUS = {"bad_input": 400, "not_found": 404, "too_large": 413, "rate_limited": 429, "internal": 500,
          "unavailable": 503}

MESSAGES = {
    "no_route": {"en": "no such endpoint: {method} {path} (the endpoints are listed at /docs)",
                 "ko": "{method} {path}라는 엔드포인트는 없습니다 (목록은 /docs에 있습니다)"},
    "method": {"en": "{path} does not take {method} (it takes: {allowed})",
               "ko": "{path}에는 {method} 요청을 보낼 수 없습니다 (가능한 요청: {allowed})"},
    "too_large": {"en": "the request body is too large ({size} bytes; the limit is {limit:,})",
                  "ko": "요청 본문이 너무 큽니다 ({size}바이트, 최대 {limit:,}바이트)"},
    "rate_limited": {"en": "too many requests from {client}: at most {limit} a minute; try again in {retry} s",
                     "ko": "{client}에서 요청이 너무 많습니다. 1분에 {limit}번까지이니 {retry}초 뒤에 다시 시도하세요"},
    "json": {"en": "the request body is not valid JSON ({detail})",
             "ko": "요청 본문이 올바른 JSON이 아닙니다 ({detail})"},
    "missing": {"en": "missing {where} {name!r}", "ko": "{where_ko} {name!r}이(가) 없습니다"},
    "extra": {"en": "unknown {where} {name!r}", "ko": "알 수 없는 {where_ko} {name!r}"},
    "invalid": {"en": "{where} {name!r}: {detail}", "ko": "{where_ko} {name!r}의 값이 올바르지 않습니다 ({detail})"},
    "internal": {"en": "the server could not answer this request (the error is in its log)",
                 "ko": "서버가 이 요청에 답하지 못했습니다 (오류는 서버 로그에 있습니다)"},
}
WHERE = {"query": ("query parameter", "쿼리 매개변수"), "path": ("path parameter", "경로 매개변수"),
         "body": ("field", "항목"), "header": ("header", "헤더")}


def body(code: str, en: str, ko: str | None = None) -> dict:
    return {"error": {"ko": ko or en, "en": en, "code": code}}


def message(key: str, **values) -> tuple[str, str]:
    text = MESSAGES[key]
    return text["en"].format(**values), text["ko"].format(**values)


def response(code: str, en: str, ko: str | None = None, status: int | None = None,
             headers: dict | None = None) -> Response:
    return Response(json.dumps(body(code, en, ko), ensure_ascii=False), status_code=status or STATUS[code],
                    headers=headers, media_type="application/json")


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
