//! `hypertac index FILE`: writes the index of a proof certificate beside
//! it (`FILE.idx`; docs/proof-format.md, "The index"), so that the bot and
//! the hint find a position's entries without a pass over all of them.
//! `--check` reads an existing index and says whether it is the
//! certificate's. Exit 0 on success, 1 when `--check` finds the index
//! stale or damaged, 2 when a file cannot be read or written.

use std::path::{Path, PathBuf};

/// Arguments of `hypertac index`.
#[derive(clap::Args, Debug)]
pub struct IndexArgs {
    /// The proof file (versions 2 to 4).
    pub file: PathBuf,
    /// Check the existing index instead of writing it.
    #[arg(long)]
    pub check: bool,
}

/// The index's path: the certificate's with `.idx` added.
pub fn index_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".idx");
    PathBuf::from(name)
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: &IndexArgs) -> i32 {
    let path = index_path(&args.file);
    let cert = match std::fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return 2;
        }
    };
    if args.check {
        let index = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return 2;
            }
        };
        return match hypertac_proof::check_index(&cert, &index) {
            Ok(()) => print(&format!(
                "{}: the index of {}\n",
                path.display(),
                args.file.display()
            )),
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                1
            }
        };
    }
    let index = match hypertac_proof::write_index(&cert) {
        Ok(index) => index,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return 2;
        }
    };
    if let Err(e) = crate::atomic_file::write_with(&path, |w| std::io::Write::write_all(w, &index))
    {
        eprintln!("error: cannot write {}: {e}", path.display());
        return 2;
    }
    print(&format!(
        "wrote {} ({} bytes)\n",
        path.display(),
        index.len()
    ))
}

fn print(text: &str) -> i32 {
    match crate::output::write_stdout(text) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            2
        }
    }
}
