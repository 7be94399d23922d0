//! Line counts: the formula, the analytic count, the dense table and brute force agree.

use hypertac_core::lines::{directions, for_each_direction, line_count};
use hypertac_core::reference::brute_force_lines;
use hypertac_core::{Position, Rules, Shape};

fn formula(n: u64, d: u32) -> u64 {
    ((n + 2).pow(d) - n.pow(d)) / 2
}

#[test]
fn directions_enumerated_on_the_fly_equal_the_list() {
    for d in 1..=7 {
        let mut seen = Vec::new();
        for_each_direction(d, |i, dir| {
            assert_eq!(i, seen.len());
            seen.push(dir.to_vec());
        });
        assert_eq!(seen, directions(d), "d = {d}");
    }
}

#[test]
fn directions_number_three_to_the_d_minus_one_over_two() {
    for d in 1..=8 {
        assert_eq!(
            directions(d).len() as u64,
            (3u64.pow(d as u32) - 1) / 2,
            "d = {d}"
        );
    }
}

#[test]
fn cube_line_counts_match_the_formula_and_brute_force() {
    let expected = [
        (3, 2, 8),
        (3, 3, 49),
        (3, 4, 272),
        (4, 3, 76),
        (4, 4, 520),
        (6, 5, 12496),
    ];
    for (n, d, lines) in expected {
        let rules = Rules::cube(n, d).unwrap();
        assert_eq!(formula(u64::from(n), d as u32), lines);
        assert_eq!(line_count(&rules), lines, "analytic count {n}^{d}");
        assert_eq!(
            brute_force_lines(&rules).len() as u64,
            lines,
            "brute force {n}^{d}"
        );
        let pos = Position::new(rules);
        assert_eq!(
            pos.line_view().unwrap().len() as u64,
            lines,
            "dense table {n}^{d}"
        );
    }
}

#[test]
fn more_cubes_against_the_formula() {
    for n in 3..=7u32 {
        for d in 2..=4usize {
            let rules = Rules::cube(n, d).unwrap();
            assert_eq!(
                line_count(&rules),
                formula(u64::from(n), d as u32),
                "{n}^{d}"
            );
        }
    }
    assert_eq!(line_count(&Rules::cube(10, 10).unwrap()), formula(10, 10));
}

#[test]
fn connect_four_has_69_lines() {
    let rules = Rules::preset("connect4").unwrap();
    assert_eq!(line_count(&rules), 69);
    assert_eq!(brute_force_lines(&rules).len(), 69);
    assert_eq!(Position::new(rules).line_view().unwrap().len(), 69);
}

#[test]
fn odd_shapes_and_k_agree_with_brute_force() {
    let cases: &[(&[u32], u32)] = &[
        (&[7, 6], 4),
        (&[5, 3], 3),
        (&[15, 15], 5),
        (&[4, 3, 2], 2),
        (&[5, 4, 3], 3),
        (&[9], 4),
        (&[3, 3, 3, 3, 3], 3),
    ];
    for &(sizes, k) in cases {
        let rules = Rules::new(Shape::new(sizes).unwrap(), k).unwrap();
        let brute = brute_force_lines(&rules);
        assert_eq!(line_count(&rules), brute.len() as u64, "{rules}");
        let pos = Position::new(rules.clone());
        let view = pos.line_view().unwrap();
        assert_eq!(view.len(), brute.len(), "{rules}");
    }
}

#[test]
fn wrapped_boards_agree_with_brute_force() {
    let cases: &[(&[u32], u32)] = &[
        (&[5, 5], 5),
        (&[6, 6], 4),
        (&[4, 4, 4], 4),
        (&[3, 5], 3),
        (&[6, 4], 4),
    ];
    for &(sizes, k) in cases {
        let rules = Rules::new(Shape::new(sizes).unwrap(), k)
            .unwrap()
            .with_wrap(true)
            .unwrap();
        let brute = brute_force_lines(&rules);
        assert_eq!(line_count(&rules), brute.len() as u64, "{rules}");
        let pos = Position::new(rules.clone());
        assert_eq!(pos.line_view().unwrap().len(), brute.len(), "{rules}");
    }
}

#[test]
fn lines_through_a_cell_match_the_table() {
    for rules in [
        Rules::cube(4, 4).unwrap(),
        Rules::preset("connect4").unwrap(),
    ] {
        let pos = Position::new(rules.clone());
        let view = pos.line_view().unwrap();
        let shape = rules.shape();
        for i in 0..shape.cell_count() {
            let cell = hypertac_core::Cell(i);
            let mut walked: Vec<Vec<u64>> = pos
                .lines_through(cell)
                .iter()
                .map(|l| l.cells().iter().map(|c| c.0).collect())
                .collect();
            let mut table: Vec<Vec<u64>> = view
                .through(cell)
                .iter()
                .map(|&l| view.cells(l).iter().map(|&c| u64::from(c)).collect())
                .collect();
            walked.sort();
            table.sort();
            assert_eq!(walked, table, "{rules} cell {i}");
        }
    }
}
