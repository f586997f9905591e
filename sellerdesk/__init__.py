"""SellerDesk: the desktop cockpit of an online shop."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("sellerdesk")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
