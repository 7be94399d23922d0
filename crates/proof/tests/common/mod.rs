//! A tiny brute-force prover for tests: memoized minimax on `hypertac_core::Position`,
//! and certificates built from its values.
#![allow(dead_code)]

use hypertac_core::record::RulesSpec;
use hypertac_core::{Cell, Player, Position, Rules};
use hypertac_proof::{Certificate, Goal, Section, Symmetries, Value};
use std::collections::{HashMap, HashSet};

/// Stones of X and O as bitsets (boards of at most 64 cells).
pub fn key(pos: &Position) -> (u64, u64) {
    let mut k = (0u64, 0u64);
    for (c, p) in pos.stones() {
        match p {
            Player::X => k.0 |= 1 << c.0,
            Player::O => k.1 |= 1 << c.0,
        }
    }
    k
}

/// Exact game values by memoized negamax: 1 the side to move wins, 0 draw, -1 it loses.
#[derive(Default)]
pub struct Solver {
    memo: HashMap<(u64, u64), i8>,
}

impl Solver {
    pub fn value(&mut self, pos: &mut Position) -> i8 {
        if let Some(w) = pos.outcome().winner() {
            return if w == pos.to_move() { 1 } else { -1 };
        }
        if pos.is_over() {
            return 0;
        }
        let k = key(pos);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        let v = self.search(pos);
        self.memo.insert(k, v);
        v
    }

    fn search(&mut self, pos: &mut Position) -> i8 {
        if wins_now(pos) {
            return 1;
        }
        // The other side's immediate wins must be blocked: two cannot be.
        let threats = threats(pos, pos.to_move().other());
        let moves: Vec<Cell> = match threats.len() {
            0 => pos.legal_moves().collect(),
            1 => threats,
            _ => return -1,
        };
        let mut best = -1;
        for m in moves {
            pos.play(m);
            let v = -self.value(pos);
            pos.undo();
            best = best.max(v);
            if best == 1 {
                break;
            }
        }
        best
    }

    /// The value of the root for X... as a claimed value.
    pub fn claim(&mut self, pos: &mut Position) -> Value {
        match self.value(pos) {
            0 => Value::Draw,
            1 => Value::Win(pos.to_move()),
            _ => Value::Win(pos.to_move().other()),
        }
    }
}

/// Legal cells that would complete a line of `p` (with its k - 1 stones and none of the other side).
pub fn threats(pos: &Position, p: Player) -> Vec<Cell> {
    let view = pos.line_view().expect("a dense board");
    let k = pos.rules().k() as u8;
    let mut out = Vec::new();
    for l in 0..view.len() as u32 {
        let counts = view.counts(l);
        if counts[p.index()] == k - 1 && counts[p.other().index()] == 0 {
            for &c in view.cells(l) {
                let c = Cell(u64::from(c));
                if pos.get(c).is_none() && pos.is_legal(c) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Whether the side to move can complete a line now.
pub fn wins_now(pos: &mut Position) -> bool {
    let me = pos.to_move();
    let moves: Vec<Cell> = pos.legal_moves().collect();
    moves.into_iter().any(|m| {
        pos.play(m);
        let won = pos.outcome().winner() == Some(me);
        pos.undo();
        won
    })
}

/// A section for `player` with `goal` from `root`, as the checker expects:
/// no entry where the player wins at once, one entry per other position
/// (identical positions once). `first_reply[i]` is the first reply after the
/// root's move (or at the root) under which entry i was first reached.
pub struct Built {
    pub section: Section,
    pub first_reply: Vec<Option<Cell>>,
}

pub fn build_section(solver: &mut Solver, root: &Position, player: Player, goal: Goal) -> Built {
    let cells = root.rules().shape().cell_count();
    let mut built = Built {
        section: Section::new(player, goal, cells),
        first_reply: Vec::new(),
    };
    let mut walker = Walker {
        solver,
        player,
        goal,
        seen: HashSet::new(),
        symmetries: Symmetries::new(root.rules()),
        depth0: root.moves().len(),
    };
    walker.walk(&mut root.clone(), &mut built);
    built
}

fn first_reply_of(pos: &Position, depth0: usize, player: Player) -> Option<Cell> {
    // The first move of the other side after the root.
    let moves = &pos.moves()[depth0..];
    moves
        .iter()
        .enumerate()
        .find(|(i, _)| Player::to_move_at(depth0 + i) != player)
        .map(|(_, &c)| c)
}

struct Walker<'a> {
    solver: &'a mut Solver,
    player: Player,
    goal: Goal,
    /// Positions with an entry, up to symmetry (as the checker looks them up).
    seen: HashSet<(u64, u64)>,
    symmetries: Symmetries,
    depth0: usize,
}

impl Walker<'_> {
    fn walk(&mut self, pos: &mut Position, built: &mut Built) {
        if pos.is_over() {
            return;
        }
        if pos.to_move() == self.player {
            let (x, o) = key(pos);
            let mut canon = [0u64; 2];
            self.symmetries.canonical(&[x, o], &mut canon);
            if wins_now(pos) || !self.seen.insert((canon[0], canon[1])) {
                return;
            }
            let moves: Vec<Cell> = pos.legal_moves().collect();
            let goal = self.goal;
            let mv = moves
                .into_iter()
                .find(|&m| {
                    pos.play(m);
                    let v = -self.solver.value(pos);
                    pos.undo();
                    match goal {
                        Goal::Win => v == 1,
                        Goal::NotLose => v >= 0,
                    }
                })
                .expect("the goal is reachable");
            built.section.push(&[x], &[o], mv);
            built
                .first_reply
                .push(first_reply_of(pos, self.depth0, self.player));
            pos.play(mv);
            self.walk(pos, built);
            pos.undo();
        } else {
            let moves: Vec<Cell> = pos.legal_moves().collect();
            for r in moves {
                pos.play(r);
                self.walk(pos, built);
                pos.undo();
            }
        }
    }
}

/// A certificate of the value of `root` (played on `rules`).
pub fn certificate(rules: &Rules, moves: &[Cell]) -> Certificate {
    let mut root = Position::from_moves(rules.clone(), moves).expect("legal root");
    let mut solver = Solver::default();
    let value = solver.claim(&mut root);
    let sections = value
        .sections()
        .into_iter()
        .map(|(p, g)| build_section(&mut solver, &root, p, g).section)
        .collect();
    Certificate {
        rules: RulesSpec::of(rules),
        moves: moves.to_vec(),
        value,
        best: None,
        derive: None,
        sections,
        remembers_settled: true,
        stats: serde_json::json!({"by": "test brute force"}),
    }
}

pub fn bytes(cert: &Certificate) -> Vec<u8> {
    let mut out = Vec::new();
    cert.write_to(&mut out).unwrap();
    out
}

pub fn cells(rules: &Rules, text: &str) -> Vec<Cell> {
    hypertac_core::notation::parse_move_list(rules.shape(), text).unwrap()
}
