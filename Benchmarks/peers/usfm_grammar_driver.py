"""usfm-grammar (tree-sitter): `USFMParser(text)`; verse text from `to_biblenlp_format(ignore_errors=True)`."""

from usfm_grammar import USFMParser

from peercommon import run


def verses(parser):
    nlp = parser.to_biblenlp_format(ignore_errors=True)
    return zip(nlp["vref"], nlp["text"])


if __name__ == "__main__":
    run("usfm-grammar", USFMParser, verses)
