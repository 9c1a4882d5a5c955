"""Text of a PDF of the Code, page by page, for the importer (pypdf, a PyPI dependency of the project).

Pages are joined with a form feed (``\\f``), as ``pdftotext`` does, so that the importer can recognise and
remove what repeats at the top and bottom of the pages (running headers, page numbers, footers).
"""
from __future__ import annotations

from pathlib import Path

from lois.core.errors import LoisError


def pdf_text(path: Path) -> str:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError:  # pragma: no cover - installed by the project's set-up (pyproject.toml)
        raise LoisError("lecture des PDF impossible : le paquet « pypdf » n'est pas installé "
                        "(pip install -e . l'installe)", str(path)) from None
    try:
        reader = PdfReader(str(path))
        pages = [(page.extract_text() or "") for page in reader.pages]
    except (PdfReadError, OSError, ValueError) as exc:
        raise LoisError(f"PDF illisible : {exc}", str(path)) from None
    if not any(p.strip() for p in pages):
        raise LoisError("ce PDF ne contient pas de texte (une image scannée ? passez-le d'abord par un OCR)",
                        str(path))
    return "\n\f".join(p.rstrip("\n") for p in pages) + "\n"
