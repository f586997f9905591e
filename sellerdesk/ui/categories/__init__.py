"""The Categories view (read-only: the spec shows no way to change categories)."""

from sellerdesk.ui.categories.panel import CategoriesPanel

__all__ = ["CategoriesPanel"]
