"""Speed of the citation scanner on the whole corpus: Python (lois.core.cite) and, when `node` is installed, the
club linkifier's scanner (render/assets/ids.js + features/api/assets/scan.js with the generated program).

    python bench/bench_scan.py [--fois 7]

Prints the corpus size read (every .md and .yaml file of corpus/), the citations found, and the best CPU time of
--fois runs of each scanner (Python: process time of the scans, no cache; node: process.cpuUsage of the scans).
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.core import cite  # noqa: E402

NODE = """
const fs = require('fs'); const inp = JSON.parse(fs.readFileSync(0, 'utf8'));
eval(inp.code);
const scan = loisScanner(inp.data.program, loisIds(inp.data.ids));
let best = Infinity, found = 0;
for (let k = 0; k < inp.times; k++) {
  const t0 = process.cpuUsage(); found = 0;
  for (const t of inp.texts) found += scan.findCitations(t).length;
  const d = process.cpuUsage(t0); best = Math.min(best, (d.user + d.system) / 1000);
}
console.log(JSON.stringify([best, found]));
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fois", type=int, default=7)
    args = parser.parse_args()
    files = sorted(p for p in (ROOT / "corpus").rglob("*") if p.suffix in (".md", ".yaml"))
    texts = [p.read_text(encoding="utf-8") for p in files]
    size = sum(map(len, texts))
    best = float("inf")
    for _ in range(args.fois):
        start = time.process_time()
        found = sum(len(cite._scan(t, None)) for t in texts)
        best = min(best, time.process_time() - start)
    print(f"corpus : {len(texts)} fichiers, {size / 1000:.0f} k caractères ; citations trouvées : {found}")
    print(f"Python  : {best * 1000:.0f} ms CPU (meilleur de {args.fois})")
    if shutil.which("node"):
        from lois.features.api.linkifier import grammar_export
        from lois.render.ids_js import SCRIPT, id_data

        code = SCRIPT.read_text(encoding="utf-8") + (ROOT / "plugins/lois/features/api/assets/scan.js").read_text(
            encoding="utf-8")
        data = {"program": grammar_export(), "ids": id_data()}
        out = subprocess.run(["node", "-e", NODE], input=json.dumps({"code": code, "data": data, "texts": texts,
                                                                      "times": args.fois}),
                             capture_output=True, text=True, check=True)
        ms, js_found = json.loads(out.stdout)
        print(f"node    : {ms:.0f} ms CPU (meilleur de {args.fois}) ; citations absolues trouvées : {js_found}")


if __name__ == "__main__":
    main()
