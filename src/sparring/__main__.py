"""`python -m sparring` runs the command line."""

from sparring.cli import main

main()
