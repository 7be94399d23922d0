// Browser tests of `hypertac serve`, driven through Debian's Chromium with
// playwright-core (no browser download). Run by scripts/browser-tests.sh:
//   BASE_URL=http://127.0.0.1:PORT/ SCREENSHOTS=dir C4_POS=.. C4_SCORES="s1 .. s7" node run.js
// Prints one line per test and a final "N passed, M failed"; exits 1 on failure.
'use strict';

const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const BASE = process.env.BASE_URL;
const SHOTS = process.env.SCREENSHOTS || path.join(__dirname, '..', '..', 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const C4_POS = process.env.C4_POS || '32164625';
// Scores of the 7 columns of C4_POS from `hypertac solve connect4 --analyze`.
const C4_SCORES = (process.env.C4_SCORES || '-4 -3 11 4 0 -2 -5').split(/\s+/);
// The position's value from the public benchmark set Test_L1_R1: the best column scores 11.
const C4_KNOWN_BEST = 11;

if (!BASE) {
  console.error('BASE_URL is not set (the address printed by `hypertac serve`)');
  process.exit(2);
}

const tests = [];
function test(name, body) { tests.push({ name, body }); }

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function newGame(page, preset, x = 'human', o = 'human') {
  await page.click('#btn-new');
  await page.selectOption('#ng-preset', preset);
  await page.selectOption('#ng-x', x);
  await page.selectOption('#ng-o', o);
  await page.click('#ng-start');
  await page.waitForFunction(() => !document.querySelector('#new-dialog').open);
}

async function newCustomGame(page, { shape, k, gravity = '', rule = 'first', wrap = false }) {
  await page.click('#btn-new');
  await page.selectOption('#ng-preset', 'custom');
  await page.fill('#ng-shape', shape);
  await page.fill('#ng-k', String(k));
  await page.selectOption('#ng-gravity', gravity);
  await page.selectOption('#ng-rule', rule);
  if (wrap) await page.check('#ng-wrap');
  await page.selectOption('#ng-x', 'human');
  await page.selectOption('#ng-o', 'human');
  await page.click('#ng-start');
  await page.waitForFunction(() => !document.querySelector('#new-dialog').open);
}

async function moveCount(page) {
  return page.$$eval('#moves li', (items) => items.length);
}

async function clickCell(page, cell) {
  const before = await moveCount(page);
  await page.click(`.cell[data-cell="${cell}"]`);
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n + 1, before);
  await settle(page);
}

async function stone(page, cell) {
  return page.$eval(`.cell[data-cell="${cell}"]`, (el) => (el.classList.contains('x') ? 'x' : el.classList.contains('o') ? 'o' : ''));
}

async function status(page) {
  return (await page.textContent('#status')).trim();
}

async function settle(page) {
  await page.waitForFunction(() => !document.querySelector('.falling-x, .falling-o'));
}

