"""What the checklist loader says about broken checklists, to compare two versions of the code (issue 36, « one
class per corpus file »: the refactor keeps every message, its line and the order of the errors).

    PYTHONPATH=A/plugins python bench/checklist_errors.py A /tmp/a > a.json   # A: a checkout (e.g. main's archive)
    PYTHONPATH=B/plugins python bench/checklist_errors.py B /tmp/b > b.json
    cmp a.json b.json

Prints, as JSON: every checklist of the corpus as loaded (every field, tables in their order), then, for each of
~50 changes to corpus/checklists/renonce.yaml (an id defined twice, a choice leading nowhere, a provision that does
not resolve, an effect, a field loading fills written in the file, null where a text is optional…) and each pair of
them (1 300 files), the first error (message, line) or the checklist loaded.
"""
from __future__ import annotations

import copy
import itertools
import json
import sys
from pathlib import Path
import yaml
from lois.core.corpus import load_corpus
from lois.core.errors import LoisError
from lois.features.checklists.model import load_checklist

ROOT = Path(sys.argv[1])
model = load_corpus(ROOT / "corpus")
out = {}

def plain(x):
    import pydantic
    if isinstance(x, pydantic.BaseModel):
        return {k: plain(getattr(x, k)) for k in type(x).model_fields}
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()} | {"__order__": [str(k) for k in x]}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, (str, int, bool, type(None), float)):
        return x
    return repr(x)


def dump(cl):
    d = plain(cl)
    d["file"] = Path(d["file"]).name if d.get("file") else d.get("file")
    return d

for f in sorted((ROOT / "corpus" / "checklists").glob("*.yaml")):
    out["ok:" + f.stem] = dump(load_checklist(f, model))

base = yaml.safe_load((ROOT / "corpus/checklists/renonce.yaml").read_text())
q0, q1 = base["questions"][0]["id"], base["questions"][1]["id"]


