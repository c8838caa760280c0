"""Agent tests (a package, so its modules import each other by a relative name)."""
