"""An SVG drawing of an Imhotep situation: the five site boards with their stones, each harbor with its
docked ship, the ships still waiting, and every player's supply sled and score. Pure string
generation; labels in Korean or English."""
from __future__ import annotations

from html import escape

from . import data as D
from . import narrate as N
from .sites import temple_tops
from .state import State

FILL = {"black": "#262626", "white": "#f7f7f2", "brown": "#8a5a2e", "gray": "#9b9b9b"}
INK = {"black": "#ffffff", "white": "#222222", "brown": "#ffffff", "gray": "#111111"}
WIDTH, ROW = 900, 104
SITE_X, SITE_W = 190, 470
PANEL_X = 680


def _text(x, y, s, size=12, anchor="start", weight="normal", fill="#222"):
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" fill="{fill}" '
            f'font-family="sans-serif">{escape(str(s))}</text>')


def _stone(x, y, seat, size=16, label=""):
    if seat is None:
        return f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="none" stroke="#b9a77e" stroke-dasharray="3,2"/>'
    color = D.COLORS[seat]
    out = f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="2" fill="{FILL[color]}" stroke="#333"/>'
    if label != "":
        out += _text(x + size / 2, y + size * 0.72, label, size=max(11, int(size * 0.55)), anchor="middle", fill=INK[color])
    return out


def _ship(x, y, ship, index, lang):
    """Ship `index` (0-based in the state) drawn and numbered as players count it, from 1 (the narration's
    "ship 1")."""
    size, slots = ship[0], ship[1]
    w = 22 * size + 28
    number = N.counted(index)
    name = f"{number}번 배" if lang == "ko" else f"Ship {number}"
    out = [f'<g aria-label="{escape(name)}"><title>{escape(name)}</title>',
           f'<path d="M{x} {y} h{w - 12} l12 12 l-12 12 h-{w - 12} z" fill="#c9a46a" stroke="#6b4f22"/>']
    out.append(_text(x + 4, y + 16, number, size=11, weight="bold"))
    for j in range(size):        # slot 0, the bow, at the pointed end (right): it unloads first
        sx = x + w - 30 - 22 * j
        out.append(_stone(sx, y + 4, slots[j], 16))
    minimum = D.MINIMUM_LOAD[size]
    out.append(_text(x, y + 36, f"{size}칸 · 최소 {minimum}" if lang == "ko" else f"{size} space{'s' if size > 1 else ''} · min {minimum}", size=11,
                     fill="#555"))
    out.append("</g>")
    return "".join(out)


def svg(state: State, lang: str = "en") -> str:
    ko = lang == "ko"
    parts: list[str] = []
    height = 40 + ROW * 5 + 20
    docked = {ship[2]: (i, ship) for i, ship in enumerate(state.ships) if ship[2]}
    title = (f"{state.round}라운드" if ko else f"Round {state.round}")
    parts.append(_text(10, 22, title, size=15, weight="bold"))
    parts.append(_text(SITE_X, 22, "항구 ← 배가 들어오는 곳" if ko else "harbors on the left: ships dock there", size=11,
                       fill="#555"))
    for row, site in enumerate(D.SITES):
        y = 36 + row * ROW
        side = state.sides[site]
        parts.append(f'<rect x="10" y="{y}" width="{SITE_X - 20}" height="{ROW - 10}" fill="#e9f1f7" stroke="#9bb"/>')
        if site in docked:
            i, ship = docked[site]
            parts.append(_ship(18, y + 26, ship, i, lang))
        else:
            parts.append(_text(20, y + 50, "빈 항구" if ko else "empty harbor", size=11, fill="#789"))
        parts.append(f'<rect x="{SITE_X}" y="{y}" width="{SITE_W}" height="{ROW - 10}" fill="#f3e6c4" stroke="#a88b4a"/>')
        name = N.site(site, lang)
        parts.append(_text(SITE_X + 8, y + 16, f"{name[:1].upper() + name[1:]} ({side})", size=13, weight="bold"))
        parts.append(DRAW[site](state, SITE_X + 8, y + 24, lang))
    parts.append(_panel(state, lang))
    body = "".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
            f'role="img" aria-label="{escape(title)}"><rect width="100%" height="100%" fill="#fffdf6"/>{body}</svg>')


def _market(state: State, x, y, lang):
    out = []
    for i, card in enumerate(state.market):
        cx = x + i * 96
        out.append(f'<rect x="{cx}" y="{y}" width="90" height="44" rx="4" fill="{_card_fill(card)}" stroke="#555"/>')
        out.append(_text(cx + 45, y + 27, N.card(card, lang) if card else "—", size=11, anchor="middle"))
    if state.hidden:
        cx = x + len(state.market) * 96
        out.append(f'<rect x="{cx}" y="{y}" width="90" height="44" rx="4" fill="#6d5a3a" stroke="#555"/>')
        out.append(_text(cx + 45, y + 27, f"뒷면 {len(state.hidden)}장" if lang == "ko" else f"{len(state.hidden)} face down",
                         size=11, anchor="middle", fill="#fff"))
    return "".join(out)


