#!/usr/bin/env bash
# Set everything up in .venv/, build the site (strict) and serve it on http://127.0.0.1:8000/ ; saving a page
# or a corpus file rebuilds it. Options: --build-only (build into ./site and stop).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
lois_venv ""
"$VPY" -m mkdocs build --strict -d site || lois_fail "la construction du site a échoué (voir ci-dessus) ; ./site est inchangé."
if [ "${1:-}" = "--build-only" ]; then
  echo "Site construit dans ./site"
  exit 0
fi
echo "Site servi sur http://127.0.0.1:8000/ (Ctrl-C pour arrêter)"
exec "$VPY" -m mkdocs serve -a 127.0.0.1:8000
