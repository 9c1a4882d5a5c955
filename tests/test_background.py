"""The second core (lois.render.background): what a forked child computes is what the process would compute, its
refusals reach the user as the same French message, and a child that dies is replaced by the work done here."""
from __future__ import annotations

import os
import signal
import sys

import pytest

from lois.core.errors import LoisError
from lois.render import background

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the second process: Linux only")


def _pid_and_sum(values):
    return os.getpid(), sum(values)


def _refuse(path):
    raise LoisError("valeur refusée", path, 7)


def test_job_runs_in_a_child_and_returns_its_result():
    job = background.start(_pid_and_sum, list(range(1000)), fork=True)
    pid, total = job.result()
    assert total == sum(range(1000))
    assert pid != os.getpid()  # computed by another process
    background.done()


def test_without_fork_the_job_runs_here_at_once_and_raises_at_once():
    job = background.start(_pid_and_sum, [1, 2], fork=False)
    assert job.result() == (os.getpid(), 3)
    with pytest.raises(LoisError) as err:
        background.start(_refuse, "corpus/x.yaml", fork=False)
    assert str(err.value) == "corpus/x.yaml, ligne 7 : valeur refusée"


def test_a_childs_refusal_is_raised_here_with_file_and_line():
    job = background.start(_refuse, "corpus/notes/n.md", fork=True)
    with pytest.raises(LoisError) as err:
        job.result()
    assert (err.value.message, err.value.path, err.value.line) == ("valeur refusée", "corpus/notes/n.md", 7)
    background.done()


def _die():
    os.kill(os.getpid(), signal.SIGKILL)  # in the child: killed before it can answer
    return "jamais"


def test_a_child_that_dies_is_replaced_by_the_work_done_here(monkeypatch):
    calls = []

    def work():
        calls.append(os.getpid())
        if len(calls) == 1 and os.getpid() != parent:
            _die()
        return "fait ici"

    parent = os.getpid()
    job = background.start(work, fork=True)
    assert job.result() == "fait ici"
    assert calls == [parent]  # the child's call died with it; this process ran it again
    background.done()


def test_cancel_stops_a_running_child():
    import time

    job = background.start(time.sleep, 60, fork=True)
    pid = job.pid
    t = time.perf_counter()
    job.cancel()
    assert time.perf_counter() - t < 10
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped: no zombie left
    background.done()


def test_lois_parallel_zero_turns_the_second_process_off(monkeypatch):
    monkeypatch.setenv("LOIS_PARALLEL", "0")
    assert not background.available()
    assert background.start(_pid_and_sum, [5], fork=True).result() == (os.getpid(), 5)


@pytest.mark.timeout(300)
def test_site_is_the_same_with_and_without_the_second_core(tmp_path):
    """A real `mkdocs build` with LOIS_PARALLEL on and off: the same files, the same bytes (the offline archive
    compared entry by entry: its entries may come in another order)."""
    import zipfile

    from conftest import mkdocs_build

    sites = {}
    for flag in ("1", "0"):
        dest = tmp_path / f"site{flag}"
        r = mkdocs_build(dest, extra_env={"LOIS_PARALLEL": flag, "LOIS_CACHE_SITE": "0"})
        assert r.returncode == 0, r.stderr
        files = {p.relative_to(dest).as_posix(): p for p in dest.rglob("*") if p.is_file()}
        sites[flag] = files
    assert sites["1"].keys() == sites["0"].keys()
    differ = []
    for rel, p in sites["1"].items():
        q = sites["0"][rel]
        if rel.endswith(".zip"):
            with zipfile.ZipFile(p) as a, zipfile.ZipFile(q) as b:
                if sorted((i.filename, a.read(i)) for i in a.infolist()) != \
                        sorted((i.filename, b.read(i)) for i in b.infolist()):
                    differ.append(rel)
        elif p.read_bytes() != q.read_bytes():
            differ.append(rel)
    assert not differ, differ[:10]
    assert len(sites["1"]) > 150


@pytest.mark.timeout(300)
def test_a_check_refusal_from_the_child_is_the_message_of_a_one_process_build(tmp_path):
    """A checklist case whose expected outcome is wrong is refused by the corpus check, which runs in the child:
    the build stops with the same French message, file and line, as without it, and no traceback."""
    from conftest import mkdocs_build
    from live_serve import project_copy

    config = project_copy(tmp_path)
    f = tmp_path / "corpus" / "checklists" / "actions-retirees.yaml"
    text = f.read_text(encoding="utf-8")
    f.write_text(text.replace("expected: information_autorisee", "expected: marque_ajustee", 1), encoding="utf-8")
    errors = {}
    for flag in ("1", "0"):
        r = mkdocs_build(tmp_path / f"site{flag}", config=config,
                         extra_env={"LOIS_PARALLEL": flag, "LOIS_CACHE_SITE": "0"})
        assert r.returncode != 0 and "Traceback" not in r.stderr
        errors[flag] = [line for line in r.stderr.splitlines() if "actions-retirees.yaml" in line]
    assert errors["1"] and errors["1"] == errors["0"], errors
    assert "ligne" in errors["1"][0]
