"""Importers: one per input format, each a pure function from a path to records."""
