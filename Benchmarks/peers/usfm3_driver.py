"""usfm3 (Rust parser, Python binding): `usfm3.parse(text)`; verse text from `doc.to_vref()`."""

import usfm3

from peercommon import run


def verses(document):
    return document.to_vref().items()


if __name__ == "__main__":
    run("usfm3", usfm3.parse, verses)
