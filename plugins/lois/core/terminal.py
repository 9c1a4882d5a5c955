"""The terminal, both ways: one helper for what `lois` writes, one for the answers it reads.

Writing (:func:`screen`, installed by the `lois` command for its whole run): every text written to the standard
output or error goes through :class:`Screen`, which

- turns a character the terminal cannot show into a readable fallback instead of failing (a Latin-9 or ASCII
  terminal, ``LANG=fr_FR.ISO-8859-15``, ``PYTHONIOENCODING=latin-1``): « — » → « - », « … » → « ... »,
  « → » → « -> », a narrow no-break space → a space, « ♦ » → « K » (French notation), « é » → « e » on an
  ASCII terminal (:data:`FALLBACKS`, else the letter without its accent, else « ? »);
- makes every control character inert (escape sequences that would clear the screen, set the window title or
  hide a link, a carriage return that would overwrite the line, bidirectional overrides), whatever text it comes
  from: the corpus refuses them when it is read (:func:`lois.core.parse.read_text`), this is the second guard.
  Only the two colour sequences the program itself writes (:data:`BOLD`, :data:`RESET`) pass.

JSON output (:func:`json_text`) is kept exact: a character the terminal cannot show, or a control character, is
written as its JSON escape (``\\u2014``), which any JSON reader turns back into the character.

Reading (:class:`Answers`): the commands that ask (`lois arbitre`, `lois entraine`) read one answer a line from
the standard input, typed or piped, through this one reader: a line is bounded (:data:`MAX_LINE`; ``< /dev/zero``
stops with a message instead of filling the memory), a closed standard input is said in French before anything
is asked, a choice is a number of 1 to n in decimal digits (:func:`choice_number`: « ² », « -1 », a
5,000-digit number are not understood, and said so), and answers not understood in a row stop the dialogue
(:data:`MAX_NOT_UNDERSTOOD`, non-zero exit).
"""
from __future__ import annotations

import codecs
import contextlib
import os
import re
import sys
import unicodedata

from lois.core.errors import LoisError
from lois.core.lazyre import compile_lazily
from lois.core.typo import quoted

# ------------------------------------------------------------------------------------------------ writing

BOLD, RESET = "\033[1;33m", "\033[0m"  # the only escape sequences `lois` writes (search matches, on a terminal)


