#!/bin/sh
# Mesures alternées de bench_rebuild.py : ce code (plugins de ce dossier) et un autre (plugins d'un autre
# checkout), tour à tour, avec la charge de la machine avant chaque mesure.
#   sh bench/alterne_rebuild.sh AUTRE_PLUGINS [TOURS] [FACTEUR]
set -e
other=$1; turns=${2:-2}; factor=${3:-9}
here=$(cd "$(dirname "$0")/.." && pwd)
py=${PYTHON:-python}
for i in $(seq "$turns"); do
  for p in "$here/plugins" "$other"; do
    echo "== $p ($(uptime))"
    PYTHONPATH="$p" NO_MKDOCS_2_WARNING=1 "$py" "$here/bench/bench_rebuild.py" --facteur "$factor" --plugins "$p" | grep -v '^$'
  done
done
