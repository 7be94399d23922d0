//! Rendering tests: the terminal UI drawn onto ratatui's `TestBackend`, compared as text.

use super::view::{self, BoardView, Ui};
use crate::session::{Session, Side};
use hypertac_core::Rules;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn session(game: &str, moves: &[&str]) -> Session {
    let rules = Rules::preset(game).unwrap();
    let mut s = Session::new(rules, [Side::Human, Side::Human], None).unwrap();
    for m in moves {
        s.play_move(crate::session::MoveInput::Text(m)).unwrap();
    }
    s
}

/// Draws the screen and returns its text (trailing spaces cut) and the board view.
fn screen(session: &Session, ui: &Ui, width: u16, height: u16) -> (String, BoardView) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut view = BoardView::TooSmall;
    terminal
        .draw(|frame| view = view::draw(frame, session, ui))
        .unwrap();
    let buf = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    (text, view)
}

/// Lines joined with newlines, each ending in one.
fn lines(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn ui_for(session: &Session, message: &str) -> Ui {
    Ui {
        message: message.into(),
        ..Ui::new(session.position())
    }
}

#[test]
fn tic_tac_toe_2d() {
    let s = session("tictactoe", &["0,0", "1,1", "2,0"]);
    let (text, view) = screen(&s, &ui_for(&s, "X plays 2,0"), 60, 9);
    let expected = lines(&[
        " O to move  Tic-tac-toe  X human vs O human  3 moves",
        " X . X",
        " . O .",
        " . . .",
        "",
        "",
        "X plays 2,0",
        "←→/hl x  ↑↓/kj y  Enter/click place  u undo  r redo  ? hint",
        "n new  : command  F1 help  q quit",
    ]);
    assert_eq!(text, expected);
    assert_eq!(view.cell_at(5, 1), Some(vec![2, 0]));
    assert_eq!(view.cell_at(4, 1), None);
}

#[test]
fn qubic_3d_layers_side_by_side() {
    let s = session("qubic", &["0,0,0", "1,1,1", "3,3,3"]);
    let (text, view) = screen(&s, &ui_for(&s, ""), 50, 10);
    let expected = lines(&[
        " O to move  Qubic  X human vs O human  3 moves",
        " z0        z1        z2        z3",
        " X . . .   . . . .   . . . .   . . . .",
        " . . . .   . O . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . X",
        "",
        "",
        "←→/hl x  ↑↓/kj y  a/d z  Enter/click place  u undo",
        "r redo  ? hint  n new  : command  F1 help  q quit",
    ]);
    assert_eq!(text, expected);
    assert_eq!(view.cell_at(1 + 20 + 2, 3), Some(vec![1, 1, 2]));
}

#[test]
fn four_d_grid_of_grids_with_a_win() {
    let s = session(
        "4d",
        &[
            "0,0,0,0", "0,1,0,0", "1,1,1,1", "0,2,0,0", "2,2,2,2", "0,3,0,0", "3,3,3,3",
        ],
    );
    let (text, _) = screen(&s, &ui_for(&s, "X wins"), 60, 30);
    let mut terminal = Terminal::new(TestBackend::new(60, 30)).unwrap();
    terminal
        .draw(|f| {
            view::draw(f, &s, &ui_for(&s, ""));
        })
        .unwrap();
    let buf = terminal.backend().buffer();
    // The winning diagonal is green; other stones are not.
    assert_eq!(buf[(1, 2)].bg, ratatui::style::Color::Green);
    assert_eq!(buf[(1 + 10 + 2, 9)].bg, ratatui::style::Color::Green);
    assert_ne!(buf[(1, 3)].bg, ratatui::style::Color::Green);
    let expected = lines(&[
        " X wins  4D four-in-a-row  X human vs O human  7 moves",
        " z0 w0     z1 w0     z2 w0     z3 w0",
        " X . . .   . . . .   . . . .   . . . .",
        " O . . .   . . . .   . . . .   . . . .",
        " O . . .   . . . .   . . . .   . . . .",
        " O . . .   . . . .   . . . .   . . . .",
        "",
        " z0 w1     z1 w1     z2 w1     z3 w1",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . X . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        "",
        " z0 w2     z1 w2     z2 w2     z3 w2",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . X .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        "",
        " z0 w3     z1 w3     z2 w3     z3 w3",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . .",
        " . . . .   . . . .   . . . .   . . . X",
        "",
        "",
        "",
        "X wins",
    ]);
    assert!(text.starts_with(&expected), "{text}");
}

#[test]
fn four_d_falls_back_to_compact_and_slice_views() {
    let s = session("4d", &["3,3,3,3"]);
    let (text, _) = screen(&s, &ui_for(&s, ""), 80, 24);
    // Compact: no header per grid, z and w named once at the edges.
    assert!(
        text.contains("\n    . . . .   . . . .   . . . .   . . . X\n"),
        "{text}"
    );
    assert!(!text.contains("z0 w0"), "{text}");
    assert!(
        text.contains("\n    z0        z1        z2        z3\n"),
        "{text}"
    );
    let mut ui = ui_for(&s, "");
    ui.cursor = vec![2, 3, 3, 3];
    let (text, view) = screen(&s, &ui, 40, 12);
    let expected = lines(&[
        " O to move  4D four-in-a-row",
        " slice z3 w3 of X's last move 3,3,3,3",
        " . . . .",
        " . . . .",
        " . . . .",
        " . . o X",
    ]);
    assert!(text.starts_with(&expected), "{text}");
    assert_eq!(view.cell_at(1 + 6, 5), Some(vec![3, 3, 3, 3]));
}

#[test]
fn connect_four_is_drawn_bottom_up_with_the_landing_cell() {
    let s = session("connect4", &["4", "4", "3"]);
    let (text, view) = screen(&s, &ui_for(&s, "X plays 3"), 40, 12);
    let expected = lines(&[
        " O to move  Connect Four",
        " . . . . . . .",
        " . . . . . . .",
        " . . . . . . .",
        " . . . o . . .",
        " . . . O . . .",
        " . . X X . . .",
        " 1 2 3 4 5 6 7",
        "",
        "X plays 3",
        "arrows move  1-7 drop  s scores  u undo",
        "? hint  F1 help  q quit",
    ]);
    assert_eq!(text, expected);
    // Without a spare row the column numbers give way to the message.
    let (tight, _) = screen(&s, &ui_for(&s, "X plays 3"), 40, 10);
    let tight: Vec<&str> = tight.lines().collect();
    assert_eq!(tight[6], " . . X X . . .");
    assert_eq!(tight[7], "X plays 3");
    assert_eq!(view.cell_at(1 + 6, 6), Some(vec![3, 0]));
    assert_eq!(view.cell_at(1 + 6, 5), Some(vec![3, 1]));
    assert_eq!(view.cell_at(1 + 6, 1), Some(vec![3, 5]));
}

#[test]
fn a_too_small_terminal_gets_a_message() {
    let s = session("4d", &[]);
    let (text, view) = screen(&s, &ui_for(&s, ""), 20, 6);
    assert_eq!(view, BoardView::TooSmall);
    assert_eq!(text, "terminal too small,\nneed 24x9 (have\n20x6)\n\n\n\n");
    let s = session("tictactoe", &[]);
    let (text, _) = screen(&s, &ui_for(&s, ""), 8, 3);
    assert_eq!(text, "terminal\ntoo\nsmall,\n");
    for (w, h) in [(1, 1), (0, 0), (3, 40), (200, 2)] {
        screen(&s, &ui_for(&s, ""), w, h);
    }
}

#[test]
fn the_key_line_at_40x12_keeps_every_key_whole() {
    let s = session("4d", &["1,1,1,1"]);
    let (text, _) = screen(&s, &ui_for(&s, "X plays 1,1,1,1"), 40, 12);
    let expected = lines(&[
        " O to move  4D four-in-a-row",
        " slice z1 w1 of X's last move 1,1,1,1",
        " . . . .",
        " . X . .",
        " . . . .",
        " . . . .",
        "",
        "",
        "",
        "X plays 1,1,1,1",
        "arrows move  adws z/w  Enter place",
        "u undo  ? hint  F1 help  q quit",
    ]);
    assert_eq!(text, expected);
    // Wide enough, the whole list in two lines.
    let (text, _) = screen(&s, &ui_for(&s, ""), 80, 30);
    let last: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(
        last,
        [
            ": command  F1 help  q quit",
            "←→/hl x  ↑↓/kj y  a/d z  w/s w  Enter/click place  u undo  r redo  ? hint  n new",
        ]
    );
}

fn help_ui(s: &Session, scroll: usize) -> Ui {
    Ui {
        help: Some(scroll),
        ..ui_for(s, "")
    }
}

/// The help at `width` x `height`, scrolled through to its end: every page,
/// and every line of the help on one of them.
fn help_pages(s: &Session, width: u16, height: u16) -> Vec<String> {
    let last = super::help::max_scroll(s, width, height);
    let mut pages = Vec::new();
    let mut scroll = 0;
    loop {
        let (text, view) = screen(s, &help_ui(s, scroll), width, height);
        assert_eq!(view, BoardView::TooSmall);
        for line in text.lines() {
            assert!(line.chars().count() <= usize::from(width), "{line:?}");
        }
        pages.push(text);
        if scroll >= last {
            break;
        }
        scroll = (scroll + super::pager::page_step(height)).min(last);
    }
    let all = pages.concat();
    for line in super::help::lines(s, width) {
        assert!(all.contains(line.trim_end()), "{line:?} never shown");
    }
    pages
}

#[test]
fn the_help_fits_80x24_with_every_command() {
    let s = session("connect4", &["4"]);
    let pages = help_pages(&s, 80, 24);
    assert_eq!(pages.len(), 2, "{pages:#?}");
    let expected = lines(&[
        " hypertac help  (lines 1-22 of 39)",
        " how to win",
        "  The first to get 4 in a row wins. A row is 4 cells in a straight line: across,",
        "  up and down, or diagonally. Stones drop to the lowest free cell of their",
        "  column.",
        "",
        " keys",
        "  ← → h l       choose the column",
        "  Enter Space   drop a stone in the cursor's column",
        "  mouse click   drop a stone in that column",
        "  1-7           drop a stone in that column",
        "  s             show or hide the solver's score of every column",
        "  v             show or hide each move's value on the board (W D L ?)",
        "  u  r          undo (to your last move) / redo",
        "  ?             hint: the computer's best move",
        "  n             new game with the same rules",
        "  :             type a command (the list below)",
        "  Esc           while the computer thinks: move now; closes a question",
        "  F1            this help",
        "  q  Ctrl-C     quit; the game is saved and resumes next time",
        "",
        " commands (type : first)",
        "  1-7           drop a stone in that column (counted from 1)",
        "↑↓ PgUp PgDn scroll  q or Esc closes (any other key too)",
    ]);
    assert_eq!(pages[0], expected);
    assert!(pages[1].starts_with(" hypertac help  (lines 18-39 of 39)\n"));
    assert!(pages[1].contains("\n  quit          leave; the game stays saved"));
    // Connect Four speaks of columns, never of x or coordinates from 0.
    let all = pages.concat();
    assert!(!all.contains("from 0") && !all.contains("along x"), "{all}");
}

#[test]
fn the_help_fits_40x12_and_scrolls() {
    let s = session("4d", &[]);
    let pages = help_pages(&s, 40, 12);
    assert!(pages.len() >= 4, "{pages:#?}");
    let expected = lines(&[
        " help  lines 1-10 of 62",
        " how to win",
        "  The first to get 4 in a row wins. A",
        "  row is 4 cells in a straight line",
        "  along any axis or any diagonal, across",
        "  the grids as well as inside one:",
        "  0,0,0,0 1,1,1,1 2,2,2,2 3,3,3,3 is",
        "  one, through four grids.",
        "",
        " keys",
        "  ← → h l   move the cursor along x",
        "↑↓ PgUp PgDn scroll  q closes",
    ]);
    assert_eq!(pages[0], expected);
    assert!(pages
        .last()
        .unwrap()
        .contains("  quit      leave; the game stays"));
}

#[test]
fn the_help_says_what_a_line_is_on_its_first_screen() {
    for (game, words) in [
        (
            "qubic",
            "0,0,0 1,1,1 2,2,2 3,3,3 is one, through four layers.",
        ),
        (
            "nd 4 5",
            "0,0,0,0,0 1,1,1,1,1 2,2,2,2,2 3,3,3,3,3 is one, through",
        ),
        ("tictactoe", "across, up and down, or diagonally."),
    ] {
        let s = session(game, &[]);
        let (text, _) = screen(&s, &help_ui(&s, 0), 80, 24);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(words), "{game}\n{text}");
        assert!(
            text.contains("any diagonal") || game == "tictactoe",
            "{text}"
        );
    }
}

