"""Food Chain: a two-player predator/prey card game (rules: shared/rules/foodchain-*.md)."""
