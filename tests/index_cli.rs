//! `hypertac index FILE` writes `FILE.idx`, `--check` accepts it, and
//! refuses it (exit 1, one clear line) once the certificate changed.

mod common;

use std::path::Path;

#[test]
fn index_writes_checks_and_refuses_a_stale_index() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("qubic.proof");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs/qubic.proof");
    std::fs::copy(&shipped, &file).unwrap();
    let name = file.to_str().unwrap();
    let (out, err, code) = common::run_args(&["index", name]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("wrote ") && out.contains("qubic.proof.idx"),
        "{out}"
    );
    assert!(dir.path().join("qubic.proof.idx").exists());
    let (out, err, code) = common::run_args(&["index", "--check", name]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the index of"), "{out}");
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let (_, err, code) = common::run_args(&["index", "--check", name]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("another certificate"), "{err}");
    let missing = dir.path().join("none.proof");
    let (_, err, code) = common::run_args(&["index", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: cannot read"), "{err}");
}
