"""The spec's value sets alone, for a front end that needs nothing else of them: the command
line's choices (`ship --status`, `tracking --provider`...) are built when a start parses,
and `services.types` would import the models, the store and the credentials with them.
The same classes as `services.types` hands out (both take them from `api.enums`)."""

from __future__ import annotations

from sellerdesk.api.enums import Event as CodeEvent
from sellerdesk.api.enums import Provider, ShippingStatus, TrackingStatus

__all__ = ["CodeEvent", "Provider", "ShippingStatus", "TrackingStatus"]
