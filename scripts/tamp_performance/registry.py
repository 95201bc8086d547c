"""Every table of docs/performance.md, by name, with its commands from commands.txt: the doc marks each table and
the script knows each one (the docs tests check both ways)."""
import os
import re

from . import foreign_tables, kept_tables, mapping_tables, sim_tables

COMMANDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "commands.txt")
SECTION = re.compile(r"^\[([a-z0-9-]+)\]$")


def read_commands(path):
    """{table: [lines]}: the lines under each [NAME], comment lines at the top and blank lines at the ends left out."""
    sections, current = {}, None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().splitlines(), 1):
            m = SECTION.match(line)
            if m:
                if m.group(1) in sections:
                    raise ValueError(f"{path}:{number}: [{m.group(1)}] twice")
                current = sections[m.group(1)] = []
            elif current is not None:
                current.append(line)
            elif line.strip() and not line.startswith("#"):
                raise ValueError(f"{path}:{number}: a command before the first [NAME]")
    return {name: "\n".join(lines).strip("\n").splitlines() for name, lines in sections.items()}


def load():
    tables = {t.name: t for t in mapping_tables.TABLES + foreign_tables.TABLES + sim_tables.TABLES + kept_tables.TABLES}
    commands = read_commands(COMMANDS)
    unknown = sorted(set(commands) - set(tables)) + sorted(set(tables) - set(commands))
    if unknown:
        raise ValueError(f"{COMMANDS}: [{unknown[0]}] is in one of it and the registry only")
    for name, table in tables.items():
        table.commands = commands[name]
    return tables

