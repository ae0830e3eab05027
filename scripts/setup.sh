#!/usr/bin/env bash
# Installs what Flightline needs on a fresh Debian machine (run as root); scripts/bench.sh and
# scripts/test.sh call it before they build. The Swift toolchain itself must be on the PATH.
#   GNU GSL (libgsl-dev) — the reference every kernel is checked and raced against.
#   pkg-config           — SwiftPM finds GSL's headers and libraries through it.
# Nothing is installed when `pkg-config --exists gsl` already succeeds.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists gsl; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: GSL is missing and installing it needs root (apt-get install libgsl-dev pkg-config)" >&2
        exit 2
    fi
    echo "setup: installing libgsl-dev and pkg-config with apt" >&2
    export DEBIAN_FRONTEND=noninteractive
    # A fresh machine has no package lists: update first.
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends libgsl-dev pkg-config >/dev/null
fi
pkg-config --exists gsl || { echo "setup: pkg-config still cannot find gsl" >&2; exit 2; }
