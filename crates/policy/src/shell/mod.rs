//! Shell command analysis: what a `bash` tool call would do, judged from a
//! parse of the command line, never from patterns over its raw text.
//!
//! The seed (`capabilities-connectors-trust-tiers.md` §7.1, §7.4) describes
//! SAFE / DESTRUCTIVE / CRITICAL regex lists. Regexes over raw text are
//! defeated by quoting, wrappers, nesting and flag spelling, so this module
//! implements the principles those lists stand for (see
//! `shared/eval/README.md`); where the two differ, the principles win:
//!
//! - a line is read-only only when every command in it is;
//! - a command the tables do not know is unknown, and unknown means ask;
//! - code the gate cannot read (a pipe into a shell, `eval`, a command word
//!   from a variable or substitution, an unparsable line) is critical;
//! - critical effects are recognised through any wrapper or spelling.

mod analyze;
pub mod ast;
mod git;
pub mod parser;
pub mod paths;
mod programs;
mod word;

pub use analyze::analyze;
pub use git::{PROTECTED_BRANCHES, is_protected_branch};
pub use parser::{MAX_COMMAND_BYTES, ParseError, parse};

use serde::Serialize;

/// What running a command line would do, from least to most severe. The
/// line's effect is the most severe effect of any command in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Only reads and prints: runs without a click at every level.
    ReadOnly,
    /// Changes files or the system in a way the gate recognises.
    Mutating,
    /// A program or form the gate does not know: asks at normal.
    Unknown,
    /// The effect of a tool trusted autonomy still gates (push, commit,
    /// merge, opening a pull request): asks at normal and trusted.
    Gated,
    /// On the critical list: asks a human at every level, yolo included.
    Critical,
}

/// The analysis of one command line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShellVerdict {
    pub effect: Effect,
    /// Why, most severe first; short enough for an approval prompt.
    pub reasons: Vec<String>,
}
