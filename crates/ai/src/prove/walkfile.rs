//! The certificate walk's own checkpoint: what a walk stopped at any time
//! needs to go on (`walk.rs`).
//!
//! A walk enters every position the winner's strategy reaches; a position
//! it has left is finished, with the entries below it written. So a saved
//! walk is the keys of the finished positions and the entries so far, each
//! with the key of the position it answers. Walking again from the root,
//! a finished position is passed over, and a position that already has an
//! entry plays that entry's move instead of choosing again.
//!
//! ```text
//! magic (16 bytes), id length (u32), id (the rules and root moves),
//! section (u32: which section of the certificate),
//! finished: count (u64), keys (u64 each),
//! entries: count (u64), each: key (u64), move (u32), words (u32),
//!   X's words, O's words (u64 each), pairs (u32 count, u32::MAX: none),
//!   the pairs' cells (u32 each),
//! prints: count (u64), fingerprints (u64 each),
//! canonical: count (u64), keys (u64 each)
//! ```
//! All little-endian. A file that does not parse, or names another
//! position, is refused with a message. The last two lists (version 3)
//! are the finished positions as the checker tells symmetric positions
//! apart: their fingerprints and the hashes of their canonical forms
//! (`walk.rs`, "up to symmetry").
//!
//! Version 2 (magic `hypertac-walk-2`) has no prints nor canonical keys:
//! a walk resumed from it passes over only the finished positions
//! themselves, not their symmetric copies, which is sound (it walks
//! more, and writes entries the checker may not need).
//! Version 1 (magic `hypertac-walk-1`) came from walks that passed over a
//! position symmetric to one the checker had settled by itself, which the
//! checker no longer remembers (`hypertac_proof` checker.rs): its finished
//! positions are dropped on reading, its entries kept.

use super::checkpoint::{check_name, push_name, NameError};
use super::entry::Entry;
use std::io::{self, Read, Write};

const MAGIC: &[u8; 16] = b"hypertac-walk-3\n";
/// Version 2's magic (see the module docs).
const MAGIC_2: &[u8; 16] = b"hypertac-walk-2\n";
/// Version 1's magic (see the module docs).
const MAGIC_1: &[u8; 16] = b"hypertac-walk-1\n";
/// In an entry's count of paired cells: a potential entry, no pairs.
const POTENTIAL: u32 = u32::MAX - 1;

/// A walk's progress (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WalkState {
    /// Which section of the certificate is being walked.
    pub section: u32,
    /// Keys of the positions whose walk is finished.
    pub finished: Vec<u64>,
    /// The entries so far, each with the key of its position.
    pub entries: Vec<(u64, Entry)>,
    /// The finished positions' fingerprints (`hypertac_proof::Oracle`).
    pub prints: Vec<u64>,
    /// The hashes of the finished positions' canonical forms.
    pub canonical: Vec<u64>,
}

/// A list of keys for [`write`]: how many, and the keys (read where they
/// are kept rather than copied).
pub(crate) struct Keys<'a> {
    /// How many keys `keys` yields.
    pub count: usize,
    /// The keys.
    pub keys: Box<dyn Iterator<Item = u64> + 'a>,
}

impl<'a> Keys<'a> {
    /// The keys of a set.
    pub fn of<S>(set: &'a std::collections::HashSet<u64, S>) -> Keys<'a> {
        Keys {
            count: set.len(),
            keys: Box::new(set.iter().copied()),
        }
    }
}

/// What a save holds besides its name (see the module docs).
pub(crate) struct Progress<'a, E> {
    /// Which section of the certificate is being walked.
    pub section: u32,
    /// The finished positions' keys.
    pub finished: Keys<'a>,
    /// The entries, each with the key of its position.
    pub entries: E,
    /// The finished positions' fingerprints.
    pub prints: Keys<'a>,
    /// The hashes of their canonical forms.
    pub canonical: Keys<'a>,
}

