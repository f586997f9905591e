"""Entry point of the frozen SellerDesk bundles (PyInstaller runs this file as `__main__`).

The same executable is the window (`SellerDesk`), the command line (`SellerDesk sync`, ...)
and the demo sandbox (`SellerDesk sandbox ...`, which `sellerdesk --demo` starts as a child
process through `sys.executable`).
"""

import sys

from sellerdesk.cli import main

if __name__ == "__main__":
    sys.exit(main())
