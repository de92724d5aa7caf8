"""Writes the fenced code blocks of a sitegen corpus folder to one file the harnesses read:
each block as \\x01LANGUAGE\\n CODE \\x02.

    python extract_blocks.py CORPUS/sitegen blocks.dat
"""

import re
import sys
from pathlib import Path

blocks = []
for page in sorted(Path(sys.argv[1]).rglob("*.md")):
    blocks += re.findall(r"```(\w+)\n(.*?\n)```", page.read_text(), re.S)
Path(sys.argv[2]).write_text("".join(f"\x01{language}\n{code}\x02" for language, code in blocks))
print(f"{len(blocks)} blocks, {sum(len(code) for _, code in blocks) // 1024} KiB of code", file=sys.stderr)
