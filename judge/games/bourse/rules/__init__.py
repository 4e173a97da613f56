"""The Bourse: a currency exchange played beside a host Diplomacy game (spec bourse.md).

Pure values and rules, no I/O. One module per idea:

- ``params``: the GM parameters of spec 6 and their validation;
- ``currencies``: the Bourse's currency names (D29, D33), read as every market reads them;
- ``commands``: JOIN BOURSE, SELL, BUY, NOTRADE as typed values;
- ``trades``: a member's set of trades for one turn (D31);
- ``state``: the Bourse (members, rates, eliminations) and one Member;
- ``checks``: the refusals and warnings of spec 4, with the spec's own words (SELL and
  BUY by the checks every market shares, ``judge.money.trades``);
- ``desk``: one mail handled at the desk (membership, joining, the set it builds);
- ``turn``: one member's trades (5.2), the rates (5.3), a whole turn processed;
- ``scoring``: elimination after the host's Fall, net worth (5.5), credits (5.4).
"""
