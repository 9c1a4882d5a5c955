#!/bin/bash
# Summary lines of the search measures on the development sets, for a before/after comparison:
#   bash bench/eval_sets.sh [TREE]   (TREE: a checkout or `git archive` of the project; default: this one)
# `lois cherche --evaluer` on relevance (no file), directors, situations, blind1–blind10 (summary lines only), then
# bench/eval_textless.py on blind4–blind10. The blind set of the running session (blind11) is never read here.
set -e
HERE=$(cd "$(dirname "$0")/.." && pwd)
TREE=${1:-$HERE}
cd "$TREE"
export PYTHONPATH=$PWD/plugins NO_MKDOCS_2_WARNING=1
P=${PYTHON:-$HERE/.venv/bin/python}  # this checkout's environment (README), whatever TREE is
if [ ! -x "$P" ]; then  # a git worktree has no .venv of its own: PYTHON=/path/to/.venv/bin/python
  echo "eval_sets.sh : pas de Python à $P ; donnez-le par PYTHON=/chemin/vers/.venv/bin/python" >&2; exit 2
fi
for f in "" tests/search_directors.yaml tests/search_situations.yaml tests/search_situations_blind.yaml \
         tests/search_situations_blind2.yaml tests/search_situations_blind3.yaml tests/search_situations_blind4.yaml \
         tests/search_situations_blind5.yaml tests/search_situations_blind6.yaml tests/search_situations_blind7.yaml \
         tests/search_situations_blind8.yaml tests/search_situations_blind9.yaml \
         tests/search_situations_blind10.yaml; do
  echo "== ${f:-tests/search_relevance.yaml}"
  $P -c 'from lois.adapters.cli import main; main()' cherche --evaluer $f | grep -v '^\(ok\|~\|NON\) '
done
for f in tests/search_situations_blind4.yaml tests/search_situations_blind5.yaml tests/search_situations_blind6.yaml \
         tests/search_situations_blind7.yaml tests/search_situations_blind8.yaml tests/search_situations_blind9.yaml \
         tests/search_situations_blind10.yaml; do
  echo "== eval_textless $f"; $P bench/eval_textless.py $f
done
