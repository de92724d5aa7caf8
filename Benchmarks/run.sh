#!/usr/bin/env bash
# The benchmarks of BENCHMARKS.md: sitegen side by side with Hugo, MkDocs Material and Apache +
# mod_auth_openidc, each make bench* target one mode of this script.
#
#   Benchmarks/run.sh            full run: 1,000 and 10,000 pages, 5 rounds of throughput (about 30 min)
#   Benchmarks/run.sh --quick    1,000 pages once, 1 short round (a few minutes)
#   Benchmarks/run.sh --builds-only   the site builds alone, no servers (add --quick for 1,000 pages once)
#   Benchmarks/run.sh --search-only   search alone, against MkDocs Material's, at 10,000 pages
#   Benchmarks/run.sh --incremental-only   sitegen's rebuilds after an edit and the preview, no other tool
#   Benchmarks/run.sh --wide-add-only --in-memory   one page added to the wide corpus, by sitegen build and --watch
#   Benchmarks/run.sh --throughput-only    the request path, (a) to (e′), and metrics on and off (about 15 min)
#   Benchmarks/run.sh --recheck-only   the check with session re-checks off and every 10 s, in pairs
#   Benchmarks/run.sh --wide-only   output size and builds against Hugo at 10,000 pages and on the wide corpus,
#                                   then (d) for a page built before the navigation changes and now
#   Benchmarks/run.sh --cgi-only    sitegen-auth as CGI behind fcgiwrap against the FastCGI server, and its start-up
#
# Installs what is missing (Debian packages, a Python virtualenv in Benchmarks/.work/venv), builds the
# release binaries into .build-bench/, then runs Benchmarks/bench.py. The tables go to stdout and to
# Benchmarks/.work/results.md; all generated state stays in Benchmarks/.work/.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=Benchmarks/.work
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
PACKAGES="hugo wrk apache2 libapache2-mod-auth-openidc time nginx gcc libfcgi-dev python3-venv valgrind linux-perf
          redis-server libsqlite3-dev libhiredis-dev chromium chromium-driver nodejs libjs-lunr fcgiwrap"

missing=$(for package in $PACKAGES; do dpkg -s "$package" >/dev/null 2>&1 || echo "$package"; done)
if [ -n "$missing" ]; then
    echo "Installing Debian packages:" $missing >&2
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
    # The benchmark runs its own Apache on a loopback port; the system service the package enables is not wanted.
    if [[ " $missing " == *" apache2 "* ]] && [ -d /run/systemd/system ]; then
        $SUDO systemctl disable --now apache2 >/dev/null 2>&1 || true
    fi
fi

mkdir -p "$WORK"
if [ ! -e "$WORK/venv/.installed" ] || [ Benchmarks/requirements.txt -nt "$WORK/venv/.installed" ]; then
    echo "Installing the Python tools into $WORK/venv…" >&2
    python3 -m venv "$WORK/venv"
    "$WORK/venv/bin/pip" install --quiet --disable-pip-version-check -r Benchmarks/requirements.txt >&2
    touch "$WORK/venv/.installed"
fi

echo "Building release binaries (.build-bench)…" >&2
swift build -c release --scratch-path .build-bench >&2

# A product as the Debian package ships it: the Swift runtime linked statically (packaging/build-static.sh). The
# CGI rows measure its sitegen-auth, whose start-up is most of a check, and the rebuild rows (--incremental-only)
# its sitegen, whose start-up is part of every rebuild.
shipped_build() {
    echo "Building the static $1 (.build-static)…" >&2
    bash packaging/build-static.sh --product "$1" >&2
}
cgi_bench() {
    shipped_build sitegen-auth
    "$WORK/venv/bin/python" Benchmarks/cgi.py --work "$WORK" --sitegen .build-bench/release/sitegen \
        --auth .build-static/release/sitegen-auth "$@"
}
if [ "${1:-}" = --cgi-only ]; then
    shift
    cgi_bench "$@"
    exit 0
fi

# (c₀): sitegen-auth as it was just before the session store, whose sealed cookie carried the whole session;
# built once from that commit, so the store's cost is measured against it in the same run. Every run that
# measures the request path needs it: the full and quick runs and --throughput-only.
STATELESS_COMMIT=4e9c8ca
needs_request_path=yes
for argument in "$@"; do
    case "$argument" in
    --builds-only | --search-only | --incremental-only | --wide-add-only | --wide-only | --recheck-only)
        needs_request_path=no ;;
    esac
done
if [ "$needs_request_path" = yes ] && [ ! -x .build-bench-stateless/release/sitegen-auth ]; then
    echo "Building the stateless reference sitegen-auth ($STATELESS_COMMIT, .build-bench-stateless)…" >&2
    rm -rf "$WORK/stateless-src" && mkdir -p "$WORK/stateless-src"
    git archive "$STATELESS_COMMIT" | tar -x -C "$WORK/stateless-src"
    swift build -c release --package-path "$WORK/stateless-src" --scratch-path .build-bench-stateless \
        --product sitegen-auth >&2
fi

if [ ! -x "$WORK/trivial-fcgi" ] || [ Benchmarks/trivial-fcgi.c -nt "$WORK/trivial-fcgi" ]; then
    gcc -O2 -Wall -o "$WORK/trivial-fcgi" Benchmarks/trivial-fcgi.c -lfcgi -lpthread
fi

# Output size and builds as pages grow, with the wide-section corpus (Benchmarks/wide.py), then (d) for a page as
# built before the navigation changes against as built now (Benchmarks/navigation.py, with the sitegen of
# NAVIGATION_BASE built once into .build-bench-navbase): alone with --wide-only, and after everything else in a
# full run.
NAVIGATION_BASE=3f432eb
output_bench() {
    "$WORK/venv/bin/python" Benchmarks/wide.py --work "$WORK"
    if [ ! -x .build-bench-navbase/release/sitegen ]; then
        echo "Building the sitegen of $NAVIGATION_BASE (.build-bench-navbase)…" >&2
        rm -rf "$WORK/navbase-src" && mkdir -p "$WORK/navbase-src"
        git archive "$NAVIGATION_BASE" | tar -x -C "$WORK/navbase-src"
        swift build -c release --package-path "$WORK/navbase-src" --scratch-path .build-bench-navbase \
            --product sitegen >&2
    fi
    "$WORK/venv/bin/python" Benchmarks/navigation.py --work "$WORK" --base .build-bench-navbase/release/sitegen
}
if [ "${1:-}" = --wide-only ]; then
    output_bench
    exit 0
fi
if [ "${1:-}" = --incremental-only ] || [ "${1:-}" = --wide-add-only ]; then
    shipped_build sitegen
fi
"$WORK/venv/bin/python" Benchmarks/bench.py "$@"
case "${1:-}" in
    "") cgi_bench ;;
    --quick) cgi_bench --quick ;;
esac
if [ $# -eq 0 ]; then
    output_bench
fi
