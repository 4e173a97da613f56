"""What an Exchange investor's STATUS shows (exchange.md 4, 7; issue 23 point 2).

- ``status``: the phase as it opened (the state): an investor's cash, shares, open asks,
  last votes and the corporations he leads; a corporation's terms and board.
- ``in_force``: what his mail so far has in force in the open phase, read from the
  phase's reading (the typed game as the mail has left it, never the phase played
  again): his cash after the immediate commands; in a movement phase his offer sheet and
  each one of a corporation he leads; the terms, centre values, issue and dividend he
  has sent as founder or leader and not yet applied; each corporation's treasury now,
  to its leader and its shareholders alone (with the acceptance list, to its leader);
  his bids, purchase list, votes and approvals. It ends every reply too.
- ``market_now``: what STATUS shows every reader of the game now: every open ask with
  its id, shares and price, never its seller; in a retreat phase each unit to retreat
  and where it may go.

Nothing of another investor's: his cash, sheet, bids, votes, nor the treasury of a
corporation the reader neither leads nor holds shares of.
"""

from __future__ import annotations

from judge.engine.retreats import options_in
from judge.games.exchange.rules.game import Corporation, ExchangeGame, Investor, Status
from judge.games.exchange.rules.movement import acceptance_lists, position
from judge.games.exchange.rules.offering import terms
from judge.money.counted import counted


def status(game: ExchangeGame, name: str) -> list[str]:
    """STATUS's lines of an investor or a corporation in the game as the phase opened."""
    investor = game.investors.get(name)
    if investor is not None:
        shares = ", ".join(f"{p} {n}" for p, n in sorted(investor.shares.items()))
        asks = [f"#{a.id} {a.corporation} {a.remaining} @ {a.price}"
                for a in game.asks if a.seller == name]
        votes = ", ".join(f"{p}: {v}" for p, v in sorted(investor.last_vote.items()))
        led = [p for p, c in sorted(game.corporations.items()) if c.leader == name]
        return [f"  Investor {name}: cash {investor.cash} AgP",
                f"  Shares: {shares or 'none'}",
                f"  Your open asks: {', '.join(asks) or 'none'}",
                f"  Last votes: {votes or 'none'}",
                f"  You lead: {', '.join(led) or 'nothing'}"]
    corp = game.corporations.get(name)
    if corp is None:
        return []
    units = ", ".join(sorted(str(u) for u in game.units.get(name, ()))) or "none"
    centres = ", ".join(sorted(game.centers.get(name, ()))) or "none"
    return [f"  Corporation {name}: {corp.status.value}, S {corp.S}, T {corp.T}, price "
            f"{corp.price}, treasury {corp.treasury} AgP",
            f"  Leader {corp.leader or 'none'}; acceptance list {corp.accept or 'none'}",
            f"  Units: {units}", f"  Centres: {centres}"]


def in_force(opened: ExchangeGame, game: ExchangeGame, name: str,
             acting: str | None) -> list[str]:
    """STATUS and every reply: what the investor's mail so far has in force in the open
    phase, and what it has made of the accounts he may see. His alone: nobody else's
    sheet, bids or votes, and no treasury of a corporation he neither leads nor holds.
    ``game``: the game as the phase's mail so far has left it."""
    investor = game.investors.get(name)
    if investor is None:
        return []
    corporations = [game.corporations[p] for p in sorted(game.corporations)]
    led = [c.name for c in corporations if c.leader == name]
    out = [f"  Now, after your mail of this phase: cash {investor.cash} AgP"]
    if game.kind == "M":  # offer sheets: movement phases alone
        for payer in dict.fromkeys([name, *([acting] if acting else []), *led]):
            out += _sheet(game, payer, payer == name)
    out += _pending(game, corporations, name)
    if game.kind == "O":  # the issues a shareholder votes on in the Offering
        out += [f"  {c.name} proposes {counted(c.pending_issue, 'new share')}: "
                f"APPROVE {c.name} or REJECT {c.name}" for c in corporations
                if c.pending_issue is not None and investor.holding(c.name) > 0]
    if acting and game.orders.get(acting) is not None:
        out.append(f"  {acting}'s orders: "
                   + "; ".join(text for _, _, text in game.orders[acting]))
    out += _accounts(game, corporations, investor)
    out += _standing(investor)
    return out


