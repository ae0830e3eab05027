#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds `bench` in release — the only build that
# may report times — and runs it with the given arguments (none: the main job).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product bench >&2
exec "$(swift build -c release --show-bin-path)/bench" "$@"
