//! The frontier file: the work units of a split proof, one a line.
//!
//! ```text
//! hypertac-frontier
//! {"version":1,"rules":{...},"moves":"","depth":2,"units":3}
//! 0,0,0;1,0,0
//! 0,0,0;1,1,0
//! 0,0,0;1,1,1
//! ```
//!
//! The second line names the game (`rules`, as in game records), the root
//! (`moves` from the empty board) and the split's depth; each further line
//! is one unit: its moves from the empty board, X first, in the notation of
//! `--moves`. Units are numbered from 0 in file order; `--shard I/N` takes
//! those whose number is I modulo N. The split is deterministic, so a
//! reader rebuilds it from the header and refuses a file whose units differ.

use crate::atomic_file;
use hypertac_ai::prove::Split;
use hypertac_core::record::RulesSpec;
use hypertac_core::{notation, Cell, Position, Rules};
use serde::{Deserialize, Serialize};
use std::io::BufRead;
use std::path::Path;

/// The first line of a frontier file.
const MAGIC: &str = "hypertac-frontier";
/// The version written and read.
const VERSION: u32 = 1;
/// Longest line read, in bytes.
const MAX_LINE: u64 = 1 << 20;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    version: u32,
    rules: RulesSpec,
    moves: String,
    depth: u32,
    units: usize,
}

/// A split read back from its file.
pub struct Frontier {
    /// The split, rebuilt from the header.
    pub split: Split,
}

impl Frontier {
    /// Writes the split's frontier to `path` (through a temporary file).
    ///
    /// # Errors
    /// File system errors, as a message naming the file.
    pub fn write(split: &Split, path: &Path) -> Result<(), String> {
        let root = split.root();
        let shape = root.rules().shape();
        let header = Header {
            version: VERSION,
            rules: RulesSpec::of(root.rules()),
            moves: notation::format_move_list(shape, root.moves()),
            depth: split.depth(),
            units: split.unit_count(),
        };
        let mut text = format!(
            "{MAGIC}\n{}\n",
            serde_json::to_string(&header).map_err(|e| e.to_string())?
        );
        for unit in split.units() {
            text.push_str(&notation::format_move_list(shape, unit));
            text.push('\n');
        }
        atomic_file::write(path, text.as_bytes())
    }

    /// Reads a frontier file and rebuilds its split.
    ///
    /// # Errors
    /// A message naming the file and, for a bad line, its number.
    pub fn read(path: &Path) -> Result<Frontier, String> {
        let at = |line: usize, what: String| format!("{}:{line}: {what}", path.display());
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let mut r = std::io::BufReader::new(file);
        let magic = read_line(&mut r).map_err(|e| at(1, e))?;
        if magic.as_deref() != Some(MAGIC) {
            return Err(at(
                1,
                "not a frontier file (written by `prove --split`)".into(),
            ));
        }
        let header = read_line(&mut r)
            .map_err(|e| at(2, e))?
            .ok_or_else(|| at(2, "the header is missing".into()))?;
        let header: Header =
            serde_json::from_str(&header).map_err(|e| at(2, format!("bad header: {e}")))?;
        if header.version != VERSION {
            return Err(at(
                2,
                format!("version {} (this program reads {VERSION})", header.version),
            ));
        }
        let rules: Rules = header
            .rules
            .to_rules()
            .map_err(|e| at(2, format!("bad rules: {e}")))?;
        let moves = parse_moves(&rules, &header.moves).map_err(|e| at(2, e))?;
        let root = Position::from_moves(rules.clone(), &moves)
            .map_err(|(i, e)| at(2, format!("root move {} is illegal: {e}", i + 1)))?;
        let split = Split::new(&root, header.depth).map_err(|e| at(2, e.to_string()))?;
        if split.unit_count() != header.units {
            return Err(at(
                2,
                format!(
                    "the header says {} units; this split has {}",
                    header.units,
                    split.unit_count()
                ),
            ));
        }
        for (i, unit) in split.units().enumerate() {
            let line = 3 + i;
            let text = read_line(&mut r)
                .map_err(|e| at(line, e))?
                .ok_or_else(|| at(line, format!("unit {i} is missing (truncated file)")))?;
            let moves = parse_moves(&rules, &text).map_err(|e| at(line, e))?;
            if moves != unit {
                return Err(at(
                    line,
                    format!("unit {i} is not the split's (edited, or another program's)"),
                ));
            }
        }
        if read_line(&mut r)
            .map_err(|e| at(3 + split.unit_count(), e))?
            .is_some()
        {
            return Err(at(
                3 + split.unit_count(),
                "more lines than the header's units".into(),
            ));
        }
        Ok(Frontier { split })
    }

    /// The moves of unit `i`.
    pub fn unit(&self, i: usize) -> &[Cell] {
        self.split.unit(i)
    }
}

fn parse_moves(rules: &Rules, text: &str) -> Result<Vec<Cell>, String> {
    notation::parse_move_list(rules.shape(), text).map_err(|e| format!("bad moves: {e}"))
}

/// One line without its newline; `None` at the end of the file.
fn read_line(r: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut buf = Vec::new();
    let n = std::io::Read::take(&mut *r, MAX_LINE)
        .read_until(b'\n', &mut buf)
        .map_err(|e| e.to_string())?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') {
        return Err(if n as u64 >= MAX_LINE {
            format!("a line longer than {MAX_LINE} bytes")
        } else {
            "the last line has no newline (truncated file)".into()
        });
    }
    buf.pop();
    String::from_utf8(buf)
        .map(Some)
        .map_err(|_| "a line that is not UTF-8".into())
}
