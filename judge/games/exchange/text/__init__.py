"""Exchange command lines read into the typed commands (grammar/exchange.lark)."""
