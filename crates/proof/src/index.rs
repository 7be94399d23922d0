//! An index written beside a certificate (`FILE.idx`, by `hypertac index
//! FILE`): each section's table of the entries' canonical keys and
//! offsets (`entries.rs`), so that a player reading the proof for one
//! move finds the entries of a position's class without a pass over all
//! of them (4^5: 175,815 canonical forms under 15,360 maps, seconds).
//!
//! The layout, every number little-endian (docs/proof-format.md, "The
//! index"):
//!
//! ```text
//! 0   8 bytes   magic "HTPINDEX"
//! 8   u32       index format version (1)
//! 12  u64       hash of the certificate file's bytes (file_hash)
//! 20  u32       number of sections S
//!     S times:  u32 entries E, then E records of u64 canonical key and
//!               u32 offset of the entry in the section's bytes, sorted
//! end u64       hash of every byte before it (file_hash)
//! ```
//!
//! Reading checks all of it against the certificate (its hash, the
//! sections' entry counts, sorted records, offsets inside the section)
//! and that a few records' keys are those of their entries; any
//! mismatch is an error, and the caller reads the certificate without
//! the index. Even an index that passes is only a guide: an entry it
//! names is used only after its position is compared in full.

use crate::board::Lines;
use crate::entries::{canonical_key, Entries, Table};
use crate::fingerprint::mix;
use crate::format::{read_head, Certificate, ProofError};
use crate::lazy_symmetry::LazySymmetries;
use crate::symmetry::Symmetries;

/// The index's first bytes.
pub const INDEX_MAGIC: &[u8; 8] = b"HTPINDEX";
/// The index format version this hypertac writes and reads.
const INDEX_VERSION: u32 = 1;
/// Bytes of one record: key and offset.
const RECORD: usize = 12;

/// A hash of a file's bytes: `h = len`, then for each 8 bytes (little
/// endian, the last zero-padded) `h = mix(h ^ word)` (SplitMix64's
/// finaliser, `fingerprint.rs`). Catches a changed or cut file, not a
/// forged one.
pub fn file_hash(bytes: &[u8]) -> u64 {
    bytes.chunks(8).fold(bytes.len() as u64, |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        mix(h ^ u64::from_le_bytes(word))
    })
}

/// The certificate in `cert` (a whole file, versions 2 to 4) without
/// its entries, its sections' entries as in the file, and the board's
/// line table.
pub(crate) fn sections(cert: &[u8]) -> Result<(Certificate, Vec<Entries>, Lines), ProofError> {
    let (head, version, sections) = read_head(cert)?;
    let rules = head.to_rules()?;
    let lines = Lines::new(&rules).map_err(ProofError::new)?;
    let entries = sections
        .into_iter()
        .map(|s| Entries {
            player: s.player,
            goal: s.goal,
            cells: lines.cells(),
            version,
            data: cert[s.range].to_vec(),
            count: s.entries,
        })
        .collect();
    Ok((head, entries, lines))
}

/// The index of the certificate file `cert` (see the module docs), every
/// entry read and checked on its own on the way.
///
/// # Errors
/// A header [`crate::Certificate::read_from`] refuses, a version-1 file
/// (its entries are read whole anyway), or a malformed entry.
pub fn write_index(cert: &[u8]) -> Result<Vec<u8>, ProofError> {
    let (head, sections, lines) = sections(cert)?;
    let group = Symmetries::with_lines(&head.to_rules()?, &lines);
    let mut out = Vec::new();
    out.extend_from_slice(INDEX_MAGIC);
    out.extend_from_slice(&INDEX_VERSION.to_le_bytes());
    out.extend_from_slice(&file_hash(cert).to_le_bytes());
    out.extend_from_slice(&(sections.len() as u32).to_le_bytes());
    for (s, entries) in sections.iter().enumerate() {
        let table = entries
            .table(&group)
            .map_err(|e| ProofError::new(format!("section {s}: {e}")))?;
        out.extend_from_slice(&(table.len() as u32).to_le_bytes());
        for (key, at) in table {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&at.to_le_bytes());
        }
    }
    let hash = file_hash(&out);
    out.extend_from_slice(&hash.to_le_bytes());
    Ok(out)
}

