"""judge: an email-driven judge for Diplomacy and its money variants."""

__version__ = "0.1.0"
