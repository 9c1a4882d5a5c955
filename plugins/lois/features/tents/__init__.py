"""Table tents (« Chevalets de table »): a printable A4 page of QR codes, one per « Que faire si… » situation
and per ruling checklist; each code holds the absolute address of its page as the browser serves it, drawn in
the browser by a vendored QR encoder (qrcode-generator, MIT)."""
