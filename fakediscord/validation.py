"""Discord's limits on what a bot may send, checked as Discord checks them.

Each check adds to a ``FormErrors`` tree at the path of the offending field, so the
answer is the same ``50035 Invalid Form Body`` with the same error tree Discord gives.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from .errors import EMPTY_MESSAGE, FormErrors, Path
from .models import (
    ACTION_ROW,
    BUTTON,
    IS_COMPONENTS_V2,
    LABEL,
    LINK_STYLE,
    LOCALES,
    PREMIUM_STYLE,
    STRING_SELECT,
    TEXT_DISPLAY,
    TEXT_INPUT,
    Attachment,
    Upload,
)

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
ROW_WIDTH = 5
CUSTOM_ID_MAX = 100
CHOICES_MAX = 25
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_MAX = 4000
COMMAND_OPTIONS_MAX = 25
COMMAND_SIZE_MAX = 8000
GLOBAL_COMMANDS_MAX = {1: 100, 2: 5, 3: 5}

NAME_MAX = 32
DESCRIPTION_MAX = 100
EMBED_MEDIA_SCHEMES = ("http", "https", "attachment")
_OPTION_TYPES = range(1, 12)
_SUBCOMMAND, _GROUP, _STRING, _INTEGER, _NUMBER = 1, 2, 3, 4, 10


def check_message(
    errors: FormErrors,
    data: dict[str, Any],
    at: Path = (),
    *,
    allowed_flags: int,
    uploads: Sequence[Upload] = (),
    existing: Sequence[Attachment] = (),
) -> None:
    """Content, embeds, components, allowed_mentions, flags and the attachments list of a
    message payload sent with ``uploads``, for a message that has ``existing`` files."""
    content = data.get("content")
    if content is not None and not isinstance(content, str):
        errors.add((*at, "content"), "BASE_TYPE_STRING", "Must be a string.")
    else:
        errors.max_length((*at, "content"), content, CONTENT_MAX)
    flags = int(data.get("flags") or 0)
    if flags & ~allowed_flags:
        errors.add((*at, "flags"), "MESSAGE_FLAGS_INVALID", "Invalid message flags")
    if flags & IS_COMPONENTS_V2:
        errors.add(
            (*at, "components"),
            "FAKE_UNSUPPORTED",
            "Components V2 layouts are not modelled by the fake Discord server.",
        )
    if data.get("embeds") is not None:
        check_embeds(errors, data["embeds"], (*at, "embeds"))
    if data.get("components") is not None and not flags & IS_COMPONENTS_V2:
        check_components(errors, data["components"], (*at, "components"))
    if data.get("allowed_mentions") is not None:
        check_allowed_mentions(errors, data["allowed_mentions"], (*at, "allowed_mentions"))
    if data.get("attachments") is not None:
        _check_attachment_list(errors, data["attachments"], (*at, "attachments"), uploads, existing)


def _check_attachment_list(
    errors: FormErrors,
    listed: list[dict[str, Any]],
    at: Path,
    uploads: Sequence[Upload],
    existing: Sequence[Attachment],
) -> None:
    """Each entry names a file of the request (id ``n`` for ``files[n]``) or one the message
    already has; anything else is Discord's ATTACHMENT_NOT_FOUND."""
    known = {str(u.index) for u in uploads} | {str(a.id) for a in existing}
    for i, entry in enumerate(listed):
        if str(entry.get("id")) not in known:
            errors.add((*at, i), "ATTACHMENT_NOT_FOUND", "Attachment data not found")


def require_not_empty(data: dict[str, Any], *, has_files: bool) -> None:
    """Discord's 50006: a message needs content, an embed, a component, a file or a poll."""
    keys = ("embeds", "components", "attachments", "sticker_ids")
    if not (data.get("content") or has_files or data.get("poll") or any(data.get(k) for k in keys)):
        raise EMPTY_MESSAGE()


