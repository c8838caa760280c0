"""One package per game: its component data, rules, notation and text rendering."""
