//! What a search learns that holds whatever its root: the threat
//! searches' caches and the moves its expansions left (each keyed by the
//! position and the question, never by the path to it). `analyze` asks
//! many small rounds of many positions over one table, each round a new
//! search; handing these on from one round to the next spares each round
//! the expansions (threat searches, zones) the rounds before it did, and
//! the allocation of tens of megabytes.

use super::expansions::Expansions;
use super::tss::Threes;
use super::vcf::Vcf;

/// A search's caches, for a board of a given size and a table of a given
/// size (see the module docs).
pub struct Caches {
    pub(crate) vcf: Vcf,
    pub(crate) threes: Threes,
    pub(crate) expansions: Expansions,
    /// The board's cells and the table's bytes they were made for.
    made_for: (usize, usize),
}

impl Caches {
    /// Empty caches for a board of `cells` cells and a table of
    /// `table_bytes` bytes.
    pub(crate) fn new(cells: usize, table_bytes: usize) -> Caches {
        Caches {
            vcf: Vcf::new(cells),
            threes: Threes::new(cells),
            expansions: Expansions::new(table_bytes / 16, cells),
            made_for: (cells, table_bytes),
        }
    }

    /// The caches of a search on `cells` cells over a table of
    /// `table_bytes` bytes.
    pub(crate) fn kept(
        vcf: Vcf,
        threes: Threes,
        expansions: Expansions,
        cells: usize,
        table_bytes: usize,
    ) -> Caches {
        Caches {
            vcf,
            threes,
            expansions,
            made_for: (cells, table_bytes),
        }
    }

    /// These caches for a new search on `cells` cells over a table of
    /// `table_bytes` bytes, if they were made for such, with their
    /// position counts back at zero; else new ones.
    pub(crate) fn reused(old: Option<Caches>, cells: usize, table_bytes: usize) -> Caches {
        match old {
            Some(mut c) if c.made_for == (cells, table_bytes) => {
                c.vcf.total = 0;
                c.threes.restart_count();
                c
            }
            _ => Caches::new(cells, table_bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches_are_kept_only_for_the_board_and_table_they_were_made_for() {
        let mut c = Caches::new(25, 1 << 20);
        c.vcf.total = 7;
        let c = Caches::reused(Some(c), 25, 1 << 20);
        assert_eq!((c.made_for, c.vcf.total), ((25, 1 << 20), 0));
        assert_eq!(Caches::reused(Some(c), 64, 1 << 20).made_for, (64, 1 << 20));
        let c = Caches::new(25, 1 << 20);
        assert_eq!(Caches::reused(Some(c), 25, 1 << 22).made_for, (25, 1 << 22));
    }
}
