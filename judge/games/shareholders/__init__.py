"""1901-Shareholders (shareholders.md): its rules, its lines, its batch runner, its mail
part and its demo."""
