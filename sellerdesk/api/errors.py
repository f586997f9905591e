"""Every failure the client can produce: one `ApiError` subclass each, readable by a seller.

`message` is short and in words a seller understands (it is what the UI shows);
`detail` is the technical story for the log. Neither ever contains the token.
"""

from __future__ import annotations


class ApiError(Exception):
    """Base of every error that leaves `ShopClient`."""

    default_message = "The shop service could not complete the request."

    def __init__(self, message: str | None = None, *, detail: str = "",
                 status: int | None = None) -> None:
        self.message = message or self.default_message
        self.detail = detail
        self.status = status
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status!r}, message={self.message!r})"


class AuthError(ApiError):
    """401/403: the token is wrong, expired or revoked, or the shop id is not this token's."""

    default_message = ("The shop service did not accept your access token. "
                       "It may have expired: please enter a new one.")


class NotFound(ApiError):
    """404: the record is not (or no longer) on the server."""

    default_message = "That record no longer exists on the shop service."


class BadRequest(ApiError):
    """400: the server refused the request; `message` carries the server's own words."""

    default_message = "The shop service refused the request."


class RateLimited(ApiError):
    """429: too many requests; `retry_after` is the server's wish in seconds, if it said."""

    default_message = "The shop service asks us to slow down; retrying shortly."

    def __init__(self, message: str | None = None, *, detail: str = "",
                 status: int | None = 429, retry_after: float | None = None) -> None:
        super().__init__(message, detail=detail, status=status)
        self.retry_after = retry_after


class ServerError(ApiError):
    """5xx: the service failed on its side."""

    default_message = "The shop service is having trouble right now; try again in a moment."


class Offline(ApiError):
    """No answer: connect error, DNS failure, timeout, or the connection dropped mid-answer."""

    default_message = "No connection to the shop service. Your work is kept and sent later."


class BadResponse(ApiError):
    """The answer was not JSON, or not of a shape the spec allows.

    `excerpt` is a short, redacted piece of the body for the log.
    """

    default_message = "The shop service sent an answer SellerDesk could not read."

    def __init__(self, message: str | None = None, *, detail: str = "",
                 status: int | None = None, excerpt: str = "") -> None:
        super().__init__(message, detail=detail, status=status)
        self.excerpt = excerpt
