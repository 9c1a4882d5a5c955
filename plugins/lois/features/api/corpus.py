"""The permalink register's part of the corpus check (lois.features.Checks): ``corpus/permaliens.txt`` is present,
every URL it lists is still published (or redirected), and every URL published is in it: a line deleted from it
is refused."""
from __future__ import annotations

from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.typo import count
from lois.features.interfaces import Checked
from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register


def check_files(root: Path) -> None:
    """None of its files becomes a page."""


def check(model: Model, checked: Checked) -> None:
    check_permalinks(model)


def check_permalinks(model: Model) -> None:
    """The register is there, no registered URL vanished, no published URL is missing from it."""
    path = Path(model.root) / REGISTER_NAME
    if not path.exists():
        raise LoisError("registre des liens permanents introuvable : restaurez-le (git) ou, pour un nouveau corpus, "
                        "créez-le avec « lois permaliens --mettre-a-jour »", str(path))
    reg = read_register(path)
    check_register(model, reg)
    registered = set(reg.urls)
    missing = [u for u in current_urls(model) if u not in registered]
    if missing:
        what = count(len(missing), "lien permanent publié absent", "liens permanents publiés absents")
        raise LoisError(f"{what} du registre, dont « {missing[0]} » "
                        "(ligne supprimée ? provision nouvelle ?) : lancez « lois permaliens --mettre-a-jour »",
                        str(path))
