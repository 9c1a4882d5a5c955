#!/usr/bin/env bash
# Install what the tests need (Python packages in .venv/; Debian's chromium, chromium-headless-shell and
# zbar-tools; axe-core from npm in tests/node_modules/) and run the whole test suite.
# Arguments are passed to pytest (e.g. bash scripts/test.sh tests/test_cite.py -x).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
# Python keeps the compiled modules (__pycache__/, git-ignored, left out of the build cache's key): the ~150 `lois`
# and `mkdocs` processes the tests start would otherwise each compile the package again (65 ms a process)
unset PYTHONDONTWRITEBYTECODE

# Debian's chromium-headless-shell (the same Chromium, without the window layers: a quarter less time per page)
# drives the browser tests, and Debian's chromium, the full browser, the walk of tests/test_full_browser.py;
# zbarimg (Debian's zbar-tools) decodes the QR codes of the table tents in tests/test_tents.py.
# LOIS_CHROMIUM=/usr/bin/chromium runs every browser test in the full browser, which is also what they take when
# the headless shell cannot be installed.
apt_install() {  # apt_install PACKAGE: installs a Debian package, as root or through sudo; non-zero if it failed
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "Installation de $1 (Debian)…"
  $sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$1" >/dev/null
}
if ! command -v chromium >/dev/null 2>&1; then
  apt_install chromium || lois_fail "installation de chromium impossible : sudo apt install chromium"
fi
if [ -z "${LOIS_CHROMIUM:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1; then
  apt_install chromium-headless-shell \
    || echo "chromium-headless-shell n'a pas pu être installé : les tests prennent chromium."
fi
if ! command -v zbarimg >/dev/null 2>&1; then
  apt_install zbar-tools || lois_fail "installation de zbar-tools impossible : sudo apt install zbar-tools"
fi
lois_venv "[test]"
# axe-core (npm package pinned in tests/package.json): the accessibility checker that Playwright injects into each
# page of tests/test_axe_browser.py (never served by the site); installed again only when the lock file changed
if ! command -v npm >/dev/null 2>&1; then
  apt_install npm || lois_fail "installation de npm impossible : sudo apt install npm"
fi
axe_want=$(sha256sum tests/package-lock.json | cut -d' ' -f1)
if [ ! -f tests/node_modules/axe-core/axe.min.js ] || [ "$(cat tests/node_modules/.lois-installe 2>/dev/null)" != "$axe_want" ]; then
  echo "Installation d'axe-core (npm ci --prefix tests)…"
  npm ci --prefix tests --no-audit --no-fund --loglevel=error >/dev/null \
    || lois_fail "installation d'axe-core impossible (npm ci --prefix tests : réseau ?)"
  echo "$axe_want" >tests/node_modules/.lois-installe
fi

# Scratch files in memory: the tests write and remove tens of thousands of files (each build writes a site of ~460
# files, corpora are copied, Chromium keeps a profile per launch), and on a disk mounted with `discard` each removal
# waits for the disk (a built site written then removed: ~0.6 s in /tmp on an ext4 disk, 0.08 s on a tmpfs;
# bench/bench_scratch.py). When TMPDIR is not set and /dev/shm (a tmpfs) has 4 GiB free, the tests' temporary
# folders (pytest's tmp_path, tempfile, Chromium's profiles) go there, and pytest keeps those of failed tests only
# (each passed test's folder removed at once, RAM given back). The project's own folders (build/cache…) stay put.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] \
    && [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}')" -ge 4194304 ] 2>/dev/null; then
  export TMPDIR="/dev/shm/lois-tests-$(id -u)"
  mkdir -p "$TMPDIR" && chmod 1777 "$TMPDIR"  # as /tmp: tests/test_odd_files.py reads there as « nobody »
  set -- -o tmp_path_retention_policy=failed "$@"
fi

set +e
"$VPY" -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "Aucun test collecté."
fi
exit "$rc"
