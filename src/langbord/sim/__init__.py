"""Many games at once: the arena (seat-rotated matches between agents) and its statistics."""
