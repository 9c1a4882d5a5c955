"""The `lois` command: import, check, graph, citations (and more, by subcommand)."""
from __future__ import annotations

import sys

try:  # Ctrl-C while the program starts (a tenth of a second reading its modules): the end it has later, not a traceback
    import argparse
    import os
    from pathlib import Path

    from lois.core import safeio, terminal
    from lois.core.errors import LoisError
    from lois.core.lazyre import compile_lazily
    from lois.core.typo import count, quoted
    from lois.features import FEATURES
    from lois.features._cli import find_corpus, form_field, print_json as _out
except KeyboardInterrupt:
    print("\ninterrompu.", file=sys.stderr)
    raise SystemExit(130) from None


# --------------------------------------------------------------------------- importe

def cmd_importe(args) -> int:
    from lois.core.importer import import_text, load_sources, reclean_master
    from lois.core.parse import read_text_noting

    corpus = Path(args.corpus) if args.corpus else find_corpus()
    src = Path(args.fichier)
    if src.suffix.lower() == ".pdf":
        from lois.core.pdftext import pdf_text

        safeio.check_readable(src)  # a regular file of bounded size, like every file read (never a pipe)
        raw = pdf_text(src)
    else:
        raw, normalised = read_text_noting(src)
        for note in normalised:  # CRLF, CR, BOM: accepted, and said
            print(f"{src.name} : {note}.")
    if raw.startswith("---"):
        new, res = reclean_master(raw, str(src))
        _print_log(res, src.name)
        if new != raw and not args.simulation:
            safeio.write_text(src, new)  # atomic: killed or on a full disk, the master stays whole
            print(f"{src} : {count(len(res.repairs), 'réparation écrite', 'réparations écrites')}.")
        elif new == raw:
            print(f"{src} : texte maître déjà propre, aucun changement.")
        return 0
    cfgs = load_sources(corpus / "sources" / "sources.yaml")
    cfg = cfgs.get(src.name)
    res = import_text(raw, src.name, cfg)
    _print_log(res, src.name)
    if args.simulation:
        for d in res.docs:
            print(f"\n===== {d.kind} {d.key}\n{d.render()}")
        return 0
    files = []
    for d in res.docs:
        if d.kind == "law":
            dest = corpus / "lois" / f"{int(d.key):02d}.md"
        elif d.kind == "front":  # Introduction, Définitions: kept as documents, not (yet) pages of the site
            dest = corpus / "code" / f"{d.key}.md"
        else:
            dest = corpus / "commentaires" / f"{d.key}.md"
        files.append((dest, d.render()))
    written = [dest for dest, _ in files]
    journal = corpus / "sources" / "journal" / (src.stem + ".tsv")
    rows = ["ligne\tavant\taprès\traison\n"]
    rows += [f"{r.line}\t{_tsv(r.before)}\t{_tsv(r.after)}\t{r.reason}\n" for r in res.repairs]
    rows += [f"{f.line}\t{_tsv(f.text)}\t?\tÀ VÉRIFIER : {f.reason}\n" for f in res.flags]
    # all or nothing, each file atomically: killed at any moment, every master is the old one or the new one,
    # whole; on a full disk or a read-only folder, none is changed and the error says so
    safeio.write_files(files + [(journal, "".join(rows))])
    for w in written:
        print(f"écrit : {w}")
    print(f"journal : {journal}")
    return 0


def _tsv(s: str) -> str:
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def _print_log(res, name: str) -> None:
    for r in res.repairs:
        print(f"{name}:{r.line} : « {r.before} » → « {r.after} » ({r.reason})")
    for f in res.flags:
        print(f"{name}:{f.line} : À VÉRIFIER « {f.text} » : {f.reason}")
    print(f"{count(len(res.repairs), 'réparation')}, {count(len(res.flags), 'point')} à vérifier.")


# --------------------------------------------------------------------------- graph and citations

def _load(args):
    from lois.core.corpus import load_corpus

    corpus = Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()
    return load_corpus(corpus)


def cmd_verifie(args) -> int:
    """The verdict of the last run, written again while the corpus (and the code) are what it was made of
    (lois.core.statcache: stat data, and the bytes of the files saved just before); else checked anew."""
    from lois.core.statcache import replay_or_run

    corpus = Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()
    return replay_or_run(corpus, "verifie", f"verifie --mots={bool(getattr(args, 'mots', False))}",
                         lambda: _verifie(args))


