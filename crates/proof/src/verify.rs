//! The checker: replays every reply of the other side against each section's strategy.
//!
//! For a section (player P, goal G), from the root:
//! - P to move: if P can complete a line now, the branch is won. Otherwise
//!   an entry gives P's move, which must be legal: the entry of the
//!   position itself; else (version 2) the checker's threat sequence
//!   search, which may win the branch; else the first entry of an image
//!   of the position (`docs/proof-format.md`, section 4, step 5). If the
//!   move completes a line the branch is won; if it fills the board the
//!   branch is a draw (fine for not-lose, a failure for win).
//!   A pairing entry's pairs (version 3) must then be a pairing against
//!   the other side (`pairing.rs`), which settles the branch.
//! - The other side to move: a full board is a draw; otherwise no legal
//!   reply may complete a line of that side (checked for all replies first,
//!   so the shallowest failure is reported), then every legal reply is
//!   played and each position after it is checked as above, replies in
//!   cell order.
//!
//! Positions with P to move proved with a move (an entry's or a forced
//! block's), and the positions after that move once all their replies are
//! checked, are remembered by their canonical form (full bitsets, never
//! hashes alone), so a proof is checked as a DAG: transpositions and
//! symmetric positions once each. Positions the checker settles by itself
//! (a line to complete, a threat sequence) are not remembered when the
//! certificate says so (`"settled":"forgotten"`, what hypertac writes now):
//! met again they are settled again, so the checker's memory grows with
//! the entries, not with the positions checked (4^5's walk meets hundreds
//! of millions). Older certificates rely on their being remembered, and
//! are checked so.
//! A canonical form (the least image over the group, found from the maps
//! that send an anchor stone to the smallest cell of its orbit: 480 of
//! 4^5's 15,360 for a corner; `symmetry.rs`) is computed only where it
//! can matter: for a forced block, for
//! the position after P's move, and where the position's fingerprint
//! (`fingerprint.rs`), a symmetry-invariant hash, is that of an entry or
//! of a remembered position.
//! The search is iterative (an explicit stack), so deep boards cannot
//! overflow the call stack.

use crate::board::{Board, Lines};
use crate::derive::{forced, replies_needed, threat_sequence, Forced, SequenceLimits};
use crate::fingerprint::fingerprint;
use crate::format::{Certificate, Goal, Section, Value};
use crate::pairing;
use crate::potential;
use crate::symmetry::Symmetries;
use hypertac_core::{notation, Player, Position, Rules, WinRule};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// How often [`verify`] calls its progress callback, in positions.
const PROGRESS_EVERY: u64 = 1 << 16;

/// A rejected proof: what failed and at which position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    message: String,
}

impl VerifyError {
    fn new(message: impl Into<String>) -> VerifyError {
        VerifyError {
            message: message.into(),
        }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VerifyError {}

/// What one section's check covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionReport {
    /// The proving side.
    pub player: Player,
    /// Its goal.
    pub goal: Goal,
    /// Positions visited (either side to move).
    pub positions: u64,
    /// Distinct positions (up to symmetry) proved with a move: an entry's
    /// or a forced block's.
    pub proved: u64,
    /// Entries looked up at least once.
    pub entries_used: u64,
    /// Entries of the section.
    pub entries: u64,
    /// For each entry, whether it was looked up (what
    /// [`crate::keep_used`] keeps).
    pub used: Vec<bool>,
}

/// What an accepted proof established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The value proved.
    pub value: Value,
    /// The rules, as `4x4x4 k4`.
    pub rules: String,
    /// The root moves, `x,y;x,y` (empty for the empty board).
    pub root: String,
    /// Maps in the symmetry group used.
    pub symmetries: usize,
    /// One report per section, in the certificate's order.
    pub sections: Vec<SectionReport>,
}

impl Report {
    /// Positions visited over all sections.
    pub fn positions(&self) -> u64 {
        self.sections.iter().map(|s| s.positions).sum()
    }

    /// Entries used over all sections.
    pub fn entries_used(&self) -> u64 {
        self.sections.iter().map(|s| s.entries_used).sum()
    }

    /// Entries over all sections.
    pub fn entries(&self) -> u64 {
        self.sections.iter().map(|s| s.entries).sum()
    }
}

