"""`lois permaliens`: check or update the register of published links."""
from __future__ import annotations

from lois.features._cli import corpus_arg


def cmd_permaliens(args) -> int:
    from lois.core.corpus import load_corpus
    from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register, update_register

    corpus = corpus_arg(args)
    model = load_corpus(corpus)
    path = corpus / REGISTER_NAME
    if args.mettre_a_jour:
        new = update_register(model, path)
        print(f"{path} : {len(new)} lien(s) ajouté(s).")
        for u in new:
            print(f"  + {u}")
        return 0
    reg = read_register(path)
    check_register(model, reg)
    missing = [u for u in current_urls(model) if u not in set(reg.urls)]
    print(f"{path} : {len(reg.urls)} lien(s) enregistré(s), tous valides ; "
          f"{len(missing)} nouveau(x) lien(s) non enregistré(s).")
    if missing:
        print("Lancez « lois permaliens --mettre-a-jour » pour les ajouter.")
    return 0


def add_commands(sub):
    p = sub.add_parser("permaliens", help="vérifier ou mettre à jour le registre des liens permanents")
    p.add_argument("--mettre-a-jour", action="store_true", help="ajouter au registre les nouveaux liens publiés")
    p.set_defaults(func=cmd_permaliens)
