"""Exchange by mail: its market kind, letters, notices, ledger, reader and STATUS."""
