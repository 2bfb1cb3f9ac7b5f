// How cards, moves and events look. The card names come from the server's
// welcome message ({id: "TD"}), so no card id is written into this page; so do
// the endings' words ({how: "{winner} went out with 66 or more"}), the same
// table the terminal reads.
"use strict";

const Cards = (() => {
  const GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  let names = {};
  let endings = {};

  function setNames(table) { names = table || {}; }
  function setEndings(table) { endings = table || {}; }

  function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

  // How a deal or a game ended, in the server's words; winner and loser are
  // already names ("you", "the bot").
  function ending(how, winner, loser) {
    const phrase = endings[how];
    if (!phrase) return "the game ended (" + how + ")";
    return phrase.replace("{winner}", winner).replace("{loser}", loser);
  }

  function parts(id) {
    const name = names[String(id)] || "??";
    return { rank: name[0] === "T" ? "10" : name[0], suit: name[1] };
  }

  function label(id) {
    const p = parts(id);
    return p.rank + (GLYPH[p.suit] || p.suit);
  }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A face-up card; a button when it can be played.
  function face(id, opts = {}) {
    const p = parts(id);
    const node = el(opts.move ? "button" : "div", "card" + (p.suit === "H" || p.suit === "D" ? " red" : ""));
    node.dataset.card = String(id);
    node.setAttribute("aria-label", label(id));
    node.title = label(id);
    node.append(el("span", "rank", p.rank), el("span", "suit", GLYPH[p.suit] || "?"));
    if (opts.small) node.classList.add("small");
    if (opts.sideways) node.classList.add("sideways");
    if (opts.move) {
      node.type = "button";
      node.classList.add("legal");
      node.dataset.move = JSON.stringify(opts.move);
    }
    return node;
  }

  function back(small) {
    const node = el("div", "card back" + (small ? " small" : ""));
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  function suit(s) { return (GLYPH[s] || s) + " " + (SUIT_NAME[s] || ""); }

  // The text of a button for a move that is not a card.
  function moveLabel(move, claim) {
    switch (move.kind) {
      case "marriage":
        return "Marriage " + (GLYPH[move.suit] || move.suit) + " (" + move.value + ")" +
          (move.card !== undefined ? " leading " + label(move.card) : "");
      case "exchange": return "Exchange the turn-up";
      case "close": return "Close the talon";
      case "claim": return claim ? "Claim 66 (you have " + claim.points + ")" : "Claim 66";
      case "draw": return "Draw";
      case "take": return "Take the cards";
      case "done": return "Done (bito)";
      case "swap": return "Swap the trump six";
      default: return move.kind;
    }
  }

  // One line of the table's story, for the seat `me`.
  function story(ev, me, who) {
    const by = ev.seat !== undefined ? who(ev.seat) : "";
    const low = (seat) => who(seat).toLowerCase();
    switch (ev.kind) {
      case "lead": return by + " led " + label(ev.card);
      case "follow": return by + " played " + label(ev.card);
      case "trick": return "Trick to " + who(ev.winner).toLowerCase();
      case "marriage": return by + " declared the " + suit(ev.suit) + " marriage (" + ev.value + ")";
      case "exchange": return by + " exchanged the turn-up";
      case "close": return by + " closed the talon";
      case "claim": return by + " claimed 66";
      case "draw": return by + " drew";
      case "deal_end":
        if (ev.drawn) return "The deal is drawn";
        return "Deal over: " + ending(ev.how, low(ev.winner), low(ev.loser)) + "; " + low(ev.winner) +
          " won " + ev.game_points + " game point" + (ev.game_points === 1 ? "" : "s");
      case "deal": return "Deal " + ev.number + ": trumps are " + suit(ev.trump);
      case "attack": return by + " attacked with " + label(ev.card);
      case "beat": return by + " beat with " + label(ev.card);
      case "take": return by + " took the cards";
      case "done": return by + " said done";
      case "swap": return by + " swapped the trump six";
      case "resign": return by + " resigned";
      case "bout_end": return "Bout over: " + (ev.taken ? "taken" : "beaten off") + ", discard " + ev.discard;
      case "refill": return "Refill: talon " + ev.talon;
      case "out": return by + " has no cards left";
      case "game_end":
        if (ev.outcome === "draw") return "Game over: " + ending("draw", "", "");
        if (ev.fool !== undefined && ev.fool !== null) {
          const fool = String(ev.fool);
          return "Game over: " + ending(ev.outcome || "fool", low(fool === "1" ? 2 : 1), low(fool));
        }
        return "Game over: " + low(ev.winner) + " won the match";
      default: return ev.kind;
    }
  }

  return { setNames, setEndings, ending, capital, label, face, back, el, suit, moveLabel, story, GLYPH };
})();
