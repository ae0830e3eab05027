#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec swift test "$@"
