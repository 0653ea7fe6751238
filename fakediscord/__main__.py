"""Run the fake Discord as its own process.

    python -m fakediscord [--port N] [--users alice,bob] [--global-limit N]

Prints one JSON line (api_base, gateway_url, control_url, token, guild and channel ids)
once it listens, then serves until SIGTERM or SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal

from .ratelimits import Limits
from .server import FakeDiscord


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m fakediscord")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--token", default="fake-bot-token")
    parser.add_argument("--users", default="alice,bob,carol,dave", help="comma-separated names")
    parser.add_argument("--global-limit", type=int, default=Limits.global_per_second)
    args = parser.parse_args(argv)
    asyncio.run(_serve(args))


async def _serve(args: argparse.Namespace) -> None:
    fake = FakeDiscord(
        users=[u for u in args.users.split(",") if u],
        token=args.token,
        limits=Limits(global_per_second=args.global_limit),
        host=args.host,
        port=args.port,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with fake:
        print(json.dumps(fake.describe()), flush=True)
        await stop.wait()


if __name__ == "__main__":
    main()
