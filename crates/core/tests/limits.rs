//! Every input that sets a size has a limit, and the cost of a board is
//! decided from its shape before anything is allocated.

use hypertac_core::notation::{self, quote, MAX_MOVE_LIST, QUOTED_CHARS};
use hypertac_core::record::{Record, MAX_RECORD_BYTES};
use hypertac_core::{Mode, Position, Rules, Shape, MAX_DIMS, MAX_K, MAX_SIDE};

fn rules(sizes: &[u32], k: u32) -> Rules {
    Rules::new(Shape::new(sizes).unwrap(), k).unwrap()
}

#[test]
fn big_line_tables_are_sparse_from_the_shape_alone() {
    // Both took about a gigabyte as dense boards.
    assert_eq!(Mode::for_rules(&rules(&[2048, 2048], 2)), Mode::Sparse);
    assert_eq!(Mode::for_rules(&rules(&[7, 514_012], 2)), Mode::Sparse);
    let mut pos = Position::new(rules(&[2048, 2048], 2));
    pos.try_play(hypertac_core::Cell(0)).unwrap();
    // Boards people play stay dense.
    for name in ["tictactoe", "qubic", "4d", "connect4", "gomoku", "6^5"] {
        let r = Rules::preset(name).unwrap();
        assert_eq!(Mode::for_rules(&r), Mode::Dense, "{name}");
    }
    assert_eq!(Mode::for_rules(&rules(&[1000, 1000], 5)), Mode::Sparse);
    assert_eq!(Mode::for_rules(&rules(&[300, 300], 5)), Mode::Dense);
    assert_eq!(Mode::for_rules(&rules(&[6; 6], 4)), Mode::Dense);
}

#[test]
fn sizes_have_limits() {
    assert!(Shape::new(&[2; MAX_DIMS]).is_ok());
    let err = Shape::new(&[2; MAX_DIMS + 1]).unwrap_err().to_string();
    assert!(err.contains("1 to 12 axes"), "{err}");
    assert!(Shape::new(&[MAX_SIDE + 1]).is_err());
    assert!(Shape::new(&[MAX_SIDE, MAX_SIDE, MAX_SIDE, MAX_SIDE]).is_err());
    assert!(Rules::new(Shape::new(&[300]).unwrap(), MAX_K + 1).is_err());
    let shape = Shape::new(&[3, 3]).unwrap();
    let long = "0,0;".repeat(MAX_MOVE_LIST + 1);
    let err = notation::parse_move_list(&shape, &long)
        .unwrap_err()
        .to_string();
    assert!(err.contains("at most 100000"), "{err}");
    let err = Record::from_json(&" ".repeat(MAX_RECORD_BYTES + 1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("at most 8388608 bytes"), "{err}");
}

#[test]
fn errors_quote_at_most_a_few_dozen_characters() {
    let shape = Shape::new(&[3, 3]).unwrap();
    let big = "9".repeat(1 << 20);
    let nul = "\0".repeat(1 << 20);
    let messages = [
        notation::parse_cell(&shape, &big).unwrap_err().to_string(),
        notation::parse_cell(&shape, &nul).unwrap_err().to_string(),
        notation::parse_cell(&shape, &format!("1,1,{big}"))
            .unwrap_err()
            .to_string(),
        notation::parse_move_list(&shape, &format!("1,1;{nul}"))
            .unwrap_err()
            .to_string(),
        Shape::parse(&big).unwrap_err().to_string(),
        Rules::preset(&nul).unwrap_err().to_string(),
        hypertac_core::WinRule::parse(&big).unwrap_err().to_string(),
        Record::from_json(&format!("{{\"format\": \"{big}\"}}"))
            .unwrap_err()
            .to_string(),
    ];
    for m in messages {
        assert!(m.len() < 300, "{} bytes: {}", m.len(), &m[..300]);
    }
    assert_eq!(quote(&"a".repeat(QUOTED_CHARS)).len(), QUOTED_CHARS + 2);
    assert!(quote(&"é".repeat(100)).ends_with("... (200 bytes)"));
}
