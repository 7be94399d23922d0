//! A proof split into independent work units, and the units' values put
//! back together.
//!
//! [`Split::new`] expands every line of play from a root position to a
//! fixed depth, merging positions that are images of each other under the
//! board's symmetries (the same group the prover's keys use). Positions at
//! the depth whose game goes on are the *units*: each is proved on its own
//! (on another machine, say). Given the units' values, [`Split::value`]
//! takes the minimax of the tree above them and [`Split::entries`] writes
//! the winner's moves in that tree, the part of a certificate that joins
//! the units' own certificates into one for the root.
//!
//! The expansion is deterministic: the same root and depth give the same
//! units in the same order, so a merge can rebuild the tree that a split
//! made on another machine.

use super::entry::Entry;
use super::verdict::{ProveError, Verdict};
use hypertac_core::{Cell, Player, Position};
use std::collections::HashMap;

/// Most positions a split may hold (its tree and its units).
pub const MAX_POSITIONS: usize = 1 << 20;
/// Most work of one split: children examined, times symmetries, times stones.
const MAX_WORK: u64 = 1 << 30;

/// What a position of the split is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Inside the tree: its children follow.
    Inner,
    /// A work unit (its index).
    Unit(usize),
    /// The game ended here: `Win(p)` or `Draw`.
    Over(Verdict),
}

/// One class of symmetric positions, by its first-found member.
#[derive(Clone, Debug)]
struct Node {
    /// Moves from the empty board to the member.
    moves: Vec<Cell>,
    kind: Kind,
    /// Each distinct child class once, with the first move that reaches it.
    children: Vec<(Cell, usize)>,
}

/// The positions of a proof down to a depth (see the module docs).
#[derive(Clone, Debug)]
pub struct Split {
    root: Position,
    depth: u32,
    nodes: Vec<Node>,
    /// Node index of each unit.
    units: Vec<usize>,
}

impl Split {
    /// Expands `root` to `depth` plies (at least 1).
    ///
    /// # Errors
    /// The root's game is over, the depth is 0, or the split would hold
    /// more than [`MAX_POSITIONS`] positions.
    pub fn new(root: &Position, depth: u32) -> Result<Split, ProveError> {
        Split::with_limit(root, depth, MAX_POSITIONS)
    }

    /// As [`Split::new`], with at most `max_positions` positions.
    ///
    /// # Errors
    /// As [`Split::new`].
    pub fn with_limit(
        root: &Position,
        depth: u32,
        max_positions: usize,
    ) -> Result<Split, ProveError> {
        if root.is_over() {
            return Err(ProveError("the game is already over".into()));
        }
        if depth == 0 {
            return Err(ProveError("the split depth must be at least 1".into()));
        }
        let maps = super::canon::proof_group(root);
        let mut split = Split {
            root: root.clone(),
            depth,
            nodes: vec![Node {
                moves: root.moves().to_vec(),
                kind: Kind::Inner,
                children: Vec::new(),
            }],
            units: Vec::new(),
        };
        let mut seen: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut level = vec![0usize];
        for ply in 1..=depth {
            // Refuse a level whose symmetry work is too much before doing it.
            let moves = root.legal_move_count().saturating_sub(u64::from(ply) - 1);
            let work = (level.len() as u64)
                .saturating_mul(moves)
                .saturating_mul(maps.len() as u64)
                .saturating_mul(u64::from(ply) + root.moves().len() as u64);
            if work > MAX_WORK {
                return Err(too_big(depth, max_positions));
            }
            let mut next = Vec::new();
            for &id in &level {
                let pos = Position::from_moves(root.rules().clone(), &split.nodes[id].moves)
                    .map_err(|(i, e)| ProveError(format!("move {}: {e}", i + 1)))?;
                let mut children = Vec::new();
                for mv in ordered_moves(&pos) {
                    let mut child = pos.clone();
                    child.play(mv);
                    let key = canonical(&child, &maps);
                    let child_id = match seen.get(&key) {
                        Some(&c) => c,
                        None => {
                            let kind = if child.is_over() {
                                Kind::Over(
                                    child.outcome().winner().map_or(Verdict::Draw, Verdict::Win),
                                )
                            } else if ply == depth {
                                split.units.push(split.nodes.len());
                                Kind::Unit(split.units.len() - 1)
                            } else {
                                next.push(split.nodes.len());
                                Kind::Inner
                            };
                            split.nodes.push(Node {
                                moves: child.moves().to_vec(),
                                kind,
                                children: Vec::new(),
                            });
                            if split.nodes.len() > max_positions {
                                return Err(too_big(depth, max_positions));
                            }
                            seen.insert(key, split.nodes.len() - 1);
                            split.nodes.len() - 1
                        }
                    };
                    if !children.iter().any(|&(_, c)| c == child_id) {
                        children.push((mv, child_id));
                    }
                }
                split.nodes[id].children = children;
            }
            level = next;
        }
        Ok(split)
    }

