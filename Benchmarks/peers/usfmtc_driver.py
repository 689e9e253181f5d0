"""usfmtc (the USFM committee's reference parser, pure Python): `usfmtc.USX.fromUsfm(text)`.

usfmtc has no verse-text output (its `gettext` takes one reference at a time), so this
driver walks the USX tree usfmtc builds: text of verse-carrying paragraphs, table cells and
character styles is kept; notes, figures, headings, titles, introductions and `\\va`, `\\vp`,
`\\ca`, `\\cp` are left out, the rules Lectern's verse text follows.
"""

import re

import usfmtc

from peercommon import run

_NOT_VERSE_TEXT_PARAS = {
    "ide", "h", "toc", "toca", "sts", "usfm", "restore", "rem", "mt", "mte", "cl", "cd",
    "imt", "is", "ip", "ipi", "im", "imi", "ipq", "imq", "ipr", "iq", "ib", "ili", "iot", "io", "iex", "imte", "ie",
    "ipc", "s", "ms", "mr", "sr", "r", "d", "sp", "qa", "sd",
}
_NOT_VERSE_TEXT_CHARS = {"va", "vp", "ca", "cp", "cat", "fig"}
_NUMBER_SUFFIX = re.compile(r"\d+$")


def _base(style):
    return _NUMBER_SUFFIX.sub("", style or "")


class _Collector:
    def __init__(self):
        self.book = None
        self.chapter = None
        self.current = None
        self.pieces = []
        self.verses = []

    def finish(self):
        if self.current is not None:
            self.verses.append((self.current, "".join(self.pieces)))
        self.current = None
        self.pieces = []

    def add(self, text):
        if self.current is not None and text:
            self.pieces.append(text)

    def walk(self, element, keep):
        tag = element.tag
        if tag == "book":
            self.book = element.get("code")
            return
        if tag == "chapter":
            if element.get("number") is not None:
                self.finish()
                self.chapter = element.get("number")
            return
        if tag == "verse":
            if element.get("number") is not None:
                self.finish()
                self.current = f"{self.book} {self.chapter}:{element.get('number')}"
            return
        if tag in ("note", "figure"):
            return
        if tag == "char" and _base(element.get("style")) in _NOT_VERSE_TEXT_CHARS:
            return
        if tag == "para":
            keep = _base(element.get("style")) not in _NOT_VERSE_TEXT_PARAS
            self.pieces.append(" ")  # a paragraph boundary is a space
        if tag in ("row", "cell"):
            self.pieces.append(" ")
        if keep:
            self.add(element.text)
        for child in element:
            self.walk(child, keep)
            if keep:
                self.add(child.tail)


def verses(document):
    collector = _Collector()
    collector.walk(document.getroot(), True)
    collector.finish()
    return collector.verses


if __name__ == "__main__":
    run("usfmtc", usfmtc.USX.fromUsfm, verses)
