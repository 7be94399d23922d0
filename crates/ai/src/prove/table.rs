//! The prover's transposition table: proof and disproof numbers by key.
//!
//! Buckets of four 24-byte entries. An entry keeps the key, the work
//! (positions searched, log-scaled) spent on it, and the proof and disproof
//! numbers from the point of view of the side to move. A full bucket replaces its unsolved entry with the least work;
//! solved entries (one number 0) are replaced only by solved ones with more
//! work, so finished proofs survive as long as possible.

/// Proof or disproof number of a solved position (the other is 0).
pub(crate) const INF: u32 = 1 << 30;

const WAYS: usize = 4;
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
    /// [`work_class`] of the positions searched for it.
    work: u32,
}

/// Entries are kept as words so that a new table is zeroed memory, which
/// the system hands out lazily.
type Slot = [u64; 3];

fn unpack(s: &Slot) -> Entry {
    Entry {
        key: s[0],
        phi: s[1] as u32,
        delta: (s[1] >> 32) as u32,
        work: s[2] as u32,
    }
}

fn pack(e: &Entry) -> Slot {
    [
        e.key,
        u64::from(e.phi) | u64::from(e.delta) << 32,
        u64::from(e.work),
    ]
}

impl Entry {
    fn solved(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
    fn live(&self) -> bool {
        (self.phi | self.delta) != 0
    }
}

/// Positions' numbers (see the module docs).
pub(crate) struct Table {
    entries: Vec<Slot>,
    mask: usize,
    used: usize,
}

/// A work class: about 8 * log2 of the positions searched, so it fits in 16 bits.
pub(crate) fn work_class(work: u64) -> u32 {
    let w = work.max(1);
    let log = 63 - u64::from(w.leading_zeros());
    let frac = if log >= 3 {
        (w >> (log - 3)) & 7
    } else {
        (w << (3 - log)) & 7
    };
    (log * 8 + frac + 1) as u32
}

impl Table {
    /// A table of about `bytes` bytes (a power of two of buckets, at least one).
    pub fn new(bytes: usize) -> Table {
        let buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1).next_power_of_two();
        let buckets = if buckets * ENTRY_BYTES * WAYS > bytes.max(ENTRY_BYTES * WAYS) {
            (buckets / 2).max(1)
        } else {
            buckets
        };
        let entries = vec![[0; 3]; buckets * WAYS];
        huge_pages(&entries);
        Table {
            entries,
            mask: buckets - 1,
            used: 0,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * WAYS
    }

    /// The numbers stored for a key.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(u32, u32)> {
        let at = self.bucket(key);
        self.entries[at..at + WAYS]
            .iter()
            .map(unpack)
            .find(|e| e.key == key && e.live())
            .map(|e| (e.phi, e.delta))
    }

    /// Whether the key is solved with the least work there is: by its
    /// expansion (the rules or a threat sequence), not by its children.
    pub fn solved_by_expansion(&self, key: u64) -> bool {
        let at = self.bucket(key);
        self.entries[at..at + WAYS]
            .iter()
            .map(unpack)
            .any(|e| e.key == key && e.live() && e.solved() && e.work == work_class(1))
    }

    /// Stores a key's numbers with the work spent on them.
    pub fn put(&mut self, key: u64, phi: u32, delta: u32, work: u64) {
        self.put_class(key, phi, delta, work_class(work));
    }

    fn put_class(&mut self, key: u64, phi: u32, delta: u32, work: u32) {
        let at = self.bucket(key);
        let new = Entry {
            key,
            phi,
            delta,
            work,
        };
        let mut bucket: [Entry; WAYS] = std::array::from_fn(|i| unpack(&self.entries[at + i]));
        self.place(&mut bucket, new);
        for (slot, e) in self.entries[at..at + WAYS].iter_mut().zip(&bucket) {
            *slot = pack(e);
        }
    }

    fn place(&mut self, bucket: &mut [Entry; WAYS], new: Entry) {
        let key = new.key;
        if let Some(e) = bucket.iter_mut().find(|e| e.key == key && e.live()) {
            if !e.solved() || new.solved() {
                let work = e.work.max(new.work);
                *e = Entry { work, ..new };
            }
            return;
        }
        if let Some(e) = bucket.iter_mut().find(|e| !e.live()) {
            *e = new;
            self.used += 1;
            return;
        }
        // Replace the unsolved entry with the least work, else (all solved)
        // the solved one with the least work if the new one is solved.
        let victim = bucket
            .iter_mut()
            .filter(|e| !e.solved())
            .min_by_key(|e| e.work);
        match victim {
            Some(e) => *e = new,
            None if new.solved() => {
                if let Some(e) = bucket.iter_mut().min_by_key(|e| e.work) {
                    if e.work <= new.work {
                        *e = new;
                    }
                }
            }
            None => {}
        }
    }

    /// Entries in use.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Every entry in use as (key, phi, delta, work class), for checkpoints
    /// that keep the search's progress.
    pub fn live(&self) -> impl Iterator<Item = (u64, u32, u32, u32)> + '_ {
        self.entries
            .iter()
            .map(unpack)
            .filter(|e| e.live())
            .map(|e| (e.key, e.phi, e.delta, e.work))
    }

    /// Restores an entry written by [`Table::live`] (or an older checkpoint).
    pub fn restore(&mut self, key: u64, phi: u32, delta: u32, work: u32) {
        self.put_class(key, phi, delta, work);
    }
}
/// Asks the system to back the table with huge pages (fewer TLB misses on
/// random probes); a hint, ignored where unsupported.
fn huge_pages(entries: &[Slot]) {
    #[cfg(target_os = "linux")]
    {
        let bytes = std::mem::size_of_val(entries);
        if bytes >= 1 << 22 {
            // SAFETY: the range is memory this process owns (the table's
            // allocation); MADV_HUGEPAGE only changes how it is backed.
            unsafe {
                libc::madvise(
                    entries.as_ptr() as *mut libc::c_void,
                    bytes,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = entries;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_and_replaces_entries() {
        let mut t = Table::new(1 << 12);
        t.put(42, 3, 4, 10);
        assert_eq!(t.get(42), Some((3, 4)));
        t.put(42, 0, INF, 11);
        assert_eq!(t.get(42), Some((0, INF)));
        // An unsolved result never overwrites a solved one.
        t.put(42, 5, 5, 100);
        assert_eq!(t.get(42), Some((0, INF)));
        assert_eq!(t.get(43), None);
        assert!(work_class(1) < work_class(2) && work_class(1000) < work_class(2000));
    }

    #[test]
    fn a_full_bucket_keeps_solved_entries() {
        let mut t = Table::new(64);
        for i in 0..4u64 {
            t.put(i << 20, 0, INF, 1);
        }
        t.put(9 << 20, 7, 7, 1_000_000);
        for i in 0..4u64 {
            assert_eq!(t.get(i << 20), Some((0, INF)));
        }
    }
}
