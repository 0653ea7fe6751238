"""Settings: the file, the environment over it, and clear failures (exit code 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.config import ConfigError, DiscordSettings, load_settings
from bot.games import SPECS
from bot.views.outbox import global_sends

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_config_is_valid_and_documents_every_section() -> None:
    settings = load_settings(ROOT / "config.example.toml", require_file=True)
    text = (ROOT / "config.example.toml").read_text()
    for section, model in settings:
        if isinstance(model, BaseModel):
            for key in type(model).model_fields:
                assert f"{key} =" in text, f"config.example.toml does not document {section}.{key}"


def test_environment_overrides_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[discord]\ntoken = "from-file"\n[tables]\nturn_timeout = 30\n')
    monkeypatch.setenv("TAVOLO_TABLES__TURN_TIMEOUT", "45")
    monkeypatch.setenv("TAVOLO_DATABASE__PATH", "/data/t.sqlite3")
    settings = load_settings(path)
    assert settings.tables.turn_timeout == 45
    assert str(settings.database.path) == "/data/t.sqlite3"
    assert settings.discord.token.get_secret_value() == "from-file"


def test_the_partnership_settings_are_still_read_by_their_former_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[league]\nminchiate_win = 4\n")
    monkeypatch.setenv("TAVOLO_LEAGUE__MINCHIATE_DRAW", "3")
    league = load_settings(path).league
    assert (league.partnership_win, league.partnership_draw) == (4, 3)
    # The new name wins when both are given, from the file or the environment.
    path.write_text("[league]\nminchiate_win = 4\npartnership_win = 6\n")
    monkeypatch.setenv("TAVOLO_LEAGUE__PARTNERSHIP_DRAW", "0")
    league = load_settings(path).league
    assert (league.partnership_win, league.partnership_draw) == (6, 0)


def test_a_former_name_is_checked_like_the_new_one(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[league]\nminchiate_draw = 300\n")
    with pytest.raises(ConfigError, match=r"league\.partnership_draw"):
        load_settings(path)


@pytest.mark.parametrize("game", list(SPECS))
def test_the_house_rules_of_every_registered_game_are_read_from_its_options_model(
    tmp_path: Path, game: str
) -> None:
    """Every option of a game's model is accepted at its default value, and an option the
    model does not know stops the bot, naming the game and the option."""
    model = SPECS[game].rules.options_model
    defaults = "".join(
        f"{name} = {str(field.default).lower()}\n" for name, field in model.model_fields.items()
    )
    path = tmp_path / "c.toml"
    path.write_text(f"[rules.{game}]\n{defaults}")
    assert load_settings(path).rules[game].keys() == model.model_fields.keys()
    path.write_text(f"[rules.{game}]\n{defaults}colour = 1\n")
    with pytest.raises(ConfigError, match=f"rules\\.{game}: Unknown option “colour”"):
        load_settings(path)


def test_the_example_config_lists_the_house_rules_of_every_registered_game() -> None:
    text = (ROOT / "config.example.toml").read_text()
    for name, spec in SPECS.items():
        assert f"[rules.{name}]" in text
        for option in spec.rules.options_model.model_fields:
            assert f"# {option} = " in text, f"config.example.toml does not show {name}.{option}"


def test_the_token_may_come_from_discord_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert load_settings(None).discord.token.get_secret_value() == "from-env"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[tables\nx = 1", "not a readable TOML file"),
        ("[tables]\nturn_timeout = -1\n", "tables.turn_timeout"),
        ("[colours]\nred = 1\n", "colours"),
        ("[rules.cento]\ncolour = 1\n", "rules.cento: Unknown option “colour”"),
        ("[rules.poker]\nx = 1\n", "rules.poker: unknown game"),
        ("[rules.centocinque]\npenultima_penalty = 99\n", "penultima_penalty"),
        ("[discord]\nshard_ids = [0]\n", "shard_ids needs shard_count"),
        ("[discord]\nshard_count = 2\nshard_ids = [0, 2]\n", "from 0 to 1"),
        ("[discord]\nshard_count = 2\nshard_ids = [1, 1]\n", "different numbers"),
        ("[discord]\nshard_count = 2\nshard_ids = [1]\n", "that needs PostgreSQL"),
    ],
)
def test_a_broken_config_is_refused_naming_the_problem(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message.replace(".", r"\.").replace("(", r"\(")):
        load_settings(path)


def test_the_database_is_a_url_or_the_sqlite_file_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[database]\npath = "/data/t.sqlite3"\n')
    assert load_settings(path).database.target == "sqlite:////data/t.sqlite3"
    monkeypatch.setenv("TAVOLO_DATABASE__URL", "postgresql://tavolo:pw@db:5432/tavolo")
    assert load_settings(path).database.target == "postgresql://tavolo:pw@db:5432/tavolo"
    monkeypatch.setenv("TAVOLO_DATABASE__URL", "sqlite:///here.sqlite3")
    assert load_settings(path).database.target == "sqlite:///here.sqlite3"


@pytest.mark.parametrize("url", ["mysql://me:secret@db/x", "tavolo.sqlite3", "sqlite:///"])
def test_a_database_url_that_is_neither_sqlite_nor_postgresql_is_refused(
    tmp_path: Path, url: str
) -> None:
    path = tmp_path / "c.toml"
    path.write_text(f'[database]\nurl = "{url}"\n')
    with pytest.raises(ConfigError, match=r"database\.url") as refused:
        load_settings(path)
    assert "secret" not in str(refused.value)  # a URL may hold a password: never repeated


def _run_bot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TAVOLO_", "DISCORD_"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**clean, **(env or {})},
    )


def test_the_bot_exits_with_code_2_and_a_message_without_a_token(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[tables]\nturn_timeout = 30\n")
    result = _run_bot("--config", str(path))
    assert result.returncode == 2 and "no Discord token" in result.stderr


def test_the_bot_exits_with_code_2_for_a_missing_or_broken_config(tmp_path: Path) -> None:
    missing = _run_bot("--config", str(tmp_path / "nope.toml"))
    assert missing.returncode == 2 and "no such configuration file" in missing.stderr
    broken = tmp_path / "b.toml"
    broken.write_text("[tables]\nai_delay = 'slow'\n")
    result = _run_bot("--config", str(broken), env={"DISCORD_TOKEN": "x"})
    assert result.returncode == 2 and "tables.ai_delay" in result.stderr
    broken.write_text("[rules.poker]\nante = 1\n")
    result = _run_bot("--config", str(broken), env={"DISCORD_TOKEN": "x"})
    assert result.returncode == 2 and "rules.poker: unknown game" in result.stderr


def test_a_process_runs_the_guilds_of_its_shards(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        "[discord]\nshard_count = 3\nshard_ids = [0, 2]\n"
        '[database]\nurl = "postgresql://tavolo@db/tavolo"\n'
    )
    discord = load_settings(path).discord
    guilds = {shard: (shard << 22) + 12345 * 3 * (1 << 22) for shard in range(3)}
    assert [discord.runs(guilds[s]) for s in range(3)] == [True, False, True]
    everything = tmp_path / "all.toml"
    everything.write_text("[discord]\nshard_count = 2\nshard_ids = [0, 1]\n")  # SQLite: all
    assert load_settings(everything).discord.runs(guilds[1])


def test_a_process_sends_within_its_shards_share_of_discords_global_limit(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        "[discord]\nshard_count = 4\nshard_ids = [1]\nglobal_rate_limit = 120\n"
        '[database]\nurl = "postgresql://tavolo@db/tavolo"\n'
    )
    discord = load_settings(path).discord
    assert discord.share == 0.25
    assert global_sends(discord.global_rate_limit, discord.share) == 24  # 120 x 80% / 4
    alone = DiscordSettings()
    assert (alone.global_rate_limit, alone.share) == (50, 1.0)
    assert global_sends(alone.global_rate_limit, alone.share) == 40
    assert global_sends(50, 1 / 3) == 13 and global_sends(1, 1 / 1000) == 1  # never none
    path.write_text("[discord]\nglobal_rate_limit = 0\n")
    with pytest.raises(ConfigError, match="global_rate_limit"):
        load_settings(path)


def test_shards_come_from_the_environment_as_docker_compose_gives_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TAVOLO_DATABASE__URL", "postgresql://tavolo:pw@db:5432/tavolo")
    monkeypatch.setenv("TAVOLO_DISCORD__SHARD_COUNT", "2")
    monkeypatch.setenv("TAVOLO_DISCORD__SHARD_IDS", "[1]")
    discord = load_settings(None).discord
    assert (discord.shard_count, discord.shard_ids, discord.some_shards) == (2, [1], True)


SECRET = "MTA5.secret-token-never-shown"  # noqa: S105 (made up, to be hidden)


@pytest.mark.parametrize("source", ["file", "TAVOLO_DISCORD__TOKEN", "DISCORD_TOKEN"])
def test_the_token_is_never_in_the_settings_repr_or_str(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    path = tmp_path / "c.toml"
    path.write_text(f'[discord]\ntoken = "{SECRET}"\n' if source == "file" else "")
    if source != "file":
        monkeypatch.setenv(source, SECRET)
    settings = load_settings(path)
    assert settings.discord.token.get_secret_value() == SECRET
    for shown in (repr(settings), str(settings), repr(settings.discord), str(settings.discord)):
        assert SECRET not in shown
    assert SECRET not in settings.model_dump_json()


@pytest.mark.parametrize(
    "text",
    [
        "[discord]\nshard_ids = [0]\n",  # the discord section itself is refused
        "[discord]\nshard_count = 2\nshard_ids = [1]\n",  # so is the whole of the settings
        "[discord]\ntokn = 1\n",
        "[tables]\nturn_timeout = 'soon'\n",
    ],
)
def test_a_settings_error_never_repeats_the_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text.replace("[discord]\n", f'[discord]\ntoken = "{SECRET}"\n'))
    monkeypatch.setenv("TAVOLO_DISCORD__TOKEN", SECRET)
    with pytest.raises(ConfigError) as refused:
        load_settings(path)
    assert SECRET not in str(refused.value)
    result = _run_bot("--config", str(path), env={"DISCORD_TOKEN": SECRET})
    assert result.returncode == 2 and "Invalid configuration" in result.stderr
    assert SECRET not in result.stderr + result.stdout


def test_the_send_windows_keep_within_discords_limits_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Discord allows five messages or edits per five seconds in a channel: the defaults
    keep within it, and no setting sends more than five in a window (the end-to-end tests
    shorten the window, against a fake that allows it)."""
    sends = load_settings(None).sends
    assert (sends.channel_sends, sends.channel_window) == (5, 5.25)
    assert (sends.global_window, sends.drawn_store_delay) == (1.05, 5.0)
    monkeypatch.setenv("TAVOLO_SENDS__CHANNEL_SENDS", "6")
    with pytest.raises(ConfigError, match=r"sends\.channel_sends"):
        load_settings(None)
