"""What text shown to other players must hold: at least one visible character, and no run of
blank space that could push what follows onto a line of its own.

A character is *visible* when it draws something by itself: not a control or format character
(categories Cc, Cf, Cs), not a separator (Zs, Zl, Zp), not a mark that only decorates another
character (Mn, Me), not a default-ignorable code point (Unicode's ``Default_Ignorable_Code_Point``:
zero-width spaces and joiners, word joiner and invisible operators U+2060–U+2064, U+FEFF,
soft hyphen, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, U+180E, U+034F, variation
selectors, tag characters U+E0000–U+E007F…) and not a character whose glyph is blank (U+2800
braille blank, U+1D159 null notehead). Letters, digits, punctuation, symbols, emoji, private-use
characters and characters newer than this Python's Unicode tables are visible.

A *blank* is a character that draws empty space: whitespace of every kind (``str.isspace``:
ASCII spaces and line breaks, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
U+205F, U+3000) and the blank-looking fillers above (U+115F, U+1160, U+3164, U+FFA0, U+2800,
U+1D159). :func:`collapsed` turns each run that starts with a blank, and goes on through blanks
and other invisible characters, into one ordinary space.
"""

from __future__ import annotations

import unicodedata

# Unicode 15's DerivedCoreProperties.txt, Default_Ignorable_Code_Point: drawn as nothing.
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Letters or symbols by category, drawn as empty space by the fonts people have.
_BLANK_FILLERS = "\u115f\u1160\u2800\u3164\uffa0\U0001d159"
_INVISIBLE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zs", "Zl", "Zp", "Mn", "Me"))


def is_ignorable(char: str) -> bool:
    """True for a default-ignorable code point (drawn as nothing, whatever its category)."""
    point = ord(char)
    return any(low <= point <= high for low, high in _IGNORABLE)


def is_blank(char: str) -> bool:
    """True for a character that draws empty space (whitespace, or a blank-looking filler)."""
    return char.isspace() or char in _BLANK_FILLERS


def is_visible(char: str) -> bool:
    """True for a character that draws something by itself (see the module's docstring)."""
    if char in _BLANK_FILLERS or is_ignorable(char) or char.isspace():
        return False
    return unicodedata.category(char) not in _INVISIBLE_CATEGORIES


def has_visible(text: str) -> bool:
    """True if some character of ``text`` is visible."""
    return any(is_visible(char) for char in text)


def collapsed(text: str) -> str:
    """``text`` with every run of blank space made one ordinary space, and trimmed: a run
    starts with a blank (a space of any width, a line break, a line or paragraph separator, a
    blank-looking filler) and goes on through blanks and invisible characters (zero-width ones,
    marks on the blanks), so that no padding, of any kind, can push text onto a line of its
    own. Invisible characters elsewhere are kept (a zero-width joiner inside an emoji, the
    variation selector after one)."""
    return _collapse(text).strip(" ")


def _collapse(text: str) -> str:
    out: list[str] = []
    k, n = 0, len(text)
    while k < n:
        char = text[k]
        if not is_blank(char):
            out.append(char)
            k += 1
            continue
        k += 1
        while k < n and (is_blank(text[k]) or not is_visible(text[k])):
            k += 1
        out.append(" ")
    return "".join(out)
