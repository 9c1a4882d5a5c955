"""Errors a person reads: French, with the file and the line."""
from __future__ import annotations

from lois.core.lazyre import compile_lazily

# a value a message quotes (« … ») from a corpus file can be anything its line holds: 100,000 characters of one
# permalink, a 5,000-digit law number; shown by its start and its length, the message stays one readable line
QUOTE_MAX = 400
_LONG_QUOTE = compile_lazily(r"« ([^»\n]{%d,}) »" % (QUOTE_MAX + 1))


def bounded(message: str) -> str:
    """``message`` with each quoted value of more than QUOTE_MAX characters cut to its start and its length."""
    return _LONG_QUOTE.sub(lambda m: f"« {m.group(1)[:300]}… ({len(m.group(1))} caractères) »", message)


class LoisError(Exception):
    """An error in the project's input, reported in French with its location."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = ""
        if self.path:
            where = f"{self.path}"
            if self.line:
                where += f", ligne {self.line}"
            where += " : "
        return f"{where}{bounded(self.message)}"


def line_at(starts: list[tuple[int, int]], offset: int, default: int) -> int:
    """The line of a file where ``offset`` of a text lies, given where the text's lines start in it: (offset in the
    text, line of the file), in increasing order; ``default`` when nothing is known."""
    line = starts[0][1] if starts else default
    for pos, ln in starts:
        if pos > offset:
            break
        line = ln
    return line
