"""docs/performance.md's tables, each with the commands that regenerate it (scripts/performance.py)."""
