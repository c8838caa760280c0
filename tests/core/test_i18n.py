"""The languages: choosing one (``Accept-Language``, tags), speaking it in a block, and a
catalog's translations reaching a phrase, a plural, an action's words and the page's catalog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from langbord.core import i18n
from langbord.core.i18n import (
    LANGUAGES,
    N_,
    UnknownLanguage,
    _,
    known,
    language,
    negotiate,
    ngettext,
    page_catalog,
    speaking,
)
from langbord.core.notation import ActionTable, first

PO = """msgid ""
msgstr ""
"Language: da\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "draw a card"
msgstr "træk et kort"

msgid "take the display's {nth} card"
msgstr "tag udstillingens {nth} kort"

msgid "second"
msgstr "andet"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} kort"
msgstr[1] "{n} kort"

#, fuzzy
msgid "still being worded"
msgstr "ikke færdig"

msgid "Your turn"
msgstr "Din tur"
"""


@pytest.fixture
def danish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A small Danish catalog in place of the shipped ones, for both domains."""
    for domain in ("langbord", "page"):
        path = tmp_path / "da" / "LC_MESSAGES" / f"{domain}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    yield
    i18n.translations.cache_clear()


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        ("da-DK,da;q=0.9,en;q=0.8", "da"),
        ("fr;q=0.5, de;q=0.9", "de"),
        ("de-AT", "de"),
        ("nb, sv;q=0.9, fr;q=0.1", "fr"),
        ("en-GB,en;q=0.9", "en"),
        ("*", "en"),
        ("xx, zz", "en"),
        ("da;q=0, fr", "fr"),
        ("da;q=abc, de", "de"),
        (";;;,,,", "en"),
        ("", "en"),
        (None, "en"),
        ("da;q=2", "en"),
        ("x" * 5000, "en"),
    ],
)
def test_accept_language_chooses_the_most_wanted_language_spoken(
    header: str | None, chosen: str
) -> None:
    assert negotiate(header) == chosen


def test_a_tag_is_known_by_its_language_and_an_unknown_one_is_named() -> None:
    assert known("de-AT") == "de"
    assert known("FR_ca") == "fr"
    assert known(" da ") == "da"
    with pytest.raises(UnknownLanguage) as refused:
        known("xx")
    assert str(refused.value) == "unknown language 'xx': langbord speaks en, da, de, fr"
    assert isinstance(refused.value, ValueError)


def test_speaking_is_for_the_block_only_and_nests() -> None:
    assert language() == "en"
    with speaking("da-DK") as spoken:
        assert spoken == language() == "da"
        with speaking("fr"):
            assert language() == "fr"
        assert language() == "da"
    assert language() == "en"
    with pytest.raises(UnknownLanguage), speaking("klingon"):
        pass  # pragma: no cover
    assert language() == "en"


def test_phrases_and_plurals_come_in_the_language_spoken(danish: None) -> None:
    assert _("draw a card") == "draw a card"
    with speaking("da"):
        assert _("draw a card") == "træk et kort"
        assert _("not in the catalog") == "not in the catalog"
        assert _("still being worded") == "still being worded"  # fuzzy: not yet a translation
        assert ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 kort"
    assert ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 card"
    assert ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 cards"


def test_an_actions_words_are_translated_with_their_word_arguments(danish: None) -> None:
    """The template and an argument that is a marked word are both translated; the words are
    built once per language."""
    table = ActionTable()
    table.add(0, 1, 0, "take d2")
    table.add(1, 0, 0, "draw")
    table.declare(0, "take", slot=first(lambda d: f"d{d + 1}"))
    table.declare(1, "draw")
    table.word(0, "take the display's {nth} card", nth=first((N_("first"), N_("second"))))
    table.word(1, "draw a card")
    assert table.words() == ("take the display's second card", "draw a card")
    with speaking("da"):
        assert table.words() == ("tag udstillingens andet kort", "træk et kort")
    assert table.words()[0] == "take the display's second card"


def test_the_page_catalog_holds_translated_entries_only(danish: None) -> None:
    catalog = page_catalog("da-DK")
    assert catalog["language"] == "da"
    messages = catalog["messages"]
    assert isinstance(messages, dict)
    assert messages["Your turn"] == "Din tur"
    assert messages["{n} card"] == ["{n} kort", "{n} kort"]
    assert "still being worded" not in messages
    assert page_catalog("en") == {"language": "en", "messages": {}}
    with pytest.raises(UnknownLanguage):
        page_catalog("xx")


def test_every_language_but_the_source_has_its_catalogs() -> None:
    for spoken in LANGUAGES[1:]:
        for domain in i18n.DOMAINS:
            assert i18n.catalog_path(spoken, domain).is_file(), (spoken, domain)
