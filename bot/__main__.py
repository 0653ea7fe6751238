"""Tavolo: run the bot, or play and simulate the games without Discord.

python -m bot [--config config.toml]           run the Discord bot
python -m bot play GAME --seats N              play in the terminal against AI seats
python -m bot simulate GAME --seats N --ai easy,hard --games K --seed S [--json]
python -m bot cards --pack italian|french|florentine --out DIR   a pack's contact sheet (PNG)
python -m bot i18n extract|update|check [LANGUAGE...]   keep the catalogues in step with the code
python -m bot rules [--check]                  docs/RULES.md from each game's own RULES.md
python -m bot config example [FILE]            write its house rules from the games' options
python -m bot db copy --from URL --to URL      move the bot's data into another (empty) database
python -m bot db prune --before DATE --database URL   delete deals' records finished before DATE
python -m bot verify FILE                      check a deal's record: its commitment, deal and moves
python -m bot replay FILE                      play a deal's record back in the terminal
python -m bot health [--config config.toml]    0 while the bot's last heartbeat is recent, else 1
python -m bot web [--config config.toml]       serve the league's web pages ([web] in the config)
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

from bot.config import ConfigError, Settings, load_settings

EXIT_CONFIG = 2  # the configuration, or the database it names, cannot be used


def _settings(args: argparse.Namespace) -> Settings | None:
    """The settings ``--config`` names, or None once it is said why they cannot be used."""
    try:
        return load_settings(args.config, require_file=args.config_given)
    except ConfigError as exc:
        print(f"tavolo: {exc}", file=sys.stderr)
        return None


def _log(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )


def _run(args: argparse.Namespace) -> int:
    settings = _settings(args)
    if settings is None:
        return EXIT_CONFIG
    if not settings.discord.token.get_secret_value():
        print(
            "tavolo: no Discord token. Put it in config.toml ([discord] token = ...) "
            "or in the DISCORD_TOKEN environment variable.",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    _log(settings)
    from bot.app import run_bot  # imported late: `play` and `simulate` need no discord
    from bot.storage import DatabaseUnusable, ShardTaken

    try:
        run_bot(settings)
    except (ConfigError, DatabaseUnusable, ShardTaken) as exc:
        print(f"tavolo: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    return 0


def _web(args: argparse.Namespace) -> int:
    """The league's web pages, on their own (the bot may run elsewhere on the database)."""
    settings = _settings(args)
    if settings is None:
        return EXIT_CONFIG
    _log(settings)
    from bot.storage import DatabaseUnusable
    from bot.web.server import run_web  # imported late: only this command serves pages

    try:
        run_web(settings)
    except DatabaseUnusable as exc:
        print(f"tavolo: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    return 0


def _health(args: argparse.Namespace) -> int:
    """A container's health check: 0 while the running bot's gateway heartbeat is recent, else
    1 (1 for a broken configuration too: Docker reads any other code as unhealthy as well)."""
    from bot.health import check

    try:
        settings = load_settings(args.config, require_file=args.config_given)
    except ConfigError as exc:
        print(f"tavolo: {exc}", file=sys.stderr)
        return 1
    verdict = check(settings.heartbeat_file, settings.health.max_age, time.time())
    print(f"tavolo: {verdict.reason}", file=sys.stdout if verdict.healthy else sys.stderr)
    return 0 if verdict.healthy else 1


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("play", "simulate"):
        from bot.cli import play, simulate

        command = play.main if argv[0] == "play" else simulate.main
        return command(argv[1:])
    if argv and argv[0] in ("verify", "replay"):
        from bot.cli import replay, verify

        command = verify.main if argv[0] == "verify" else replay.main
        return command(argv[1:])
    if argv and argv[0] == "cards":
        from bot.cli import cards  # imported late: only this command needs Pillow

        return cards.main(argv[1:])
    if argv and argv[0] == "i18n":
        from bot.locales import tools  # imported late: a maintainer's tool

        return tools.main(argv[1:])
    if argv and argv[0] == "rules":
        from bot.cli import rules

        return rules.main(argv[1:])
    if argv and argv[0] == "config":
        from bot.config import example_main

        return example_main(argv[1:])
    if argv and argv[0] == "db":
        from bot.cli import db  # imported late: only this command copies databases

        return db.main(argv[1:])
    action = {"health": _health, "web": _web}.get(argv[0] if argv else "", _run)
    if argv and argv[0] in ("run", "health", "web"):
        argv = argv[1:]
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", type=Path, default=None, help="settings file (config.toml)")
    args = parser.parse_args(argv)
    args.config_given = args.config is not None
    if args.config is None:
        args.config = Path("config.toml")
    return action(args)


if __name__ == "__main__":
    sys.exit(main())
