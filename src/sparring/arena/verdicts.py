"""The referee's verdicts: what went wrong with a seat, one short code each (docs/protocol.md,
"Clocks and verdicts"). Kept apart from the process machinery so that code which only
names verdicts (the command line's advice) does not load it."""

TLE = "TLE"  # time: no answer within the clock, or the CPU-time cap used up
RE = "RE"  # the bot crashed or exited
IA = "IA"  # the rules refused its action
BAD = "BAD"  # its reply could not be read as an action
OLE = "OLE"  # it wrote too much to stdout
MLE = "MLE"  # it (with every process it started) used too much memory
