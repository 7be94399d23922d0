//! A section's entries indexed for look-up by canonical position, and its
//! pairing entries' pairs, built by the check ([`crate::verify`]). (A
//! [`crate::Strategy`] finds entries one position at a time instead:
//! `entries.rs`, `index.rs`.)

use crate::keys::KeyMap;
use crate::section::Section;
use crate::symmetry::Symmetries;
use std::collections::HashMap;

/// A section's entries by canonical position: entry index and the move in
/// the canonical frame (the first entry of each class of symmetric
/// positions); with [`Copies`], the others.
pub(crate) fn entry_table(
    section: &Section,
    symmetries: &Symmetries,
    words: usize,
) -> Result<(KeyMap<(u32, u16)>, Copies), String> {
    let mut table: KeyMap<(u32, u16)> = KeyMap::default();
    let mut copies = Copies::new();
    table.reserve(section.len());
    let mut stones = vec![0u64; 2 * words];
    let mut canon = vec![0u64; 2 * words];
    for i in 0..section.len() {
        section
            .check_entry(i)
            .map_err(|e| format!("entry {i}: {e}"))?;
        let (x, o, mv) = section.get(i);
        stones[..words].copy_from_slice(&x);
        stones[words..].copy_from_slice(&o);
        let s = symmetries.canonical(&stones, &mut canon);
        let mapped = symmetries.map(s, mv).0 as u16;
        match table.get(canon.as_slice()) {
            Some(&(j, _)) => {
                let class = copies.entry(j).or_default();
                for k in std::iter::once(j).chain(class.iter().map(|&(k, _)| k)) {
                    let (xk, ok, _) = section.entry_bytes(k as usize);
                    let (xi, oi, _) = section.entry_bytes(i);
                    if xi == xk && oi == ok {
                        return Err(format!("entry {i} repeats the position of entry {k}"));
                    }
                }
                class.push((i as u32, mapped));
            }
            None => {
                table.insert(canon.clone().into_boxed_slice(), (i as u32, mapped));
            }
        }
    }
    Ok((table, copies))
}

/// The entries symmetric to an earlier one, by the index of the first of
/// their class: index and move in the canonical frame.
pub(crate) type Copies = HashMap<u32, Vec<(u32, u16)>>;

/// The pairs of a section's pairing entries, by entry index, mapped like
/// their moves into the canonical frame of their positions.
pub(crate) fn pairing_table(
    section: &Section,
    symmetries: &Symmetries,
    words: usize,
) -> HashMap<u32, Box<[u16]>> {
    let mut out = HashMap::new();
    let mut stones = vec![0u64; 2 * words];
    let mut canon = vec![0u64; 2 * words];
    for i in 0..section.len() {
        let Some(pairs) = section.pairing(i) else {
            continue;
        };
        let (x, o, _) = section.get(i);
        stones[..words].copy_from_slice(&x);
        stones[words..].copy_from_slice(&o);
        let s = symmetries.canonical(&stones, &mut canon);
        let mapped = pairs
            .iter()
            .map(|&c| symmetries.map(s, hypertac_core::Cell(u64::from(c))).0 as u16)
            .collect();
        out.insert(i as u32, mapped);
    }
    out
}
