"""Tavolo: a Discord bot that seats people at card tables."""
