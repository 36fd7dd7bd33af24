"""The referee's verdicts: what went wrong with a seat, one short code each (docs/protocol.md,
"Verdicts"). They live in core because replays record them and verification checks them;
the referee (arena) gives them, and code that only names them loads nothing else."""

TLE = "TLE"  # time: no answer within the clock, or the CPU-time cap used up
RE = "RE"  # the bot crashed or exited
IA = "IA"  # the rules refused its action
BAD = "BAD"  # its reply could not be read as an action
OLE = "OLE"  # it wrote too much to stdout
MLE = "MLE"  # it (with every process it started) used too much memory