async function shot(page, name) {
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test('3x3 game to a win highlights the line', async (page) => {
  await newGame(page, 'tictactoe');
  for (const cell of ['0,0', '0,1', '1,0', '1,1', '2,0']) await clickCell(page, cell);
  assert((await status(page)) === 'X wins', `status is ${await status(page)}`);
  const win = await page.$$eval('.cell.win', (els) => els.map((e) => e.dataset.cell).sort());
  assert(JSON.stringify(win) === JSON.stringify(['0,0', '1,0', '2,0']), `winning cells ${win}`);
  const last = await page.$$eval('.cell.last', (els) => els.map((e) => e.dataset.cell));
  assert(last.length === 1 && last[0] === '2,0', `last move ${last}`);
  const r = await page.evaluate(() => fetch('/api/games/current/moves', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"move":"2,2"}' }).then((x) => x.status));
  assert(r === 409, `a move after the win answers ${r}`);
  await shot(page, '2d-tictactoe-win.png');
});

test('hovering a cell highlights every line through it', async (page) => {
  await newGame(page, 'tictactoe');
  await page.mouse.move(0, 0);
  await page.hover('.cell[data-cell="1,1"]');
  await page.waitForFunction(() => document.querySelectorAll('.cell.hl').length > 0);
  const lit = await page.$$eval('.cell.hl', (els) => els.length);
  assert(lit === 9, `the centre's 4 lines cover 9 cells, ${lit} lit`);
  await page.hover('.cell[data-cell="0,1"]');
  await page.waitForFunction(() => document.querySelectorAll('.cell.hl').length === 5);
  // 0,1 is on its row and its column only: 5 cells.
  assert(!(await page.$eval('.cell[data-cell="2,2"]', (e) => e.classList.contains('hl'))), '2,2 is not on a line through 0,1');
});

test('undo and redo', async (page) => {
  await newGame(page, 'tictactoe');
  await clickCell(page, '1,1');
  await clickCell(page, '0,0');
  await page.click('#btn-undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert((await stone(page, '0,0')) === '', '0,0 is empty after undo');
  assert((await stone(page, '1,1')) === 'x', '1,1 keeps X');
  assert((await status(page)).startsWith('O to move'), `status ${await status(page)}`);
  await page.click('#btn-redo');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  assert((await stone(page, '0,0')) === 'o', '0,0 is O again after redo');
});

test('Connect Four: four stones drop down one column', async (page) => {
  await newGame(page, 'connect4');
  const gravity = await page.$eval('#board', (b) => b.classList.contains('gravity'));
  assert(gravity, 'the board is drawn as a gravity board');
  for (let i = 0; i < 4; i++) {
    // Click the top cell of column 4: the stone falls to the lowest empty cell.
    await clickCell(page, '3,5');
    await settle(page);
  }
  const column = [];
  for (let y = 0; y < 6; y++) column.push(await stone(page, `3,${y}`));
  assert(column.join('') === 'xoxo', `column 4 bottom-up is ${JSON.stringify(column)}`);
  const bottom = await page.$eval('.cell[data-cell="3,0"]', (e) => e.getBoundingClientRect().top);
  const top = await page.$eval('.cell[data-cell="3,5"]', (e) => e.getBoundingClientRect().top);
  assert(bottom > top, 'row 0 is drawn at the bottom');
  const r = await page.evaluate(() => fetch('/api/games/current').then((x) => x.json()));
  assert(r.columns === '4444', `server column string ${r.columns}`);
});

test('4D move in the grid of grids, by mouse and keyboard', async (page) => {
  await newGame(page, '4d');
  const grids = await page.$$eval('#board > .level-1 > .sub > .level-0', (els) => els.length);
  assert(grids === 16, `16 sub-grids, found ${grids}`);
  await clickCell(page, '1,2,3,0');
  // Sub-grid (z=3, w=0) is the 4th in the first row of sub-grids.
  const index = await page.$eval('.cell[data-cell="1,2,3,0"]', (el) => [...el.closest('.level-1').children].indexOf(el.closest('.sub')));
  assert(index === 3, `cell 1,2,3,0 drawn in sub-grid ${index}`);
  assert((await stone(page, '1,2,3,0')) === 'x', '1,2,3,0 holds X');
  // Keyboard: the cursor starts at the last clicked cell.
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const before = await moveCount(page);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n + 1, before);
  // From 1,2,3,0: x 1->2->3, then at the edge of the last sub-grid column it stays; down: y 2->3.
  const last = await page.$$eval('.cell.last', (els) => els.map((e) => e.dataset.cell));
  assert(last[0] === '3,3,3,0', `keyboard move landed on ${last}`);
  await page.click('.cell[data-cell="0,0,1,1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 3);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 4);
  const carried = await page.$$eval('.cell.last', (els) => els.map((e) => e.dataset.cell));
  assert(carried[0] === '3,0,0,1', `left from x=0 carries into the sub-grid to the left: ${carried}`);
  await shot(page, '4d-grid-of-grids.png');
});

test('3D board shows its layers side by side', async (page) => {
  await newGame(page, 'qubic');
  const layers = await page.$$eval('#board > .level-1 > .sub', (els) => els.map((e) => [e.querySelector('.sub-label').textContent, e.getBoundingClientRect().left]));
  // Side by side, or wrapped in rows when that gives bigger cells: labelled z0..z3 in order.
  assert(layers.map((l) => l[0]).join(' ') === 'z0 z1 z2 z3', `layers ${layers}`);
  assert(layers[1][1] > layers[0][1], `z1 right of z0: ${layers}`);
  for (const cell of ['1,1,1', '0,0,0', '2,2,2', '3,3,3', '1,2,0']) await clickCell(page, cell);
  await shot(page, '3d-qubic.png');
});

test('custom shape: 5x4 with gravity on y and k 3', async (page) => {
  await newCustomGame(page, { shape: '5x4', k: 3, gravity: '1' });
  const rules = await page.getAttribute('#rules-text', 'title');
  assert(rules.startsWith('5x4 k3 gravity 1'), `rules ${rules}`);
  const name = await page.textContent('#rules-text');
  assert(name === '5x4 three-in-a-row, stones drop along y', `game name ${name}`);
  await clickCell(page, '2,3');
  assert((await stone(page, '2,0')) === 'x', 'the stone fell to 2,0');
});

test('save, reload the page, load the record', async (page) => {
  await newGame(page, 'tictactoe');
  for (const cell of ['1,1', '0,2', '2,2']) await clickCell(page, cell);
  await page.click('#btn-records');
  await page.fill('#save-name', 'browser test');
  await page.click('#save-form button[type=submit]');
  await page.waitForSelector('#records-table tr[data-name="browser test"]');
  await page.click('#records-close');
  await clickCell(page, '0,0');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert((await moveCount(page)) === 4, 'the game in progress survives a reload');
  assert((await stone(page, '0,0')) === 'o', '0,0 is O after the reload');
  await page.click('#btn-records');
  await page.waitForSelector('#records-table tr[data-name="browser test"]');
  await page.click('#records-table tr[data-name="browser test"] .rec-replay');
  await page.waitForSelector('#replay-bar:not([hidden])');
  assert((await stone(page, '2,2')) === 'x', 'replay ends at the last move');
  assert((await stone(page, '0,0')) === '', 'replay shows the saved game, not the current one');
  await page.click('#rp-prev');
  assert((await stone(page, '2,2')) === '', 'one step back removes the last move');
  await page.click('#rp-first');
  assert((await page.$$eval('.cell.x, .cell.o', (e) => e.length)) === 0, 'the first step is the empty board');
  await page.click('#rp-continue');
  await page.waitForSelector('#replay-bar[hidden]', { state: 'attached' });
  // The move list and the board are drawn one after the other: wait for
  // both to show the record (a board left as the old game fails here).
  const shown = await page
    .waitForFunction(
      () => {
        const cell = (c) => document.querySelector(`.cell[data-cell="${c}"]`).classList;
        return (
          document.querySelectorAll('#moves li').length === 3 &&
          cell('2,2').contains('x') &&
          !cell('0,0').contains('x') &&
          !cell('0,0').contains('o')
        );
      },
      null,
      { timeout: 10000 },
    )
    .then(() => true, () => false);
  assert(shown, 'the record is the game in progress');
});

test('Connect Four scores from a share link match the solver', async (page) => {
  await page.goto(`${BASE}?game=connect4&pos=${C4_POS}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#scores .score[data-score]', { timeout: 60000 });
  const scores = await page.$$eval('#scores .score', (els) => els.map((e) => e.dataset.score || ''));
  assert(scores.length === 7, `7 columns, got ${scores.length}`);
  for (const c of [2, 3]) {
    assert(scores[c] === C4_SCORES[c], `column ${c + 1}: page ${scores[c]}, solver ${C4_SCORES[c]}`);
  }
  const best = Math.max(...scores.filter((s) => s !== '').map(Number));
  assert(best === C4_KNOWN_BEST, `best score ${best}, benchmark says ${C4_KNOWN_BEST}`);
  assert((await moveCount(page)) === C4_POS.length, 'the shared position is on the board');
  const link = await page.inputValue('#share-link');
  assert(link.endsWith(`?game=connect4&pos=${C4_POS}`), `share link ${link}`);
  await shot(page, 'connect4-scores.png');
});

test('computer against computer plays to the end', async (page) => {
  await page.selectOption('#opt-speed', '0');
  await newGame(page, 'tictactoe', 'cpu:random', 'cpu:random');
  await page.waitForFunction(() => document.querySelector('#status').dataset.result !== 'ongoing', null, { timeout: 60000 });
  const result = await status(page);
  assert(/wins|Draw/.test(result), `result ${result}`);
});

test('phone-sized screen in dark mode', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await newGame(page, 'connect4');
  await clickCell(page, '3,5');
  await settle(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `page is ${width}px wide on a 390px screen`);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert(bg === 'rgb(23, 24, 27)', `dark background, got ${bg}`);
  await shot(page, 'phone-dark-connect4.png');
});

// ---------- defects seen by a new player (issue 16) ----------

async function apiPost(page, path, body) {
  return page.evaluate(([p, b]) => fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) })
    .then(async (r) => ({ status: r.status, body: await r.json() })), [path, body]);
}

// Starts a game through the API (with an opening) and reloads the page on it.
async function startGame(page, body) {
  const r = await apiPost(page, '/api/games', { x: 'human', o: 'human', ...body });
  assert(r.status === 200, `new game: ${JSON.stringify(r.body)}`);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

async function errorText(page) {
  await page.waitForSelector('#error:not([hidden])');
  return (await page.textContent('#error')).trim();
}

for (const preset of ['connect4', 'connect4-3d']) {
  test(`${preset}: a click as soon as the computer's stone appears is played (defect 1)`, async (page) => {
    await newGame(page, preset, 'human', 'cpu:random');
    const first = preset === 'connect4' ? '3,5' : '1,1,3';
    const second = preset === 'connect4' ? '0,5' : '2,2,3';
    // Clicks the second cell the moment the computer's reply is drawn,
    // while its stone is still falling. The observer is in place before
    // the first click (the evaluate returns once it is), and the answer is
    // waited for with a timeout: a reply drawn some other way fails the
    // test instead of hanging it.
    // The whole page is observed and the move list looked up each time:
    // a list drawn anew (a new element) is still seen.
    await page.evaluate((cell) => {
      window.defect1Falling = undefined;
      const observer = new MutationObserver(() => {
        const list = document.querySelector('#moves');
        if (!list || list.children.length !== 2) return;
        observer.disconnect();
        window.defect1Falling = !!document.querySelector('.falling-x, .falling-o');
        document.querySelector(`.cell[data-cell="${cell}"]`).click();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }, second);
    await page.click(`.cell[data-cell="${first}"]`);
    const seen = await page
      .waitForFunction(() => window.defect1Falling !== undefined, null, { timeout: 20000 })
      .then(() => true, () => false);
    if (!seen) {
      const state = await page.evaluate(() => ({
        moves: [...document.querySelectorAll('#moves li')].map((li) => li.textContent.trim()),
        status: document.querySelector('#status').textContent.trim(),
        error: (document.querySelector('#error') || {}).textContent,
      }));
      assert(false, `the computer's reply never drew a second move: ${JSON.stringify(state)}`);
    }
    const falling = await page.evaluate(() => window.defect1Falling);
    assert(falling, 'the click came while the stone was falling');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 3, null, { timeout: 5000 });
  });
}

test('replay shows only the record and says why a move is refused (defect 3)', async (page) => {
  await startGame(page, { game: 'tictactoe', moves: '1,1;0,0;2,2' });
  await page.click('#btn-records');
  await page.fill('#save-name', 'replay test');
  await page.click('#save-form button[type=submit]');
  await page.waitForSelector('#records-table tr[data-name="replay test"]');
  await page.click('#records-close');
  await newGame(page, 'connect4', 'human', 'cpu:easy');
  await clickCell(page, '3,5');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  await settle(page);
  await page.click('#btn-records');
  await page.click('#records-table tr[data-name="replay test"] .rec-replay');
  await page.waitForSelector('#replay-bar:not([hidden])');
  const st = await status(page);
  assert(st.startsWith('Replay of "replay test"'), `status in a replay: ${st}`);
  assert((await page.textContent('#rules-text')) === 'Tic-tac-toe', 'the record\'s game is shown');
  assert(!(await page.textContent('#players')).includes('computer'), `players of the record: ${await page.textContent('#players')}`);
  for (const hidden of ['#move-form', '#share', '#scores']) {
    assert(!(await page.isVisible(hidden)), `${hidden} is hidden during a replay`);
  }
  await page.click('.cell[data-cell="0,2"]');
  assert((await errorText(page)).includes('This is a replay'), 'a click during a replay says why nothing happens');
  assert((await moveCount(page)) === 3, 'the replay\'s moves are listed');
  assert((await stone(page, '0,2')) === '', 'no stone was placed');
  await page.click('#rp-exit');
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Replay'));
  assert((await page.textContent('#rules-text')) === 'Connect Four', 'back to the game in progress');
  assert(await page.isVisible('#move-form'), 'the move box is back');
});

test('bad share links and lost servers get plain words (defect 4)', async (page) => {
  await startGame(page, { game: 'tictactoe', moves: '1,1' });
  await page.goto(`${BASE}?game=connect4&pos=abc`);
  await page.waitForSelector('body[data-ready="true"]');
  const text = await errorText(page);
  assert(text.includes('cannot be opened') && text.includes('Showing your game in progress'), `share link error: ${text}`);
  assert(text.split('"abc"').length === 2, `the position is quoted once: ${text}`);
  await page.goto(`${BASE}?pos=4453`);
  await page.waitForSelector('body[data-ready="true"]');
  const none = await errorText(page);
  assert(none.startsWith('This link names no game') && !none.includes('""'), `a link without game=: ${none}`);
  // Record names: no API wording.
  await page.click('#btn-records');
  for (const name of ['first name', 'second name']) {
    await page.fill('#save-name', name);
    await page.click('#save-form button[type=submit]');
    await page.waitForSelector(`#records-table tr[data-name="${name}"]`);
  }
  const asked = [];
  const answer = (d) => { asked.push(d.message()); if (d.type() === 'prompt') d.accept('first name'); else d.dismiss(); };
  page.on('dialog', answer);
  await page.click('#records-table tr[data-name="second name"] .rec-rename');
  await page.waitForSelector('#records-error:not([hidden])');
  page.off('dialog', answer);
  assert(asked.some((m) => m.includes('Replace')), `renaming onto a name asks first: ${asked}`);
  const recError = await page.textContent('#records-error');
  assert(!recError.includes('force') && recError.includes('already exists'), `records error: ${recError}`);
  await page.click('#records-close');
  // The server does not answer.
  await page.route('**/api/games/current/moves', (route) => route.abort('connectionrefused'));
  await page.click('.cell[data-cell="0,0"]');
  // The link's error may still be shown: wait for the new one (or time out).
  await page.waitForFunction(
    () => !document.querySelector('#error').textContent.includes('names no game'),
    null, { timeout: 5000 }).catch(() => {});
  const lost = await errorText(page);
  assert(lost.startsWith('No answer from the hypertac server') && !lost.includes('Failed to fetch'), `lost server: ${lost}`);
});

test('gravity boards name moves by column everywhere (defect 5)', async (page) => {
  await newGame(page, 'connect4');
  await clickCell(page, '3,5');
  await clickCell(page, '0,5');
  const list = await page.$$eval('#moves li', (els) => els.map((e) => e.textContent));
  assert(JSON.stringify(list) === JSON.stringify(['X 4', 'O 1']), `move list ${list}`);
  assert((await page.getAttribute('.cell[data-cell="3,0"]', 'title')).startsWith('4'), 'a cell names its column');
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent !== '');
  const hintText = await page.textContent('#hint-text');
  assert(/^Hint: [1-7](\s|$)/.test(hintText), `hint ${hintText}`);
  await page.fill('#move-input', '5');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 3);
  assert((await page.textContent('#moves li:last-child')) === 'X 5', 'a typed column is listed as typed');
});

test('records: one line per game, kept games apart (defect 7)', async (page) => {
  await startGame(page, { game: 'tictactoe', moves: '1,1;0,0' });
  // A new game keeps the old one automatically.
  await newGame(page, 'tictactoe');
  await clickCell(page, '1,1');
  const long = 'a long record name that once wrapped over lines 12345';
  await page.click('#btn-records');
  await page.fill('#save-name', long);
  await page.click('#save-form button[type=submit]');
  const row = `#records-table tr[data-name="${long}"]`;
  await page.waitForSelector(row);
  const nameBox = await page.$eval(`${row} .rec-name`, (e) => e.getBoundingClientRect().height);
  assert(nameBox < 26, `the name takes one line (${nameBox}px high)`);
  const middles = await page.$$eval(`${row} .actions > *`, (els) => els.map((e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; }));
  assert(middles.length === 5 && Math.max(...middles) - Math.min(...middles) < 4, `the five actions share one row: ${middles}`);
  const named = await page.$$eval('#records-table tr', (els) => els.map((e) => e.dataset.name));
  assert(!named.some((n) => /^game \d{4}-/.test(n)), `kept games are not among the saved ones: ${named}`);
  assert(await page.isVisible('#records-auto'), 'kept games are listed apart');
  assert(Number(await page.textContent('#records-auto-count')) >= 1, 'kept games are counted');
  assert(!(await page.isVisible('#records-auto-table')), 'kept games are folded away');
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.querySelector('#records-dialog').getBoundingClientRect().right);
  assert(width <= 390, `records dialog fits a phone (right edge ${width})`);
  await shot(page, 'records-phone.png');
});

test('new game dialog starts from the current game (defect 8)', async (page) => {
  await newGame(page, 'connect4');
  await page.click('#btn-new');
  assert((await page.inputValue('#ng-preset')) === 'connect4', `preset ${await page.inputValue('#ng-preset')}`);
  assert(!(await page.isVisible('#ng-custom')), 'no custom-shape fields for a preset');
  await page.selectOption('#ng-preset', 'custom');
  assert(await page.isVisible('#ng-custom'), 'custom-shape fields for a custom shape');
  await page.click('#ng-cancel');
  await newCustomGame(page, { shape: '5x4', k: 3, gravity: '1' });
  await page.click('#btn-new');
  assert((await page.inputValue('#ng-preset')) === 'custom', 'a custom game opens as custom');
  assert((await page.inputValue('#ng-shape')) === '5x4' && (await page.inputValue('#ng-k')) === '3', 'with its shape and k');
  await page.click('#ng-cancel');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('#btn-new');
  const box = await page.$eval('#new-dialog', (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; });
  assert(box[0] >= 0 && box[1] <= 390, `new game dialog within a phone screen: ${box}`);
  await page.selectOption('#ng-preset', 'connect4');
  const cut = await page.$eval('#ng-preset', (e) => e.scrollWidth > e.clientWidth);
  assert(!cut, 'the chosen game\'s name is not cut on a phone');
  assert((await page.textContent('#ng-about')).includes('7 wide'), 'the board is described under the list');
  const texts = await page.$$eval('#ng-preset option', (els) => els.map((e) => e.textContent));
  assert(texts.includes('Connect Four') && texts.includes('4D four-in-a-row') && !texts.some((t) => t.includes('axis')), `games by name: ${texts}`);
  await shot(page, 'new-game-phone.png');
  await page.click('#ng-cancel');
});

test('how to play explains the current game in one screen', async (page) => {
  await startGame(page, { game: '4d' });
  await page.click('#btn-help');
  await page.waitForSelector('#help-dialog[open]');
  const text = await page.textContent('#help-body');
  assert(text.includes('4x4x4x4') && text.includes('grid of grids'), `help: ${text}`);
  const box = await page.$eval('#help-dialog', (e) => e.getBoundingClientRect().height);
  assert(box <= 820, `one screen: ${box}px`);
  await shot(page, 'how-to-play-4d.png');
  await page.click('#help-close');
  assert(!(await page.isVisible('#help-dialog')), 'dismissed');
  const caption = await page.textContent('.axis-caption');
  assert(caption.includes('z →') && caption.includes('w ↓'), `axes named at the edge: ${caption}`);
});

test('4D on a phone: one big slice, axis buttons and a map of the board', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startGame(page, { game: '4d' });
  assert(await page.isVisible('.slice-bar'), 'the slice view is on');
  await page.click('.slice-axis button[data-axis="2"][data-coord="2"]');
  await page.click('.slice-axis button[data-axis="3"][data-coord="3"]');
  const size = await page.$eval('.cell[data-cell="1,1,2,3"]', (e) => e.getBoundingClientRect().width);
  assert(size >= 32, `slice cells are ${size}px`);
  await clickCell(page, '1,1,2,3');
  assert((await stone(page, '1,1,2,3')) === 'x', 'the stone is in the chosen slice');
  assert(await page.$eval('.mini-cell[data-cell="1,1,2,3"]', (e) => e.classList.contains('x')), 'and on the map');
  await page.click('.mini-map .sub[data-slice="0,0"]');
  await page.waitForSelector('.cell[data-cell="0,0,0,0"]');
  assert((await page.$$eval('#board .cell', (els) => els.length)) === 16, 'one 4x4 slice is drawn');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `the page is ${wide}px wide`);
});