/// The key tables of `sections` (the certificate `cert`'s, whose board
/// has the symmetries `group`) from its index `index`, checked as the
/// module docs say.
pub(crate) fn read_index(
    index: &[u8],
    cert: &[u8],
    sections: &[Entries],
    group: &LazySymmetries,
) -> Result<Vec<Table>, String> {
    let body_len = index
        .len()
        .checked_sub(8)
        .filter(|&n| n >= 24)
        .ok_or("the index is cut off (shorter than its header)")?;
    let (body, tail) = index.split_at(body_len);
    if &body[..8] != INDEX_MAGIC {
        return Err("not a hypertac proof index (bad magic bytes)".into());
    }
    let mut at = 8;
    let u32_at = |at: &mut usize| -> Result<u32, String> {
        let bytes = body.get(*at..*at + 4).ok_or("the index is cut off")?;
        *at += 4;
        Ok(u32::from_le_bytes(bytes.try_into().expect("4 bytes")))
    };
    let version = u32_at(&mut at)?;
    if version != INDEX_VERSION {
        return Err(format!(
            "index format version {version}; this hypertac reads {INDEX_VERSION}"
        ));
    }
    if u64::from_le_bytes(tail.try_into().expect("8 bytes")) != file_hash(body) {
        return Err("the index is damaged (its own hash does not match)".into());
    }
    let cert_hash = u64::from_le_bytes(body[12..20].try_into().expect("8 bytes"));
    if cert_hash != file_hash(cert) {
        return Err("the index is of another certificate (or an older version of it)".into());
    }
    at = 20;
    let count = u32_at(&mut at)? as usize;
    if count != sections.len() {
        return Err(format!(
            "the index has {count} sections, the certificate {}",
            sections.len()
        ));
    }
    let mut out = Vec::with_capacity(count);
    for (s, entries) in sections.iter().enumerate() {
        let n = u32_at(&mut at)? as usize;
        if n as u64 != entries.count {
            return Err(format!(
                "section {s}: the index has {n} entries, the certificate {}",
                entries.count
            ));
        }
        let end = n
            .checked_mul(RECORD)
            .and_then(|bytes| at.checked_add(bytes))
            .filter(|&end| end <= body.len())
            .ok_or("the index is cut off")?;
        let records = &body[at..end];
        at = end;
        let table: Table = records
            .chunks_exact(RECORD)
            .map(|r| {
                let key = u64::from_le_bytes(r[..8].try_into().expect("8 bytes"));
                (key, u32::from_le_bytes(r[8..].try_into().expect("4 bytes")))
            })
            .collect();
        check_table(&table, entries, group).map_err(|e| format!("section {s}: {e}"))?;
        out.push(table);
    }
    if at != body.len() {
        return Err("the index has bytes after its last section".into());
    }
    Ok(out)
}

/// A section's table is sorted, points inside the section, and its
/// first, middle and last records are their entries' keys (a table
/// written with another group or key would find no entry).
fn check_table(table: &Table, entries: &Entries, group: &LazySymmetries) -> Result<(), String> {
    if table.windows(2).any(|w| w[0] >= w[1]) {
        return Err("the index's records are not sorted".into());
    }
    if table
        .iter()
        .any(|&(_, at)| at as usize >= entries.data.len())
    {
        return Err("the index points past the section's entries".into());
    }
    let words = entries.cells.div_ceil(64);
    let mut canon = vec![0u64; 2 * words];
    for &(key, at) in [0, table.len() / 2, table.len().saturating_sub(1)]
        .iter()
        .filter_map(|&i| table.get(i))
    {
        let (entry, _) = entries
            .entry_at(at as usize)
            .map_err(|e| format!("the index points to no entry at byte {at}: {e}"))?;
        group.canonical(&entry.stones(words), &mut canon);
        if canonical_key(&canon) != key {
            return Err(format!(
                "the index's key of the entry at byte {at} is not the entry's"
            ));
        }
    }
    Ok(())
}

/// Whether `index` is the index of the certificate file `cert`, as a
/// player reading both checks it (see the module docs).
///
/// # Errors
/// The certificate's header is refused, or the index does not match it
/// (the message says how).
pub fn check_index(cert: &[u8], index: &[u8]) -> Result<(), ProofError> {
    let (head, sections, lines) = sections(cert)?;
    let group = LazySymmetries::new(&head.to_rules()?, &lines);
    read_index(index, cert, &sections, &group).map_err(ProofError::new)?;
    Ok(())
}
