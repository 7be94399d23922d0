//! The walk of one section ([`crate::verify`] describes what it checks):
//! an explicit stack of positions of the other side to move, and the
//! position with P to move settled, looked up or answered by a move.

use crate::ahead::{Ahead, Answer, Known};
use crate::board::{Board, Lines};
use crate::derive::{forced, replies_needed, Forced, Sequence};
use crate::fingerprint::{fingerprint, fingerprint_of};
use crate::format::{Goal, Section, SequenceLimits};
use crate::keys::{KeyHasher, KeyMap, StoneSet};
use crate::matching;
use crate::pairing;
use crate::potential;
use crate::report::{SectionReport, VerifyError};
use crate::symmetry::Symmetries;
use crate::tables::{entry_table, pairing_table, Copies};
use hypertac_core::{notation, Player, Rules};
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// How often [`crate::verify`] calls its progress callback, in positions.
const PROGRESS_EVERY: u64 = 1 << 16;

/// How P's move was given: "entry N" or "forced block".
fn why(entry: Option<u32>) -> String {
    match entry {
        Some(e) => format!("entry {e}"),
        None => "forced block".to_string(),
    }
}

/// How a position with P to move whose canonical form was computed (see
/// [`Checker::choose`]) is remembered once proved.
struct Keys {
    /// Its canonical form.
    canon: Box<[u64]>,
    /// Its stones.
    raw: Box<[u64]>,
    /// Its fingerprint (`fingerprint.rs`).
    print: u64,
}

/// P's move in a position with P to move, as [`Checker::choose`] found it.
struct Chosen {
    /// The cell.
    mv: usize,
    /// Its entry (none for a forced block).
    entry: Option<u32>,
    /// The map sending the position to its canonical form, where an entry
    /// was looked up.
    map: Option<usize>,
    /// How the position is remembered once proved.
    keys: Option<Keys>,
}

/// A position of the other side to move, whose replies are being checked.
struct Frame {
    /// The keys of the position before P's move (none at the root).
    keys: Option<Keys>,
    /// The canonical form of this position (none at the root).
    after: Option<Box<[u64]>>,
    /// P's move into this position and its entry (none at the root; no
    /// entry for a forced block).
    played: Option<(usize, Option<u32>)>,
    /// The next cell to try as a reply.
    cursor: usize,
    /// The only reply to check (P has one winning cell: any other reply
    /// lets P complete it), version 2.
    only: Option<usize>,
    /// The reply on the board now, to take back before the next one.
    reply: Option<usize>,
    /// The threat search's answers after the replies, worked out ahead
    /// (`ahead.rs`), by reply cell (empty on one thread).
    ahead: Vec<(usize, Option<Answer>)>,
}

/// What a position with P to move needs.
enum Step {
    /// Proved (a win now, a remembered position, or P's move ends the game well).
    Done,
    /// P's move is played; the replies must be checked.
    Expand(Frame),
}

/// The check of one section.
pub(crate) struct Checker<'a> {
    rules: &'a Rules,
    /// The position walked: the root's stones are played on it first.
    pub(crate) board: Board,
    derive: Option<SequenceLimits>,
    /// Whether positions settled by the checker itself are remembered too
    /// (certificates written before they were not: see
    /// [`Certificate::remembers_settled`]).
    pub(crate) remember_settled: bool,
    symmetries: &'a Symmetries,
    player: Player,
    goal: Goal,
    label: &'a str,
    section: &'a Section,
    entries: KeyMap<(u32, u16)>,
    /// The entries symmetric to an earlier one ([`Copies`]).
    copies: Copies,
    /// Fingerprints of the entries' positions and of the positions proved
    /// by their canonical form: only a position with one of these may
    /// have an entry or be proved up to symmetry.
    prints: HashSet<u64, BuildHasherDefault<KeyHasher>>,
    /// The pairing entries' pairs (canonical frame), by entry index.
    pairings: HashMap<u32, Box<[u16]>>,
    used: Vec<bool>,
    entry_count: u64,
    /// Canonical forms of the positions with P to move proved with a move
    /// (an entry's or a forced block's).
    proved: StoneSet,
    /// Their stones (found without a canonical form).
    seen: StoneSet,
    /// Canonical forms of the positions after P's move whose every reply
    /// is checked.
    answered: StoneSet,
    path: Vec<usize>,
    positions: u64,
    next_progress: u64,
    canon: Vec<u64>,
    /// The other threads' boards, where threat searches are worked out
    /// ahead (`verify --threads`).
    pub(crate) ahead: Option<Ahead>,
    /// The threat search's space.
    search: Sequence,
}

