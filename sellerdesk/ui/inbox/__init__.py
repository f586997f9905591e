"""The questions inbox, grouped by thread."""
