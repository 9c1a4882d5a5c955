"""Every feature's modules provide the interface its entry in lois.features.FEATURES declares, and declare every
hook they provide (a hook not declared would never run); its commands are those its cli module adds."""
from __future__ import annotations

import argparse
import inspect

import pytest

from lois import features
from lois.features import FEATURES, Commands, ConfiguredPages, Pages, PostBuild

HOOKS = {Pages: ("contribute",), ConfiguredPages: ("configured",),
         PostBuild: ("post_build",)}


def _declared(f) -> set:
    return {p for p, on in ((Pages, f.pages), (ConfiguredPages, f.configured), (PostBuild, f.post_build)) if on}


@pytest.mark.parametrize("f", FEATURES, ids=[f.name for f in FEATURES])
def test_feature_modules_provide_what_their_entry_declares(f):
    site = f.module("site") if f.pages else None
    for proto, names in HOOKS.items():
        provided = site is not None and all(callable(getattr(site, n, None)) for n in names)
        assert provided == (proto in _declared(f)), (f.name, proto.__name__)
        if provided:
            assert isinstance(site, proto)
            for n in names:  # the same parameters as the interface (names and order)
                want = [p for p in inspect.signature(getattr(proto, n)).parameters if p != "self"]
                assert list(inspect.signature(getattr(site, n)).parameters) == want, (f.name, n)
    if f.commands:
        cli = f.module("cli")
        assert isinstance(cli, Commands)
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        cli.add_commands(sub)
        assert set(sub.choices) == set(f.commands), f.name


def test_hooks_are_listed_in_the_order_of_the_features():
    assert [fn.__module__ for fn in features.site_contributors()] == [
        f"lois.features.{f.name}.site" for f in FEATURES if f.pages]
