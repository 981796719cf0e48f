"""The HTTP API over the answering core (`arbiter serve`): app/api/server.py."""
