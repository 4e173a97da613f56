"""The market games by mail: what Exchange, 1901-Shareholders and Capitalist share (each
kind's folder completes it)."""
