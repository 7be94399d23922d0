//! The playing strengths a caller asks for, by name.

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move (seeded).
    Random,
    /// The seed app's heuristic: complete own k-1, block, then k-2 lines.
    Seed,
    /// Wins, blocks, and a two-ply search.
    Easy,
    /// Adds double threats, short threat sequences and a four-ply search.
    Medium,
    /// Everything, with the largest work budget; perfect where hypertac
    /// knows perfect play: Connect Four (the solver) and the boards of the
    /// shipped proofs ([`crate::shipped`]) where the side to move wins.
    Hard,
    /// As `Hard` (the name kept for the levels people already use).
    Perfect,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Seed,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Perfect,
    ];

    /// The level's name: `random`, `seed`, `easy`, `medium`, `hard`, `perfect`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Seed => "seed",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }

    /// Parses a level name.
    ///
    /// # Errors
    /// A message listing the valid names.
    pub fn parse(text: &str) -> Result<Level, String> {
        let t = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t)
            .ok_or_else(|| {
                format!(
                    "unknown level {text:?}: expected random, seed, easy, medium, hard or perfect"
                )
            })
    }
}
