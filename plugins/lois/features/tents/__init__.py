"""Table tents (« Chevalets de table »): a printable A4 page of QR codes, one per « Que faire si… » situation
and per ruling checklist, generated at build time with segno (inline SVG, no request)."""
