"""Browser tests (a package, so its conftest has a name of its own)."""
