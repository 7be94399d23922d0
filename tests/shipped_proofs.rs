//! The proofs shipped in `proofs/` verify, tampered version-2 copies are
//! refused with one clear line, and no small header makes `hypertac verify`
//! take much memory.

mod common;

use hypertac_proof::{Certificate, Section, Value};
use std::path::{Path, PathBuf};

fn run(path: &Path) -> (String, String, i32) {
    common::run_args(&["verify", path.to_str().expect("a UTF-8 path")])
}

fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("proofs")
        .join(name)
}

#[test]
fn every_shipped_proof_verifies() {
    let want = [
        ("tictactoe.proof", "proof accepted: draw"),
        ("4x4-k3.proof", "proof accepted: X wins"),
        ("3x3x3.proof", "proof accepted: X wins"),
        ("3x3x3x3.proof", "proof accepted: X wins"),
        ("qubic.proof", "proof accepted: X wins"),
        ("3x3x3x3x3.proof", "proof accepted: X wins"),
        ("4x4.proof", "proof accepted: draw"),
        // Draws by pairing strategies (format version 3).
        ("5x5.proof", "proof accepted: draw"),
        ("6x6.proof", "proof accepted: draw"),
        ("8x8x8.proof", "proof accepted: draw"),
    ];
    for (name, first) in want {
        let (out, err, code) = run(&shipped(name));
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.starts_with(first), "{name}: {out}");
        let cert = Certificate::load(&shipped(name)).unwrap();
        assert!(cert.derive.is_some(), "{name} is not version 2");
    }
    // 4^4 reads as a version-2 X win; checking it takes minutes
    // (`hypertac verify proofs/4d.proof`, scripts/prove-4d.sh).
    let four = Certificate::load(&shipped("4d.proof")).unwrap();
    assert_eq!(four.value, Value::Win(hypertac_core::Player::X));
    assert!(four.derive.is_some());
    // 4^5 from the empty board (the units of proofs/4x5 merged and shrunk):
    // a version-2 X win; checking it takes about 14 minutes on 2 threads
    // and 0.2 GB (`hypertac verify --threads 2 proofs/4x5.proof`).
    let five = Certificate::load(&shipped("4x5.proof")).unwrap();
    assert_eq!(five.value, Value::Win(hypertac_core::Player::X));
    assert!(five.derive.is_some());
    assert!(five.moves.is_empty(), "4^5 is proved from the empty board");
    assert_eq!(five.best, Some(hypertac_core::Cell(0)), "X's corner");
    assert!(std::fs::metadata(shipped("4x5.proof")).unwrap().len() < 3 << 20);
    let qubic = Certificate::load(&shipped("qubic.proof")).unwrap();
    let entries: usize = qubic.sections.iter().map(Section::len).sum();
    // Patashnik's Qubic strategy (1977) is a dictionary of 2,929 positions.
    assert!(entries < 2_929, "{entries} entries");
    assert!(std::fs::metadata(shipped("qubic.proof")).unwrap().len() < 1 << 20);
}

/// 7^3 from the empty board: a draw, both halves (O's by pairings a few
/// moves after the opening, most of them matched pairing entries), checked
/// in full here (about 15 s).
#[test]
fn the_7x7x7_draw_verifies() {
    let path = shipped("7x7x7.proof");
    let cert = Certificate::load(&path).unwrap();
    assert_eq!(cert.value, Value::Draw);
    assert!(cert.moves.is_empty(), "7^3 is proved from the empty board");
    assert!(std::fs::metadata(&path).unwrap().len() < 50 << 20);
    let (out, err, code) = run(&path);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("proof accepted: draw"), "{out}");
    // Every entry is used (the certificate was shrunk).
    for line in out.lines().filter(|l| l.starts_with("section:")) {
        let used = line.rsplit(", ").next().unwrap_or_default();
        let (a, b) = used
            .trim_end_matches(" entries used")
            .split_once('/')
            .unwrap_or_else(|| panic!("{line}"));
        assert_eq!(a, b, "{line}");
    }
}

