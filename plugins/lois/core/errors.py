"""Errors a person reads: French, with the file and the line."""
from __future__ import annotations


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
        return f"{where}{self.message}"
