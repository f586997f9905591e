"""Every failure the client can produce: one `ApiError` subclass each, readable by a seller.

`message` is short and in words a seller understands (it is what the UI shows);
`detail` is the technical story for the log. Neither ever contains the token.

Besides each class's `default_message`, the sentences below are the messages the client
gives for particular cases (kept here, as constants, so they can be listed for translation).
"""

from __future__ import annotations

# AuthError: the server said why (its `message` "invalid_token", the field's expired-token body).
TOKEN_EXPIRED = "Your access token has expired or was revoked. Please enter a new one."
# AuthError: the server gave a reason in words (a wrong shop, a missing delegated domain...).
AUTH_REFUSED_BECAUSE = "The shop service refused access: {reason}"
# AuthError: the OAuth grant was refused when renewing the token (`invalid_grant`).
GRANT_REFUSED = ("The shop no longer accepts SellerDesk's connection. "
                 "Connect to the shop again from the profile.")
# AuthError: the sign-in in the browser (authorization code flow) did not complete.
SIGN_IN_DENIED = "The sign-in was cancelled or refused in the browser."
SIGN_IN_TIMED_OUT = "The sign-in took too long. Please try connecting again."
SIGN_IN_REFUSED = "The shop service did not accept the sign-in. Please try connecting again."
# BadResponse: a 3xx answer (the client follows no redirect; its target is logged).
SERVICE_MOVED = ("The shop service answered from another address (it may have moved). "
                 "Check the service address of this shop.")
# BadResponse: paging found the same first record on two pages (the server ignores offset).
OFFSET_IGNORED = ("The shop service sent the same page again when asked for the next one, "
                  "so the list stops here.")


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


class SignInError(AuthError):
    """The sign-in through the browser did not complete; `message` says why (`SIGN_IN_*`)."""


class PastedTextError(SignInError):
    """What the seller pasted holds no code of this sign-in (other text, another sign-in's
    address): their input is wrong, the shop refused nothing (`SIGN_IN_REFUSED`)."""


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

    def __repr__(self) -> str:
        return (f"RateLimited(status={self.status!r}, retry_after={self.retry_after!r}, "
                f"message={self.message!r})")


class ServerError(ApiError):
    """5xx: the service failed on its side."""

    default_message = "The shop service is having trouble right now; try again in a moment."


class Offline(ApiError):
    """No answer: connect error, DNS failure, timeout, or the connection dropped mid-answer.

    `unreachable`: no connection could be made at all (refused, no route, DNS), as opposed
    to one that broke or timed out on the way."""

    default_message = "No connection to the shop service. Your work is kept and sent later."
    unreachable = False


class BadResponse(ApiError):
    """The answer was not JSON, or not of a shape the spec allows.

    `excerpt` is a short, redacted piece of the body for the log.
    """

    default_message = "The shop service sent an answer SellerDesk could not read."

    def __init__(self, message: str | None = None, *, detail: str = "",
                 status: int | None = None, excerpt: str = "") -> None:
        super().__init__(message, detail=detail, status=status)
        self.excerpt = excerpt


def _amount(size: int) -> str:
    """Bytes as a seller reads them: "64 MB", "512 kB", "900 bytes"."""
    for unit, name in ((1 << 20, "MB"), (1 << 10, "kB")):
        if size >= unit:
            return f"{size / unit:.3g} {name}"
    return f"{size} bytes"


class AnswerTooLarge(BadResponse):
    """The answer's body, decoded, passed the cap (`policy.MAX_RESPONSE_BYTES` for the API,
    the picture's own cap for a thumbnail): reading stopped there and nothing of it is used.
    Not retried: the same request would bring the same answer."""

    default_message = ("The shop service sent an answer larger than 16 MB, so SellerDesk "
                       "stopped reading it.")

    def __init__(self, limit: int, *, detail: str = "", status: int | None = None) -> None:
        super().__init__(f"The shop service sent an answer larger than {_amount(limit)}, "
                         f"so SellerDesk stopped reading it.", detail=detail, status=status)
        self.limit = limit


class AnswerTooSlow(Offline):
    """The whole request (headers and body) took longer than its deadline
    (`policy.REQUEST_DEADLINE`): a body trickled slowly is cut there. A timeout like httpx's
    own, so an `Offline`: GETs are retried (`Transport`), a write is retried later by the
    outbox (a write cut mid-answer may have been applied; its replay tells)."""

    default_message = ("The shop service took longer than 60 s to answer, so SellerDesk "
                       "stopped waiting.")

    def __init__(self, deadline: float, *, detail: str = "") -> None:
        super().__init__(f"The shop service took longer than {deadline:g} s to answer, "
                         f"so SellerDesk stopped waiting.", detail=detail)
        self.deadline = deadline
