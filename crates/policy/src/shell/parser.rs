//! A recursive-descent parser for the POSIX shell / bash command language.
//!
//! It reads what an agent's `bash` tool may send: words and every kind of
//! quoting (`'…'`, `"…"`, `$'…'`, backslashes), parameter expansions,
//! command, process and arithmetic substitution, backticks, pipelines and
//! lists, subshells and groups, `if` / loops / `case` / `[[ ]]` / `(( ))`,
//! function definitions, redirections and here-documents. It is bounded in
//! input size, nesting depth and node count, so hostile input costs little
//! and never overflows the stack.

use super::ast::*;

/// Longest command line analysed; longer ones are refused (and so confirmed).
pub const MAX_COMMAND_BYTES: usize = 64 * 1024;
/// Deepest nesting of scripts (subshells, substitutions, bodies).
pub const MAX_DEPTH: usize = 32;
/// Most syntax nodes (words, parts, commands) in one command line.
pub const MAX_NODES: usize = 50_000;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("command is {0} bytes, over the {MAX_COMMAND_BYTES}-byte limit")]
    TooLong(usize),
    #[error("command nests deeper than {MAX_DEPTH} levels")]
    TooDeep,
    #[error("command has more than {MAX_NODES} syntax nodes")]
    TooComplex,
    #[error("unterminated {what} starting at byte {at}")]
    Unterminated { what: &'static str, at: usize },
    #[error("unexpected `{found}` at byte {at}")]
    Unexpected { found: String, at: usize },
    #[error("expected {what} at byte {at}")]
    Expected { what: &'static str, at: usize },
}

/// Parses a whole command line.
pub fn parse(src: &str) -> Result<Parsed, ParseError> {
    if src.len() > MAX_COMMAND_BYTES {
        return Err(ParseError::TooLong(src.len()));
    }
    let mut budget = Budget::default();
    let mut heredocs = Vec::new();
    let script = Parser::new(src.as_bytes(), 0, &mut budget, &mut heredocs).parse_all()?;
    Ok(Parsed { script, heredocs })
}

#[derive(Default)]
struct Budget {
    nodes: usize,
}

/// What ends a script being parsed, besides the end of input.
#[derive(Clone, Copy, Default)]
struct Stop {
    words: &'static [&'static str],
    close_paren: bool,
    case_item: bool,
}

impl Stop {
    const fn words(words: &'static [&'static str]) -> Stop {
        Stop {
            words,
            close_paren: false,
            case_item: false,
        }
    }
    const PAREN: Stop = Stop {
        words: &[],
        close_paren: true,
        case_item: false,
    };
}

struct PendingHeredoc {
    delimiter: String,
    strip_tabs: bool,
    expand: bool,
}

struct Parser<'a, 'b> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
    budget: &'b mut Budget,
    heredocs: &'b mut Vec<Word>,
    pending: Vec<PendingHeredoc>,
}

fn is_meta(c: u8) -> bool {
    matches!(
        c,
        b' ' | b'\t' | b'\n' | b'\r' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')'
    )
}

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Length in bytes of the UTF-8 sequence starting with `first`.
fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// Collects word parts, merging adjacent literals of the same quoting.
#[derive(Default)]
struct PartsBuilder {
    parts: Vec<WordPart>,
}

impl PartsBuilder {
    fn lit(&mut self, text: &str, quoted: bool) {
        if let Some(WordPart::Lit {
            text: prev,
            quoted: q,
        }) = self.parts.last_mut()
            && *q == quoted
        {
            prev.push_str(text);
            return;
        }
        self.parts.push(WordPart::Lit {
            text: text.to_owned(),
            quoted,
        });
    }
    /// Like [`Self::lit`], moving an owned string in when it starts a part.
    fn lit_owned(&mut self, text: String, quoted: bool) {
        if let Some(WordPart::Lit {
            text: prev,
            quoted: q,
        }) = self.parts.last_mut()
            && *q == quoted
        {
            prev.push_str(&text);
            return;
        }
        self.parts.push(WordPart::Lit { text, quoted });
    }

    fn push(&mut self, part: WordPart) {
        self.parts.push(part);
    }
    fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }
}

impl<'a, 'b> Parser<'a, 'b> {
    fn new(s: &'a [u8], depth: usize, budget: &'b mut Budget, heredocs: &'b mut Vec<Word>) -> Self {
        Parser {
            s,
            pos: 0,
            depth,
            budget,
            heredocs,
            pending: Vec::new(),
        }
    }

    fn parse_all(&mut self) -> Result<Script, ParseError> {
        let script = self.parse_script(Stop::default())?;
        self.skip_linebreaks()?;
        if let Some(c) = self.peek() {
            return Err(self.unexpected(c));
        }
        Ok(script)
    }

