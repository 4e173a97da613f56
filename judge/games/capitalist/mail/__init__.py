"""Capitalist Diplomacy by mail: its market kind, letters and reader."""
