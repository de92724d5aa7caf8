#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each for a while (make fuzz, make fuzz-smoke).
#
#   Fuzz/run.sh SECONDS [TARGET...]   every target (default: all nine) for SECONDS each
#   FUZZ_SEED=1 Fuzz/run.sh 20         the same inputs on every run (make fuzz-smoke, so CI is repeatable)
#   FUZZ_JOBS=1 Fuzz/run.sh 300        one target at a time (default: as many at once as there are cores)
#
# Each target starts from its committed seeds in Fuzz/Corpus/NAME/ and keeps what it learns in
# .build-fuzz/corpus/NAME/ (never in the committed seeds). A crash, a failed property or a leak writes the
# input to .build-fuzz/crashes/ and makes the script exit 1 after every target has run. libFuzzer's output is in
# .build-fuzz/logs/RUN/ (one folder per run, so runs side by side keep theirs). The last lines are a table:
# executions and crashes per target.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${1:?usage: Fuzz/run.sh SECONDS [TARGET...]}
shift
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(session-cookie cookie-header request-path cgi-parameters jose front-matter config search-text build-cache)
SCRATCH=.build-fuzz
# libFuzzer reports a crash itself; Swift's backtracer would hold a crashing target for up to 30 s first.
export SWIFT_BACKTRACE=enable=no

echo "Building the fuzz targets ($SCRATCH)…" >&2
# SwiftPM keeps its build plan while no manifest changes, and does not see a source file added to the main
# package, a path dependency here: the build would then fail with "cannot find … in scope". Without the plan it
# lists the sources again; what is already compiled is not compiled again.
rm -f "$SCRATCH/release.yaml" "$SCRATCH/release/description.json"
# Every module, the main package's and its dependencies', is instrumented for coverage and AddressSanitizer;
# -enable-testing lets the targets reach internal API (@testable import) in an optimised build.
swift build --package-path Fuzz --scratch-path "$SCRATCH" \
    -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address \
    -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld >&2
BIN=$(swift build -c release --package-path Fuzz --scratch-path "$SCRATCH" --show-bin-path)

LOGS="$SCRATCH/logs/$(date +%Y%m%d-%H%M%S)-$$"
mkdir -p "$SCRATCH/crashes" "$LOGS"
seed=()
[ -n "${FUZZ_SEED:-}" ] && seed=(-seed="$FUZZ_SEED")
JOBS=${FUZZ_JOBS:-$(nproc)}

# Runs one target; writes its row of the table (name, executions, crashes) to $LOGS/NAME.row.
fuzz_target() {
    local name=$1 log="$LOGS/$1.log" leaks=1 status=0 runs
    mkdir -p "$SCRATCH/corpus/$name"
    # TOMLKit 0.6.0 leaks on every parse (a strdup per string read, the error record): small, once per config
    # file in sitegen, but LeakSanitizer would stop this target at its first input. Crashes still count.
    [ "$name" = config ] && leaks=0
    ASAN_OPTIONS=detect_leaks=$leaks "$BIN/fuzz-$name" "$SCRATCH/corpus/$name" "Fuzz/Corpus/$name" \
        -detect_leaks=$leaks "${seed[@]}" \
        -max_total_time="$SECONDS_EACH" -print_final_stats=1 -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$SCRATCH/crashes/$name-" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ "$status" -ne 0 ]; then
        grep -E "^==[0-9]+==ERROR|Fatal error|SUMMARY|Test unit written" "$log" | head -5 >&2 || true
        printf '%-16s %14s %8s\n' "$name" "${runs:-?}" 1 >"$LOGS/$name.row"
    else
        printf '%-16s %14s %8s\n' "$name" "$runs" 0 >"$LOGS/$name.row"
    fi
}

# The targets run $JOBS at a time, each on its own core for SECONDS.
for name in "${TARGETS[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
    echo "fuzz-$name: ${SECONDS_EACH} s" >&2
    fuzz_target "$name" &
done
wait

results=()
failed=0
for name in "${TARGETS[@]}"; do
    row=$(cat "$LOGS/$name.row")
    results+=("$row")
    [ "$(awk '{print $3}' <<<"$row")" = 0 ] || failed=1
done

printf '%-16s %14s %8s\n' target executions crashes
printf '%s\n' "${results[@]}"
total=0
for line in "${results[@]}"; do
    count=$(awk '{print $2}' <<<"$line")
    [[ "$count" =~ ^[0-9]+$ ]] && total=$((total + count))
done
printf '%-16s %14s\n' total "$total"
exit "$failed"
