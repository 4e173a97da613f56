"""The scripted market games of ``judge demo --game <kind>`` (registered in
``judge.demo.GAMES``), one module each, the orders of their standard year (``opening``),
and what every script is made of (``script``: the judge by mail, ``Script``)."""
