#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds `bench` in release — the only build that
# may report times — and runs it with the given arguments (none: the main job).
# `bench` runs in the caller's directory, so a relative path (`--json out.json`) lands where
# the caller stands; the package is built wherever it is, and baselines are the package's.
#
# The build is for the instruction set of the machine it runs on: on x86-64, the highest psABI
# level the processor supports (x86-64-v2; -v3: AVX2, FMA, BMI; -v4: AVX-512), passed as
# -march to the C targets and to the Swift targets' clang importer (whose target features the
# Swift code generator uses: `-target-cpu` takes processor names, not levels), with
# -D FLIGHTLINE_X86_64_VN so
# the binary names its target (`bench --version`, a run's `build.targetCPU`). Each level builds
# in its own folder (.build-x86-64-vN) beside the portable one (.build).
#   bash scripts/bench.sh --portable [ARGS…]   baseline x86-64 (SSE2, no FMA), in .build
set -euo pipefail
package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
portable=0
if [ "${1:-}" = "--portable" ]; then
    portable=1
    shift
fi
bash "$package/scripts/setup.sh"

# The x86-64 psABI level (x86-64-psABI 1.0, §3.1.1) whose every feature /proc/cpuinfo lists;
# empty below v2 or on another architecture.
cpu_level() {
    [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ] || return 0
    local flags level="" feature ok
    flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
    for candidate in \
        "x86-64-v2:cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3" \
        "x86-64-v3:avx avx2 bmi1 bmi2 f16c fma abm movbe xsave" \
        "x86-64-v4:avx512f avx512bw avx512cd avx512dq avx512vl"; do
        ok=1
        for feature in ${candidate#*:}; do
            case "$flags" in *" $feature "*) ;; *) ok=0 ;; esac
        done
        [ "$ok" = 1 ] || break
        level="${candidate%%:*}"
    done
    echo "$level"
}

build=(swift build --package-path "$package" -c release --product bench)
level=""
[ "$portable" = 1 ] || level="$(cpu_level)"
if [ -n "$level" ]; then
    define="FLIGHTLINE_$(echo "$level" | tr 'a-z-' 'A-Z_')"
    build+=(--scratch-path "$package/.build-$level"
            -Xcc "-march=$level" -Xswiftc -Xcc -Xswiftc "-march=$level" -Xswiftc -D -Xswiftc "$define")
fi
"${build[@]}" >&2
exec "$("${build[@]}" --show-bin-path)/bench" "$@"
