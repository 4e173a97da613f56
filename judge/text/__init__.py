"""Text to values: the Lark grammars and their transformers."""
