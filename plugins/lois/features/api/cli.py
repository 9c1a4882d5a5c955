"""`lois permaliens`: check or update the register of published links."""
from __future__ import annotations

from lois.features._cli import corpus_arg
from lois.core.typo import count, plural


def cmd_permaliens(args) -> int:
    from lois.core.corpus import load_corpus
    from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register, update_register

    corpus = corpus_arg(args)
    model = load_corpus(corpus)
    path = corpus / REGISTER_NAME
    if args.mettre_a_jour:
        new = update_register(model, path)
        print(f"{path} : {count(len(new), 'lien ajouté', 'liens ajoutés')}.")
        for u in new:
            print(f"  + {u}")
        return 0
    reg = read_register(path)
    check_register(model, reg)
    missing = [u for u in current_urls(model) if u not in set(reg.urls)]
    print(f"{path} : {count(len(reg.urls), 'lien enregistré', 'liens enregistrés')}, "
          f"{plural(len(reg.urls), 'valide', 'tous valides')} ; "
          f"{count(len(missing), 'nouveau lien non enregistré', 'nouveaux liens non enregistrés')}.")
    if missing:
        print("Lancez « lois permaliens --mettre-a-jour » pour les ajouter.")
    return 0


def add_commands(sub):
    p = sub.add_parser("permaliens", help="vérifier ou mettre à jour le registre des liens permanents")
    p.add_argument("--mettre-a-jour", action="store_true", help="ajouter au registre les nouveaux liens publiés")
    p.set_defaults(func=cmd_permaliens)
