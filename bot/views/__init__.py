"""What people see and click on Discord, one module per thing they use: the lobby, the board,
a hand, a game's targets, house rules, the slash commands' moves, a server's choices and the
league; what each click does sits beside the class that receives it (``bot.views.click``);
``render`` draws the embeds, ``publisher`` sends what a table shows its channel."""