#[test]
fn a_short_help_needs_no_scrolling() {
    let s = session("tictactoe", &[]);
    let (text, _) = screen(&s, &help_ui(&s, 5), 80, 40);
    assert!(text.starts_with(" hypertac help\n how to win\n"), "{text}");
    assert!(text.ends_with("q, Esc or any key closes\n"), "{text}");
}

#[test]
fn connect_four_scores_sit_right_of_the_board() {
    let s = session("connect4", &["4", "4"]);
    let mut ui = ui_for(&s, "");
    ui.scores = Some(super::scores::ColumnScores {
        pos: "44".into(),
        scores: Some(vec![
            Some(-2),
            Some(0),
            Some(1),
            Some(2),
            Some(1),
            Some(0),
            None,
        ]),
    });
    let (text, _) = screen(&s, &ui, 50, 12);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], " X to move  Connect Four  X human vs O human");
    assert_eq!(rows[1], " . . . . . . .   1 loss in 19");
    assert_eq!(rows[2], " . . . . . . .   2 draw");
    assert_eq!(rows[4], " . . . x . . .   4 win in 19 ◀ best");
    assert_eq!(rows[7], " 1 2 3 4 5 6 7   7 full");
    ui.scores = Some(super::scores::ColumnScores {
        pos: "44".into(),
        scores: None,
    });
    let (text, _) = screen(&s, &ui, 50, 12);
    assert!(
        text.contains(" . . . . . . .   scores: solving…\n"),
        "{text}"
    );
}

