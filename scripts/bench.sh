#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds `bench` in release — the only build that
# may report times — and runs it with the given arguments (none: the main job).
# `bench` runs in the caller's directory, so a relative path (`--json out.json`) lands where
# the caller stands; the package is built wherever it is, and baselines are the package's.
set -euo pipefail
package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$package/scripts/setup.sh"
swift build --package-path "$package" -c release --product bench >&2
exec "$(swift build --package-path "$package" -c release --show-bin-path)/bench" "$@"