/// Writes a walk's progress for the position named `id`.
///
/// # Errors
/// Errors of the writer; a key list yielding other than its count.
pub(crate) fn write<'a>(
    w: &mut dyn Write,
    id: &str,
    progress: Progress<'a, impl ExactSizeIterator<Item = (u64, &'a Entry)>>,
) -> io::Result<()> {
    let mut out = MAGIC.to_vec();
    push_name(&mut out, id);
    out.extend_from_slice(&progress.section.to_le_bytes());
    push_keys(w, &mut out, progress.finished, "finished positions")?;
    out.extend_from_slice(&(progress.entries.len() as u64).to_le_bytes());
    for (key, e) in progress.entries {
        out.extend_from_slice(&key.to_le_bytes());
        out.extend_from_slice(&e.mv.to_le_bytes());
        out.extend_from_slice(&(e.x.len() as u32).to_le_bytes());
        for word in e.x.iter().chain(&e.o) {
            out.extend_from_slice(&word.to_le_bytes());
        }
        match &e.pairs {
            None if e.potential => out.extend_from_slice(&POTENTIAL.to_le_bytes()),
            None => out.extend_from_slice(&u32::MAX.to_le_bytes()),
            Some(p) => {
                out.extend_from_slice(&(p.len() as u32).to_le_bytes());
                for c in p {
                    out.extend_from_slice(&c.to_le_bytes());
                }
            }
        }
        if out.len() >= 1 << 20 {
            w.write_all(&out)?;
            out.clear();
        }
    }
    push_keys(w, &mut out, progress.prints, "fingerprints")?;
    push_keys(w, &mut out, progress.canonical, "canonical keys")?;
    w.write_all(&out)?;
    w.flush()
}

/// Appends a count and its keys to `out`, writing `out` out as it grows.
fn push_keys(w: &mut dyn Write, out: &mut Vec<u8>, list: Keys, what: &str) -> io::Result<()> {
    out.extend_from_slice(&(list.count as u64).to_le_bytes());
    let mut written = 0;
    for k in list.keys {
        out.extend_from_slice(&k.to_le_bytes());
        written += 1;
        if out.len() >= 1 << 20 {
            w.write_all(out)?;
            out.clear();
        }
    }
    if written != list.count {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{written} {what}, not {}", list.count),
        ));
    }
    Ok(())
}

