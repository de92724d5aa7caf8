#!/usr/bin/env bash
# The measurement that chose sitegen's code highlighter (ARCHITECTURE.md, "Code highlighting"): CPU time
# per fenced block of the 1,000-page benchmark corpus for GNU source-highlight, KSyntaxHighlighting,
# Pygments (reference) and André Simon's highlight CLI (one process per block, as it has no library).
#
#   bash Benchmarks/highlighters/compare.sh
#
# Installs what is missing from Debian; everything it writes goes to Benchmarks/.work/highlighters/.
set -euo pipefail
cd "$(dirname "$0")"
WORK=../.work/highlighters
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
PACKAGES="libsource-highlight-dev libkf5syntaxhighlighting-dev highlight python3-pygments time g++"
missing=$(for package in $PACKAGES; do dpkg -s "$package" >/dev/null 2>&1 || echo "$package"; done)
if [ -n "$missing" ]; then
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
fi
mkdir -p "$WORK"
python3 ../corpus.py --pages 1000 --out "$WORK/corpus" --layouts sitegen >&2
python3 extract_blocks.py "$WORK/corpus/sitegen" "$WORK/blocks.dat"
g++ -O2 -std=c++17 -o "$WORK/source-highlight" source-highlight.cpp $(pkg-config --cflags --libs source-highlight)
g++ -O2 -std=c++17 -fPIC -o "$WORK/ksyntaxhighlighting" ksyntaxhighlighting.cpp \
    $(pkg-config --cflags --libs Qt5Gui) -lKF5SyntaxHighlighting

blocks=$(python3 -c "import sys; print(open(sys.argv[1]).read().count('\x01'))" "$WORK/blocks.dat")
for round in 1 2 3; do
    for tool in source-highlight ksyntaxhighlighting pygments; do
        case $tool in
            pygments) command=(/usr/bin/python3 pygments_blocks.py "$WORK/blocks.dat" 3) ;;
            *) command=("$WORK/$tool" "$WORK/blocks.dat" 3) ;;
        esac
        /usr/bin/time -f "%U %S" -o "$WORK/time" "${command[@]}" 2>/dev/null
        read -r user system < "$WORK/time"
        python3 -c "import sys; print(f'round {sys.argv[1]}: {sys.argv[2]:20} {(float(sys.argv[3]) + float(sys.argv[4])) / (3 * int(sys.argv[5])) * 1e6:6.0f} µs CPU per block')" \
            "$round" "$tool" "$user" "$system" "$blocks"
    done
done
python3 - "$WORK/blocks.dat" <<'PY'
import resource, subprocess, sys
chunks = open(sys.argv[1]).read().split("\x01")[1:201]
syntax = {"python": "py", "bash": "sh", "yaml": "yaml", "json": "json", "go": "go", "swift": "swift", "toml": "ini", "javascript": "js"}
before = resource.getrusage(resource.RUSAGE_CHILDREN)
for chunk in chunks:
    language, code = chunk.rstrip("\x02").split("\n", 1)
    subprocess.run(["highlight", "-S", syntax[language], "-O", "html", "-f"], input=code, capture_output=True, text=True)
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
print(f"highlight CLI, 200 blocks: {cpu / 200 * 1e6:6.0f} µs CPU per block")
PY