def check_embeds(errors: FormErrors, embeds: list[dict[str, Any]], at: Path) -> None:
    errors.max_length(at, embeds, EMBEDS_MAX)
    total = 0
    for i, embed in enumerate(embeds):
        here = (*at, i)
        title = embed.get("title")
        description = embed.get("description")
        errors.max_length((*here, "title"), title, 256)
        errors.max_length((*here, "description"), description, 4096)
        total += len(title or "") + len(description or "")
        fields = embed.get("fields") or []
        errors.max_length((*here, "fields"), fields, 25)
        for j, f in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                value = f.get(key)
                if value in (None, ""):
                    errors.add(
                        (*here, "fields", j, key), "BASE_TYPE_REQUIRED", "This field is required"
                    )
                errors.max_length((*here, "fields", j, key), value, limit)
                total += len(value or "")
        for key in ("image", "thumbnail"):
            _check_media_url(errors, (embed.get(key) or {}).get("url"), (*here, key, "url"))
        footer_text = (embed.get("footer") or {}).get("text")
        errors.max_length((*here, "footer", "text"), footer_text, 2048)
        author_name = (embed.get("author") or {}).get("name")
        errors.max_length((*here, "author", "name"), author_name, 256)
        total += len(footer_text or "") + len(author_name or "")
    if total > EMBED_TOTAL_MAX:
        errors.add(
            at, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}"
        )


def _check_media_url(errors: FormErrors, url: object, at: Path) -> None:
    """An embed image or thumbnail: a web address, or ``attachment://NAME`` for a file of
    the same message (which Discord accepts though its error text names only http(s))."""
    if url is None:
        return
    if not isinstance(url, str) or not urlsplit(url).scheme:
        errors.add(at, "URL_TYPE_INVALID_URL", "Not a well formed URL.")
        return
    scheme = urlsplit(url).scheme
    if scheme not in EMBED_MEDIA_SCHEMES:
        errors.add(
            at,
            "URL_TYPE_INVALID_SCHEME",
            f"Scheme \"{scheme}\" is not supported. Scheme must be one of ('http', 'https').",
        )


