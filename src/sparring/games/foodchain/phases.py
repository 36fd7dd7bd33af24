"""The names of a turn's phases (rules §2), and "over" once the game has ended."""

START = "start"
MAIN1 = "main1"
COMBAT = "combat"
MAIN2 = "main2"
END = "end"
OVER = "over"

MAINS = (MAIN1, MAIN2)  # where cards are played and abilities activated
ALL_PHASES = (START, MAIN1, COMBAT, MAIN2, END, OVER)
