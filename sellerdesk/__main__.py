"""`python -m sellerdesk`."""

from sellerdesk.cli import main

raise SystemExit(main())