def _card_fill(card):
    return {"red": "#f2b3a8", "green": "#bfe3b4", "purple": "#d6c1ea", "blue": "#b7d3f2"}.get(D.CARD_COLOR.get(card), "#eee")


def _pyramid(state: State, x, y, lang):
    out = []
    if state.sides["pyramid"] == "A":
        stones = state.pyramid[0]
        cells = [(x + c * 20, y + r * 20) for c in range(3) for r in range(3)]
        cells += [(x + 72 + c * 20, y + 10 + r * 20) for c in range(2) for r in range(2)]
        cells += [(x + 124, y + 20)]
        for index, (cx, cy) in enumerate(cells):
            seat = stones[index] if index < len(stones) else None
            out.append(_stone(cx, cy, seat, 18, "" if seat is not None else ""))
            if seat is None:
                out.append(_text(cx + 9, cy + 13, D.PYRAMID_A[index], size=11, anchor="middle", fill="#8a7440"))
        extra = len(stones) - len(D.PYRAMID_A)
        if extra > 0:
            out.append(_text(x + 160, y + 36, f"+{extra}", size=12))
        return "".join(out)
    for k in range(D.PYRAMID_B_COUNT):
        px = x + k * 120
        spaces = D.PYRAMID_B_SPACES[k]
        cells = [(px + c * 20, y + r * 20) for c in range(2) for r in range(2)] + [(px + 50, y + 10)]
        for index, (cx, cy) in enumerate(cells):
            seat = state.pyramid[k][index] if index < len(state.pyramid[k]) else None
            out.append(_stone(cx, cy, seat, 18))
            if seat is None:
                points, bonus = spaces[index]
                out.append(_text(cx + 9, cy + 13, f"{points}{'*' if bonus else ''}", size=11, anchor="middle", fill="#8a7440"))
    beside = len(state.pyramid[D.PYRAMID_B_COUNT])
    if beside:
        out.append(_text(x + 370, y + 36, f"+{beside}", size=12))
    return "".join(out)


def _temple(state: State, x, y, lang):
    out = []
    spaces = D.TEMPLE_SPACES[state.players]
    tops = temple_tops(state)
    for i in range(spaces):
        height = sum(1 for k in range(len(state.temple)) if k % spaces == i)
        cx = x + i * 74
        out.append(_stone(cx, y + 8, tops[i], 26, str(height) if height else ""))
        if state.sides["temple"] == "B":
            reward = D.TEMPLE_B_REWARDS[i]
            words = {"choice": ("1pt/2 stones", "1점/석재2"), "points2": ("2 pts", "2점"), "card": ("card", "카드")}[reward]
            out.append(_text(cx + 13, y + 50, N.pick(words, lang), size=11, anchor="middle", fill="#555"))
    out.append(_text(x + spaces * 74 + 6, y + 26, "숫자 = 층수" if lang == "ko" else "number = levels", size=11, fill="#555"))
    return "".join(out)


def _burial(state: State, x, y, lang):
    out = []
    columns = max(5, (len(state.burial) + 2) // 3)
    cell = 16 if columns <= 26 else max(6, 440 // columns)
    for index in range(columns * 3):
        seat = state.burial[index] if index < len(state.burial) else None
        out.append(_stone(x + (index // 3) * (cell + 1), y + (index % 3) * (cell + 1), seat, cell))
    return "".join(out)


def _obelisk(state: State, x, y, lang):
    out = []
    for seat in range(state.players):
        cx = x + seat * 70
        n = state.obelisk[seat]
        out.append(_stone(cx, y + 14, seat, 24, str(n)))
        if state.sides["obelisk"] == "B":
            built = [t[0] for t in state.towers if t[1] == seat]
            if built:
                out.append(_text(cx + 28, y + 30, "+" + ",".join(str(p) for p in built), size=11))
    note = ("숫자 = 보관 중" if lang == "ko" else "number = waiting") if state.sides["obelisk"] == "B" else (
        "숫자 = 높이" if lang == "ko" else "number = height")
    out.append(_text(x + state.players * 70, y + 30, note, size=11, fill="#555"))
    return "".join(out)


DRAW = {"market": _market, "pyramid": _pyramid, "temple": _temple, "burial": _burial, "obelisk": _obelisk}


def _panel(state: State, lang):
    ko = lang == "ko"
    out = [_text(PANEL_X, 46, "출발 전 배" if ko else "Ships not yet sailed", size=12, weight="bold")]
    y = 56
    for i, ship in enumerate(state.ships):
        if ship[2] is None:
            out.append(_ship(PANEL_X, y, ship, i, lang))
            y += 46
    y = max(y + 10, 260)
    out.append(_text(PANEL_X, y, "개인창고 · 점수" if ko else "Supply sleds · score", size=12, weight="bold"))
    for seat in range(state.players):
        sy = y + 12 + seat * 30
        out.append(_stone(PANEL_X, sy, seat, 20))
        sled = state.sled[seat]
        words = f"{N.color(seat, lang)}: 석재 {sled} · {state.score[seat]}점" if ko else \
            f"{N.color(seat, lang)}: {sled} stone(s) · {state.score[seat]} pts"
        out.append(_text(PANEL_X + 26, sy + 15, words, size=11))
    return "".join(out)
