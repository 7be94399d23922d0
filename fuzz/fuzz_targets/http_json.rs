//! JSON request bodies of `hypertac serve` (new game, move): the fields go
//! through the same core parsers as the server's handlers (the binary has no
//! library target); never panics, errors stay short.
#![no_main]
use hypertac_core::{notation, Position, Rules, Shape, WinRule};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(serde_json::Value::Object(body)) = serde_json::from_slice::<serde_json::Value>(data)
    else {
        return;
    };
    let text = |key: &str| body.get(key).and_then(|v| v.as_str());
    let short = |e: &dyn std::fmt::Display| assert!(e.to_string().len() < 1200);
    let base = match Rules::preset(text("game").unwrap_or("tictactoe")) {
        Ok(r) => r,
        Err(e) => return short(&e),
    };
    let shape = match text("shape").map(Shape::parse) {
        Some(Ok(s)) => s,
        Some(Err(e)) => return short(&e),
        None => base.shape().clone(),
    };
    if shape.cell_count() > 1 << 16 {
        return;
    }
    let k = body
        .get("k")
        .and_then(|v| v.as_u64())
        .map_or(shape.min_side(), |k| k.min(1000) as u32);
    if let Some(Err(e)) = text("rule").map(WinRule::parse) {
        return short(&e);
    }
    let rules = match Rules::new(shape, k) {
        Ok(r) => r,
        Err(e) => return short(&e),
    };
    let mut pos = Position::new(rules.clone());
    if let Some(list) = text("moves") {
        match notation::parse_move_list(rules.shape(), list) {
            Ok(cells) => {
                for c in cells {
                    if pos.try_play(c).is_err() {
                        break;
                    }
                }
            }
            Err(e) => return short(&e),
        }
    }
    if let Some(mv) = text("move") {
        if let Err(e) = notation::parse_move(&pos, mv) {
            short(&e);
        }
    }
});