#[test]
fn four_d_at_80x24_keeps_its_z_and_w_labels() {
    let s = session("4d", &["1,1,1,1", "2,1,1,1", "2,1,2,1"]);
    let ui = Ui::at_last_move(s.position());
    assert_eq!(
        ui.cursor,
        [2, 1, 2, 1],
        "the cursor starts on the last move"
    );
    let (text, view) = screen(&s, &ui, 80, 24);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[1], "    z0        z1        z2        z3");
    assert_eq!(rows[2], " w0 . . . .   . . . .   . . . .   . . . .");
    assert_eq!(rows[8], "    . . . .   . X O .   . . X .   . . . .");
    assert_eq!(rows[12], " w2 . . . .   . . . .   . . . .   . . . .");
    assert_eq!(rows[17], " w3 . . . .   . . . .   . . . .   . . . .");
    // A click still finds its cell under the margin and header row.
    assert_eq!(view.cell_at(4, 2), Some(vec![0, 0, 0, 0]));
    assert_eq!(view.cell_at(16, 8), Some(vec![1, 1, 1, 1]));
    assert_eq!(view.cell_at(1, 2), None);
}

#[test]
fn qubic_at_40x12_names_only_its_axes() {
    let s = session("qubic", &[]);
    let (text, _) = screen(&s, &ui_for(&s, ""), 40, 12);
    assert!(text.contains("a/d z"), "{text}");
    assert!(!text.contains("adws") && !text.contains("z/w"), "{text}");
    let s = session("connect4-3d", &[]);
    let (text, _) = screen(&s, &ui_for(&s, ""), 40, 12);
    assert!(!text.contains("a/d z") && !text.contains("adws"), "{text}");
}

