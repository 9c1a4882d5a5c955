"""The benchmarks' synthetic corpora (bench/synth.py) can still be laid out at their largest default size, ×100
(bench_build.py, bench_search_size.py): the seed grows and names more laws, which leaves fewer law numbers for the
copies (issue 37, « every benchmark runs with its defaults »). Laying out the copies is cheap; writing them is not."""
from __future__ import annotations

import sys

from conftest import ROOT, nonempty
from lois.core.cite import parse_provision_id
from lois.core.ids import LAW_COUNT


def test_every_copy_at_x100_has_a_place_a_citation_can_name(model, corpus_dir):
    sys.path.insert(0, str(ROOT / "bench"))
    from synth import make_slots

    slots = make_slots(model, corpus_dir, 100)
    seen: dict[str, tuple[int, int]] = {}
    for t in nonempty(model.laws):
        assert len(slots.places[t]) == 99  # copies 1 … 99 of every seed law
        for g in range(1, 100):
            for pid in nonempty(model.provisions):
                if pid.law != t:
                    continue
                moved = slots.provision(str(pid), g)
                ref = parse_provision_id(moved)  # the citation grammar reads it back: law ≤ 93, section ≤ H, ¶ ≤ 99
                assert ref is not None and 1 <= ref.law <= LAW_COUNT, (pid, g, moved)
                if len(pid.path) > 1 and pid.path[1].isdigit() and moved != str(pid):  # a numbered paragraph: its
                    assert seen.setdefault(moved, (t, g)) == (t, g), (pid, g, moved)  # own place in each copy
    assert len(slots.template) > len(model.laws)  # the copies spread over other law numbers too


def test_the_situations_of_the_x100_corpus_are_a_file_the_corpus_accepts(model, corpus_dir):
    """bench_search_size.py builds a ×100 site: its situations.yaml (the seed's and 99 copies) stays under the corpus's
    limit for one YAML file (it was 2 001 938 characters, wrapped at 110 columns, and the ×100 build failed)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from lois.core.yamlfile import MAX_BYTES
    from synth import _load, make_slots, situations_text

    slots = make_slots(model, corpus_dir, 100)
    text = situations_text(_load((corpus_dir / "situations.yaml").read_text(encoding="utf-8")), slots, 100)
    assert len(_load(text)) == 100 * len(_load((corpus_dir / "situations.yaml").read_text(encoding="utf-8")))
    assert len(text) <= MAX_BYTES, len(text)  # (characters: lois.core.yamlfile._parse_yaml)
