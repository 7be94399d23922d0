//! The proof file format, versions 1 to 4 (`docs/proof-format.md` is the
//! full specification, with the rules an outside checker needs).
//!
//! ```text
//! hypertac-proof\n                         magic line
//! {JSON header}\n                          one line
//! <entries of section 0><entries of section 1>...
//! ```
//!
//! The header is one line of JSON:
//!
//! ```json
//! {"version":2,
//!  "rules":{"shape":[4,4,4],"k":4,"gravity":null,"rule":"first","wrap":false},
//!  "moves":"0,0,0;1,1,1",
//!  "value":"X wins",
//!  "best":"3,3,3",
//!  "derive":{"sequence_nodes":16384,"sequence_depth":64},
//!  "sections":[{"player":"X","goal":"win","entries":1234,"bytes":20000}],
//!  "stats":{"nodes":1000000}}
//! ```
//!
//! - `rules`: as in game records ([`hypertac_core::record::RulesSpec`]);
//!   the board has at most 65535 cells (moves are stored in a `u16`).
//! - `moves`: the root position, cells `x,y,..` separated by `;`, X first;
//!   `""` for the empty board.
//! - `value`: `X wins`, `O wins` or `draw`. `X wins` needs exactly one
//!   section `{X, win}`, `O wins` one `{O, win}`, `draw` two sections
//!   `{X, not-lose}` and `{O, not-lose}` (in any order).
//! - `best`: a best move at the root (informative, not checked), or `null`.
//! - `derive` (version 2 only): the limits of the checker's own threat
//!   sequence search ([`crate::derive`]); at most 65536 nodes and depth 256;
//!   and `"settled":"forgotten"` when the checker need not remember the
//!   positions it settles by itself ([`Certificate::remembers_settled`]).
//! - `sections`: the proving side (`X` or `O`), its goal (`win`: every
//!   branch ends with a completed line of that side; `not-lose`: every
//!   branch ends with its line or a full board), the number of entries and,
//!   in version 2, the bytes they take.
//! - `stats`: any JSON object (search statistics); the checker ignores it.
//!
//! After the header come the entries of every section, in the order of
//! `sections`, with nothing between them and nothing after the last.
//!
//! Version 1, with B = ceil(cells / 8), an entry is 2B + 2 bytes:
//!
//! ```text
//! | X stones: B bytes | O stones: B bytes | move: u16 little-endian |
//!   cell i = bit (i % 8) of byte (i / 8), cells numbered as in hypertac_core
//! ```
//!
//! Version 2, an entry is a run of unsigned LEB128 varints:
//!
//! ```text
//! nx, no, gaps of X's cells (nx), gaps of O's cells (no), move
//!   cells in increasing order; a gap is cell - previous - 1 (previous = -1 first)
//! ```
//!
//! Version 3 adds, after the move of every entry, `0` for an ordinary
//! entry or `n + 1` and then n pairs of cells (plain indices) for a
//! *pairing entry*: after the move, the pairs are a pairing strategy
//! against the other side ([`crate::pairing`]); only `not-lose` sections
//! have them. A writer uses version 3 only when some entry is one.
//!
//! Version 4 puts a *kind* after the move instead: `0` ordinary, `1` a
//! *potential entry* (the player's Erdős–Selfridge potential against the
//! other side is below 1 in the position, which settles it:
//! [`crate::potential`]), `2` a pairing entry, followed by n and the n
//! pairs. A writer uses version 4 only when some entry is a potential entry.
//!
//! An entry says: in this position (the section's player to move), the
//! player plays this cell. Entries may come in any order; the checker finds
//! a position's entry up to the board's symmetries (see
//! [`crate::symmetry`]), so one entry serves a whole class of symmetric
//! positions. In version 2 the checker needs no entry where it derives the
//! move itself (see [`crate::derive`]). Reading refuses, naming the section
//! and entry: a file shorter or longer than the header says, cells beyond
//! the board, a cell with both stones, a move off the board
//! or on an occupied cell, and a position where the section's player is not
//! to move (X moves when both have as many stones, O when X has one more).

