//! Reading proof files: malformed, truncated, flipped and oversized input.

mod common;

use common::{bytes, certificate};
use hypertac_core::{Rules, Shape};
use hypertac_proof::{verify, Certificate};
use proptest::prelude::*;

fn ttt_draw() -> Vec<u8> {
    bytes(&certificate(&Rules::preset("tictactoe").unwrap(), &[]))
}

fn read(data: &[u8]) -> Result<Certificate, String> {
    Certificate::read_from(&mut &data[..]).map_err(|e| e.to_string())
}

fn header_end(data: &[u8]) -> usize {
    let first = data.iter().position(|&b| b == b'\n').unwrap();
    first + 1 + data[first + 1..].iter().position(|&b| b == b'\n').unwrap() + 1
}

#[test]
fn every_cut_point_is_refused() {
    let data = ttt_draw();
    let start = header_end(&data);
    let cert = read(&data).unwrap();
    let first = cert.sections[0].len();
    for cut in 0..data.len() {
        let e = read(&data[..cut]).unwrap_err();
        if cut < start {
            assert!(
                e.starts_with("not a hypertac proof") || e.starts_with("bad proof header"),
                "{cut}: {e}"
            );
        } else {
            let entry = 2 * 2 + 2;
            let got = (cut - start) / entry;
            let want = if got < first {
                format!("truncated: expected {first} entries in section 0, found {got}")
            } else {
                format!(
                    "truncated: expected {} entries in section 1, found {}",
                    cert.sections[1].len(),
                    (cut - start - first * entry) / entry
                )
            };
            assert_eq!(e, want, "cut at {cut}");
        }
    }
    let mut long = data.clone();
    long.push(0);
    assert_eq!(
        read(&long).unwrap_err(),
        "trailing bytes after the last entry of the proof"
    );
}

#[test]
fn bad_headers_are_named() {
    let data = ttt_draw();
    let text = String::from_utf8_lossy(&data[..header_end(&data)]).to_string();
    let body = &data[header_end(&data)..];
    let with = |header: &str| {
        let mut d = header.as_bytes().to_vec();
        d.extend_from_slice(body);
        read(&d)
    };
    assert_eq!(
        with(&text.replacen("hypertac-proof", "hypertac-proog", 1)).unwrap_err(),
        "not a hypertac proof: the first line is not \"hypertac-proof\""
    );
    assert!(with(&text.replacen("\"version\":1", "\"version\":5", 1))
        .unwrap_err()
        .starts_with("proof format version 5 is not supported"));
    assert_eq!(
        with(&text.replacen("\"version\":1", "\"version\":3", 1)).unwrap_err(),
        "bad proof header: version 3 needs \"derive\" (the checker's threat-sequence limits)"
    );
    assert_eq!(
        with(&text.replacen("\"version\":1", "\"version\":2", 1)).unwrap_err(),
        "bad proof header: version 2 needs \"derive\" (the checker's threat-sequence limits)"
    );
    assert!(with(&text.replacen("{\"version\"", "{\"versio\"", 1))
        .unwrap_err()
        .starts_with("bad proof header: "));
    assert!(with(&text.replacen("\"k\":3", "\"k\":4", 1))
        .unwrap_err()
        .starts_with("bad rules in the proof header: k = 4 is longer"));
    assert_eq!(
        with(&text.replacen("\"draw\"", "\"X loses\"", 1)).unwrap_err(),
        "bad proof header: value \"X loses\" is not \"X wins\", \"O wins\" or \"draw\""
    );
    assert_eq!(
        with(&text.replacen("\"not-lose\"", "\"lose\"", 1)).unwrap_err(),
        "bad proof header: section 0 has goal \"lose\", expected \"win\" or \"not-lose\""
    );
    assert!(
        with(&text.replacen("\"moves\":\"\"", "\"moves\":\"1,1;3,0\"", 1))
            .unwrap_err()
            .starts_with(
                "bad root moves in the proof header: move 2 of the list: cell 3,0 is outside"
            )
    );
    // A count no file can hold: refused before allocating anything.
    let huge = text.replacen(
        &format!("\"entries\":{}", read(&data).unwrap().sections[0].len()),
        "\"entries\":18446744073709551615",
        1,
    );
    assert!(with(&huge)
        .unwrap_err()
        .starts_with("truncated: expected 18446744073709551615 entries in section 0"));
    let big = text.replacen(
        &format!("\"entries\":{}", read(&data).unwrap().sections[0].len()),
        "\"entries\":1000000000000",
        1,
    );
    assert!(with(&big)
        .unwrap_err()
        .starts_with("truncated: expected 1000000000000 entries in section 0, found"));
}

#[test]
fn boards_over_65535_cells_are_refused() {
    let mut cert = certificate(&Rules::preset("tictactoe").unwrap(), &[]);
    cert.rules = hypertac_core::record::RulesSpec::of(
        &Rules::new(Shape::new(&[256, 256]).unwrap(), 5).unwrap(),
    );
    cert.sections.clear();
    let mut out = Vec::new();
    assert!(cert.write_to(&mut out).is_err());
    let data = ttt_draw();
    let text = String::from_utf8_lossy(&data[..header_end(&data)]).to_string();
    let text = text.replacen("\"shape\":[3,3]", "\"shape\":[256,256]", 1);
    assert_eq!(
        read(text.as_bytes()).unwrap_err(),
        "a proof board has at most 65535 cells; 256x256 has 65536"
    );
}

#[test]
fn save_and_load() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ttt.proof");
    let cert = certificate(&Rules::preset("tictactoe").unwrap(), &[]);
    cert.save(&path).unwrap();
    assert_eq!(Certificate::load(&path).unwrap(), cert);
    assert!(!dir.path().join("ttt.proof.tmp").exists());
    assert!(Certificate::load(&dir.path().join("missing"))
        .unwrap_err()
        .to_string()
        .starts_with("cannot open "));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Flipped bytes anywhere: reading and checking never panic.
    #[test]
    fn flipped_bytes_never_panic(flips in proptest::collection::vec((any::<prop::sample::Index>(), 1u8..=255), 1..4)) {
        let mut data = ttt_draw();
        for (at, mask) in flips {
            let i = at.index(data.len());
            data[i] ^= mask;
        }
        if let Ok(cert) = read(&data) {
            let _ = verify(&cert, &mut |_| {});
        }
    }
}
