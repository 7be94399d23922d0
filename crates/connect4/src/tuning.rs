//! Switches of the solver's techniques, to measure what each is worth in
//! A/B benchmarks (`benches/sets.rs`, `C4_AB`). [`Tuning::default`] is the
//! normal solver; every switch changes node counts and times, never scores.

/// Which techniques the search uses (see [`crate::Solver::set_tuning`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Every solve starts in the small, cache-resident table level and
    /// moves to the large one as it grows; off: the large level at once.
    pub small_table_level: bool,
    /// Claimeven bounds are computed also where they cannot cut (off: only
    /// where they can fail the node low or high).
    pub claimeven_everywhere: bool,
    /// The table's best move is searched before the other moves are
    /// generated.
    pub staged_move: bool,
    /// Threads that joined a search reorder the moves this many plies below
    /// the root too (0: at the root only).
    pub joined_reorder_plies: u32,
    /// With helper threads, a move another thread is searching is put off
    /// until the others are done (ABDADA).
    pub abdada: bool,
    /// The opponent's threat decided by zugzwang bounds the score.
    pub zugzwang: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            small_table_level: true,
            claimeven_everywhere: false,
            staged_move: true,
            joined_reorder_plies: 0,
            abdada: true,
            zugzwang: true,
        }
    }
}
