"""Tracking codes: the list with filters and the snippet editor."""
