"""An SVG drawing of the Obelisk Wheel: six sections with their light, and each section's dice sorted
into Pure / Tainted / Forbidden rows."""
from __future__ import annotations

import math
from html import escape

LIGHT_FILL = {"sunny": "#fff6d5", "shaded": "#c9c9c9", "dark": "#3b3b3b"}
LIGHT_TEXT = {"sunny": "#222", "shaded": "#222", "dark": "#f0f0f0"}
DIE_FILL = {"white": "#ffffff", "black": "#111111", "yellow": "#f2c500", "brown": "#8b5a2b", "gray": "#8c8c8c"}
DIE_TEXT = {"white": "#000", "black": "#fff", "yellow": "#000", "brown": "#fff", "gray": "#000"}
ROWS = ("pure", "tainted", "forbidden")


def wheel_svg(sections: list[dict], size: int = 420) -> str:
    """sections: [{"god", "light", "dice": [{"color", "value", "state"}]}] in board order."""
    c = size / 2
    r_out, r_in = size / 2 - 4, size / 7
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" role="img" aria-label="Obelisk Wheel">']
    for i, sec in enumerate(sections):
        a0, a1 = math.radians(i * 60 - 90), math.radians((i + 1) * 60 - 90)
        points = [(c + r_in * math.cos(a0), c + r_in * math.sin(a0)), (c + r_out * math.cos(a0), c + r_out * math.sin(a0)),
                  (c + r_out * math.cos(a1), c + r_out * math.sin(a1)), (c + r_in * math.cos(a1), c + r_in * math.sin(a1))]
        path = (f"M{points[0][0]:.1f},{points[0][1]:.1f} L{points[1][0]:.1f},{points[1][1]:.1f} "
                f"A{r_out:.1f},{r_out:.1f} 0 0,1 {points[2][0]:.1f},{points[2][1]:.1f} "
                f"L{points[3][0]:.1f},{points[3][1]:.1f} A{r_in:.1f},{r_in:.1f} 0 0,0 {points[0][0]:.1f},{points[0][1]:.1f} Z")
        light = sec["light"]
        parts.append(f'<path d="{path}" fill="{LIGHT_FILL[light]}" stroke="#555" stroke-width="1.5"/>')
        mid = math.radians(i * 60 - 60)
        label_r = r_out - 18
        parts.append(f'<text x="{c + label_r * math.cos(mid):.1f}" y="{c + label_r * math.sin(mid):.1f}" '
                     f'font-size="12" text-anchor="middle" fill="{LIGHT_TEXT[light]}">'
                     f'{escape(sec["god"].title())} · {escape(light)}</text>')
        for row_index, row in enumerate(ROWS):
            dice = [d for d in sec["dice"] if d["state"] == row]
            radius = r_out - 42 - row_index * 26
            for k, die in enumerate(dice):
                angle = mid + math.radians((k - (len(dice) - 1) / 2) * 12)
                x, y = c + radius * math.cos(angle), c + radius * math.sin(angle)
                stroke = {"pure": "#2e7d32", "tainted": "#e65100", "forbidden": "#c62828"}[row]
                parts.append(f'<rect x="{x - 9:.1f}" y="{y - 9:.1f}" width="18" height="18" rx="3" '
                             f'fill="{DIE_FILL[die["color"]]}" stroke="{stroke}" stroke-width="2.5">'
                             f'<title>{escape(die["color"])} {die["value"]} ({row})</title></rect>')
                parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
                             f'fill="{DIE_TEXT[die["color"]]}">{int(die["value"])}</text>')
    parts.append(f'<circle cx="{c}" cy="{c}" r="{r_in - 6:.1f}" fill="#d9b26f" stroke="#7a5a1c"/>')
    parts.append(f'<text x="{c}" y="{c + 4}" font-size="12" text-anchor="middle">Obelisk</text>')
    parts.append('</svg>')
    return "".join(parts)
