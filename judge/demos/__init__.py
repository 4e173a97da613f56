"""The scripted market games of ``judge demo --game <kind>`` (registered in
``judge.demo.GAMES``), one module each, and the orders of their standard year
(``opening``)."""
