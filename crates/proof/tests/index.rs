//! The index written beside a certificate: the shipped ones are their
//! certificates' (the 4^4 one byte for byte as written now), and a cut
//! off, damaged or stale index is refused with a clear error (the player
//! then reads the certificate without it), never a panic.

use hypertac_proof::{check_index, file_hash, write_index, Strategy};

fn shipped(name: &str) -> Vec<u8> {
    let path = format!("{}/../../proofs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn refused(cert: &[u8], index: &[u8]) -> String {
    let err = check_index(cert, index).expect_err("refused").to_string();
    assert!(Strategy::read_indexed(cert, index).is_err());
    err
}

#[test]
fn the_shipped_indexes_are_their_certificates() {
    let (cert, index) = (shipped("4d.proof"), shipped("4d.proof.idx"));
    assert_eq!(
        write_index(&cert).unwrap(),
        index,
        "run hypertac index proofs/4d.proof"
    );
    // 4^5's index takes seconds to write; reading checks it against the
    // certificate's hash and three of its keys.
    let (cert, index) = (shipped("4x5.proof"), shipped("4x5.proof.idx"));
    check_index(&cert, &index).expect("run hypertac index proofs/4x5.proof");
    assert_eq!(index.len(), 24 + 4 + 175_815 * 12 + 8);
}

#[test]
fn cut_off_damaged_and_stale_indexes_are_refused() {
    let cert = shipped("qubic.proof");
    let index = write_index(&cert).unwrap();
    check_index(&cert, &index).unwrap();
    let mut cuts = 0;
    for len in (0..index.len())
        .step_by(37)
        .chain(index.len() - 9..index.len())
    {
        let err = refused(&cert, &index[..len]);
        assert!(
            err.contains("cut off") || err.contains("damaged"),
            "{len}: {err}"
        );
        cuts += 1;
    }
    assert!(cuts > 900);
    for at in (0..index.len()).step_by(101) {
        let mut bad = index.clone();
        bad[at] ^= 0x10;
        let err = refused(&cert, &bad);
        assert!(
            ["damaged", "magic", "version"]
                .iter()
                .any(|w| err.contains(w)),
            "{at}: {err}"
        );
    }
    // The certificate changed since: its hash is not the index's.
    let mut changed = cert.clone();
    let at = changed.len() - 1;
    changed[at] ^= 1;
    let err = refused(&changed, &index);
    assert!(err.contains("another certificate"), "{err}");
    let err = refused(&shipped("4d.proof"), &index);
    assert!(err.contains("another certificate"), "{err}");
    // Another index format version, with a matching hash of its own.
    let mut other = index[..index.len() - 8].to_vec();
    other[8] = 2;
    let hash = file_hash(&other);
    other.extend_from_slice(&hash.to_le_bytes());
    assert!(refused(&cert, &other).contains("version 2"));
    // Records out of order, with a matching hash: refused.
    let mut swapped = index[..index.len() - 8].to_vec();
    let records = 24 + 4;
    let (a, b) = (records + 12 * 10, records + 12 * 11);
    let first: Vec<u8> = swapped[a..a + 12].to_vec();
    swapped.copy_within(b..b + 12, a);
    swapped[b..b + 12].copy_from_slice(&first);
    let hash = file_hash(&swapped);
    swapped.extend_from_slice(&hash.to_le_bytes());
    assert!(refused(&cert, &swapped).contains("not sorted"));
}

#[test]
fn a_refused_certificate_has_no_index() {
    let cert = shipped("tictactoe.proof");
    assert!(write_index(&cert).is_ok());
    assert!(write_index(b"hypertac-proof\n{}\n").is_err());
    let mut cut = cert.clone();
    cut.pop();
    let err = write_index(&cut)
        .expect_err("a cut-off certificate")
        .to_string();
    assert!(err.contains("truncated"), "{err}");
}
