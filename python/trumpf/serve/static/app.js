// The page: the lobby at "/", a table at "/t/<id>". Plain DOM, no build step.
// A seat's token lives in this browser's localStorage (and, once, in the URL
// fragment, which browsers never send to the server); it goes to the server
// only inside the WebSocket's hello and in Authorization headers.
"use strict";

const $ = (id) => document.getElementById(id);
const store = {
  get(table) { try { return JSON.parse(localStorage.getItem("trumpf:" + table)) || {}; } catch (e) { return {}; } },
  set(table, value) { localStorage.setItem("trumpf:" + table, JSON.stringify(Object.assign(store.get(table), value))); },
};

function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 4000);
}

function status(text, ok) {
  const node = $("status");
  node.textContent = text;
  node.className = "status " + (ok ? "ok" : "bad");
}

// ---- the lobby -------------------------------------------------------------

function lobby() {
  $("lobby").hidden = false;
  const form = $("create");
  const sync = () => {
    const durak = form.game.value === "durak";
    form.querySelectorAll(".for-schnapsen").forEach((n) => { n.hidden = durak; });
    form.querySelectorAll(".for-bot").forEach((n) => { n.hidden = form.opponent.value !== "bot"; });
  };
  form.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const durak = form.game.value === "durak";
    const body = { game: form.game.value, opponent: form.opponent.value, seat: form.seat.value };
    if (!durak) {
      body.kind = form.kind.value;
      if (form.variant.value.trim()) body.variant = form.variant.value.trim();
    }
    if (body.opponent === "bot") body.level = Number(form.level.value);
    const answer = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) { toast(data.message || "could not create the table"); return; }
    store.set(data.table, { token: data.token, invite: data.invite, seat: String(data.seat) });
    location.href = "/t/" + data.table;
  });
}

// ---- a table ---------------------------------------------------------------

const game = { id: null, token: null, ws: null, state: null, attempt: 0, fatal: false, pending: false, connected: false };

// Which seat a seat id is, in words: the lobby calls them first and second.
function seatWord(seat) { return String(seat) === "1" || String(seat) === "p1" ? "first" : "second"; }

async function table(id) {
  game.id = id;
  $("table").hidden = false;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("seat")) store.set(id, { token: hash.get("seat") });
  const mine = store.get(id);
  if (hash.get("invite") && mine.token) {
    // This browser sits here already: the invitation is left for whoever it was sent to.
    const own = hash.get("invite") === mine.invite;
    const box = $("notice");
    const seat = seatWord(mine.seat || "1");
    box.textContent = own
      ? "This is your own invitation link: it seats your opponent in the " + (seat === "first" ? "second" : "first") +
        " seat. You sit in the " + seat + " seat, so it was not used here: send it to the person you want to play."
      : "This browser already has a seat at this table, so the invitation was not used.";
    box.hidden = false;
  }
  if (hash.get("invite") && !mine.token) {
    const answer = await fetch("/api/tables/" + id + "/join", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ invite: hash.get("invite") }),
    });
    const data = await answer.json();
    if (!answer.ok) { status("no seat", false); toast(data.message); return; }
    store.set(id, { token: data.token });
  }
  history.replaceState(null, "", location.pathname);  // the secret leaves the address bar
  game.token = store.get(id).token;
  if (!game.token) { status("no seat", false); toast("This browser has no seat at this table."); return; }
  $("resume").addEventListener("click", () => copy(location.origin + "/t/" + id + "#seat=" + game.token));
  $("copy-invite").addEventListener("click", () => copy($("invite-link").value));
  $("table").addEventListener("click", onClick);
  $("confirm-no").addEventListener("click", () => { $("confirm").hidden = true; });
  connect();
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => toast("Copied"), () => prompt("Copy:", text));
  else prompt("Copy:", text);
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + game.id;
  const ws = new WebSocket(url);
  game.ws = ws;
  status("connecting", false);
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: game.token }));
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    if (game.ws !== ws) return;
    game.pending = false;
    game.connected = false;
    if (game.state) render(game.state);
    if (game.fatal) { status("closed", false); return; }
    // Exponential backoff with jitter, so a restarted server is not stampeded.
    const delay = Math.min(15000, 500 * 2 ** game.attempt) * (0.75 + Math.random() / 2);
    game.attempt += 1;
    status("reconnecting in " + Math.round(delay / 1000) + "s", false);
    setTimeout(connect, delay);
  };
}

function send(message) {
  if (!game.ws || game.ws.readyState !== WebSocket.OPEN) { toast("Not connected: retrying"); return; }
  game.ws.send(JSON.stringify(message));
}

function receive(msg) {
  if (msg.type === "error") {
    game.pending = false;
    if (msg.code === "bad_token" || msg.code === "no_hello") game.fatal = true;
    toast(msg.message);
    if (game.state) render(game.state);
    return;
  }
  if (msg.type === "welcome") {
    game.attempt = 0;
    game.connected = true;
    Cards.setNames(msg.names);
    Cards.setEndings(msg.endings);
    status("connected", true);
  }
  if (msg.type === "welcome" || msg.type === "state" || msg.type === "update") {
    if (msg.ack !== undefined || (game.state && msg.ply !== game.state.ply)) game.pending = false;
    game.state = msg;
    // The welcome brings the seat's whole story, so the log is drawn afresh from it.
    if (msg.type === "welcome") { $("log").replaceChildren(); story(msg.history || [], msg.seat); }
    if (msg.type === "update" && msg.events) story(msg.events, msg.seat);
    render(msg);
  }
}

