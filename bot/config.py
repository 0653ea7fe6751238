"""Settings: read from a TOML file and overridden by environment variables.

Every key is documented in ``config.example.toml``. An environment variable
``TAVOLO_<SECTION>__<KEY>`` overrides a key (``TAVOLO_TABLES__TURN_TIMEOUT=60``), and the
token may also come from ``DISCORD_TOKEN``. No settings object exists at import time:
``load_settings`` builds one when the program starts.
"""

from __future__ import annotations

import argparse
import json
import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from bot.games import SPECS, GameError
from bot.games.base import parse_options

DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"


class ConfigError(Exception):
    """The configuration cannot be used; the message says which key and why."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DiscordSettings(_Section):
    # A secret: shown as ********** in a repr, an error or a log; get_secret_value() reads it.
    token: SecretStr = SecretStr("")
    api_base: str = DISCORD_API
    gateway_url: str = DISCORD_GATEWAY
    sync_guild_id: int | None = None
    # Shards: None lets Discord say how many, all run here. Several processes sharing one
    # PostgreSQL database each run their own ``shard_ids`` of ``shard_count``.
    shard_count: int | None = Field(default=None, ge=1, le=100_000)
    shard_ids: list[int] | None = None
    # Requests a second Discord allows the bot, all its shards and processes together (50
    # unless Discord raised it for a large bot); each process keeps to its shards' share.
    global_rate_limit: int = Field(default=50, ge=1, le=100_000)

    @model_validator(mode="after")
    def _shards_of_the_count(self) -> DiscordSettings:
        ids = self.shard_ids
        if ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("shard_ids needs shard_count: how many shards there are in all")
        if not ids or len(set(ids)) != len(ids) or not all(0 <= i < self.shard_count for i in ids):
            raise ValueError(
                f"shard_ids must be different numbers from 0 to {self.shard_count - 1}"
                " (shard_count - 1)"
            )
        return self

    @property
    def some_shards(self) -> bool:
        """This process runs only some of the bot's shards: others run the rest."""
        return self.shard_ids is not None and len(self.shard_ids) < (self.shard_count or 0)

    @property
    def share(self) -> float:
        """The part of the bot's shards this process runs (1.0: all of them)."""
        if self.shard_count is None or self.shard_ids is None:
            return 1.0
        return len(self.shard_ids) / self.shard_count

    def runs(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (Discord's own rule)."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids


DATABASE_SCHEMES = ("sqlite:///", "postgresql://", "postgres://")


class DatabaseSettings(_Section):
    # ``sqlite:///path`` or ``postgresql://user@host:port/db``; None: the SQLite file ``path``.
    url: str | None = None
    path: Path = Path("tavolo.sqlite3")
    busy_timeout: float = Field(default=5.0, ge=0, le=600)
    connections: int = Field(default=10, ge=1, le=1000)  # PostgreSQL: the pool's largest size

    @field_validator("url")
    @classmethod
    def _a_database_url(cls, url: str | None) -> str | None:
        # The message never repeats the URL: it may hold a password.
        if url is not None and not url.startswith(DATABASE_SCHEMES):
            raise ValueError(
                "not a database URL: write sqlite:///path/to/file.sqlite3 (a SQLite file) or"
                " postgresql://user@host:port/database (a PostgreSQL server)"
            )
        if url == "sqlite:///":
            raise ValueError("sqlite:/// needs the file's path after it")
        return url

    @property
    def target(self) -> str:
        """The database to open, as a URL: ``url``, else the SQLite file ``path``."""
        return self.url or f"sqlite:///{self.path}"


class TableSettings(_Section):
    turn_timeout: float = Field(default=120.0, gt=0)
    timeouts_before_ai: int = Field(default=2, ge=1)
    ai_delay: float = Field(default=1.5, ge=0)
    board_edit_interval: float = Field(default=1.2, ge=0)
    turn_ping_after: float = Field(default=15.0, ge=0)
    ai_workers: int = Field(default=1, ge=1, le=16)


class SendSettings(_Section):
    """What the bot sends to the channels, inside Discord's rate limits (bot/views/outbox.py)."""

    # Messages or edits in any ``channel_window`` seconds, per channel (Discord: 5 per 5 s;
    # a send counts from its answer, ``Outbox.slot``: the quarter second more is a margin
    # for Discord's own accounting).
    channel_sends: int = Field(default=5, ge=1, le=5)
    channel_window: float = Field(default=5.25, gt=0, le=60)
    # The window of the budget all channels share (``global_rate_limit`` requests a second).
    global_window: float = Field(default=1.05, gt=0, le=60)
    # Seconds the moves the boards show are collected before they are stored in one write.
    drawn_store_delay: float = Field(default=5.0, ge=0, le=600)


FORMER_LEAGUE_NAMES = {"minchiate_win": "partnership_win", "minchiate_draw": "partnership_draw"}
"""League settings renamed, by their former names."""


class LeagueSettings(_Section):
    """Who earns league points, and how many (see README: "The league")."""

    min_humans: int = Field(default=2, ge=1)
    points_per_opponent_below: int = Field(default=1, ge=0, le=100)
    # Each partner's points for a side's win or draw, in a partnership game.
    partnership_win: int = Field(default=2, ge=0, le=100)
    partnership_draw: int = Field(default=1, ge=0, le=100)

    @model_validator(mode="before")
    @classmethod
    def _former_names(cls, data: Any) -> Any:
        """The partnership settings' first names are still read, from the file or the
        environment; the new name wins when both are given."""
        if isinstance(data, dict):
            data = dict(data)
            for old, new in FORMER_LEAGUE_NAMES.items():
                if old in data:
                    data.setdefault(new, data.pop(old))
        return data


class HealthSettings(_Section):
    """The heartbeat record behind ``python -m bot health`` (see bot/health.py)."""

    # None: beside the SQLite file ``[database] path`` (``tavolo.sqlite3.heartbeat``).
    heartbeat_file: Path | None = None
    # Healthy while the last heartbeat acknowledgement is at most this many seconds old
    # (Discord asks for a heartbeat about every 41 s: 90 s is two missed).
    max_age: float = Field(default=90.0, gt=0)
    # How often the bot looks for a new acknowledgement and records it.
    record_interval: float = Field(default=5.0, ge=0.05, le=60)


class WebSettings(_Section):
    """The league's web pages (``python -m bot web``, bot/web): off for every server until
    its admins run /league web on."""

    host: str = "127.0.0.1"
    port: int = Field(default=8080, ge=0, le=65535)  # 0: any free port (tests)
    # Where people reach the pages (behind a proxy, say), for the links from Discord; None:
    # no links.
    public_address: str | None = None
    # Serve the pages from the bot's own process as well (else run `python -m bot web`).
    in_bot: bool = False
    # The most live boards followed at once (each an open connection) by one process, and by
    # one client address (0: no cap per address; behind a proxy, every watcher has its address).
    streams: int = Field(default=500, ge=1)
    streams_per_address: int = Field(default=0, ge=0)

    @field_validator("public_address")
    @classmethod
    def _an_address(cls, address: str | None) -> str | None:
        if address is not None and not address.startswith(("http://", "https://")):
            raise ValueError("write the pages' address as https://host/ (or http://)")
        return address.rstrip("/") if address is not None else None


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="TAVOLO_", env_nested_delimiter="__", extra="forbid"
    )

    discord: DiscordSettings = DiscordSettings()
    database: DatabaseSettings = DatabaseSettings()
    tables: TableSettings = TableSettings()
    sends: SendSettings = SendSettings()
    league: LeagueSettings = LeagueSettings()
    health: HealthSettings = HealthSettings()
    web: WebSettings = WebSettings()
    rules: dict[str, dict[str, Any]] = Field(default_factory=dict)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # "auto": uvloop's event loop where it is installed, else asyncio's own.
    event_loop: Literal["auto", "uvloop", "asyncio"] = "auto"

    @model_validator(mode="after")
    def _shared_shards_share_postgresql(self) -> Settings:
        if self.discord.some_shards and not self.database.target.startswith("postgres"):
            raise ValueError(
                "discord.shard_ids runs only some shards here, so other processes run the rest"
                " on the same database: that needs PostgreSQL ([database] url = postgresql://...)"
            )
        return self

    @property
    def heartbeat_file(self) -> Path:
        """Where the bot records its last heartbeat acknowledgement."""
        path = self.database.path
        return self.health.heartbeat_file or path.with_name(f"{path.name}.heartbeat")

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Environment first, then what the file said (passed in as init values).
        return (env_settings, init_settings)


def load_settings(path: Path | None, *, require_file: bool = False) -> Settings:
    """Read ``path`` (if it exists) and the environment; raise ConfigError with the reason."""
    data: dict[str, Any] = {}
    if path is not None and path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: not a readable TOML file ({exc}).") from None
    elif require_file:
        raise ConfigError(f"{path}: no such configuration file.")
    try:
        settings = Settings(**data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"Invalid configuration: {problems}.") from None
    _check_house_rules(settings.rules)
    token = os.environ.get("DISCORD_TOKEN")
    if token and not settings.discord.token.get_secret_value():
        settings.discord.token = SecretStr(token)
    return settings


def _check_house_rules(rules: dict[str, dict[str, Any]]) -> None:
    """The server's default house rules must name registered games and valid options (each
    game's options model, from its spec's rules)."""
    for game, options in rules.items():
        if game not in SPECS:
            raise ConfigError(
                f"rules.{game}: unknown game (choose from {', '.join(sorted(SPECS))})."
            )
        try:
            parse_options(SPECS[game].rules.options_model, options)
        except GameError as exc:
            raise ConfigError(f"rules.{game}: {exc}") from None


# -- config.example.toml's house rules, written from the games' options models ---------------

RULES_EXAMPLE = (
    "# This server's default house rules for new tables; a host may change them per table."
)
"""The line config.example.toml's house rules start at; all below it is written by
``python -m bot config example`` (a test checks the file is current)."""


def rules_example() -> str:
    """Each registered game's house rules as config.example.toml shows them: every option of
    its options model, commented out at its default, under the label the game gives it."""
    lines = [
        RULES_EXAMPLE,
        "# Every option of RULES.md is accepted; unknown options or bad values stop the bot with a",
        "# message naming them. Written by `python -m bot config example` from the games' options.",
    ]
    for name, spec in SPECS.items():
        lines += ["", f"[rules.{name}]"]
        model = spec.rules.options_model
        schema = model.model_json_schema()["properties"]
        for option, field in model.model_fields.items():
            label = spec.text.option_labels.get(option, "")
            values = _values(schema[option])
            if label or values:
                lines.append(f"# {label}{values}".replace("# ;", "#"))
            lines.append(f"# {option} = {json.dumps(field.default)}")
    return "\n".join(lines) + "\n"


def _values(schema: dict[str, Any]) -> str:
    """What an option accepts, where it is not any true or false: "; one of 11, 16, 21"."""
    if "enum" in schema:
        return "; one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    if "minimum" in schema and "maximum" in schema:
        return f"; {schema['minimum']} to {schema['maximum']}"
    return ""


def with_rules_example(text: str) -> str:
    """config.example.toml's text with its house rules written anew."""
    head, found, _ = text.partition(RULES_EXAMPLE)
    if not found:
        raise ConfigError("config.example.toml has no house rules section to write.")
    return head + rules_example()


def example_main(argv: list[str]) -> int:
    """``python -m bot config example [FILE]``: write the house rules of FILE (by default
    config.example.toml) from the games' options models."""
    parser = argparse.ArgumentParser(prog="python -m bot config", description=example_main.__doc__)
    parser.add_argument("action", choices=("example",))
    parser.add_argument("file", nargs="?", type=Path, default=Path("config.example.toml"))
    args = parser.parse_args(argv)
    args.file.write_text(with_rules_example(args.file.read_text(encoding="utf-8")), "utf-8")
    return 0
