//! The positions a `hypertac book --go-on` build left out, with the time
//! each had: the file `BOOK.tried` beside the book, one line a position,
//! `MOVES SECONDS` (the moves as the book writes them). A later build skips
//! a position tried for at least its own --time (it would run out again)
//! and takes it up when given more; `--merge` joins the shares' lists as it
//! joins their books. Losing the file loses nothing but time: it only
//! says what not to try again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Longest file read (a list of every Qubic class of 5 stones is under
/// 10 MB).
const MAX_BYTES: u64 = 64 << 20;

/// Positions left out, by their moves, with the most seconds any build
/// gave them.
#[derive(Debug, Default, PartialEq)]
pub struct Tried {
    seconds: BTreeMap<String, u64>,
}

/// The list's file for the book `book`: `BOOK.tried`.
pub fn path_for(book: &Path) -> PathBuf {
    let mut name = book.as_os_str().to_owned();
    name.push(".tried");
    PathBuf::from(name)
}

impl Tried {
    /// Reads the list at `path`; an absent file is an empty list.
    pub fn read(path: &Path) -> Result<Tried, String> {
        let name = path.display();
        let len = match std::fs::metadata(path) {
            Ok(m) => m.len(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Tried::default()),
            Err(e) => return Err(format!("{name}: {e}")),
        };
        if len > MAX_BYTES {
            return Err(format!(
                "{name}: {len} bytes, more than a list of positions tried can be"
            ));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
        Tried::parse(&text).map_err(|e| format!("{name}: {e}"))
    }

    /// Parses the text of a list (see the module docs).
    pub fn parse(text: &str) -> Result<Tried, String> {
        let mut tried = Tried::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let parsed = line
                .rsplit_once(' ')
                .and_then(|(moves, secs)| Some((moves.trim(), secs.parse::<u64>().ok()?)))
                .filter(|(moves, _)| !moves.is_empty() && !moves.contains(char::is_whitespace));
            let Some((moves, secs)) = parsed else {
                return Err(format!(
                    "line {}: expected the moves and a number of seconds (\"1,0,0;0,2,3 240\")",
                    i + 1
                ));
            };
            tried.note(moves, secs);
        }
        Ok(tried)
    }

    /// The most seconds a build gave the position `moves`, if any.
    pub fn seconds(&self, moves: &str) -> Option<u64> {
        self.seconds.get(moves).copied()
    }

    /// Notes that `moves` was not settled in `secs` seconds.
    pub fn note(&mut self, moves: &str, secs: u64) {
        let s = self.seconds.entry(moves.to_string()).or_insert(0);
        *s = (*s).max(secs);
    }

    /// Joins `other` in (the most seconds of the two for each position).
    pub fn merge(&mut self, other: &Tried) {
        for (moves, &secs) in &other.seconds {
            self.note(moves, secs);
        }
    }

    /// Forgets `moves` (once it is in the book); returns whether it was
    /// on the list.
    pub fn remove(&mut self, moves: &str) -> bool {
        self.seconds.remove(moves).is_some()
    }

    /// The positions on the list, by their moves, with their seconds.
    pub fn entries(&self) -> impl Iterator<Item = (&str, u64)> + '_ {
        self.seconds.iter().map(|(m, &s)| (m.as_str(), s))
    }

    pub fn is_empty(&self) -> bool {
        self.seconds.is_empty()
    }

    /// The list's text, one position a line, sorted.
    pub fn to_text(&self) -> String {
        self.seconds
            .iter()
            .map(|(m, s)| format!("{m} {s}\n"))
            .collect()
    }

    /// Writes the list to `path` whole (atomically).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        crate::atomic_file::write(path, self.to_text().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_keeps_the_most_seconds() {
        let mut t = Tried::parse("1,0,0;0,2,3;2,1,0 240\n\n0,0,0 60\n").unwrap();
        t.note("0,0,0", 30);
        assert_eq!(t.seconds("0,0,0"), Some(60));
        let mut other = Tried::default();
        other.note("0,0,0", 600);
        other.note("3,3,3", 10);
        t.merge(&other);
        assert_eq!(t.seconds("0,0,0"), Some(600));
        assert_eq!(t.to_text().lines().count(), 3);
        assert_eq!(Tried::parse(&t.to_text()).unwrap(), t);
        t.remove("3,3,3");
        assert_eq!(t.seconds("3,3,3"), None);
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        for bad in ["0,0,0", "0,0,0 x", "0,0,0 -5", " 240", "0,0,0 1,1,1 240"] {
            let e = Tried::parse(&format!("1,0,0 5\n{bad}\n")).unwrap_err();
            assert!(e.starts_with("line 2:"), "{bad:?}: {e}");
        }
    }

    #[test]
    fn the_file_sits_beside_the_book() {
        assert_eq!(
            path_for(Path::new("a/q.book")),
            PathBuf::from("a/q.book.tried")
        );
    }
}
