//! Files written whole or not at all: the bytes go to a temporary file of
//! this process beside the target (`NAME.tmp.PID`: processes running at
//! once may write the same file, such as the frontier's copy that shards
//! keep), synced, then renamed over the target. A reader never sees half a
//! file, and a crash leaves the old one.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes the file through `write`, atomically (see the module docs).
///
/// # Errors
/// File system errors (the temporary file is removed).
pub fn write_with(
    path: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp.{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let result = (|| {
        let mut w = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Writes `bytes` to `path` atomically.
///
/// # Errors
/// File system errors, as a message naming the file.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_with(path, |w| w.write_all(bytes))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