/// Refused (exit status 1: the proof fails, 2: the file is unreadable),
/// with one line on stderr and nothing on stdout.
fn refused(path: &Path) -> String {
    let (out, err, code) = run(path);
    assert!(code == 1 || code == 2, "status {code}: {out}");
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A copy of `cert` with entry `i` of its first section replaced by `f`'s
/// answer (`None` drops it).
fn edited(
    cert: &Certificate,
    i: usize,
    f: impl Fn(Vec<u64>, Vec<u64>, hypertac_core::Cell) -> Option<hypertac_core::Cell>,
) -> Certificate {
    let mut out = cert.clone();
    let s = &cert.sections[0];
    let mut section = Section::new(s.player, s.goal, s.cells());
    for j in 0..s.len() {
        let (x, o, m) = s.get(j);
        let m = if j == i {
            f(x.clone(), o.clone(), m)
        } else {
            Some(m)
        };
        if let Some(m) = m {
            section.push(&x, &o, m);
        }
    }
    out.sections[0] = section;
    out
}

#[test]
fn tampered_version_2_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read(shipped("qubic.proof")).unwrap();
    let cert = Certificate::read_from(&mut good.as_slice()).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let save = |name: &str, c: &Certificate| {
        let mut bytes = Vec::new();
        c.write_to(&mut bytes).unwrap();
        write(name, &bytes)
    };

    // The root's entry removed: nothing gives X's first move.
    let err = refused(&save(
        "removed.proof",
        &edited(&cert, root_entry(&cert), |_, _, _| None),
    ));
    assert!(err.contains("no entry gives X's move"), "{err}");

    // Every entry's move changed to the first other empty cell: the first
    // changed entry the checker meets fails.
    let mut moved = cert.clone();
    for i in 0..cert.sections[0].len() {
        moved = edited(&moved, i, |x, o, m| {
            let taken = |c: u64| (x[0] | o[0]) >> c & 1 == 1;
            (0..64)
                .map(hypertac_core::Cell)
                .find(|c| *c != m && !taken(c.0))
        });
    }
    let err = refused(&save("moved.proof", &moved));
    assert!(
        err.contains("O wins by") || err.contains("no entry") || err.contains("two winning cells"),
        "{err}"
    );

    // Truncated anywhere in the entries, or bytes appended.
    let body = good.iter().rposition(|&b| b == b'\n').unwrap() + 1;
    for cut in [body, body + 1, (body + good.len()) / 2, good.len() - 1] {
        let err = refused(&write("cut.proof", &good[..cut]));
        assert!(
            err.contains("truncated") || err.contains("cut off"),
            "{cut}: {err}"
        );
    }
    let mut longer = good.clone();
    longer.extend_from_slice(b"\x00");
    let err = refused(&write("longer.proof", &longer));
    assert!(err.contains("after"), "{err}");

    // The claimed value changed.
    let text = String::from_utf8_lossy(&good[..body]).replacen("\"X wins\"", "\"O wins\"", 1);
    let mut other = text.into_bytes();
    other.extend_from_slice(&good[body..]);
    let err = refused(&write("value.proof", &other));
    assert!(err.contains("needs the sections {O, win}"), "{err}");
    let mut drawn = cert.clone();
    drawn.value = Value::Draw;
    refused(&save("draw.proof", &drawn));
}

/// The entry of the empty board.
fn root_entry(cert: &Certificate) -> usize {
    let s = &cert.sections[0];
    (0..s.len())
        .find(|&i| {
            let (x, o, _) = s.get(i);
            x.iter().chain(&o).all(|&w| w == 0)
        })
        .expect("an entry for the empty board")
}

#[test]
fn small_headers_cost_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let shapes = [
        ("[24]", 3),
        ("[16,16]", 5),
        ("[255,257]", 2),
        ("[3,3,3,3,3,3,3,3,3,3]", 3),
        ("[65535]", 2),
        ("[2,2,2,2,2,2,2,2,2,2,2,2]", 2),
        ("[40,40,40]", 40),
        ("[8,8,8,8,8]", 4),
    ];
    for (shape, k) in shapes {
        let header = format!(
            "hypertac-proof\n{{\"version\":2,\"rules\":{{\"shape\":{shape},\"k\":{k},\"gravity\":null,\"rule\":\"first\",\"wrap\":false}},\"moves\":\"\",\"value\":\"X wins\",\"best\":null,\"derive\":{{\"sequence_nodes\":65536,\"sequence_depth\":256}},\"sections\":[{{\"player\":\"X\",\"goal\":\"win\",\"entries\":0,\"bytes\":0}}],\"stats\":{{}}}}\n"
        );
        assert!(header.len() <= 1024);
        let p = dir.path().join("h.proof");
        std::fs::write(&p, header).unwrap();
        // Refused, or checked (k = 2: X wins at once, nothing to list).
        let (out, err, code) = run(&p);
        assert!(code <= 2, "{shape}: {out} {err}");
        assert!(!err.contains("panicked"), "{shape}: {err}");
    }
    // The largest resident size of any child so far (all were `verify`).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    let kib = usage.ru_maxrss;
    assert!(kib < 100 * 1024, "a child used {kib} KiB");
}

/// The 4^5 units kept in `proofs/4x5/` (built over several sessions) are
/// whole certificates of their frontier's positions: the merge reads every
/// one (a damaged or foreign unit is an error, exit 2) and names what is
/// still missing (exit 1) or the value (exit 0). Checking them is too slow
/// for a test: `hypertac verify proofs/4x5/unit-U.proof`, about two minutes each.
#[test]
fn the_4x5_units_load_and_merge() {
    let dir = shipped("4x5");
    let (out, err, code) = common::run_args(&["prove", "--merge", dir.to_str().unwrap()]);
    assert!(code == 0 || code == 1, "exit {code}: {out}{err}");
    let proved: usize = out
        .split_once("k4 after 0,0,0,0,0: ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    let units = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.starts_with("unit-") && name.ends_with(".proof")
        })
        .count();
    assert_eq!(proved, units, "{out}");
    assert!(out.contains("of 33 units proved"), "{out}");
    if code == 0 {
        assert!(out.contains("X wins"), "{out}");
    }
}