    /// The root position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The depth of the split.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of units.
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// The number of distinct positions above the units (the root included).
    pub fn inner_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.kind == Kind::Inner).count()
    }

    /// The units' positions: moves from the empty board, in unit order.
    pub fn units(&self) -> impl Iterator<Item = &[Cell]> + '_ {
        self.units.iter().map(|&id| self.nodes[id].moves.as_slice())
    }

    /// The moves of unit `i` from the empty board (none past the last unit).
    pub fn unit(&self, i: usize) -> &[Cell] {
        self.units
            .get(i)
            .map_or(&[], |&id| self.nodes[id].moves.as_slice())
    }

    /// The root's value from the units' values (`Unknown` for a unit not
    /// proved yet): `Unknown` when those are not enough to decide it.
    ///
    /// # Panics
    /// When `values` does not have one value for each unit.
    pub fn value(&self, values: &[Verdict]) -> Verdict {
        assert_eq!(values.len(), self.units.len(), "one value per unit");
        self.values(values)[0]
    }

    /// Every node's value, by minimax from the units' values.
    fn values(&self, units: &[Verdict]) -> Vec<Verdict> {
        let mut out = vec![Verdict::Unknown; self.nodes.len()];
        // Children always come after their parent: go backwards.
        for id in (0..self.nodes.len()).rev() {
            let node = &self.nodes[id];
            out[id] = match node.kind {
                Kind::Over(v) => v,
                Kind::Unit(u) => units[u],
                Kind::Inner => {
                    let me = self.to_move(id);
                    let vals = node.children.iter().map(|&(_, c)| out[c]);
                    minimax(me, vals)
                }
            };
        }
        out
    }

    /// Which units the root's value still depends on, given the units'
    /// values so far (`Unknown` for those not proved): the units with no
    /// value that can be reached from the root through positions whose
    /// value is not known yet. Once a unit is not needed it stays so, since
    /// more values never undo a known one.
    ///
    /// # Panics
    /// When `values` does not have one value for each unit.
    pub fn needed(&self, values: &[Verdict]) -> Vec<bool> {
        assert_eq!(values.len(), self.units.len(), "one value per unit");
        let known = self.values(values);
        let mut needed = vec![false; self.units.len()];
        let mut visited = vec![false; self.nodes.len()];
        let mut stack = vec![0usize];
        while let Some(id) = stack.pop() {
            if known[id] != Verdict::Unknown || std::mem::replace(&mut visited[id], true) {
                continue;
            }
            match self.nodes[id].kind {
                Kind::Unit(u) => needed[u] = true,
                Kind::Inner => stack.extend(self.nodes[id].children.iter().map(|&(_, c)| c)),
                Kind::Over(_) => {}
            }
        }
        needed
    }

    /// When the root's last move was `player`'s: the moves before it and
    /// the certificate entry that plays it there. A win of `player` from the
    /// root is then a win from one move earlier, so a merged certificate
    /// can start there (the empty board, for a split after X's first move).
    pub fn lead_in(&self, player: Player) -> Option<(Vec<Cell>, Entry)> {
        let (&last, before) = self.root.moves().split_last()?;
        if Player::to_move_at(before.len()) != player {
            return None;
        }
        Some((before.to_vec(), entry(before, self.words(), last)))
    }

    /// 64-bit words of one side's stones in an entry.
    fn words(&self) -> usize {
        (self.root.rules().shape().cell_count() as usize).div_ceil(64)
    }

    fn to_move(&self, id: usize) -> Player {
        Player::to_move_at(self.nodes[id].moves.len())
    }

    /// The moves of `player` in the tree above the units that win for it
    /// (`win`) or keep it from losing (`!win`), given the units' values,
    /// and the units its strategy reaches: their certificates complete it.
    ///
    /// # Errors
    /// The units' values do not give `player` that result at the root.
    pub fn entries(
        &self,
        units: &[Verdict],
        player: Player,
        win: bool,
    ) -> Result<(Vec<Entry>, Vec<usize>), ProveError> {
        let values = self.values(units);
        let good = |v: Verdict| match v {
            Verdict::Win(p) => p == player,
            Verdict::Draw => !win,
            Verdict::Unknown => false,
        };
        if !good(values[0]) {
            return Err(ProveError(format!(
                "the units do not show that {player} {} (root: {:?})",
                if win { "wins" } else { "does not lose" },
                values[0]
            )));
        }
        let words = self.words();
        let mut entries = Vec::new();
        let mut needed = Vec::new();
        let mut visited = vec![false; self.nodes.len()];
        let mut stack = vec![0usize];
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut visited[id], true) {
                continue;
            }
            let node = &self.nodes[id];
            match node.kind {
                Kind::Over(_) => {}
                Kind::Unit(u) => needed.push(u),
                Kind::Inner if self.to_move(id) == player => {
                    // A winning child first, else one that holds the draw.
                    let pick = node
                        .children
                        .iter()
                        .find(|&&(_, c)| values[c] == Verdict::Win(player))
                        .or_else(|| node.children.iter().find(|&&(_, c)| good(values[c])))
                        .copied()
                        .ok_or_else(|| ProveError("a good move vanished (a bug)".into()))?;
                    entries.push(entry(&node.moves, words, pick.0));
                    stack.push(pick.1);
                }
                Kind::Inner => stack.extend(node.children.iter().map(|&(_, c)| c)),
            }
        }
        needed.sort_unstable();
        Ok((entries, needed))
    }
}

