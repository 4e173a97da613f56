"""The mail edge: the SMTP listener, the mail reader, the inbox worker and the outbox sender."""
