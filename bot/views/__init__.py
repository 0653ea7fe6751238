"""What people see and click on Discord, one module per thing they use: the lobby, the board,
a hand, each kind of a game's input (marks, targets, numbers, takes, shortcuts), house rules,
the slash commands' moves, a server's choices and the league; what each click does sits
beside the class that receives it (``bot.views.click``); ``render`` draws the embeds,
``publisher`` sends what a table shows its channel.

The inputs' surfaces are registered as their modules are imported (``bot.views.kinds``), here,
so that whatever part of the views is imported first, a hand is drawn with all of them."""

from bot.views import kinds as kinds
