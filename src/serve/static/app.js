// hypertac web page: draws the game and speaks only the JSON API
// (see docs/serve.md). It holds no rules of its own: legality, outcomes and
// lines all come from the server.
'use strict';

const MAX_DRAWN_CELLS = 20000;
const $ = (selector) => document.querySelector(selector);

const ui = {
  game: null,          // the last game state from the server
  view: null,          // what the board shows: {shape, gravity, moves, winLines, last}
  cells: new Map(),    // "x,y,.." -> cell element
  mini: new Map(),     // "x,y,.." -> cell of the small map (slice view)
  layout: null,        // how the board is drawn: {wrap} or {slice: true}
  slice: null,         // slice view: the coordinates of the shown x-y grid
  animTimer: null,
  cursor: null,        // keyboard cursor coordinates
  linesCache: new Map(),
  analysis: null,      // {pos, data} of the shown Connect Four scores
  analysing: null,
  partial: null,       // {pos, data} of scores with columns still pending
  thinking: false,
  paused: false,
  cpuTimer: null,
  replay: null,        // {name, record, step, winLines}; name null: the game in progress
  animating: false,
  hint: null,
  hinting: null,       // the hint request being worked out (settles, never rejects)
  hintToken: 0,        // bumped when a hint is asked or dropped: stale answers are ignored
  info: null,
};

// ---------- API ----------

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch('/api' + path, options);
  } catch (_) {
    // The browser's own words ("Failed to fetch") say nothing to a player.
    const error = new Error('No answer from the hypertac server: is `hypertac serve` still running? Start it again, then reload this page.');
    error.status = 0;
    throw error;
  }
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    const error = new Error(friendly(data && data.error ? data.error : `the server answered ${response.status} ${response.statusText}`));
    error.status = response.status;
    throw error;
  }
  return data;
}

// API messages in a player's words: no JSON field names or command-line flags.
function friendly(message) {
  return message
    .replace(/\s*\((save with "force": true|use --force) to replace it\)/, '')
    .replace(/^(.)/, (c) => c.toUpperCase());
}

// How a player names a cell: on a gravity board the column of the move
// (counted from 1 on a 2-axis board, as typed), elsewhere its coordinates.
function moveText(cell, view = ui.view) {
  if (!view || view.gravity === null || view.gravity === undefined || !cell) return cell || '';
  const coords = cell.split(',').map(Number);
  return cellMoveText(coords, view.gravity);
}

// The message box floats over the bottom of the board: it goes away by
// itself after a while, or when clicked.
const MESSAGE_MS = 8000;