def _verifie(args) -> int:
    """The check; each file's parsed and validated object kept in the cache for the next run, under the SHA-256 of
    its bytes (lois.core.filememo): after a save, the file saved is read and validated again, not the others."""
    from lois.core import filememo
    from lois.core.cachedir import cache_base
    from lois.core.statcache import code_key

    corpus = Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()
    folder = cache_base(corpus) / "verifie-objets"
    kept = folder / f"{code_key('objets')}.pickle"
    filememo.restore(kept)
    try:
        code = _verifie_all(args)
        for old in folder.iterdir() if folder.is_dir() else ():  # the objects of this code only (and its changes)
            if old.stem != kept.stem:
                old.unlink(missing_ok=True)
        filememo.persist(kept)
    finally:
        filememo.forget()  # (a process that goes on, the tests': nothing kept beyond this command)
    return code


def _verifie_all(args) -> int:
    model = _load(args)
    for w in model.warnings:
        print(f"attention : {w}", file=sys.stderr)
    # everything beyond the law texts, by the same check as the site build
    from lois.features.checks import check_corpus

    checked = check_corpus(model)
    from lois.features.search.lexicon import load_lexicon  # corpus/lexique.yaml, checked as the search reads it

    lexicon = load_lexicon(model.root)
    n_prov = sum(len(law.provisions()) for law in model.laws.values())
    read = checked.counts + [count(len(lexicon.rewrites), "expression") + " du lexique de recherche"]
    if model.unfounded:
        print(f"attention : {count(len(model.unfounded), 'citation')} sans les mots du Code qui fondent la phrase"
              + (" :" if getattr(args, "mots", False) else " (lois verifie --mots les liste)"))
        if getattr(args, "mots", False):
            for u in dict.fromkeys(str(e) for e in model.unfounded):
                print(f"  {u}")
    print(f"Corpus valide : {count(len(model.laws), 'loi')}, {count(n_prov, 'provision')}, "
          f"{count(len(model.commentaries), 'commentaire')}, {count(len(model.citations), 'citation')}, "
          f"{count(len(model.edges), 'renvoi')} ; {', '.join(read)}"
          + (f" ; {' et '.join(checked.replayed)} rejoués." if checked.replayed else "."))
    print("Provenance des textes :")
    for n in sorted(model.laws):
        print(f"  {_provenance_line(model, n)}")
    for w in checked.warnings:  # allowed for now (the corpus is valid), said after the verdict, on its output
        print(f"attention : {w}")
    return 0


def _provenance_line(model, law: int) -> str:
    """« Loi 16 : texte d'une autre édition… (sections renumérotées à l'import : C → D, D → C) »."""
    from lois.core.provenance import summary

    meta, partial = model.laws[law].meta, model.edition.partial.get(law)
    extra = []
    if partial and partial.missing:
        extra.append(f"sections absentes : {', '.join(partial.missing)}")
    if meta.renumbered:
        extra.append("sections renumérotées à l'import : "
                     + ", ".join(f"{a} → {b}" for a, b in sorted(meta.renumbered.items())))
    return f"Loi {law} : {summary(model.provenance(law))}" + (f" ({' ; '.join(extra)})" if extra else "")


def cmd_graphe(args) -> int:
    model = _load(args)
    data = model.graph_json()
    if args.json:
        _out(data)
    else:
        for e in data["edges"]:
            print(f"{e['source']} → {e['target']}  « {e['text']} »")
    return 0


def cmd_renvois(args) -> int:
    from lois.core.resolve import absent_notices, resolve_text

    model = _load(args)
    text = " ".join(args.texte)
    found, problems = resolve_text(model, text, args.contexte)
    notices = absent_notices(model, list(dict.fromkeys(t for _c, targets in found for t in targets)))
    if args.json:
        _out([{"text": c.text, "start": c.start, "end": c.end, "targets": [str(t) for t in targets]}
              for c, targets in found])
    else:
        if not found:
            print("Aucun renvoi trouvé.")
        for c, targets in found:
            print(f"[{c.start}:{c.end}] « {c.text} » → {', '.join(map(str, targets)) or '(aucune cible)'}")
    for p in problems + notices:  # a notice (the link leads to the nearest provision) is not an error
        print(f"attention : {p}", file=sys.stderr)
    return 1 if problems else 0


