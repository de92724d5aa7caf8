"""Pygments over every block, REPEAT times, to spans with classes: a reference point only, since
sitegen cannot run Python at build time.

    python pygments_blocks.py BLOCKS REPEAT
"""

import sys
from pathlib import Path

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name

blocks = [chunk.rstrip("\x02").split("\n", 1) for chunk in Path(sys.argv[1]).read_text().split("\x01")[1:]]
formatter = HtmlFormatter(nowrap=True)
lexers = {language: get_lexer_by_name(language) for language, _ in blocks}
size = sum(len(highlight(code, lexers[language], formatter)) for _ in range(int(sys.argv[2])) for language, code in blocks)
print(f"Pygments: {len(blocks) * int(sys.argv[2])} blocks, {size} bytes of HTML", file=sys.stderr)
