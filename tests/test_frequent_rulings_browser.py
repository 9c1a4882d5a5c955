"""Issue 27 part 2, on the real built site in Chromium at phone size (390×844, touch): each of the ten most frequent
rulings of tests/frequent_rulings.yaml reaches its decision from the home page in at most 4 taps, the decision is
the one its checklist's validated case gives, and the words for the players are shown with it; at desktop size
(mouse), the same for the first ruling of each situation.
The table of taps is printed by `python bench/taps_from_home.py`."""
from __future__ import annotations

import pytest

from lois.features.checklists import load_checklists, run
from taps import scenarios, walk

SCENARIOS = scenarios()


@pytest.fixture(scope="module")
def lists(corpus_dir, model):
    return load_checklists(corpus_dir, model)


def test_the_ten_scenarios_are_validated_cases(lists):
    """Each scenario ends on an outcome that a validated case of its checklist reaches, with the same answers."""
    assert len(SCENARIOS) == 10
    for sc in SCENARIOS:
        cl = lists[sc["checklist"]]
        answers = [t["answer"] for t in sc["taps"] if "answer" in t]
        cases = [c for c in cl.cases if list(c.answers.values()) == answers]
        assert cases, (sc["name"], answers)
        assert {run(cl, c.answers).outcome for c in cases} == {sc["outcome"]}, sc["name"]


# on a phone (touch, 390×844), every scenario; at desktop size (mouse), the first scenario of each situation: the
# others follow the same links and pages from the home page and differ only by the checklist's answers
DESKTOP_SCENARIOS = [sc for i, sc in enumerate(SCENARIOS)
                     if sc["situation"] not in {s["situation"] for s in SCENARIOS[:i]}]
WALKS = [(sc, "telephone") for sc in SCENARIOS] + [(sc, "ordinateur") for sc in DESKTOP_SCENARIOS]


def test_desktop_walks_cover_every_situation_and_first_link():
    assert {sc["situation"] for sc in DESKTOP_SCENARIOS} == {sc["situation"] for sc in SCENARIOS}
    assert {sc["taps"][0]["link"] for sc in DESKTOP_SCENARIOS} == {sc["taps"][0]["link"] for sc in SCENARIOS}


@pytest.mark.parametrize("sc,size", WALKS, ids=[f"{sc['outcome']}-{size}" for sc, size in WALKS])
def test_frequent_ruling_in_four_taps_from_home(sized_tab, site_url, lists, sc, size):
    tab = sized_tab("phone" if size == "telephone" else "desktop")
    w = walk(tab.begin(), site_url, sc, touch=size == "telephone")
    assert (w.checklist, w.outcome) == (sc["checklist"], sc["outcome"]), sc["name"]
    assert w.taps <= 4, (sc["name"], w.taps)
    outcome = lists[sc["checklist"]].outcomes[sc["outcome"]]
    assert w.ruling == outcome.title
    assert w.players and all("Loi" in p for p in w.players), w.players  # each sentence cites its provision
    tab.end()
