"""French full-text search over the laws and commentaries: whoosh on the command line, generated data in the site."""
