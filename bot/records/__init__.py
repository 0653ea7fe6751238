"""A finished deal's record: its versioned schema, the commitment that proves its deck was
fixed before the first card, its replay step by step through the engine, and its check."""
