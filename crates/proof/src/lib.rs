//! Certificates of solved k-in-a-row positions, and their independent checker.
//!
//! A [`Certificate`] claims the value of a position (`X wins`, `O wins` or
//! `draw`) and backs the claim with one [`Section`] per side that must be
//! proved: for every position the other side can force, the move the proving
//! side plays. [`format`] documents the file format (versioned, binary after
//! a one-line JSON header); [`verify`] replays every reply of the other side
//! and checks that each branch ends as claimed.
//!
//! The checker shares no code with the search that writes the proofs: it
//! uses only the rules core (`hypertac-core`: rules, shapes, the line table,
//! notation) and its own bitsets and symmetry group.
#![deny(missing_docs)]

mod ahead;
mod board;
mod checker;
pub mod derive;
mod entries;
mod fingerprint;
pub mod format;
mod index;
mod keys;
mod lazy_symmetry;
mod matching;
mod pairing;
mod potential;
mod report;
mod section;
mod shrink;
mod strategy;
pub mod symmetry;
mod tables;
mod verify;

pub use derive::{Forced, Oracle};
pub use format::{Certificate, Goal, ProofError, Section, SequenceLimits, Value, MAGIC, VERSION};
pub use index::{check_index, file_hash, write_index, INDEX_MAGIC};
pub use report::{Report, SectionReport, VerifyError};
pub use shrink::keep_used;
pub use strategy::{Strategy, Why};
pub use symmetry::Symmetries;
pub use verify::{verify, verify_threads};
