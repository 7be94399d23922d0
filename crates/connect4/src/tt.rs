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

const CHECK_SHIFT: u32 = 28;
const CHECK_BITS: u32 = 64 - CHECK_SHIFT;
const NO_MOVE: u64 = 15;
const MULT: u64 = 0x9E37_79B9_7F4A_7C15;

#[derive(Clone, Copy, Default)]
#[repr(align(32))]
struct Bucket([u64; WAYS]);

/// Entries per bucket (a bucket is half a cache line).
const WAYS: usize = 4;

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub lower: i32,
    pub upper: i32,
    pub mv: Option<u32>,
}

pub(crate) struct Table {
    buckets: Buckets,
    index_bits: u32,
    key_bits: u32,
    gen: u64,
}

impl Table {
    /// A table of about `2^log2_entries` entries for keys of `key_bits`
    /// bits. The size is raised when needed so that at most 36 bits of key
    /// have to be stored.
    pub fn new(log2_entries: u32, key_bits: u32) -> Self {
        let mut index_bits = log2_entries.saturating_sub(2).clamp(1, 34);
        index_bits = index_bits.max(key_bits.saturating_sub(CHECK_BITS));
        index_bits = index_bits.min(key_bits);
        Table {
            buckets: Buckets::new(1usize << index_bits),
            index_bits,
            key_bits,
            gen: 1,
        }
    }

    pub fn key_bits(&self) -> u32 {
        self.key_bits
    }

    /// Number of entries.
    pub fn entries(&self) -> usize {
        self.buckets.len * WAYS
    }

    pub fn clear(&mut self) {
        self.buckets.as_mut_slice().fill(Bucket::default());
        self.gen = 1;
    }

    /// Starts a new search generation (older entries become the first to
    /// be replaced, their bounds stay valid).
    pub fn next_generation(&mut self) {
        self.gen = (self.gen + 1) & 15;
        if self.gen == 0 {
            self.gen = 1;
        }
    }

    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(MULT);
        let h = if self.key_bits >= 64 {
            h
        } else {
            h & ((1u64 << self.key_bits) - 1)
        };
        let low_bits = self.key_bits - self.index_bits;
        let index = (h >> low_bits) as usize;
        let check = if low_bits == 0 {
            0
        } else {
            h & ((1u64 << low_bits) - 1)
        };
        (index, check)
    }

    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (i, _) = self.locate(key);
            // SAFETY: `i` is a valid index (locate returns values below
            // 2^index_bits == len) and prefetching has no side effects.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(self.buckets.ptr.as_ptr().add(i) as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let (i, check) = self.locate(key);
        let b = &self.buckets.as_slice()[i].0;
        for &e in b {
            if e != 0 && e >> CHECK_SHIFT == check {
                return Some(decode(e));
            }
        }
        None
    }

    /// Records `lower <= score <= upper` for `key`, merging with what is
    /// already known about it.
    #[inline]
    pub fn store(&mut self, key: u64, lower: i32, upper: i32, mv: Option<u32>, work: u32) {
        let (i, check) = self.locate(key);
        let gen = self.gen;
        let b = &mut self.buckets.as_mut_slice()[i].0;
        let mut lower = lower;
        let mut upper = upper;
        let mut mv = mv;
        let mut work = work.min(63) as u64;
        for slot in b.iter_mut() {
            let e = *slot;
            if e != 0 && e >> CHECK_SHIFT == check {
                let old = decode(e);
                lower = lower.max(old.lower);
                upper = upper.min(old.upper);
                if mv.is_none() {
                    mv = old.mv;
                }
                work = work.max((e >> 18) & 63);
                *slot = encode(check, gen, work, mv, lower, upper);
                return;
            }
        }
        let new = encode(check, gen, work, mv, lower, upper);
        // Replace an empty entry, else the cheapest entry of an older
        // search, else the cheapest entry.
        let mut victim = 0;
        let mut victim_rank = u64::MAX;
        for (i, &e) in b.iter().enumerate() {
            let rank = if e == 0 {
                0
            } else if (e >> 24) & 15 != gen {
                1 + ((e >> 18) & 63)
            } else {
                100 + ((e >> 18) & 63)
            };
            if rank < victim_rank {
                victim = i;
                victim_rank = rank;
            }
        }
        b[victim] = new;
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
// SAFETY: shared access only reads.
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

    #[inline]
    fn as_mut_slice(&mut self) -> &mut [Bucket] {
        // SAFETY: `len` initialised buckets owned by `self`, borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
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
        let mut t = Table::new(10, 49);
        assert!(t.probe(12345).is_none());
        t.store(12345, -3, 5, Some(2), 4);
        let h = t.probe(12345).unwrap();
        assert_eq!((h.lower, h.upper, h.mv), (-3, 5, Some(2)));
        t.store(12345, 0, 10, None, 1);
        let h = t.probe(12345).unwrap();
        assert_eq!((h.lower, h.upper, h.mv), (0, 5, Some(2)));
        // Same bucket, different key: both stay (two slots).
        let other = 12345 + (1u64 << 40);
        t.store(other, -20, 20, None, 0);
        assert!(t.probe(12345).is_some());
        assert!(t.probe(other).is_some());
    }

    #[test]
    fn full_width_keys() {
        let mut t = Table::new(4, 40);
        let k = (1u64 << 40) - 8;
        t.store(k, 1, 1, None, 0);
        assert_eq!(t.probe(k).unwrap().lower, 1);
        assert!(t.probe(k - 1).is_none());
    }
}
