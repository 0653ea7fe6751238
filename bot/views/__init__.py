"""What people see and click on Discord: boards, hands, buttons, selects and modals, what each
click or command does (``flows``), and what a table sends to its channel (``publisher``)."""