#[test]
fn a_long_message_wraps_into_the_free_rows() {
    let s = session("qubic", &[]);
    let message = "new game; your previous game was kept as \"game 2026-11-25 10.12\" (load game 2026-11-25 10.12 plays it on)";
    let (text, _) = screen(&s, &ui_for(&s, message), 40, 12);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[5], " . . . .   . . . .   . . . .   . . . .", "{text}");
    assert!(text.contains("plays it on)"), "{text}");
    assert!(
        text.contains("new game; your previous game was kept"),
        "{text}"
    );
    assert!(rows[10].starts_with("arrows move"), "{text}");
}

#[test]
fn five_d_whole_board_at_160x48() {
    let s = session("nd 4 5", &["0,0,0,0,0", "1,1,2,1,2", "3,3,3,3,3"]);
    let (text, view) = screen(&s, &ui_for(&s, "X plays 3,3,3,3,3"), 160, 48);
    let BoardView::Nested { layout, x, y, .. } = &view else {
        panic!("not the whole board:\n{text}");
    };
    assert_eq!((layout.width(), layout.height()), (157, 23), "{text}");
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    // Every one of the 1,024 cells is on screen, where a click finds it.
    let shape = s.rules().shape();
    for i in 0..shape.cell_count() {
        let coords = shape.coords(hypertac_core::Cell(i));
        let (c, r) = layout.place(&coords);
        let (col, row) = (*x + c as u16, *y + r as u16);
        assert_eq!(view.cell_at(col, row), Some(coords.clone()));
        let shown = rows[usize::from(row)].get(usize::from(col)).copied();
        let stone = match coords.as_slice() {
            [0, 0, 0, 0, 0] | [3, 3, 3, 3, 3] => 'X',
            [1, 1, 2, 1, 2] => 'O',
            _ => '.',
        };
        // The cursor's empty cell shows the ghost of O's stone.
        assert!(
            shown == Some(stone) || shown == Some('o'),
            "{coords:?}\n{text}"
        );
    }
    for header in ["z0 w0 v0", "z3 w0 v3", "z0 w3 v0", "z3 w3 v3"] {
        assert!(text.contains(header), "{header}\n{text}");
    }
    // Bars between the v blocks, and the screen's chrome still in place.
    assert_eq!(rows[3][usize::from(*x) + 38], '│', "{text}");
    assert!(text.starts_with(" O to move  5D four-in-a-row"), "{text}");
    assert!(text.contains("\nX plays 3,3,3,3,3\n"), "{text}");
}

