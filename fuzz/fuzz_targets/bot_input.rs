//! The bot's stdin (`n,d` then a move list), parsed the way `hypertac bot`
//! does with the core's parsers (the binary has no library target): must
//! never panic, and every error message stays short.
#![no_main]
use hypertac_core::{notation, Mode, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = input.split('\n');
    let header = lines.next().unwrap_or("");
    let parts: Vec<&str> = header.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return;
    }
    let (Ok(n), Ok(d)) = (parts[0].parse::<u32>(), parts[1].parse::<usize>()) else {
        return;
    };
    // Small boards only, so that a run explores parsing, not huge replays.
    if !(2..=6).contains(&n) || !(1..=5).contains(&d) {
        return;
    }
    let rules = Rules::cube(n, d).expect("small cubes are valid");
    let moves = match notation::parse_move_list(rules.shape(), lines.next().unwrap_or("")) {
        Ok(m) => m,
        Err(e) => {
            assert!(e.to_string().len() < 1200);
            return;
        }
    };
    let mut dense = Position::new(rules.clone());
    let mut sparse = Position::with_mode(rules, Mode::Sparse).unwrap();
    for &m in &moves {
        let a = dense.try_play(m).map(|o| o.clone());
        let b = sparse.try_play(m).map(|o| o.clone());
        assert_eq!(a.is_ok(), b.is_ok());
        if let (Ok(a), Ok(b)) = (a, b) {
            assert_eq!(a.winner(), b.winner());
        } else {
            break;
        }
    }
});
