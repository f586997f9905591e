"""The Outbox view: writes waiting to be sent, with retry, discard and conflict resolution."""

from sellerdesk.ui.outbox.panel import OutboxPanel

__all__ = ["OutboxPanel"]
