"""The README's Python examples are doctests."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(README),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 10
    assert result.failed == 0


def test_package_docstring_examples() -> None:
    import langbord
    import langbord.core.registry

    for module in (langbord, langbord.core.registry):
        result = doctest.testmod(module)
        assert result.failed == 0


def test_readme_is_short() -> None:
    """The README says what langbord is and links the docs; the rest lives in docs/."""
    assert len(README.read_text("utf-8").splitlines()) <= 250


def test_readme_links_lead_to_files() -> None:
    import re

    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README.read_text("utf-8")):
        if "://" not in target:
            assert (README.parent / target).exists(), target
