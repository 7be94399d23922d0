//! `hypertac` for Python: a thin PyO3 front end over the rules core, the
//! computer players, the Connect Four solver, the prover and the
//! certificate checker. No rules of its own: every move goes through
//! `hypertac_core::Position`, every error message is the core's.
//!
//! The compiled module is `hypertac._hypertac`; the Python package around
//! it (`crates/py/python/hypertac`) re-exports it and adds the PettingZoo,
//! OpenSpiel and Gymnasium environments. Searches release the GIL.
//!
//! Files: `rules_args.rs` (a game from Python arguments), `game.rs` (the
//! `Game` class), `moves.rs` (moves and environment actions), `arrays.rs`
//! (NumPy arrays without a Python loop per cell), `engines.rs` (computer
//! moves), `connect4.rs` (perfect scores), `prove.rs` (prover and checker),
//! `playouts.rs` (batches of random games), `errors.rs`.

mod analyze;
mod arrays;
mod connect4;
mod engines;
mod errors;
mod game;
mod moves;
mod playouts;
mod prove;
mod rules_args;

use pyo3::prelude::*;

/// The compiled module `hypertac._hypertac`.
#[pymodule]
fn _hypertac(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(engines::choose, m)?)?;
    m.add_function(wrap_pyfunction!(engines::computer_move, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::connect4_scores, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::connect4_score, m)?)?;
    m.add_function(wrap_pyfunction!(prove::prove, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::review, m)?)?;
    m.add_function(wrap_pyfunction!(prove::verify, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(rules_args::presets, m)?)?;
    m.add("ProofRejected", m.py().get_type::<errors::ProofRejected>())?;
    Ok(())
}
