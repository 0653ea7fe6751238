"""Files in messages as Discord keeps them: an embed shows a file of its own message through
``attachment://NAME``, edits replace files, and a message holds at most 10 files of at
most ``max_file_size`` each."""

from __future__ import annotations

from typing import Any

import aiohttp

from fakediscord import FakeDiscord

from .conftest import Api, png

BOARD = png(30, 20)
SEAT = png(8, 8)


def _board(image: str = "attachment://board.png", **extra: Any) -> dict[str, Any]:
    return {"embeds": [{"title": "Cento", "image": {"url": image}}], **extra}


async def _status(session: aiohttp.ClientSession, url: str) -> int:
    async with session.get(url) as response:
        return response.status


async def test_an_embed_shows_a_file_of_its_message_by_name(
    api: Api, fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    embed = {
        "image": {"url": "attachment://board.png"},
        "thumbnail": {"url": "attachment://seat.png"},
    }
    payload = {"embeds": [embed]}
    path = f"/channels/{fake.channel.id}/messages"
    status, body, _ = await api.with_files(
        "POST", path, payload, ("board.png", BOARD), ("seat.png", SEAT)
    )
    assert status == 200, body
    board, seat = body["attachments"]  # still listed, though the client shows them inline
    (embed,) = body["embeds"]
    assert embed["image"]["url"] == board["url"] and embed["thumbnail"]["url"] == seat["url"]
    assert (embed["image"]["width"], embed["image"]["height"]) == (30, 20)
    assert embed["image"]["content_type"] == "image/png"
    (message,) = fake.messages()
    shown = message.embed_image()
    assert shown is not None and (shown.filename, shown.data) == ("board.png", BOARD)
    thumbnail = message.embed_thumbnail()
    assert thumbnail is not None and thumbnail.data == SEAT
    async with session.get(embed["image"]["url"]) as response:
        assert await response.read() == BOARD
    logged = fake.requests[-1].payload
    assert logged["embeds"][0]["image"]["url"] == "attachment://board.png", "as the bot sent it"


async def test_a_name_that_matches_no_picture_is_kept_as_sent(api: Api, fake: FakeDiscord) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    files = ("board.png", BOARD), ("scores.csv", b"a,1\n")
    for name in ("missing.png", "scores.csv"):  # Discord shows only .png .jpg .webp .gif
        status, body, _ = await api.with_files("POST", path, _board(f"attachment://{name}"), *files)
        assert status == 200, body
        assert body["embeds"][0]["image"] == {"url": f"attachment://{name}"}
        assert len(body["attachments"]) == 2
    assert [m.embed_image() for m in fake.messages()] == [None, None]
    assert fake.messages()[0].embed_image(index=1) is None


async def test_an_edit_with_a_new_file_replaces_the_picture(
    api: Api, fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    posted = (await api.with_files("POST", path, _board(), ("board.png", BOARD))).body
    (message,) = fake.messages()
    old = message.embed_image()
    assert old is not None
    redrawn = png(31, 20)
    edit = _board(attachments=[{"id": 0, "filename": "board.png"}])
    status, body, _ = await api.with_files(
        "PATCH", f"{path}/{posted['id']}", edit, ("board.png", redrawn)
    )
    assert status == 200, body
    new = message.embed_image()
    assert new is not None and new.data == redrawn and new is not old
    assert message.attachments == [new]
    assert body["embeds"][0]["image"]["url"] == new.url != old.url
    assert await _status(session, old.url) == 404, "a file the edit dropped is gone"
    assert await _status(session, new.url) == 200


async def test_an_edit_keeps_the_files_it_lists_by_id(api: Api, fake: FakeDiscord) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    posted = (await api.with_files("POST", path, _board(), ("board.png", BOARD))).body
    (message,) = fake.messages()
    board = message.embed_image()
    assert board is not None
    keep = {"attachments": [{"id": str(board.id)}, {"id": 0}]}
    status, body, _ = await api.with_files(
        "PATCH", f"{path}/{posted['id']}", keep, ("scores.csv", b"a,1\n")
    )
    assert status == 200, body
    assert [a.filename for a in message.attachments] == ["board.png", "scores.csv"]
    assert message.embed_image() is board, "the embed was not sent again: it keeps its picture"
    status, body, _ = await api.call(
        "PATCH", f"{path}/{posted['id']}", json={"content": "moved", "attachments": []}
    )
    assert status == 200, body
    assert (message.attachments, message.embed_image()) == ([], None)


async def test_the_attachments_list_names_files_of_the_request_or_the_message(
    api: Api, fake: FakeDiscord
) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    payload = _board(attachments=[{"id": 0}, {"id": 1}])
    status, body, _ = await api.with_files("POST", path, payload, ("board.png", BOARD))
    assert (status, body["code"]) == (400, 50035)
    assert body["errors"] == {
        "attachments": {
            "1": {
                "_errors": [
                    {"code": "ATTACHMENT_NOT_FOUND", "message": "Attachment data not found"}
                ]
            }
        }
    }
    assert fake.messages() == []


async def test_a_message_holds_at_most_10_files(api: Api, fake: FakeDiscord) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    files = [(f"f{i}.txt", b"x") for i in range(11)]
    status, body, _ = await api.with_files("POST", path, {"content": "11"}, *files)
    assert (status, body) == (
        400,
        {"message": "Maximum number of attachments in a message reached (10).", "code": 30015},
    )
    status, posted, _ = await api.with_files("POST", path, {"content": "10"}, *files[:10])
    assert status == 200 and len(posted["attachments"]) == 10
    listed = [{"id": a["id"]} for a in posted["attachments"]] + [{"id": 0}]
    # Listing 11 is refused by Discord's description (at most 10 entries); keeping all 10
    # and adding a file still makes 11.
    status, body, _ = await api.with_files(
        "PATCH", f"{path}/{posted['id']}", {"attachments": listed[:10]}, files[10]
    )
    assert (status, body["code"]) == (400, 30015)
    (message,) = fake.messages()
    assert (len(message.attachments), message.edits) == (10, 0)
    status, body, _ = await api.with_files(
        "PATCH", f"{path}/{posted['id']}", {"attachments": listed[1:]}, files[10]
    )
    assert status == 200, "one dropped, one added: 10 again"
    assert [a.filename for a in message.attachments][-1] == "f10.txt"


async def test_each_file_may_be_up_to_max_file_size(api: Api, fake: FakeDiscord) -> None:
    fake.limits.max_file_size = 100
    path = f"/channels/{fake.channel.id}/messages"
    two = ("a.bin", b"x" * 100), ("b.bin", b"y" * 100)
    status, posted, _ = await api.with_files("POST", path, {"content": "two"}, *two)
    assert status == 200, "the limit is per file, not per request"
    status, body, _ = await api.with_files("POST", path, {"content": "big"}, ("c.bin", b"z" * 101))
    assert (status, body) == (413, {"message": "Request entity too large", "code": 40005})
    status, body, _ = await api.with_files(
        "PATCH",
        f"{path}/{posted['id']}",
        {"attachments": [{"id": 0}]},
        ("c.bin", b"z" * 101),
    )
    assert (status, body["code"]) == (413, 40005)
    assert [len(m.attachments) for m in fake.messages()] == [2]
