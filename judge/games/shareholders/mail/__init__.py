"""1901-Shareholders by mail: its market kind, letters and reader."""
