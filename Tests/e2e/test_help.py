"""Every `--help` of both executables reads as written: paragraphs wrap to the terminal instead of breaking where
the source line ended, and no example is too wide to stay on its line."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from stack import BIN_DIR

COLUMNS = 80
# ArgumentParser fills a line to one column short of the terminal's width.
WIDTH = COLUMNS - 1


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


COMMANDS = every_command("sitegen") + every_command("sitegen-auth")


def test_every_command_is_found():
    names = {" ".join(command) for command in COMMANDS}
    assert {"sitegen build", "sitegen theme export", "sitegen-auth serve", "sitegen-auth sessions revoke"} <= names


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(command) for command in COMMANDS])
def test_help_reads_as_written(command):
    assert broken_lines(help_text(command)) == []


def test_line_breaks_and_wrapped_examples_are_caught():
    text = (
        "OVERVIEW: Something.\n\nThe handler answers from the\nsession cookie.\n\nExamples:\n"
        "  sitegen-auth --config /etc/sitegen/auth.toml --listen\nunix:/run/auth.sock\n\nUSAGE: x\n"
    )
    assert broken_lines(text) == [
        "'The handler answers from the' / 'session cookie.'",
        "'  sitegen-auth --config /etc/sitegen/auth.toml --listen' / 'unix:/run/auth.sock'",
    ]
