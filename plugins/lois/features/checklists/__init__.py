"""Executable ruling checklists: decision trees kept as data in ``corpus/checklists/``."""
from lois.features.checklists.engine import Result, run, MissingAnswer
from lois.features.checklists.model import Checklist, load_checklist, load_checklists

__all__ = ["Checklist", "Result", "MissingAnswer", "load_checklist", "load_checklists", "run"]
