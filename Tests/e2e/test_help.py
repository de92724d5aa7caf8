"""Every `--help` of both executables reads as written: paragraphs wrap to the terminal instead of breaking where
the source line ended, no example is too wide to stay on its line, and the man pages made from it
(packaging/build-deb.sh) say the same."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from stack import BIN_DIR

COLUMNS = 80
# ArgumentParser fills a line to one column short of the terminal's width.
WIDTH = COLUMNS - 1
# swift-argument-parser's generate-manual makes the man pages from this text. man sets it five columns in, on a
# 78-column line in an 80-column terminal, and fills the prose, so an indented line (an example) stays whole only
# up to this width; generate-manual leaves out every character that is not ASCII.
MAN_WIDTH = 78 - 5


def help_text(command: list[str]) -> str:
    environment = dict(os.environ, COLUMNS=str(COLUMNS))
    run = subprocess.run(
        [str(BIN_DIR / command[0]), *command[1:], "--help"], capture_output=True, text=True, env=environment, check=True
    )
    return run.stdout


def subcommands(text: str) -> list[str]:
    """The names listed under SUBCOMMANDS:, e.g. `serve` from `  serve (default)   Serve the auth check…`."""
    if "SUBCOMMANDS:" not in text:
        return []
    listing = text.split("SUBCOMMANDS:", 1)[1]
    return re.findall(r"^  ([a-z][a-z-]*)(?: \(default\))? ", listing, flags=re.MULTILINE)


def every_command(executable: str) -> list[list[str]]:
    found, waiting = [], [[executable]]
    while waiting:
        command = waiting.pop()
        found.append(command)
        waiting += [command + [name] for name in subcommands(help_text(command)) if name != "help"]
    return found


def broken_lines(text: str) -> list[str]:
    """The prose above USAGE, where it does not read as written: a line that ends although the next line's first
    word would have fitted on it (a line break of the source string, not a wrap), and an indented line (an example,
    a list) whose end was wrapped onto a line of its own."""
    prose = text.split("\nUSAGE:", 1)[0].splitlines()
    broken = []
    for line, after in zip(prose, prose[1:]):
        if not line or not after or after.startswith(" "):
            continue
        if line.startswith(" ") or len(line) + 1 + len(after.split(" ", 1)[0]) <= WIDTH:
            broken.append(f"{line!r} / {after!r}")
    return broken


def lost_in_man_page(text: str) -> list[str]:
    """What the man page would not show as the help does: an indented line of the prose too wide to stay whole, and
    any character that is not ASCII."""
    prose = text.split("\nUSAGE:", 1)[0].splitlines()
    lost = [line for line in prose if line.startswith(" ") and len(line) > MAN_WIDTH]
    return lost + [line for line in text.splitlines() if not line.isascii()]


COMMANDS = every_command("sitegen") + every_command("sitegen-auth")


def test_every_command_is_found():
    names = {" ".join(command) for command in COMMANDS}
    assert {"sitegen build", "sitegen theme export", "sitegen-auth serve", "sitegen-auth sessions revoke"} <= names


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(command) for command in COMMANDS])
def test_help_reads_as_written(command):
    assert broken_lines(help_text(command)) == []


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(command) for command in COMMANDS])
def test_man_page_shows_what_help_shows(command):
    assert lost_in_man_page(help_text(command)) == []


def test_line_breaks_and_wrapped_examples_are_caught():
    text = (
        "OVERVIEW: Something.\n\nThe handler answers from the\nsession cookie.\n\nExamples:\n"
        "  sitegen-auth --config /etc/sitegen/auth.toml --listen\nunix:/run/auth.sock\n\nUSAGE: x\n"
    )
    assert broken_lines(text) == [
        "'The handler answers from the' / 'session cookie.'",
        "'  sitegen-auth --config /etc/sitegen/auth.toml --listen' / 'unix:/run/auth.sock'",
    ]


def test_what_the_man_page_loses_is_caught():
    text = (
        "OVERVIEW: Something.\n\nA page (guide/setup.md \u2192 /guide/setup/).\n\nExamples:\n"
        "  sitegen-auth --config /etc/sitegen/auth.toml --listen-http 127.0.0.1:9091\n"
        "  sitegen-auth --config /etc/sitegen/auth.toml --listen-http 127.0.0.1:91\n\nUSAGE: x\n"
    )
    assert lost_in_man_page(text) == [
        "  sitegen-auth --config /etc/sitegen/auth.toml --listen-http 127.0.0.1:9091",
        "A page (guide/setup.md \u2192 /guide/setup/).",
    ]
