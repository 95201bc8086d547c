"""docs/performance.md's marked tables: each between `<!-- table NAME -->` and `<!-- end NAME -->`, a header the
registry writes (how the table is regenerated, its commands) and a body from its first line starting with `|`
(the table, and for timed tables the line saying where and when it was measured). Prose outside the markers is the
doc's own and never touched."""
import re

from tamp_campaign import files

START = re.compile(r"^<!-- table ([a-z0-9-]+) -->$")
END = "<!-- end {} -->"


class DocError(Exception):
    pass


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise DocError(f"{path}: {e}")


def blocks(lines, path):
    """{name: (first line of the block's content, line of its end marker)}, in the doc's order."""
    found = {}
    i = 0
    while i < len(lines):
        m = START.match(lines[i])
        if m:
            name = m.group(1)
            if name in found:
                raise DocError(f"{path}:{i + 1}: table {name} marked twice")
            try:
                end = lines.index(END.format(name), i + 1)
            except ValueError:
                raise DocError(f"{path}:{i + 1}: table {name} has no {END.format(name)}")
            inner = next((k for k in range(i + 1, end) if START.match(lines[k])), None)
            if inner is not None:
                raise DocError(f"{path}:{inner + 1}: a table starts inside table {name}")
            found[name] = (i + 1, end)
            i = end
        i += 1
    return found


def split(lines, span):
    """(header, body) of one block: the body starts at its first table line."""
    first, end = span
    content = lines[first:end]
    at = next((k for k, line in enumerate(content) if line.startswith("|")), len(content))
    return content[:at], content[at:]


def splice(lines, spans, replacements):
    """The doc with each named block's content replaced by (header + body)."""
    out, pos = [], 0
    for name, (first, end) in sorted(spans.items(), key=lambda item: item[1][0]):
        out += lines[pos:first]
        out += replacements.get(name, lines[first:end])
        pos = end
    return out + lines[pos:]


def write_whole(path, lines):
    """Beside the doc, then renamed over it: a failure leaves the old doc as it was."""
    files.write_whole(path, "\n".join(lines) + "\n")
