//! One certificate entry as the walk writes it (`walk.rs`), saves it
//! (`walkfile.rs`) and merges it (`split.rs`).

/// One certificate entry: the stones (bitsets, cell i = bit i % 64 of word
/// i / 64) and the move of the succeeding side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// X's stones.
    pub x: Vec<u64>,
    /// O's stones.
    pub o: Vec<u64>,
    /// The move, a cell index.
    pub mv: u32,
    /// For a pairing entry, the pairs (cells, two by two) of the pairing
    /// the move leaves against the other side (`pairing.rs`).
    pub pairs: Option<Vec<u32>>,
    /// A potential entry: the side to move settles the position by its
    /// Erdős–Selfridge potential (`potential.rs`), `mv` its first move.
    pub potential: bool,
}

impl Entry {
    /// Whether the entry settles its position with nothing played below
    /// it (a pairing or potential entry).
    pub fn settles(&self) -> bool {
        self.pairs.is_some() || self.potential
    }

    /// Appends the entry to a certificate's section; a pairing entry as a
    /// matched pairing entry (its pairs left to the checker's matching),
    /// or with `list_pairs` with its pairs listed.
    pub fn write_to(&self, section: &mut hypertac_proof::Section, list_pairs: bool) {
        let mv = hypertac_core::Cell(u64::from(self.mv));
        match &self.pairs {
            None if self.potential => section.push_potential(&self.x, &self.o, mv),
            None => section.push(&self.x, &self.o, mv),
            Some(_) if !list_pairs => section.push_matched(&self.x, &self.o, mv),
            Some(p) => {
                let cells: Vec<hypertac_core::Cell> = p
                    .iter()
                    .map(|&c| hypertac_core::Cell(u64::from(c)))
                    .collect();
                section.push_pairing(&self.x, &self.o, mv, &cells);
            }
        }
    }
}
