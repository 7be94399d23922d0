//! `verify_threads` against `verify`: the same report (verdict and every
//! count) on the certificates in proofs/, and the same error on tampered ones.

use hypertac_core::Cell;
use hypertac_proof::{verify, verify_threads, Certificate, Section};
use std::path::PathBuf;

fn load(name: &str) -> Certificate {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../proofs")
        .join(name);
    Certificate::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn both(cert: &Certificate) -> [Result<hypertac_proof::Report, String>; 3] {
    let seq = verify(cert, &mut |_| {}).map_err(|e| e.to_string());
    let two = verify_threads(cert, 2, &|_| {}).map_err(|e| e.to_string());
    let eight = verify_threads(cert, 8, &|_| {}).map_err(|e| e.to_string());
    [seq, two, eight]
}

#[test]
fn threaded_reports_equal_the_sequential_ones() {
    // Draws of two sections (pairing and potential entries among them)
    // and wins of one.
    for name in [
        "tictactoe.proof",
        "4x4.proof",
        "5x5.proof",
        "6x6.proof",
        "8x8x8.proof",
        "4x4-k3.proof",
        "3x3x3.proof",
        "qubic.proof",
    ] {
        let cert = load(name);
        let [seq, two, eight] = both(&cert);
        let seq = seq.unwrap_or_else(|e| panic!("{name} rejected: {e}"));
        assert_eq!(two.as_ref(), Ok(&seq), "{name}");
        assert_eq!(eight.as_ref(), Ok(&seq), "{name}");
    }
}

/// The certificate with `section`'s entry `entry` answered by `cell`.
fn tamper(cert: &Certificate, section: usize, entry: usize, cell: u64) -> Certificate {
    let mut out = cert.clone();
    let old = &cert.sections[section];
    let mut changed = Section::new(old.player, old.goal, old.cells());
    for i in 0..old.len() {
        let (xs, os, mv) = old.get(i);
        changed.push(&xs, &os, if i == entry { Cell(cell) } else { mv });
    }
    out.sections[section] = changed;
    out
}

#[test]
fn a_tampered_certificate_is_rejected_the_same_way() {
    let cert = load("tictactoe.proof");
    let mut rejected = 0;
    for section in 0..cert.sections.len() {
        for entry in 0..cert.sections[section].len() {
            let (xs, os, mv) = cert.sections[section].get(entry);
            for cell in 0..9u64 {
                let taken = (xs[0] | os[0]) >> cell & 1 == 1;
                if taken || Cell(cell) == mv {
                    continue;
                }
                let bad = tamper(&cert, section, entry, cell);
                let [seq, two, eight] = both(&bad);
                assert_eq!(seq, two, "section {section} entry {entry} cell {cell}");
                assert_eq!(seq, eight, "section {section} entry {entry} cell {cell}");
                rejected += usize::from(seq.is_err());
            }
        }
    }
    assert!(rejected > 0, "some tampered copy is rejected");
    // Both sections broken: the first section's error, as sequentially.
    let mut bad = tamper(&cert, 0, 0, 0);
    bad = tamper(&bad, 1, 0, 0);
    let [seq, two, _] = both(&bad);
    assert!(seq.is_err());
    assert_eq!(seq, two);
}

/// A win whose threat searches are worked out ahead on other threads
/// (`ahead.rs`): tampered Qubic certificates give the same error (or the
/// same report) on 1, 2 and 8 threads.
#[test]
fn a_tampered_win_is_rejected_the_same_way() {
    let cert = load("qubic.proof");
    let section = &cert.sections[0];
    let mut rejected = 0;
    for entry in [0, section.len() / 3, section.len() / 2] {
        let (xs, os, mv) = section.get(entry);
        let free = (0..64u64)
            .find(|&c| (xs[0] | os[0]) >> c & 1 == 0 && Cell(c) != mv)
            .expect("an empty cell");
        let bad = tamper(&cert, 0, entry, free);
        let [seq, two, eight] = both(&bad);
        assert_eq!(seq, two, "entry {entry} cell {free}");
        assert_eq!(seq, eight, "entry {entry} cell {free}");
        rejected += usize::from(seq.is_err());
    }
    assert!(rejected >= 1, "some tampered copy is rejected");
}
