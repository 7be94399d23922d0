//! Connect Four move strings, in the solver's position and in the core's
//! column notation: never panics, and both agree on what is legal up to a
//! win (the solver stops before winning moves, the core plays them).
#![no_main]
use hypertac_connect4::Position;
use hypertac_core::{notation, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut solver = Position::with_size(7, 6).unwrap();
    let solver_ok = solver.play_moves(text).is_ok();
    let core = notation::play_columns(Rules::preset("connect4").unwrap(), text);
    if solver_ok {
        assert!(core.is_ok(), "{text:?}");
    }
    if let Err(e) = core {
        assert!(e.to_string().len() < 1200);
    }
});
