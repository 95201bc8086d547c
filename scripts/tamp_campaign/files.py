"""Files the campaign writes whole or not at all: a temporary file beside the target, then a rename, so that a stop,
a full disk or another thread writing the same file never leaves half a file where a run or a reader looks.
The campaign's files, the fidelity page and results, and the tables of the docs are all written so."""
import os
import tempfile


def write_whole(path, text):
    with tempfile.NamedTemporaryFile("w", dir=os.path.dirname(os.path.abspath(path)), delete=False,
                                     suffix=".partial", encoding="utf-8") as f:
        f.write(text)
    os.replace(f.name, path)
