"""Errors shared by the rules engines."""
from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid. `rule_id` names the rule (a KB id, kept as plain data: the engine
    does not import the KB) so the assistant can cite it."""

    def __init__(self, rule_id: str, message: str):
        self.rule_id = rule_id
        self.message = message
        super().__init__(f"{message} [{rule_id}]")
