"""python -m sellerdesk.sandbox"""

import sys

from sellerdesk.sandbox.cli import main

sys.exit(main())
