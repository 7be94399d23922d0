// hypertac web page: every move's value on the board (GET /api/analyze),
// the computer's reasons in the move list, the review of a game and share
// links for every board. Loaded after app.js; speaks only the JSON API.
'use strict';

const VALUES_FIRST_MS = 1000; // the first answer: what certificates, book and quick proofs know, at once
const VALUES_MS = 8000;      // time the server may take for each later answer
const VALUES_ROUNDS = 9;     // answers asked for one position while values are unknown

const values = {
  key: null,        // the position (rules + moves) shown or asked for
  data: null,       // its answer
  rounds: 0,
  busy: false,
  stalled: false,   // rounds used up with values still unknown ("Keep working")
  reasons: new Map(),  // "ply:move" -> the computer's reason for that move
  hovered: null,     // the cell the pointer is on, while it shows a move's reason
  review: null,      // {key, steps}
};

// The query naming the rules of a game state: a preset's name where one matches.
function rulesQuery(game) {
  const preset = ui.info && ui.info.presets.find((p) => p.rules === game.rules && !p.name.includes(' '));
  if (preset) return `game=${encodeURIComponent(preset.name)}`;
  const parts = [`shape=${game.shape.join('x')}`, `k=${game.k}`, `rule=${game.rule}`];
  if (game.gravity !== null && game.gravity !== undefined) parts.push(`gravity=${game.gravity}`);
  if (game.wrap) parts.push('wrap=true');
  return parts.join('&');
}

function positionKey(game) {
  return `${game.rules}|${game.wrap}|${game.moves.join(';')}`;
}

function valuesWanted() {
  const game = ui.game;
  return !ui.replay && game && !game.connect4 && $('#opt-values').checked && game.result === 'ongoing';
}

// Asks for the values of the game's position and paints them; asks again
// while some are unknown (the server goes on where it stopped).
async function updateValues() {
  const game = ui.game;
  const legend = $('#values-legend');
  if (!valuesWanted()) {
    legend.hidden = true;
    values.key = null;
    values.stalled = false;
    paintValues();
    return;
  }
  const key = positionKey(game);
  legend.hidden = false;
  if (values.key !== key) {
    values.key = key;
    values.data = null;
    values.rounds = 0;
    values.stalled = false;
    paintValues();
  } else if (values.data) {
    paintValues();
    if (values.data.complete || values.busy || values.rounds >= VALUES_ROUNDS) return;
  }
  if (values.busy) return;
  values.busy = true;
  values.stalled = false;
  values.rounds += 1;
  describeValues(`Working out the value of each of ${game.to_move}'s moves…`);
  try {
    const path = `/analyze?${rulesQuery(game)}&moves=${encodeURIComponent(game.moves.join(';'))}&ms=${values.rounds === 1 ? VALUES_FIRST_MS : VALUES_MS}`;
    const data = await api('GET', path);
    if (values.key === key) values.data = data;
  } catch (e) {
    if (values.key === key) { values.data = null; describeValues(e.message); }
    values.busy = false;
    return;
  }
  values.busy = false;
  if (values.key !== key) { updateValues(); return; }
  paintValues();
  if (!values.data.complete && values.rounds < VALUES_ROUNDS) setTimeout(updateValues, 200);
}

// The kind of a value for the side to move: win, draw, loss, unknown, or
// for an unknown value with a proved bound ("X wins or draw") nolose (the
// side to move wins or draws) or nowin (it draws or loses).
function valueKind(value, toMove, bound) {
  if (value === 'draw') return 'draw';
  if (value === 'unknown') {
    if (bound) return bound.startsWith(toMove) ? 'nolose' : 'nowin';
    return 'unknown';
  }
  return value.startsWith(toMove) ? 'win' : 'loss';
}

const VALUE_MARK = { win: 'W', draw: 'D', loss: 'L', unknown: '?', nolose: '+', nowin: '-' };