test('gomoku on a phone: 32-pixel cells in a board that scrolls, not the page', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startGame(page, { game: 'gomoku', moves: '7,7;7,8' });
  const size = await page.$eval('.cell[data-cell="0,0"]', (e) => e.getBoundingClientRect().width);
  assert(size >= 32, `gomoku cells are ${size}px`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `the page is ${wide}px wide`);
  const left = await page.$eval('.cell[data-cell="0,0"]', (e) => e.getBoundingClientRect().left);
  assert(left >= 0, `the first column can be seen (left edge at ${left})`);
  await page.$eval('#board-wrap', (e) => { e.scrollLeft = e.scrollWidth; });
  await clickCell(page, '14,0');
  await shot(page, 'gomoku-phone.png');
});

// ---------- a new player, round two (issue 26) ----------

test('after Stop a click does not play the computer\'s stone (issue 26, defect 5)', async (page) => {
  await newGame(page, '4d', 'human', 'cpu:hard');
  await page.click('.cell[data-cell="1,1,1,1"]');
  await page.waitForSelector('#btn-stop', { state: 'visible' });
  await page.click('#btn-stop');
  await page.waitForFunction(() => !document.body.classList.contains('thinking'));
  const before = await moveCount(page);
  const game = await page.evaluate(() => fetch('/api/games/current').then((r) => r.json()));
  if (game.computer_to_move) {
    await page.click('.cell[data-cell="2,2,2,2"]');
    const text = await errorText(page);
    assert(text.includes('computer\'s turn'), `a click after Stop says why: ${text}`);
    assert((await moveCount(page)) === before, 'no stone was played for the computer');
    assert((await stone(page, '2,2,2,2')) === '', '2,2,2,2 stays empty');
    assert(await page.isVisible('#btn-resume'), 'Resume computer is offered');
  } else {
    // The computer had already moved when Stop arrived: it is the player's turn.
    console.log('# Stop came after the computer\'s move: nothing to check');
    assert(before === 2, `the computer answered: ${before} moves`);
  }
});

