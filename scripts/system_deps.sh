#!/usr/bin/env bash
# The system packages the tests need and pip cannot install: Debian's Chromium (the browser test drives it;
# never a downloaded browser) and Korean fonts (its screenshots must be readable). Installs them with apt
# when missing — as root, or through sudo — and otherwise says plainly what to install.
set -euo pipefail
have_browser() { command -v chromium >/dev/null 2>&1 || [ -x "${ARBITER_CHROMIUM:-/usr/bin/chromium}" ]; }
have_fonts() { fc-list 2>/dev/null | grep -i "noto sans cjk" >/dev/null; }
if have_browser && have_fonts; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    run=(sudo)
else
    echo "make test needs Debian's chromium and fonts-noto-cjk; install them with:" >&2
    echo "    sudo apt-get install -y chromium fonts-noto-cjk" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "make test needs Chromium and Noto CJK fonts; this system has no apt-get to install them." >&2
    echo "Install a Chromium and set ARBITER_CHROMIUM=/path/to/chromium, and a Noto Sans CJK font." >&2
    exit 1
fi
echo "installing chromium and fonts-noto-cjk (apt) for the browser test…" >&2
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