function showError(message, notice = false) {
  const el = $('#error');
  clearTimeout(ui.errorTimer);
  el.classList.toggle('notice', notice);
  el.textContent = message || '';
  el.hidden = !message;
  if (message) ui.errorTimer = setTimeout(() => { el.hidden = true; }, MESSAGE_MS);
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
const AXIS_NAMES = ['x', 'y', 'z', 'w', 'v', 'u', 't', 's', 'r', 'q', 'p', 'o', 'n', 'm', 'l', 'k'];
// Smallest comfortable cell, in CSS pixels; below it the view changes.
const MIN_CELL = 32;
const MAX_CELL = 150;

// Row shown first (top) for an odd axis: gravity axes show 0 at the bottom.
function rowCoord(view, axis, row) {
  const n = axisSize(view.shape, axis);
  return view.gravity === axis ? n - 1 - row : row;
}

// Draws the board to fill the space it has: every cell at least MIN_CELL
// pixels. When the whole board cannot fit at that size, 3D boards wrap their
// layers into rows, and wider boards show one 2D slice (chosen with the axis
// buttons or the small map of the whole board).
function buildBoard(view) {
  const board = $('#board');
  board.replaceChildren();
  ui.cells.clear();
  ui.mini.clear();
  board.classList.toggle('gravity', view.gravity !== null && view.gravity !== undefined);
  const total = view.shape.reduce((a, b) => a * b, 1);
  const big = total > MAX_DRAWN_CELLS;
  $('#big-board').hidden = !big;
  board.classList.remove('sliced');
  if (big) {
    $('#big-board').textContent = `This board has ${total.toLocaleString()} cells, too many to draw: type moves as coordinates below.`;
    return;
  }
  const d = view.shape.length;
  const options = [{ wrap: 0 }];
  if (d === 3 && view.shape[2] > 1) options.push({ wrap: Math.ceil(view.shape[2] / 2) }, { wrap: Math.ceil(Math.sqrt(view.shape[2])) });
  // Layers side by side unless wrapping them gives clearly bigger cells.
  let best = null;
  for (const option of options) {
    drawNested(board, view, option);
    const size = Math.min(MAX_CELL, fitCells(board)) / (option.wrap ? 1.25 : 1);
    if (!best || size > best.size) best = { option, size };
  }
  if (best.size >= MIN_CELL) {
    ui.layout = best.option;
    drawNested(board, view, best.option);
    fitCells(board);
    return;
  }
  if (d >= 3) {
    // Coming from the whole board (a window made narrow), the slice shown is
    // the one of the hint or the last move, not z0 w0.
    const wasSlice = ui.layout && ui.layout.slice;
    ui.layout = { slice: true };
    if (!wasSlice) {
      const focus = ui.hint || view.last;
      ui.slice = focus ? focus.split(',').map(Number) : null;
    }
    drawSlice(board, view);
    fitCells(board);
    return;
  }
  // A wide 2D board: cells keep their size and the board scrolls.
  ui.layout = { wrap: 0 };
  drawNested(board, view, ui.layout);
  if (fitCells(board) < MIN_CELL) setCell(MIN_CELL);
}

function drawNested(board, view, option) {
  board.replaceChildren();
  ui.cells.clear();
  const coords = new Array(view.shape.length).fill(0);
  // Connect Four-like boards: the column numbers a player types, above the columns.
  if (view.shape.length === 2 && view.gravity === 1) {
    const numbers = document.createElement('div');
    numbers.className = 'col-numbers';
    numbers.style.gridTemplateColumns = `repeat(${view.shape[0]}, var(--cell))`;
    for (let c = 1; c <= view.shape[0]; c++) {
      const n = document.createElement('span');
      n.textContent = String(c);
      numbers.appendChild(n);
    }
    board.appendChild(numbers);
  }
  // Boards of 3 or more axes: the axes named along the top edge.
  if (view.shape.length >= 3) {
    const caption = document.createElement('div');
    caption.className = 'axis-caption';
    const outer = [];
    for (let a = 2; a < view.shape.length; a++) outer.push(`${AXIS_NAMES[a] || 'axis ' + a} ${a % 2 === 0 ? '→' : '↓'}`);
    caption.textContent = `in each grid x →, y ${view.gravity === 1 ? '↑' : '↓'} · between grids ${outer.join(', ')}`;
    board.appendChild(caption);
  }
  board.appendChild(buildLevel(view, levels(view.shape) - 1, coords, ui.cells, option));
}

// One slice: the x-y grid at the chosen further coordinates, large, with a
// button row per further axis and a small map of the whole board.
function drawSlice(board, view) {
  board.replaceChildren();
  ui.cells.clear();
  ui.mini.clear();
  board.classList.add('sliced');
  const d = view.shape.length;
  if (!ui.slice || ui.slice.length !== d) ui.slice = new Array(d).fill(0);
  const bar = document.createElement('div');
  bar.className = 'slice-bar';
  for (let axis = 2; axis < d; axis++) {
    const group = document.createElement('div');
    group.className = 'slice-axis';
    group.append(`${AXIS_NAMES[axis] || 'axis ' + axis}`);
    for (let c = 0; c < view.shape[axis]; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = String(c);
      b.dataset.axis = String(axis);
      b.dataset.coord = String(c);
      b.setAttribute('aria-pressed', String(ui.slice[axis] === c));
      b.addEventListener('click', () => { ui.slice[axis] = c; redrawSlice(); });
      group.appendChild(b);
    }
    bar.appendChild(group);
  }
  board.appendChild(bar);
  const coords = ui.slice.slice();
  const grid = buildGrid(view, coords, ui.cells, 'cell');
  const label = document.createElement('div');
  label.className = 'slice-label';
  label.textContent = subLabel(coords);
  const main = document.createElement('div');
  main.className = 'slice-main';
  main.append(label, grid);
  board.appendChild(main);
  const map = document.createElement('div');
  map.className = 'mini-map';
  map.title = 'the whole board: tap a small grid to show it';
  map.appendChild(buildLevel(view, levels(view.shape) - 1, new Array(d).fill(0), ui.mini, { wrap: 0, mini: true }));
  board.appendChild(map);
}

function redrawSlice() {
  if (!ui.view) return;
  drawSlice($('#board'), ui.view);
  fitCells($('#board'));
  paint(ui.view);
}

// Shows the slice holding this cell (slice view only).
function showSliceOf(key) {
  if (!ui.layout || !ui.layout.slice || !key) return;
  const coords = key.split(',').map(Number);
  if (coords.slice(2).every((c, i) => ui.slice[i + 2] === c)) return;
  for (let a = 2; a < coords.length; a++) ui.slice[a] = coords[a];
  redrawSlice();
}

function subLabel(coords) {
  return coords.slice(2).map((c, i) => `${AXIS_NAMES[i + 2] || 'axis ' + (i + 2)}${c}`).join(' ');
}

// The x-y grid at `coords` (further axes fixed).
function buildGrid(view, coords, cells, className) {
  const cols = axisSize(view.shape, 0);
  const rows = axisSize(view.shape, 1);
  const grid = document.createElement('div');
  grid.className = 'level level-0';
  grid.style.gridTemplateColumns = `repeat(${cols}, auto)`;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      coords[0] = col;
      if (view.shape.length > 1) coords[1] = rowCoord(view, 1, row);
      const key = coords.join(',');
      const cell = document.createElement(className === 'cell' ? 'button' : 'div');
      if (className === 'cell') {
        cell.type = 'button';
        cell.tabIndex = -1;
        cell.title = view.gravity === null || view.gravity === undefined ? key : `${moveText(key, view)} (cell ${key})`;
      }
      cell.className = className;
      cell.dataset.cell = key;
      cells.set(key, cell);
      grid.appendChild(cell);
    }
  }
  return grid;
}