test('desktop to phone width shows the last move\'s slice (issue 26, defect 7)', async (page) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await startGame(page, { game: '4d', moves: '1,1,1,1;2,1,2,3' });
  assert(!(await page.isVisible('.slice-bar')), 'the whole board at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForSelector('.slice-bar');
  const label = await page.textContent('.slice-label');
  assert(label === 'z2 w3', `the slice of the last move 2,1,2,3 is shown: ${label}`);
  assert(await page.$eval('.cell[data-cell="2,1,2,3"]', (e) => e.classList.contains('last')), 'with the last move marked');
  // With a hint shown, the hint's slice.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => !document.querySelector('.slice-bar'));
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent.startsWith('Hint'), null, { timeout: 30000 });
  const hinted = await page.$eval('.cell.hint', (e) => e.dataset.cell);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForSelector('.slice-bar');
  const want = hinted.split(',').slice(2).map((c, i) => `${['z', 'w'][i]}${c}`).join(' ');
  assert((await page.textContent('.slice-label')) === want, `the hint's slice ${want} is shown`);
  assert(await page.$('.cell.hint'), 'the hinted cell is on screen');
});

test('"Computer move" moves for a side played by a person', async (page) => {
  await startGame(page, { game: 'qubic', moves: '1,1,1' });
  const before = await moveCount(page);
  await page.click('#btn-cpu');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n + 1, before, { timeout: 30000 });
  assert(await page.isHidden('#error'), `no error: ${await page.textContent('#error')}`);
});