    // ---- low-level reading -------------------------------------------------

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.s.get(self.pos + k).copied()
    }

    fn starts_with(&self, pat: &str) -> bool {
        self.s[self.pos.min(self.s.len())..].starts_with(pat.as_bytes())
    }

    fn unexpected(&self, c: u8) -> ParseError {
        ParseError::Unexpected {
            found: (c as char).to_string(),
            at: self.pos,
        }
    }

    fn bump_nodes(&mut self) -> Result<(), ParseError> {
        self.budget.nodes += 1;
        if self.budget.nodes > MAX_NODES {
            return Err(ParseError::TooComplex);
        }
        Ok(())
    }

    fn text(&self, from: usize, to: usize) -> String {
        let bytes = &self.s[from..to];
        match std::str::from_utf8(bytes) {
            Ok(s) => s.to_owned(),
            Err(_) => String::from_utf8_lossy(bytes).into_owned(),
        }
    }

    /// Copies one (possibly multi-byte) character into `out`.
    fn take_char(&mut self) -> String {
        let len = utf8_len(self.s[self.pos]).min(self.s.len() - self.pos);
        let t = self.text(self.pos, self.pos + len);
        self.pos += len;
        t
    }

    /// Skips spaces, tabs, line continuations and a comment, not newlines.
    fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                Some(b'#') => {
                    while let Some(c) = self.peek() {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Consumes one newline, then any here-document bodies it opens.
    fn newline(&mut self) -> Result<bool, ParseError> {
        if self.peek() != Some(b'\n') {
            return Ok(false);
        }
        self.pos += 1;
        self.read_pending_heredocs()?;
        Ok(true)
    }

    fn skip_linebreaks(&mut self) -> Result<(), ParseError> {
        loop {
            self.skip_blanks();
            if !self.newline()? {
                return Ok(());
            }
        }
    }

    /// The next word if it is plain unquoted text (for reserved words).
    fn upcoming_plain_word(&self) -> Option<&'a str> {
        let s: &'a [u8] = self.s;
        let start = self.pos;
        let mut end = start;
        while end < s.len() && !is_meta(s[end]) {
            if matches!(s[end], b'\'' | b'"' | b'\\' | b'$' | b'`') {
                return None;
            }
            end += 1;
        }
        if end == start {
            return None;
        }
        std::str::from_utf8(&s[start..end]).ok()
    }

    fn at_reserved(&self, word: &str) -> bool {
        self.upcoming_plain_word() == Some(word)
    }

    fn expect_reserved(&mut self, word: &'static str) -> Result<(), ParseError> {
        self.skip_linebreaks()?;
        if self.at_reserved(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(ParseError::Expected {
                what: word,
                at: self.pos,
            })
        }
    }

    fn at_stop(&self, stop: Stop) -> bool {
        match self.peek() {
            Some(b')') if stop.close_paren => return true,
            Some(b';') if stop.case_item && matches!(self.peek_at(1), Some(b';' | b'&')) => {
                return true;
            }
            _ => {}
        }
        match self.upcoming_plain_word() {
            Some(w) => stop.words.contains(&w),
            None => false,
        }
    }

    // ---- scripts, lists, pipelines -----------------------------------------

    fn parse_script(&mut self, stop: Stop) -> Result<Script, ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::TooDeep);
        }
        let mut script = Script::default();
        loop {
            self.skip_linebreaks()?;
            if self.peek().is_none() || self.at_stop(stop) {
                break;
            }
            let pipelines = self.parse_and_or()?;
            self.skip_blanks();
            let mut background = false;
            match self.peek() {
                Some(b';') if matches!(self.peek_at(1), Some(b';' | b'&')) => {
                    script.lists.push(AndOrList {
                        pipelines,
                        background,
                    });
                    break;
                }
                Some(b';') => self.pos += 1,
                Some(b'&') => {
                    self.pos += 1;
                    background = true;
                }
                Some(b'\n') | None => {}
                Some(c) => {
                    if !self.at_stop(stop) {
                        return Err(self.unexpected(c));
                    }
                }
            }
            script.lists.push(AndOrList {
                pipelines,
                background,
            });
        }
        self.depth -= 1;
        Ok(script)
    }

    fn parse_and_or(&mut self) -> Result<Vec<Pipeline>, ParseError> {
        let mut pipelines = vec![self.parse_pipeline()?];
        loop {
            self.skip_blanks();
            if self.starts_with("&&") || self.starts_with("||") {
                self.pos += 2;
                self.skip_linebreaks()?;
                pipelines.push(self.parse_pipeline()?);
            } else {
                return Ok(pipelines);
            }
        }
    }

    fn parse_pipeline(&mut self) -> Result<Pipeline, ParseError> {
        self.skip_blanks();
        let mut negated = false;
        while self.at_reserved("!") {
            self.pos += 1;
            negated = !negated;
            self.skip_blanks();
        }
        let mut commands = vec![self.parse_command()?];
        loop {
            self.skip_blanks();
            if self.peek() == Some(b'|') && self.peek_at(1) != Some(b'|') {
                self.pos += 1;
                if self.peek() == Some(b'&') {
                    self.pos += 1;
                }
                self.skip_linebreaks()?;
                commands.push(self.parse_command()?);
            } else {
                return Ok(Pipeline { negated, commands });
            }
        }
    }

    // ---- commands ----------------------------------------------------------

    fn parse_command(&mut self) -> Result<Command, ParseError> {
        self.skip_blanks();
        self.bump_nodes()?;
        match self.peek() {
            None => Err(ParseError::Expected {
                what: "a command",
                at: self.pos,
            }),
            Some(b'(') if self.peek_at(1) == Some(b'(') => {
                self.pos += 2;
                let inner_start = self.pos;
                let word = self.parse_arith_body(b')')?;
                // POSIX sh (dash) runs `((cmd))` as two nested subshells:
                // keep that reading too, for the analysis to weigh.
                let inner = self.s[inner_start..self.pos - 2].to_vec();
                let body = self.sub_parse(&inner).unwrap_or_default();
                self.compound(CompoundKind::Arith, body, vec![word])
            }
            Some(b'(') => {
                self.pos += 1;
                let body = self.parse_script(Stop::PAREN)?;
                self.expect_byte(b')', "`)` closing the subshell")?;
                self.compound(CompoundKind::Subshell, body, Vec::new())
            }
            Some(c @ (b')' | b';' | b'|')) => Err(self.unexpected(c)),
            Some(b'&') if self.peek_at(1) != Some(b'>') => Err(self.unexpected(b'&')),
            Some(_) => match self.upcoming_plain_word() {
                Some("{") => {
                    self.pos += 1;
                    let body = self.parse_script(Stop::words(&["}"]))?;
                    self.expect_reserved("}")?;
                    self.compound(CompoundKind::Group, body, Vec::new())
                }
                Some("if") => self.parse_if(),
                Some(w @ ("while" | "until")) => {
                    self.pos += w.len();
                    let mut body = self.parse_script(Stop::words(&["do"]))?;
                    self.expect_reserved("do")?;
                    body.extend(self.parse_script(Stop::words(&["done"]))?);
                    self.expect_reserved("done")?;
                    self.compound(CompoundKind::Loop, body, Vec::new())
                }
                Some(w @ ("for" | "select")) => {
                    self.pos += w.len();
                    self.parse_for()
                }
                Some("case") => self.parse_case(),
                Some("function") => {
                    self.pos += "function".len();
                    self.parse_function_keyword()
                }
                Some("[[") => self.parse_test(),
                Some(
                    w @ ("then" | "elif" | "else" | "fi" | "do" | "done" | "esac" | "}" | "in"),
                ) => Err(ParseError::Unexpected {
                    found: w.to_owned(),
                    at: self.pos,
                }),
                _ => self.parse_simple(),
            },
        }
    }

    /// A function body: one level deeper, so `a() b() c() …` stays bounded.
    fn parse_nested_command(&mut self) -> Result<Command, ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::TooDeep);
        }
        let cmd = self.parse_command();
        self.depth -= 1;
        cmd
    }

    fn compound(
        &mut self,
        kind: CompoundKind,
        body: Script,
        words: Vec<Word>,
    ) -> Result<Command, ParseError> {
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            match self.redirect_start() {
                Some(fd) => redirects.push(self.parse_redirect(fd)?),
                None => break,
            }
        }
        Ok(Command::Compound {
            kind,
            body,
            words,
            redirects,
        })
    }

    fn expect_byte(&mut self, b: u8, what: &'static str) -> Result<(), ParseError> {
        self.skip_linebreaks()?;
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(ParseError::Expected { what, at: self.pos })
        }
    }

    fn parse_if(&mut self) -> Result<Command, ParseError> {
        self.pos += "if".len();
        let mut body = self.parse_script(Stop::words(&["then"]))?;
        self.expect_reserved("then")?;
        loop {
            body.extend(self.parse_script(Stop::words(&["elif", "else", "fi"]))?);
            self.skip_linebreaks()?;
            if self.at_reserved("elif") {
                self.pos += "elif".len();
                body.extend(self.parse_script(Stop::words(&["then"]))?);
                self.expect_reserved("then")?;
            } else if self.at_reserved("else") {
                self.pos += "else".len();
                body.extend(self.parse_script(Stop::words(&["fi"]))?);
                self.expect_reserved("fi")?;
                break;
            } else {
                self.expect_reserved("fi")?;
                break;
            }
        }
        self.compound(CompoundKind::If, body, Vec::new())
    }

    fn parse_for(&mut self) -> Result<Command, ParseError> {
        self.skip_blanks();
        let mut words = Vec::new();
        if self.starts_with("((") {
            self.pos += 2;
            words.push(self.parse_arith_body(b')')?);
        } else {
            let name = self.read_word()?;
            if name.parts.is_empty() {
                return Err(ParseError::Expected {
                    what: "a loop variable",
                    at: self.pos,
                });
            }
            self.skip_linebreaks()?;
            if self.at_reserved("in") {
                self.pos += 2;
                loop {
                    self.skip_blanks();
                    match self.peek() {
                        None | Some(b';' | b'\n') => break,
                        Some(c) if is_meta(c) => return Err(self.unexpected(c)),
                        Some(_) => words.push(self.read_word()?),
                    }
                }
            }
        }
        self.skip_blanks();
        if self.peek() == Some(b';') {
            self.pos += 1;
        }
        self.skip_linebreaks()?;
        let body = if self.at_reserved("{") {
            self.pos += 1;
            let body = self.parse_script(Stop::words(&["}"]))?;
            self.expect_reserved("}")?;
            body
        } else {
            self.expect_reserved("do")?;
            let body = self.parse_script(Stop::words(&["done"]))?;
            self.expect_reserved("done")?;
            body
        };
        self.compound(CompoundKind::For, body, words)
    }

    fn parse_case(&mut self) -> Result<Command, ParseError> {
        self.pos += "case".len();
        self.skip_blanks();
        let mut words = vec![self.read_word()?];
        self.expect_reserved("in")?;
        let mut body = Script::default();
        loop {
            self.skip_linebreaks()?;
            if self.at_reserved("esac") {
                self.pos += "esac".len();
                break;
            }
            if self.peek().is_none() {
                return Err(ParseError::Unterminated {
                    what: "case",
                    at: self.pos,
                });
            }
            if self.peek() == Some(b'(') {
                self.pos += 1;
            }
            loop {
                self.skip_blanks();
                match self.peek() {
                    Some(b'|') => self.pos += 1,
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    Some(c) if is_meta(c) => return Err(self.unexpected(c)),
                    None => {
                        return Err(ParseError::Unterminated {
                            what: "case pattern",
                            at: self.pos,
                        });
                    }
                    Some(_) => words.push(self.read_word()?),
                }
            }
            body.extend(self.parse_script(Stop {
                words: &["esac"],
                close_paren: false,
                case_item: true,
            })?);
            self.skip_linebreaks()?;
            if self.starts_with(";;&") {
                self.pos += 3;
            } else if self.starts_with(";;") || self.starts_with(";&") {
                self.pos += 2;
            } else if !self.at_reserved("esac") {
                return Err(ParseError::Expected {
                    what: "`;;` or `esac`",
                    at: self.pos,
                });
            }
        }
        self.compound(CompoundKind::Case, body, words)
    }

    fn parse_function_keyword(&mut self) -> Result<Command, ParseError> {
        self.skip_blanks();
        let name = self.read_word()?;
        let name = literal_text(&name).ok_or(ParseError::Expected {
            what: "a function name",
            at: self.pos,
        })?;
        self.skip_blanks();
        if self.peek() == Some(b'(') {
            self.pos += 1;
            self.expect_byte(b')', "`)` after the function name")?;
        }
        self.skip_linebreaks()?;
        let body = self.parse_nested_command()?;
        Ok(Command::FunctionDef {
            name,
            body: Box::new(body),
        })
    }

    fn parse_test(&mut self) -> Result<Command, ParseError> {
        self.pos += 2;
        let mut words = Vec::new();
        loop {
            self.skip_linebreaks()?;
            if self.at_reserved("]]") {
                self.pos += 2;
                break;
            }
            match self.peek() {
                None => {
                    return Err(ParseError::Unterminated {
                        what: "`[[`",
                        at: self.pos,
                    });
                }
                // Inside `[[ ]]` these are operators of the test, not of the shell.
                Some(c @ (b'<' | b'>' | b'(' | b')' | b'!' | b'&' | b'|' | b';')) => {
                    if c == b';' {
                        return Err(self.unexpected(c));
                    }
                    let start = self.pos;
                    self.pos += 1;
                    if matches!((c, self.peek()), (b'&', Some(b'&')) | (b'|', Some(b'|'))) {
                        self.pos += 1;
                    }
                    let text = self.text(start, self.pos);
                    words.push(Word {
                        parts: vec![WordPart::Lit {
                            text,
                            quoted: false,
                        }],
                    });
                }
                Some(_) => words.push(self.read_word()?),
            }
            self.bump_nodes()?;
        }
        self.compound(CompoundKind::Test, Script::default(), words)
    }

    /// If a redirection starts here, returns its explicit fd (if any).
    fn redirect_start(&self) -> Option<Option<u32>> {
        let mut i = self.pos;
        while i < self.s.len() && self.s[i].is_ascii_digit() {
            i += 1;
        }
        let c = *self.s.get(i)?;
        let next = self.s.get(i + 1).copied();
        let is_redirect = match c {
            b'<' | b'>' => next != Some(b'('),
            b'&' => i == self.pos && next == Some(b'>'),
            _ => false,
        };
        if !is_redirect {
            return None;
        }
        if i == self.pos {
            Some(None)
        } else {
            std::str::from_utf8(&self.s[self.pos..i])
                .ok()
                .and_then(|d| d.parse().ok())
                .map(Some)
        }
    }

    fn parse_simple(&mut self) -> Result<Command, ParseError> {
        let mut cmd = SimpleCommand::default();
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some(b'\n' | b';' | b'|' | b')') => break,
                Some(b'&') if self.peek_at(1) != Some(b'>') => break,
                Some(b'(') => {
                    let is_fn_name = cmd.words.len() == 1
                        && cmd.assignments.is_empty()
                        && cmd.redirects.is_empty();
                    if !is_fn_name {
                        return Err(self.unexpected(b'('));
                    }
                    self.pos += 1;
                    self.expect_byte(b')', "`)` after the function name")?;
                    self.skip_linebreaks()?;
                    let name = cmd
                        .words
                        .pop()
                        .map(|w| Word::display_of(&w))
                        .unwrap_or_default();
                    let body = self.parse_nested_command()?;
                    return Ok(Command::FunctionDef {
                        name,
                        body: Box::new(body),
                    });
                }
                Some(_) => {
                    if let Some(fd) = self.redirect_start() {
                        let r = self.parse_redirect(fd)?;
                        cmd.redirects.push(r);
                        continue;
                    }
                    let word = self.read_word()?;
                    if cmd.words.is_empty()
                        && let Some(a) = split_assignment(&word)
                    {
                        cmd.assignments.push(a);
                        continue;
                    }
                    cmd.words.push(word);
                }
            }
        }
        if cmd.words.is_empty() && cmd.assignments.is_empty() && cmd.redirects.is_empty() {
            return Err(ParseError::Expected {
                what: "a command",
                at: self.pos,
            });
        }
        Ok(Command::Simple(cmd))
    }

    fn parse_redirect(&mut self, fd: Option<u32>) -> Result<Redirect, ParseError> {
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        const OPS: [(&str, RedirOp); 12] = [
            ("&>>", RedirOp::AppendBoth),
            ("&>", RedirOp::WriteBoth),
            ("<<<", RedirOp::HereString),
            ("<<-", RedirOp::HereDoc),
            ("<<", RedirOp::HereDoc),
            ("<>", RedirOp::ReadWrite),
            ("<&", RedirOp::DupIn),
            ("<", RedirOp::Read),
            (">>", RedirOp::Append),
            (">|", RedirOp::Clobber),
            (">&", RedirOp::DupOut),
            (">", RedirOp::Write),
        ];
        let (text, op) = OPS
            .iter()
            .find(|(t, _)| self.starts_with(t))
            .copied()
            .ok_or(ParseError::Expected {
                what: "a redirection",
                at: self.pos,
            })?;
        self.pos += text.len();
        self.skip_blanks();
        let target = self.read_word()?;
        if target.parts.is_empty() {
            return Err(ParseError::Expected {
                what: "a redirection target",
                at: self.pos,
            });
        }
        if op == RedirOp::HereDoc {
            let quoted = target.parts.iter().any(|p| match p {
                WordPart::Lit { quoted, .. } => *quoted,
                _ => false,
            });
            self.pending.push(PendingHeredoc {
                delimiter: Word::display_of(&target),
                strip_tabs: text == "<<-",
                expand: !quoted,
            });
        }
        Ok(Redirect { fd, op, target })
    }

    fn read_pending_heredocs(&mut self) -> Result<(), ParseError> {
        for doc in std::mem::take(&mut self.pending) {
            let body_start = self.pos;
            let mut body_end = self.s.len();
            let mut resume = self.s.len();
            let mut line_start = self.pos;
            while line_start < self.s.len() {
                let line_end = self.s[line_start..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(self.s.len(), |i| line_start + i);
                let mut line = &self.s[line_start..line_end];
                if doc.strip_tabs {
                    while let [b'\t', rest @ ..] = line {
                        line = rest;
                    }
                }
                if line == doc.delimiter.as_bytes() {
                    body_end = line_start;
                    resume = (line_end + 1).min(self.s.len());
                    break;
                }
                line_start = line_end + 1;
            }
            let body = if doc.expand {
                self.pos = body_start;
                let parts = self.parse_dq_content(None, body_end)?;
                Word { parts }
            } else {
                Word {
                    parts: vec![WordPart::Lit {
                        text: self.text(body_start, body_end),
                        quoted: true,
                    }],
                }
            };
            self.heredocs.push(body);
            self.pos = resume;
        }
        Ok(())
    }

    // ---- words -------------------------------------------------------------

    /// Reads one word; returns an empty word when a metacharacter is next.
    fn read_word(&mut self) -> Result<Word, ParseError> {
        let start = self.pos;
        let mut b = PartsBuilder::default();
        self.bump_nodes()?;
        while let Some(c) = self.peek() {
            match c {
                b'<' | b'>' if self.pos == start && self.peek_at(1) == Some(b'(') => {
                    self.pos += 2;
                    let script = self.parse_script(Stop::PAREN)?;
                    self.expect_byte(b')', "`)` closing the process substitution")?;
                    b.push(WordPart::ProcessSub {
                        script,
                        output: c == b'>',
                    });
                }
                b'(' if is_array_assignment_prefix(&b) => {
                    self.pos += 1;
                    self.read_array_literal(&mut b)?;
                }
                c if is_meta(c) => break,
                b'\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some(b'\n') => self.pos += 1,
                        Some(_) => {
                            let ch = self.take_char();
                            b.lit(&ch, true);
                        }
                        None => b.lit("\\", false),
                    }
                }
                b'\'' => {
                    let open = self.pos;
                    self.pos += 1;
                    let end = self.s[self.pos..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|i| self.pos + i)
                        .ok_or(ParseError::Unterminated {
                            what: "single quote",
                            at: open,
                        })?;
                    let text = self.text(self.pos, end);
                    b.lit_owned(text, true);
                    self.pos = end + 1;
                }
                b'"' => {
                    let open = self.pos;
                    self.pos += 1;
                    let parts = self.parse_dq_content(Some(b'"'), self.s.len())?;
                    if self.peek() != Some(b'"') {
                        return Err(ParseError::Unterminated {
                            what: "double quote",
                            at: open,
                        });
                    }
                    self.pos += 1;
                    if parts.is_empty() {
                        b.lit("", true);
                    }
                    for p in parts {
                        match p {
                            WordPart::Lit { text, quoted } => b.lit_owned(text, quoted),
                            other => b.push(other),
                        }
                    }
                }
                b'`' => {
                    let script = self.parse_backtick()?;
                    b.push(WordPart::CommandSub(script));
                }
                b'$' => self.parse_dollar(&mut b, false)?,
                b'~' if self.pos == start => {
                    self.pos += 1;
                    let user_start = self.pos;
                    while self.peek().is_some_and(|c| {
                        c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')
                    }) {
                        self.pos += 1;
                    }
                    let ends_prefix = match self.peek() {
                        None | Some(b'/') => true,
                        Some(c) => is_meta(c),
                    };
                    let user = self.text(user_start, self.pos);
                    if ends_prefix {
                        b.push(WordPart::Tilde(user));
                    } else {
                        b.lit("~", false);
                        b.lit(&user, false);
                    }
                }
                _ => {
                    let run = self.pos;
                    self.pos += 1;
                    while self.peek().is_some_and(|c| {
                        !is_meta(c) && !matches!(c, b'\\' | b'\'' | b'"' | b'`' | b'$' | b'(')
                    }) {
                        self.pos += 1;
                    }
                    // Never split a UTF-8 sequence: the run ends on an ASCII byte.
                    let text = self.text(run, self.pos);
                    b.lit_owned(text, false);
                }
            }
        }
        Ok(Word { parts: b.parts })
    }

    /// `NAME=(a b c)`: the elements are words whose expansions run.
    fn read_array_literal(&mut self, b: &mut PartsBuilder) -> Result<(), ParseError> {
        b.lit("(", false);
        loop {
            self.skip_linebreaks()?;
            match self.peek() {
                Some(b')') => {
                    self.pos += 1;
                    b.lit(")", false);
                    return Ok(());
                }
                None => {
                    return Err(ParseError::Unterminated {
                        what: "array assignment",
                        at: self.pos,
                    });
                }
                Some(c) if is_meta(c) => return Err(self.unexpected(c)),
                Some(_) => {
                    let w = self.read_word()?;
                    for p in w.parts {
                        match p {
                            WordPart::Lit { text, quoted } => b.lit_owned(text, quoted),
                            other => b.push(other),
                        }
                    }
                    b.lit(" ", true);
                }
            }
        }
    }

    /// Content of `"…"` (up to `close`) or of an expanding here-document (up
    /// to `limit`): only `$`, backticks and some backslashes are special.
    fn parse_dq_content(
        &mut self,
        close: Option<u8>,
        limit: usize,
    ) -> Result<Vec<WordPart>, ParseError> {
        let mut b = PartsBuilder::default();
        let start = self.pos;
        while self.pos < limit {
            let Some(c) = self.peek() else { break };
            if Some(c) == close {
                break;
            }
            match c {
                b'\\' => {
                    match self.peek_at(1) {
                        Some(b'\n') => self.pos += 2,
                        Some(n @ (b'$' | b'`' | b'"' | b'\\')) => {
                            // In a here-document `\"` keeps its backslash.
                            if n == b'"' && close.is_none() {
                                b.lit("\\\"", true);
                            } else {
                                b.lit(&(n as char).to_string(), true);
                            }
                            self.pos += 2;
                        }
                        _ => {
                            b.lit("\\", true);
                            self.pos += 1;
                        }
                    }
                }
                b'$' => self.parse_dollar(&mut b, true)?,
                b'`' => {
                    let script = self.parse_backtick()?;
                    b.push(WordPart::CommandSub(script));
                }
                _ => {
                    let run = self.pos;
                    self.pos += 1;
                    while self.pos < limit
                        && self
                            .peek()
                            .is_some_and(|c| Some(c) != close && !matches!(c, b'\\' | b'$' | b'`'))
                    {
                        self.pos += 1;
                    }
                    let text = self.text(run, self.pos);
                    b.lit_owned(text, true);
                }
            }
        }
        if close.is_some() && self.peek() != close {
            return Err(ParseError::Unterminated {
                what: "double quote",
                at: start,
            });
        }
        Ok(b.parts)
    }

    fn parse_backtick(&mut self) -> Result<Script, ParseError> {
        self.bump_nodes()?;
        let open = self.pos;
        self.pos += 1;
        let mut inner = Vec::new();
        loop {
            match self.peek() {
                None => {
                    return Err(ParseError::Unterminated {
                        what: "backquote",
                        at: open,
                    });
                }
                Some(b'`') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') if matches!(self.peek_at(1), Some(b'`' | b'\\' | b'$')) => {
                    inner.push(self.s[self.pos + 1]);
                    self.pos += 2;
                }
                Some(c) => {
                    inner.push(c);
                    self.pos += 1;
                }
            }
        }
        self.sub_parse(&inner)
    }

    /// Parses text that is itself a script (a backquote body), one level deeper.
    fn sub_parse(&mut self, text: &[u8]) -> Result<Script, ParseError> {
        let mut sub = Parser::new(text, self.depth + 1, self.budget, self.heredocs);
        if sub.depth > MAX_DEPTH {
            return Err(ParseError::TooDeep);
        }
        sub.parse_all()
    }

    /// Finds substitutions inside text that is expanded like a double-quoted
    /// string (`${X:-$(cmd)}`, `$(( $(cmd) + 1 ))`).
    fn sub_parse_expansion(&mut self, text: &[u8]) -> Result<Vec<WordPart>, ParseError> {
        if !text.iter().any(|&c| c == b'$' || c == b'`') {
            return Ok(Vec::new());
        }
        let mut sub = Parser::new(text, self.depth + 1, self.budget, self.heredocs);
        if sub.depth > MAX_DEPTH {
            return Err(ParseError::TooDeep);
        }
        let parts = sub.parse_dq_content(None, text.len())?;
        Ok(parts
            .into_iter()
            .filter(|p| !matches!(p, WordPart::Lit { .. }))
            .collect())
    }

    /// Reads to the `))` (or `]`) closing an arithmetic expression; its value
    /// is unknown, but substitutions inside it still run.
    fn parse_arith_body(&mut self, close: u8) -> Result<Word, ParseError> {
        let start = self.pos;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => {
                    return Err(ParseError::Unterminated {
                        what: "arithmetic expression",
                        at: start,
                    });
                }
                Some(b'(') => depth += 1,
                Some(b')') if close == b')' => {
                    if depth == 0 {
                        if self.peek_at(1) == Some(b')') {
                            break;
                        }
                        return Err(self.unexpected(b')'));
                    }
                    depth -= 1;
                }
                Some(b']') if close == b']' && depth == 0 => break,
                _ => {}
            }
            self.pos += 1;
        }
        let end = self.pos;
        self.pos += if close == b')' { 2 } else { 1 };
        let inner = self.s[start..end].to_vec();
        let mut parts = vec![WordPart::Arith];
        parts.extend(self.sub_parse_expansion(&inner)?);
        Ok(Word { parts })
    }

    fn parse_dollar(&mut self, b: &mut PartsBuilder, in_dq: bool) -> Result<(), ParseError> {
        self.bump_nodes()?;
        match self.peek_at(1) {
            Some(b'(') if self.peek_at(2) == Some(b'(') => {
                self.pos += 3;
                let w = self.parse_arith_body(b')')?;
                for p in w.parts {
                    b.push(p);
                }
            }
            Some(b'(') => {
                self.pos += 2;
                let script = self.parse_script(Stop::PAREN)?;
                self.expect_byte(b')', "`)` closing the command substitution")?;
                b.push(WordPart::CommandSub(script));
            }
            Some(b'[') => {
                self.pos += 2;
                let w = self.parse_arith_body(b']')?;
                for p in w.parts {
                    b.push(p);
                }
            }
            Some(b'{') => {
                let open = self.pos;
                self.pos += 2;
                let inner_start = self.pos;
                let mut depth = 0usize;
                loop {
                    match self.peek() {
                        None => {
                            return Err(ParseError::Unterminated {
                                what: "`${`",
                                at: open,
                            });
                        }
                        Some(b'\\') => self.pos += 1,
                        Some(b'{') => depth += 1,
                        Some(b'}') if depth == 0 => break,
                        Some(b'}') => depth -= 1,
                        Some(b'\'') if !in_dq => {
                            self.pos += 1;
                            while self.peek().is_some_and(|c| c != b'\'') {
                                self.pos += 1;
                            }
                        }
                        _ => {}
                    }
                    self.pos += 1;
                }
                let inner = self.s[inner_start..self.pos.min(self.s.len())].to_vec();
                self.pos += 1;
                let name: String = inner
                    .iter()
                    .skip_while(|&&c| c == b'!' || c == b'#')
                    .take_while(|&&c| {
                        is_name_char(c) || matches!(c, b'@' | b'*' | b'?' | b'$' | b'-')
                    })
                    .map(|&c| c as char)
                    .collect();
                b.push(WordPart::Param { name });
                for p in self.sub_parse_expansion(&inner)? {
                    b.push(p);
                }
            }
            Some(b'\'') if !in_dq => {
                self.pos += 2;
                let text = self.read_ansi_c()?;
                b.lit_owned(text, true);
            }
            Some(b'"') if !in_dq => {
                // `$"…"` is a translated string: the `"` is handled next.
                self.pos += 1;
            }
            Some(c) if is_name_start(c) => {
                let start = self.pos + 1;
                self.pos += 1;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                let name = self.text(start, self.pos);
                b.push(WordPart::Param { name });
            }
            Some(c)
                if c.is_ascii_digit()
                    || matches!(c, b'@' | b'*' | b'#' | b'?' | b'$' | b'!' | b'-') =>
            {
                self.pos += 2;
                b.push(WordPart::Param {
                    name: (c as char).to_string(),
                });
            }
            _ => {
                self.pos += 1;
                b.lit("$", in_dq);
            }
        }
        Ok(())
    }

    /// Decodes a `$'…'` string (after the opening quote).
    fn read_ansi_c(&mut self) -> Result<String, ParseError> {
        let open = self.pos;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(ParseError::Unterminated {
                    what: "$'…' string",
                    at: open,
                });
            };
            self.pos += 1;
            match c {
                b'\'' => break,
                b'\\' => {
                    let Some(e) = self.peek() else { continue };
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'a' => out.push(7),
                        b'b' => out.push(8),
                        b'e' | b'E' => out.push(27),
                        b'f' => out.push(12),
                        b'v' => out.push(11),
                        b'x' => {
                            let v = self.read_radix(16, 2);
                            out.push(v.unwrap_or(b'x' as u32) as u8);
                        }
                        b'u' | b'U' => {
                            let max = if e == b'u' { 4 } else { 8 };
                            match self.read_radix(16, max).and_then(char::from_u32) {
                                Some(ch) => {
                                    let mut buf = [0u8; 4];
                                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                                }
                                None => out.push(e),
                            }
                        }
                        b'0'..=b'7' => {
                            self.pos -= 1;
                            let v = self.read_radix(8, 3).unwrap_or(0);
                            out.push((v & 0xFF) as u8);
                        }
                        b'c' => {
                            if let Some(k) = self.peek() {
                                self.pos += 1;
                                out.push(k & 0x1F);
                            }
                        }
                        other => out.push(other),
                    }
                }
                other => out.push(other),
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    fn read_radix(&mut self, radix: u32, max: usize) -> Option<u32> {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < max {
            match self.peek().and_then(|c| (c as char).to_digit(radix)) {
                Some(d) => {
                    v = v.saturating_mul(radix).saturating_add(d);
                    self.pos += 1;
                    n += 1;
                }
                None => break,
            }
        }
        (n > 0).then_some(v)
    }
}

