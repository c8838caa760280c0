"""Observation encoders, one module per game (each registers itself in ``ENCODERS``)."""