function onClick(e) {
  const target = e.target.closest("[data-move]");
  if (!target || game.pending || !game.state || !game.connected) return;
  const move = JSON.parse(target.dataset.move);
  if (move.kind === "resign" && !confirm("Resign this game?")) return;
  const claim = game.state.claim;
  if (move.kind === "claim" && claim && claim.how === "false_claim" && !target.dataset.confirmed) {
    askToClaim(claim);
    return;
  }
  $("confirm").hidden = true;
  game.pending = true;
  document.body.dataset.pending = "true";
  send({ type: "move", move: move, ply: game.state.ply });
}

function seatName(me, seat) {
  return String(seat) === String(me) ? "You" : (game.state && game.state.opponent === "bot" ? "The bot" : "Your opponent");
}

function story(events, me) {
  const list = $("log");
  for (const ev of events) {
    const item = document.createElement("li");
    item.textContent = Cards.story(ev, me, (s) => seatName(me, s));
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

function render(msg) {
  const v = msg.view;
  const me = msg.seat;
  const other = msg.game === "durak" ? (me === 1 ? 2 : 1) : (me === "p1" ? "p2" : "p1");
  document.body.dataset.ply = String(msg.ply);
  document.body.dataset.over = String(msg.over);
  document.body.dataset.turn = v.turn === null ? "none" : (String(v.turn) === String(me) ? "me" : "them");
  document.body.dataset.pending = String(game.pending);
  const names = { schnapsen: "Schnapsen", sixtysix: "Sixty-Six", durak: "Durak" };
  $("title").textContent = names[msg.game] + (msg.kind === "match" ? " match" : msg.kind === "deal" ? " deal" : "") +
    (msg.opponent === "bot" ? " v the bot (level " + msg.level + ")" : "");
  const invite = store.get(game.id).invite;
  $("invite").hidden = !(msg.opponent === "person" && invite && !msg.seated[String(other)]);
  if (invite) $("invite-link").value = location.origin + "/t/" + game.id + "#invite=" + invite;
  $("opp-name").textContent = seatName(me, other);
  const backs = $("opp-hand");
  backs.replaceChildren(...Array.from({ length: v.counts[String(other)] || 0 }, () => Cards.back()));
  document.body.dataset.connected = String(game.connected);
  // Disconnected, nothing can be played: no card is offered and no button drawn.
  const legal = msg.over || !game.connected ? [] : v.legal;
  if (msg.game === "durak") Durak.render(msg, v, me, other, legal);
  else Schnapsen.render(msg, v, me, other, legal);
  $("turn").textContent = msg.over ? "Game over" : !game.connected ? "Disconnected" : v.turn === null ? "" :
    String(v.turn) === String(me) ? (game.pending ? "Sending…" : "Your turn") : "Waiting for " + seatName(me, other).toLowerCase();
  renderClaim(msg.over || !game.connected ? null : msg.claim, other);
  $("my-seat").textContent = "You sit in the " + seatWord(me) + " seat";
  Result.render(msg, me, other, (s) => seatName(me, s));
}

// A good claim is said plainly; a false one is asked about first, with its cost.
function renderClaim(claim, other) {
  const note = $("claim-note");
  const good = claim && claim.how !== "false_claim";
  note.hidden = !good;
  if (good) {
    note.textContent = "You have " + claim.points + " \u2014 claim now: you win the deal and " +
      claim.game_points + " game point" + (claim.game_points === 1 ? "" : "s") + ".";
  }
  if (!claim) $("confirm").hidden = true;
}

function askToClaim(claim) {
  const other = seatName(game.state.seat, "other").toLowerCase();
  $("confirm-text").textContent = "You have " + claim.points + " of " + claim.target + ". A claim now is false: " +
    other + " wins the deal and " + claim.game_points + " game point" + (claim.game_points === 1 ? "" : "s") + ".";
  const yes = $("confirm-yes");
  yes.dataset.move = JSON.stringify({ kind: "claim" });
  yes.dataset.confirmed = "true";
  $("confirm").hidden = false;
}

// The hand and the buttons: every legal move is one clickable thing.
function renderMoves(hand, legal, cardKinds, extra, claim) {
  const byCard = new Map();
  for (const m of legal) if (cardKinds.includes(m.kind) && m.card !== undefined) byCard.set(m.card, m);
  $("hand").replaceChildren(...hand.map((c) => Cards.face(c, { move: byCard.get(c) })));
  const buttons = legal.filter((m) => !byCard.has(m.card) || !cardKinds.includes(m.kind)).map((m) => {
    const b = Cards.el("button", "legal", Cards.moveLabel(m, claim));
    b.type = "button";
    b.dataset.move = JSON.stringify(m);
    if (m.kind === "claim") b.classList.add("claim", claim && claim.how !== "false_claim" ? "good" : "risky");
    return b;
  });
  // A good claim comes first; a false one last, out of the thumb's way.
  const rank = (b) => (b.classList.contains("good") ? 0 : b.classList.contains("risky") ? 2 : 1);
  buttons.sort((a, b) => rank(a) - rank(b));
  $("actions").replaceChildren(...buttons, ...(extra || []));
}

async function download() {
  const answer = await fetch("/api/tables/" + game.id + "/log", { headers: { authorization: "Bearer " + game.token } });
  if (!answer.ok) { toast("The log is not ready"); return; }
  const url = URL.createObjectURL(await answer.blob());
  const a = Cards.el("a");
  a.href = url;
  a.download = "trumpf-" + game.id + ".json";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

const path = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]); else lobby();
