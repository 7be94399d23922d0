//! The prover's transposition table: proof and disproof numbers by key,
//! shared by every thread of a search.
//!
//! Buckets of four 24-byte entries. An entry keeps the key, the work
//! (positions searched, log-scaled) spent on it, and the proof and disproof
//! numbers from the point of view of the side to move. A full bucket
//! replaces its unsolved entry with the least work; solved entries (one
//! number 0) are replaced only by solved ones with more work, so finished
//! proofs survive as long as possible.
//!
//! The table starts small and doubles as it fills, up to the size asked
//! for: the system hands out a large table's memory as it is first
//! written, and on this machine that costs 0.6 to 1.4 s a GiB, which a
//! search of a few thousand positions used to pay in full (its entries,
//! spread over every huge page of the table, touched them all). Growing
//! moves the entries whose new index bit is set to their new bucket.
//!
//! Threads read and write entries without locks. An entry is three words
//! stored one by one, the first of them the key XOR the other two, so an
//! entry another thread is halfway through writing reads as a different
//! key: a miss, never wrong numbers under the right key (Hyatt and Mann's
//! lockless hashing). Two threads writing one bucket at once may lose an
//! entry, which only costs its work again.

use super::prefetch::prefetch;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// Proof or disproof number of a solved position (the other is 0).
pub(crate) const INF: u32 = 1 << 30;

const WAYS: usize = 4;
const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();
/// Buckets a table starts with (24 MiB), if it may have as many.
const START_BUCKETS: usize = 1 << 18;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
    /// [`work_class`] of the positions searched for it.
    work: u32,
}

/// An entry as stored: the key XOR the other words, the numbers, the work.
type Slot = [AtomicU64; 3];

fn unpack(s: &Slot) -> Entry {
    let numbers = s[1].load(Ordering::Relaxed);
    let work = s[2].load(Ordering::Relaxed);
    let check = s[0].load(Ordering::Relaxed);
    Entry {
        key: check ^ numbers ^ work,
        phi: numbers as u32,
        delta: (numbers >> 32) as u32,
        work: work as u32,
    }
}

fn store(s: &Slot, e: &Entry) {
    let numbers = u64::from(e.phi) | u64::from(e.delta) << 32;
    let work = u64::from(e.work);
    s[1].store(numbers, Ordering::Relaxed);
    s[2].store(work, Ordering::Relaxed);
    s[0].store(e.key ^ numbers ^ work, Ordering::Relaxed);
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
    /// The buckets in use, less one: a power of two of them, at most
    /// `entries.len() / WAYS`.
    mask: AtomicUsize,
    used: AtomicUsize,
    /// Held by the thread that doubles the table.
    growing: AtomicBool,
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
        let entries = zeroed_slots(buckets * WAYS);
        let _ = huge_pages(&entries);
        Table {
            entries,
            mask: AtomicUsize::new(buckets.min(START_BUCKETS) - 1),
            used: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask.load(Ordering::Relaxed)) * WAYS
    }

    /// Doubles the buckets in use once half their entries are taken, if
    /// the table has room. Other threads go on reading and writing while
    /// it grows: an entry they write to its old bucket meanwhile, or read
    /// before it is moved, is a miss (work to do again), never a wrong
    /// number, since every entry is found by its full key.
    fn grow_if_full(&self) {
        let mask = self.mask.load(Ordering::Relaxed);
        let buckets = mask + 1;
        if self.used() * 2 < buckets * WAYS
            || buckets * WAYS >= self.entries.len()
            || self.growing.swap(true, Ordering::Acquire)
        {
            return;
        }
        // Copy first, then switch the mask, then clear the old copies.
        let moving = |e: &Entry| e.live() && e.key as usize & buckets != 0;
        for b in 0..buckets {
            for way in 0..WAYS {
                let e = unpack(&self.entries[b * WAYS + way]);
                if moving(&e) {
                    store(&self.entries[(b + buckets) * WAYS + way], &e);
                }
            }
        }
        self.mask.store(2 * buckets - 1, Ordering::Relaxed);
        for slot in &self.entries[..buckets * WAYS] {
            if moving(&unpack(slot)) {
                store(slot, &Entry::default());
            }
        }
        self.growing.store(false, Ordering::Release);
    }

    /// Entries the table holds now (it grows up to [`Table::bytes`]).
    fn in_use(&self) -> &[Slot] {
        &self.entries[..(self.mask.load(Ordering::Relaxed) + 1) * WAYS]
    }

    /// Asks the processor to fetch a key's bucket, for a [`Table::get`]
    /// soon after (a position's children are probed together: their
    /// buckets' misses then overlap instead of following each other).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let p = self.entries[self.bucket(key)..].as_ptr().cast::<u8>();
        prefetch(p);
        // A bucket of 96 bytes may straddle two cache lines.
        prefetch(p.wrapping_add(64));
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
    pub fn put(&self, key: u64, phi: u32, delta: u32, work: u64) {
        self.put_class(key, phi, delta, work_class(work));
    }

    fn put_class(&self, key: u64, phi: u32, delta: u32, work: u32) {
        let at = self.bucket(key);
        let new = Entry {
            key,
            phi,
            delta,
            work,
        };
        let bucket: [Entry; WAYS] = std::array::from_fn(|i| unpack(&self.entries[at + i]));
        if let Some((way, e)) = self.place(&bucket, new) {
            store(&self.entries[at + way], &e);
            if !bucket[way].live() {
                self.grow_if_full();
            }
        }
    }

    /// Where in `bucket` the `new` entry goes, and what is written there
    /// (none: it is not kept).
    fn place(&self, bucket: &[Entry; WAYS], new: Entry) -> Option<(usize, Entry)> {
        let key = new.key;
        if let Some(i) = bucket.iter().position(|e| e.key == key && e.live()) {
            let e = &bucket[i];
            if e.solved() && !new.solved() {
                return None;
            }
            let work = e.work.max(new.work);
            return Some((i, Entry { work, ..new }));
        }
        if let Some(i) = bucket.iter().position(|e| !e.live()) {
            self.used.fetch_add(1, Ordering::Relaxed);
            return Some((i, new));
        }
        // Replace the unsolved entry with the least work, else (all solved)
        // the solved one with the least work if the new one is solved.
        let least = |solved_too: bool| {
            (0..WAYS)
                .filter(|&i| solved_too || !bucket[i].solved())
                .min_by_key(|&i| bucket[i].work)
        };
        match least(false) {
            Some(i) => Some((i, new)),
            None if new.solved() => least(true)
                .filter(|&i| bucket[i].work <= new.work)
                .map(|i| (i, new)),
            None => None,
        }
    }

    /// Entries in use.
    pub fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    /// Size in bytes, at most (the memory it may grow to).
    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Every entry in use as (key, phi, delta, work class), for checkpoints
    /// that keep the search's progress.
    pub fn live(&self) -> impl Iterator<Item = (u64, u32, u32, u32)> + '_ {
        self.in_use()
            .iter()
            .map(unpack)
            .filter(|e| e.live())
            .map(|e| (e.key, e.phi, e.delta, e.work))
    }

    /// Restores an entry written by [`Table::live`] (or an older checkpoint).
    pub fn restore(&self, key: u64, phi: u32, delta: u32, work: u32) {
        self.put_class(key, phi, delta, work);
    }
}
/// `n` empty slots, as zeroed memory that the system hands out lazily (a
/// table of many gigabytes costs nothing until it is written).
fn zeroed_slots(n: usize) -> Vec<Slot> {
    let words = vec![0u64; n * 3];
    let mut words = std::mem::ManuallyDrop::new(words);
    let (ptr, len, cap) = (words.as_mut_ptr(), words.len(), words.capacity());
    debug_assert!(len % 3 == 0 && cap % 3 == 0 || cap == len);
    // SAFETY: `AtomicU64` has the size, alignment and bit validity of `u64`
    // (documented), so `[AtomicU64; 3]` has the layout of `[u64; 3]`; the
    // words are zero, a valid value; the allocation is handed over whole
    // (`vec!` of a zero element allocates exactly `n * 3` words).
    unsafe {
        assert_eq!(cap, len);
        Vec::from_raw_parts(ptr.cast::<Slot>(), len / 3, cap / 3)
    }
}

