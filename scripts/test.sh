#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), then runs the whole test suite and ends with one
# summary line. Arguments go to `swift test` (e.g. --filter PathCommandTests).
#
# The tests are Swift Testing only: --disable-xctest skips XCTest's empty runs, which printed
# "Executed 0 tests" twice around the real result.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

log=$(mktemp)
trap 'rm -f "$log"' EXIT
started=$(date +%s)
set +e
swift test --disable-xctest "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
elapsed=$(( $(date +%s) - started ))

# Swift Testing's closing line: "✔ Test run with 439 tests in 58 suites passed after 20.1 seconds."
result=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -n 1 | sed -E 's/^[^T]*Test run with //; s/ after [0-9.]+ seconds//; s/\.$//' || true)
failed=$(grep -cE "^✘ Test .* (failed|recorded an issue)" "$log" || true)
if [ "$status" -eq 0 ]; then
    echo "scripts/test.sh: ${result:-passed (no Swift Testing summary line)} (${elapsed} s with the build)"
else
    echo "scripts/test.sh: FAILED (swift test exit ${status}): ${result:-the build or the runner failed before the tests}; ${failed} failure lines marked ✘ above (${elapsed} s)" >&2
fi
exit "$status"
