//! Player words for the front ends (terminal, plain mode, web page): a game's
//! name instead of its rules text, a computer's reason in plain language
//! instead of the search's terms, the moves as a player types them.
//!
//! The engine (`hypertac_ai`) explains its choices in its own terms ("best by
//! search to depth 10"); this is the one place that turns them into what a
//! player means ("looks best"), so the terminal and the page say the same.

use hypertac_core::{notation, Player, Position, Rules, WinRule, PRESETS};

/// The game's name as players say it: "Connect Four", "Qubic",
/// "4D four-in-a-row", "5x5x5 four-in-a-row (lines wrap)"; the rules text
/// for boards without a better name.
pub fn game_name(rules: &Rules) -> String {
    let sizes = rules.shape().sizes();
    let d = sizes.len();
    let k = rules.k();
    let cube = sizes.iter().all(|&n| n == sizes[0]);
    let plain = rules.win() == WinRule::FirstToK && !rules.wrap();
    let base = match (rules.gravity(), plain) {
        _ if rules.is_connect4() => "Connect Four".to_string(),
        (Some(g), true) if sizes == [4, 4, 4] && k == 4 && g == 2 => "3D Connect Four".to_string(),
        (None, true) if sizes == [3, 3] && k == 3 => "Tic-tac-toe".to_string(),
        (None, true) if sizes == [4, 4, 4] && k == 4 => "Qubic".to_string(),
        (None, true) if sizes == [15, 15] && k == 5 => "Gomoku".to_string(),
        _ => {
            let board = if cube && d > 2 && sizes[0] == k {
                format!("{d}D")
            } else {
                rules.shape().to_string()
            };
            let mut name = format!("{board} {}-in-a-row", number_word(k));
            if let Some(g) = rules.gravity() {
                name.push_str(&format!(
                    ", stones drop along {}",
                    crate::play::render::axis_letter(g)
                ));
            }
            name
        }
    };
    match (rules.win(), rules.wrap()) {
        (WinRule::FirstToK, false) => base,
        (win, wrap) => {
            let mut notes = Vec::new();
            match win {
                WinRule::MostLines => notes.push("most lines wins"),
                WinRule::Anti => notes.push("k in a row loses"),
                WinRule::FirstToK => {}
            }
            if wrap {
                notes.push("lines wrap");
            }
            if plain {
                base
            } else {
                format!("{base} ({})", notes.join(", "))
            }
        }
    }
}

/// The name for a rules text as records store it (`7x6 k4 gravity 1` is
/// "Connect Four"); the text itself when no preset has these rules.
pub fn game_name_of_rules_text(text: &str) -> String {
    PRESETS
        .iter()
        .filter_map(|(name, _)| Rules::preset(name).ok())
        .find(|rules| rules.to_string() == text)
        .map_or_else(|| text.to_string(), |rules| game_name(&rules))
}

/// A preset as the New dialog lists it: "Connect Four: 7 wide, 6 high, 4 in
/// a row, stones drop" (no axis numbers).
pub fn preset_title(name: &str, description: &str) -> String {
    let about = preset_about(description);
    match Rules::preset(name) {
        Ok(rules) => format!("{}: {about}", game_name(&rules)),
        Err(_) => about,
    }
}

/// A preset's board in a player's words, without axis numbers: "7 wide, 6
/// high, 4 in a row, stones drop".
pub fn preset_about(description: &str) -> String {
    description
        .replace(" (gravity on axis 1)", "")
        .replace(
            "stones drop along the last axis",
            "stones drop to the bottom layer",
        )
        .replace(" (the default game)", "")
}

