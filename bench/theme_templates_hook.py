"""MkDocs hook of the benchmark's second baseline (bench_build.py): plain Material whose theme keeps its compiled
templates between builds, as the lois plugin gives it (lois.render.templates.keep_compiled, from the plugin's
on_env). Against this baseline, the share of the plugin counts only the plugin's own work."""
from lois.render import templates


def on_env(env, config, files):
    return templates.keep_compiled(env)
