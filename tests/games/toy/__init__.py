"""Throwaway games kept only in the tests: the guide (docs/adding-a-game.md) followed to the
letter, to prove that a game is one folder and one registry entry."""
