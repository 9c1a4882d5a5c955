"""The offline archive, written by a second process while the site is being built.

    python -m lois.features.offline.zipworker DEST FOLDER LEVEL

waits for its first file (it may start before the site generator has cleaned the folder of ``DEST``), then
reads on its standard input, one after the other, records « <length> <name>\\n » followed by that many bytes
(a file of the built site, named by its site-relative path), and a last line « end »; each file goes into
the ZIP ``DEST`` under ``FOLDER/`` as :func:`lois.features.offline.archive.copy_entries` makes it ready for
file:// (the rewriting and the compression run here, on the machine's other core, while the builder renders
the next pages: :class:`lois.features.offline.archive.ZipStream`). It prints the number of entries. Without
the final « end » (the builder stopped), it exits with status 1; the builder drops the partial file.
"""
from __future__ import annotations

import os
import sys
import zipfile

from lois.features.offline.archive import (FILE_MODE_SCRIPT, _info, copy_entries, file_mode_script, script_src_for,
                                           zip_time)


def main(argv: list[str]) -> int:
    dest, folder, level = argv[0], argv[1], int(argv[2])
    stamp, inp, entries, ended = zip_time(), sys.stdin.buffer, 0, False
    header = inp.readline()  # the process starts before the site generator cleans its folder: wait for a file
    if not header:
        return 1
    os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as zf:
        zf.writestr(_info(f"{folder}/{FILE_MODE_SCRIPT}", stamp), file_mode_script(), compresslevel=level)
        entries += 1
        while header:
            if header == b"end\n":
                ended = True
                break
            length, name = header.decode("utf-8").rstrip("\n").split(" ", 1)
            data = inp.read(int(length))
            for entry, content in copy_entries(name, data, script_src_for(name)):
                zf.writestr(_info(f"{folder}/{entry}", stamp), content, compresslevel=level)
                entries += 1
            header = inp.readline()
    if not ended:
        return 1
    print(entries)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except OSError as exc:  # one French line for the builder, which reports it (never a traceback)
        sys.stderr.write(f"écriture impossible : {exc.strerror or exc} ({exc.filename or sys.argv[1]})\n")
        sys.exit(1)