fn too_big(depth: u32, max: usize) -> ProveError {
    ProveError(format!(
        "a split to depth {depth} is too large (more than {max} positions, or too much work finding their symmetries); choose a smaller depth"
    ))
}

/// The value for the side to move, `me`, of a position whose children have
/// the values `children`.
fn minimax(me: Player, children: impl Iterator<Item = Verdict>) -> Verdict {
    let (mut draw, mut unknown, mut any) = (false, false, false);
    for v in children {
        any = true;
        match v {
            Verdict::Win(p) if p == me => return v,
            Verdict::Win(_) => {}
            Verdict::Draw => draw = true,
            Verdict::Unknown => unknown = true,
        }
    }
    if unknown {
        Verdict::Unknown
    } else if draw || !any {
        Verdict::Draw
    } else {
        Verdict::Win(me.other())
    }
}

/// The legal moves, strongest first by a static score (how much a stone
/// there does to the lines through it), so that the units of promising
/// moves come first: a shard proves them first, and once one proves a win
/// the others are not needed.
fn ordered_moves(pos: &Position) -> Vec<Cell> {
    let me = pos.to_move().index();
    let mut scored: Vec<(u32, Cell)> = pos
        .legal_moves()
        .map(|cell| {
            let score = pos.line_view().map_or(0, |view| {
                view.through(cell)
                    .iter()
                    .map(|&l| {
                        let c = view.counts(l);
                        let (mine, theirs) = (u32::from(c[me]), u32::from(c[1 - me]));
                        match (mine, theirs) {
                            (m, 0) => 1 << (2 * m.min(3) + 1),
                            (0, t) => (1 << (2 * t.min(3) + 1)) - 1,
                            _ => 0,
                        }
                    })
                    .sum()
            });
            (score, cell)
        })
        .collect();
    scored.sort_by_key(|&(s, c)| (std::cmp::Reverse(s), c));
    scored.into_iter().map(|(_, c)| c).collect()
}

/// A certificate entry for the position after `moves`.
fn entry(moves: &[Cell], words: usize, mv: Cell) -> Entry {
    let mut x = vec![0u64; words];
    let mut o = vec![0u64; words];
    for (i, c) in moves.iter().enumerate() {
        let side = if i % 2 == 0 { &mut x } else { &mut o };
        side[(c.0 / 64) as usize] |= 1 << (c.0 % 64);
    }
    Entry {
        x,
        o,
        mv: mv.0 as u32,
        pairs: None,
        potential: false,
    }
}

