//! The prover's checkpoint file: the position, the answers so far and the
//! transposition table's entries (every entry since 2026-11-26, so a
//! resumed search goes on exactly where it stopped; before, the solved
//! positions only, which are still read).
//!
//! ```text
//! magic (16 bytes), id length (u32 LE), id (the rules and root moves), answers (2 bytes),
//! entries: key u64, phi u32, delta u32, work class u16 (all LE; 18 bytes)
//!   version 1: key u64, solved-by-the-mover u8, work class u32 (13 bytes)
//! ```

use super::table::{Table, INF};
use std::io::{self, Read, Write};

/// Checkpoints of the solved positions only (13 bytes an entry), still read.
const MAGIC_1: &[u8; 16] = b"hypertac-dfpn-1\n";
/// Checkpoints of every entry of the table (18 bytes an entry: key, phi,
/// delta, work class), so a resumed search goes on where it stopped.
pub(crate) const MAGIC: &[u8; 16] = b"hypertac-dfpn-2\n";
/// Bytes of an entry in a version-2 checkpoint.
const ENTRY: usize = 18;

/// Where [`Prover::autosave`] writes a checkpoint: called with a function
/// that writes the checkpoint's bytes to the writer it is given (a file
/// written atomically, say); returns a message when the save failed.
pub type CheckpointSink =
    Box<dyn FnMut(&mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> Result<(), String> + Send>;

/// Appends the name of a position as checkpoints and walk saves
/// (`walkfile.rs`) write it after their magic: its length (u32 LE), then
/// its bytes.
pub(crate) fn push_name(out: &mut Vec<u8>, id: &str) {
    out.extend_from_slice(&(id.len() as u32).to_le_bytes());
    out.extend_from_slice(id.as_bytes());
}

/// Why a name read back is not the position's.
pub(crate) enum NameError {
    /// The file ends first.
    Short,
    /// Another position: the message, naming the file as `what`.
    Other(String),
}

/// Reads a name [`push_name`] wrote and checks that it is `id`.
pub(crate) fn check_name(r: &mut dyn Read, id: &str, what: &str) -> Result<(), NameError> {
    let mut len = [0u8; 4];
    r.read_exact(&mut len).map_err(|_| NameError::Short)?;
    if u32::from_le_bytes(len) as usize != id.len() {
        return Err(NameError::Other(format!(
            "the {what} is of another game or position"
        )));
    }
    let mut stored = vec![0u8; id.len()];
    r.read_exact(&mut stored).map_err(|_| NameError::Short)?;
    if stored != id.as_bytes() {
        return Err(NameError::Other(format!(
            "the {what} is of another game or position: {}",
            String::from_utf8_lossy(&stored)
        )));
    }
    Ok(())
}

/// The version of a checkpoint with this magic, if it is one.
pub(crate) fn version(magic: &[u8; 16]) -> Option<u32> {
    match magic {
        m if m == MAGIC_1 => Some(1),
        m if m == MAGIC => Some(2),
        _ => None,
    }
}

/// Writes every entry of the table in the checkpoint's form (see
/// [`ENTRY`]).
pub(crate) fn write_entries(table: &Table, w: &mut dyn Write) -> io::Result<()> {
    let mut buf = Vec::with_capacity(ENTRY << 16);
    for (key, phi, delta, work) in table.live() {
        buf.extend_from_slice(&key.to_le_bytes());
        buf.extend_from_slice(&phi.to_le_bytes());
        buf.extend_from_slice(&delta.to_le_bytes());
        buf.extend_from_slice(&(work.min(u32::from(u16::MAX)) as u16).to_le_bytes());
        if buf.len() >= ENTRY << 16 {
            w.write_all(&buf)?;
            buf.clear();
        }
    }
    w.write_all(&buf)?;
    w.flush()
}

/// Restores the entries that follow a checkpoint's header into `table`;
/// returns how many.
pub(crate) fn read_entries(r: &mut dyn Read, version: u32, table: &Table) -> Result<u64, String> {
    let size = if version == 1 { 13 } else { ENTRY };
    let mut n = 0;
    let mut chunk = vec![0u8; size << 16];
    loop {
        let got = read_full(r, &mut chunk).map_err(|e| e.to_string())?;
        if got % size != 0 {
            return Err("truncated entry".into());
        }
        for rec in chunk[..got].chunks_exact(size) {
            let key = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
            let word = |i: usize| u32::from_le_bytes(rec[i..i + 4].try_into().expect("4 bytes"));
            let (phi, delta, work) = if version == 1 {
                match rec[8] {
                    1 => (0, INF, word(9)),
                    0 => (INF, 0, word(9)),
                    _ => return Err("bad entry".into()),
                }
            } else {
                let work = u32::from(u16::from_le_bytes([rec[16], rec[17]]));
                (word(8), word(12), work)
            };
            if phi > INF || delta > INF || (phi | delta) == 0 {
                return Err("bad entry".into());
            }
            table.restore(key, phi, delta, work);
            n += 1;
        }
        if got < chunk.len() {
            return Ok(n);
        }
    }
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(r: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}