function buildLevel(view, level, coords, cells, option) {
  if (level === 0) {
    const grid = buildGrid(view, coords, cells, option.mini ? 'mini-cell' : 'cell');
    if (view.shape.length < 3) return grid;
    // Sub-grids carry their further coordinates: "z1 w2".
    const sub = document.createElement('div');
    sub.className = 'sub';
    const label = document.createElement('div');
    label.className = 'sub-label';
    label.textContent = subLabel(coords);
    sub.dataset.slice = coords.slice(2).join(',');
    if (option.mini) {
      sub.addEventListener('click', () => {
        sub.dataset.slice.split(',').forEach((c, i) => { ui.slice[i + 2] = Number(c); });
        redrawSlice();
      });
    }
    sub.append(label, grid);
    return sub;
  }
  const xAxis = 2 * level;
  const yAxis = 2 * level + 1;
  let cols = axisSize(view.shape, xAxis);
  let rows = axisSize(view.shape, yAxis);
  const grid = document.createElement('div');
  grid.className = `level level-${level}`;
  // A 3D board may wrap its layers into rows to give cells more room.
  const wrap = level === 1 && view.shape.length === 3 && option.wrap ? option.wrap : 0;
  grid.style.gridTemplateColumns = `repeat(${wrap || cols}, auto)`;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      coords[xAxis] = col;
      if (yAxis < view.shape.length) coords[yAxis] = rowCoord(view, yAxis, row);
      grid.appendChild(buildLevel(view, level - 1, coords, cells, option));
    }
  }
  return grid;
}

function setCell(px) {
  document.documentElement.style.setProperty('--cell', `${px}px`);
}

// Sizes the cells so the board fills the free space: the board's size is
// linear in the cell size, so two trial sizes give it exactly. Returns the
// size chosen (before the MAX_CELL cap).
function fitCells(board) {
  const wrap = $('#board-wrap');
  // In the slice view only the big grid grows; the buttons and the map do not.
  const grows = board.querySelector('.slice-main') || board;
  const measure = (px) => { setCell(px); return [grows.getBoundingClientRect().width, board.getBoundingClientRect().height]; };
  const [w1, h1] = measure(20);
  const [w2, h2] = measure(40);
  const perW = (w2 - w1) / 20;
  const perH = (h2 - h1) / 20;
  const fixedW = w1 - 20 * perW;
  const fixedH = h1 - 20 * perH;
  const availW = wrap.clientWidth - 4;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const below = [...$('#play-area').children]
    .filter((el) => el !== wrap && !el.hidden && el.getBoundingClientRect().top >= top)
    .reduce((sum, el) => sum + el.getBoundingClientRect().height, 0);
  const valuesShown = $('#opt-values').checked && $('#values-legend').hidden ? 48 : 0;
  const scores = (ui.game && ui.game.connect4) || !$('#scores').hidden ? 52 : valuesShown;
  // Below the board: the wrap's and the page's bottom padding (the page
  // must not scroll by a few pixels).
  const pad = (el, side) => parseFloat(getComputedStyle(el)[side]) || 0;
  const boardTop = board.getBoundingClientRect().top + window.scrollY;
  const padding = pad(wrap, 'paddingBottom') + pad($('main'), 'paddingBottom') + pad(document.body, 'paddingBottom');
  const availH = Math.max(200, window.innerHeight - boardTop - padding - below - scores - 4);
  const size = Math.floor(Math.min((availW - fixedW) / Math.max(perW, 1), (availH - fixedH) / Math.max(perH, 1)));
  let chosen = Math.max(12, Math.min(MAX_CELL, size));
  setCell(chosen);
  // Borders and gaps round to whole pixels, so the board can come out a
  // pixel or two wider than its box (Qubic at 390 px lost its right
  // edge): a step smaller until it fits.
  while (chosen > 12 && wrap.scrollWidth > wrap.clientWidth) setCell(--chosen);
  return Math.min(size, chosen);
}

function sameShape(a, b) {
  return a && b && a.shape.join('x') === b.shape.join('x') && a.gravity === b.gravity;
}

// ---------- drawing ----------

function paint(view) {
  const stones = new Map();
  view.moves.forEach((cell, i) => stones.set(cell, i % 2 === 0 ? 'x' : 'o'));
  const win = new Set(view.winLines.flat());
  for (const [key, el] of ui.mini) {
    const stone = stones.get(key);
    el.classList.toggle('x', stone === 'x');
    el.classList.toggle('o', stone === 'o');
    el.classList.toggle('win', win.has(key));
    el.classList.toggle('last', key === view.last);
    el.classList.toggle('hint', key === ui.hint);
  }
  if (ui.layout && ui.layout.slice) {
    for (const sub of document.querySelectorAll('.mini-map .sub')) {
      sub.classList.toggle('current', sub.dataset.slice === ui.slice.slice(2).join(','));
    }
  }
  for (const [key, el] of ui.cells) {
    const stone = stones.get(key);
    el.classList.toggle('x', stone === 'x');
    el.classList.toggle('o', stone === 'o');
    el.classList.toggle('win', win.has(key));
    el.classList.toggle('last', key === view.last);
    el.classList.toggle('hint', key === ui.hint);
    el.classList.toggle('cursor', ui.cursor !== null && key === ui.cursor.join(','));
    el.setAttribute('aria-label', `${moveText(key, view)}${stone ? ' ' + stone.toUpperCase() : ' empty'}`);
  }
  paintValues();
}