test('Connect Four move box takes columns from 1, never cells (issue 26, defect 8)', async (page) => {
  await newGame(page, 'connect4');
  await page.fill('#move-input', '4,0');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#error').textContent.includes('column'));
  const text = await errorText(page);
  assert(text.includes('not a column') && text.includes('1 to 7'), `a cell in the move box: ${text}`);
  assert(!text.includes('from 0'), `no coordinates from 0: ${text}`);
  assert((await moveCount(page)) === 0, 'nothing was played');
  await page.fill('#move-input', '4');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  await settle(page);
  assert((await stone(page, '3,0')) === 'x', 'column 4 is 3,0');
  assert((await page.textContent('#rules-text')) === 'Connect Four', 'the game is named');
});

test('a new game says where the game in progress went (issue 26, defect 9)', async (page) => {
  await startGame(page, { game: 'tictactoe', moves: '1,1' });
  await newGame(page, 'qubic');
  const text = await errorText(page);
  assert(/^Your previous game was kept as "game \d{4}-/.test(text), `the kept game is named: ${text}`);
});

test('a click while a hint is worked out is a move (issue 42, item 5)', async (page) => {
  // Gomoku has no shipped proof: the hint takes its full time.
  await startGame(page, { game: 'gomoku', moves: '7,7;7,8' });
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.body.classList.contains('thinking'));
  await page.click('.cell[data-cell="9,9"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 3, null, { timeout: 20000 });
  assert((await stone(page, '9,9')) === 'x', 'the click played X at 9,9');
  await shot(page, 'hint-then-click.png');
  const error = await page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
  assert(!/thinking/i.test(error), `no "thinking" notice: ${error}`);
  // The dropped hint's answer never shows, and the next click plays too.
  await page.waitForTimeout(2500);
  assert((await page.textContent('#hint-text')) === '', 'the dropped hint is not shown');
  assert(!(await page.evaluate(() => document.body.classList.contains('thinking'))), 'not thinking any more');
  await clickCell(page, '9,8');
  assert((await stone(page, '9,8')) === 'o', 'the next click played O');
});

test('records name games as the CLI does; presets in player words (issue 42, item 5)', async (page) => {
  await startGame(page, { game: 'qubic', moves: '1,1,1;0,0,0' });
  await page.click('#btn-records');
  await page.fill('#save-name', 'a qubic game');
  await page.click('#save-form button[type=submit]');
  const row = '#records-table tr[data-name="a qubic game"]';
  await page.waitForSelector(row);
  const details = (await page.textContent(`${row} .rec-details`)).trim();
  assert(details.startsWith('Qubic · 2 moves'), `the record is named Qubic: ${details}`);
  await shot(page, 'records-qubic.png');
  await page.click('#records-close');
  const info = await page.evaluate(() => fetch('/api/info').then((r) => r.json()));
  for (const p of info.presets) assert(!/axis/.test(p.description), `${p.name}: ${p.description}`);
  const c4 = info.presets.find((p) => p.name === 'connect4');
  assert(c4.description === '7 wide, 6 high, 4 in a row, stones drop', c4.description);
});

test('Qubic at 390 px: the whole board in the screen, nothing clipped (issue 42, item 5)', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startGame(page, { game: 'qubic', moves: '1,1,1;0,0,0;3,3,3;0,3,0' });
  const edges = await page.$$eval('.cell', (els) => {
    const r = els.map((e) => e.getBoundingClientRect());
    return { left: Math.min(...r.map((b) => b.left)), right: Math.max(...r.map((b) => b.right)) };
  });
  assert(edges.left >= 0 && edges.right <= 390, `cells from ${edges.left} to ${edges.right} px`);
  const clip = await page.evaluate(() => {
    const wrap = document.querySelector('#board-wrap');
    return wrap.scrollWidth - wrap.clientWidth;
  });
  assert(clip <= 1, `the board scrolls sideways by ${clip} px`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `the page is ${wide}px wide`);
  await shot(page, 'qubic-390.png');
});

