"""usfm3 (Rust parser, Python binding): `usfm3.parse(text)`; verse text from `doc.to_vref()`.

Each document is let go before the next file is parsed (peercommon's loops `del` it), so at most one is
alive at a time, as Lectern's rows let each file's model go. `--stage core` times the `parse` calls alone,
on strings decoded before the clock starts: usfm3's Rust core without Python's decoding or the loop.
"""

import usfm3

from peercommon import run


def verses(document):
    return document.to_vref().items()


if __name__ == "__main__":
    run("usfm3", usfm3.parse, verses)