pub use crate::section::{Goal, Section, MAX_CELLS};
use hypertac_core::record::RulesSpec;
use hypertac_core::{notation, Cell, Player, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

/// The first line of every proof file (without its newline).
pub const MAGIC: &str = "hypertac-proof";
/// The format version this code writes without pairing or potential
/// entries (it reads 1 to 4, and writes 3 when a section has pairing
/// entries, 4 when one has potential entries).
pub const VERSION: u32 = 2;
/// The value of `derive.settled` in a certificate whose checker does not
/// remember the positions it settles ([`Certificate::remembers_settled`]).
const FORGOTTEN: &str = "forgotten";
/// Longest header line read, in bytes.
const MAX_HEADER_BYTES: u64 = 64 << 20;

/// The value of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// This player wins.
    Win(Player),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// Parses `X wins`, `O wins` or `draw`.
    fn parse(text: &str) -> Option<Value> {
        match text {
            "X wins" => Some(Value::Win(Player::X)),
            "O wins" => Some(Value::Win(Player::O)),
            "draw" => Some(Value::Draw),
            _ => None,
        }
    }

    /// The sections (player, goal) that prove this value, in the order
    /// [`Certificate`]s from this crate's callers should write them.
    pub fn sections(self) -> Vec<(Player, Goal)> {
        match self {
            Value::Win(p) => vec![(p, Goal::Win)],
            Value::Draw => vec![(Player::X, Goal::NotLose), (Player::O, Goal::NotLose)],
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(p) => write!(f, "{p} wins"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// A proof file that cannot be read, with what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofError {
    message: String,
}

impl ProofError {
    pub(crate) fn new(message: impl Into<String>) -> ProofError {
        ProofError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ProofError {}

/// The limits of the checker's threat sequence search
/// ([`crate::derive`], format version 2): moves of the attacker tried in all,
/// and moves of the attacker in one sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequenceLimits {
    /// Attacker moves tried over the whole search, at most.
    pub nodes: u32,
    /// Attacker moves in one sequence, at most.
    pub depth: u32,
}

/// The limits hypertac's prover writes certificates for.
pub const DEFAULT_LIMITS: SequenceLimits = SequenceLimits {
    nodes: 16384,
    depth: 64,
};

/// Largest `nodes` a certificate may ask for (keeps a check bounded).
pub const MAX_SEQUENCE_NODES: u32 = 1 << 16;
/// Largest `depth` a certificate may ask for.
pub const MAX_SEQUENCE_DEPTH: u32 = 256;

/// A claimed value with the sections that prove it.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// The rules of the game.
    pub rules: RulesSpec,
    /// The root position: moves from the empty board, X first.
    pub moves: Vec<Cell>,
    /// The claimed value of the root.
    pub value: Value,
    /// A best move at the root (informative; not checked).
    pub best: Option<Cell>,
    /// What the checker derives on its own: `None` for a version-1 file
    /// (every move of the proving side is an entry), the limits of its
    /// threat-sequence search for version 2.
    pub derive: Option<SequenceLimits>,
    /// The strategies: see [`Value`] for which sections each value needs.
    pub sections: Vec<Section>,
    /// Whether the checker remembers, up to symmetry, the positions it
    /// settles by itself (a line to complete, a threat sequence), so that
    /// an image met later is settled by that. Certificates written before
    /// 2026-11-26's seventh session rely on it (their header does not say
    /// otherwise); later ones say `"settled":"forgotten"` in `derive`, and
    /// the checker then keeps only positions proved with a move, which
    /// bounds its memory by the entries (see `checker.rs`).
    pub remembers_settled: bool,
    /// Statistics of the search that found the proof; ignored by the checker.
    pub stats: serde_json::Value,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    version: u32,
    rules: RulesSpec,
    moves: String,
    value: String,
    best: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    derive: Option<DeriveHeader>,
    sections: Vec<SectionHeader>,
    #[serde(default)]
    stats: serde_json::Value,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionHeader {
    player: String,
    goal: String,
    entries: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bytes: Option<u64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeriveHeader {
    sequence_nodes: u32,
    sequence_depth: u32,
    /// `"forgotten"`: see [`Certificate::remembers_settled`]; absent: remembered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    settled: Option<String>,
}

impl Certificate {
    /// The rules of the certificate.
    ///
    /// # Errors
    /// Rules the core refuses, or a board of more than 65535 cells.
    pub fn to_rules(&self) -> Result<Rules, ProofError> {
        let rules = self
            .rules
            .to_rules()
            .map_err(|e| ProofError::new(format!("bad rules in the proof header: {e}")))?;
        let cells = rules.shape().cell_count();
        if cells > MAX_CELLS {
            return Err(ProofError::new(format!(
                "a proof board has at most {MAX_CELLS} cells; {} has {cells}",
                rules.shape()
            )));
        }
        Ok(rules)
    }

    /// Writes the certificate in the file format (see the module docs).
    ///
    /// # Errors
    /// Errors of the writer; `InvalidInput` when the rules are bad or a
    /// section was made for another number of cells.
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        let rules = self
            .to_rules()
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let shape = rules.shape();
        let mut sections = Vec::with_capacity(self.sections.len());
        for s in &self.sections {
            if s.cells != shape.cell_count() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "a section made for {} cells in a proof of a {shape} board",
                        s.cells
                    ),
                ));
            }
            sections.push(SectionHeader {
                player: s.player.to_string(),
                goal: s.goal.name().into(),
                entries: s.len() as u64,
                bytes: None,
            });
        }
        let needed = self
            .sections
            .iter()
            .map(Section::version_needed)
            .max()
            .unwrap_or(VERSION);
        if needed > VERSION && self.derive.is_none() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "pairing and potential entries need format version 3 or 4 (a certificate with \"derive\")",
            ));
        }
        let encoded: Vec<Vec<u8>> = match self.derive {
            None => Vec::new(),
            Some(_) => self.sections.iter().map(|s| s.encode_v2(needed)).collect(),
        };
        for (h, e) in sections.iter_mut().zip(&encoded) {
            h.bytes = Some(e.len() as u64);
        }
        let header = Header {
            version: match self.derive.is_some() {
                false => 1,
                true => needed,
            },
            rules: self.rules.clone(),
            moves: notation::format_move_list(shape, &self.moves),
            value: self.value.to_string(),
            best: self.best.map(|c| notation::format_cell(shape, c)),
            derive: self.derive.map(|d| DeriveHeader {
                sequence_nodes: d.nodes,
                sequence_depth: d.depth,
                settled: (!self.remembers_settled).then(|| FORGOTTEN.to_string()),
            }),
            sections,
            stats: if self.stats.is_null() {
                serde_json::Value::Object(Default::default())
            } else {
                self.stats.clone()
            },
        };
        let json = serde_json::to_string(&header).map_err(io::Error::other)?;
        w.write_all(MAGIC.as_bytes())?;
        w.write_all(b"\n")?;
        w.write_all(json.as_bytes())?;
        w.write_all(b"\n")?;
        if self.derive.is_some() {
            for e in &encoded {
                w.write_all(e)?;
            }
        } else {
            for s in &self.sections {
                w.write_all(&s.data)?;
            }
        }
        w.flush()
    }

    /// Reads a certificate written by [`Certificate::write_to`], checking
    /// every entry on its own (see the module docs). It does not check the
    /// proof: call [`crate::verify`].
    ///
    /// Memory grows with the bytes actually read, never with a count the
    /// header claims.
    ///
    /// # Errors
    /// Bad magic line, header or version; rules refused or a board over
    /// 65535 cells; a malformed entry (named by section and index); a file
    /// shorter or longer than the header says; read errors.
    pub fn read_from(r: &mut impl Read) -> Result<Certificate, ProofError> {
        let mut r = BufReader::with_capacity(1 << 16, r);
        let magic = read_line(&mut r, MAGIC.len() as u64 + 1, "magic line")?;
        if magic != MAGIC.as_bytes() {
            return Err(ProofError::new(format!(
                "not a hypertac proof: the first line is not {MAGIC:?}"
            )));
        }
        let line = read_line(&mut r, MAX_HEADER_BYTES, "header")?;
        let (mut cert, header) = parse_head(&line)?;
        let derive = cert.derive;
        let shape = cert.to_rules()?.shape().clone();
        let shape = &shape;
        for (s, h) in header.sections.iter().enumerate() {
            let section = read_section(&mut r, s, h, derive.is_some(), header.version, shape)?;
            cert.sections.push(section);
        }
        let mut byte = [0u8; 1];
        loop {
            match r.read(&mut byte) {
                Ok(0) => break,
                Ok(_) => {
                    return Err(ProofError::new(
                        "trailing bytes after the last entry of the proof",
                    ))
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ProofError::new(format!("reading the proof: {e}"))),
            }
        }
        Ok(cert)
    }

    /// Writes the certificate to `path` safely: to `path.tmp` first, synced
    /// to disk, then renamed over `path`.
    ///
    /// # Errors
    /// File system errors, and those of [`Certificate::write_to`].
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = std::path::PathBuf::from(tmp);
        let result = (|| {
            let file = std::fs::File::create(&tmp)?;
            let mut w = io::BufWriter::with_capacity(1 << 20, file);
            self.write_to(&mut w)?;
            let file = w.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()
        })();
        if let Err(e) = result {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        std::fs::rename(&tmp, path)
    }

    /// Reads a certificate from a file (see [`Certificate::read_from`]).
    ///
    /// # Errors
    /// The file cannot be opened, or [`Certificate::read_from`] refuses it.
    pub fn load(path: &Path) -> Result<Certificate, ProofError> {
        let mut file = std::fs::File::open(path)
            .map_err(|e| ProofError::new(format!("cannot open {}: {e}", path.display())))?;
        Certificate::read_from(&mut file)
    }
}

