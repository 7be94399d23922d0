//! Batches of random playouts in one call, for training data and speed:
//! each game continues the given position with a seeded random order of the
//! empty cells (`hypertac_core::playout::random_fill`, the games `hypertac
//! bench playouts` times, less the cells already taken; with gravity each
//! column still fills bottom up) until it ends. The GIL is released.

use crate::arrays;
use crate::errors::{non_negative, value_error};
use crate::game::Game;
use hypertac_core::playout::{play_out, random_fill};
use hypertac_core::{Mode, Outcome, Player, Position};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Most games in one batch.
const MAX_GAMES: u64 = 1 << 26;
/// Most move entries in a recorded batch (games x longest game): 1 GiB of int32.
const MAX_RECORDED: u64 = 1 << 28;

/// Plays `count` random games from `game`'s position; returns a dict of
/// NumPy arrays: `winner` (`int8`: 1 X, -1 O, 0 draw), `length` (`int32`:
/// moves played after the position), and with `record=True` `moves`
/// (`int32`, `count` x longest game, cell indices, -1 after the end).
/// Game `i` uses seed `seed + i`: the same seed gives the same games.
#[pyfunction]
#[pyo3(signature = (game, count, *, seed=0, record=false))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    game: &Game,
    count: i128,
    seed: i128,
    record: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let count = non_negative("count", count)?;
    let seed = non_negative("seed", seed)?;
    if count > MAX_GAMES {
        return Err(value_error(format!(
            "count: at most {MAX_GAMES} games per call, not {count}"
        )));
    }
    let pos = game.pos.clone();
    if pos.mode() == Mode::Sparse {
        return Err(value_error(format!(
            "random playouts are for boards stored densely; {} is too large",
            pos.rules()
        )));
    }
    let empty = pos.rules().shape().cell_count() - pos.moves().len() as u64;
    if record && count.saturating_mul(empty) > MAX_RECORDED {
        return Err(value_error(format!(
            "record=True would keep {count} x {empty} moves; at most {MAX_RECORDED} per call"
        )));
    }
    let batch = py.detach(move || play_batch(&pos, count as usize, seed, record));
    let out = PyDict::new(py);
    let n = count as usize;
    out.set_item("winner", arrays::int8(py, &batch.winners, vec![n])?)?;
    out.set_item("length", arrays::int32(py, &batch.lengths, vec![n])?)?;
    if record {
        let width = batch.lengths.iter().copied().max().unwrap_or(0) as usize;
        let mut moves = vec![-1i32; n * width];
        for (i, game) in batch.moves.iter().enumerate() {
            moves[i * width..i * width + game.len()].copy_from_slice(game);
        }
        out.set_item("moves", arrays::int32(py, &moves, vec![n, width])?)?;
    }
    Ok(out)
}

struct Batch {
    winners: Vec<i8>,
    lengths: Vec<i32>,
    moves: Vec<Vec<i32>>,
}

fn play_batch(start: &Position, count: usize, seed: u64, record: bool) -> Batch {
    let rules = start.rules().clone();
    let mut batch = Batch {
        winners: Vec::with_capacity(count),
        lengths: Vec::with_capacity(count),
        moves: Vec::new(),
    };
    let fresh = start.moves().is_empty();
    for i in 0..count as u64 {
        let mut order = random_fill(&rules, seed.wrapping_add(i));
        if !fresh {
            order.retain(|&c| start.get(c).is_none());
        }
        let mut pos = start.clone();
        let played = if pos.is_over() {
            0
        } else {
            play_out(&mut pos, &order)
        };
        batch.winners.push(match pos.outcome() {
            Outcome::Win {
                winner: Player::X, ..
            } => 1,
            Outcome::Win { .. } => -1,
            _ => 0,
        });
        batch.lengths.push(played as i32);
        if record {
            batch
                .moves
                .push(order[..played].iter().map(|c| c.0 as i32).collect());
        }
    }
    batch
}