# a value quoted « … », or '…' by argparse (« choix invalide : 'x' »), of more than 100 characters
_LONG_ECHO = compile_lazily(r"(« )([^»\n]{101,})( »)|(choix invalide : ')([^'\n]{101,})(')")


def echoed(message: str) -> str:
    """A message about the command line with each value it quotes (« … », or '…' as argparse quotes) cut to 80
    characters and its length: a 5,000-digit --graine or a pasted page as a list's name is one readable line, not a
    screenful."""
    def cut(m) -> str:
        before, value, after = [g for g in m.groups() if g is not None]
        return f"{before}{quoted(value)} ({len(value)} caractères){after}"

    return _LONG_ECHO.sub(cut, message)


def _path(path) -> str:
    """A file's name in a message: whole up to 200 characters, else its start and its end (a name typed or pasted
    by mistake, thousands of characters long, is not a screenful)."""
    path = str(path)
    return path if len(path) <= 200 else f"{path[:60]}…{path[-120:]} ({len(path)} caractères)"


class _Parser(argparse.ArgumentParser):
    """argparse's parser, except that an output that cannot be written (``lois --help > /dev/full``) is an error
    (argparse ignores it): :func:`main` says it. The subcommands' parsers are of this class too."""

    _declaring = False  # within add_argument or add_subparsers (what argparse's formatter is made for there)

    def _get_formatter(self):
        """argparse's formatter; where argparse makes one only to check a declared argument or to name the
        subcommands (``lois`` alone, never wrapped), at a fixed width: the terminal's is asked when help or an
        error is written (asking it imports shutil, lzma and bz2: 2 % of the instructions of `lois cherche`)."""
        if self._declaring:
            return argparse.HelpFormatter(prog=self.prog, width=80)
        return super()._get_formatter()

    def add_argument(self, *args, **kwargs):
        self._declaring = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._declaring = False

    def add_subparsers(self, **kwargs):
        self._declaring = True
        try:
            return super().add_subparsers(**kwargs)
        finally:
            self._declaring = False

    def _print_message(self, message, file=None):
        if message:
            (file or sys.stderr).write(message if file is sys.stdout else echoed(message))

    def _get_value(self, action, arg_string):
        """An empty value (« --corpus "" », « lois arbitre "" », « --evaluer "" ») is a usage error for every
        argument but the free texts (a query, a text to scan, which say so themselves): taken as absent, it would
        run the command on another corpus, list or file than the one the person meant to name. A value the locale
        could not decode is read as it was typed (:func:`lois.core.terminal.argument`), a file's name aside."""
        if isinstance(action, argparse._SubParsersAction):  # its values: the subcommand's own, each read there
            return super()._get_value(action, arg_string)
        if not arg_string.strip() and action.dest not in FREE_TEXTS and action.type is not form_field:
            # one line, exit 1, as any value refused (a calculator's field: as empty on its page, said by it)
            name = "/".join(action.option_strings) or action.metavar or action.dest
            raise LoisError(f"argument {name} : valeur vide : donnez une valeur, ou retirez l'argument")
        if action.dest not in FILE_NAMES:  # bytes the locale could not decode: what was typed (not a file's name)
            arg_string = terminal.argument(arg_string)
        return super()._get_value(action, arg_string)


# the arguments that are free text (a query, a text, answers), where an empty value is the command's to answer
FREE_TEXTS = {"texte", "requete", "reponses"}
# the arguments that name a file or a folder: their bytes are the file's, whatever the locale
FILE_NAMES = {"corpus", "fichier", "evaluer"}


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    from lois.adapters.cli_fr import install

    install()
    p = _Parser(prog="lois", description="Le Code International de Bridge Duplicate 2017 : outils.")
    p.add_argument("--corpus", help="dossier du corpus (par défaut : ./corpus)")
    sub = p.add_subparsers(dest="commande", metavar="COMMANDE")
    features = _features_for(argv)
    if len(features) != 1 or _command_word(argv) not in features[0].commands:  # not for `lois cherche …`
        _add_own_commands(sub)
    for feature in features:
        feature.module("cli").add_commands(sub)
    return p