muts = {
 "dupq": lambda d: d["questions"][2].__setitem__("id", d["questions"][1]["id"]),
 "dupc": lambda d: d["questions"][1]["choices"][1].__setitem__("id", d["questions"][1]["choices"][0]["id"]),
 "nonext": lambda d: d["questions"][2]["choices"][0].pop("next"),
 "nullnext": lambda d: d["questions"][3]["choices"][0].__setitem__("next", None),
 "blanknext": lambda d: d["questions"][3]["choices"][1].__setitem__("next", "  "),
 "badqcite": lambda d: d["questions"][4]["cites"].append("99Z9"),
 "badocite": lambda d: d["outcomes"][1]["cites"].append("64Z"),
 "oisq": lambda d: d["outcomes"][2].__setitem__("id", d["questions"][0]["id"]),
 "dupo": lambda d: d["outcomes"][3].__setitem__("id", d["outcomes"][0]["id"]),
 "effkey": lambda d: d["outcomes"][0].setdefault("effects", {}).__setitem__("foo", True),
 "efftricks": lambda d: d["outcomes"][1].setdefault("effects", {}).__setitem__("tricks_transferred", 3),
 "efftype": lambda d: d["outcomes"][2].setdefault("effects", {}).__setitem__("correction", 1),
 "effpen": lambda d: d["outcomes"][3].setdefault("effects", {}).__setitem__("penalty_card", "huge"),
 "effnull": lambda d: d["outcomes"][3].__setitem__("effects", None),
 "asidebad": lambda d: d.setdefault("aside", {}).__setitem__("99", "x"),
 "asidenull": lambda d: d.__setitem__("aside", None),
 "asidedup": lambda d: d.setdefault("aside", {}).update({"61": "a", 61: "b"}),
 "qtextint": lambda d: d["questions"][5].__setitem__("text", 5),
 "caseq": lambda d: d["cases"][0]["answers"].__setitem__("inconnue", "oui"),
 "casechoice": lambda d: d["cases"][1]["answers"].__setitem__(q0, "peutetre"),
 "caseexp": lambda d: d["cases"][2].__setitem__("expected", "nulle"),
 "nowhere": lambda d: d["questions"][1]["choices"][0].__setitem__("next", "nulle_part"),
 "noplayers": lambda d: d["outcomes"][4].pop("players"),
 "nullplayers": lambda d: d["outcomes"][4].__setitem__("players", None),
 "emptyplayers": lambda d: d["outcomes"][5].__setitem__("players", []),
 "uncited": lambda d: d["outcomes"][2]["players"].append("Rien à dire."),
 "qline": lambda d: d["questions"][0].__setitem__("line", 3),
 "cline": lambda d: d["questions"][0]["choices"][0].__setitem__("next_line", 3),
 "oline": lambda d: d["outcomes"][0].__setitem__("line", 3),
 "topname": lambda d: d.__setitem__("name", "x"),
 "topfile": lambda d: d.__setitem__("file", "x"),
 "toplawsline": lambda d: d.__setitem__("laws_line", 2),
 "helpnull": lambda d: d["questions"][0].__setitem__("help", None),
 "descnull": lambda d: d.__setitem__("description", None),
 "shortnull": lambda d: d["questions"][0]["choices"][0].__setitem__("short", None),
 "noshort": lambda d: d["questions"][0]["choices"][1].pop("short", None),
 "shortml": lambda d: d["questions"][0]["choices"][1].__setitem__("short", "a\n  b   c"),
 "labelint": lambda d: d["questions"][1]["choices"][0].__setitem__("label", 7),
 "start": lambda d: d.__setitem__("start", d["outcomes"][0]["id"]),
 "titlenull": lambda d: d.__setitem__("title", None),
 "qempty": lambda d: d.__setitem__("questions", []),
 "onechoice": lambda d: d["questions"][2].__setitem__("choices", d["questions"][2]["choices"][:1]),
 "outdict": lambda d: d.__setitem__("outcomes", {"a": 1}),
 "unreach": lambda d: d["questions"].append({"id": "orpheline", "text": "T ?", "cites": ["62A"], "choices": [
     {"id": "a", "label": "A", "next": d["outcomes"][0]["id"]},
     {"id": "b", "label": "B", "next": d["outcomes"][0]["id"]}]}),
 "cycle": lambda d: d["questions"][2]["choices"][0].__setitem__("next", d["questions"][0]["id"]),
 "lawsbad": lambda d: d.__setitem__("laws", ["x"]),
 "asidereached": lambda d: d.setdefault("aside", {}).__setitem__("62A", "x"),
 "wordsbad": lambda d: d["outcomes"][0].setdefault("words", {}).__setitem__("62A", "mots absents du texte zzz"),
 "rulingint": lambda d: d["outcomes"][1].__setitem__("ruling", 3),
 "qcitebadform": lambda d: d["questions"][0]["cites"].append("Loi X"),
 "unkfield": lambda d: d["outcomes"][1].__setitem__("foo", 1),
}
tmp = Path(sys.argv[2])
tmp.mkdir(exist_ok=True)
names = list(muts)
combos = [(n,) for n in names] + list(itertools.combinations(names, 2))
for combo in combos:
    d = copy.deepcopy(base)
    try:
        for n in combo:
            muts[n](d)
    except Exception as e:
        out["/".join(combo)] = f"mutation impossible {e!r}"
        continue
    p = tmp / "renonce.yaml"
    p.write_text(yaml.safe_dump(d, allow_unicode=True, sort_keys=False, width=100))
    try:
        cl = load_checklist(p, model)
        out["/".join(combo)] = ["ok", dump(cl)]
    except LoisError as e:
        out["/".join(combo)] = [e.message, e.line]
    except Exception as e:
        out["/".join(combo)] = ["CRASH", repr(e)]
json.dump(out, sys.stdout, ensure_ascii=False, sort_keys=True, indent=0)
