"""The Bourse (bourse.md), a currency market beside a standard or Payola game: its rules,
its lines, its batch runner, its mail attachment and its demo."""
