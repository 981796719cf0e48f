"""Tekhenu: Time of Seth as an overlay on the Tekhenu engine (engine/tekhenu/variants.py): the expansion's
changes at the base engine's extension points, registered as the game `tekhenu-time-of-set`."""
