//! Transposition table: lower and upper bounds of scores of positions.
//!
//! The table is an array of 32-byte buckets of four 8-byte entries. A key
//! (at most 64 bits, see [`crate::Position::key`]) is first mixed by a
//! bijection `h = key * ODD mod 2^key_bits`; the top bits of `h` choose the
//! bucket and the remaining low bits are stored in the entry, so two
//! different positions can never be confused.
//!
//! Entry layout (`u64`, 0 = empty):
//!
//! ```text
//!  63            28 27  24 23   18 17  14 13     7 6      0
//! +----------------+------+-------+------+--------+--------+
//! | check (<= 36)  | gen  | work  | move | upper  | lower  |
//! +----------------+------+-------+------+--------+--------+
//! ```
//!
//! `lower`/`upper` are the bounds plus 64, `move` the best column (15 when
//! unknown), `work` the log2 of the size of the search that produced the
//! entry and `gen` the search generation. A new entry replaces an empty
//! entry of its bucket, else the cheapest entry of an older generation, else
//! the cheapest entry.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

const CHECK_SHIFT: u32 = 28;
const CHECK_BITS: u32 = 64 - CHECK_SHIFT;
const NO_MOVE: u64 = 15;
const MULT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Entries are atomic so that several search threads can share the table
/// without locks: an entry is one `u64` holding its own check bits, so a
/// reader sees either a whole entry or none, and every entry written is a
/// true statement about its position (a lost update only loses
/// information).
#[repr(align(32))]
struct Bucket([AtomicU64; WAYS]);

/// Entries per bucket (a bucket is half a cache line).
const WAYS: usize = 4;

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub lower: i32,
    pub upper: i32,
    pub mv: Option<u32>,
}

/// One array of buckets with its key layout.
struct Level {
    buckets: Buckets,
    /// `key_bits - index_bits`: the number of stored low bits.
    low_bits: u32,
    /// `2^low_bits - 1`.
    low_mask: u64,
}

impl Level {
    /// log2 of the number of buckets for about `2^log2_entries` entries.
    fn index_bits(log2_entries: u32, key_bits: u32) -> u32 {
        let index_bits = log2_entries.saturating_sub(2).clamp(1, 34);
        index_bits
            .max(key_bits.saturating_sub(CHECK_BITS))
            .min(key_bits)
    }

    fn new(log2_entries: u32, key_bits: u32) -> Self {
        let index_bits = Self::index_bits(log2_entries, key_bits);
        let low_bits = key_bits - index_bits;
        Level {
            buckets: Buckets::new(1usize << index_bits),
            low_bits,
            low_mask: (1u64 << low_bits) - 1,
        }
    }

    /// Records `lower <= score <= upper` under `slot`, merging with what
    /// is already known about the same key.
    #[inline]
    fn put(&self, slot: Slot, gen: u64, work: u64, mv: Option<u32>, lower: i32, upper: i32) {
        let check = slot.check;
        let b = &self.buckets.as_slice()[slot.index].0;
        let mut lower = lower;
        let mut upper = upper;
        let mut mv = mv;
        let mut work = work.min(63);
        for cell in b {
            let e = cell.load(Relaxed);
            if e != 0 && e >> CHECK_SHIFT == check {
                let old = decode(e);
                lower = lower.max(old.lower);
                upper = upper.min(old.upper);
                if mv.is_none() {
                    mv = old.mv;
                }
                work = work.max(entry_work(e));
                cell.store(encode(check, gen, work, mv, lower, upper), Relaxed);
                return;
            }
        }
        let new = encode(check, gen, work, mv, lower, upper);
        // Replace an empty entry, else the cheapest entry of an older
        // search, else the cheapest entry.
        let mut victim = 0;
        let mut victim_rank = u64::MAX;
        for (i, cell) in b.iter().enumerate() {
            let e = cell.load(Relaxed);
            let rank = if e == 0 {
                0
            } else if entry_gen(e) != gen {
                1 + (entry_work(e))
            } else {
                100 + (entry_work(e))
            };
            if rank < victim_rank {
                victim = i;
                victim_rank = rank;
            }
        }
        b[victim].store(new, Relaxed);
    }
}

