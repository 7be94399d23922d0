//! What a search learns that holds whatever its root: the threat
//! searches' caches and the moves its expansions left (each keyed by the
//! position and the question, never by the path to it). `analyze` asks
//! many small rounds of many positions over one table, each round a new
//! search; handing these on from one round to the next spares each round
//! the expansions (threat searches, zones) the rounds before it did, and
//! the allocation of tens of megabytes.

use super::expansions::Expansions;
use super::table::Table;
use super::tss::Threes;
use super::vcf::Vcf;
use std::sync::Arc;

/// A search's caches, for the searches over one table (one set of rules):
/// what they hold is true of positions of those rules only.
pub struct Caches {
    pub(crate) vcf: Vcf,
    pub(crate) threes: Threes,
    pub(crate) expansions: Expansions,
    /// The table they were made beside.
    table: Arc<Table>,
}

impl Caches {
    /// Empty caches for searches on `cells` cells over `table`.
    pub(crate) fn new(cells: usize, table: &Arc<Table>) -> Caches {
        let expansions = Expansions::new(table.bytes() / 16, cells);
        Caches::kept(Vcf::new(cells), Threes::new(cells), expansions, table)
    }

    /// The caches of a search over `table`.
    pub(crate) fn kept(
        vcf: Vcf,
        threes: Threes,
        expansions: Expansions,
        table: &Arc<Table>,
    ) -> Caches {
        Caches {
            vcf,
            threes,
            expansions,
            table: table.clone(),
        }
    }

    /// These caches for a new search on `cells` cells over `table`, if
    /// they were made beside that very table, with their position counts
    /// back at zero; else new ones.
    pub(crate) fn reused(old: Option<Caches>, cells: usize, table: &Arc<Table>) -> Caches {
        match old {
            Some(mut c) if Arc::ptr_eq(&c.table, table) => {
                c.vcf.total = 0;
                c.threes.restart_count();
                c
            }
            _ => Caches::new(cells, table),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches_are_kept_only_for_the_table_they_were_made_beside() {
        let (a, b) = (Arc::new(Table::new(1 << 20)), Arc::new(Table::new(1 << 20)));
        let mut c = Caches::new(25, &a);
        c.vcf.total = 7;
        let c = Caches::reused(Some(c), 25, &a);
        assert!(Arc::ptr_eq(&c.table, &a));
        assert_eq!(c.vcf.total, 0);
        let mut c = Caches::reused(Some(c), 25, &b);
        assert!(Arc::ptr_eq(&c.table, &b));
        c.vcf.total = 7;
        // New caches start at zero too, whatever the old ones had.
        assert_eq!(Caches::reused(Some(c), 25, &a).vcf.total, 0);
    }
}
