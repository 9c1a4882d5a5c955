"""Text of a PDF of the Code, page by page, for the importer (pypdf, a PyPI dependency of the project).

Pages are joined with a form feed (``\\f``), as ``pdftotext`` does, so that the importer can recognise and
remove what repeats at the top and bottom of the pages (running headers, page numbers, footers).
"""
from __future__ import annotations

from pathlib import Path

from lois.core.errors import LoisError
from lois.core.safeio import french_error


def pdf_text(path: Path) -> str:
    try:
        from pypdf import PdfReader
    except ImportError:  # pragma: no cover - installed by the project's set-up (pyproject.toml)
        raise LoisError("lecture des PDF impossible : le paquet « pypdf » n'est pas installé "
                        "(pip install -e . l'installe)", str(path)) from None
    import logging
    import warnings

    # a damaged PDF: pypdf mends what it can, saying so in English on the standard error (« Object 60 0 not
    # defined. »), and otherwise raises whatever its parsing met (PdfReadError, KeyError, NotImplementedError for an
    # unknown filter, RecursionError…): one French message, never pypdf's English nor a traceback
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader = PdfReader(str(path))
            if reader.is_encrypted:
                raise LoisError("PDF protégé par un mot de passe ou chiffré : enregistrez-en d'abord une copie sans "
                                "protection", str(path))
            pages = [(page.extract_text() or "") for page in reader.pages]
    except LoisError:
        raise
    except OSError as exc:
        raise LoisError(f"lecture impossible : {french_error(exc)}", str(path)) from None
    except Exception:  # anything a damaged file makes the parser raise (PdfReadError, KeyError, RecursionError…)
        raise LoisError("PDF illisible : fichier endommagé ou tronqué, ou d'une forme que la lecture des PDF (pypdf) "
                        "ne connaît pas", str(path)) from None
    finally:
        log.setLevel(level)
    if not any(p.strip() for p in pages):
        raise LoisError("ce PDF ne contient pas de texte (une image scannée ? passez-le d'abord par un OCR)",
                        str(path))
    return "\n\f".join(p.rstrip("\n") for p in pages) + "\n"
