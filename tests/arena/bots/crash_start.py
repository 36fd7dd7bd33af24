"""Dies before reading anything, with a message on stderr and exit code 3 (RE)."""

from __future__ import annotations

import sys

from _wire import record_pid

record_pid(sys.argv[1])
sys.stderr.write("crash_start: cannot load my model file\n")
sys.exit(3)
