"""Shared test configuration: Hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` runs more examples)."""

import os

from hypothesis import settings

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=400, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
