"""5×5 Tactics: hero plus two drafted minions on a 5×5 grid (rules: shared/rules/tactics-*.md)."""
