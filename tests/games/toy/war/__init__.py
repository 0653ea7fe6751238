"""War, two seats and a 52-card pack: the higher card takes both (RULES.md)."""
