"""The web view of the judge (``judge serve`` with a ``[web]`` section): public, read-only
pages of every game built from the very letters the judge mails to observers, and a
player's own page whose form is handled as his mail. docs/web.md."""
