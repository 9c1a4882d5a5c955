#!/usr/bin/env bash
# Install what the tests need (Python packages in .venv/, Debian's chromium-headless-shell and zbar-tools)
# and run the whole test suite.
# Arguments are passed to pytest (e.g. bash scripts/test.sh tests/test_cite.py -x).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
export PYTHONDONTWRITEBYTECODE=1

# Debian's chromium-headless-shell (the same Chromium, without the window layers: a quarter less CPU per page)
# drives the browser tests; zbarimg (Debian's zbar-tools) decodes the QR codes of the table tents in
# tests/test_tents.py. LOIS_CHROMIUM=/usr/bin/chromium runs the browser tests in the full browser instead.
for need in chromium-headless-shell:chromium-headless-shell zbarimg:zbar-tools; do
  cmd="${need%%:*}"; pkg="${need#*:}"
  if ! command -v "$cmd" >/dev/null 2>&1; then
    echo "Installation de $pkg (Debian)…"
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >/dev/null || lois_fail "apt-get update a échoué"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$pkg" >/dev/null \
      || lois_fail "installation de $pkg impossible : sudo apt install $pkg"
  fi
done
lois_venv "[test]"

set +e
"$VPY" -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "Aucun test collecté."
fi
exit "$rc"
