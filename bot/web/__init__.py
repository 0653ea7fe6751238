"""The league's web pages: standings, each player's page with their rating chart, and the
live tables' public boards, for each server whose admins ran /league web on.

Served by aiohttp from the bot's database (``python -m bot web``, or inside the bot with
``[web] in_bot``); pages are Jinja2 templates, escaped, with no inline script, and work
without JavaScript except the live board, which follows its table by server-sent events.
"""
