"""``python -m tests.bench`` (``make bench``): see :mod:`tests.bench`."""

import sys

from tests.bench import main

sys.exit(main())