def check_components(errors: FormErrors, rows: list[dict[str, Any]], at: Path) -> None:
    """Classic message components: up to 5 rows of 5 buttons, or one select per row."""
    errors.max_length(at, rows, ROWS_MAX)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        here = (*at, i)
        if row.get("type") != ACTION_ROW:
            errors.add(
                (*here, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'
            )
            continue
        children = row.get("components") or []
        errors.length_between((*here, "components"), children, 1, ROW_WIDTH)
        if any(c.get("type") != BUTTON for c in children) and len(children) > 1:
            errors.add(
                (*here, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for j, child in enumerate(children):
            where = (*here, "components", j)
            if child.get("type") == BUTTON:
                _check_button(errors, child, where)
            elif child.get("type") == STRING_SELECT:
                _check_select(errors, child, where)
            else:
                errors.add(
                    (*where, "type"),
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be one of (2, 3).',
                )
            _check_custom_id(errors, child, where, seen)


def _check_custom_id(
    errors: FormErrors, component: dict[str, Any], at: Path, seen: set[str]
) -> None:
    custom_id = component.get("custom_id")
    if custom_id is None:
        return
    errors.max_length((*at, "custom_id"), custom_id, CUSTOM_ID_MAX)
    if custom_id in seen:
        errors.add(
            (*at, "custom_id"),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(custom_id)


def _check_button(errors: FormErrors, button: dict[str, Any], at: Path) -> None:
    style = button.get("style")
    if style not in range(1, 7):
        errors.add((*at, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
    errors.max_length((*at, "label"), button.get("label"), 80)
    if style == LINK_STYLE:
        errors.required((*at, "url"), button.get("url"))
        if "custom_id" in button:
            errors.add(
                (*at, "custom_id"),
                "BUTTON_COMPONENT_LINK_CUSTOM_ID",
                "A link button cannot have a custom id",
            )
    elif style != PREMIUM_STYLE:
        errors.required((*at, "custom_id"), button.get("custom_id"))
        if not button.get("label") and not button.get("emoji"):
            errors.add(
                (*at, "label"),
                "BUTTON_COMPONENT_LABEL_REQUIRED",
                "A button needs a label or an emoji",
            )


def _check_select(
    errors: FormErrors, select: dict[str, Any], at: Path, *, in_modal: bool = False
) -> None:
    """A string select; ``required`` defaults to true in a modal and is absent in messages."""
    errors.required((*at, "custom_id"), select.get("custom_id"))
    errors.max_length((*at, "placeholder"), select.get("placeholder"), 150)
    options = select.get("options")
    errors.length_between((*at, "options"), options, 1, 25)
    for k, option in enumerate(options or []):
        for key in ("label", "value"):
            if errors.required((*at, "options", k, key), option.get(key)):
                errors.max_length((*at, "options", k, key), option[key], 100)
        errors.max_length((*at, "options", k, "description"), option.get("description"), 100)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= 25:
        errors.add((*at, "min_values"), "NUMBER_TYPE_MAX", "int value should be between 0 and 25.")
    elif low == 0 and select.get("required", in_modal) is True:
        # Discord documents ``required`` as ignored in messages, yet refuses this pair.
        errors.add(
            (*at, "min_values"),
            "SELECT_COMPONENT_REQUIRED_ZERO_MIN_VALUES",
            "Select menus marked as required cannot have a min_values of 0",
        )
    if not 1 <= high <= 25 or high > len(options or []) or low > high:
        errors.add(
            (*at, "max_values"),
            "SELECT_COMPONENT_MAX_VALUES_INVALID",
            "max_values must be between min_values and the number of options (at most 25).",
        )


def check_allowed_mentions(errors: FormErrors, mentions: dict[str, Any], at: Path) -> None:
    parse = mentions.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in ("users", "roles", "everyone"):
            errors.add(
                (*at, "parse", i),
                "BASE_TYPE_CHOICES",
                "Value must be one of ('everyone', 'roles', 'users').",
            )
    for kind in ("users", "roles"):
        ids = mentions.get(kind) or []
        errors.max_length((*at, kind), ids, 100)
        if ids and kind in parse:
            errors.add(
                at,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: {ids} are mutually exclusive.',
            )


def check_choices(errors: FormErrors, data: dict[str, Any], at: Path) -> None:
    """An autocomplete answer: up to 25 choices, names and string values up to 100."""
    choices = data.get("choices")
    if not errors.required((*at, "choices"), choices):
        return
    assert choices is not None
    errors.max_length((*at, "choices"), choices, CHOICES_MAX)
    for i, choice in enumerate(choices):
        errors.length_between((*at, "choices", i, "name"), choice.get("name"), 1, 100)
        value = choice.get("value")
        if errors.required((*at, "choices", i, "value"), value) and isinstance(value, str):
            errors.max_length((*at, "choices", i, "value"), value, 100)


def check_modal(errors: FormErrors, modal: dict[str, Any], at: Path) -> None:
    """A modal: title up to 45, up to 5 text inputs (in rows or labels), unique custom ids."""
    if errors.required((*at, "custom_id"), modal.get("custom_id")):
        errors.max_length((*at, "custom_id"), modal["custom_id"], CUSTOM_ID_MAX)
    errors.length_between((*at, "title"), modal.get("title"), 1, MODAL_TITLE_MAX)
    components = modal.get("components")
    errors.length_between((*at, "components"), components, 1, MODAL_COMPONENTS_MAX)
    seen: set[str] = set()
    for i, component in enumerate(components or []):
        here = (*at, "components", i)
        kind = component.get("type")
        if kind == ACTION_ROW:
            inner = component.get("components") or []
            errors.length_between((*here, "components"), inner, 1, 1)
            fields = [((*here, "components", j), c) for j, c in enumerate(inner)]
        elif kind == LABEL:
            errors.length_between((*here, "label"), component.get("label"), 1, 45)
            errors.max_length((*here, "description"), component.get("description"), 100)
            fields = [((*here, "component"), component.get("component") or {})]
        elif kind == TEXT_DISPLAY:
            errors.length_between((*here, "content"), component.get("content"), 1, TEXT_INPUT_MAX)
            fields = []
        else:
            errors.add(
                (*here, "type"),
                "UNION_TYPE_CHOICES",
                'Value of field "type" must be one of (1, 10, 18).',
            )
            fields = []
        for where, field in fields:
            if field.get("type") == TEXT_INPUT:
                _check_text_input(errors, field, where, in_label=kind == LABEL)
            elif field.get("type") == STRING_SELECT and kind == LABEL:
                _check_select(errors, field, where, in_modal=True)
            else:
                errors.add(
                    (*where, "type"),
                    "UNION_TYPE_CHOICES",
                    "This component cannot be used in a modal here.",
                )
            _check_custom_id(errors, field, where, seen)


def _check_text_input(
    errors: FormErrors, field: dict[str, Any], at: Path, *, in_label: bool
) -> None:
    errors.required((*at, "custom_id"), field.get("custom_id"))
    if field.get("style") not in (1, 2):
        errors.add((*at, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    if not in_label:
        errors.length_between((*at, "label"), field.get("label"), 1, 45)
    errors.max_length((*at, "placeholder"), field.get("placeholder"), 100)
    errors.max_length((*at, "value"), field.get("value"), TEXT_INPUT_MAX)
    low, high = field.get("min_length", 0), field.get("max_length", TEXT_INPUT_MAX)
    if not 0 <= low <= TEXT_INPUT_MAX:
        errors.add(
            (*at, "min_length"),
            "NUMBER_TYPE_MAX",
            f"int value should be between 0 and {TEXT_INPUT_MAX}.",
        )
    if not 1 <= high <= TEXT_INPUT_MAX:
        errors.add(
            (*at, "max_length"),
            "NUMBER_TYPE_MAX",
            f"int value should be between 1 and {TEXT_INPUT_MAX}.",
        )


def check_commands(errors: FormErrors, commands: list[dict[str, Any]], *, is_global: bool) -> None:
    """A bulk overwrite: each definition as Discord validates it, names unique per type."""
    seen: set[tuple[int, str]] = set()
    counts: dict[int, int] = {}
    for i, command in enumerate(commands):
        kind = int(command.get("type", 1))
        name = command.get("name")
        if kind == 1:
            _check_chat_input(errors, command, (i,))
        else:
            errors.length_between((i, "name"), name, 1, NAME_MAX)
            _check_localizations(
                errors,
                command,
                (i,),
                "name",
                valid=lambda value: 1 <= len(value) <= NAME_MAX,
                code="BASE_TYPE_BAD_LENGTH",
                message=f"Must be between 1 and {NAME_MAX} in length.",
            )
            if command.get("description"):
                errors.add(
                    (i, "description"),
                    "APPLICATION_COMMAND_DESCRIPTION_INVALID",
                    "Context menu commands cannot have a description",
                )
        if (kind, str(name)) in seen:
            errors.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        seen.add((kind, str(name)))
        counts[kind] = counts.get(kind, 0) + 1
    for kind, count in counts.items():
        limit = GLOBAL_COMMANDS_MAX.get(kind, 0)
        if is_global and count > limit:
            errors.add(
                (),
                "APPLICATION_COMMANDS_TOO_MANY",
                f"Maximum number of type {kind} commands reached ({limit}).",
            )


def _check_chat_input(errors: FormErrors, command: dict[str, Any], at: Path) -> None:
    _check_name_and_description(errors, command, at, top_level=True)
    _check_options(errors, command.get("options") or [], (*at, "options"), depth=0)
    if _command_size(command) > COMMAND_SIZE_MAX:
        errors.add(
            at,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({COMMAND_SIZE_MAX})",
        )


def _check_name_and_description(
    errors: FormErrors, item: dict[str, Any], at: Path, *, top_level: bool = False
) -> None:
    """A slash command's or option's name and description, and their localizations.

    Discord reports a bad localized option name at its locale, but a bad localized
    command name on the whole dictionary (``top_level``).
    """
    if not is_command_name(item.get("name")):
        errors.add((*at, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    errors.length_between((*at, "description"), item.get("description"), 1, DESCRIPTION_MAX)
    _check_localizations(
        errors,
        item,
        at,
        "name",
        valid=is_command_name,
        code="APPLICATION_COMMAND_INVALID_NAME",
        message="Command name is invalid",
        per_locale=not top_level,
    )
    _check_localizations(
        errors,
        item,
        at,
        "description",
        valid=lambda value: 1 <= len(value) <= DESCRIPTION_MAX,
        code="BASE_TYPE_BAD_LENGTH",
        message=f"Must be between 1 and {DESCRIPTION_MAX} in length.",
    )


def is_command_name(name: object) -> bool:
    """Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lower case where the
    script has one. Python's ``re`` has no ``\\p``, so letters and numbers are found by
    Unicode category and the two scripts (whose vowel signs are marks) by character name.
    """
    return (
        isinstance(name, str)
        and 1 <= len(name) <= NAME_MAX
        and name == name.lower()
        and all(_is_name_character(c) for c in name)
    )


def _is_name_character(c: str) -> bool:
    return (
        c in "-_'"
        or unicodedata.category(c)[0] in "LN"
        or unicodedata.name(c, "").startswith(("DEVANAGARI ", "THAI "))
    )


def _check_localizations(
    errors: FormErrors,
    item: dict[str, Any],
    at: Path,
    key: str,
    *,
    valid: Callable[[str], bool],
    code: str,
    message: str,
    per_locale: bool = True,
) -> None:
    """``{key}_localizations``: null, or a dictionary from Discord locales to values that
    pass ``valid``. An unknown locale is reported at its key, as Discord does; a bad value
    at its locale, or once on the dictionary when not ``per_locale``.
    """
    where = (*at, f"{key}_localizations")
    given = item.get(f"{key}_localizations")
    if given is None:
        return
    if not isinstance(given, dict):
        errors.add(where, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    bad_value = False
    for locale, value in given.items():
        if locale not in LOCALES:
            errors.add((*where, locale), "BASE_TYPE_CHOICES", f"Value must be one of {LOCALES}.")
        elif not isinstance(value, str) or not valid(value):
            if per_locale:
                errors.add((*where, locale), code, message)
            bad_value = True
    if bad_value and not per_locale:
        errors.add(where, code, message)


def _localizations(item: dict[str, Any], key: str) -> dict[str, Any]:
    """``{key}_localizations`` when it is a dictionary (a bad one is reported elsewhere)."""
    given = item.get(f"{key}_localizations")
    return given if isinstance(given, dict) else {}


def _check_options(
    errors: FormErrors, options: list[dict[str, Any]], at: Path, *, depth: int
) -> None:
    errors.max_length(at, options, COMMAND_OPTIONS_MAX)
    kinds = [o.get("type") for o in options]
    nested = [k in (_SUBCOMMAND, _GROUP) for k in kinds]
    if any(nested) and not all(nested):
        errors.add(
            at,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive "
            "to all other types",
        )
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        errors.add(
            at, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"
        )
    _check_localized_option_names(errors, options, at)
    required = [bool(o.get("required")) for o in options]
    if required != sorted(required, reverse=True):
        errors.add(
            at,
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
            "Required options must be placed before non-required options",
        )
    for i, option in enumerate(options):
        _check_option(errors, option, (*at, i), depth=depth)


def _check_localized_option_names(
    errors: FormErrors, options: list[dict[str, Any]], at: Path
) -> None:
    """Discord: a localized option name differs from the default names of the other
    options and from their names in the same locale (so a user's words are never ambiguous).
    """
    for i, option in enumerate(options):
        others = [o for j, o in enumerate(options) if j != i]
        for locale, name in _localizations(option, "name").items():
            taken = {o.get("name") for o in others}
            taken |= {_localizations(o, "name").get(locale) for o in others}
            if name in taken:
                errors.add(
                    (*at, i, "name_localizations", locale),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )


def _check_option(errors: FormErrors, option: dict[str, Any], at: Path, *, depth: int) -> None:
    kind = option.get("type")
    _check_name_and_description(errors, option, at)
    if kind not in _OPTION_TYPES:
        errors.add(
            (*at, "type"),
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.",
        )
        return
    if kind in (_SUBCOMMAND, _GROUP):
        children = option.get("options") or []
        allowed = depth == 0 if kind == _GROUP else depth <= 1
        if not allowed or (kind == _GROUP and any(c.get("type") != _SUBCOMMAND for c in children)):
            errors.add(
                (*at, "type"),
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "Sub-commands nest at most as group > sub-command",
            )
        _check_options(errors, children, (*at, "options"), depth=depth + 1)
        return
    choices = option.get("choices")
    if choices is not None:
        if kind not in (_STRING, _INTEGER, _NUMBER):
            errors.add(
                (*at, "choices"),
                "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                "Only string, integer and number options have choices",
            )
        if option.get("autocomplete"):
            errors.add(
                (*at, "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES_EXCLUSIVE",
                "Autocomplete cannot be used with choices",
            )
        errors.max_length((*at, "choices"), choices, CHOICES_MAX)
        for j, choice in enumerate(choices):
            errors.length_between((*at, "choices", j, "name"), choice.get("name"), 1, 100)
            _check_localizations(
                errors,
                choice,
                (*at, "choices", j),
                "name",
                valid=lambda value: 1 <= len(value) <= 100,
                code="BASE_TYPE_BAD_LENGTH",
                message="Must be between 1 and 100 in length.",
            )
            if isinstance(choice.get("value"), str):
                errors.max_length((*at, "choices", j, "value"), choice["value"], 100)
    for key, low in (("min_length", 0), ("max_length", 1)):
        value = option.get(key)
        if value is not None and (kind != _STRING or not low <= value <= 6000):
            errors.add(
                (*at, key), "NUMBER_TYPE_MAX", f"int value should be between {low} and 6000."
            )


def _command_size(command: dict[str, Any]) -> int:
    """Characters counted against ``COMMAND_SIZE_MAX``: of each name and description only
    the longest of the default and its localizations, as Discord counts them."""
    size = _longest(command, "name") + _longest(command, "description")
    for option in command.get("options") or []:
        size += _command_size(option)
        for choice in option.get("choices") or []:
            size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size


def _longest(item: dict[str, Any], key: str) -> int:
    values = [item.get(key) or "", *_localizations(item, key).values()]
    return max(len(str(v)) for v in values)
