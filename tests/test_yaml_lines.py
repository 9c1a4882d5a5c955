"""The line of each part of a text written over several lines of a corpus file (lois.core.yamlfile): the quick
reading of a value written word for word gives the lines the character by character reading gives, on every such
text of the corpus and on random texts in every YAML style."""
from __future__ import annotations

import random
from pathlib import Path

import yaml

from lois.core import yamlfile

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
# characters a source writes around a value's own (quotes, escapes, block headers) and a value may hold too
ODD = "'\"->|+\\#:2«»"


def _read_both(monkeypatch, source: str) -> list[tuple]:
    """(quick, character by character) lines of each text on several lines of ``source``."""
    calls: list[tuple] = []
    quick = yamlfile.value_lines

    def recorded(*args):
        calls.append(args)
        return quick(*args)

    monkeypatch.setattr(yamlfile, "value_lines", recorded)
    try:
        yamlfile.parse_yaml(source, "x.yaml")
    finally:
        monkeypatch.setattr(yamlfile, "value_lines", quick)
    return [(quick(*a), yamlfile.value_lines_by_chars(*a)) for a in calls]


def _random_source(rnd: random.Random) -> str:
    words = ["".join(rnd.choice(ODD) if rnd.random() < 0.3 else rnd.choice("abcé") for _ in range(rnd.randint(1, 5)))
             for _ in range(rnd.randint(1, 25))]
    value = "".join(w + rnd.choice([" ", " ", "  ", "\n", " \n"]) for w in words).strip()
    if rnd.random() < 0.3:  # written by hand: a block (« > », « |- », an indentation digit, a comment) or plain
        lines, line = [], []
        for w in value.split():
            line.append(w)
            if rnd.random() < 0.25:
                lines.append(" ".join(line))
                line = []
        lines += [" ".join(line)] if line else []
        header = rnd.choice([">", ">-", "|", "|+", "", ">2", "> # note"])
        if header:
            return "k:\n- t: " + header + "\n" + "".join(f"    {x}\n" for x in lines)
        return "k:\n- t: " + "\n    ".join(lines) + "\n"
    return yaml.safe_dump({"k": [{"t": value}]}, default_style=rnd.choice([None, "'", '"', ">", "|"]),
                          width=rnd.randint(10, 50), allow_unicode=rnd.random() < 0.5)


def test_the_lines_of_a_text_are_read_alike_however_it_is_read(monkeypatch):
    compared = 0
    for path in sorted(CORPUS.rglob("*.yaml")) + sorted(CORPUS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".md":  # the front matter
            if not text.startswith("---\n"):
                continue
            text = text[4:text.find("\n---", 4) + 1]
        for quick, by_chars in _read_both(monkeypatch, text):
            assert quick == by_chars, path
            compared += 1
    assert compared > 500  # the corpus's texts on several lines
    rnd = random.Random(37)
    random_compared = 0
    for _ in range(3000):
        source = _random_source(rnd)
        try:
            pairs = _read_both(monkeypatch, source)
        except Exception:  # a random text YAML refuses, or a character the corpus refuses
            continue
        for quick, by_chars in pairs:
            assert quick == by_chars, source
            random_compared += 1
    assert random_compared > 1000  # most random texts are read (some YAML or the corpus refuses)


def test_an_invisible_character_written_as_an_escape_is_refused_at_its_line():
    """Between double quotes, an escape (« \\x07 », « \\u202e ») writes a character the file does not hold: refused
    with its line, as the same character typed in the file is; the same value in any other style is read as written,
    and an anchor used inside itself is refused in every place (the values are built from the parser's nodes only
    once, whatever the style)."""
    from lois.core.errors import LoisError

    for text, line, message in [('titre: "Informations\\x07 autorisées"\n', 1, "U+0007"),
                                ('a:\n  - "ok"\n  - "\\u202e"\n', 3, "bidirectionnel U+202E"),
                                ('"clé\\x1b": 1\n', 1, "U+001B"),
                                ("a:\n  b: &x [1, *x]\n", 2, "alias récursif")]:
        try:
            yamlfile.parse_yaml(text, "f.yaml")
        except LoisError as e:
            assert message in str(e) and f"f.yaml, ligne {line} :" in str(e), (text, str(e))
        else:
            raise AssertionError(f"accepté : {text!r}")
    doc = yamlfile.parse_yaml("a: 'x\\x07'\nb: x\\u202e\nc: |\n  \\x1b\nd: [&y 1, *y]\n", "f.yaml")
    assert doc.data == {"a": "x\\x07", "b": "x\\u202e", "c": "\\x1b\n", "d": [1, 1]}
