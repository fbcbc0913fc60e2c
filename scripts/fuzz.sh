#!/usr/bin/env bash
# Runs the cargo-fuzz targets (see docs/fuzzing.md) and prints, per target, the executions,
# executions per second, coverage (libFuzzer's `cov:` edges and `ft:` features) and whether it
# crashed.
#
#   scripts/fuzz.sh [seconds-per-target] [target...]
#
# Default: 60 seconds for every target. Needs a nightly toolchain; installs cargo-fuzz when it is
# missing. Environment: FUZZ_SANITIZER (none, the default, or address), FUZZ_TARGET_DIR (where to
# build; default fuzz/target), FUZZ_JOBS_NICE (nice level; default 10).
# Each target's corpus grows in fuzz/corpus/<target> (seeded from real data on every run), its
# log is fuzz/logs/<target>.log, and a crashing input is saved in fuzz/artifacts/<target>/.
# Exits non-zero if any target crashed.
set -euo pipefail

secs=${1:-60}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

sanitizer=${FUZZ_SANITIZER:-none}
target_dir=${FUZZ_TARGET_DIR:-$root/fuzz/target}
niceness=${FUZZ_JOBS_NICE:-10}

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked
fi

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

# One build for every target (optimised, with debug assertions and overflow checks).
nice -n "$niceness" cargo +nightly fuzz build -s "$sanitizer" --target-dir "$target_dir" >&2

triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
bin_dir="$target_dir/$triple/release"
mkdir -p logs

crashed=0
printf '%-12s %14s %10s %8s %8s  %s\n' target executions exec/s cov ft result
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    log="logs/$t.log"
    set +e
    DWARFS_FUZZ_SEEDS="corpus/$t" nice -n "$niceness" "$bin_dir/$t" \
        -max_total_time="$secs" -print_final_stats=1 -timeout=20 \
        -artifact_prefix="artifacts/$t/" "corpus/$t" >"$log" 2>&1
    rc=$?
    set -e
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    stats=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$stats")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$stats")
    if [ "$rc" -ne 0 ] || [ -n "$(ls -A "artifacts/$t")" ]; then
        result="CRASH (exit $rc; see $log and fuzz/artifacts/$t/)"
        crashed=1
    else
        result=ok
    fi
    printf '%-12s %14s %10s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit "$crashed"