/// The certificate a header line gives (no sections yet), after every
/// check of the header alone, and the header.
fn parse_head(line: &[u8]) -> Result<(Certificate, Header), ProofError> {
    let header: Header = serde_json::from_slice(line)
        .map_err(|e| ProofError::new(format!("bad proof header: {e}")))?;
    if !(1..=4).contains(&header.version) {
        return Err(ProofError::new(format!(
            "proof format version {} is not supported (this hypertac reads versions 1 to 4)",
            header.version
        )));
    }
    let derive = match (header.version, &header.derive) {
        (1, None) => None,
        (1, Some(_)) => {
            return Err(ProofError::new(
                "bad proof header: \"derive\" belongs to version 2, not 1",
            ))
        }
        (v, None) => {
            return Err(ProofError::new(format!(
            "bad proof header: version {v} needs \"derive\" (the checker's threat-sequence limits)"
        )))
        }
        (_, Some(d)) => {
            if d.sequence_nodes > MAX_SEQUENCE_NODES || d.sequence_depth > MAX_SEQUENCE_DEPTH {
                return Err(ProofError::new(format!(
                    "bad proof header: derive asks for {} nodes and depth {}; at most {MAX_SEQUENCE_NODES} and {MAX_SEQUENCE_DEPTH}",
                    d.sequence_nodes, d.sequence_depth
                )));
            }
            match d.settled.as_deref() {
                None | Some(FORGOTTEN) => {}
                Some(other) => {
                    return Err(ProofError::new(format!(
                        "bad proof header: derive says settled {other:?}; only \"{FORGOTTEN}\" is known"
                    )))
                }
            }
            Some(SequenceLimits {
                nodes: d.sequence_nodes,
                depth: d.sequence_depth,
            })
        }
    };
    let remembers_settled = header.derive.as_ref().is_none_or(|d| d.settled.is_none());
    let mut cert = Certificate {
        rules: header.rules.clone(),
        moves: Vec::new(),
        value: Value::parse(&header.value).ok_or_else(|| {
            ProofError::new(format!(
                "bad proof header: value {:?} is not \"X wins\", \"O wins\" or \"draw\"",
                header.value
            ))
        })?,
        best: None,
        derive,
        sections: Vec::new(),
        remembers_settled,
        stats: header.stats.clone(),
    };
    let rules = cert.to_rules()?;
    let shape = rules.shape();
    cert.moves = notation::parse_move_list(shape, &header.moves)
        .map_err(|e| ProofError::new(format!("bad root moves in the proof header: {e}")))?;
    cert.best = match &header.best {
        None => None,
        Some(text) => Some(
            notation::parse_cell(shape, text)
                .map_err(|e| ProofError::new(format!("bad best move in the proof header: {e}")))?,
        ),
    };
    Ok((cert, header))
}

