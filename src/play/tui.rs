//! The full-screen terminal UI: an event loop over keys, mouse and resizes,
//! with the computer searching on a thread (interruptible through the
//! budget's stop flag) while a spinner turns.

use super::command::{self, Command};
use super::help;
use super::pager;
use super::replay::Replay;
use super::review::{ReviewShown, ReviewWorker};
use super::scores::{ColumnScores, ScoreWorker};
use super::values::{self, ShownValues, ValueWorker};
use super::view::{self, BoardView, Prompt, Ui};
use super::{render, Settings};
use crate::session::{MoveError, MoveInput, Search, Session, SessionError};
use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use hypertac_ai::{Budget, Choice};
use hypertac_core::{Player, Position};
use hypertac_store::StoreError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a move after the end says.
const GAME_OVER: &str = "the game is over: n starts a new game, u takes back";

/// Most events handled between two draws.
const BATCH: usize = 4096;

/// How long the batch loop waits for the next key already on its way.
const WAITING: Duration = Duration::from_millis(1);

/// Most bytes typed at the `:` prompt (as plain mode's longest line).
const MAX_PROMPT: usize = 4096;

/// The answer to a y/n question: `Some(true)` for y, `Some(false)` for n or
/// Esc, `None` for any other key.
fn answer(key: KeyEvent) -> Option<bool> {
    match key.code {
        KeyCode::Char('y' | 'Y') => Some(true),
        KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(false),
        _ => None,
    }
}

/// How often the screen refreshes while waiting (spinner speed).
const TICK: Duration = Duration::from_millis(100);

/// Runs the terminal UI; returns the exit code.
pub fn run(session: Session, notice: String, settings: Settings) -> i32 {
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hypertac: cannot start the terminal UI ({e}); try --plain");
            return 1;
        }
    };
    let _ = crossterm::execute!(std::io::stdout(), EnableMouseCapture, EnableBracketedPaste);
    let mut app = App::new(session, notice, settings);
    let result = app.run(&mut terminal);
    let _ = crossterm::execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture
    );
    ratatui::restore();
    match result {
        Ok(()) => {
            println!("{}", command::status_line(&app.session));
            println!("the game is saved; run hypertac to continue");
            0
        }
        Err(e) => {
            eprintln!("hypertac: {e}");
            1
        }
    }
}

/// A computer search running on another thread.
struct Thinking {
    result: Receiver<Option<Choice>>,
    stop: Arc<AtomicBool>,
    player: Player,
    /// A hint for the human, not the computer's own move.
    hint: bool,
}

struct App {
    session: Session,
    ui: Ui,
    settings: Settings,
    board: BoardView,
    thinking: Option<Thinking>,
    next_computer_move: Instant,
    quit: bool,
    /// The Connect Four solver's thread, started by the first `s`.
    scores: Option<ScoreWorker>,
    /// The analyser's thread, started by the first `v`.
    values: Option<ValueWorker>,
    /// The review under way (`:review`), until its lines arrive.
    review: Option<ReviewWorker>,
    /// A reviewed game stepped through on the board (← → on the review).
    replay: Option<Replay>,
    /// The terminal's size at the last draw (columns, rows).
    screen: (u16, u16),
}

impl App {
    fn new(session: Session, notice: String, settings: Settings) -> App {
        let ui = Ui {
            message: notice,
            ..Ui::at_last_move(session.position())
        };
        App {
            session,
            ui,
            settings,
            board: BoardView::TooSmall,
            thinking: None,
            next_computer_move: Instant::now(),
            quit: false,
            scores: None,
            values: None,
            review: None,
            replay: None,
            screen: (80, 24),
        }
    }