def _add_own_commands(sub) -> None:
    s = sub.add_parser("importe", help="importer un texte brut ou un PDF du Code (ou re-vérifier un texte maître)")
    s.add_argument("fichier")
    s.add_argument("--simulation", action="store_true", help="afficher sans rien écrire")
    s.set_defaults(func=cmd_importe)

    s = sub.add_parser("verifie", help="valider le corpus")
    s.add_argument("--mots", action="store_true",
                   help="lister chaque citation qui n'a pas encore les mots du Code qui la fondent")
    s.set_defaults(func=cmd_verifie)

    s = sub.add_parser("graphe", help="graphe des renvois")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_graphe)

    s = sub.add_parser("renvois", help="extraire et résoudre les renvois d'un texte")
    s.add_argument("--contexte", help="provision où le texte est censé se trouver (ex. 12C2(b))")
    s.add_argument("--json", action="store_true")
    s.add_argument("texte", nargs="+")
    s.set_defaults(func=cmd_renvois)


def _features_for(argv: list[str] | None):
    """The features whose commands must be declared: only the one named on the command line, if any
    (so that `lois cherche` imports the search alone), else all of them (help, errors)."""
    with_commands = [f for f in FEATURES if f.commands]
    word = _command_word(argv)
    for f in with_commands:
        if word in f.commands:
            return [f]
    if word in ("importe", "verifie", "graphe", "renvois"):
        return []
    return with_commands


def _command_word(argv: list[str] | None) -> str | None:
    """The subcommand named on the command line (its first word that is not an option), if any."""
    args = list(argv or [])
    while args:
        a = args.pop(0)
        if a == "--corpus":  # the option's value is not the command (`lois --corpus DIR cherche …`)
            args[:1] = []
        elif not a.startswith("-"):
            return a
    return None


def main(argv: list[str] | None = None) -> int:
    """Every subcommand runs here: an error of the input, of the disk or of the output is one French line on
    stderr and a non-zero exit, never a traceback (a reader of the output that stopped early: a quiet exit).
    What it writes is readable on any terminal, and inert (:func:`lois.core.terminal.screen`)."""
    try:
        with terminal.screen():
            return _main(argv)
    except KeyboardInterrupt:  # (between the screen's set-up and _main's own handling)
        _say("\ninterrompu.")
        return 130


def _main(argv: list[str] | None) -> int:
    if sys.stdout is None:  # `lois … >&-`: Python has no standard output at all
        _say("erreur : la sortie standard est fermée ; rien n'a été fait.")
        return 1
    try:
        try:
            code = _run(argv)
        except SystemExit as exc:  # argparse: --help, a usage error (already said on stderr)
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        sys.stdout.flush()  # the output is on its way before the exit code says it is
        return code
    except LoisError as exc:  # about a file: its name bounded; about an argument: its echo bounded
        _say(f"erreur : {LoisError(exc.message, _path(exc.path), exc.line) if exc.path else echoed(str(exc))}")
        return 1
    except KeyboardInterrupt:
        _say("\ninterrompu.")
        return 130
    except BrokenPipeError:  # `lois graphe | head -1`: the reader has what it wanted
        _drop_stdout()
        return 1
    except OSError as exc:
        where = f" : {_path(safeio.shown(exc.filename))}" if exc.filename else " (sortie standard)"
        _say(f"erreur d'écriture ou de lecture{where} : {safeio.french_error(exc)}.")
        _drop_stdout()
        return 1


def _run(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return args.func(args) or 0


def _say(line: str) -> None:
    """One line on stderr, if stderr can still take it."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def _drop_stdout() -> None:
    """Whatever output is still buffered is dropped: Python's exit would otherwise try to write it again and print
    « Exception ignored … » on stderr."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


GC_YOUNG = 50_000  # objects allocated between two collections of the youngest generation (Python: 700)


def run() -> None:
    """The `lois` program (its console script, ``python -m lois.adapters.cli``): :func:`main`, then the end of the
    process without freeing its objects one by one, as mypy's « fast exit » (the standard streams flushed, the exit
    handlers run; what the command wrote is written): after `lois verifie` of the whole Code, 0.1 s of CPU spent on
    nothing. A process that goes on (the tests) calls :func:`main`; under a profiler or a tracer (cProfile, coverage),
    which write what they found as the process ends, the end is Python's own. The cycle collector runs after
    GC_YOUNG new objects instead of Python's 700: a command makes few cycles, and the default collects several
    times while it reads its modules and its cache (2 % of the instructions of `lois cherche` at ×20)."""
    import gc

    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
    code = main()
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    import atexit

    atexit._run_exitfuncs()
    os._exit(code)


if __name__ == "__main__":
    run()