fn number_word(k: u32) -> String {
    const WORDS: [&str; 9] = [
        "", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(k as usize)
        .filter(|w| !w.is_empty())
        .map_or_else(|| k.to_string(), |w| w.to_string())
}

/// The computer's reason for a move by `mover`, in a player's words, never
/// with parentheses (front ends put a reason in them): "best by search to
/// depth 10" is "looks best", "X wins (proved)" is "proved: X wins". A
/// distance is said only where it is proved: "wins in 7" (a search that saw
/// the whole game) is "X can force a win in 7 moves", a threat sequence's
/// "forces a win in 7" (each of O's answers forced, a shorter win may
/// exist) is "X can force a win within 7 moves", and what a pruned search
/// sees ("search sees a win in 7") has no number: "X looks to be winning".
pub fn reason(mover: Player, text: &str) -> String {
    let them = mover.other();
    let moves = |n: &str| {
        if n == "1" {
            "1 move".to_string()
        } else {
            format!("{n} moves")
        }
    };
    if text.starts_with("best by search to depth") {
        return "looks best".into();
    }
    if text.starts_with("best first guess") {
        return "a quick guess: no time to look further".into();
    }
    if text == format!("{mover} wins (proved)") {
        return format!("proved: {mover} wins");
    }
    if text == format!("blocks one of {them}'s lines ({them} has two)") {
        return format!("blocks one of {them}'s two lines");
    }
    if text.starts_with("search sees a win in ") {
        return format!("{mover} looks to be winning");
    }
    if text.starts_with("search sees a loss in ") {
        return format!("{them} looks to be winning; this holds out longest");
    }
    if let Some(n) = text.strip_prefix("forces a win in ") {
        return format!("{mover} can force a win within {}", moves(n));
    }
    if text == "only sensible move" {
        return "the only sensible move".into();
    }
    if text == "makes a double threat: wins in 2" {
        return format!("two threats at once: {mover} wins next move");
    }
    if let Some(n) = text.strip_prefix("wins in ") {
        return format!("{mover} can force a win in {}", moves(n));
    }
    if let Some(n) = text
        .strip_prefix("holds out longest (loses in ")
        .and_then(|t| t.strip_suffix(')'))
    {
        return format!(
            "{them} can force a win in {}; this holds out longest",
            moves(n)
        );
    }
    if text.starts_with("perfect play: wins") {
        return format!("{mover} wins with perfect play");
    }
    if text.starts_with("perfect play: loses") {
        return format!("{them} wins with perfect play; this holds out longest");
    }
    if text == "perfect play: draws" {
        return "a draw with perfect play".into();
    }
    // Any other aside in parentheses becomes a clause.
    text.replace(" (", ": ").replace(['(', ')'], "")
}

/// The moves as a person types them: `1,1;0,2`, or on a 2-axis gravity
/// board the column string `4453`.
pub fn moves_text(pos: &Position) -> String {
    let rules = pos.rules();
    if rules.gravity().is_some() && rules.shape().dims() == 2 {
        if let Ok(columns) = notation::format_columns(pos) {
            return columns;
        }
    }
    pos.moves()
        .iter()
        .map(|&c| notation::format_move(rules, c))
        .collect::<Vec<_>>()
        .join(";")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(preset: &str) -> String {
        game_name(&Rules::preset(preset).unwrap())
    }

    #[test]
    fn games_by_name() {
        assert_eq!(name("connect4"), "Connect Four");
        assert_eq!(name("connect4-3d"), "3D Connect Four");
        assert_eq!(name("tictactoe"), "Tic-tac-toe");
        assert_eq!(name("qubic"), "Qubic");
        assert_eq!(name("4d"), "4D four-in-a-row");
        assert_eq!(name("gomoku"), "Gomoku");
        assert_eq!(name("nd 5 3"), "3D five-in-a-row");
        assert_eq!(name("nd 5 2"), "5x5 five-in-a-row");
        let rules = Rules::preset("qubic").unwrap().with_win(WinRule::MostLines);
        assert_eq!(game_name(&rules), "3D four-in-a-row (most lines wins)");
        let rules = Rules::new(hypertac_core::Shape::parse("5x5x5").unwrap(), 4).unwrap();
        assert_eq!(game_name(&rules), "5x5x5 four-in-a-row");
    }

    #[test]
    fn preset_titles_have_no_axis_numbers() {
        for (name, description) in hypertac_core::PRESETS {
            let title = preset_title(name, description);
            assert!(!title.contains("axis"), "{title}");
        }
        assert_eq!(
            preset_title("connect4", hypertac_core::PRESETS[3].1),
            "Connect Four: 7 wide, 6 high, 4 in a row, stones drop"
        );
    }

    #[test]
    fn stored_rules_texts_by_name() {
        assert_eq!(game_name_of_rules_text("7x6 k4 gravity 1"), "Connect Four");
        assert_eq!(game_name_of_rules_text("4x4x4x4 k4"), "4D four-in-a-row");
        assert_eq!(game_name_of_rules_text("5x5 k4"), "5x5 k4");
    }

    #[test]
    fn reasons_in_plain_words() {
        let x = Player::X;
        assert_eq!(reason(x, "best by search to depth 10"), "looks best");
        assert_eq!(
            reason(x, "best first guess (no time to search)"),
            "a quick guess: no time to look further"
        );
        assert_eq!(reason(x, "wins in 7"), "X can force a win in 7 moves");
        assert_eq!(
            reason(x, "forces a win in 3"),
            "X can force a win within 3 moves"
        );
        assert_eq!(reason(x, "search sees a win in 7"), "X looks to be winning");
        assert_eq!(
            reason(x, "search sees a loss in 7"),
            "O looks to be winning; this holds out longest"
        );
        assert_eq!(reason(x, "perfect play: draws"), "a draw with perfect play");
        assert_eq!(
            reason(Player::O, "holds out longest (loses in 11)"),
            "X can force a win in 11 moves; this holds out longest"
        );
        assert_eq!(reason(x, "X wins (proved)"), "proved: X wins");
        assert_eq!(
            reason(x, "blocks one of O's lines (O has two)"),
            "blocks one of O's two lines"
        );
        // No reason the engine gives keeps a parenthesis.
        for engine in [
            "best first guess (no time to search)",
            "holds out longest (loses in 3)",
            "O wins (proved)",
            "perfect play: loses (score -2)",
            "something new (an aside)",
        ] {
            assert!(!reason(Player::O, engine).contains(['(', ')']), "{engine}");
        }
        assert_eq!(reason(x, "blocks O's line"), "blocks O's line");
        assert_eq!(
            reason(x, "perfect play: wins (score 3)"),
            "X wins with perfect play"
        );
    }
}
