"""The Seth board as SVG (pure string generation): its six regions in two columns with their Building spaces,
the Statues below the columns and at the bottom, its gray dice, the Conquest tiles on the Temple Complex, and
the viewer's Soldiers, Priests and Blood tokens. Labels in the asked language; the region rewards and Building
VP drawn are the engine's facts (assumed where the board is not published: data/seth_board.yaml)."""
from __future__ import annotations

from html import escape

from ..tekhenu import temple
from . import board, ext
from .facts import F
from .terms import term

SEAT_COLORS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")
WIDTH, ROW_H, COL_W = 520, 70, 180


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "middle", weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'font-family="sans-serif">{escape(text)}</text>')


def _piece(x: float, y: float, seat, r: int = 9) -> str:
    """A player's piece: the seat's colour and, so that it reads without colour, the player's number
    (counted from 1, as the narration counts players)."""
    fill = SEAT_COLORS[seat % len(SEAT_COLORS)] if seat is not None else "#ffffff"
    out = f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#333" stroke-width="1"/>'
    if seat is not None:
        out += (f'<text x="{x}" y="{y + r * 0.38:.1f}" font-size="{r}" text-anchor="middle" font-weight="bold" '
                f'fill="#ffffff" font-family="sans-serif">{seat + 1}</text>')
    return out


def _reward_words(reward: dict, lang: str) -> str:
    return ", ".join(f"{term(k, lang)} {v}" for k, v in reward.items())


def svg(state, lang: str = "en", viewer: int = 0) -> str | None:
    if state.ext is None or not ext.seth_on(state):
        return None
    ko = lang == "ko"
    columns = F("seth_board.columns")
    height = 110 + 3 * ROW_H + 190
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">',
           f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#f4ecd8" stroke="#7d6608"/>',
           _text(WIDTH / 2, 24, term("seth_board", lang) + f" ({board.side(state)}" + ("인용)" if ko else " players)"),
                 16, weight="bold")]
    for c, regions in enumerate(columns):
        x0 = 20 + c * (COL_W + 20)
        out.append(_text(x0 + COL_W / 2, 48, f"{c + 1}" + ("열" if ko else f" {term('column', lang)}"), 12))
        for r, region in enumerate(regions):
            y0 = 56 + r * ROW_H
            out.append(f'<rect x="{x0}" y="{y0}" width="{COL_W}" height="{ROW_H - 8}" rx="6" fill="#e8d5a3" '
                       f'stroke="#7d6608"/>')
            out.append(_text(x0 + 10, y0 + 18, f"{region}", 14, "start", "bold"))
            out.append(_text(x0 + 28, y0 + 18, _reward_words(board.region_reward(state, region), lang), 11, "start"))
            for i, seat in enumerate(board.spaces(state, region)):
                cx = x0 + 40 + i * 70
                out.append(_piece(cx, y0 + 40, seat, 11))
                out.append(_text(cx + 28, y0 + 44, f"{board.building_vp(state, i)}" + ("점" if ko else " VP"), 10))
        statue = board.column_statue(state, c)
        y_statue = 56 + 3 * ROW_H + 6
        out.append(f'<rect x="{x0 + COL_W / 2 - 14}" y="{y_statue}" width="28" height="28" fill="#fff" stroke="#333"/>')
        if statue is not None:
            out.append(_piece(x0 + COL_W / 2, y_statue + 14, statue, 10))
        out.append(_text(x0 + COL_W / 2, y_statue + 44, term("people_statue", lang), 10))
    x_side = 2 * (COL_W + 20) + 20
    out.append(_text(x_side + 50, 48, term("die", lang) if not ko else "주사위", 12))
    for i, die in enumerate(board.dice(state)):
        y = 58 + i * 34
        out.append(f'<rect x="{x_side + 36}" y="{y}" width="28" height="28" rx="4" fill="#aab7b8" stroke="#333"/>')
        out.append(_text(x_side + 50, y + 19, str(die.value), 14, weight="bold"))
    y_honor = 56 + 3 * ROW_H + 70
    out.append(_text(WIDTH / 2, y_honor, term("honor_statue", lang), 12, weight="bold"))
    honor = state.god_statues.get(board.SETH, [])
    for i in range(board.honor_spaces(state)):
        x = WIDTH / 2 + (i - (board.honor_spaces(state) - 1) / 2) * 40
        out.append(f'<rect x="{x - 14}" y="{y_honor + 8}" width="28" height="28" fill="#fff" stroke="#333"/>')
        if i < len(honor):
            out.append(_piece(x, y_honor + 22, honor[i], 10))
    y_temple = y_honor + 56
    n = temple.size()
    out.append(_text(70, y_temple - 6, term("temple", lang), 11, weight="bold"))
    placed = state.ext["conquest"]["placed"]
    for rr, cc in temple.cells():
        key = f"{rr},{cc}"
        x, y = 30 + cc * 28, y_temple + rr * 28
        fill = "#d5dbdb" if key in state.temple else ("#f5b7b1" if key in placed else "#ffffff")
        out.append(f'<rect x="{x}" y="{y}" width="26" height="26" fill="{fill}" stroke="#555"/>')
        tile = placed.get(key) if key not in state.temple else None
        if tile:
            out.append(_text(x + 13, y + 17, tile, 9))
    top = board.top_tile(state)
    out.append(_text(40 + n * 28, y_temple + 14, (f"{term('conquest', lang)}: {top}" if top else
                                                   f"{term('conquest', lang)}: -"), 11, "start"))
    record = state.ext["players"][viewer]
    p = state.player[viewer]
    who = f"플레이어 {viewer + 1}" if ko else f"Player {viewer + 1}"
    out.append(_text(40 + n * 28, y_temple + 40, f"{who}: {term('soldiers', lang)} {record['soldiers']}, "
                                                 f"{term('priests', lang)} {record['priests']}, "
                                                 f"{term('blood', lang)} {p.permanent_taint}", 11, "start"))
    out.append("</svg>")
    return "".join(out)
