"""Run a module as ``python -m`` would, then write the peak resident memory of this process to a file.

    python bench/peak_rss.py OUT -m mkdocs build …

At exit, OUT receives VmHWM from /proc/self/status (KiB): the peak of this process's own memory. ru_maxrss, which
``os.wait4`` gives, is not used: Linux keeps across execve the peak of the process that started the child, and the
benchmark that starts the builds holds a whole corpus itself (with it, every build of ×100 « used » 619 MB, the
baseline as much as the build with the plugin). Where /proc is missing, ru_maxrss is written (KiB on Linux)."""
from __future__ import annotations

import atexit
import resource
import runpy
import sys


def _peak_kib() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> None:
    if len(sys.argv) < 4 or sys.argv[2] != "-m":
        sys.exit("usage : peak_rss.py SORTIE -m MODULE [ARGUMENTS…]")
    out, _flag, module, *args = sys.argv[1:]
    atexit.register(lambda: open(out, "w", encoding="ascii").write(str(_peak_kib())))
    sys.argv = [module] + args
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
