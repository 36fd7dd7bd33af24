"""Closes its standard output at the first act but keeps running (RE: closed its pipes).
The referee must neither wait for the deadline nor spin on the dead pipe meanwhile."""

from __future__ import annotations

import os
import sys
import time

sys.stdin.readline()  # start
sys.stdin.readline()  # the first act
os.close(1)
while True:
    time.sleep(3600)
