"""Tekhenu: Obelisk of the Sun as an executable rules engine (no dependency on kb/ or app/)."""
from .actions import (ChooseDecree, ChooseDestiny, ChooseReward, ChooseStarting, Perform, TakeDie,
                      UseBlessing, action_from_json, action_to_json)
from .rules import apply, legal_actions, new_game
from .state import Die, PlayerState, State

__all__ = ["ChooseDecree", "ChooseDestiny", "ChooseReward", "ChooseStarting", "Die", "Perform", "PlayerState", "State", "TakeDie", "UseBlessing",
           "action_from_json", "action_to_json", "apply", "legal_actions", "new_game"]
