#!/usr/bin/env bash
# Set everything up, build the site (strict) and serve it on http://127.0.0.1:8000/ .
# Options: --build-only (build into ./site and stop).
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1 PIP_DISABLE_PIP_VERSION_CHECK=1
PY=${PYTHON:-python3}
"$PY" -m pip install -q -e . 2>&1 | grep -v -i "running pip as the 'root' user" || true
"$PY" -m mkdocs build --strict -d site
if [ "${1:-}" = "--build-only" ]; then
  echo "Site construit dans ./site"
  exit 0
fi
echo "Site servi sur http://127.0.0.1:8000/ (Ctrl-C pour arrêter)"
exec "$PY" -m mkdocs serve -a 127.0.0.1:8000
