//! The first stdin line of the tournament protocol, both ways: the referee
//! writes it (`header`) and the bundled bot reads it back (`parse_header`), so
//! every board the referee offers is one the bot can play.
//!
//! An n^d cube with standard rules (k = n, no gravity, no wrap, first to k)
//! is `n,d`, exactly as in the tournament. Any other preset is its sizes
//! joined by `x` (`7x6` for Connect Four, `4x4x4` for 3D Connect Four,
//! `15x15` for gomoku): the header names the board, the preset it belongs to
//! supplies k and gravity.

use hypertac_core::{notation, Rules, PRESETS};

/// Largest n accepted in `n,d` (k = n cells per line).
const MAX_N: u64 = hypertac_core::MAX_K as u64;
/// Largest d accepted in `n,d`.
const MAX_D: u64 = hypertac_core::MAX_DIMS as u64;

/// `n` and `d` when `rules` is the plain n^d cube game.
pub fn cube_of(rules: &Rules) -> Option<(u32, usize)> {
    let n = rules.shape().size(0);
    let d = rules.shape().dims();
    Rules::cube(n, d)
        .ok()
        .filter(|plain| plain == rules)
        .map(|_| (n, d))
}

/// The header line bots receive for `rules`: `n,d` or the sizes joined by `x`.
pub fn header(rules: &Rules) -> String {
    match cube_of(rules) {
        Some((n, d)) => format!("{n},{d}"),
        None => sizes_text(rules),
    }
}

fn sizes_text(rules: &Rules) -> String {
    rules
        .shape()
        .sizes()
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

/// The presets whose header is not `n,d`, with their rules.
fn sized_presets() -> Vec<(&'static str, Rules)> {
    PRESETS
        .iter()
        .filter_map(|(name, _)| Rules::preset(name).ok().map(|r| (*name, r)))
        .filter(|(_, rules)| cube_of(rules).is_none())
        .collect()
}

/// The rules a header line stands for.
///
/// # Errors
/// A message naming what is wrong and what is expected.
pub fn parse_header(header: &str) -> Result<Rules, String> {
    let text = header.trim();
    if !text.contains(',') && (text.contains('x') || text.contains('X')) {
        return parse_sizes(text);
    }
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return Err(format!(
            "bad first line {}: expected two numbers `n,d` like 4,3, or a preset's board: {}",
            notation::quote(header),
            known_sizes()
        ));
    }
    let number = |t: &str, what: &str| {
        t.parse::<u64>().map_err(|_| {
            format!(
                "bad first line {}: {what} {} is not a whole number",
                notation::quote(header),
                notation::quote(t)
            )
        })
    };
    let n = number(parts[0], "n")?;
    let d = number(parts[1], "d")?;
    if !(2..=MAX_N).contains(&n) {
        return Err(format!("n = {n} is out of range: n is 2 to {MAX_N}"));
    }
    if !(1..=MAX_D).contains(&d) {
        return Err(format!("d = {d} is out of range: d is 1 to {MAX_D}"));
    }
    Rules::cube(n as u32, d as usize).map_err(|e| format!("a {n}^{d} board cannot be played: {e}"))
}

/// `7x6` and the like: the preset with these sizes.
fn parse_sizes(text: &str) -> Result<Rules, String> {
    let wanted = text.to_ascii_lowercase().replace(' ', "");
    sized_presets()
        .into_iter()
        .find(|(_, rules)| sizes_text(rules) == wanted)
        .map(|(_, rules)| rules)
        .ok_or_else(|| {
            format!(
                "unknown board {}: expected `n,d` like 4,3, or a preset's board: {}",
                notation::quote(text),
                known_sizes()
            )
        })
}

/// `7x6 (connect4), 4x4x4 (connect4-3d), 15x15 (gomoku)`.
fn known_sizes() -> String {
    sized_presets()
        .iter()
        .map(|(name, rules)| format!("{} ({name})", sizes_text(rules)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_header_reads_back_as_its_rules() {
        for (name, _) in PRESETS {
            let Ok(rules) = Rules::preset(name) else {
                continue; // `nd N D` is a pattern, not a board
            };
            assert_eq!(parse_header(&header(&rules)), Ok(rules), "{name}");
        }
        for preset in ["nd 5 3", "nd 6 5", "nd 3 2"] {
            let rules = Rules::preset(preset).unwrap();
            assert_eq!(parse_header(&header(&rules)), Ok(rules), "{preset}");
        }
    }

    #[test]
    fn headers() {
        assert_eq!(header(&Rules::cube(4, 3).unwrap()), "4,3");
        assert_eq!(header(&Rules::preset("qubic").unwrap()), "4,3");
        assert_eq!(header(&Rules::preset("connect4").unwrap()), "7x6");
        assert_eq!(header(&Rules::preset("gomoku").unwrap()), "15x15");
        assert_eq!(header(&Rules::preset("connect4-3d").unwrap()), "4x4x4");
    }

    #[test]
    fn unknown_boards_are_named() {
        let e = parse_header("5x5").unwrap_err();
        assert!(e.contains("unknown board \"5x5\""), "{e}");
        assert!(e.contains("7x6 (connect4)"), "{e}");
        assert!(parse_header("4;3").unwrap_err().contains("bad first line"));
        assert!(parse_header("4,x")
            .unwrap_err()
            .contains("not a whole number"));
    }

    #[test]
    fn odd_headers_get_a_short_error_never_a_panic() {
        let long = "7x".repeat(5000);
        let odd = [
            "",
            " ",
            "x",
            ",",
            ",,",
            "7x",
            "x6",
            "7x6x",
            "7X6",
            "7 x 6",
            "７x６",
            "7×6",
            "-7x6",
            "0x0",
            "99999999999999999999x6",
            "4,99999999999",
            "99999999999999999999,2",
            "4,3,",
            "4 , 3",
            "\u{0}",
            long.as_str(),
        ];
        for text in odd {
            if let Err(e) = parse_header(text) {
                assert!(e.len() < 300, "{text:?}: {e}");
            }
        }
        assert_eq!(parse_header("7X6"), parse_header("7x6"));
        assert_eq!(parse_header(" 4 , 3 "), Ok(Rules::cube(4, 3).unwrap()));
    }
}
