"""Through the Ages: A Story of Civilization (2006 edition) — the rules engine, registered as
`through-the-ages` (engine/through_the_ages/game.py)."""
