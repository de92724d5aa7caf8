#!/usr/bin/env python3
"""Write the table of emoji names that `:name:` in a page's text is read by (EmojiNames.txt), a line each.

The names are GitHub's (gemoji's aliases: :+1:, :tada:, :white_check_mark:), then, for an emoji
without one, its CLDR name written as GitHub writes new ones (:melting_face:); where two emoji
share a name, the alias wins, as on GitHub (:whale: is the spouting whale). Skin-tone variants and
names that are not lowercase letters, digits, '_', '+' and '-' are left out. The data is that of
the `emoji` package on PyPI, at the version pinned below:

    python3 -m venv /tmp/emoji-venv && /tmp/emoji-venv/bin/pip install emoji==2.14.0
    /tmp/emoji-venv/bin/python scripts/emoji-names.py > Sources/SiteBuilder/Internal/Markdown/EmojiNames.txt
"""

from __future__ import annotations

import re

import emoji
from emoji.unicode_codes import EMOJI_DATA, STATUS

PINNED = "2.14.0"
SKIN_TONES = {chr(code) for code in range(0x1F3FB, 0x1F400)}
NAME = re.compile(r":([a-z0-9_+\-]+):")


def names() -> dict[str, str]:
    """Each name (without its colons) and the emoji it stands for."""
    shown = [
        (character, data)
        for character, data in EMOJI_DATA.items()
        if data["status"] == STATUS["fully_qualified"] and not SKIN_TONES & set(character)
    ]
    table: dict[str, str] = {}
    for written in (lambda data: data.get("alias", []), lambda data: [data["en"]]):
        for character, data in shown:
            for name in written(data):
                match = NAME.fullmatch(name)
                if match:
                    table.setdefault(match.group(1), character)
    return table


def main() -> None:
    if emoji.__version__ != PINNED:
        raise SystemExit(f"emoji {emoji.__version__} is installed; the table is written from {PINNED}")
    for name, character in sorted(names().items()):
        print(f"{name} {character}")

if __name__ == "__main__":
    main()
