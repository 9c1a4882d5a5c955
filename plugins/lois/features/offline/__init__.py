"""Offline use of the site: a service worker for the served site and a downloadable copy that works as files.

``archive``        file://-ready copy of a built site (links to folders get ``index.html``, JSON data also as
                   scripts) and a deterministic ZIP of it; plain Python, knows nothing of MkDocs.
``serviceworker``  the generated ``sw.js`` (versioned by a hash of the content) and the list of files to save.
``site``           the « Hors ligne » page and the post-build step that writes ``sw.js`` and the archive.
"""
