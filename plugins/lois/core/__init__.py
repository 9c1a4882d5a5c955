"""The core: import → parse → cite → resolve → model. Knows nothing of MkDocs or HTML."""
