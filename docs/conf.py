"""Sphinx configuration: MyST Markdown, doctests, and langbord's pages generated at build time
(each game's page, the HTTP API, the results files) by the extension in ``_ext/``."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent / "src"))  # the checkout's langbord, the one documented

project = "langbord"
author = "the langbord authors"
copyright = "2026, the langbord authors"

extensions = ["myst_parser", "sphinx.ext.doctest", "langbord_docs"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_ext", "README.md"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 2

html_theme = "alabaster"
html_title = "langbord"
html_theme_options = {"description": "Four Nordic tabletop games: play, study, simulate."}

doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