    fn run(&mut self, terminal: &mut ratatui::DefaultTerminal) -> std::io::Result<()> {
        while !self.quit {
            self.start_thinking();
            self.finish_thinking();
            self.update_scores();
            let was_slice = self.board.is_slice();
            self.update_values();
            self.update_review();
            self.update_replay();
            terminal.draw(|frame| {
                let area = frame.area();
                self.screen = (area.width, area.height);
                self.board = self.draw(frame);
            })?;
            if !was_slice && self.board.is_slice() && self.show_last_move() {
                continue;
            }
            if event::poll(TICK)? {
                // Everything already waiting (a paste arriving as keys) is
                // handled before the next draw, a bounded batch at a time.
                // The terminal is polled level-triggered (crossterm's
                // `use-dev-tty`): its default edge-triggered source left a
                // long paste's later kilobytes unread until the next key.
                // A zero timeout there never reads, hence `WAITING`.
                for _ in 0..BATCH {
                    self.event(event::read()?);
                    if self.quit || !event::poll(WAITING)? {
                        break;
                    }
                }
            } else if let Some(frame) = self.ui.thinking.as_mut() {
                *frame += 1;
            }
        }
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Draws the screen: the game, or the board of a replay.
    fn draw(&self, frame: &mut ratatui::Frame) -> BoardView {
        match &self.replay {
            Some(r) => view::draw(frame, &r.session, &replay_ui(r)),
            None => view::draw(frame, &self.session, &self.ui),
        }
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Paste(text) => self.paste(&text),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                if let Some(coords) = self.board.cell_at(m.column, m.row) {
                    if self.ui.prompt.is_none()
                        && self.thinking.is_none()
                        && self.ui.help.is_none()
                        && self.ui.review.is_none()
                        && self.replay.is_none()
                    {
                        self.ui.cursor = coords;
                        self.place();
                    }
                }
            }
            _ => {}
        }
    }

    /// A paste (bracketed by the terminal): its first line goes into the
    /// `:` prompt, opened for it when closed.
    fn paste(&mut self, text: &str) {
        if self.ui.help.is_some() || self.ui.review.is_some() || self.replay.is_some() {
            return;
        }
        let line = text.lines().next().unwrap_or("");
        match &mut self.ui.prompt {
            Some(Prompt::Command(_)) => {}
            None => self.ui.prompt = Some(Prompt::Command(String::new())),
            Some(_) => return,
        }
        for c in line.chars() {
            if !self.type_char(c) {
                break;
            }
        }
    }

    /// Adds a character to the `:` prompt; false (and a message) when the
    /// prompt is full.
    fn type_char(&mut self, c: char) -> bool {
        let Some(Prompt::Command(text)) = &mut self.ui.prompt else {
            return false;
        };
        if text.len() + c.len_utf8() > MAX_PROMPT {
            self.ui.message =
                format!("error: a command is at most {MAX_PROMPT} bytes; the rest was left out");
            return false;
        }
        if !c.is_control() {
            text.push(c);
        }
        true
    }

    /// Keeps the shown Connect Four scores on the current position: asks
    /// the solver's thread for a new position, takes in its answers.
    fn update_scores(&mut self) {
        let Some(shown) = self.ui.scores.as_mut() else {
            return;
        };
        let worker = self.scores.get_or_insert_with(ScoreWorker::start);
        while let Some((pos, scores)) = worker.poll() {
            if pos == shown.pos {
                shown.scores = Some(scores);
            }
        }
        let pos = hypertac_core::notation::format_columns(self.session.position()).ok();
        match pos {
            Some(pos) if pos != shown.pos => {
                worker.request(&pos);
                *shown = ColumnScores { pos, scores: None };
            }
            Some(_) => {}
            None => self.ui.scores = None,
        }
    }

    /// Keeps the shown values on the current position (see `values.rs`).
    fn update_values(&mut self) {
        let Some(shown) = self.ui.values.as_mut() else {
            return;
        };
        let worker = self.values.get_or_insert_with(ValueWorker::start);
        let mut arrived = false;
        while let Some((moves, analysis, more)) = worker.poll() {
            if moves == shown.moves {
                (shown.reasons, shown.why) = values::reasons(self.session.position(), &analysis);
                shown.analysis = Some(analysis);
                shown.working = more;
                arrived = true;
            }
        }
        let pos = self.session.position();
        if shown.moves != pos.moves() {
            *shown = ShownValues {
                moves: pos.moves().to_vec(),
                analysis: None,
                working: !pos.is_over(),
                reasons: Vec::new(),
                why: None,
            };
            if pos.is_over() {
                worker.stop();
            } else {
                worker.request(pos);
            }
        }
        if arrived {
            if let Some(text) = self.values_message() {
                self.ui.message = text;
            }
        }
    }

    /// Takes in the review's lines when they arrive (and opens them); a
    /// review whose game changed meanwhile is stopped and dropped.
    fn update_review(&mut self) {
        let Some(worker) = &self.review else {
            return;
        };
        if worker.moves != self.session.position().moves() {
            self.review = None;
            self.ui.message = "review stopped: the game changed (type :review again)".into();
            return;
        }
        let Some(answer) = worker.poll() else {
            return;
        };
        let moves = worker.moves.len();
        self.review = None;
        match answer {
            Ok(text) => {
                self.ui.message = text.summary.clone();
                self.ui.review = Some(ReviewShown {
                    lines: text.lines(),
                    steps: text.steps,
                    lines_of_play: text.lines_of_play,
                    moves,
                    scroll: 0,
                });
            }
            Err(e) => self.ui.message = format!("error: {e}"),
        }
    }

    /// Starts the review of the game so far on its own thread.
    fn start_review(&mut self) {
        let pos = self.session.position();
        if pos.moves().is_empty() {
            self.ui.message = "error: no move to review yet".into();
            return;
        }
        self.review = Some(ReviewWorker::start(pos));
        self.ui.message = format!(
            "review: proving the value before and after each of the {} moves (up to {} s each)… Esc stops it",
            pos.moves().len(),
            super::review::PER_POSITION.as_secs()
        );
    }

    /// The values' summary, with why the move under the cursor wins or
    /// loses where threats show it, else the certificate's reason.
    fn values_message(&self) -> Option<String> {
        let shown = self.ui.values.as_ref()?;
        let analysis = shown.analysis.as_ref()?;
        let pos = self.session.position();
        let rules = pos.rules();
        let under = self.ui.cursor_cell(pos).and_then(|c| {
            shown.why_at(c).map(|w| {
                format!(
                    "why {}: {w}",
                    hypertac_core::notation::format_move(rules, c)
                )
            })
        });
        let why = under.or_else(|| {
            analysis
                .reason
                .as_ref()
                .map(|r| r.words(rules))
                .or_else(|| shown.why.clone())
                .map(|w| format!("why: {w}"))
        });
        let mut summary = shown.summary();
        if !shown.working && !analysis.complete() {
            // The worker's rounds are over; its table is kept, so hiding
            // and showing the values again goes on where it stopped.
            summary.push_str(" (v twice works on)");
        }
        Some(match why {
            Some(why) => format!("{summary}  {why}"),
            None => summary,
        })
    }

    fn toggle_values(&mut self) {
        self.ui.values = match self.ui.values {
            Some(_) => {
                if let Some(w) = self.values.as_mut() {
                    w.stop();
                }
                self.ui.message = "values hidden".into();
                None
            }
            None => {
                self.ui.message = "values: working out each move's value…".into();
                Some(ShownValues::asked())
            }
        };
    }

    fn toggle_scores(&mut self) {
        if !self.session.rules().is_connect4() {
            self.ui.message = "scores are for Connect Four only".into();
            return;
        }
        self.ui.scores = match self.ui.scores {
            Some(_) => None,
            // An impossible column string: the next update asks for the real one.
            None => Some(ColumnScores {
                pos: "-".into(),
                scores: None,
            }),
        };
    }

    fn start_thinking(&mut self) {
        if self.thinking.is_some()
            || self.ui.prompt.is_some()
            || Instant::now() < self.next_computer_move
        {
            return;
        }
        if let Some(search) = self.session.search() {
            self.spawn(search, false);
        }
    }

    /// Runs a search on a thread under the time budget and a stop flag.
    fn spawn(&mut self, search: Search, hint: bool) {
        let stop = Arc::new(AtomicBool::new(false));
        let budget = Budget {
            deadline: Some(Instant::now() + Duration::from_millis(self.settings.time_ms)),
            stop: Some(stop.clone()),
        };
        let (tx, rx) = mpsc::channel();
        let player = search.position.to_move();
        std::thread::spawn(move || {
            let _ = tx.send(search.run(&budget));
        });
        self.thinking = Some(Thinking {
            result: rx,
            stop,
            player,
            hint,
        });
        self.ui.thinking = Some(0);
    }

    fn finish_thinking(&mut self) {
        let Some(t) = &self.thinking else { return };
        let choice = match t.result.try_recv() {
            Ok(choice) => choice,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => None,
        };
        let (player, hint) = (t.player, t.hint);
        self.thinking = None;
        self.ui.thinking = None;
        let Some(choice) = choice else { return };
        if hint {
            self.show_hint(choice);
            return;
        }
        match self.session.play(choice.cell) {
            Ok(_) => {
                let mut text = command::move_line(&self.session, player, choice.cell);
                if !choice.reason.is_empty() {
                    text.push_str(&format!(
                        " ({})",
                        crate::words::reason(player, &choice.reason)
                    ));
                }
                // A board shown one slice at a time shows the reply's slice.
                if self.board.is_slice() {
                    self.show_last_move();
                }
                self.after_change(text);
                if self.session.sides().iter().all(|s| s.level().is_some()) {
                    self.next_computer_move =
                        Instant::now() + Duration::from_millis(self.settings.delay_ms);
                }
            }
            Err(e) => self.show_error(e),
        }
    }

    /// Puts the cursor on the hint or else the last move, so a board shown
    /// one slice at a time shows that slice; true when the cursor moved.
    fn show_last_move(&mut self) -> bool {
        let pos = self.session.position();
        let Some(cell) = self.ui.hint.or(pos.last_move()) else {
            return false;
        };
        let coords = pos.rules().shape().coords(cell);
        let moved = coords != self.ui.cursor;
        self.ui.cursor = coords;
        self.ui.settle(pos);
        moved
    }

    /// Shows a failed move; when another process changed the game, shows the
    /// stored game instead of ours.
    fn show_error(&mut self, e: SessionError) {
        if matches!(e, SessionError::Store(StoreError::Changed)) {
            // A failed re-read leaves our game on screen; the message says why.
            let _ = self.session.sync_with_store();
            self.ui = Ui::new(self.session.position());
        }
        self.ui.message = format!("error: {e}");
    }

    /// Stops a running search and forgets its result.
    fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.ui.thinking = None;
    }

    fn after_change(&mut self, text: String) {
        let pos = self.session.position();
        let mut lines = vec![text];
        lines.extend(render::outcome_lines(pos));
        if pos.is_over() {
            lines.push("n: new game, u: undo".into());
        }
        self.ui.message = lines.join("  ");
        self.ui.hint = None;
        self.ui.settle(self.session.position());
    }

    fn key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if let Some(prompt) = self.ui.prompt.clone() {
            self.prompt_key(prompt, key);
            return;
        }
        if let Some(scroll) = self.ui.help {
            self.help_key(scroll, key);
            return;
        }
        if self.replay.is_some() {
            self.replay_key(key);
            return;
        }
        if self.ui.review.is_some() {
            self.review_key(key);
            return;
        }
        if key.code == KeyCode::F(1) {
            self.ui.help = Some(0);
            return;
        }
        if self.thinking.is_some() && self.key_while_thinking(key) {
            return;
        }
        // Esc stops a review (after the computer's thinking, whose move
        // would drop the review anyway); what is known so far shows.
        if key.code == KeyCode::Esc {
            if let Some(worker) = &self.review {
                worker.stop();
                self.ui.message = "review: stopping, showing what is known so far…".into();
                return;
            }
        }
        let d = self.session.rules().shape().dims();
        let connect4 = self.session.rules().is_connect4();
        let columns = render::number_keys(self.session.rules());
        if let (KeyCode::Char(c @ '1'..='9'), Some(n)) = (key.code, columns) {
            let column = c as u32 - '0' as u32;
            if column > n {
                self.ui.message =
                    format!("error: column {column} does not exist: columns are 1 to {n}");
            } else {
                self.ui.cursor[0] = column - 1;
                self.ui.settle(self.session.position());
                self.place();
            }
            return;
        }
        if key.code == KeyCode::Char('s') && connect4 {
            self.toggle_scores();
            return;
        }
        if key.code == KeyCode::Char('v') {
            self.toggle_values();
            return;
        }
        match key.code {
            KeyCode::Left | KeyCode::Char('h') => self.step(0, -1),
            KeyCode::Right | KeyCode::Char('l') => self.step(0, 1),
            KeyCode::Up | KeyCode::Char('k') => self.step(1, -1),
            KeyCode::Down | KeyCode::Char('j') => self.step(1, 1),
            KeyCode::Char('a') => self.step(2, -1),
            KeyCode::Char('d') => self.step(2, 1),
            KeyCode::Char('w') => self.step(3, -1),
            KeyCode::Char('s') => self.step(3, 1),
            KeyCode::PageUp => self.step(self.ui.extra_axis, -1),
            KeyCode::PageDown => self.step(self.ui.extra_axis, 1),
            KeyCode::Tab if d > 5 => {
                self.ui.extra_axis = if self.ui.extra_axis + 1 >= d {
                    4
                } else {
                    self.ui.extra_axis + 1
                };
                self.ui.message = format!(
                    "PgUp/PgDn move along {}",
                    render::axis_letter(self.ui.extra_axis)
                );
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.place(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('r') => self.run_command(Command::Redo),
            KeyCode::Char('?') => self.hint(),
            KeyCode::Char('n') => self.ui.prompt = Some(Prompt::NewGame),
            KeyCode::Char(':') => self.ui.prompt = Some(Prompt::Command(String::new())),
            KeyCode::Char('q') => self.quit = true,
            // Esc stops the computer's thinking (above); a moment late it
            // must not quit, so here it only clears a hint.
            KeyCode::Esc => self.ui.hint = None,
            _ => {}
        }
    }

    /// A key while the computer searches: Esc/Enter/space make it move now,
    /// u takes back, q quits, cursor keys move on; true when the key was
    /// handled here (other keys are not game keys meanwhile).
    fn key_while_thinking(&mut self, key: KeyEvent) -> bool {
        match key.code {
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char(' ') => {
                if let Some(t) = &self.thinking {
                    t.stop.store(true, Ordering::Relaxed);
                }
            }
            KeyCode::Char('u') => {
                self.cancel_thinking();
                self.undo();
            }
            KeyCode::Char('q') => self.quit = true,
            // The cursor still moves and scores toggle while it thinks.
            KeyCode::Left
            | KeyCode::Right
            | KeyCode::Up
            | KeyCode::Down
            | KeyCode::PageUp
            | KeyCode::PageDown
            | KeyCode::Char('h' | 'j' | 'k' | 'l' | 'a' | 'd' | 'w' | 's') => return false,
            _ => {
                self.ui.message =
                    "the computer is thinking: Esc makes it move now, u takes back, q quits".into();
            }
        }
        true
    }

    /// A key on the help screen: arrows and pages scroll, any other key closes it.
    fn help_key(&mut self, scroll: usize, key: KeyEvent) {
        let (width, height) = self.screen;
        let lines = help::lines(&self.session, width).len();
        self.ui.help = pager::scrolled(key.code, scroll, lines, height);
    }

    /// A key on the review's screen: ← → (h l) step through the game on
    /// the board from its first or last move, arrows and pages scroll, any
    /// other key closes it.
    fn review_key(&mut self, key: KeyEvent) {
        let (width, height) = self.screen;
        let Some(review) = self.ui.review.as_mut() else {
            return;
        };
        let start = match key.code {
            KeyCode::Right | KeyCode::Char('l') => Some(1),
            KeyCode::Left | KeyCode::Char('h') => Some(review.moves),
            _ => None,
        };
        if let Some(ply) = start {
            let shown = review.clone();
            match Replay::new(self.session.position(), &self.session, shown, ply) {
                Ok(replay) => {
                    self.replay = Some(replay);
                    self.ui.review = None;
                }
                Err(e) => self.ui.message = format!("error: {e}"),
            }
            return;
        }
        let lines = pager::wrapped(&review.lines, width).len();
        match pager::scrolled(key.code, review.scroll, lines, height) {
            Some(scroll) => review.scroll = scroll,
            None => self.ui.review = None,
        }
    }

    /// A key while stepping through a reviewed game: ← → (h l) a move,
    /// Home End the start and the end, Esc or q back to the review's page
    /// (the key line says so); other keys do nothing.
    fn replay_key(&mut self, key: KeyEvent) {
        let Some(replay) = self.replay.as_mut() else {
            return;
        };
        let ply = match key.code {
            KeyCode::Right | KeyCode::Char('l') => replay.ply + 1,
            KeyCode::Left | KeyCode::Char('h') => replay.ply.saturating_sub(1),
            KeyCode::Home | KeyCode::Char('g') => 0,
            KeyCode::End | KeyCode::Char('G') => replay.plies(),
            KeyCode::Esc | KeyCode::Char('q') => {
                self.ui.review = self.replay.take().map(|r| r.review);
                return;
            }
            _ => return,
        };
        if let Err(e) = replay.go(ply, &self.session) {
            self.ui.message = format!("error: {e}");
        }
    }

    /// Drops a replay whose game changed (the computer's move).
    fn update_replay(&mut self) {
        if let Some(r) = &self.replay {
            if r.moves() != self.session.position().moves() {
                self.replay = None;
                self.ui.message = "replay closed: the game changed (type :review again)".into();
            }
        }
    }

    fn prompt_key(&mut self, prompt: Prompt, key: KeyEvent) {
        match prompt {
            Prompt::Command(text) => match key.code {
                KeyCode::Esc => self.ui.prompt = None,
                KeyCode::Enter => {
                    self.ui.prompt = None;
                    self.command_line(&text);
                }
                KeyCode::Backspace => {
                    if let Some(Prompt::Command(text)) = &mut self.ui.prompt {
                        text.pop();
                    }
                }
                KeyCode::Char(c) => {
                    self.type_char(c);
                }
                _ => {}
            },
            // A question takes y or n (Esc is no); other keys are not game
            // keys while it is asked.
            Prompt::Overwrite(name) => match answer(key) {
                Some(true) => {
                    self.ui.prompt = None;
                    self.run_command(Command::Save { name, force: true });
                }
                Some(false) => {
                    self.ui.prompt = None;
                    self.ui.message = "not saved".into();
                }
                None => {}
            },
            Prompt::NewGame => match answer(key) {
                Some(true) => {
                    self.ui.prompt = None;
                    self.run_command(Command::New(None));
                }
                Some(false) => self.ui.prompt = None,
                None => {}
            },
        }
    }

    fn command_line(&mut self, text: &str) {
        match command::parse(text) {
            Ok(Some(Command::Quit)) => self.quit = true,
            Ok(Some(Command::Help)) => self.ui.help = Some(0),
            Ok(Some(Command::Board)) | Ok(None) => {}
            Ok(Some(cmd)) => self.run_command(cmd),
            Err(e) => self.ui.message = format!("error: {e}"),
        }
    }

    fn run_command(&mut self, cmd: Command) {
        if cmd == Command::Analyze {
            if self.ui.values.is_none() {
                self.toggle_values();
            }
            return;
        }
        if cmd == Command::Review {
            // A review proves every position of the game (up to two
            // minutes): on its own thread, the keys stay with the player.
            self.start_review();
            return;
        }
        if let Command::Save { name, force: false } = &cmd {
            // A name that cannot be saved is said before any question.
            if let Err(e) = hypertac_store::validate_name(name) {
                self.ui.message = format!("error: {e}");
                return;
            }
            if self
                .session
                .store()
                .is_some_and(|s| s.exists(name).unwrap_or(false))
            {
                self.ui.prompt = Some(Prompt::Overwrite(name.clone()));
                return;
            }
        }
        let rules_before = self.session.rules().clone();
        match command::apply(&mut self.session, &cmd, self.settings.time_ms) {
            Ok(lines) => {
                if self.session.rules() != &rules_before || matches!(cmd, Command::Load(_)) {
                    self.ui = Ui::at_last_move(self.session.position());
                }
                self.after_change(lines.join("  "));
                self.next_computer_move = Instant::now();
            }
            Err(e) => {
                // The game may have been reloaded from the store (see command::apply).
                if self.session.rules() != &rules_before {
                    self.ui = Ui::new(self.session.position());
                }
                self.ui.message = format!("error: {e}");
            }
        }
    }

    fn step(&mut self, axis: usize, delta: i64) {
        let pos = self.session.position();
        let shape = pos.rules().shape();
        if axis >= shape.dims() || pos.rules().gravity() == Some(axis) {
            return;
        }
        // Up on screen is down in y when y is drawn upwards.
        let delta = if render::flip_axis(pos) == Some(axis) {
            -delta
        } else {
            delta
        };
        let n = i64::from(shape.size(axis));
        let c = i64::from(self.ui.cursor[axis]) + delta;
        self.ui.cursor[axis] = c.clamp(0, n - 1) as u32;
        self.ui.settle(pos);
        if let Some(text) = self.values_message() {
            self.ui.message = text;
        }
    }

    fn place(&mut self) {
        let pos: &Position = self.session.position();
        let Some(cell) = self.ui.cursor_cell(pos) else {
            return;
        };
        let player = pos.to_move();
        // On gravity boards the cursor picks a column: the stone drops.
        match self.session.play_move(MoveInput::Pick(cell)) {
            Ok(played) => {
                self.after_change(command::move_line(&self.session, player, played));
            }
            Err(SessionError::BadMove(MoveError::GameOver)) => self.ui.message = GAME_OVER.into(),
            Err(e) => self.show_error(e),
        }
    }

    fn undo(&mut self) {
        self.run_command(Command::Undo);
    }

    fn hint(&mut self) {
        if self.session.position().is_over() {
            self.ui.message = "the game is over: no hint".into();
            return;
        }
        let search = self.session.hint_search();
        self.spawn(search, true);
    }

    fn show_hint(&mut self, choice: Choice) {
        let pos = self.session.position();
        self.ui.cursor = pos.rules().shape().coords(choice.cell);
        self.ui.hint = Some(choice.cell);
        self.ui.message = command::hint_text(pos, &choice);
    }
}

#[cfg(test)]
#[path = "tui_tests.rs"]
mod tests;

/// The screen's state for a replay's board: the cursor on the move last
/// played (the middle at the start), its review's lines in the message
/// line, the title and keys of a replay.
fn replay_ui(r: &Replay) -> Ui {
    let pos = r.session.position();
    let ui = match r.last_move() {
        Some(_) => Ui::at_last_move(pos),
        None => Ui::new(pos),
    };
    Ui {
        message: r.message(),
        replay: Some((r.ply, r.plies())),
        line: r.line_of_play(),
        ..ui
    }
}