test('each move\'s value on the board: tic-tac-toe\'s known values, a quick first answer (issue 41)', async (page) => {
  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/api/analyze')) asked.push(new URL(r.url()).searchParams.get('ms')); });
  await startGame(page, { game: 'tictactoe', moves: '1,1' });
  await page.check('#opt-values');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-val]').length === 8, null, { timeout: 30000 });
  const vals = await page.$$eval('.cell[data-val]', (els) => Object.fromEntries(els.map((e) => [e.dataset.cell, e.dataset.val])));
  // O to move after X's centre: a corner holds the draw, an edge loses.
  for (const c of ['0,0', '2,0', '0,2', '2,2']) assert(vals[c] === 'draw', `corner ${c}: ${vals[c]}`);
  for (const c of ['1,0', '0,1', '2,1', '1,2']) assert(vals[c] === 'loss', `edge ${c}: ${vals[c]}`);
  const legend = await page.textContent('#values-legend');
  assert(legend.includes('all proved'), `legend: ${legend}`);
  assert(asked.length >= 1 && asked[0] === '1000', `the first answer is asked with ms=${asked[0]}`);
  // Qubic after X's proved first move: every reply of O loses, from the certificate.
  asked.length = 0;
  await startGame(page, { game: 'qubic', moves: '0,0,0' });
  if (!(await page.isChecked('#opt-values'))) await page.check('#opt-values');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-val="loss"]').length === 63, null, { timeout: 30000 });
  assert(asked[0] === '1000', `the first answer is asked with ms=${asked[0]}`);
});

test('why a move loses: the pointer on a cell shows the threat sequence (issue 41)', async (page) => {
  await startGame(page, { game: 'tictactoe', moves: '1,1' });
  if (!(await page.isChecked('#opt-values'))) await page.check('#opt-values');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-val]').length === 8, null, { timeout: 30000 });
  // O's edge loses to X's threats; a corner draws, held by X's reply.
  const why = await page.getAttribute('.cell[data-cell="1,0"]', 'data-why');
  assert(why && why.startsWith('After 1,0: X plays') && why.includes('makes two threats'), `edge's reason: ${why}`);
  const title = await page.getAttribute('.cell[data-cell="1,0"]', 'title');
  assert(title.includes('Why: X plays'), `title: ${title}`);
  const corner = await page.getAttribute('.cell[data-cell="0,0"]', 'data-why');
  assert(corner && corner.startsWith('After 0,0: a draw: X replies '), `corner's reason: ${corner}`);
  await page.hover('.cell[data-cell="1,0"]');
  await page.waitForFunction(() => document.querySelector('#values-legend .move-why'), null, { timeout: 5000 });
  const shown = await page.textContent('#values-legend .move-why');
  assert(shown === why, `legend: ${shown}`);
  // The line of play on the board: O's edge 1, then X's threat, O's block, X's double threat.
  const seq = await page.$$eval('.cell[data-seq]', (els) => els.map((e) => `${e.dataset.seq}${e.dataset.seqSide}@${e.dataset.cell}`).sort());
  assert(seq.length === 4 && seq.includes('1o@1,0') && seq.includes('2x@0,0') && seq.some((t) => t.startsWith('3o@'))
    && seq.some((t) => t.startsWith('4x@')), `sequence on the board: ${seq}`);
  await shot(page, 'values-why.png');
  await page.hover('#move-input');
  await page.waitForFunction(() => !document.querySelector('#values-legend .move-why'), null, { timeout: 5000 });
  assert((await page.$$('.cell[data-seq]')).length === 0, 'the sequence goes with the pointer');
  // The keyboard's cursor too: from the centre, up is the edge 1,0.
  await page.focus('#board');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.querySelector('#values-legend .move-why'), null, { timeout: 5000 });
  const byKey = await page.textContent('#values-legend .move-why');
  assert(byKey.startsWith('After 1,0:') || byKey.startsWith('After 1,2:'), `cursor's reason: ${byKey}`);
  // A touch and hold (a context menu event) shows it too, without the browser's menu.
  const prevented = await page.$eval('.cell[data-cell="2,1"]', (el) => {
    const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    el.dispatchEvent(e);
    return e.defaultPrevented;
  });
  assert(prevented, 'the context menu is kept away from a cell with a reason');
  const held = await page.textContent('#values-legend .move-why');
  assert(held.startsWith('After 2,1:'), `held cell's reason: ${held}`);
  // Qubic, X to move after 12 moves: most moves lose to one of O's sequences.
  await page.setViewportSize({ width: 1280, height: 800 });
  await startGame(page, { game: 'qubic', moves: '3,3,2;3,0,3;0,1,3;1,1,1;1,1,0;0,2,0;3,2,0;3,1,0;1,2,2;0,0,2;1,0,0;0,0,0' });
  if (!(await page.isChecked('#opt-values'))) await page.check('#opt-values');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-why]').length >= 20, null, { timeout: 30000 });
  await page.hover('.cell[data-cell="2,0,0"]');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-seq]').length >= 3, null, { timeout: 5000 });
  await shot(page, 'values-why-qubic.png');
  // A phone: no pointer; a touch held on the cell shows the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => Math.max(...[...document.querySelectorAll('.cell')].map((e) => e.getBoundingClientRect().right)) <= 390, null, { timeout: 10000 });
  await page.mouse.move(0, 0);
  await page.$eval('.cell[data-cell="2,0,0"]', (el) => el.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-seq]').length >= 3, null, { timeout: 5000 });
  await shot(page, 'values-why-phone.png');
});