def _sheet(game: ExchangeGame, payer: str, own: bool) -> list[str]:
    """The offer sheet in force for ``payer`` (the investor himself, or a corporation he
    leads), and what it offers in all against the balance less savings."""
    whose = "Your" if own else f"{payer}'s"
    sheet = game.sheets.get(payer)
    if sheet is None:
        return [f"  {whose} offer sheet: none"]
    balance = (game.investors[payer].cash if payer in game.investors
               else game.corporations[payer].treasury)
    offered = sum(o.total for o in sheet.offers)
    return [f"  {whose} offer sheet:", *(f"    {line}" for line in sheet.lines),
            f"  It offers {offered} AgP in all, against {balance - sheet.savings} AgP "
            f"(balance {balance} less savings {sheet.savings})"]


def _pending(game: ExchangeGame, corporations: list[Corporation], name: str) -> list[str]:
    """What the investor sent this phase as a founder or a leader and is applied when the
    phase is played: the terms (SETUP, PRICE), the centre values, an issue, a dividend."""
    out: list[str] = []
    for c in corporations:
        by = c.leader if c.floated else c.founder  # who may send its SETUP, PRICE, VALUES
        if by != name:
            continue
        if c.setup is not None or c.new_price is not None:
            shares, price = terms(game, c)
            out.append(f"  {c.name} is offered on: {shares} shares at {price} AgP")
        if c.values_request is not None:
            values = ", ".join(f"{k} {v}" for k, v in sorted(c.values_request.items()))
            out.append(f"  {c.name}'s centre values: {values}")
        if c.pending_issue is not None and c.leader == name:
            out.append(f"  {c.name}'s issue of {counted(c.pending_issue, 'new share')}: "
                       "pending, voted on in the Offering")
        if c.dividend is not None and c.leader == name:
            out.append(f"  {c.name}'s dividend: {c.dividend} AgP a share, paid when this "
                       "phase is played" if c.dividend else
                       f"  {c.name}'s dividend: none (withheld)")
    return out


def _accounts(game: ExchangeGame, corporations: list[Corporation], investor: Investor) -> list[str]:
    """Each started or floated corporation's treasury now (after this phase's transfers),
    to its leader and its shareholders alone (exchange.md 7); its acceptance list to its
    leader."""
    lists = acceptance_lists(game)
    out: list[str] = []
    for c in corporations:
        held = investor.holding(c.name)
        if c.status is Status.UNSTARTED or (c.leader != investor.name and held <= 0):
            continue
        why = "you lead it" if c.leader == investor.name else f"you hold {held}"
        if c.leader == investor.name and held > 0:
            why += f" and hold {held}"
        out.append(f"  {c.name} ({why}): treasury {c.treasury} AgP now")
        if c.leader == investor.name:
            out.append(f"  {c.name}'s acceptance list: {lists[c.name].text(game.board.powers)}")
    return out


def _standing(investor: Investor) -> list[str]:
    """His standing bids, purchase list and cap, votes and approvals."""
    out: list[str] = []
    bids = []
    for power, bid in sorted(investor.bids.items()):
        extra = "".join(f" {word} {value}" for word, value in (("SHARES", bid.shares),
                                                               ("PRICE", bid.price))
                        if value is not None)
        bids.append(f"{power} {bid.amount}{extra}")
    if bids:
        out.append(f"  Your standing bids: {', '.join(bids)}")
    if investor.purchases or investor.cap is not None:
        cap = f"; cap {investor.cap} AgP" if investor.cap is not None else ""
        out.append(f"  Your purchase list: {' '.join(investor.purchases) or 'empty'}{cap}")
    if investor.votes:
        out.append("  Your votes: " + ", ".join(
            f"{p} {v}" for p, v in sorted(investor.votes.items())))
    if investor.approvals:
        out.append("  Your approvals: " + ", ".join(
            f"{p} {'APPROVE' if yes else 'REJECT'}"
            for p, yes in sorted(investor.approvals.items())))
    return out


def market_now(game: ExchangeGame) -> list[str]:
    """What STATUS shows every reader of the game now (as the phase's mail so far has
    left it): each open ask (its id, shares and price, never its seller), and in a
    retreat phase each unit to retreat and where it may go."""
    out = ["  Open asks (TAKE <id> <shares> buys):" if game.asks else "  Open asks: none"]
    out += [f"    #{a.id}: {counted(a.remaining, f'{a.corporation} share')} at {a.price} "
            "AgP each" for a in game.asks]
    if game.kind == "R":
        where = position(game)
        out.append("  To retreat:")
        for power, gone in sorted(game.dislodged.items()):
            for d in gone:
                options = options_in(where, game.board, d.unit) or ()
                to = (f"to {', '.join(options)} or disband" if options
                      else "can only disband")
                out.append(f"    {power} {d.unit}: {to}")
    return out
