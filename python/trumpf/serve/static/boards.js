// The board of each game, drawn from a seat's view and nothing else.
"use strict";

const Schnapsen = {
  render(msg, v, me, other, legal) {
    const el = Cards.el;
    const up = $("turn-up");
    up.replaceChildren();
    if (v.turn_up !== null && v.turn_up !== undefined) up.append(Cards.face(v.turn_up, { sideways: true }));
    $("talon").textContent = "Trumps " + Cards.GLYPH[v.trump] + " · talon " + v.talon_left +
      (v.closed ? " · closed" : "") + (v.pending_draw ? " · draw pending" : "");
    const centre = $("centre");
    const parts = [];
    const t = v.last_trick;
    const mine = v.lead !== null && v.lead !== undefined && String(v.leader) === String(me);
    // The last trick stays on the board until this seat plays its next card: when
    // the other seat wins a trick and leads at once, both show.
    if (t && !mine) {
      const trick = el("div", "trick");
      trick.append(el("div", "caption", "Last trick: " + (String(t.winner) === String(me) ? "yours" : "theirs")),
        Cards.face(t.lead, { small: true }), Cards.face(t.follow, { small: true }));
      parts.push(trick);
    }
    if (v.lead !== null && v.lead !== undefined) {
      const led = el("div", "trick");
      led.append(el("div", "caption", (mine ? "You" : "They") + " led"), Cards.face(v.lead));
      parts.push(led);
    }
    if (!parts.length) parts.push(el("div", "caption", "Deal " + v.number));
    centre.replaceChildren(...parts);
    const melds = (seat) => v.melds.filter((m) => String(m.seat) === String(seat))
      .map((m) => Cards.GLYPH[m.suit] + m.value + (m.counted ? "" : "?")).join(" ");
    $("opp-info").textContent = "tricks " + v.tricks_won[other] + (melds(other) ? " · melds " + melds(other) : "");
    $("my-info").textContent = "Points " + v.taken[me] + " · tricks " + v.tricks_won[me] +
      (melds(me) ? " · melds " + melds(me) : "");
    const score = $("score");
    if (v.scores) {
      score.textContent = "Match: you " + v.scores[me] + " · them " + v.scores[other] + " (to win: " + v.to_win[me] + " / " + v.to_win[other] + ")";
    } else {
      score.textContent = "";
    }
    renderMoves(v.hand, legal, ["lead", "follow"], [], msg.claim);
  },
};

const Durak = {
  render(msg, v, me, other, legal) {
    const el = Cards.el;
    const up = $("turn-up");
    up.replaceChildren();
    if (v.trump_card !== null && v.trump_card !== undefined) up.append(Cards.face(v.trump_card, { sideways: true }));
    $("talon").textContent = "Trumps " + Cards.GLYPH[v.trump] + " · talon " + v.talon + " · discard " + v.discard;
    const centre = $("centre");
    const bout = v.bout;
    if (bout && bout.pairs.length) {
      const attacking = String(bout.attacker) === String(me);
      centre.replaceChildren(
        el("div", "caption", (attacking ? "You attack" : "You defend") + (bout.taken ? " · taking" : "")),
        ...bout.pairs.map((p) => {
          const pair = el("div", "pair");
          pair.append(Cards.face(p.attack));
          if (p.beat !== null && p.beat !== undefined) pair.append(Cards.face(p.beat));
          return pair;
        }));
    } else {
      centre.replaceChildren(el("div", "caption", bout && String(bout.attacker) === String(me) ? "Your attack" : "Their attack"));
    }
    $("opp-info").textContent = v.counts[String(other)] + " cards";
    $("my-info").textContent = "Phase: " + v.phase;
    $("score").textContent = "";
    const resign = el("button", "resign", "Resign");
    resign.type = "button";
    resign.dataset.move = JSON.stringify({ kind: "resign" });
    renderMoves(v.hand, legal, ["attack", "beat"], msg.over || !game.connected ? [] : [resign]);
  },
};