/// The least image of the position's stones under the maps: X's cells
/// sorted, then O's.
fn canonical(pos: &Position, maps: &[Vec<u32>]) -> Vec<u32> {
    let moves = pos.moves();
    let xs = moves.len().div_ceil(2);
    let mut best: Option<Vec<u32>> = None;
    let mut image = vec![0u32; moves.len()];
    for map in maps {
        for (i, c) in moves.iter().enumerate() {
            // X's stones first (even moves), then O's.
            let at = if i % 2 == 0 { i / 2 } else { xs + i / 2 };
            image[at] = map[c.0 as usize];
        }
        image[..xs].sort_unstable();
        image[xs..].sort_unstable();
        if best.as_ref().is_none_or(|b| image < *b) {
            best = Some(image.clone());
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Rules, Shape};

    fn rules(shape: &str, k: u32) -> Rules {
        Rules::new(Shape::parse(shape).unwrap(), k).unwrap()
    }

    #[test]
    fn tictactoe_splits_into_its_known_classes() {
        let root = Position::new(Rules::preset("tictactoe").unwrap());
        // Corner, edge, centre.
        assert_eq!(Split::new(&root, 1).unwrap().unit_count(), 3);
        // The 12 distinct two-stone positions of tic-tac-toe.
        assert_eq!(Split::new(&root, 2).unwrap().unit_count(), 12);
    }

    #[test]
    fn values_follow_minimax() {
        use Verdict::*;
        assert_eq!(
            minimax(Player::X, [Draw, Win(Player::X)].into_iter()),
            Win(Player::X)
        );
        assert_eq!(
            minimax(Player::X, [Win(Player::O), Unknown].into_iter()),
            Unknown
        );
        assert_eq!(minimax(Player::X, [Win(Player::O), Draw].into_iter()), Draw);
        assert_eq!(
            minimax(Player::O, [Win(Player::X)].into_iter()),
            Win(Player::X)
        );
    }

    #[test]
    fn a_decided_root_needs_no_more_units() {
        let root = Position::new(rules("4x4", 3));
        let split = Split::new(&root, 2).unwrap();
        let n = split.unit_count();
        let mut values = vec![Verdict::Unknown; n];
        assert!(split.needed(&values).iter().all(|&b| b));
        // Every unit under X's first move class won: the root is won, nothing else is needed.
        let first = split.nodes[0].children[0].1;
        for &(_, c) in &split.nodes[first].children {
            if let Kind::Unit(u) = split.nodes[c].kind {
                values[u] = Verdict::Win(Player::X);
            }
        }
        assert_eq!(split.value(&values), Verdict::Win(Player::X));
        assert!(split.needed(&values).iter().all(|&b| !b));
        // One O reply holding the draw leaves X's first move undecided: the
        // other units under it are still needed.
        let mut values = vec![Verdict::Unknown; n];
        let Kind::Unit(u) = split.nodes[split.nodes[first].children[0].1].kind else {
            panic!("depth 2 children are units")
        };
        values[u] = Verdict::Draw;
        let needed = split.needed(&values);
        assert!(!needed[u]);
        assert_eq!(needed.iter().filter(|&&b| b).count(), n - 1);
    }

    #[test]
    fn finished_games_are_leaves_not_units() {
        // 3x3 with k = 2: X's second stone can end the game at depth 3.
        let root = Position::new(rules("3x3", 2));
        let split = Split::new(&root, 3).unwrap();
        assert!(split.nodes.iter().any(|n| matches!(n.kind, Kind::Over(_))));
        for moves in split.units() {
            let pos = Position::from_moves(root.rules().clone(), moves).unwrap();
            assert!(!pos.is_over());
        }
    }

    #[test]
    fn bad_depths_are_refused() {
        let root = Position::new(Rules::preset("qubic").unwrap());
        assert!(Split::new(&root, 0).is_err());
        let err = Split::with_limit(&root, 3, 100).unwrap_err();
        assert!(err.0.contains("too large"), "{err}");
    }
}
