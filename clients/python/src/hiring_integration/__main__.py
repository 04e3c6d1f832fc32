"""``python -m hiring_integration listen --forward-to <url>``."""

import sys

from .listen import main

sys.exit(main())
