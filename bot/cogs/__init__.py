"""Thin slash-command handlers: parse, call the table manager, render."""
