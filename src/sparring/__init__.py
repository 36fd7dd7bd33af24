"""sparring: exact game engines, a strict referee and strong AIs for hidden-information games."""

__version__ = "0.1.0"
