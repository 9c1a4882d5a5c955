"""Adapters: the MkDocs plugin and the `lois` command, thin layers that list the features."""
