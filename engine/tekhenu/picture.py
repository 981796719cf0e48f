"""The Obelisk Wheel as SVG (pure string generation): six sections with their light and each section's dice
sorted into Pure / Tainted / Forbidden rows, and beside it one player's scales — the dice taken this
Maat period on the Pure and Tainted sides, the excess production as Taint, Anubis dice below — so that a
die taken in an example leaves the wheel and appears where the rules put it. Labels in Korean or
English; the drawing is sized to its longest label, so nothing is clipped."""
from __future__ import annotations

import math
from html import escape

from .board import FACTS, GODS
from .narrate import label as narrate_label
from .terms import term

LIGHT_FILL = {"sunny": "#fff6d5", "shaded": "#c9c9c9", "dark": "#3b3b3b"}
LIGHT_TEXT = {"sunny": "#222", "shaded": "#222", "dark": "#f0f0f0"}
DIE_FILL = {"white": "#ffffff", "black": "#111111", "yellow": "#f2c500", "brown": "#8b5a2b", "gray": "#8c8c8c"}
DIE_TEXT = {"white": "#000", "black": "#fff", "yellow": "#000", "brown": "#fff", "gray": "#000"}
PURITY_STROKE = {"pure": "#2e7d32", "tainted": "#e65100", "forbidden": "#c62828"}
# each state has a shape too, so it reads without telling red from orange (on a brown die, to a colour-blind
# reader, in print): Pure a solid outline and a round badge, Tainted a dashed outline and a triangle,
# Forbidden a solid outline and a square badge crossed out
PURITY_DASH = {"pure": None, "tainted": "4,2", "forbidden": None}
ROWS = ("pure", "tainted", "forbidden")
FONT = "font-family=\"'Noto Sans KR','Malgun Gothic','Apple SD Gothic Neo',sans-serif\""
R_OUT, R_IN, DIE = 150, 46, 18
LABEL_SIZE, SMALL = 13, 11


def text_width(text: str, size: float) -> float:
    """An upper estimate of a label's width: Hangul and other wide characters one em, the rest 0.62 em."""
    return sum(size if ord(ch) > 0x2E80 else size * 0.62 for ch in text)


def wheel_svg(state, lang: str = "en", seat: int | None = None) -> str:
    """The wheel of `state`, with `seat`'s scales beside it (None: the wheel alone)."""
    labels = [(term(GODS[s], lang), term(state.light(s), lang)) for s in range(len(GODS))]
    margin = max(text_width(name, LABEL_SIZE + 1) for pair in labels for name in pair) + 16
    cx = cy = R_OUT + margin
    wheel_w = 2 * (R_OUT + margin)
    title = term("obelisk_wheel", lang)
    legend = [(term(row, lang), PURITY_STROKE[row]) for row in ROWS]
    panel = _scales_panel(state, seat, lang) if seat is not None else None
    panel_w = panel[0] if panel else 0
    width = wheel_w + panel_w
    height = 2 * (R_OUT + 34) + 34
    top = 26
    cy = top + R_OUT + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
             f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{escape(title)}" {FONT}>',
             f'<text x="{cx:.1f}" y="18" font-size="{LABEL_SIZE + 2}" text-anchor="middle" font-weight="bold">'
             f'{escape(title)}</text>']
    for index, section in enumerate(state.sections):
        parts += _section(state, index, section, cx, cy, labels[index])
    parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{R_IN - 6}" fill="#d9b26f" stroke="#7a5a1c"/>')
    parts.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="{SMALL}" text-anchor="middle">'
                 f'{escape(term("obelisk_wheel", lang).split()[0])}</text>')
    x = 8.0
    for (name, _), row in zip(legend, ROWS):       # which outline and badge mean Pure, Tainted, Forbidden
        y = height - 12
        parts += _die_outline(x + 6, y - 4, 12, "#ffffff", row)
        parts.append(f'<text x="{x + 20:.1f}" y="{y:.1f}" font-size="{SMALL}">{escape(name)}</text>')
        x += 20 + text_width(name, SMALL) + 14
    if panel:
        parts += panel[1](wheel_w, top)
    parts.append("</svg>")
    return "".join(parts)


def _section(state, index: int, dice: list, cx: float, cy: float, label: tuple[str, str]) -> list[str]:
    a0, a1 = math.radians(index * 60 - 90), math.radians((index + 1) * 60 - 90)
    light = state.light(index)

    def at(r, a):
        return cx + r * math.cos(a), cy + r * math.sin(a)

    p0, p1, p2, p3 = at(R_IN, a0), at(R_OUT, a0), at(R_OUT, a1), at(R_IN, a1)
    path = (f"M{p0[0]:.1f},{p0[1]:.1f} L{p1[0]:.1f},{p1[1]:.1f} A{R_OUT},{R_OUT} 0 0,1 {p2[0]:.1f},{p2[1]:.1f} "
            f"L{p3[0]:.1f},{p3[1]:.1f} A{R_IN},{R_IN} 0 0,0 {p0[0]:.1f},{p0[1]:.1f} Z")
    out = [f'<path d="{path}" fill="{LIGHT_FILL[light]}" stroke="#555" stroke-width="1.5"/>']
    mid = (a0 + a1) / 2
    lx, ly = at(R_OUT + 12, mid)
    anchor = "start" if math.cos(mid) > 0.2 else "end" if math.cos(mid) < -0.2 else "middle"
    dy = -4 if math.sin(mid) < -0.2 else 14 if math.sin(mid) > 0.2 else 4
    out.append(f'<text x="{lx:.1f}" y="{ly + dy - 7:.1f}" font-size="{LABEL_SIZE}" font-weight="bold" '
               f'text-anchor="{anchor}">{escape(label[0])}</text>')
    out.append(f'<text x="{lx:.1f}" y="{ly + dy + 7:.1f}" font-size="{SMALL}" text-anchor="{anchor}" '
               f'fill="#555">{escape(label[1])}</text>')
    purity = FACTS("purity")[light]
    for row_index, row in enumerate(ROWS):
        row_dice = [d for d in dice if purity[d.color] == row]
        if not row_dice:
            continue
        radius = R_OUT - 22 - row_index * 27
        spacing = min(DIE + 4, radius * math.radians(50) / len(row_dice))   # the row fits in its section
        step, size = spacing / radius, min(DIE, spacing - 3)
        for k, die in enumerate(row_dice):
            x, y = at(radius, mid + (k - (len(row_dice) - 1) / 2) * step)
            out += _die(x, y, size, die.color, die.value, row)
    return out