/// Checks that `cert` proves its value (see the module docs).
///
/// `progress` is called with the number of positions visited so far, every
/// 65536 positions.
///
/// # Errors
/// A rule other than first-to-k, a root that is illegal or over, sections
/// that do not match the value, a malformed or repeated entry, or the first
/// position where a section's strategy fails, named by its moves from the root.
pub fn verify(cert: &Certificate, progress: &mut dyn FnMut(u64)) -> Result<Report, VerifyError> {
    let rules = cert
        .to_rules()
        .map_err(|e| VerifyError::new(e.to_string()))?;
    if rules.win() != WinRule::FirstToK {
        return Err(VerifyError::new(format!(
            "the checker supports the rule first (first to complete k in a row), not {}",
            rules.win().name()
        )));
    }
    let root = Position::from_moves(rules.clone(), &cert.moves).map_err(|(i, e)| {
        VerifyError::new(format!("the root position is illegal: move {}: {e}", i + 1))
    })?;
    if root.is_over() {
        return Err(VerifyError::new(
            "the root position is over: there is nothing to prove",
        ));
    }
    check_claim(cert)?;
    let lines = Arc::new(Lines::new(&rules).map_err(VerifyError::new)?);
    let symmetries = Symmetries::with_lines(&rules, &lines);
    let mut reports = Vec::new();
    let mut done = 0u64;
    for (s, section) in cert.sections.iter().enumerate() {
        let label = if cert.sections.len() > 1 {
            format!("section {s} ({} does not lose): ", section.player)
        } else {
            String::new()
        };
        let mut checker = Checker::new(&rules, &lines, &symmetries, section, &label, cert.derive)?;
        checker.remember_settled = cert.remembers_settled;
        for (cell, player) in root.stones() {
            checker.board.play(cell.0 as usize, player);
        }
        let report = checker.run(&mut |n| progress(done + n))?;
        done += report.positions;
        reports.push(report);
    }
    Ok(Report {
        value: cert.value,
        rules: rules.to_string(),
        root: notation::format_move_list(rules.shape(), &cert.moves),
        symmetries: symmetries.len(),
        sections: reports,
    })
}

/// The sections must be exactly those the value needs.
fn check_claim(cert: &Certificate) -> Result<(), VerifyError> {
    let mut want = cert.value.sections();
    let have: Vec<(Player, Goal)> = cert.sections.iter().map(|s| (s.player, s.goal)).collect();
    let mut sorted = have.clone();
    sorted.sort_by_key(|&(p, g)| (p, g as u8));
    want.sort_by_key(|&(p, g)| (p, g as u8));
    if sorted != want {
        let show = |v: &[(Player, Goal)]| {
            v.iter()
                .map(|(p, g)| format!("{{{p}, {g}}}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        return Err(VerifyError::new(format!(
            "the value {:?} needs the sections {}; the proof has {}",
            cert.value.to_string(),
            show(&want),
            if have.is_empty() {
                "none".to_string()
            } else {
                show(&have)
            }
        )));
    }
    Ok(())
}

/// How P's move was given: "entry N" or "forced block".
fn why(entry: Option<u32>) -> String {
    match entry {
        Some(e) => format!("entry {e}"),
        None => "forced block".to_string(),
    }
}

/// A fast hasher for keys of whole bitsets (FxHash's mixing).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub(crate) type KeyMap<V> = HashMap<Box<[u64]>, V, BuildHasherDefault<KeyHasher>>;
pub(crate) type KeySet = HashSet<Box<[u64]>, BuildHasherDefault<KeyHasher>>;

/// A section's entries by canonical position: entry index and the move in
/// the canonical frame (the first entry of each class of symmetric
/// positions); with [`Copies`], the others.
pub(crate) fn entry_table(
    section: &Section,
    symmetries: &Symmetries,
    words: usize,
) -> Result<(KeyMap<(u32, u16)>, Copies), String> {
    let mut table: KeyMap<(u32, u16)> = KeyMap::default();
    let mut copies = Copies::new();
    table.reserve(section.len());
    let mut stones = vec![0u64; 2 * words];
    let mut canon = vec![0u64; 2 * words];
    for i in 0..section.len() {
        section
            .check_entry(i)
            .map_err(|e| format!("entry {i}: {e}"))?;
        let (x, o, mv) = section.get(i);
        stones[..words].copy_from_slice(&x);
        stones[words..].copy_from_slice(&o);
        let s = symmetries.canonical(&stones, &mut canon);
        let mapped = symmetries.map(s, mv).0 as u16;
        match table.get(canon.as_slice()) {
            Some(&(j, _)) => {
                let class = copies.entry(j).or_default();
                for k in std::iter::once(j).chain(class.iter().map(|&(k, _)| k)) {
                    let (xk, ok, _) = section.entry_bytes(k as usize);
                    let (xi, oi, _) = section.entry_bytes(i);
                    if xi == xk && oi == ok {
                        return Err(format!("entry {i} repeats the position of entry {k}"));
                    }
                }
                class.push((i as u32, mapped));
            }
            None => {
                table.insert(canon.clone().into_boxed_slice(), (i as u32, mapped));
            }
        }
    }
    Ok((table, copies))
}

/// The entries symmetric to an earlier one, by the index of the first of
/// their class: index and move in the canonical frame.
pub(crate) type Copies = HashMap<u32, Vec<(u32, u16)>>;

/// The pairs of a section's pairing entries, by entry index, mapped like
/// their moves into the canonical frame of their positions.
pub(crate) fn pairing_table(
    section: &Section,
    symmetries: &Symmetries,
    words: usize,
) -> HashMap<u32, Box<[u16]>> {
    let mut out = HashMap::new();
    let mut stones = vec![0u64; 2 * words];
    let mut canon = vec![0u64; 2 * words];
    for i in 0..section.len() {
        let Some(pairs) = section.pairing(i) else {
            continue;
        };
        let (x, o, _) = section.get(i);
        stones[..words].copy_from_slice(&x);
        stones[words..].copy_from_slice(&o);
        let s = symmetries.canonical(&stones, &mut canon);
        let mapped = pairs
            .iter()
            .map(|&c| symmetries.map(s, hypertac_core::Cell(u64::from(c))).0 as u16)
            .collect();
        out.insert(i as u32, mapped);
    }
    out
}

