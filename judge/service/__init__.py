"""Use cases of the judge: mail commands applied to games, and the replies they produce."""