def _die_outline(x: float, y: float, size: float, fill: str, row: str | None, label: str = "") -> list[str]:
    """A die's square with its state's outline and badge (`row`: pure, tainted, forbidden; None: no state,
    a plain outline)."""
    half = size / 2
    stroke = PURITY_STROKE.get(row, "#555")
    dash = f' stroke-dasharray="{PURITY_DASH[row]}"' if row and PURITY_DASH[row] else ""
    title = f"<title>{escape(label)}</title>" if label else ""
    out = [f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{size:.1f}" height="{size:.1f}" rx="3" '
           f'fill="{fill}" stroke="{stroke}" stroke-width="2.5"{dash} data-state="{row or ""}">{title}</rect>']
    r, bx, by = max(4.0, size * 0.28), x + half, y - half           # the badge sits on the top-right corner
    if row == "pure":
        out.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{r:.1f}" fill="{stroke}" stroke="#fff" stroke-width="1"/>')
    elif row == "tainted":
        out.append(f'<path d="M{bx:.1f},{by - r * 1.2:.1f} L{bx + r * 1.1:.1f},{by + r * 0.8:.1f} '
                   f'L{bx - r * 1.1:.1f},{by + r * 0.8:.1f} Z" fill="{stroke}" stroke="#fff" stroke-width="1"/>')
    elif row == "forbidden":
        out.append(f'<rect x="{bx - r:.1f}" y="{by - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="{stroke}" '
                   f'stroke="#fff" stroke-width="1"/>')
        out.append(f'<path d="M{bx - r * 0.6:.1f},{by - r * 0.6:.1f} L{bx + r * 0.6:.1f},{by + r * 0.6:.1f} '
                   f'M{bx + r * 0.6:.1f},{by - r * 0.6:.1f} L{bx - r * 0.6:.1f},{by + r * 0.6:.1f}" '
                   f'stroke="#fff" stroke-width="1.5"/>')
    return out


def _die(x: float, y: float, size: float, color: str, value: int, row: str | None) -> list[str]:
    return _die_outline(x, y, size, DIE_FILL[color], row, f"{color} {value}") + [
        f'<text x="{x:.1f}" y="{y + size * 0.22:.1f}" font-size="{size * 0.6:.1f}" text-anchor="middle" '
        f'fill="{DIE_TEXT[color]}">{int(value)}</text>']


def _scales_panel(state, seat: int, lang: str):
    """(width, draw(x0, y0)) of one player's scales: Pure side, Tainted side with its Taint, Anubis dice."""
    p = state.player[seat]
    player = f"플레이어 {seat + 1}" if lang == "ko" else f"Player {seat + 1}"
    if state.solo is not None and seat == state.solo["seat"]:
        player = term("botankhamun", lang)
    heads = [f"{player} · {narrate_label('scales', lang)}", term("pure", lang), term("tainted", lang),
             f"{term('taint', lang)} {p.taint_resources}", f"{term('anubis', lang)} ({'저울 아래' if lang == 'ko' else 'below'})"]
    width = max(text_width(h, LABEL_SIZE) for h in heads) + 40
    width = max(width, 4 * (DIE + 6) + 40)
    balance = sum(d.value for d in p.pure) - sum(d.value for d in p.tainted) - p.taint_resources

    def draw(x0: float, y0: float) -> list[str]:
        out = [f'<text x="{x0 + 10:.1f}" y="{y0 + 20:.1f}" font-size="{LABEL_SIZE}" font-weight="bold">'
               f'{escape(heads[0])}</text>']
        rows = ((heads[1], p.pure, "pure"), (heads[2], p.tainted, "tainted"), (heads[4], p.below, None))
        y = y0 + 44
        for head, dice, row in rows:
            out.append(f'<text x="{x0 + 10:.1f}" y="{y:.1f}" font-size="{SMALL}">{escape(head)}</text>')
            for k, die in enumerate(dice):
                out += _die(x0 + 10 + DIE / 2 + k * (DIE + 6), y + 16, DIE, die.color, die.value, row)
            y += 48
            if row == "tainted":
                out.append(f'<text x="{x0 + 10:.1f}" y="{y - 10:.1f}" font-size="{SMALL}">{escape(heads[3])}</text>')
                y += 10
        out.append(f'<text x="{x0 + 10:.1f}" y="{y + 4:.1f}" font-size="{LABEL_SIZE}">'
                   f'{escape(narrate_label("balance", lang))} {balance:+d}</text>')
        return out

    return width, draw