#[test]
fn five_d_at_80x24_shows_the_last_moves_slice_and_says_so() {
    let s = session("nd 4 5", &["0,0,0,0,0", "1,1,2,1,2"]);
    let ui = view::Ui::at_last_move(s.position());
    let (text, view) = screen(&s, &ui, 80, 24);
    assert!(view.is_slice(), "{text}");
    let expected = lines(&[
        " X to move  5D four-in-a-row  X human vs O human  2 moves  cursor 1,1,2,1,2",
        " slice z2 w1 v2 of O's last move 1,1,2,1,2; whole board at 159x27",
        " . . . .",
        " . O . .",
        " . . . .",
        " . . . .",
    ]);
    assert!(text.starts_with(&expected), "{text}");
    // With the cursor moved to another slice, the header says whose it is.
    let mut ui = ui;
    ui.cursor[2] = 0;
    let (text, _) = screen(&s, &ui, 80, 24);
    assert!(
        text.contains("\n slice z0 w1 v2 of the cursor; whole board at 159x27\n"),
        "{text}"
    );
    // A hint shown in another slice: the header says so.
    ui.cursor = vec![3, 3, 0, 3, 3];
    ui.hint = s.rules().shape().cell(&[3, 3, 0, 3, 3]);
    let (text, _) = screen(&s, &ui, 80, 24);
    assert!(text.contains("\n slice z0 w3 v3 of the hint;"), "{text}");
    // A 159-column terminal shows it all; 158 does not.
    let (_, view) = screen(&s, &ui, 159, 27);
    assert!(!view.is_slice());
    let (_, view) = screen(&s, &ui, 158, 48);
    assert!(view.is_slice());
}

#[test]
fn a_long_error_keeps_its_reason_and_cuts_the_quote() {
    let input = "0,0,0,0,0 ".repeat(409);
    let text = format!(
        "error: bad move: {} is not a cell: expected 5 coordinates like 0,1,2,0,1",
        hypertac_core::notation::quote(&input)
    );
    for (width, rows) in [(100, 1), (80, 2), (40, 3), (160, 1)] {
        let lines = view::fit_message(&text, width, rows);
        assert!(lines.len() <= rows, "{lines:?}");
        assert!(
            lines.iter().all(|l| l.chars().count() <= width),
            "{lines:?}"
        );
        let joined = lines.join(" ");
        assert!(joined.starts_with("error: bad move: \"0,0"), "{joined}");
        assert!(joined.ends_with("like 0,1,2,0,1"), "{joined}");
        assert!(joined.contains("(4090 bytes)"), "{joined}");
    }
    // A message that fits is kept whole.
    assert_eq!(view::fit_message("X plays 1,2", 80, 1), ["X plays 1,2"]);
}
