//! The syntax tree of a shell command line, as far as the gate needs it.
//!
//! It keeps what decides an effect (command words, quoting, expansions,
//! redirections, substitutions, nesting) and drops what does not (the exact
//! operators between pipelines, arithmetic contents).

/// A list of and-or lists: the whole command line, a `$(…)` body, a group.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Script {
    pub lists: Vec<AndOrList>,
}

impl Script {
    /// Appends another script's lists (used to flatten `if`/`while` parts).
    pub(crate) fn extend(&mut self, other: Script) {
        self.lists.extend(other.lists);
    }
}

/// Pipelines joined by `&&` / `||`, optionally run in the background.
#[derive(Debug, Clone, PartialEq)]
pub struct AndOrList {
    pub pipelines: Vec<Pipeline>,
    pub background: bool,
}

/// Commands joined by `|` (or `|&`); each stage after the first reads the
/// previous one's output.
#[derive(Debug, Clone, PartialEq)]
pub struct Pipeline {
    pub negated: bool,
    pub commands: Vec<Command>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Simple(SimpleCommand),
    /// `( … )`, `{ …; }`, `if`, loops, `case`, `[[ … ]]`, `(( … ))`. Every
    /// command inside `body` may run; `words` are the loop lists, case
    /// subjects and test operands whose expansions run too.
    Compound {
        kind: CompoundKind,
        body: Script,
        words: Vec<Word>,
        redirects: Vec<Redirect>,
    },
    FunctionDef {
        name: String,
        body: Box<Command>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompoundKind {
    Subshell,
    Group,
    If,
    Loop,
    For,
    Case,
    Test,
    Arith,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SimpleCommand {
    pub assignments: Vec<Assignment>,
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
}

/// `NAME=value` before the command word (or alone).
#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    pub name: String,
    pub value: Word,
}

/// One shell word: the pieces it is built from, with quoting kept so the
/// analysis knows what is literal and what is expanded at run time.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Word {
    pub parts: Vec<WordPart>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum WordPart {
    /// Literal text after quote removal; `quoted` says whether it came from
    /// inside quotes or after a backslash (then `*`, `{` are not syntax).
    Lit { text: String, quoted: bool },
    /// `~` or `~user` at the start of a word.
    Tilde(String),
    /// `$NAME`, `${NAME…}`, `$1`, `$@`: a value known only at run time.
    Param { name: String },
    /// `$(…)` or `` `…` ``: runs `script` and splices its output.
    CommandSub(Script),
    /// `<(…)` (`output == false`) or `>(…)` (`output == true`).
    ProcessSub { script: Script, output: bool },
    /// `$((…))` or `$[…]`: a number known only at run time.
    Arith,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    pub fd: Option<u32>,
    pub op: RedirOp,
    /// The file, the fd to duplicate, the here-string, or for a here-document
    /// its delimiter (the body is kept in [`Parsed::heredocs`]).
    pub target: Word,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirOp {
    /// `<`
    Read,
    /// `>`
    Write,
    /// `>>`
    Append,
    /// `>|`
    Clobber,
    /// `<>`
    ReadWrite,
    /// `<&`
    DupIn,
    /// `>&`
    DupOut,
    /// `&>`
    WriteBoth,
    /// `&>>`
    AppendBoth,
    /// `<<` and `<<-`
    HereDoc,
    /// `<<<`
    HereString,
}

impl RedirOp {
    /// Whether the operator may create or change a file.
    pub fn writes(self) -> bool {
        matches!(
            self,
            RedirOp::Write
                | RedirOp::Append
                | RedirOp::Clobber
                | RedirOp::ReadWrite
                | RedirOp::DupOut
                | RedirOp::WriteBoth
                | RedirOp::AppendBoth
        )
    }

    /// Whether the operator feeds the command's standard input.
    pub fn feeds_stdin(self) -> bool {
        matches!(
            self,
            RedirOp::Read
                | RedirOp::ReadWrite
                | RedirOp::DupIn
                | RedirOp::HereDoc
                | RedirOp::HereString
        )
    }
}

/// A parsed command line: the script and the bodies of its here-documents
/// (whose `$(…)` run when the delimiter is unquoted).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub script: Script,
    pub heredocs: Vec<Word>,
}