/// Where a section's entries lie in a certificate held in memory.
#[derive(Clone, Debug)]
pub(crate) struct SectionBytes {
    /// The proving side.
    pub player: Player,
    /// Win or not lose.
    pub goal: Goal,
    /// Number of entries the header gives.
    pub entries: u64,
    /// The bytes of its entries (versions 2 to 4: varints).
    pub range: std::ops::Range<usize>,
}

/// The header of the certificate in `data` (a whole file), without
/// reading its entries: the certificate with no sections, the format
/// version, and where each section's entries lie. Checks the header as
/// [`Certificate::read_from`] does and that the sections' bytes add up to
/// the file; the entries themselves are left to the caller (version 1,
/// whose entries have no byte count, gives an error).
pub(crate) fn read_head(data: &[u8]) -> Result<(Certificate, u32, Vec<SectionBytes>), ProofError> {
    let mut r = data;
    let magic = read_line(&mut r, MAGIC.len() as u64 + 1, "magic line")?;
    if magic != MAGIC.as_bytes() {
        return Err(ProofError::new(format!(
            "not a hypertac proof: the first line is not {MAGIC:?}"
        )));
    }
    let line = read_line(&mut r, MAX_HEADER_BYTES, "header")?;
    let (cert, header) = parse_head(&line)?;
    let mut at = data.len() - r.len();
    let mut sections = Vec::new();
    for (s, h) in header.sections.iter().enumerate() {
        let (player, goal) = section_side(s, h)?;
        let Some(bytes) = h.bytes else {
            return Err(ProofError::new(format!(
                "section {s} has no \"bytes\" (version 1 is read whole)"
            )));
        };
        let end = usize::try_from(bytes)
            .ok()
            .and_then(|b| at.checked_add(b))
            .filter(|&end| end <= data.len())
            .ok_or_else(|| {
                ProofError::new(format!(
                    "truncated: expected {bytes} bytes of entries in section {s}"
                ))
            })?;
        sections.push(SectionBytes {
            player,
            goal,
            entries: h.entries,
            range: at..end,
        });
        at = end;
    }
    if at != data.len() {
        return Err(ProofError::new(
            "trailing bytes after the last entry of the proof",
        ));
    }
    Ok((cert, header.version, sections))
}

