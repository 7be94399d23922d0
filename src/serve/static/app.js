// hypertac web page: draws the game and speaks only the JSON API
// (see the README). It holds no rules of its own: legality, outcomes and
// lines all come from the server.
'use strict';

const MAX_DRAWN_CELLS = 20000;
const $ = (selector) => document.querySelector(selector);

const ui = {
  game: null,          // the last game state from the server
  view: null,          // what the board shows: {shape, gravity, moves, winLines, last}
  cells: new Map(),    // "x,y,.." -> cell element
  cursor: null,        // keyboard cursor coordinates
  linesCache: new Map(),
  analysis: null,      // {pos, data} of the shown Connect Four scores
  analysing: null,
  thinking: false,
  paused: false,
  cpuTimer: null,
  replay: null,        // {name, record, step, winLines}
  animating: false,
  hint: null,
  info: null,
};

// ---------- API ----------

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch('/api' + path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error : `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

function showError(message) {
  const el = $('#error');
  el.textContent = message || '';
  el.hidden = !message;
}

async function act(promise) {
  try {
    const result = await promise;
    showError('');
    return result;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

// ---------- board geometry ----------

// Axes pair up into nested grids: axis 0 is the column inside a small grid,
// axis 1 its row, axis 2 the column of small grids, axis 3 their row, and so on.
function levels(shape) { return Math.ceil(shape.length / 2); }
function axisSize(shape, axis) { return axis < shape.length ? shape[axis] : 1; }

// Row shown first (top) for an odd axis: gravity axes show 0 at the bottom.
function rowCoord(view, axis, row) {
  const n = axisSize(view.shape, axis);
  return view.gravity === axis ? n - 1 - row : row;
}

function buildBoard(view) {
  const board = $('#board');
  board.replaceChildren();
  ui.cells.clear();
  board.classList.toggle('gravity', view.gravity !== null && view.gravity !== undefined);
  const total = view.shape.reduce((a, b) => a * b, 1);
  const big = total > MAX_DRAWN_CELLS;
  $('#big-board').hidden = !big;
  if (big) {
    $('#big-board').textContent = `This board has ${total.toLocaleString()} cells, too many to draw: type moves as coordinates below.`;
    return;
  }
  sizeCells(view.shape);
  const coords = new Array(view.shape.length).fill(0);
  board.appendChild(buildLevel(view, levels(view.shape) - 1, coords));
}

function buildLevel(view, level, coords) {
  const xAxis = 2 * level;
  const yAxis = 2 * level + 1;
  const cols = axisSize(view.shape, xAxis);
  const rows = axisSize(view.shape, yAxis);
  const grid = document.createElement('div');
  grid.className = `level level-${level}`;
  grid.style.gridTemplateColumns = `repeat(${cols}, auto)`;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      coords[xAxis] = col;
      if (yAxis < view.shape.length) coords[yAxis] = rowCoord(view, yAxis, row);
      if (level === 0) {
        const key = coords.join(',');
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = 'cell';
        cell.dataset.cell = key;
        cell.tabIndex = -1;
        cell.title = key;
        ui.cells.set(key, cell);
        grid.appendChild(cell);
      } else {
        grid.appendChild(buildLevel(view, level - 1, coords));
      }
    }
  }
  return grid;
}

// Picks a cell size that fits the board in the window.
function sizeCells(shape) {
  let cols = 1;
  let rows = 1;
  let gapX = 6;
  let gapY = 6;
  const gaps = [2, 12, 26, 40, 54];
  for (let axis = 0; axis < shape.length; axis++) {
    const n = shape[axis];
    const level = Math.floor(axis / 2);
    const extra = (n - 1) * (gaps[Math.min(level, 4)] + 2);
    if (axis % 2 === 0) { cols *= n; gapX += extra * (cols / n); } else { rows *= n; gapY += extra * (rows / n); }
  }
  const area = $('#board-wrap').getBoundingClientRect();
  const width = Math.max(240, area.width - 16);
  const height = Math.max(260, window.innerHeight - 230);
  const size = Math.floor(Math.min((width - gapX) / cols, (height - gapY) / rows));
  document.documentElement.style.setProperty('--cell', `${Math.max(14, Math.min(64, size))}px`);
}

function sameShape(a, b) {
  return a && b && a.shape.join('x') === b.shape.join('x') && a.gravity === b.gravity;
}

// ---------- drawing ----------

function paint(view) {
  const stones = new Map();
  view.moves.forEach((cell, i) => stones.set(cell, i % 2 === 0 ? 'x' : 'o'));
  const win = new Set(view.winLines.flat());
  for (const [key, el] of ui.cells) {
    const stone = stones.get(key);
    el.classList.toggle('x', stone === 'x');
    el.classList.toggle('o', stone === 'o');
    el.classList.toggle('win', win.has(key));
    el.classList.toggle('last', key === view.last);
    el.classList.toggle('hint', key === ui.hint);
    el.classList.toggle('cursor', ui.cursor !== null && key === ui.cursor.join(','));
    el.setAttribute('aria-label', `${key}${stone ? ' ' + stone.toUpperCase() : ' empty'}`);
  }
}

function show(view, animate) {
  const previous = ui.view;
  if (!sameShape(previous, view) || ui.cells.size === 0 && view.shape.reduce((a, b) => a * b, 1) <= MAX_DRAWN_CELLS) {
    buildBoard(view);
    ui.linesCache.clear();
    ui.cursor = null;
  }
  ui.view = view;
  const added = previous && sameShape(previous, view) && view.moves.length === previous.moves.length + 1
    && previous.moves.every((m, i) => m === view.moves[i]);
  if (animate && added && view.gravity !== null && view.gravity !== undefined) {
    dropAnimation(view, previous);
  } else {
    paint(view);
  }
}

// Gravity boards: the new stone falls through its column.
function dropAnimation(view, previous) {
  const cell = view.moves[view.moves.length - 1];
  const coords = cell.split(',').map(Number);
  const axis = view.gravity;
  const top = view.shape[axis] - 1;
  const mark = view.moves.length % 2 === 1 ? 'falling-x' : 'falling-o';
  paint(previous);
  ui.animating = true;
  let h = top;
  const step = () => {
    for (const el of ui.cells.values()) el.classList.remove('falling-x', 'falling-o');
    if (h < coords[axis]) {
      ui.animating = false;
      paint(ui.view);
      return;
    }
    const at = coords.slice();
    at[axis] = h;
    const el = ui.cells.get(at.join(','));
    if (el) el.classList.add(mark);
    h -= 1;
    setTimeout(step, 35);
  };
  step();
}

function gameView(game) {
  return {
    shape: game.shape,
    gravity: game.gravity,
    moves: game.moves,
    winLines: game.win_lines,
    last: game.last_move,
  };
}

function describeSide(side) { return side === 'human' ? 'human' : side.replace('cpu:', 'computer, '); }

function render(game, animate = true) {
  const newGame = !ui.game || ui.game.id !== game.id;
  if (newGame) ui.linesCache.clear();
  ui.game = game;
  ui.hint = null;
  $('#hint-text').textContent = '';
  if (!ui.replay) show(gameView(game), animate && !newGame);
  $('#rules-text').textContent = `${game.rules} · ${game.rule}${game.wrap ? ' · wrap' : ''}`;
  const over = game.result !== 'ongoing';
  const player = game.to_move === 'X' ? 0 : 1;
  $('#status').textContent = over
    ? (game.result === 'draw' ? (game.draw_reason ? `Draw: ${game.draw_reason}` : 'Draw') : game.result)
    : `${game.to_move} to move (${describeSide(game.players[player])})`;
  $('#status').dataset.result = game.result;
  $('#players').textContent = `X: ${describeSide(game.players[0])} · O: ${describeSide(game.players[1])}`;
  $('#line-counts').textContent = game.rule === 'first' ? '' : `Lines: X ${game.line_counts[0]} · O ${game.line_counts[1]}`;
  $('#btn-undo').disabled = !game.can_undo;
  $('#btn-redo').disabled = !game.can_redo;
  $('#btn-hint').disabled = over;
  $('#btn-cpu').disabled = over;
  $('#move-input').placeholder = game.gravity === null ? 'x,y,…' : (game.shape.length === 2 ? 'column 1-' + game.shape[1 - game.gravity] : 'column');
  const list = $('#moves');
  list.replaceChildren(...game.moves.map((m, i) => {
    const li = document.createElement('li');
    li.textContent = `${i % 2 === 0 ? 'X' : 'O'} ${m}`;
    return li;
  }));
  list.scrollTop = list.scrollHeight;
  $('#opt-scores-label').hidden = !game.connect4;
  $('#share').hidden = !game.connect4;
  if (game.connect4) $('#share-link').value = shareLink(game);
  updateScores();
  scheduleComputer();
}

function shareLink(game) {
  return `${location.origin}/?game=connect4&pos=${game.columns || ''}`;
}

// ---------- Connect Four scores ----------

async function updateScores() {
  const box = $('#scores');
  const game = ui.game;
  const wanted = !ui.replay && game && game.connect4 && $('#opt-scores').checked && game.result === 'ongoing';
  box.hidden = !wanted;
  if (!wanted) return;
  const pos = game.columns || '';
  box.style.gridTemplateColumns = `repeat(${game.shape[0]}, auto)`;
  if (ui.analysis && ui.analysis.pos === pos) { drawScores(ui.analysis.data); return; }
  if (ui.analysing === pos) return;
  ui.analysing = pos;
  box.replaceChildren(...Array.from({ length: game.shape[0] }, () => scoreCell('…', '', 'score')));
  try {
    const data = await api('GET', `/analyze?game=connect4&pos=${encodeURIComponent(pos)}`);
    ui.analysis = { pos, data };
    if (ui.game && (ui.game.columns || '') === pos) drawScores(data);
  } catch (e) {
    if (e.status === 503) {
      box.replaceChildren(scoreCell('…', 'the solver is still working', 'score wide'));
      setTimeout(() => { if (ui.analysing === null) updateScores(); }, 3000);
    } else {
      box.replaceChildren(scoreCell('?', e.message, 'score wide'));
    }
  } finally {
    if (ui.analysing === pos) ui.analysing = null;
  }
}

function scoreCell(main, words, className) {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = main;
  if (words) {
    const small = document.createElement('small');
    small.textContent = words;
    el.appendChild(small);
  }
  return el;
}

function drawScores(data) {
  const box = $('#scores');
  box.replaceChildren(...data.columns.map((c, i) => {
    if (!c) {
      const el = scoreCell('', '', 'score full');
      el.dataset.col = String(i + 1);
      return el;
    }
    const kind = c.score > 0 ? 'win' : c.score < 0 ? 'loss' : 'draw';
    const el = scoreCell(String(c.score), c.text, `score ${kind}${data.best.includes(c.column) ? ' best' : ''}`);
    el.dataset.col = String(c.column);
    el.dataset.score = String(c.score);
    el.title = `column ${c.column}: ${c.text}`;
    return el;
  }));
}

// ---------- playing ----------

// The move to send for a cell: the cell itself, or on gravity boards its
// column (the stone drops; a column on a 2-axis board is counted from 1).
function cellMoveText(coords) {
  const axis = ui.view ? ui.view.gravity : null;
  if (axis === null || axis === undefined) return coords.join(',');
  const rest = coords.filter((_, i) => i !== axis);
  return rest.length === 1 ? String(rest[0] + 1) : rest.join(',');
}

async function playMove(text) {
  if (ui.replay || ui.thinking || ui.animating) return;
  const game = await act(api('POST', '/games/current/moves', { move: text }));
  if (game) render(game);
}

function computerSpeed() {
  return Number($('#opt-speed').value);
}

function scheduleComputer() {
  clearTimeout(ui.cpuTimer);
  const game = ui.game;
  $('#btn-resume').hidden = !(ui.paused && game && game.computer_to_move && game.result === 'ongoing');
  if (!game || ui.replay || ui.paused || ui.thinking || !game.computer_to_move || game.result !== 'ongoing') return;
  const bothComputers = game.players.every((p) => p !== 'human');
  ui.cpuTimer = setTimeout(() => computerMove(), bothComputers ? computerSpeed() : 150);
}

async function computerMove() {
  if (ui.thinking || ui.replay) return;
  setThinking(true);
  try {
    const answer = await api('POST', '/games/current/cpu', {});
    setThinking(false);
    if (answer.stopped) ui.paused = true;
    render(answer);
  } catch (e) {
    setThinking(false);
    showError(e.message);
    ui.paused = true;
    const game = await act(api('GET', '/games/current'));
    if (game) render(game, false);
  }
}

function setThinking(on) {
  ui.thinking = on;
  $('#thinking').hidden = !on;
  document.body.classList.toggle('thinking', on);
}

async function stopThinking() {
  ui.paused = true;
  clearTimeout(ui.cpuTimer);
  await act(api('POST', '/games/current/stop'));
  scheduleComputer();
}

async function hint() {
  if (ui.thinking) return;
  setThinking(true);
  try {
    const answer = await api('POST', '/games/current/hint', {});
    if (answer.move) {
      ui.hint = answer.move;
      $('#hint-text').textContent = `Hint: ${answer.move}${answer.reason ? ' (' + answer.reason + ')' : ''}`;
      paint(ui.view);
    }
    showError('');
  } catch (e) {
    showError(e.message);
  } finally {
    setThinking(false);
  }
}

async function undoRedo(which) {
  clearTimeout(ui.cpuTimer);
  const game = await act(api('POST', `/games/current/${which}`));
  if (game) {
    ui.paused = game.computer_to_move;
    render(game, false);
  }
}

// ---------- hover lines ----------

function clearLines() {
  for (const el of ui.cells.values()) el.classList.remove('hl');
}

async function hoverLines(key) {
  if (!$('#opt-lines').checked || ui.replay || !ui.game) return;
  const cacheKey = `${ui.game.id}|${key}`;
  let lines = ui.linesCache.get(cacheKey);
  if (!lines) {
    try {
      lines = (await api('GET', `/games/current/lines?cell=${encodeURIComponent(key)}`)).lines;
    } catch (_) {
      return;
    }
    ui.linesCache.set(cacheKey, lines);
  }
  if (ui.hovered !== key) return;
  clearLines();
  for (const line of lines) for (const c of line) { const el = ui.cells.get(c); if (el) el.classList.add('hl'); }
}

// ---------- keyboard ----------

function moveCursor(horizontal, delta) {
  const view = ui.view;
  if (!view || ui.cells.size === 0) return;
  if (!ui.cursor) ui.cursor = view.shape.map((n) => Math.floor(n / 2));
  const start = horizontal ? 0 : 1;
  // Visual steps: the innermost axis first, carrying into the next grid level.
  for (let axis = start; axis < view.shape.length; axis += 2) {
    const n = view.shape[axis];
    const visual = !horizontal && view.gravity === axis ? -delta : delta;
    const next = ui.cursor[axis] + visual;
    if (next >= 0 && next < n) { ui.cursor[axis] = next; break; }
    const outer = axis + 2;
    if (outer >= view.shape.length) break;
    const outerVisual = !horizontal && view.gravity === outer ? -delta : delta;
    const outerNext = ui.cursor[outer] + outerVisual;
    if (outerNext < 0 || outerNext >= view.shape[outer]) continue;
    ui.cursor[axis] = next < 0 ? n - 1 : 0;
    ui.cursor[outer] = outerNext;
    break;
  }
  paint(view);
}

function onKey(event) {
  if (document.querySelector('dialog[open]')) return;
  const tag = event.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  if (ui.replay) {
    if (event.key === 'ArrowLeft') { replayStep(ui.replay.step - 1); event.preventDefault(); }
    if (event.key === 'ArrowRight') { replayStep(ui.replay.step + 1); event.preventDefault(); }
    return;
  }
  const keys = { ArrowLeft: [true, -1], ArrowRight: [true, 1], ArrowUp: [false, -1], ArrowDown: [false, 1] };
  if (keys[event.key]) {
    event.preventDefault();
    moveCursor(...keys[event.key]);
  } else if ((event.key === 'Enter' || event.key === ' ') && ui.cursor && tag !== 'BUTTON') {
    event.preventDefault();
    playMove(cellMoveText(ui.cursor));
  } else if (event.key === 'u') { undoRedo('undo'); }
  else if (event.key === 'r') { undoRedo('redo'); }
  else if (event.key === 'h') { hint(); }
  else if (event.key === 'n') { openNewGame(); }
}

// ---------- new game dialog ----------

function fillPlayers(select, value) {
  const options = ['human', ...ui.info.levels.map((l) => `cpu:${l}`)];
  select.replaceChildren(...options.map((o) => {
    const el = document.createElement('option');
    el.value = o;
    el.textContent = describeSide(o);
    return el;
  }));
  select.value = value;
}

function updateGravityChoices() {
  const select = $('#ng-gravity');
  const old = select.value;
  const dims = $('#ng-shape').value.split(/[x×*,]/i).filter((s) => s.trim() !== '').length;
  const names = ['x', 'y', 'z', 'w'];
  const options = [['', 'none']];
  for (let a = 0; a < Math.min(dims, 10); a++) options.push([String(a), `axis ${a} (${names[a] || 'axis ' + a})`]);
  select.replaceChildren(...options.map(([v, t]) => { const o = document.createElement('option'); o.value = v; o.textContent = t; return o; }));
  if ([...select.options].some((o) => o.value === old)) select.value = old;
}

function openNewGame() {
  const dialog = $('#new-dialog');
  const game = ui.game;
  if (game) {
    fillPlayers($('#ng-x'), game.players[0]);
    fillPlayers($('#ng-o'), game.players[1]);
  }
  $('#ng-error').hidden = true;
  $('#ng-custom').disabled = $('#ng-preset').value !== 'custom';
  dialog.showModal();
}

async function startNewGame(event) {
  event.preventDefault();
  const preset = $('#ng-preset').value;
  const body = { x: $('#ng-x').value, o: $('#ng-o').value, rule: $('#ng-rule').value };
  if (preset === 'custom') {
    body.shape = $('#ng-shape').value.trim();
    body.k = Number($('#ng-k').value);
    body.gravity = $('#ng-gravity').value === '' ? null : Number($('#ng-gravity').value);
    body.wrap = $('#ng-wrap').checked;
  } else {
    body.game = preset;
  }
  try {
    const game = await api('POST', '/games', body);
    $('#new-dialog').close();
    exitReplay(false);
    ui.paused = false;
    ui.analysis = null;
    render(game, false);
    $('#board').focus();
  } catch (e) {
    $('#ng-error').textContent = e.message;
    $('#ng-error').hidden = false;
  }
}

// ---------- records ----------

async function openRecords() {
  $('#records-error').hidden = true;
  await refreshRecords();
  $('#records-dialog').showModal();
}

function recordsError(message) {
  $('#records-error').textContent = message;
  $('#records-error').hidden = !message;
}

async function refreshRecords() {
  let list;
  try { list = await api('GET', '/records'); } catch (e) { recordsError(e.message); return; }
  const body = $('#records-table tbody');
  $('#records-empty').hidden = list.length > 0;
  body.replaceChildren(...list.map((r) => {
    const tr = document.createElement('tr');
    tr.dataset.name = r.name;
    for (const text of [r.name, r.rules, r.players, String(r.moves), r.result]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    const actions = document.createElement('td');
    actions.className = 'actions';
    const button = (label, handler, cls) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.className = cls;
      b.addEventListener('click', handler);
      actions.appendChild(b);
    };
    button('Replay', () => startReplay(r.name), 'rec-replay');
    button('Open', () => openRecord(r.name), 'rec-open');
    button('Rename', () => renameRecord(r.name), 'rec-rename');
    button('Delete', () => deleteRecord(r.name), 'rec-delete');
    const link = document.createElement('a');
    link.href = `/api/records/${encodeURIComponent(r.name)}/export`;
    link.download = `${r.name}.json`;
    link.textContent = 'Export';
    actions.appendChild(link);
    tr.appendChild(actions);
    return tr;
  }));
}

async function saveRecord(event) {
  event.preventDefault();
  const name = $('#save-name').value.trim();
  if (!name) return;
  try {
    await api('POST', '/records', { name });
  } catch (e) {
    if (e.status === 409 && confirm(`Replace the record "${name}"?`)) {
      try { await api('POST', '/records', { name, force: true }); } catch (e2) { recordsError(e2.message); return; }
    } else { recordsError(e.message); return; }
  }
  recordsError('');
  $('#save-name').value = '';
  await refreshRecords();
}

async function openRecord(name) {
  try {
    const game = await api('POST', `/records/${encodeURIComponent(name)}/open`);
    $('#records-dialog').close();
    exitReplay(false);
    ui.paused = true;
    render(game, false);
  } catch (e) { recordsError(e.message); }
}

async function renameRecord(name) {
  const to = prompt(`Rename "${name}" to:`, name);
  if (!to || to === name) return;
  try { await api('POST', `/records/${encodeURIComponent(name)}/rename`, { to }); recordsError(''); } catch (e) { recordsError(e.message); }
  await refreshRecords();
}

async function deleteRecord(name) {
  if (!confirm(`Delete the record "${name}"?`)) return;
  try { await api('DELETE', `/records/${encodeURIComponent(name)}`); recordsError(''); } catch (e) { recordsError(e.message); }
  await refreshRecords();
}

async function importRecord() {
  const file = $('#import-file').files[0];
  if (!file) return;
  try {
    const record = JSON.parse(await file.text());
    const name = file.name.replace(/\.json$/i, '').replace(/^@+/, '') || 'imported';
    await api('POST', '/records/import', { name, record });
    recordsError('');
  } catch (e) { recordsError(e.message); }
  $('#import-file').value = '';
  await refreshRecords();
}

// ---------- replay ----------

async function startReplay(name) {
  let data;
  try { data = await api('GET', `/records/${encodeURIComponent(name)}`); } catch (e) { recordsError(e.message); return; }
  $('#records-dialog').close();
  clearTimeout(ui.cpuTimer);
  ui.replay = { name, record: data.record, winLines: data.win_lines, result: data.result, step: data.record.moves.length };
  $('#replay-bar').hidden = false;
  $('#replay-name').textContent = `"${name}" (${data.rules}, ${data.result})`;
  $('#rp-slider').max = String(data.record.moves.length);
  document.body.classList.add('replaying');
  updateScores();
  replayStep(ui.replay.step);
}

function replayStep(step) {
  const r = ui.replay;
  if (!r) return;
  const total = r.record.moves.length;
  r.step = Math.max(0, Math.min(total, step));
  const moves = r.record.moves.slice(0, r.step).map((m) => m.cell);
  show({
    shape: r.record.rules.shape,
    gravity: r.record.rules.gravity,
    moves,
    winLines: r.step === total ? r.winLines : [],
    last: moves.length ? moves[moves.length - 1] : null,
  }, true);
  $('#rp-slider').value = String(r.step);
  $('#rp-pos').textContent = `move ${r.step} of ${total}${r.step === total ? ' · ' + r.result : ''}`;
  const items = $('#moves');
  items.replaceChildren(...r.record.moves.map((m, i) => {
    const li = document.createElement('li');
    li.textContent = `${i % 2 === 0 ? 'X' : 'O'} ${m.cell}`;
    if (i === r.step - 1) li.className = 'current';
    return li;
  }));
}

function exitReplay(redraw = true) {
  if (!ui.replay) return;
  ui.replay = null;
  $('#replay-bar').hidden = true;
  document.body.classList.remove('replaying');
  if (redraw && ui.game) render(ui.game, false);
}

// ---------- start ----------

function bind() {
  $('#btn-new').addEventListener('click', openNewGame);
  $('#btn-undo').addEventListener('click', () => undoRedo('undo'));
  $('#btn-redo').addEventListener('click', () => undoRedo('redo'));
  $('#btn-hint').addEventListener('click', hint);
  $('#btn-cpu').addEventListener('click', () => { ui.paused = false; computerMove(); });
  $('#btn-stop').addEventListener('click', stopThinking);
  $('#btn-resume').addEventListener('click', () => { ui.paused = false; scheduleComputer(); });
  $('#btn-records').addEventListener('click', openRecords);
  $('#records-close').addEventListener('click', () => $('#records-dialog').close());
  $('#save-form').addEventListener('submit', saveRecord);
  $('#import-file').addEventListener('change', importRecord);
  $('#new-form').addEventListener('submit', startNewGame);
  $('#ng-cancel').addEventListener('click', () => $('#new-dialog').close());
  $('#ng-preset').addEventListener('change', () => { $('#ng-custom').disabled = $('#ng-preset').value !== 'custom'; });
  $('#ng-shape').addEventListener('input', updateGravityChoices);
  $('#opt-scores').addEventListener('change', updateScores);
  $('#opt-lines').addEventListener('change', () => { if (!$('#opt-lines').checked) clearLines(); });
  $('#opt-speed').addEventListener('change', scheduleComputer);
  $('#btn-share').addEventListener('click', async () => {
    const link = $('#share-link');
    link.select();
    try { await navigator.clipboard.writeText(link.value); } catch (_) { /* selected for manual copy */ }
  });
  $('#move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('#move-input').value.trim();
    if (text) { playMove(text); $('#move-input').value = ''; }
  });
  const board = $('#board');
  board.addEventListener('mousedown', (e) => {
    if (e.target.closest('.cell')) { e.preventDefault(); board.focus(); }
  });
  board.addEventListener('click', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell) return;
    ui.cursor = cell.dataset.cell.split(',').map(Number);
    playMove(cellMoveText(ui.cursor));
  });
  board.addEventListener('mousemove', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell || ui.hovered === cell.dataset.cell) return;
    ui.hovered = cell.dataset.cell;
    hoverLines(cell.dataset.cell);
  });
  board.addEventListener('mouseleave', () => { ui.hovered = null; clearLines(); });
  $('#rp-first').addEventListener('click', () => replayStep(0));
  $('#rp-prev').addEventListener('click', () => replayStep(ui.replay.step - 1));
  $('#rp-next').addEventListener('click', () => replayStep(ui.replay.step + 1));
  $('#rp-last').addEventListener('click', () => replayStep(Infinity));
  $('#rp-slider').addEventListener('input', () => replayStep(Number($('#rp-slider').value)));
  $('#rp-exit').addEventListener('click', () => exitReplay());
  $('#rp-continue').addEventListener('click', () => { const name = ui.replay.name; exitReplay(false); openRecord(name); });
  document.addEventListener('keydown', onKey);
  let resizeTimer = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (ui.view) sizeCells(ui.view.shape); }, 150);
  });
}

async function start() {
  bind();
  ui.info = await act(api('GET', '/info'));
  if (ui.info) {
    const presets = ui.info.presets.filter((p) => !p.name.includes(' '));
    $('#ng-preset').replaceChildren(...presets.map((p) => {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = `${p.name}: ${p.description}`;
      return o;
    }), Object.assign(document.createElement('option'), { value: 'custom', textContent: 'custom shape…' }));
    fillPlayers($('#ng-x'), 'human');
    fillPlayers($('#ng-o'), 'cpu:hard');
  }
  updateGravityChoices();
  const params = new URLSearchParams(location.search);
  let game = null;
  if (params.get('game') === 'connect4') {
    const pos = params.get('pos') || '';
    game = await act(api('POST', '/games', { game: 'connect4', pos, x: 'human', o: 'human' }));
    if (game) $('#opt-scores').checked = true;
    history.replaceState(null, '', '/');
  }
  if (!game) game = await act(api('GET', '/games/current'));
  if (game) {
    ui.paused = game.players.every((p) => p !== 'human') && game.moves.length > 0;
    render(game, false);
  }
  document.body.dataset.ready = 'true';
}

start();
