"""Tournaments: a server's event, from sign-up to champion (knockout, Swiss, duplicate)."""
