// The end of a game: why it ended, each side's card and game points, the
// match score, the cards that were hidden and the seed.
"use strict";

const Result = (() => {
  const el = (tag, cls, text) => Cards.el(tag, cls, text);

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // The Schnapsen family: the deal that ended the table, and the match around it.
  function schnapsen(msg, me, other, name) {
    const v = msg.view;
    const deal = v.result || (msg.kind === "deal" ? msg.result : null) || {};
    const r = msg.result || {};
    const low = (seat) => name(seat).toLowerCase();
    const lines = [];
    let head;
    const won = String(r.winner) === String(me);
    if (msg.kind === "match") head = won ? "You won the match" : "You lost the match";
    else if (deal.drawn) head = "A drawn deal";
    else head = won ? "You won the deal" : "You lost the deal";
    if (deal.how) {
      const why = deal.drawn ? Cards.ending("drawn", "", "") : Cards.ending(deal.how, low(deal.winner), low(deal.loser));
      lines.push(el("p", "reason", Cards.capital(why) + "."));
    }
    if (deal.points) {
      lines.push(el("p", "points", "Card points: you " + deal.points[me] + " \u00b7 " + low(other) + " " + deal.points[other]));
      const paid = (seat) => (String(deal.winner) === String(seat) ? deal.game_points : 0);
      lines.push(el("p", "points", "Game points for this deal: you " + paid(me) + " \u00b7 " + low(other) + " " + paid(other)));
    }
    if (v.scores) {
      lines.push(el("p", "match", "Match score: you " + v.scores[me] + " \u00b7 " + low(other) + " " + v.scores[other] +
        " (still to win: you " + v.to_win[me] + ", " + low(other) + " " + v.to_win[other] + "; " +
        plural(r.deals || v.deals || 0, "deal") + ")"));
    }
    return { head, lines };
  }

  function durak(msg, me, other, name) {
    const r = msg.result || {};
    const low = (seat) => name(seat).toLowerCase();
    if (r.outcome === "draw" || r.fool === null || r.fool === undefined) {
      return { head: "A draw", lines: [el("p", "reason", Cards.capital(Cards.ending("draw", "", "")) + ".")] };
    }
    const fool = String(r.fool);
    const head = fool === String(me) ? "You are the fool" : "You won";
    const why = Cards.ending(r.outcome || "fool", low(fool === String(me) ? other : me), low(fool));
    return { head, lines: [el("p", "reason", Cards.capital(why) + ".")] };
  }

  function render(msg, me, other, name) {
    const box = $("over");
    box.hidden = !msg.over;
    if (!msg.over) return;
    const told = msg.game === "durak" ? durak(msg, me, other, name) : schnapsen(msg, me, other, name);
    const children = [el("h2", "", told.head), ...told.lines];
    if (msg.reveal) {
      const theirs = msg.reveal.hands[String(other)] || [];
      children.push(el("div", "small", "Their last cards:"));
      const row = el("div", "hands");
      row.append(...theirs.map((c) => Cards.face(c, { small: true })));
      children.push(row, el("div", "small seed", "Seed " + msg.reveal.seed));
    }
    const dl = el("button", "primary", "Download the log");
    dl.type = "button";
    dl.id = "download";
    dl.addEventListener("click", download);
    const again = el("a", "again", "New game");
    again.href = "/";
    children.push(dl, again);
    box.replaceChildren(...children);
  }

  return { render };
})();
