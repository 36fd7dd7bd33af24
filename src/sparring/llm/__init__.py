"""Language models at the table (docs/llm.md): every game as text — a seat's view in words,
its legal actions as a numbered list with names, a forgiving parser from an answer back to
an action — and the seats and servers built on it: an LLM seat speaking any OpenAI-compatible
chat endpoint, a small benchmark, and an MCP server. Nothing here names a game."""
