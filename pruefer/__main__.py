"""`python -m pruefer NOTEBOOK...` ist dasselbe wie `pruefe NOTEBOOK...`."""

import sys

from pruefer.cli import main

sys.exit(main())