/// The player and goal of section `s` of a header.
fn section_side(s: usize, h: &SectionHeader) -> Result<(Player, Goal), ProofError> {
    let player = match h.player.as_str() {
        "X" => Player::X,
        "O" => Player::O,
        other => {
            return Err(ProofError::new(format!(
                "bad proof header: section {s} has player {other:?}, expected \"X\" or \"O\""
            )))
        }
    };
    let goal = Goal::parse(&h.goal).ok_or_else(|| {
        ProofError::new(format!(
            "bad proof header: section {s} has goal {:?}, expected \"win\" or \"not-lose\"",
            h.goal
        ))
    })?;
    Ok((player, goal))
}

/// Reads section `s` of a proof (its header `h`) from `r`: version 1's
/// fixed entries, or with `derived` the varint entries of version 2 or 3,
/// each entry checked on its own.
fn read_section(
    r: &mut impl Read,
    s: usize,
    h: &SectionHeader,
    derived: bool,
    version: u32,
    shape: &hypertac_core::Shape,
) -> Result<Section, ProofError> {
    let (player, goal) = section_side(s, h)?;
    let mut section = Section::new(player, goal, shape.cell_count());
    match (derived, h.bytes) {
        (false, Some(_)) => {
            return Err(ProofError::new(format!(
                "bad proof header: section {s} gives \"bytes\", which version 1 does not have"
            )))
        }
        (false, None) => {
            let size = section.entry_size() as u64;
            let want = h.entries.checked_mul(size).ok_or_else(|| {
                ProofError::new(format!(
                    "truncated: expected {} entries in section {s}, which is more than a file can hold",
                    h.entries
                ))
            })?;
            section.data = read_up_to(r, want)
                .map_err(|e| ProofError::new(format!("reading section {s}: {e}")))?;
            if (section.data.len() as u64) < want {
                return Err(ProofError::new(format!(
                    "truncated: expected {} entries in section {s}, found {}",
                    h.entries,
                    section.data.len() as u64 / size
                )));
            }
        }
        (true, None) => {
            return Err(ProofError::new(format!(
                "bad proof header: section {s} needs \"bytes\" in versions 2 to 4"
            )))
        }
        (true, Some(bytes)) => {
            let data = read_up_to(r, bytes)
                .map_err(|e| ProofError::new(format!("reading section {s}: {e}")))?;
            if (data.len() as u64) < bytes {
                return Err(ProofError::new(format!(
                    "truncated: expected {bytes} bytes of entries in section {s}, found {}",
                    data.len()
                )));
            }
            section
                .decode_v2(&data, h.entries, version)
                .map_err(|e| ProofError::new(format!("section {s} {e}")))?;
        }
    }
    for i in 0..section.len() {
        section
            .check_entry(i)
            .map_err(|e| ProofError::new(format!("section {s} entry {i}: {e}")))?;
    }
    Ok(section)
}