def in_colour(stream) -> bool:
    """Whether `lois` may write its colours (:data:`BOLD`, :data:`RESET`) to ``stream``: a terminal, unless the person
    asked for none (``NO_COLOR`` set to anything but an empty string, https://no-color.org) or the terminal has none
    (``TERM=dumb``: an editor's shell buffer, which would print the sequences as text)."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
    return tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM", "") != "dumb"

FALLBACKS = {
    "\u2014": "-", "\u2013": "-", "\u2012": "-", "\u2011": "-", "\u2010": "-", "\u2212": "-",
    "\u2026": "...", "\u2192": "->", "\u2190": "<-", "\u2194": "<->", "\u21d2": "=>", "\u2191": "^", "\u2193": "v",
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"',
    "\u00ab": '"', "\u00bb": '"', "\u2039": "'", "\u203a": "'",
    "\u00a0": " ", "\u202f": " ", "\u2007": " ", "\u2009": " ", "\u200a": " ", "\u2002": " ", "\u2003": " ",
    "\u2022": "*", "\u00b7": ".", "\u2264": "<=", "\u2265": ">=", "\u2260": "!=", "\u00d7": "x", "\u00f7": "/",
    "\u0153": "oe", "\u0152": "OE", "\u00e6": "ae", "\u00c6": "AE", "\u00df": "ss", "\u20ac": "EUR",
    "\u00b0": "o", "\u2116": "No", "\u00a7": "par.", "\u2713": "v", "\u2714": "v", "\u2717": "x", "\u2718": "x",
    "\u2660": "P", "\u2665": "C", "\u2666": "K", "\u2663": "T",  # French suit letters: pique, cœur, carreau, trèfle
    "\u2664": "P", "\u2661": "C", "\u2662": "K", "\u2667": "T",
    "\ufffd": "?", "\u23ce": "|",
}

_ERRORS = "lois-lisible"


def _fallback(ch: str, encoding: str) -> str:
    """What stands for ``ch`` on a terminal whose encoding cannot show it."""
    for candidate in (FALLBACKS.get(ch), "".join(c for c in unicodedata.normalize("NFKD", ch)
                                                  if not unicodedata.combining(c))):
        if candidate:
            try:
                candidate.encode(encoding)
                return candidate
            except (UnicodeEncodeError, LookupError):
                pass
    return "?"


def _readable(exc: UnicodeError):
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(_fallback(ch, exc.encoding) for ch in exc.object[exc.start:exc.end]), exc.end


codecs.register_error(_ERRORS, _readable)

# What a corpus text may not hold (lois.core.yamlfile.check_visible refuses it in every file read) and what the
# screen never shows as it is: control characters (tab and line end aside), DEL, C1 controls, Unicode line
# separators, bidirectional overrides and isolates, non-characters, lone surrogates.
INVISIBLE = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff\ud800-\udfff"
_INERT = re.compile(f"{re.escape(BOLD)}|{re.escape(RESET)}|[{INVISIBLE}]")
INERT_MARK = "\ufffd"  # what a control character becomes on the screen (« ? » where the terminal lacks it)


def inert(text: str) -> str:
    """``text`` with every control character replaced by a visible mark (the program's own colours kept)."""
    return _INERT.sub(lambda m: m.group() if m.group() in (BOLD, RESET) else INERT_MARK, text)


class Screen:
    """A standard stream that writes only inert, showable text (see the module's docstring)."""

    def __init__(self, raw):
        self._raw = raw

    def write(self, text: str) -> int:
        self._raw.write(inert(text))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._raw.flush()

    def __getattr__(self, name):  # fileno, isatty, encoding, buffer…: the real stream's
        return getattr(self._raw, name)


def _readable_errors(stream):
    """Set ``stream`` (a text stream) to fall back instead of failing; return how to undo it."""
    reconfigure = getattr(stream, "reconfigure", None)
    old = getattr(stream, "errors", None)
    if reconfigure is None or old is None:
        return lambda: None
    try:
        reconfigure(errors=_ERRORS)
    except (ValueError, OSError, AttributeError):
        return lambda: None
    return lambda: _quietly(reconfigure, errors=old)


def _quietly(fn, **kw) -> None:
    try:
        fn(**kw)
    except (ValueError, OSError, AttributeError):
        pass


@contextlib.contextmanager
def screen():
    """For the time of a command: standard output and error readable on any terminal and inert."""
    saved = sys.stdout, sys.stderr
    undo = [_readable_errors(s) for s in saved if s is not None and not isinstance(s, Screen)]
    sys.stdout, sys.stderr = (s if s is None or isinstance(s, Screen) else Screen(s) for s in saved)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        for u in undo:
            u()


def _shows(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


_CONTROL_RE = compile_lazily(f"[{INVISIBLE}]")  # (compiled by --json only)


def json_text(obj, stream=None) -> str:
    """``obj`` as indented JSON for ``stream`` (the standard output): exact, and showable as it is — a character
    the stream cannot encode, or a control character, is written as its JSON escape."""
    import json  # (here: `lois cherche` without --json does not import it)

    text = json.dumps(obj, ensure_ascii=False, indent=2)
    encoding = getattr(stream if stream is not None else sys.stdout, "encoding", None) or "utf-8"

    def escape(ch: str) -> str:
        if ord(ch) > 0xFFFF:
            hi, lo = divmod(ord(ch) - 0x10000, 0x400)
            return f"\\u{0xD800 + hi:04x}\\u{0xDC00 + lo:04x}"
        return f"\\u{ord(ch):04x}"

    text = _CONTROL_RE.sub(lambda m: escape(m.group()), text)  # only inside strings: JSON has no other place
    if codecs.lookup(encoding).name != "utf-8":
        text = "".join(ch if ch.isascii() or _shows(ch, encoding) else escape(ch) for ch in text)
    return text


# ------------------------------------------------------------------------------------------------ reading

MAX_LINE = 65_536  # characters of one answer line (a real answer is a few; a 5,000-digit paste is not understood)
MAX_DIGITS = 6  # a choice number longer than this is not understood (never converted: « 9 » × 5,000)
MAX_NOT_UNDERSTOOD = 3  # answers not understood in a row before the dialogue stops


_ESCAPED = re.compile("[\udc80-\udcff]")


def argument(text: str) -> str:
    """A word of the command line as it was typed. The bytes the locale could not decode reach Python as lone
    surrogates (« é » typed on a Latin-1 terminal under a UTF-8 locale, or on a UTF-8 terminal under LANG=C with
    Python's UTF-8 mode off): they are read as UTF-8, else as Latin-1, so that the query or the name means what the
    person typed and is echoed readably — never searched for as « p\\udce9nalis\\udce9e ». (Not for file names:
    their bytes are the file's.)"""
    if not _ESCAPED.search(text):
        return text
    import os

    raw = os.fsencode(text)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


class Stop(Exception):
    """The dialogue ends: what to say, and the exit code."""

    def __init__(self, reason: str, code: int):
        super().__init__(reason)
        self.reason, self.code = reason, code


def choice_number(text: str, n: int) -> int | None:
    """The choice ``text`` names among 1 to ``n`` (its index from 0), when it is a number written in decimal digits
    (« 2 », « ２ », « ٢ »); None for anything else: « ² », « -1 », « 0 », « 1.0 », a number too long."""
    text = text.strip()
    if not text or len(text) > MAX_DIGITS or not all(unicodedata.decimal(c, None) is not None for c in text):
        return None
    k = int("".join(str(unicodedata.decimal(c)) for c in text))
    return k - 1 if 1 <= k <= n else None


class Answers:
    """The answers typed or piped on the standard input, one a line — the one reader of the commands that ask.

    ``stopped`` is said when too many answers in a row are not understood (« séance arrêtée »)."""

    def __init__(self, out, stopped: str, stream=None, echo: bool | None = None):
        stream = sys.stdin if stream is None else stream
        if stream is None or getattr(stream, "closed", False):
            raise LoisError("l'entrée standard est fermée : rien à lire. Tapez les réponses au clavier, ou "
                            "donnez-les par un tube (printf '1\\n2\\n' | lois …)")
        self.stream = getattr(stream, "buffer", stream)
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        if echo is None:
            try:
                echo = not stream.isatty()
            except (ValueError, OSError, AttributeError):
                echo = True
        self.out, self.echo, self.stopped = out, echo, stopped
        self.misses = 0

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def read(self, prompt: str) -> str | None:
        """One answer after ``prompt``, stripped; None at the end of the input. A line longer than
        :data:`MAX_LINE` (or endless, ``< /dev/zero``) stops the dialogue."""
        self.out.write(prompt)
        self.out.flush()
        try:
            raw = self.stream.readline(MAX_LINE + 1)
        except (UnicodeDecodeError, ValueError):  # a text stream that cannot decode, or closed meanwhile
            raw = b"\xff\n"
        if not raw:
            self.say()
            return None
        text = raw.decode(self.encoding, "replace") if isinstance(raw, bytes) else raw
        if len(text) > MAX_LINE and not text.endswith("\n"):
            self.say()
            raise Stop(f"ligne de plus de {MAX_LINE} caractères sur l'entrée standard (fichier binaire ou sans fin "
                       "de ligne ?) : saisie arrêtée.", 1)
        text = text.strip().lstrip("\ufeff").strip()
        if self.echo:
            self.say(shown(text, 200))
        return text

    def understood(self) -> None:
        self.misses = 0

    def not_understood(self, message: str) -> None:
        """Say why the answer was not understood; stop (exit 1) after too many in a row."""
        self.say(message)
        self.misses += 1
        if self.misses >= MAX_NOT_UNDERSTOOD:
            raise Stop(f"{MAX_NOT_UNDERSTOOD} réponses non comprises de suite : {self.stopped}.", 1)


def shown(text: str, width: int = 40) -> str:
    """An answer as quoted back to the person: at most ``width`` characters."""
    return text if len(text) <= width else f"{quoted(text, width)} ({len(text)} caractères)"
