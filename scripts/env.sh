# Sourced by serve.sh and test.sh: the project's own virtual environment (.venv/), created and kept up to date.
# On a stock Debian or Ubuntu, pip refuses to install into the system's Python (PEP 668): everything goes into
# .venv/ instead. Works the same with a Python from pyenv or a distribution, and in CI.
# Variables: PYTHON (the Python that creates .venv, default python3), LOIS_VENV (default .venv).
# Any failed step stops the script with a non-zero exit and a French message.

lois_fail() { echo "erreur : $*" >&2; exit 1; }

lois_venv() {
  local extras="$1" py="${PYTHON:-python3}" venv="${LOIS_VENV:-.venv}"
  export NO_MKDOCS_2_WARNING=1 PIP_DISABLE_PIP_VERSION_CHECK=1
  command -v "$py" >/dev/null 2>&1 || lois_fail "« $py » introuvable : installez Python ≥ 3.11 (Debian : sudo apt install python3)."
  "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || lois_fail "Python ≥ 3.11 requis ($("$py" -V 2>&1)) ; indiquez-en un autre par PYTHON=… bash $0"
  if [ ! -x "$venv/bin/python" ]; then
    echo "Création de l'environnement $venv…"
    if ! "$py" -m venv "$venv" >/dev/null 2>"$venv.err"; then
      cat "$venv.err" >&2; rm -rf "$venv" "$venv.err"
      lois_fail "impossible de créer l'environnement virtuel $venv. Sur Debian ou Ubuntu, installez le module venv :
  sudo apt install python3-venv
(ou python3.11-venv, selon la version de Python), puis relancez la commande."
    fi
    rm -f "$venv.err"
  fi
  VPY="$venv/bin/python"
  # reinstall only when the project's dependencies changed (pyproject.toml), so that a second run is fast and
  # works without network
  local stamp="$venv/.lois-installe-$extras" want
  want=$("$VPY" -c 'import hashlib, sys; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "Installation des paquets Python dans $venv…"
    "$VPY" -m pip install -q --upgrade pip || lois_fail "mise à jour de pip impossible (réseau ?)"
    "$VPY" -m pip install -q -e ".$extras" || lois_fail "installation des paquets Python impossible (voir ci-dessus)"
    echo "$want" >"$stamp"
  fi
  "$VPY" -c 'import mkdocs, material, whoosh, yaml, markdown_it' \
    || lois_fail "les paquets installés dans $venv sont incomplets : supprimez $venv et relancez."
  export VPY
}
