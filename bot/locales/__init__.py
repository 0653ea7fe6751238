"""The bot's own catalogues: ``<language>/LC_MESSAGES/tavolo.po``, one per language of
``bot.i18n.LANGUAGES``, and the template ``tavolo.pot`` they are kept in step with
(``python -m bot i18n``; the README says how). Each game's words are in its own folder's
``locales``, kept the same way."""
