"""Judging of an acceptance suite (scripts/acceptance.py): thresholds, network figures, reports."""