impl<'a> Checker<'a> {
    pub(crate) fn new(
        rules: &'a Rules,
        lines: &Arc<Lines>,
        symmetries: &'a Symmetries,
        section: &'a Section,
        label: &'a str,
        derive: Option<SequenceLimits>,
    ) -> Result<Checker<'a>, VerifyError> {
        let board = Board::new(rules, lines.clone());
        let words = board.words();
        if section.cells() != lines.cells() as u64 {
            return Err(VerifyError::new(format!(
                "{label}the section was made for {} cells, the board has {}",
                section.cells(),
                lines.cells()
            )));
        }
        let (entries, copies) = entry_table(section, symmetries, words)
            .map_err(|e| VerifyError::new(format!("{label}{e}")))?;
        let pairings = pairing_table(section, symmetries, words);
        let mut prints = HashSet::default();
        let mut stones = vec![0u64; 2 * words];
        for i in 0..section.len() {
            let (x, o, _) = section.get(i);
            stones[..words].copy_from_slice(&x);
            stones[words..].copy_from_slice(&o);
            prints.insert(fingerprint(lines, &stones));
        }
        Ok(Checker {
            rules,
            board,
            derive,
            remember_settled: false,
            symmetries,
            player: section.player,
            goal: section.goal,
            label,
            section,
            entries,
            copies,
            prints,
            pairings,
            used: vec![false; section.len()],
            entry_count: section.len() as u64,
            proved: StoneSet::default(),
            seen: StoneSet::default(),
            answered: StoneSet::default(),
            path: Vec::new(),
            positions: 0,
            next_progress: PROGRESS_EVERY,
            canon: vec![0; 2 * words],
            ahead: None,
            search: Sequence::default(),
        })
    }

    pub(crate) fn run(
        mut self,
        progress: &mut dyn FnMut(u64),
    ) -> Result<SectionReport, VerifyError> {
        let p = self.player;
        let mut stack = Vec::new();
        if self.to_move() == p {
            match self.p_node(None)? {
                Step::Done => {}
                Step::Expand(frame) => stack.push(self.looked_ahead(frame)),
            }
        } else {
            self.positions += 1;
            if let Some(r) = self.board.winning_cell(p.other()) {
                return Err(self.fail(format!(
                    "{}: {} wins by {}",
                    self.at(0),
                    p.other(),
                    self.cell(r)
                )));
            }
            let only = match self.replies_needed() {
                Some(only) => only,
                None => return self.finish(),
            };
            let frame = Frame {
                keys: None,
                after: None,
                played: None,
                cursor: 0,
                reply: None,
                only,
                ahead: Vec::new(),
            };
            stack.push(self.looked_ahead(frame));
        }
        let opp = p.other();
        while let Some(top) = stack.last_mut() {
            if let Some(r) = top.reply.take() {
                self.board.undo(r, opp);
                self.path.pop();
            }
            let next = match top.only {
                Some(c) => (top.cursor <= c).then_some(c),
                None => self.board.next_playable(top.cursor),
            };
            let Some(r) = next else {
                let frame = stack.pop().expect("a frame");
                if let Some((mv, _)) = frame.played {
                    self.board.undo(mv, p);
                    self.path.pop();
                }
                self.remember(frame.keys);
                if let Some(after) = frame.after {
                    self.answered.insert(&after);
                }
                continue;
            };
            top.cursor = r + 1;
            top.reply = Some(r);
            let played = top.played;
            let answer = top
                .ahead
                .binary_search_by_key(&r, |&(c, _)| c)
                .ok()
                .and_then(|i| top.ahead[i].1);
            self.path.push(r);
            if self.board.play(r, opp) {
                let before = match played {
                    Some((mv, entry)) => format!(
                        "{}: {p} plays {} ({}), then",
                        self.at(2),
                        self.cell(mv),
                        why(entry)
                    ),
                    None => format!("{}:", self.at(1)),
                };
                return Err(self.fail(format!("{before} {opp} wins by {}", self.cell(r))));
            }
            if self.positions >= self.next_progress {
                self.next_progress = self.positions + PROGRESS_EVERY;
                progress(self.positions);
            }
            match self.p_node(answer)? {
                Step::Done => {}
                Step::Expand(frame) => stack.push(self.looked_ahead(frame)),
            }
        }
        self.finish()
    }

    fn finish(self) -> Result<SectionReport, VerifyError> {
        Ok(SectionReport {
            player: self.player,
            goal: self.goal,
            positions: self.positions,
            proved: self.proved.len() as u64,
            entries_used: self.used.iter().filter(|&&u| u).count() as u64,
            entries: self.entry_count,
            used: self.used,
        })
    }

    /// With the other side to move (and no winning cell of its own), which
    /// of its replies need checking (version 2): `None` when none does (P
    /// has two winning cells), `Some(Some(c))` when only the block `c`
    /// does, `Some(None)` for every reply. Version 1 checks every reply.
    fn replies_needed(&self) -> Option<Option<usize>> {
        if self.derive.is_none() {
            return Some(None);
        }
        replies_needed(&self.board, self.player)
    }

    /// `frame`, with the threat searches after its replies worked out
    /// ahead on the other threads, where there are several replies and
    /// threads (`ahead.rs`).
    fn looked_ahead(&self, mut frame: Frame) -> Frame {
        let (Some(ahead), None, false) = (&self.ahead, frame.only, self.remember_settled) else {
            return frame;
        };
        let mut replies = Vec::new();
        let mut next = self.board.next_playable(0);
        while let Some(r) = next {
            replies.push(r);
            next = self.board.next_playable(r + 1);
        }
        if replies.len() < 2 {
            return frame;
        }
        let known = Known {
            seen: &self.seen,
            prints: &self.prints,
        };
        let answers = ahead.replies(self.board.stones(), self.player, &replies, &known);
        frame.ahead = replies.into_iter().zip(answers).collect();
        frame
    }

    /// Checks a position with P to move (the board as it is): P's move is
    /// chosen ([`Checker::choose`]), then played ([`Checker::play_p`]).
    /// `answer`: the threat search's answer here, if worked out ahead.
    fn p_node(&mut self, answer: Option<Answer>) -> Result<Step, VerifyError> {
        self.positions += 1;
        match self.choose(answer)? {
            None => Ok(Step::Done),
            Some(chosen) => self.play_p(chosen),
        }
    }

    /// P's move in the position on the board, or `None` when the position
    /// is proved without one (a win now, a full board for not-lose, a
    /// remembered position, a threat sequence).
    fn choose(&mut self, answer: Option<Answer>) -> Result<Option<Chosen>, VerifyError> {
        let p = self.player;
        if self.board.winning_cell(p).is_some() {
            return Ok(None);
        }
        if self.board.is_full() {
            return match self.goal {
                Goal::NotLose => Ok(None),
                Goal::Win => Err(self.fail(format!(
                    "{}: the board is full, a draw, not a {p} win",
                    self.at(0)
                ))),
            };
        }
        if self.seen.contains(self.board.stones()) {
            return Ok(None);
        }
        let forced = self.derive.map(|_| forced(&self.board, p));
        if let Some(Forced::Lost) = forced {
            let (_, [a, b]) = self.board.winning_cells(p.other());
            return Err(self.fail(format!(
                "{}: {} has two winning cells, {} and {}",
                self.at(0),
                p.other(),
                self.cell(a),
                self.cell(b)
            )));
        }
        // The canonical form only where it can matter: an entry or a
        // proved position shares the fingerprint, or a forced block
        // (whose position is remembered up to symmetry once proved).
        let print = match answer {
            Some((_, print)) => print,
            None => fingerprint_of(&self.board),
        };
        let block = matches!(forced, Some(Forced::Block(_)));
        let s = match self.remember_settled || block || self.prints.contains(&print) {
            true => Some(
                self.symmetries
                    .canonical(self.board.stones(), &mut self.canon),
            ),
            false => None,
        };
        if s.is_some() && self.proved.contains(self.canon.as_slice()) {
            self.seen.insert(self.board.stones());
            return Ok(None);
        }
        let keys = s.map(|_| Keys {
            canon: self.canon.clone().into_boxed_slice(),
            raw: self.board.stones().into(),
            print,
        });
        let found = s.and_then(|s| Some((s, *self.entries.get(self.canon.as_slice())?)));
        // The entry of this very position first; an image's only where
        // the threat sequence search does not settle the position.
        let found = found.map(|(s, first)| (s, self.own_entry(first)));
        let (mv, entry) = match (forced, found) {
            (Some(Forced::Block(c)), _) => (c, None),
            (_, Some((s, (own, true)))) => (self.entry_move(s, own), Some(own.0)),
            (_, image) => {
                if let Some(limits) = self.derive {
                    let found = match answer {
                        Some((found, _)) => found,
                        None => self.search.search(&mut self.board, p, limits),
                    };
                    if found.is_some() {
                        // Section 4, step 3: a settled position is
                        // remembered only when the certificate relies on it
                        // (its canonical form may have been computed for a
                        // fingerprint shared with an entry: that is no
                        // reason to remember it).
                        if self.remember_settled {
                            self.remember(keys);
                        }
                        return Ok(None);
                    }
                }
                match image {
                    Some((s, (e, _))) => (self.entry_move(s, e), Some(e.0)),
                    None if self.derive.is_some() => {
                        return Err(self.fail(format!(
                        "{}: no entry gives {p}'s move, and the checker finds no threat sequence",
                        self.at(0)
                    )))
                    }
                    None => {
                        return Err(self.fail(format!("{}: no entry gives {p}'s move", self.at(0))))
                    }
                }
            }
        };
        Ok(Some(Chosen {
            mv,
            entry,
            map: found.map(|(s, _)| s),
            keys,
        }))
    }

    /// Plays P's chosen move and checks what follows: a win, a full board,
    /// a pairing, or the other side's replies to check (a [`Frame`]).
    fn play_p(&mut self, chosen: Chosen) -> Result<Step, VerifyError> {
        let p = self.player;
        let Chosen {
            mv,
            entry,
            map,
            keys,
        } = chosen;
        let entry_text = why(entry);
        if !self.board.is_playable(mv) {
            return Err(self.fail(format!(
                "{}: {entry_text} gives {p}'s move {}, which is not legal (not the landing cell of its column)",
                self.at(0),
                self.cell(mv)
            )));
        }
        // Version 4: a potential entry settles the position as it stands.
        if let Some(e) = entry.filter(|&e| self.section.is_potential(e as usize)) {
            potential::check(&self.board, p.other()).map_err(|err| {
                self.fail(format!(
                    "{}: entry {e} claims a potential strategy for {p}, but {err}",
                    self.at(0)
                ))
            })?;
            self.remember(keys);
            return Ok(Step::Done);
        }
        self.path.push(mv);
        let wins = self.board.play(mv, p);
        if wins || (self.board.is_full() && self.goal == Goal::NotLose) {
            return Ok(self.proved_by(mv, keys));
        }
        if self.board.is_full() {
            return Err(self.fail(format!(
                "{}: {p} plays {} ({entry_text}) and fills the board: a draw, not a {p} win",
                self.at(1),
                self.cell(mv)
            )));
        }
        if let Some((e, s)) = entry.filter(|e| self.pairings.contains_key(e)).zip(map) {
            self.check_pairing(e, s, mv, &entry_text)?;
            return Ok(self.proved_by(mv, keys));
        }
        // Version 4: a matched pairing entry, whose pairs the checker finds.
        if entry.is_some_and(|e| self.section.is_matched(e as usize)) {
            if self.board.has_gravity() || matching::pairing(&self.board, p.other()).is_none() {
                return Err(self.fail(format!(
                    "{}: {p} plays {} ({entry_text}, a matched pairing entry), but no pairing against {} exists{}",
                    self.at(1),
                    self.cell(mv),
                    p.other(),
                    if self.board.has_gravity() { " on a board with gravity" } else { "" }
                )));
            }
            return Ok(self.proved_by(mv, keys));
        }
        self.positions += 1;
        if let Some(r) = self.board.winning_cell(p.other()) {
            return Err(self.fail(format!(
                "{}: {p} plays {} ({entry_text}), then {} wins by {}",
                self.at(1),
                self.cell(mv),
                p.other(),
                self.cell(r)
            )));
        }
        let Some(only) = self.replies_needed() else {
            return Ok(self.proved_by(mv, keys));
        };
        let mut after = vec![0u64; self.canon.len()];
        self.symmetries.canonical(self.board.stones(), &mut after);
        if self.answered.contains(after.as_slice()) {
            return Ok(self.proved_by(mv, keys));
        }
        Ok(Step::Expand(Frame {
            keys,
            after: Some(after.into_boxed_slice()),
            played: Some((mv, entry)),
            cursor: 0,
            reply: None,
            only,
            ahead: Vec::new(),
        }))
    }

    /// Takes back P's move `mv`, which proved the position before it, and
    /// remembers that position.
    fn proved_by(&mut self, mv: usize, keys: Option<Keys>) -> Step {
        self.board.undo(mv, self.player);
        self.path.pop();
        self.remember(keys);
        Step::Done
    }

    /// Of the class of entries whose first is `first` (index, move in the
    /// canonical frame), the entry of the position on the board and
    /// `true`; else `first` and `false`.
    fn own_entry(&self, first: (u32, u16)) -> ((u32, u16), bool) {
        let class = self.copies.get(&first.0).map_or(&[][..], |c| &c[..]);
        std::iter::once(&first)
            .chain(class)
            .find(|e| self.is_on_board(e.0))
            .map_or((first, false), |&e| (e, true))
    }

    /// Whether entry `i`'s position is the board's, stone for stone.
    fn is_on_board(&self, i: u32) -> bool {
        let (x, o, _) = self.section.entry_bytes(i as usize);
        let w = self.board.words();
        let stones = self.board.stones();
        let same = |bytes: &[u8], words: &[u64]| {
            bytes
                .iter()
                .enumerate()
                .all(|(b, &byte)| (words[b / 8] >> (8 * (b % 8))) as u8 == byte)
        };
        same(x, &stones[..w]) && same(o, &stones[w..])
    }

    /// Marks entry `e` (index, move in the canonical frame) used and
    /// gives its move on the board, mapped back by `s`.
    fn entry_move(&mut self, s: usize, e: (u32, u16)) -> usize {
        self.used[e.0 as usize] = true;
        self.symmetries
            .unmap(s, hypertac_core::Cell(u64::from(e.1)))
            .0 as usize
    }

    /// Remembers a proved position whose canonical form was computed (one
    /// with an entry or a forced block, or any with `remember_settled`):
    /// its stones, canonical form and fingerprint. A position the checker
    /// settled by itself is otherwise not remembered: met again, it is
    /// settled again (so the memory the checker takes is bounded by the
    /// entries, not by the positions).
    fn remember(&mut self, keys: Option<Keys>) {
        if let Some(keys) = keys {
            self.proved.insert(&keys.canon);
            self.prints.insert(keys.print);
            self.seen.insert(&keys.raw);
        }
    }

    /// Checks pairing entry `entry` (found through map `s`) on the board
    /// after P's move `mv`: its pairs, mapped back, must be a pairing
    /// against the other side.
    fn check_pairing(
        &self,
        entry: u32,
        s: usize,
        mv: usize,
        entry_text: &str,
    ) -> Result<(), VerifyError> {
        let p = self.player;
        let pairs: Vec<u16> = self.pairings[&entry]
            .iter()
            .map(|&c| {
                self.symmetries
                    .unmap(s, hypertac_core::Cell(u64::from(c)))
                    .0 as u16
            })
            .collect();
        let name = |c: usize| self.cell(c);
        pairing::check(&self.board, p.other(), &pairs, &name).map_err(|e| {
            self.fail(format!(
                "{}: {p} plays {} ({entry_text}) with a pairing that fails: {e}",
                self.at(1),
                self.cell(mv)
            ))
        })
    }

    /// Whose turn it is on the board.
    fn to_move(&self) -> Player {
        let w = self.board.words();
        let stones = self.board.stones();
        let nx: u32 = stones[..w].iter().map(|x| x.count_ones()).sum();
        let no: u32 = stones[w..].iter().map(|x| x.count_ones()).sum();
        if nx > no {
            Player::O
        } else {
            Player::X
        }
    }

    /// "after MOVES (P to move)" for the position before the last `back` moves of the path.
    fn at(&self, back: usize) -> String {
        let moves = &self.path[..self.path.len() - back];
        let who = if (self.path.len() - back).is_multiple_of(2) {
            self.root_to_move()
        } else {
            self.root_to_move().other()
        };
        if moves.is_empty() {
            format!("at the root ({who} to move)")
        } else {
            let text: Vec<String> = moves.iter().map(|&c| self.cell(c)).collect();
            format!("after {} ({who} to move)", text.join(" "))
        }
    }

    fn root_to_move(&self) -> Player {
        let played = self.board_stone_count() - self.path.len();
        Player::to_move_at(played)
    }

    fn board_stone_count(&self) -> usize {
        self.board
            .stones()
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    fn cell(&self, c: usize) -> String {
        notation::format_cell(self.rules.shape(), hypertac_core::Cell(c as u64))
    }

    fn fail(&self, message: String) -> VerifyError {
        VerifyError::new(format!("{}{message}", self.label))
    }
}
