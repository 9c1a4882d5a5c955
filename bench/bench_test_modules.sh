#!/usr/bin/env bash
# CPU time (user+sys, the test process and its children: lois and mkdocs processes, Chromium) and wall time of some
# test modules in each of several checkouts, taken in turn, with the load of the machine before each run:
#   bash bench/bench_test_modules.sh "/work/main /work/wt/suitetime" tests/test_terminal.py tests/test_io_errors.py
# Each checkout runs its own copy of the modules with its own package first on the path (PYTHONPATH=plugins).
set -euo pipefail
checkouts=$1
shift
VPY=${VPY:-/work/main/.venv/bin/python}
for dir in $checkouts; do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  out=$(mktemp)
  (cd "$dir" && PYTHONPATH="$dir/plugins" NO_MKDOCS_2_WARNING=1 /usr/bin/time -o "$out" \
     -f "wall %e s, user %U s, sys %S s" "$VPY" -m pytest -q -p no:cacheprovider "$@" >/dev/null 2>&1) || true
  t=$(tail -1 "$out")
  rm -f "$out"
  echo "$dir (charge $load) : $t"
done