/// The transposition table: a small level (it stays in the CPU's cache,
/// which makes the many short searches fast) used at the start of every
/// search, and a large one the search moves to once it has visited more
/// positions than the small level holds ([`Table::grow`]).
pub(crate) struct Table {
    /// One or two levels, smallest first.
    levels: Vec<Level>,
    /// The level in use.
    cur: AtomicUsize,
    key_bits: u32,
    /// `2^key_bits - 1`.
    key_mask: u64,
    gen: AtomicU64,
}

/// Where a key lives in the level in use: its bucket and the bits stored to
/// recognise it (computed once, used for prefetch, probe and store; stale
/// after [`Table::grow`] and [`Table::shrink`]).
#[derive(Clone, Copy, Default)]
pub(crate) struct Slot {
    /// The level the slot belongs to (it stays valid for probes if the
    /// table grows meanwhile).
    level: usize,
    index: usize,
    check: u64,
}

/// Entries of the small level, log2.
pub(crate) const SMALL_LOG2: u32 = 17;

impl Table {
    /// A table of about `2^log2_entries` entries for keys of `key_bits`
    /// bits, plus a small level of `2^SMALL_LOG2` entries when that is
    /// at most a quarter of it. The size is raised when needed so that at
    /// most 36 bits of key have to be stored.
    pub fn new(log2_entries: u32, key_bits: u32) -> Self {
        let mut levels = Vec::with_capacity(2);
        let small = Level::index_bits(SMALL_LOG2, key_bits);
        if small + 2 <= Level::index_bits(log2_entries, key_bits) {
            levels.push(Level::new(SMALL_LOG2, key_bits));
        }
        levels.push(Level::new(log2_entries, key_bits));
        Table {
            levels,
            cur: AtomicUsize::new(0),
            key_bits,
            key_mask: u64::MAX >> (64 - key_bits),
            gen: AtomicU64::new(1),
        }
    }

    pub fn key_bits(&self) -> u32 {
        self.key_bits
    }

    /// Number of entries of the largest level.
    pub fn entries(&self) -> usize {
        self.levels[self.levels.len() - 1].buckets.len * WAYS
    }

    /// Number of entries of the level in use.
    pub fn active_entries(&self) -> usize {
        self.levels[self.cur.load(Relaxed)].buckets.len * WAYS
    }

    /// Empties the table (while no search uses it). The small level is
    /// cleared last, so that it is in the CPU's cache when the next search
    /// starts there (a short search then finds its entries without waiting
    /// for memory).
    pub fn clear(&self) {
        for l in self.levels.iter().rev() {
            for b in l.buckets.as_slice() {
                for e in &b.0 {
                    e.store(0, Relaxed);
                }
            }
        }
        self.gen.store(1, Relaxed);
        self.cur.store(0, Relaxed);
    }

    /// Starts a new search generation (older entries become the first to
    /// be replaced, their bounds stay valid).
    pub fn next_generation(&self) {
        let mut g = (self.gen.load(Relaxed) + 1) & 15;
        if g == 0 {
            g = 1;
        }
        self.gen.store(g, Relaxed);
    }

    /// Goes back to the small level (its entries are still valid, and so
    /// are the large level's for when the search grows again).
    pub fn shrink(&self) {
        self.cur.store(0, Relaxed);
    }

    /// Moves to the largest level without copying anything.
    pub fn use_largest(&self) {
        self.cur.store(self.levels.len() - 1, Relaxed);
    }