// Tic-tac-toe after `moves` (two stones) with every value shown: the
// reason of the move on `cell`, checked to start with `start` and to be
// the legend's once the pointer is on the cell; returns the marks on the
// board then ("1x@1,0": mark, side, cell; sorted).
async function tictactoeWhy(page, moves, cell, start) {
  await startGame(page, { game: 'tictactoe', moves });
  if (!(await page.isChecked('#opt-values'))) await page.check('#opt-values');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-val]').length === 7, null, { timeout: 30000 });
  const why = await page.getAttribute(`.cell[data-cell="${cell}"]`, 'data-why');
  assert(why && why.startsWith(start), `the draw's reason: ${why}`);
  await page.hover(`.cell[data-cell="${cell}"]`);
  await page.waitForFunction(() => document.querySelector('#values-legend .move-why'), null, { timeout: 5000 });
  assert((await page.textContent('#values-legend .move-why')) === why, 'the legend shows it');
  return page.$$eval('.cell[data-seq]', (els) => els.map((e) => `${e.dataset.seq}${e.dataset.seqSide}@${e.dataset.cell}`).sort());
}

test('a move that draws says which pairs hold the lines after it', async (page) => {
  const pairs = await tictactoeWhy(page, '1,1;0,1', '2,1', 'After 2,1: a draw: X holds O\'s 3 open lines by pairs');
  // X's three pairs holding O's edge lines, lettered a a, b b, c c in X's colour.
  assert(pairs.length === 6 && pairs.every((t) => /^[abc]x@/.test(t)), `pairs on the board: ${pairs}`);
  for (const letter of ['a', 'b', 'c']) assert(pairs.filter((t) => t.startsWith(letter)).length === 2, `pair ${letter}: ${pairs}`);
  await shot(page, 'values-why-draw.png');
});

test('values left unknown when the page stops asking can be worked on further', async (page) => {
  // Qubic after four moves: some moves take the server minutes.
  await startGame(page, { game: 'qubic', moves: '1,1,1;1,2,2;2,1,1;2,2,2' });
  if (!(await page.isChecked('#opt-values'))) await page.check('#opt-values');
  await page.waitForFunction(() => values.data && !values.busy, null, { timeout: 30000 });
  assert(!(await page.$('#values-more')), 'no button while the page still asks');
  // As if the page's rounds were used up (they take over a minute).
  await page.evaluate(() => { values.rounds = VALUES_ROUNDS; paintValues(); });
  const text = await page.textContent('#values-legend');
  if (text.includes('all proved')) return; // a very fast server: nothing left to ask
  assert(text.includes('left, stopped'), `the legend: ${text}`);
  await page.waitForSelector('#values-more', { timeout: 5000 });
  await shot(page, 'values-keep-working.png');
  await page.click('#values-more');
  // It asks again: the rounds start over and the button goes.
  await page.waitForFunction(() => values.rounds >= 1 && values.rounds < VALUES_ROUNDS, null, { timeout: 5000 });
  assert(!(await page.$('#values-more')), 'the button goes while the page asks again');
});

test('a move that draws without pairs names the reply that holds it', async (page) => {
  const line = await tictactoeWhy(page, '0,0;1,1', '1,0', 'After 1,0: a draw: O replies 2,0, after which O holds X\'s 2 open lines by pairs');
  // The move 1 in X's colour, the reply 2 in O's.
  assert(line.join(' ') === '1x@1,0 2o@2,0', `the line on the board: ${line}`);
  await shot(page, 'values-why-holds.png');
});

test('a review says why a move lost and what the player had instead (issue 41)', async (page) => {
  await startGame(page, { game: 'tictactoe', moves: '0,0;0,1;1,1;2,2;2,1' });
  await page.click('#btn-review');
  await page.waitForFunction(() => document.querySelectorAll('#moves .review').length === 5, null, { timeout: 30000 });
  const entries = await page.$$eval('#moves li', (els) => els.map((e) => e.textContent));
  assert(entries[1].includes('threw away a draw') && entries[1].includes('why it loses: X plays 1,0'), `move 2: ${entries[1]}`);
  assert(entries[4].includes('threw away a win') && entries[4].includes('X had instead: X plays 1,0'), `move 5: ${entries[4]}`);
  assert(!entries[2].includes('why'), `move 3: ${entries[2]}`);
  await shot(page, 'review-why.png');
  // A click on a move steps through the game on the board from there,
  // the review's verdicts kept in the list; the game itself is untouched.
  await page.click('#moves li:nth-child(2)');
  await page.waitForSelector('#replay-bar:not([hidden])');
  assert((await status(page)) === 'Replay of this game: move 2 of 5', `status: ${await status(page)}`);
  assert(!(await page.isVisible('#rp-continue')), 'no "Continue playing" for the game in progress');
  assert((await stone(page, '0,0')) === 'x' && (await stone(page, '0,1')) === 'o' && (await stone(page, '1,1')) === '', 'the board after move 2');
  const current = await page.textContent('#moves li.current');
  assert(current.includes('threw away a draw') && current.includes('why it loses'), `the current move: ${current}`);
  // Why it loses, numbered on the board: X 1,0, O 2,0, X 1,1.
  const seq = await page.$$eval('.cell[data-seq]', (els) => els.map((e) => `${e.dataset.seq}${e.dataset.seqSide}@${e.dataset.cell}`).sort());
  assert(seq.join(' ') === '1x@1,0 2o@2,0 3x@1,1', `the line on the board: ${seq}`);
  await shot(page, 'review-replay.png');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  assert((await status(page)).startsWith('Replay of this game: move 3 of 5'), `after →: ${await status(page)}`);
  assert((await stone(page, '1,1')) === 'x', 'move 3 on the board');
  assert((await page.$$('.cell[data-seq]')).length === 0, 'move 3 lost nothing: no line');
  await page.click('#moves li:nth-child(5)');
  assert((await status(page)).startsWith('Replay of this game: move 5 of 5 · O to move'), `move 5: ${await status(page)}`);
  await page.click('#rp-exit');
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Replay'));
  assert((await moveCount(page)) === 5 && (await stone(page, '2,1')) === 'x', 'back to the game, all its moves');
  assert((await page.$$eval('#moves .review', (els) => els.length)) === 5, 'the review is still in the list');
});