function show(view, animate) {
  const previous = ui.view;
  finishAnimation();
  if (!sameShape(previous, view) || ui.cells.size === 0 && view.shape.reduce((a, b) => a * b, 1) <= MAX_DRAWN_CELLS) {
    ui.slice = null;
    buildBoard(view);
    ui.linesCache.clear();
    ui.cursor = null;
  }
  ui.view = view;
  // The slice view follows the last move (the computer's reply may be elsewhere).
  if (view.last) showSliceOf(view.last);
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
      finishAnimation();
      return;
    }
    const at = coords.slice();
    at[axis] = h;
    const el = ui.cells.get(at.join(','));
    if (el) el.classList.add(mark);
    h -= 1;
    ui.animTimer = setTimeout(step, 35);
  };
  step();
}

// Ends a running drop at once (a click never waits for the animation).
function finishAnimation() {
  if (!ui.animating) return;
  clearTimeout(ui.animTimer);
  ui.animating = false;
  for (const el of ui.cells.values()) el.classList.remove('falling-x', 'falling-o');
  paint(ui.view);
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
  $('#rules-text').textContent = game.name;
  $('#rules-text').title = `${game.rules} · ${game.rule}${game.wrap ? ' · wrap' : ''}`;
  const over = game.result !== 'ongoing';
  const player = game.to_move === 'X' ? 0 : 1;
  document.title = `${over ? (game.result === 'draw' ? 'Draw' : game.result) : game.to_move + ' to move'} · hypertac`;
  if (!ui.replay) {
    $('#status').textContent = over
      ? (game.result === 'draw' ? (game.draw_reason ? `Draw: ${game.draw_reason}` : 'Draw') : game.result)
      : `${game.to_move} to move (${describeSide(game.players[player])})`;
    $('#status').dataset.result = game.result;
    $('#status').dataset.turn = over ? '' : game.to_move;
  }
  $('#players').textContent = `X: ${describeSide(game.players[0])} · O: ${describeSide(game.players[1])}`;
  $('#line-counts').textContent = game.rule === 'first' ? '' : `Lines: X ${game.line_counts[0]} · O ${game.line_counts[1]}`;
  $('#btn-undo').disabled = !game.can_undo;
  $('#btn-redo').disabled = !game.can_redo;
  $('#btn-hint').disabled = over;
  $('#btn-again').hidden = !over || !!ui.replay;
  $('#btn-cpu').disabled = over;
  $('#move-input').placeholder = game.gravity === null ? 'x,y,…' : (game.shape.length === 2 ? 'column 1-' + game.shape[1 - game.gravity] : 'column x,y');
  $('#legend').textContent = legend(gameView(game));
  document.body.classList.toggle('gravity-game', game.gravity !== null);
  if (ui.replay) return;
  const list = $('#moves');
  list.replaceChildren(...game.moves.map((m, i) => {
    const li = moveEntry(game, m, i);
    // A click on a move steps through the game on the board from there.
    li.classList.add('steps');
    li.title = 'Click: the board after this move (the replay bar steps on)';
    li.addEventListener('click', () => startGameReplay(i + 1));
    return li;
  }));
  list.scrollTop = list.scrollHeight;
  $('#opt-scores-label').hidden = !game.connect4;
  $('#opt-values-label').hidden = game.connect4;
  $('#share').hidden = false;
  $('#share-link').value = anyShareLink(game);
  $('#btn-review').hidden = !game.moves.length;
  updateScores();
  updateValues();
  scheduleComputer();
}