    /// Moves to the large level, copying the small level's entries into
    /// it. Returns false if already there. Every [`Slot`] computed before
    /// is stale.
    pub fn grow(&self) -> bool {
        let cur = self.cur.load(Relaxed);
        if cur + 1 >= self.levels.len() {
            return false;
        }
        let (small, large) = (&self.levels[cur], &self.levels[cur + 1]);
        for (index, b) in small.buckets.as_slice().iter().enumerate() {
            for e in &b.0 {
                let e = e.load(Relaxed);
                if e == 0 {
                    continue;
                }
                let h = ((index as u64) << small.low_bits) | (e >> CHECK_SHIFT);
                let slot = Slot {
                    level: cur + 1,
                    index: (h >> large.low_bits) as usize,
                    check: h & large.low_mask,
                };
                let hit = decode(e);
                large.put(
                    slot,
                    entry_gen(e),
                    entry_work(e),
                    hit.mv,
                    hit.lower,
                    hit.upper,
                );
            }
        }
        self.cur.store(cur + 1, Relaxed);
        true
    }

    /// The slot of `key`.
    #[inline(always)]
    pub fn slot(&self, key: u64) -> Slot {
        let h = key.wrapping_mul(MULT) & self.key_mask;
        let level = self.cur.load(Relaxed);
        let l = &self.levels[level];
        // `low_bits < 64`: the table has at least 2 buckets.
        Slot {
            level,
            index: (h >> l.low_bits) as usize,
            check: h & l.low_mask,
        }
    }

    /// Is `slot` in the small level (the one that stays in the cache)?
    #[inline(always)]
    pub fn in_small_level(&self, slot: Slot) -> bool {
        slot.level == 0
    }

