"""The scripted market games of ``judge demo --game <kind>`` (registered in
``judge.demo.GAMES``), one module each."""
