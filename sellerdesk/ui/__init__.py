"""The Qt face of SellerDesk: models, views and dialogs over the services. Never calls httpx."""

from sellerdesk.ui.compat import guard_singleton_refcounts

# Before any widget exists: see compat.guard_singleton_refcounts (a PySide6 6.12.0 defect
# that otherwise aborts the app after a few seconds of painting on Python 3.11).
guard_singleton_refcounts()
