#!/usr/bin/env bash
# Installs what Flightline needs on a fresh Debian machine (run as root); scripts/bench.sh and
# scripts/test.sh call it before they build. The Swift toolchain itself must be on the PATH.
#   GNU GSL (libgsl-dev)       — the reference every kernel is checked and raced against.
#   rlottie (librlottie-dev)   — the second Lottie player `bench validate --reference rlottie`
#                                and the conformance tests compare Flightline with.
#   pkg-config                 — SwiftPM finds both libraries' headers and libraries through it.
#   chromium                   — the headless browser the report test renders `bench report`'s
#                                index.html in (ReportCommandTests).
# Nothing is installed when `pkg-config --exists gsl`, `pkg-config --exists rlottie` and
# `command -v chromium` already succeed.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
if ! command -v pkg-config >/dev/null 2>&1; then
    missing+=(pkg-config libgsl-dev librlottie-dev)
else
    pkg-config --exists gsl || missing+=(libgsl-dev)
    pkg-config --exists rlottie || missing+=(librlottie-dev)
fi
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: ${missing[*]} missing and installing needs root (apt-get install ${missing[*]} pkg-config)" >&2
        exit 2
    fi
    echo "setup: installing ${missing[*]} with apt" >&2
    export DEBIAN_FRONTEND=noninteractive
    # A fresh machine has no package lists: update first.
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends pkg-config "${missing[@]}" >/dev/null
fi
pkg-config --exists gsl || { echo "setup: pkg-config still cannot find gsl" >&2; exit 2; }
pkg-config --exists rlottie || { echo "setup: pkg-config still cannot find rlottie" >&2; exit 2; }
command -v chromium >/dev/null 2>&1 || { echo "setup: chromium is still not on the PATH" >&2; exit 2; }