/// How a position with P to move whose canonical form was computed (see
/// [`Checker::p_node`]) is remembered once proved.
struct Keys {
    /// Its canonical form.
    canon: Box<[u64]>,
    /// Its stones.
    raw: Box<[u64]>,
    /// Its fingerprint (`fingerprint.rs`).
    print: u64,
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
}

/// What a position with P to move needs.
enum Step {
    /// Proved (a win now, a remembered position, or P's move ends the game well).
    Done,
    /// P's move is played; the replies must be checked.
    Expand(Frame),
}

struct Checker<'a> {
    rules: &'a Rules,
    board: Board,
    derive: Option<SequenceLimits>,
    /// Whether positions settled by the checker itself are remembered too
    /// (certificates written before they were not: see
    /// [`Certificate::remembers_settled`]).
    remember_settled: bool,
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
    proved: KeySet,
    /// Their stones (found without a canonical form).
    seen: KeySet,
    /// Canonical forms of the positions after P's move whose every reply
    /// is checked.
    answered: KeySet,
    path: Vec<usize>,
    positions: u64,
    next_progress: u64,
    canon: Vec<u64>,
}

impl<'a> Checker<'a> {
    fn new(
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
            proved: KeySet::default(),
            seen: KeySet::default(),
            answered: KeySet::default(),
            path: Vec::new(),
            positions: 0,
            next_progress: PROGRESS_EVERY,
            canon: vec![0; 2 * words],
        })
    }

    fn run(mut self, progress: &mut dyn FnMut(u64)) -> Result<SectionReport, VerifyError> {
        let p = self.player;
        let mut stack = Vec::new();
        if self.to_move() == p {
            match self.p_node()? {
                Step::Done => {}
                Step::Expand(frame) => stack.push(frame),
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
            stack.push(Frame {
                keys: None,
                after: None,
                played: None,
                cursor: 0,
                reply: None,
                only,
            });
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
                    self.answered.insert(after);
                }
                continue;
            };
            top.cursor = r + 1;
            top.reply = Some(r);
            let played = top.played;
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
            match self.p_node()? {
                Step::Done => {}
                Step::Expand(frame) => stack.push(frame),
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

    /// Checks a position with P to move (the board as it is).
    fn p_node(&mut self) -> Result<Step, VerifyError> {
        let p = self.player;
        self.positions += 1;
        if self.board.winning_cell(p).is_some() {
            return Ok(Step::Done);
        }
        if self.board.is_full() {
            return match self.goal {
                Goal::NotLose => Ok(Step::Done),
                Goal::Win => Err(self.fail(format!(
                    "{}: the board is full, a draw, not a {p} win",
                    self.at(0)
                ))),
            };
        }
        if self.seen.contains(self.board.stones()) {
            return Ok(Step::Done);
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
        let print = fingerprint(self.board.lines(), self.board.stones());
        let block = matches!(forced, Some(Forced::Block(_)));
        let s = match self.remember_settled || block || self.prints.contains(&print) {
            true => Some(
                self.symmetries
                    .canonical(self.board.stones(), &mut self.canon),
            ),
            false => None,
        };
        if s.is_some() && self.proved.contains(self.canon.as_slice()) {
            self.seen.insert(self.board.stones().into());
            return Ok(Step::Done);
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
                    if threat_sequence(&mut self.board, p, limits).is_some() {
                        self.remember(keys);
                        return Ok(Step::Done);
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
            self.board.undo(mv, p);
            self.path.pop();
            self.remember(keys);
            return Ok(Step::Done);
        }
        if self.board.is_full() {
            return Err(self.fail(format!(
                "{}: {p} plays {} ({entry_text}) and fills the board: a draw, not a {p} win",
                self.at(1),
                self.cell(mv)
            )));
        }
        if let Some((e, s)) = entry
            .filter(|e| self.pairings.contains_key(e))
            .zip(found.map(|(s, _)| s))
        {
            self.check_pairing(e, s, mv, &entry_text)?;
            self.board.undo(mv, p);
            self.path.pop();
            self.remember(keys);
            return Ok(Step::Done);
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
            self.board.undo(mv, p);
            self.path.pop();
            self.remember(keys);
            return Ok(Step::Done);
        };
        let mut after = vec![0u64; self.canon.len()];
        self.symmetries.canonical(self.board.stones(), &mut after);
        if self.answered.contains(after.as_slice()) {
            self.board.undo(mv, p);
            self.path.pop();
            self.remember(keys);
            return Ok(Step::Done);
        }
        Ok(Step::Expand(Frame {
            keys,
            after: Some(after.into_boxed_slice()),
            played: Some((mv, entry)),
            cursor: 0,
            reply: None,
            only,
        }))
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
            self.proved.insert(keys.canon);
            self.prints.insert(keys.print);
            self.seen.insert(keys.raw);
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
