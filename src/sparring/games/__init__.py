"""The games sparring hosts; each lives in its own package and registers itself."""
