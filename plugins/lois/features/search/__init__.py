"""French full-text search over the laws, commentaries, notes, checklists, examples, glossary and situations:
whoosh's analysis and BM25F, on the command line and in the site's generated data."""