/// Reads one line of at most `limit` bytes (newline included) and returns it without the newline.
fn read_line(r: &mut impl BufRead, limit: u64, what: &str) -> Result<Vec<u8>, ProofError> {
    let mut line = Vec::new();
    r.take(limit)
        .read_until(b'\n', &mut line)
        .map_err(|e| ProofError::new(format!("reading the proof {what}: {e}")))?;
    if line.last() != Some(&b'\n') {
        return Err(ProofError::new(if line.len() as u64 >= limit {
            format!("not a hypertac proof: the {what} is longer than {limit} bytes")
        } else {
            format!("not a hypertac proof: the file ends inside the {what}")
        }));
    }
    line.pop();
    Ok(line)
}

/// Reads up to `want` bytes (fewer at the end of the input), growing the
/// buffer only as data arrives.
fn read_up_to(r: &mut impl Read, want: u64) -> io::Result<Vec<u8>> {
    const CHUNK: u64 = 1 << 20;
    let mut out = Vec::new();
    while (out.len() as u64) < want {
        let step = (want - out.len() as u64).min(CHUNK) as usize;
        let start = out.len();
        out.resize(start + step, 0);
        let mut got = 0;
        while got < step {
            match r.read(&mut out[start + got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        out.truncate(start + got);
        if got < step {
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Certificate {
        let rules = Rules::preset("tictactoe").unwrap();
        let mut s = Section::new(Player::X, Goal::Win, 9);
        s.push(&[0b1], &[0b10], Cell(4));
        s.push(&[], &[], Cell(8));
        Certificate {
            rules: RulesSpec::of(&rules),
            moves: vec![Cell(4), Cell(0)],
            value: Value::Win(Player::X),
            best: Some(Cell(8)),
            derive: None,
            sections: vec![s],
            remembers_settled: true,
            stats: serde_json::json!({"nodes": 3}),
        }
    }

    #[test]
    fn round_trip() {
        let cert = sample();
        let mut bytes = Vec::new();
        cert.write_to(&mut bytes).unwrap();
        assert!(bytes.starts_with(b"hypertac-proof\n{\"version\":1,"));
        assert_eq!(
            bytes.len() - bytes.iter().rposition(|&b| b == b'\n').unwrap() - 1,
            2 * 6
        );
        let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
        assert_eq!(back, cert);
        assert_eq!(back.sections[0].get(0), (vec![1], vec![2], Cell(4)));
        assert_eq!(back.sections[0].len(), 2);
    }

    #[test]
    fn settled_forgotten_round_trips_and_other_values_are_refused() {
        let mut cert = sample();
        cert.derive = Some(DEFAULT_LIMITS);
        cert.remembers_settled = false;
        let mut bytes = Vec::new();
        cert.write_to(&mut bytes).unwrap();
        let text = String::from_utf8_lossy(&bytes).to_string();
        assert!(text.contains("\"settled\":\"forgotten\""), "{text}");
        let back = Certificate::read_from(&mut bytes.as_slice()).unwrap();
        assert!(!back.remembers_settled);
        // Without the field (a certificate from before): remembered.
        cert.remembers_settled = true;
        let mut old = Vec::new();
        cert.write_to(&mut old).unwrap();
        assert!(!String::from_utf8_lossy(&old).contains("settled"));
        assert!(
            Certificate::read_from(&mut old.as_slice())
                .unwrap()
                .remembers_settled
        );
        let odd = text.replacen("forgotten", "kept", 1);
        let err = Certificate::read_from(&mut odd.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("settled"), "{err}");
    }
}
