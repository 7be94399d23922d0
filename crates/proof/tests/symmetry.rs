//! The symmetry group: its size on known boards, group laws, canonical forms.

use hypertac_core::{Cell, Position, Rules, Shape};
use hypertac_proof::Symmetries;
use proptest::prelude::*;

fn rules(shape: &[u32], k: u32, gravity: Option<usize>) -> Rules {
    Rules::new(Shape::new(shape).unwrap(), k)
        .unwrap()
        .with_gravity(gravity)
        .unwrap()
}

#[test]
fn group_sizes() {
    assert_eq!(Symmetries::new(&rules(&[3, 3], 3, None)).len(), 8);
    assert_eq!(Symmetries::new(&rules(&[4, 4], 3, None)).len(), 8);
    assert_eq!(Symmetries::new(&rules(&[4, 4], 4, None)).len(), 8 * 4);
    assert_eq!(Symmetries::new(&Rules::preset("qubic").unwrap()).len(), 192);
    // 2^4 * 4! axis maps, times 4 for the σ maps beyond the flip (as Qubic: 48 * 4).
    assert_eq!(Symmetries::new(&Rules::preset("4d").unwrap()).len(), 1536);
    assert_eq!(Symmetries::new(&rules(&[3, 3, 3], 3, None)).len(), 48);
    assert_eq!(
        Symmetries::new(&Rules::preset("connect4").unwrap()).len(),
        2
    );
    assert_eq!(
        Symmetries::new(&Rules::preset("connect4-3d").unwrap()).len(),
        8
    );
    assert_eq!(Symmetries::new(&rules(&[5, 5, 5], 4, None)).len(), 48);
    assert_eq!(Symmetries::new(&rules(&[4, 3], 3, None)).len(), 4);
    // 4x4 k3 on a torus: every 3 cells of a 4-cycle are a line, so the σ maps
    // keep lines (translations are not candidates).
    let torus = rules(&[4, 4], 3, None).with_wrap(true).unwrap();
    assert_eq!(Symmetries::new(&torus).len(), 16);
    // 4^5: 5! * 2^5 axis maps times 4 σ maps.
    assert_eq!(Symmetries::new(&Rules::cube(4, 5).unwrap()).len(), 15_360);
    assert_eq!(Symmetries::new(&rules(&[8, 8, 8], 8, None)).len(), 9_216);
    // Too many candidates (5^5: 5! * 2^5 * 4 candidates of 3,125 cells): the identity alone.
    assert_eq!(Symmetries::new(&Rules::cube(5, 5).unwrap()).len(), 1);
}

/// Every map sends lines to lines, and the maps are closed under composition and inverse.
#[test]
fn group_laws_on_qubic() {
    let r = Rules::preset("qubic").unwrap();
    let g = Symmetries::new(&r);
    let pos = Position::new(r.clone());
    let view = pos.line_view().unwrap();
    let mut lines: Vec<Vec<u32>> = (0..view.len() as u32)
        .map(|l| {
            let mut v = view.cells(l).to_vec();
            v.sort_unstable();
            v
        })
        .collect();
    lines.sort();
    let maps: Vec<Vec<u64>> = (0..g.len())
        .map(|s| (0..64).map(|c| g.map(s, Cell(c)).0).collect())
        .collect();
    for (s, m) in maps.iter().enumerate() {
        let mut images: Vec<Vec<u32>> = lines
            .iter()
            .map(|l| {
                let mut v: Vec<u32> = l.iter().map(|&c| m[c as usize] as u32).collect();
                v.sort_unstable();
                v
            })
            .collect();
        images.sort();
        assert_eq!(images, lines, "map {s}");
        for c in 0..64 {
            assert_eq!(g.unmap(s, Cell(m[c as usize])), Cell(c));
        }
    }
    let set: std::collections::HashSet<&Vec<u64>> = maps.iter().collect();
    assert_eq!(set.len(), 192);
    for a in maps.iter().step_by(7) {
        for b in &maps {
            let ab: Vec<u64> = (0..64).map(|c| a[b[c] as usize]).collect();
            assert!(set.contains(&ab));
        }
    }
}

fn stones(words: usize, x: &[u64], o: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; 2 * words];
    for &c in x {
        out[c as usize / 64] |= 1 << (c % 64);
    }
    for &c in o {
        out[words + c as usize / 64] |= 1 << (c % 64);
    }
    out
}

fn groups() -> &'static [Symmetries; 2] {
    static GROUPS: std::sync::OnceLock<[Symmetries; 2]> = std::sync::OnceLock::new();
    GROUPS.get_or_init(|| {
        [
            Symmetries::new(&Rules::preset("qubic").unwrap()),
            Symmetries::new(&Rules::preset("4d").unwrap()),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// All images of a position share its canonical form (Qubic: one word; 4^4: four).
    #[test]
    fn canonical_is_invariant(cells in proptest::collection::vec(0u64..256, 0..24), four in any::<bool>()) {
        let n = if four { 256 } else { 64 };
        let g = &groups()[usize::from(four)];
        let words = n / 64;
        let mut seen = std::collections::HashSet::new();
        let (mut x, mut o) = (Vec::new(), Vec::new());
        for c in cells {
            let c = c % n as u64;
            if seen.insert(c) {
                if x.len() == o.len() { x.push(c) } else { o.push(c) }
            }
        }
        let base = stones(words, &x, &o);
        let mut canon = vec![0u64; 2 * words];
        let s = g.canonical(&base, &mut canon);
        // The returned map gives the canonical form.
        let mx: Vec<u64> = x.iter().map(|&c| g.map(s, Cell(c)).0).collect();
        let mo: Vec<u64> = o.iter().map(|&c| g.map(s, Cell(c)).0).collect();
        prop_assert_eq!(&stones(words, &mx, &mo), &canon);
        for t in (0..g.len()).step_by(5) {
            let tx: Vec<u64> = x.iter().map(|&c| g.map(t, Cell(c)).0).collect();
            let to: Vec<u64> = o.iter().map(|&c| g.map(t, Cell(c)).0).collect();
            let mut other = vec![0u64; 2 * words];
            g.canonical(&stones(words, &tx, &to), &mut other);
            prop_assert_eq!(&other, &canon);
        }
    }
}
