"""Errors shared by the rules engines."""
from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid. `rule_id` names the rule (a KB id, kept as plain data: the engine
    does not import the KB) so the assistant can cite it; `message_ko` is the Korean wording where the
    engine has one (players read refusals in their own language)."""

    def __init__(self, rule_id: str, message: str, message_ko: str | None = None):
        self.rule_id = rule_id
        self.message = message
        self.message_ko = message_ko
        super().__init__(f"{message} [{rule_id}]")

    def text(self, lang: str) -> str:
        return self.message_ko if lang == "ko" and self.message_ko else self.message
