#!/usr/bin/env bash
# Install what the tests need (Python packages, Debian's chromium) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
PY=${PYTHON:-python3}

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installation de chromium (Debian)…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
"$PY" -m pip install -q -e ".[test]" 2>&1 | grep -v -i "running pip as the 'root' user" || true

set +e
"$PY" -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "Aucun test collecté."
  echo "0 passed, 0 failed"
  exit 0
fi
exit "$rc"
