"""Errors that carry a message meant for people, so front ends never show a traceback."""


class SparringError(Exception):
    """Base for every error whose message is fit to show a user as-is."""


class IllegalAction(SparringError):
    """An action the rules refuse; the message says why. The state is left unchanged."""


class BadInput(SparringError):
    """Malformed input from outside: a file, an option, a bot's reply, a command-line value."""
