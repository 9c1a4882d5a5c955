#!/usr/bin/env bash
# Install what the tests need (Python packages in .venv/, Debian's chromium) and run the whole test suite.
# Arguments are passed to pytest (e.g. bash scripts/test.sh tests/test_cite.py -x).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
export PYTHONDONTWRITEBYTECODE=1

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installation de chromium (Debian)…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null || lois_fail "apt-get update a échoué"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null \
    || lois_fail "installation de chromium impossible : sudo apt install chromium"
fi
# zbarimg (Debian's zbar-tools) decodes the QR codes of the table tents in tests/test_tents.py
if ! command -v zbarimg >/dev/null 2>&1; then
  echo "Installation de zbar-tools (Debian)…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null || lois_fail "apt-get update a échoué"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq zbar-tools >/dev/null \
    || lois_fail "installation de zbar-tools impossible : sudo apt install zbar-tools"
fi
lois_venv "[test]"

set +e
"$VPY" -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "Aucun test collecté."
fi
exit "$rc"