function paintValues() {
  const data = values.key && values.data;
  const byCell = new Map(data ? data.moves.map((m) => [m.cell, m]) : []);
  for (const [key, el] of ui.cells) {
    const m = byCell.get(key);
    if (!m) {
      delete el.dataset.val;
      delete el.dataset.why;
      el.classList.remove('val-best');
      continue;
    }
    const kind = valueKind(m.value, data.to_move, m.bound);
    el.dataset.val = kind;
    el.dataset.mark = VALUE_MARK[kind];
    el.classList.toggle('val-best', m.best);
    const distance = m.distance !== undefined ? `, ends in ${m.distance} more move${m.distance === 1 ? '' : 's'}` : '';
    el.title = (m.bound
      ? `${m.move}: ${m.bound} (proved; which one not settled yet)`
      : `${m.move}: ${m.value}${m.proved ? ' (proved, ' + m.source + distance + ')' : ' (not settled yet)'}`)
      + (m.why ? `\nWhy: ${m.why}` : '');
    if (m.why) el.dataset.why = `After ${m.move}: ${m.why}.`; else delete el.dataset.why;
  }
  if (!data) { showSequence(null); return; }
  const unknown = data.moves.filter((m) => !m.proved).length;
  const bounded = data.moves.filter((m) => m.bound).length;
  const them = data.to_move === 'X' ? 'O' : 'X';
  const parts = [`Values of ${data.to_move}'s moves, after each: W ${data.to_move} wins, D draw, L ${them} wins`];
  if (bounded) parts.push(`+ ${data.to_move} wins or draw, - ${them} wins or draw (proved, ${bounded})`);
  // The page stops asking after VALUES_ROUNDS answers; the server keeps
  // what it proved, so "Keep working" goes on from there.
  values.stalled = unknown > 0 && !values.busy && values.rounds >= VALUES_ROUNDS;
  parts.push(unknown ? `? not settled yet (${unknown} left${values.busy ? ', working' : values.stalled ? ', stopped' : ''})` : 'all proved');
  const position = data.bound ? `unknown, ${data.bound} (proved)` : `${data.value}${data.value !== 'unknown' ? ' (proved)' : ''}`;
  parts.push(`position: ${position}.`);
  const pointAt = data.moves.some((m) => m.why) ? ' Point at a move (or move to it with the arrow keys, or touch and hold it) to see why it wins or loses, where threats show it.' : '';
  // The move pointed at keeps its reason through a new answer.
  const hovered = values.hovered && ui.cells.get(values.hovered);
  showSequence(hovered && hovered.dataset.why ? values.hovered : null);
  describeValues(parts.join('; ') + pointAt, data.reason || data.why, hovered ? hovered.dataset.why : null);
}

// The legend's text and the certificate's reason, kept so that the reason
// of a move pointed at can be shown beside them and taken away again.
let legendShown = { text: '', reason: null };

function describeValues(text, reason, moveWhy) {
  legendShown = { text, reason };
  const legend = $('#values-legend');
  legend.replaceChildren();
  // The move pointed at first, where the legend's height shows it.
  if (moveWhy) {
    const line = document.createElement('span');
    line.className = 'move-why';
    line.textContent = moveWhy;
    legend.append(line, document.createElement('br'));
  }
  // Before the legend's text, where its limited height keeps it in sight.
  if (values.stalled) {
    const more = document.createElement('button');
    more.type = 'button';
    more.id = 'values-more';
    more.textContent = 'Keep working';
    more.addEventListener('click', () => {
      values.rounds = 0;
      values.stalled = false;
      updateValues();
    });
    legend.append(more, ' ');
  }
  legend.append(document.createTextNode(text));
  if (reason) {
    const why = document.createElement('span');
    why.className = 'why';
    why.textContent = `Why: ${reason}.`;
    legend.append(document.createElement('br'), why);
  }
}

// A move's reason (see `why` in the API's moves) while the pointer is on
// its cell: in words above the legend, and on the board the line of play
// it names, numbered from the move itself (1) in the colours of the sides,
// or, for a draw by pairs, the pairs lettered (a a, b b, ...).
function showMoveWhy(event) {
  const cell = event.target.closest && event.target.closest('[data-why]');
  showWhyOf(cell ? cell.dataset.cell : null);
}

// The reason of the move on the cell `key` (pointer or keyboard cursor), or none.
function showWhyOf(key) {
  const el = key && ui.cells.get(key);
  values.hovered = el && el.dataset.why ? key : null;
  showSequence(values.hovered);
  describeValues(legendShown.text, legendShown.reason, values.hovered ? el.dataset.why : null);
}

// No line of play on the board.
function clearSequence() {
  for (const el of ui.cells.values()) { delete el.dataset.seq; delete el.dataset.seqSide; }
}

// The cells of `line` numbered 1, 2, ... on the board, the first in the
// colour of `first` ('x' or 'o'), then the two sides in turn.
function numberLine(line, first) {
  const other = first === 'x' ? 'o' : 'x';
  line.forEach((key, i) => {
    const el = ui.cells.get(key);
    if (!el) return;
    el.dataset.seq = String(i + 1);
    el.dataset.seqSide = i % 2 === 0 ? first : other;
  });
}

