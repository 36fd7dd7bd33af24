"""Dies before reading anything, with a message on stderr and exit code 3 (RE)."""

from __future__ import annotations

import sys

sys.stderr.write("crash_start: cannot load my model file\n")
sys.exit(3)
