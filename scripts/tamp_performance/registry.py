"""Every table of docs/performance.md, by name: the doc marks each one and the script knows each one (the docs
test checks both ways)."""
from . import kept_tables, mapping_tables, sim_tables

TABLES = {t.name: t for t in mapping_tables.TABLES + sim_tables.TABLES + kept_tables.TABLES}
