"""Orders: the lazily paged table, the facet sidebar and the detail pane."""
