//! How the proof commands name the position they prove in their headlines
//! (`proving ...`, `split ...`, `shard 0/4 of ...`, `merging ...`).

use hypertac_core::{notation, Position};

/// `RULES from the empty board` or `RULES after MOVES`.
pub fn describe_root(root: &Position) -> String {
    let shape = root.rules().shape();
    if root.moves().is_empty() {
        format!("{} from the empty board", root.rules())
    } else {
        format!(
            "{} after {}",
            root.rules(),
            notation::format_move_list(shape, root.moves())
        )
    }
}
