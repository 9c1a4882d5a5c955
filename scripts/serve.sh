#!/usr/bin/env bash
# Set everything up in .venv/, build the site (strict) and serve it; saving a page or a corpus file rebuilds it.
# Options: -a ADDRESS:PORT (or --dev-addr, as `mkdocs serve -a`; default 127.0.0.1:8000),
#          --build-only (build into ./site and stop), -h/--help.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

usage="usage : bash scripts/serve.sh [-a ADRESSE:PORT] [--build-only]
  -a, --dev-addr ADRESSE:PORT  adresse et port du serveur, comme mkdocs serve -a (par défaut 127.0.0.1:8000 ;
                               0.0.0.0:8080 : toutes les interfaces de la machine, port 8080)
  --build-only                 construire le site dans ./site sans le servir"
addr="127.0.0.1:8000"
build_only=""
while [ $# -gt 0 ]; do
  case "$1" in
    -a|--dev-addr)
      [ $# -ge 2 ] || lois_fail "l'option $1 attend une adresse et un port (ex. $1 0.0.0.0:8080).
$usage"
      addr="$2"; shift 2 ;;
    -a=*|--dev-addr=*) addr="${1#*=}"; shift ;;
    -a?*) addr="${1#-a}"; shift ;;
    --build-only) build_only=1; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) lois_fail "option inconnue : « $1 ».
$usage" ;;
  esac
done
# ADDRESS:PORT as mkdocs serve takes it: an IPv4 address, localhost, or an IPv6 address in brackets ([::1]:8000)
port="${addr##*:}"
host="${addr%:*}"
valid_host() {
  case "$1" in
    localhost) return 0 ;;
    \[*\]) [[ "$1" =~ ^\[[0-9A-Fa-f:.]+\]$ ]] ;;
    *) [[ "$1" =~ ^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$ ]] || return 1
       local n; for n in "${BASH_REMATCH[@]:1}"; do [ "$((10#$n))" -le 255 ] || return 1; done ;;
  esac
}
if [ "$host" = "$addr" ] || ! valid_host "$host" || ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || [ "$((10#$port))" -lt 1 ] \
   || [ "$((10#$port))" -gt 65535 ]; then
  lois_fail "adresse « $addr » invalide : attendu ADRESSE:PORT, l'adresse IP (ou localhost) et le port entre 1 et 65535 (ex. 127.0.0.1:8000, 0.0.0.0:8080)."
fi

lois_venv ""
"$VPY" -m mkdocs build --strict -d site || lois_fail "la construction du site a échoué (voir ci-dessus) ; ./site est inchangé."
if [ -n "$build_only" ]; then
  echo "Site construit dans ./site"
  exit 0
fi
case "$host" in
  0.0.0.0|"[::]") echo "Site servi sur le port $port de toutes les interfaces de cette machine (http://ADRESSE-DE-LA-MACHINE:$port/ ; ici : http://127.0.0.1:$port/) (Ctrl-C pour arrêter)" ;;
  *) echo "Site servi sur http://$addr/ (Ctrl-C pour arrêter)" ;;
esac
exec "$VPY" -m mkdocs serve -a "$addr"
