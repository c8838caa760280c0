"""Engine tests (a package, so its scenario helpers are imported by a relative name in any
pytest import mode)."""
