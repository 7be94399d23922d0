//! Proof-number search: solves small games exactly.
//!
//! To find a game's value, two searches are run: "can X force a win?" and
//! "can O force a win?". Each is an AND/OR tree in which the target player's
//! nodes are OR nodes (one winning move suffices) and the other player's are
//! AND nodes (every reply must lose). The search always expands the most
//! proving node: the leaf whose resolution would most cheaply change the
//! root's proof or disproof number (Allis, 1994).

use crate::Budget;
use hypertac_core::{Cell, Player, Position};

const INF: u32 = u32::MAX / 2;

/// The exact value of a position, when the search finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    /// This player can force a win.
    Win(Player),
    /// Neither side can force a win.
    Draw,
    /// The node limit or the budget ran out first.
    Unknown,
}

/// What [`solve`] found and how much it searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value with best play from both sides.
    pub value: GameValue,
    /// For a win of the side to move: a winning move.
    pub best: Option<Cell>,
    /// Tree nodes created over both searches.
    pub nodes: u64,
}

/// Whether one target's search proved, disproved or gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Proven(Option<Cell>),
    Disproven,
    Unknown,
}

struct Node {
    pn: u32,
    dn: u32,
    parent: u32,
    mv: Cell,
    first_child: u32,
    child_count: u32,
}

/// Solves `pos` with at most `max_nodes` tree nodes per search.
///
/// # Examples
/// ```
/// use hypertac_ai::pns::{solve, GameValue};
/// use hypertac_core::{Position, Rules};
/// let pos = Position::new(Rules::preset("tictactoe").unwrap());
/// let s = solve(&pos, 1_000_000, &Default::default());
/// assert_eq!(s.value, GameValue::Draw);
/// ```
pub fn solve(pos: &Position, max_nodes: usize, budget: &Budget) -> Solution {
    if let Some(winner) = pos.outcome().winner() {
        return Solution {
            value: GameValue::Win(winner),
            best: None,
            nodes: 0,
        };
    }
    if pos.is_over() {
        return Solution {
            value: GameValue::Draw,
            best: None,
            nodes: 0,
        };
    }
    let me = pos.to_move();
    let (mine, n1) = prove(pos, me, max_nodes, budget);
    if let Proof::Proven(best) = mine {
        return Solution {
            value: GameValue::Win(me),
            best,
            nodes: n1,
        };
    }
    let (theirs, n2) = prove(pos, me.other(), max_nodes, budget);
    let value = match (mine, theirs) {
        (_, Proof::Proven(_)) => GameValue::Win(me.other()),
        (Proof::Disproven, Proof::Disproven) => GameValue::Draw,
        _ => GameValue::Unknown,
    };
    Solution {
        value,
        best: None,
        nodes: n1 + n2,
    }
}

/// Runs one proof-number search: can `target` force a win from `root`?
fn prove(root: &Position, target: Player, max_nodes: usize, budget: &Budget) -> (Proof, u64) {
    let mut pos = root.clone();
    let mut tree = vec![Node {
        pn: 1,
        dn: 1,
        parent: u32::MAX,
        mv: Cell(0),
        first_child: 0,
        child_count: 0,
    }];
    let mut path: Vec<u32> = Vec::new();
    while tree[0].pn != 0 && tree[0].dn != 0 {
        if tree.len() >= max_nodes || (tree.len() % 1024 == 0 && budget.expired()) {
            return (Proof::Unknown, tree.len() as u64);
        }
        // Descend to the most proving node, playing its moves.
        let mut at = 0u32;
        path.clear();
        while tree[at as usize].child_count > 0 {
            let node = &tree[at as usize];
            let or_node = pos.to_move() == target;
            let children = node.first_child..node.first_child + node.child_count;
            let next = children
                .min_by_key(|&c| {
                    if or_node {
                        tree[c as usize].pn
                    } else {
                        tree[c as usize].dn
                    }
                })
                .expect("expanded nodes have children");
            pos.play_unchecked(tree[next as usize].mv);
            path.push(next);
            at = next;
        }
        expand(&mut tree, at, &mut pos, target);
        // Back up the numbers, undoing the moves on the way.
        let mut node = at;
        loop {
            update(&mut tree, node, pos.to_move() == target);
            if node == 0 {
                break;
            }
            pos.undo();
            node = tree[node as usize].parent;
        }
    }
    let proof = if tree[0].pn == 0 {
        let first = tree[0].first_child;
        let best = (first..first + tree[0].child_count).find(|&c| tree[c as usize].pn == 0);
        Proof::Proven(best.map(|c| tree[c as usize].mv))
    } else {
        Proof::Disproven
    };
    (proof, tree.len() as u64)
}

/// Adds the children of a leaf, each valued from its outcome.
fn expand(tree: &mut Vec<Node>, at: u32, pos: &mut Position, target: Player) {
    let moves: Vec<Cell> = pos.legal_moves().collect();
    let first = tree.len() as u32;
    for mv in moves {
        pos.play_unchecked(mv);
        let (pn, dn) = match pos.outcome().winner() {
            Some(w) if w == target => (0, INF),
            Some(_) => (INF, 0),
            None if pos.is_over() => (INF, 0),
            None => (1, 1),
        };
        pos.undo();
        tree.push(Node {
            pn,
            dn,
            parent: at,
            mv,
            first_child: 0,
            child_count: 0,
        });
    }
    let count = tree.len() as u32 - first;
    let node = &mut tree[at as usize];
    node.first_child = first;
    node.child_count = count;
    if node.child_count == 0 {
        (node.pn, node.dn) = (INF, 0);
    }
}

/// Recomputes a node's numbers from its children.
fn update(tree: &mut [Node], at: u32, or_node: bool) {
    let node = &tree[at as usize];
    if node.child_count == 0 {
        return;
    }
    let children = node.first_child as usize..(node.first_child + node.child_count) as usize;
    let (mut min_pn, mut min_dn, mut sum_pn, mut sum_dn) = (INF, INF, 0u32, 0u32);
    for c in &tree[children] {
        min_pn = min_pn.min(c.pn);
        min_dn = min_dn.min(c.dn);
        sum_pn = sum_pn.saturating_add(c.pn).min(INF);
        sum_dn = sum_dn.saturating_add(c.dn).min(INF);
    }
    let node = &mut tree[at as usize];
    if or_node {
        (node.pn, node.dn) = (min_pn, sum_dn);
    } else {
        (node.pn, node.dn) = (sum_pn, min_dn);
    }
}