/// Asks the system to back the table with huge pages (fewer TLB misses on
/// random probes); a hint, ignored where unsupported. Returns whether the
/// system took it.
///
/// `madvise` takes only page-aligned ranges, and a large allocation starts
/// a few bytes past a page boundary, so the hint covers the whole 2 MiB
/// pages inside the table (all but its two ends).
fn huge_pages(entries: &[Slot]) -> bool {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = entries.as_ptr() as usize;
        let end = start + std::mem::size_of_val(entries);
        let (first, last) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if last <= first {
            return false;
        }
        // SAFETY: [first, last) lies inside memory this process owns (the
        // table's allocation); MADV_HUGEPAGE only changes how it is backed.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            ) == 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = entries;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint reaches the system: an unaligned range would be refused.
    #[cfg(target_os = "linux")]
    #[test]
    fn big_tables_ask_for_huge_pages() {
        assert!(huge_pages(&zeroed_slots((16 << 20) / ENTRY_BYTES)));
    }

    #[test]
    fn keeps_and_replaces_entries() {
        let t = Table::new(1 << 12);
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
    fn grows_as_it_fills_and_keeps_every_entry() {
        // Room for 2^19 buckets; it starts with 2^18.
        let t = Table::new((1 << 19) * WAYS * ENTRY_BYTES);
        assert_eq!(t.in_use().len(), START_BUCKETS * WAYS);
        // Consecutive keys fill the buckets evenly: none overflows, so
        // every entry must still be there after the table doubled.
        let n = START_BUCKETS as u64 * 3;
        for key in 1..=n {
            t.put(key, 1, key as u32, 1);
        }
        assert_eq!(t.in_use().len(), 2 * START_BUCKETS * WAYS);
        assert_eq!(t.used(), n as usize);
        for key in 1..=n {
            assert_eq!(t.get(key), Some((1, key as u32)), "key {key}");
        }
        assert_eq!(t.live().count(), n as usize);
        // It stops at the size asked for.
        for key in n + 1..=n * 2 {
            t.put(key, 1, 1, 1);
        }
        assert_eq!(t.in_use().len(), t.entries.len());
    }

    #[test]
    fn a_full_bucket_keeps_solved_entries() {
        let t = Table::new(64);
        for i in 0..4u64 {
            t.put(i << 20, 0, INF, 1);
        }
        t.put(9 << 20, 7, 7, 1_000_000);
        for i in 0..4u64 {
            assert_eq!(t.get(i << 20), Some((0, INF)));
        }
    }
}