// How to read the board, under the moves.
function legend(view) {
  const d = view.shape.length;
  const parts = [];
  if (view.gravity !== null && view.gravity !== undefined) parts.push('X red, O yellow; stones drop to the bottom.');
  if (d >= 3) {
    const outer = d >= 4 ? 'z left to right, w top to bottom' : 'z left to right';
    parts.push(`Each small grid is x (left to right) by y (top to bottom); ${outer} between grids, as labelled. A cell is written x,y,z${d >= 4 ? ',w' : ''} from 0.`);
  }
  return parts.join(' ');
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
  const partial = ui.partial && ui.partial.pos === pos;
  if (!partial) box.replaceChildren(...Array.from({ length: game.shape[0] }, () => scoreCell('…', '', 'score')));
  try {
    const data = await api('GET', `/analyze?game=connect4&pos=${encodeURIComponent(pos)}`);
    const pending = data.pending || [];
    // Columns still being searched show "…"; ask again for them.
    if (pending.length) ui.partial = { pos, data }; else ui.analysis = { pos, data };
    if (ui.game && (ui.game.columns || '') === pos) drawScores(data);
    if (pending.length) setTimeout(() => { if (ui.analysing === null) updateScores(); }, 500);
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
    if (!c && (data.pending || []).includes(i + 1)) return scoreCell('…', 'the solver is still working', 'score');
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
function cellMoveText(coords, axis = ui.view ? ui.view.gravity : null) {
  if (axis === null || axis === undefined) return coords.join(',');
  const rest = coords.filter((_, i) => i !== axis);
  return rest.length === 1 ? String(rest[0] + 1) : rest.join(',');
}

async function playMove(text) {
  if (ui.replay) { showNotice(REPLAY_NOTICE); return; }
  // A move while a hint is worked out is a move: the hint is dropped.
  if (ui.hinting) await dropHint();
  if (ui.thinking) { showNotice('The computer is thinking: wait for its move, or press Stop.'); return; }
  // After Stop the computer's turn waits: a click must not play its stone.
  const game = ui.game;
  if (game && game.computer_to_move && game.result === 'ongoing') {
    showNotice(`It is the computer's turn (${game.to_move}): press "Resume computer" to let it move, or Undo to take back your move.`);
    return;
  }
  // A click right after a stone appears plays at once: the drop is cut short.
  finishAnimation();
  const played = await act(api('POST', '/games/current/moves', { move: text }));
  if (played) render(played);
}

const REPLAY_NOTICE = 'This is a replay: "Continue playing" plays on from its last move, "Back to my game" returns to your game.';

function showNotice(message) {
  showError(message);
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

// byHand: the "Computer move" button, which also moves for a side played by
// a person (at the strongest level; the server asks for a level then).
async function computerMove(byHand) {
  if (ui.thinking || ui.replay) return;
  setThinking(true);
  const asked = ui.game.id;
  try {
    const body = { game: asked };
    if (byHand && ui.game.players[ui.game.to_move === 'X' ? 0 : 1] === 'human') body.level = 'hard';
    const answer = await api('POST', '/games/current/cpu', body);
    setThinking(false);
    if (answer.stopped) ui.paused = true;
    noteReason(answer, answer.played);
    render(answer);
  } catch (e) {
    setThinking(false);
    // The answer of a game left meanwhile (a new game started while its
    // computer was asked): the new game's turns are its own, not paused.
    if (!ui.game || ui.game.id !== asked) {
      scheduleComputer();
      return;
    }
    showError(e.message);
    ui.paused = true;
    const game = await act(api('GET', '/games/current'));
    if (game) render(game, false);
  }
}

function setThinking(on, what) {
  ui.thinking = on;
  if (on) $('#thinking-text').textContent = what || `${ui.game ? ui.game.to_move : 'the computer'} is thinking…`;
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
  setThinking(true, 'looking for a hint…');
  const token = ++ui.hintToken;
  const request = api('POST', '/games/current/hint', {});
  ui.hinting = request.catch(() => null);
  try {
    const answer = await request;
    if (token !== ui.hintToken) return;
    if (answer.move) {
      ui.hint = answer.move;
      $('#hint-text').textContent = `Hint: ${moveText(answer.move)}${answer.reason ? ' (' + answer.reason + ')' : ''}`;
      showSliceOf(answer.move);
      paint(ui.view);
    }
    showError('');
  } catch (e) {
    if (token === ui.hintToken) showError(e.message);
  } finally {
    if (token === ui.hintToken) {
      ui.hinting = null;
      setThinking(false);
    }
  }
}

// Drops the hint being worked out: its answer is ignored and the server's
// search stopped; returns once that search has ended, so the server is free
// for the move and the computer's reply.
async function dropHint() {
  const pending = ui.hinting;
  if (!pending) return;
  ui.hintToken++;
  ui.hinting = null;
  setThinking(false);
  await api('POST', '/games/current/stop').catch(() => null);
  await pending;
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
  for (const el of ui.mini.values()) el.classList.remove('hl');
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
  // In the slice view the small map shows the lines' cells in other slices.
  for (const line of lines) {
    for (const c of line) {
      for (const el of [ui.cells.get(c), ui.mini.get(c)]) if (el) el.classList.add('hl');
    }
  }
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
  showSliceOf(ui.cursor.join(','));
  paint(view);
  // The move under the cursor says why it wins or loses (values.js).
  if (typeof showWhyOf === 'function') showWhyOf(ui.cursor.join(','));
}

function onKey(event) {
  if (document.querySelector('dialog[open]')) return;
  const tag = event.target.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  if (ui.replay) {
    if (event.key === 'ArrowLeft') { replayStep(ui.replay.step - 1); event.preventDefault(); }
    if (event.key === 'ArrowRight') { replayStep(ui.replay.step + 1); event.preventDefault(); }
    if (event.key === 'Enter' && tag !== 'BUTTON') showNotice(REPLAY_NOTICE);
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
  else if (event.key === '?') { openHelp(); }
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

// The new-game dialog opens on the current game's rules and players.
function openNewGame() {
  const dialog = $('#new-dialog');
  const game = ui.game;
  if (game && ui.info) {
    fillPlayers($('#ng-x'), game.players[0]);
    fillPlayers($('#ng-o'), game.players[1]);
    const preset = ui.info.presets.find((p) => p.rules === game.rules && $(`#ng-preset option[value="${p.name}"]`));
    $('#ng-preset').value = preset ? preset.name : 'custom';
    $('#ng-rule').value = game.rule;
    if (!preset) {
      $('#ng-shape').value = game.shape.join('x');
      $('#ng-k').value = String(game.k);
      updateGravityChoices();
      $('#ng-gravity').value = game.gravity === null ? '' : String(game.gravity);
      $('#ng-wrap').checked = game.wrap;
    }
  }
  $('#ng-error').hidden = true;
  showCustom();
  dialog.showModal();
}

// The custom-shape fields show only for a custom shape.
function showCustom() {
  const custom = $('#ng-preset').value === 'custom';
  const preset = ui.info && ui.info.presets.find((p) => p.name === $('#ng-preset').value);
  $('#ng-about').textContent = preset ? preset.about : '';
  $('#ng-custom').hidden = !custom;
  $('#ng-custom').disabled = !custom;
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
    if (game.kept) showError(`Your previous game was kept as "${game.kept}" (see Records).`, true);
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

// Games kept automatically when a new game replaced them ("game 2026-11-23 10.58").
const AUTO_NAME = /^game \d{4}-\d\d-\d\d \d\d\.\d\d(-\d+)?$/;

async function refreshRecords() {
  let list;
  try { list = await api('GET', '/records'); } catch (e) { recordsError(e.message); return; }
  const named = list.filter((r) => !AUTO_NAME.test(r.name));
  const auto = list.filter((r) => AUTO_NAME.test(r.name));
  $('#records-empty').hidden = named.length > 0;
  $('#records-table tbody').replaceChildren(...named.map(recordRow));
  $('#records-auto').hidden = auto.length === 0;
  $('#records-auto-count').textContent = String(auto.length);
  $('#records-auto-table tbody').replaceChildren(...auto.map(recordRow));
}

function recordRow(r) {
  const tr = document.createElement('tr');
  tr.dataset.name = r.name;
  const main = document.createElement('td');
  main.className = 'rec-main';
  const name = document.createElement('div');
  name.className = 'rec-name';
  name.textContent = r.name;
  name.title = r.name;
  const details = document.createElement('div');
  details.className = 'rec-details muted';
  details.textContent = `${r.game_name || r.rules} · ${r.moves} move${r.moves === 1 ? '' : 's'} · ${r.result}`;
  details.title = `${r.rules} · ${r.players}`;
  main.append(name, details);
  tr.appendChild(main);
  const actions = document.createElement('td');
  actions.className = 'actions';
  const button = (label, handler, cls, title) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.className = cls;
    b.title = title;
    b.addEventListener('click', handler);
    actions.appendChild(b);
  };
  button('Replay', () => startReplay(r.name), 'rec-replay', 'step through the moves');
  button('Open', () => openRecord(r.name), 'rec-open', 'continue this game');
  button('Rename', () => renameRecord(r.name), 'rec-rename', 'rename');
  button('Delete', () => deleteRecord(r.name), 'rec-delete', 'delete');
  const link = document.createElement('a');
  link.href = `/api/records/${encodeURIComponent(r.name)}/export`;
  link.download = `${r.name}.json`;
  link.textContent = 'Export';
  link.title = 'download the record (JSON)';
  actions.appendChild(link);
  tr.appendChild(actions);
  return tr;
}

async function deleteAutoRecords() {
  const rows = [...document.querySelectorAll('#records-auto-table tr[data-name]')];
  if (!rows.length || !confirm(`Delete the ${rows.length} games kept automatically?`)) return;
  for (const tr of rows) {
    try { await api('DELETE', `/records/${encodeURIComponent(tr.dataset.name)}`); } catch (e) { recordsError(e.message); break; }
  }
  await refreshRecords();
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
  const rename = (force) => api('POST', `/records/${encodeURIComponent(name)}/rename`, { to, force });
  try {
    await rename(false);
    recordsError('');
  } catch (e) {
    if (e.status === 409 && confirm(`A record named "${to}" exists. Replace it?`)) {
      try { await rename(true); recordsError(''); } catch (e2) { recordsError(e2.message); }
    } else {
      recordsError(e.message);
    }
  }
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
    let record;
    try { record = JSON.parse(await file.text()); } catch (_) { throw new Error(`${file.name} is not a hypertac record (not JSON)`); }
    const name = file.name.replace(/\.json$/i, '').replace(/^@+/, '') || 'imported';
    try {
      await api('POST', '/records/import', { name, record });
    } catch (e) {
      if (e.status !== 409 || !confirm(`A record named "${name}" exists. Replace it?`)) throw e;
      await api('POST', '/records/import', { name, record, force: true });
    }
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
  ui.hint = null;
  $('#replay-bar').hidden = false;
  $('#replay-name').textContent = `"${name}"`;
  $('#rp-slider').max = String(data.record.moves.length);
  document.body.classList.add('replaying');
  $('#rp-continue').hidden = false;
  // Only the record shows: its rules and players, none of the game in progress.
  $('#rules-text').textContent = data.game_name;
  $('#rules-text').title = `${data.rules} · ${data.record.rules.rule}`;
  $('#players').textContent = `X: ${describeSide(data.record.players.x)} · O: ${describeSide(data.record.players.o)}`;
  $('#line-counts').textContent = '';
  $('#hint-text').textContent = '';
  for (const id of ['#btn-undo', '#btn-redo', '#btn-hint', '#btn-cpu']) $(id).disabled = true;
  showError('');
  updateScores();
  replayStep(ui.replay.step);
}

// The game in progress on the board after `step` of its moves (a click on
// a move in the list): the replay bar steps through it, the move list
// keeps the computer's reasons and the review's verdicts ("Review game"),
// the current move marked; "Back to my game" returns to its end.
function startGameReplay(step) {
  const game = ui.game;
  if (!game || !game.moves.length || ui.replay) return;
  clearTimeout(ui.cpuTimer);
  const result = game.result === 'ongoing' ? `${game.to_move} to move` : (game.result === 'draw' ? 'draw' : game.result);
  ui.replay = {
    name: null,
    record: { moves: game.moves.map((cell) => ({ cell })), rules: { shape: game.shape, gravity: game.gravity } },
    winLines: game.win_lines,
    result,
    step,
  };
  ui.hint = null;
  $('#replay-bar').hidden = false;
  $('#replay-name').textContent = 'of this game';
  $('#rp-continue').hidden = true;
  $('#rp-slider').max = String(game.moves.length);
  document.body.classList.add('replaying');
  $('#hint-text').textContent = '';
  for (const id of ['#btn-undo', '#btn-redo', '#btn-hint', '#btn-cpu']) $(id).disabled = true;
  showError('');
  updateScores();
  replayStep(step);
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
  // The game in progress, reviewed: why the move shown lost, its line
  // of play numbered on the board (the winner's move 1), as a move's why.
  const verdict = r.name === null && r.step > 0 && values.review && values.review.key === positionKey(ui.game)
    && values.review.steps[r.step - 1];
  clearSequence();
  if (verdict && verdict.why_moves) numberLine(verdict.why_moves.slice(0, 9), verdict.player === 'X' ? 'o' : 'x');
  $('#rp-slider').value = String(r.step);
  $('#rp-pos').textContent = `move ${r.step} of ${total}${r.step === total ? ' · ' + r.result : ''}`;
  const of = r.name === null ? 'this game' : `"${r.name}"`;
  $('#status').textContent = `Replay of ${of}: move ${r.step} of ${total}${r.step === total ? ' · ' + r.result : ''}`;
  $('#status').dataset.result = 'replay';
  $('#status').dataset.turn = '';
  const view = { shape: r.record.rules.shape, gravity: r.record.rules.gravity };
  const items = $('#moves');
  items.replaceChildren(...r.record.moves.map((m, i) => {
    // The game in progress keeps its reasons and review in the list.
    const li = r.name === null ? moveEntry(ui.game, m.cell, i) : document.createElement('li');
    if (r.name !== null) li.textContent = `${i % 2 === 0 ? 'X' : 'O'} ${moveText(m.cell, view)}`;
    li.classList.add('steps');
    li.addEventListener('click', () => replayStep(i + 1));
    if (i === r.step - 1) li.classList.add('current');
    return li;
  }));
  // The current move in view within the list (the page itself stays).
  const current = items.querySelector('.current');
  if (current) {
    const box = items.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) items.scrollTop += at.top - box.top - box.height / 3;
  }
}

function exitReplay(redraw = true) {
  if (!ui.replay) return;
  ui.replay = null;
  clearSequence();
  $('#replay-bar').hidden = true;
  document.body.classList.remove('replaying');
  showError('');
  if (redraw && ui.game) render(ui.game, false);
}

// ---------- how to play ----------

// One screen for a newcomer: the current game's rules and how to read its board.
function openHelp() {
  const game = ui.game;
  const body = $('#help-body');
  body.replaceChildren();
  const p = (text) => { const el = document.createElement('p'); el.textContent = text; body.appendChild(el); };
  if (game) {
    const d = game.shape.length;
    const win = game.rule === 'most-lines'
      ? `The board fills up; whoever completes more lines of ${game.k} wins.`
      : game.rule === 'anti'
        ? `Whoever completes ${game.k} in a row loses.`
        : `The first to get ${game.k} in a row wins.`;
    // On a touch screen there is no hover and no keyboard: speak of taps,
    // and in the slice view of the z/w buttons and the map.
    const touch = window.matchMedia('(hover: none)').matches || window.innerWidth < 600;
    const sliced = ui.layout && ui.layout.slice;
    const click = touch ? 'tap' : 'click';
    p(`This game: ${game.name} (${game.shape.join('x')}). X and O take turns placing a stone. ${win} ${d === 2 ? 'A row may run across, up and down, or diagonally' : 'A row may run along any axis or any diagonal, including diagonals through the layers'}.`);
    if (game.gravity !== null) p(`Stones drop: ${click} a column (or type its number, 1 on the left) and the stone falls to the lowest free cell. X is red, O yellow.`);
    if (sliced) {
      p(`The board is shown one ${game.shape[0]}x${game.shape[1]} grid at a time (x left to right, y top to bottom). The buttons above it choose the grid: ${game.shape.slice(2).map((n, i) => `${AXIS_NAMES[i + 2] || 'axis ' + (i + 2)} 0-${n - 1}`).join(', ')}. The small map below shows the whole board; ${click} one of its grids to show it.`);
    } else {
      if (d === 3) p('A 3D board is drawn as its layers side by side: each small grid is one layer (z0, z1, …). Four in a row can go straight through the layers, e.g. the same cell in every layer.');
      if (d >= 4) p('A 4D board is a grid of grids: inside each small grid x runs left to right and y top to bottom; between the grids z runs left to right and w top to bottom. Each grid is labelled with its z and w. The cell 1,2,3,0 is column 1, row 2 of the grid labelled z3 w0.');
    }
    if (d >= 3 && !touch) p('Hover over a cell to light every line through it: that shows the lines you can make there.');
  }
  if (ui.game && (window.matchMedia('(hover: none)').matches || window.innerWidth < 600)) {
    p('Undo takes back your move, Hint shows a good move, and Records saves and replays games.');
  } else {
    p('Keys: arrows move the cursor, Enter or Space plays, u undo, r redo, h hint, n new game. The Hint button shows a good move, and Records saves and replays games.');
  }
  $('#help-dialog').showModal();
}

// ---------- start ----------

function bind() {
  bindValues();
  $('#btn-new').addEventListener('click', openNewGame);
  $('#btn-undo').addEventListener('click', () => undoRedo('undo'));
  $('#btn-redo').addEventListener('click', () => undoRedo('redo'));
  $('#btn-hint').addEventListener('click', hint);
  $('#btn-cpu').addEventListener('click', () => { ui.paused = false; computerMove(true); });
  $('#btn-stop').addEventListener('click', stopThinking);
  $('#btn-resume').addEventListener('click', () => { ui.paused = false; scheduleComputer(); });
  $('#btn-records').addEventListener('click', openRecords);
  $('#btn-help').addEventListener('click', openHelp);
  $('#btn-again').addEventListener('click', openNewGame);
  $('#help-close').addEventListener('click', () => $('#help-dialog').close());
  $('#records-close').addEventListener('click', () => $('#records-dialog').close());
  $('#save-form').addEventListener('submit', saveRecord);
  $('#import-file').addEventListener('change', importRecord);
  $('#records-auto-delete').addEventListener('click', deleteAutoRecords);
  $('#new-form').addEventListener('submit', startNewGame);
  $('#ng-cancel').addEventListener('click', () => $('#new-dialog').close());
  $('#ng-preset').addEventListener('change', showCustom);
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
  $('#error').addEventListener('click', () => showError(''));
  let resizeTimer = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (!ui.view) return;
      buildBoard(ui.view);
      paint(ui.view);
    }, 150);
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
      o.textContent = p.game;
      o.title = p.title;
      return o;
    }), Object.assign(document.createElement('option'), { value: 'custom', textContent: 'custom shape…' }));
    fillPlayers($('#ng-x'), 'human');
    fillPlayers($('#ng-o'), 'cpu:hard');
  }
  updateGravityChoices();
  const params = new URLSearchParams(location.search);
  let game = null;
  let linkError = '';
  const shared = sharedGameRequest(params);
  if (shared) {
    try {
      game = await api('POST', '/games', shared);
      $('#opt-values').checked = true;
    } catch (e) {
      linkError = `The shared game cannot be opened: ${e.message}.`;
    }
    history.replaceState(null, '', '/');
  } else if (params.has('game') || params.has('pos')) {
    const pos = params.get('pos') || '';
    if (!params.get('game')) {
      linkError = 'This link names no game: share links look like ?game=connect4&pos=4453.';
    } else if (params.get('game') !== 'connect4') {
      linkError = `This link names the game "${params.get('game').slice(0, 40)}" but no moves: share links look like ?game=qubic&moves=1,1,1;2,2,2.`;
    } else {
      try {
        game = await api('POST', '/games', { game: 'connect4', pos, x: 'human', o: 'human' });
        $('#opt-scores').checked = true;
      } catch (e) {
        // The server's message quotes the position already: once is enough.
        linkError = `The shared position cannot be opened: ${e.message}. Positions are the columns played, 1 to 7, e.g. 4453.`;
      }
    }
    history.replaceState(null, '', '/');
  }
  if (!game) game = await act(api('GET', '/games/current'));
  if (linkError) showError(`${linkError} Showing your game in progress instead.`);
  if (game) {
    ui.paused = game.players.every((p) => p !== 'human') && game.moves.length > 0;
    render(game, false);
  }
  document.body.dataset.ready = 'true';
}

document.addEventListener('DOMContentLoaded', start);