    #[inline(always)]
    pub fn prefetch(&self, slot: Slot) {
        #[cfg(target_arch = "x86_64")]
        {
            let b = &self.levels[slot.level].buckets;
            debug_assert!(slot.index < b.len);
            // SAFETY: `slot.index` is a valid index (below
            // 2^index_bits == len) and prefetching has no side effects.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(b.ptr.as_ptr().add(slot.index) as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    #[inline]
    pub fn probe(&self, slot: Slot) -> Option<Hit> {
        let b = &self.levels[slot.level].buckets.as_slice()[slot.index].0;
        for e in b {
            let e = e.load(Relaxed);
            if e != 0 && e >> CHECK_SHIFT == slot.check {
                return Some(decode(e));
            }
        }
        None
    }

    /// Records `lower <= score <= upper` for the key of `slot`, merging
    /// with what is already known about it.
    #[inline]
    pub fn store(&self, slot: Slot, lower: i32, upper: i32, mv: Option<u32>, work: u32) {
        let gen = self.gen.load(Relaxed);
        self.levels[slot.level].put(slot, gen, work as u64, mv, lower, upper);
    }
}

/// The bucket array: zeroed memory, aligned on 2 MiB and advised to use
/// transparent huge pages when large (random probes into a table of
/// hundreds of MiB otherwise spend much of their time in TLB misses).
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: `Buckets` owns its allocation of plain integers, like a `Vec`.
unsafe impl Send for Buckets {}
// SAFETY: the buckets are atomics, shared access goes through them.
unsafe impl Sync for Buckets {}

#[cfg(target_os = "linux")]
extern "C" {
    fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
}

impl Buckets {
    fn new(len: usize) -> Self {
        const HUGE: usize = 2 << 20;
        let bytes = len * std::mem::size_of::<Bucket>();
        let align = if bytes >= HUGE {
            HUGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        let layout = match std::alloc::Layout::from_size_align(bytes, align) {
            Ok(l) => l,
            Err(_) => panic!("transposition table too large"),
        };
        // SAFETY: `layout` has a non-zero size (len >= 2).
        let raw = unsafe { std::alloc::alloc(layout) } as *mut Bucket;
        let Some(ptr) = std::ptr::NonNull::new(raw) else {
            std::alloc::handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if bytes >= HUGE {
            const MADV_HUGEPAGE: i32 = 14;
            // SAFETY: the range is our own fresh allocation; madvise only
            // changes how the kernel backs it (failure is harmless).
            unsafe {
                madvise(raw as *mut std::ffi::c_void, bytes, MADV_HUGEPAGE);
            }
        }
        // SAFETY: `raw` points to `len` buckets of writable memory.
        unsafe { raw.write_bytes(0, len) };
        Buckets { ptr, len, layout }
    }

    #[inline]
    fn as_slice(&self) -> &[Bucket] {
        // SAFETY: `len` initialised buckets owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

#[inline]
fn encode(check: u64, gen: u64, work: u64, mv: Option<u32>, lower: i32, upper: i32) -> u64 {
    let mv = mv.map_or(NO_MOVE, u64::from);
    (check << CHECK_SHIFT)
        | (gen << 24)
        | (work << 18)
        | (mv << 14)
        | (((upper + 64) as u64) << 7)
        | ((lower + 64) as u64)
}

/// The work field of entry `e` (log2 of its search's size).
#[inline]
fn entry_work(e: u64) -> u64 {
    (e >> 18) & 63
}

#[inline]
fn entry_gen(e: u64) -> u64 {
    (e >> 24) & 15
}

#[inline]
fn decode(e: u64) -> Hit {
    let mv = (e >> 14) & 15;
    Hit {
        lower: (e & 127) as i32 - 64,
        upper: ((e >> 7) & 127) as i32 - 64,
        mv: if mv == NO_MOVE { None } else { Some(mv as u32) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_merge() {
        let t = Table::new(10, 49);
        assert!(t.probe(t.slot(12345)).is_none());
        t.store(t.slot(12345), -3, 5, Some(2), 4);
        let h = t.probe(t.slot(12345)).unwrap();
        assert_eq!((h.lower, h.upper, h.mv), (-3, 5, Some(2)));
        t.store(t.slot(12345), 0, 10, None, 1);
        let h = t.probe(t.slot(12345)).unwrap();
        assert_eq!((h.lower, h.upper, h.mv), (0, 5, Some(2)));
        // Same bucket, different key: both stay (two slots).
        let other = 12345 + (1u64 << 40);
        t.store(t.slot(other), -20, 20, None, 0);
        assert!(t.probe(t.slot(12345)).is_some());
        assert!(t.probe(t.slot(other)).is_some());
    }

    #[test]
    fn grow_keeps_entries_and_shrink_finds_them_again() {
        let t = Table::new(SMALL_LOG2 + 4, 49);
        assert_eq!(t.active_entries(), 1 << SMALL_LOG2);
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x1234_5678_9ABC) >> 15)
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            let v = (i % 40) as i32 - 20;
            t.store(t.slot(k), v, v + 1, Some((i % 7) as u32), 3);
        }
        assert!(t.grow());
        assert!(!t.grow());
        assert_eq!(t.active_entries(), 1 << (SMALL_LOG2 + 4));
        let found = |t: &Table| {
            keys.iter()
                .enumerate()
                .filter(|&(i, &k)| {
                    let v = (i % 40) as i32 - 20;
                    let h = t.probe(t.slot(k));
                    // A key either is found with its own bounds or is absent.
                    if let Some(h) = h {
                        assert_eq!((h.lower, h.upper, h.mv), (v, v + 1, Some((i % 7) as u32)));
                    }
                    h.is_some()
                })
                .count()
        };
        assert!(found(&t) > 4900);
        // Keys never stored are not found in the large level either.
        assert!((1..2000u64)
            .all(|k| t.probe(t.slot(k * 977 + 3)).is_none() || keys.contains(&(k * 977 + 3))));
        t.shrink();
        assert!(found(&t) > 4900);
    }

    #[test]
    fn full_width_keys() {
        let t = Table::new(4, 40);
        let k = (1u64 << 40) - 8;
        t.store(t.slot(k), 1, 1, None, 0);
        assert_eq!(t.probe(t.slot(k)).unwrap().lower, 1);
        assert!(t.probe(t.slot(k - 1)).is_none());
    }
}