function showSequence(at) {
  clearSequence();
  const data = values.key && values.data;
  const m = at && data && data.moves.find((mv) => mv.cell === at);
  if (m && m.why_pairs) {
    // A draw by pairs: the two cells of each pair lettered alike (a, b,
    // ...), in the colour of the side that answers by them.
    const by = (m.why_pairs_by || '').toLowerCase();
    m.why_pairs.forEach((pair, i) => {
      for (const key of pair) {
        const el = ui.cells.get(key);
        if (!el) continue;
        el.dataset.seq = String.fromCharCode(97 + i);
        el.dataset.seqSide = by;
      }
    });
    return;
  }
  if (!m || !m.why_moves) return;
  // Both orders alternate from the mover: its move, then the reason's moves
  // (which start with the move itself where it starts its own sequence).
  const line = m.why_moves[0] === m.cell ? m.why_moves : [m.cell, ...m.why_moves];
  numberLine(line, data.to_move.toLowerCase());
}

// ---------- the computer's reasons in the move list ----------

function noteReason(game, played) {
  if (!played || !played.reason) return;
  const ply = game.moves.length - 1;
  values.reasons.set(`${ply}:${game.moves[ply]}`, played.reason);
}

function reasonOf(ply, move) {
  return values.reasons.get(`${ply}:${move}`);
}

// The move list's entries: the move, the computer's reason, the review's verdict.
function moveEntry(game, m, i) {
  const li = document.createElement('li');
  li.textContent = `${i % 2 === 0 ? 'X' : 'O'} ${moveText(m, gameView(game))}`;
  const reason = reasonOf(i, m);
  if (reason) {
    const small = document.createElement('small');
    small.className = 'reason';
    small.textContent = ` ${reason}`;
    li.appendChild(small);
  }
  const step = values.review && values.review.key === positionKey(game) && values.review.steps[i];
  if (step) {
    const span = document.createElement('small');
    span.className = step.threw_away ? 'review threw' : 'review';
    span.textContent = step.threw_away
      ? ` ${step.before} → ${step.after}: threw away a ${step.threw_away}`
      : ` · then ${step.after}`;
    li.appendChild(span);
    // Why it loses, and the sequence the player had instead, where threats show them.
    for (const [label, text] of [['why it loses', step.why], [`${step.player} had instead`, step.missed]]) {
      if (!text) continue;
      const why = document.createElement('small');
      why.className = 'review-why';
      why.textContent = `${label}: ${text}`;
      li.append(document.createElement('br'), why);
    }
  }
  return li;
}

// ---------- review ----------

async function reviewGame() {
  const game = ui.game;
  if (!game || !game.moves.length) return;
  const key = positionKey(game);
  const button = $('#btn-review');
  button.disabled = true;
  button.textContent = 'Reviewing…';
  try {
    const data = await api('GET', `/review?${rulesQuery(game)}&moves=${encodeURIComponent(game.moves.join(';'))}`);
    values.review = { key, steps: data.review };
    const lost = data.review.filter((s) => s.threw_away);
    showError(lost.length
      ? `Review: ${lost.map((s) => `move ${s.ply} (${s.player} ${s.move}) threw away a ${s.threw_away}`).join('; ')}.`
      : 'Review: no move threw away a win or a draw (as far as the values are known).', true);
    render(ui.game, false);
  } catch (e) {
    showError(e.message);
  } finally {
    button.disabled = false;
    button.textContent = 'Review game';
  }
}

// ---------- share links ----------

function anyShareLink(game) {
  if (game.connect4) return `${location.origin}/?game=connect4&pos=${game.columns || ''}`;
  return `${location.origin}/?${rulesQuery(game)}&moves=${encodeURIComponent(game.moves.join(';'))}`;
}

// The new-game request a share link asks for, or null if it names no board.
function sharedGameRequest(params) {
  if (!params.has('moves') || params.has('pos')) return null;
  const req = { moves: params.get('moves'), x: 'human', o: 'human' };
  for (const f of ['game', 'shape', 'rule']) if (params.has(f)) req[f] = params.get(f);
  if (params.has('k')) req.k = Number(params.get('k'));
  if (params.has('gravity')) req.gravity = params.get('gravity') === 'none' ? null : Number(params.get('gravity'));
  if (params.has('wrap')) req.wrap = params.get('wrap') === 'true';
  if (req.moves === '') delete req.moves;
  return req;
}

function bindValues() {
  $('#opt-values').addEventListener('change', updateValues);
  $('#board').addEventListener('mouseover', showMoveWhy);
  $('#board').addEventListener('mouseleave', showMoveWhy);
  // A touch screen has no pointer to rest on a cell: touching and holding
  // it (or a right click) shows its reason instead of the browser's menu.
  $('#board').addEventListener('contextmenu', (event) => {
    const cell = event.target.closest && event.target.closest('[data-why]');
    if (!cell) return;
    event.preventDefault();
    showWhyOf(cell.dataset.cell);
  });
  $('#btn-review').addEventListener('click', reviewGame);
}