/// Reads what [`write`] wrote for the position named `id`, on a board of
/// `words` words a side.
pub(crate) fn read(r: &mut dyn Read, id: &str, words: usize) -> Result<WalkState, String> {
    let mut magic = [0u8; 16];
    r.read_exact(&mut magic)
        .map_err(|_| "not a walk file: too short".to_string())?;
    if ![MAGIC, MAGIC_2, MAGIC_1].contains(&&magic) {
        return Err("not a walk file: wrong magic".into());
    }
    match check_name(r, id, "walk file") {
        Ok(()) => {}
        Err(NameError::Short) => return Err("not a walk file: cut short".into()),
        Err(NameError::Other(m)) => return Err(m),
    }
    let mut src = Source { r };
    let section = src.u32()?;
    let mut finished = src.keys()?;
    if &magic == MAGIC_1 {
        finished = Vec::new();
    }
    let n = src.u64()?;
    let mut entries = Vec::new();
    for _ in 0..n {
        let key = src.u64()?;
        let mv = src.u32()?;
        if src.u32()? as usize != words {
            return Err("the walk file is of another board size".into());
        }
        let mut x = Vec::with_capacity(words);
        let mut o = Vec::with_capacity(words);
        for _ in 0..words {
            x.push(src.u64()?);
        }
        for _ in 0..words {
            o.push(src.u64()?);
        }
        let mut potential = false;
        let pairs = match src.u32()? {
            u32::MAX => None,
            POTENTIAL => {
                potential = true;
                None
            }
            count if count as usize > 64 * words => {
                return Err("not a walk file: too many pairs".into())
            }
            count => Some(
                (0..count)
                    .map(|_| src.u32())
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        entries.push((
            key,
            Entry {
                x,
                o,
                mv,
                pairs,
                potential,
            },
        ));
    }
    let (prints, canonical) = match &magic == MAGIC {
        true => (src.keys()?, src.keys()?),
        false => (Vec::new(), Vec::new()),
    };
    if !matches!(src.r.read(&mut [0u8; 1]), Ok(0)) {
        return Err("not a walk file: bytes after the end".into());
    }
    Ok(WalkState {
        section,
        finished,
        entries,
        prints,
        canonical,
    })
}

/// Reads little-endian numbers; a short read is a clear error, and counts
/// never allocate ahead of the bytes that back them.
struct Source<'a> {
    r: &'a mut dyn Read,
}

impl Source<'_> {
    fn bytes(&mut self, n: usize) -> Result<Vec<u8>, String> {
        let mut b = Vec::new();
        self.r
            .take(n as u64)
            .read_to_end(&mut b)
            .map_err(|e| format!("cannot read the walk file: {e}"))?;
        if b.len() != n {
            return Err("not a walk file: cut short".into());
        }
        Ok(b)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.bytes(4)?;
        Ok(u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }

    /// A count and as many keys.
    fn keys(&mut self) -> Result<Vec<u64>, String> {
        let n = self.u64()?;
        let mut keys = Vec::new();
        for _ in 0..n {
            keys.push(self.u64()?);
        }
        Ok(keys)
    }

    fn u64(&mut self) -> Result<u64, String> {
        let b = self.bytes(8)?;
        Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> WalkState {
        WalkState {
            section: 1,
            finished: vec![3, u64::MAX, 0],
            entries: vec![
                (
                    7,
                    Entry {
                        x: vec![1, 2],
                        o: vec![4, 8],
                        mv: 70,
                        pairs: None,
                        potential: false,
                    },
                ),
                (
                    9,
                    Entry {
                        x: vec![0, 0],
                        o: vec![1, 0],
                        mv: 5,
                        pairs: Some(vec![1, 2, 3, 4]),
                        potential: false,
                    },
                ),
                (
                    10,
                    Entry {
                        x: vec![0, 1],
                        o: vec![2, 0],
                        mv: 6,
                        pairs: None,
                        potential: true,
                    },
                ),
            ],
            prints: vec![11, 12],
            canonical: vec![13, 14, 15],
        }
    }

    fn keys(v: &[u64]) -> Keys<'_> {
        Keys {
            count: v.len(),
            keys: Box::new(v.iter().copied()),
        }
    }

    fn written(st: &WalkState) -> Vec<u8> {
        let mut bytes = Vec::new();
        let progress = Progress {
            section: st.section,
            finished: keys(&st.finished),
            entries: st.entries.iter().map(|(k, e)| (*k, e)),
            prints: keys(&st.prints),
            canonical: keys(&st.canonical),
        };
        write(&mut bytes, "4x4x4x4x4 k4 : ", progress).unwrap();
        bytes
    }

    #[test]
    fn reads_what_it_wrote_and_refuses_the_rest() {
        let bytes = written(&state());
        // A count that is not the keys' is refused, not written.
        let progress = Progress {
            section: 0,
            finished: Keys {
                count: 3,
                keys: Box::new([1u64, 2].into_iter()),
            },
            entries: std::iter::empty::<(u64, &Entry)>(),
            prints: keys(&[]),
            canonical: keys(&[]),
        };
        assert!(write(&mut Vec::new(), "id", progress).is_err());
        let back = read(&mut bytes.as_slice(), "4x4x4x4x4 k4 : ", 2).unwrap();
        assert_eq!(back, state());
        // Another position, another board, every cut and a byte too many.
        assert!(read(&mut bytes.as_slice(), "4x4x4 k4 : ", 2)
            .unwrap_err()
            .contains("another game"));
        assert!(read(&mut bytes.as_slice(), "4x4x4x4x4 k4 : ", 3).is_err());
        let mut refused = 0;
        for cut in 0..bytes.len() {
            assert!(read(&mut &bytes[..cut], "4x4x4x4x4 k4 : ", 2).is_err());
            refused += 1;
        }
        assert_eq!(refused, bytes.len());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&mut longer.as_slice(), "4x4x4x4x4 k4 : ", 2).is_err());
        // A count of billions with no bytes behind it fails, not allocates.
        let mut huge = bytes[..16 + 4 + 15 + 4].to_vec();
        huge.extend_from_slice(&u64::MAX.to_le_bytes());
        assert!(read(&mut huge.as_slice(), "4x4x4x4x4 k4 : ", 2).is_err());
    }

    /// Version 2: what version 3 writes without its last two lists.
    fn version_2(st: &WalkState) -> Vec<u8> {
        let mut bytes = written(st);
        let tail = 8 * (2 + st.prints.len() + st.canonical.len());
        bytes.truncate(bytes.len() - tail);
        bytes[..16].copy_from_slice(MAGIC_2);
        bytes
    }

    #[test]
    fn a_version_2_save_gives_no_prints_nor_canonical_keys() {
        let bytes = version_2(&state());
        let back = read(&mut bytes.as_slice(), "4x4x4x4x4 k4 : ", 2).unwrap();
        assert_eq!(back.entries, state().entries);
        assert_eq!(back.finished, state().finished);
        assert!(back.prints.is_empty() && back.canonical.is_empty());
    }

    #[test]
    fn a_version_1_save_gives_its_entries_and_no_finished_positions() {
        let mut bytes = version_2(&state());
        bytes[..16].copy_from_slice(MAGIC_1);
        let back = read(&mut bytes.as_slice(), "4x4x4x4x4 k4 : ", 2).unwrap();
        assert_eq!(back.entries, state().entries);
        assert!(back.finished.is_empty());
        bytes[14] = b'4';
        assert!(read(&mut bytes.as_slice(), "4x4x4x4x4 k4 : ", 2)
            .unwrap_err()
            .contains("magic"));
    }
}
