"""Every kind of input's surface, registered once (``bot.views.inputs``): importing this
module registers them all. A new kind of input is a type in ``bot.games.moves`` and its
module here, one line below."""

from __future__ import annotations

from bot.views import marks, numbers, shortcuts, takes, targets

MODULES = (marks, numbers, shortcuts, takes, targets)
CLICKS = (*marks.CLICKS, *targets.CLICKS)
FORMS = numbers.FORMS