/// `NAME=` or `NAME+=` as the only part so far (an array value follows).
fn is_array_assignment_prefix(b: &PartsBuilder) -> bool {
    if b.is_empty() || b.parts.len() != 1 {
        return false;
    }
    match &b.parts[0] {
        WordPart::Lit {
            text,
            quoted: false,
        } => {
            let t = text
                .strip_suffix('=')
                .map(|t| t.strip_suffix('+').unwrap_or(t));
            t.is_some_and(is_name)
        }
        _ => false,
    }
}

fn is_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(is_name_start) && bytes.all(is_name_char)
}

fn literal_text(w: &Word) -> Option<String> {
    let mut out = String::new();
    for p in &w.parts {
        match p {
            WordPart::Lit { text, .. } => out.push_str(text),
            _ => return None,
        }
    }
    Some(out)
}

/// Splits `NAME=value` (unquoted `NAME`) into an assignment.
fn split_assignment(w: &Word) -> Option<Assignment> {
    let Some(WordPart::Lit {
        text,
        quoted: false,
    }) = w.parts.first()
    else {
        return None;
    };
    let eq = text.find('=')?;
    let name = text[..eq].strip_suffix('+').unwrap_or(&text[..eq]);
    if !is_name(name) {
        return None;
    }
    let mut value = Word::default();
    let rest = &text[eq + 1..];
    if !rest.is_empty() {
        value.parts.push(WordPart::Lit {
            text: rest.to_owned(),
            quoted: false,
        });
    }
    value.parts.extend(w.parts[1..].iter().cloned());
    Some(Assignment {
        name: name.to_owned(),
        value,
    })
}
