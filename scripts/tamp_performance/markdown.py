"""Markdown rows and the number formats the tables share."""


def row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def head(titles, aligns):
    """The title row and its rule; aligns: one character per column, 'l' or 'r'."""
    return [row(titles), row("---:" if a == "r" else "---" for a in aligns)]


def count(n):
    """An integer with thousands separators: 1,638,400."""
    return f"{round(n):,}"


def sig(x, digits=3):
    """x to `digits` significant digits, in e-notation beyond 6 digits: 3.27e+07 is written 3.27e7."""
    if x is None:
        return "-"
    if x != 0 and (abs(x) >= 1e6 or abs(x) < 1e-3):
        return sci(x, digits)
    return f"{x:.{digits}g}"


def sci(x, digits=3):
    """x in e-notation with `digits` significant digits: 6.95e-2, 1.47e10."""
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def percent(x, digits=1, sign=False):
    return "-" if x is None else f"{100 * x:{'+' if sign else ''}.{digits}f}%"


def span(values, digits=3):
    """min-max of repeated timings (`digits` significant digits, whole numbers kept whole), or the one value."""
    lo, hi = (f"{x:.0f}" if x >= 10 ** digits else f"{x:.{digits}g}" for x in (min(values), max(values)))
    return lo if lo == hi else f"{lo}-{hi}"
