#!/usr/bin/env bash
# CPU time and wall time of some test modules in each of several checkouts, taken in turn, with the load of the
# machine before each run:
#   bash bench/bench_test_modules.sh "/path/to/main /path/to/branch" tests/test_terminal.py tests/test_io_errors.py
# Each checkout runs its own copy of the modules with its own package first on the path (PYTHONPATH=plugins).
# Two CPU figures: user+sys of /usr/bin/time (pytest and the children it waited for: lois and mkdocs processes,
# the Playwright driver — not Chromium, which the driver does not wait for), and « arbre », the CPU of pytest and of
# every process under it, Chromium's included, summed over the tests by bench/cpu_per_test.py (this checkout's).
set -euo pipefail
checkouts=$1
shift
BENCH=$(cd "$(dirname "$0")" && pwd)
VPY=${VPY:-$BENCH/../.venv/bin/python}  # this checkout's environment (README)
for dir in $checkouts; do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  out=$(mktemp)
  tree=$(mktemp)
  (cd "$dir" && PYTHONPATH="$dir/plugins:$BENCH" CPU_PER_TEST_OUT="$tree" NO_MKDOCS_2_WARNING=1 /usr/bin/time -o "$out" \
     -f "wall %e s, user %U s, sys %S s" "$VPY" -m pytest -q -p no:cacheprovider -p cpu_per_test "$@" \
     >/dev/null 2>&1) || true
  t=$(tail -1 "$out")
  cpu=$(awk -F'\t' '{s += $4} END {printf "%.1f", s}' "$tree")
  rm -f "$out" "$tree"
  echo "$dir (charge $load) : $t, arbre $cpu s"
done