test('a bound on the board: + where the side to move wins or draws, - where it draws or loses (issue 41)', async (page) => {
  // The server's answer is replaced by one with bounds: the page's part
  // is how it shows them.
  await page.route('**/api/analyze?*', (route) => route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({
      rules: '3x3 k3', position: '1,1', to_move: 'O', value: 'unknown', bound: 'O wins or draw',
      complete: false, reason: null,
      moves: [
        { move: '0,0', cell: '0,0', value: 'unknown', proved: false, bound: 'O wins or draw', source: 'prover', best: false },
        { move: '1,0', cell: '1,0', value: 'unknown', proved: false, bound: 'X wins or draw', source: 'prover', best: false },
        { move: '2,0', cell: '2,0', value: 'unknown', proved: false, source: 'none', best: false },
        { move: '0,1', cell: '0,1', value: 'X wins', proved: true, source: 'prover', best: false },
      ],
    }),
  }));
  await startGame(page, { game: 'tictactoe', moves: '1,1' });
  if (!(await page.isChecked('#opt-values'))) await page.check('#opt-values');
  await page.waitForFunction(() => document.querySelectorAll('.cell[data-val]').length === 4, null, { timeout: 30000 });
  const marks = await page.$$eval('.cell[data-val]', (els) => Object.fromEntries(els.map((e) => [e.dataset.cell, `${e.dataset.val} ${e.dataset.mark}`])));
  assert(marks['0,0'] === 'nolose +', `0,0: ${marks['0,0']}`);
  assert(marks['1,0'] === 'nowin -', `1,0: ${marks['1,0']}`);
  assert(marks['2,0'] === 'unknown ?', `2,0: ${marks['2,0']}`);
  assert(marks['0,1'] === 'loss L', `0,1: ${marks['0,1']}`);
  const title = await page.getAttribute('.cell[data-cell="0,0"]', 'title');
  assert(title.includes('O wins or draw (proved'), `title: ${title}`);
  const legend = await page.textContent('#values-legend');
  assert(legend.includes('+ O wins or draw, - X wins or draw (proved, 2)'), `legend: ${legend}`);
  assert(legend.includes('position: unknown, O wins or draw (proved)'), `legend: ${legend}`);
  await shot(page, 'values-bounds.png');
  await page.unroute('**/api/analyze?*');
});

// ---------- screenshots at two sizes and both themes ----------

const SIZES = [{ width: 1280, height: 800, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }];
const cellSizes = [];

for (const size of SIZES) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${size.name}-${scheme}`;
    test(`screenshots ${size.width}x${size.height} ${scheme}: 4D with a hint, Connect Four scores, Qubic, a 2D win`, async (page) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: scheme });
      await startGame(page, { game: '4d', moves: '1,1,1,1;2,1,1,1;1,2,1,1;0,0,3,0;1,1,2,2;3,3,0,3' });
      await page.click('#btn-hint');
      await page.waitForFunction(() => document.querySelector('#hint-text').textContent.startsWith('Hint'), null, { timeout: 30000 });
      const hinted = await page.$$eval('.cell.hint', (els) => els.length);
      assert(hinted === 1, 'the hinted cell is on screen');
      const cell = await page.$eval('.cell', (e) => e.getBoundingClientRect().width);
      cellSizes.push(`${size.width}x${size.height} ${scheme}: ${cell.toFixed(1)} px`);
      console.log(`# 4D cell at ${size.width}x${size.height} ${scheme}: ${cell.toFixed(1)} px`);
      assert(cell >= 32, `4D cells are ${cell}px`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(wide <= size.width, `the page is ${wide}px wide`);
      if (size.name === 'desktop') {
        const tall = await page.evaluate(() => document.documentElement.scrollHeight);
        assert(tall <= size.height, `the 4D page is ${tall}px tall on a ${size.height}px screen`);
        // An error (a taken cell) does not cover the board.
        await page.click('.cell[data-cell="1,1,1,1"]');
        await errorText(page);
        const overlap = await page.evaluate(() => {
          const a = document.querySelector('#error').getBoundingClientRect();
          const b = document.querySelector('#board').getBoundingClientRect();
          return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        });
        assert(!overlap, 'the message box covers the board');
        await page.click('#error');
        await page.waitForSelector('#error', { state: 'hidden' });
      }
      await shot(page, `4d-hint-${tag}.png`);

      await page.goto(`${BASE}?game=connect4&pos=${C4_POS}`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForSelector('#scores .score[data-score]', { timeout: 60000 });
      await shot(page, `connect4-scores-${tag}.png`);

      await startGame(page, { game: 'qubic', moves: '1,1,1;0,0,0;2,2,2;3,3,3;1,2,1;0,3,0' });
      const q = await page.$eval('.cell', (e) => e.getBoundingClientRect().width);
      assert(q >= 32, `Qubic cells are ${q}px`);
      await shot(page, `qubic-${tag}.png`);

      await startGame(page, { game: 'tictactoe', moves: '0,0;0,1;1,1;0,2;2,2' });
      assert((await status(page)) === 'X wins', `status ${await status(page)}`);
      await shot(page, `2d-win-${tag}.png`);

      await startGame(page, { game: 'connect4', moves: '3,0;4,0;3,1;4,1;2,0;4,2;1,0;2,1;0,0' });
      assert((await status(page)) === 'X wins', `Connect Four status ${await status(page)}`);
      await shot(page, `connect4-win-${tag}.png`);

      await page.click('#btn-help');
      await page.waitForSelector('#help-dialog[open]');
      await shot(page, `help-${tag}.png`);
      await page.click('#help-close');
    });
  }
}

// No test may hang the run: one that takes longer than this fails.
const TEST_TIMEOUT_MS = 180000;

function withTimeout(promise, ms, name) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no answer after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hypertac-chromium-'));
  // The fresh profile directory is Chromium's --user-data-dir.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 820 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  let passed = 0;
  let failed = 0;
  const only = process.env.ONLY;
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const page = await browser.newPage();
    page.setDefaultTimeout(15000);
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    try {
      await page.goto(BASE);
      await page.waitForSelector('body[data-ready="true"]');
      await withTimeout(t.body(page), TEST_TIMEOUT_MS, t.name);
      if (problems.length) throw new Error(problems.join('; '));
      passed += 1;
      console.log(`ok - ${t.name}`);
    } catch (e) {
      failed += 1;
      console.log(`not ok - ${t.name}: ${e.message.split('\n')[0]}`);
      try { await page.screenshot({ path: path.join(SHOTS, `failed-${passed + failed}.png`) }); } catch (_) { /* ignore */ }
    }
    await withTimeout(page.close(), 10000, 'closing the page').catch(() => {});
  }
  await withTimeout(browser.close(), 20000, 'closing the browser').catch(() => {});
  fs.rmSync(profile, { recursive: true, force: true });
  for (const line of cellSizes) console.log(`# 4D cell size ${line}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
