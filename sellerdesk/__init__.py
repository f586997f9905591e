"""SellerDesk: the desktop cockpit of an online shop."""

# The release's version, as pyproject.toml declares it (tests/unit/test_version.py holds the
# two together). A literal, not importlib.metadata: reading the installed metadata imports
# and scans more than the whole window's first paint can afford, and a bundle has no
# installed metadata to read.
__version__ = "0.1.0"
