//! What the analysis asks of a word: its literal value, how it reads, which
//! scripts it runs, and its brace expansion.

use super::ast::{Script, Word, WordPart};

/// Most words one brace expansion may produce before it is cut short.
const MAX_BRACE_WORDS: usize = 256;

impl Word {
    /// A plain word made of literal text.
    pub fn literal_word(text: &str) -> Word {
        Word {
            parts: vec![WordPart::Lit {
                text: text.to_owned(),
                quoted: false,
            }],
        }
    }

    /// The word's value when it holds no expansion at all (tilde included).
    pub fn literal(&self) -> Option<String> {
        let mut out = String::new();
        for p in &self.parts {
            match p {
                WordPart::Lit { text, .. } => out.push_str(text),
                _ => return None,
            }
        }
        Some(out)
    }

    /// How the word reads, with expansions written as in the source
    /// (`$HOME`, `~`, `$(…)`): the form path checks and messages use.
    pub fn display_of(w: &Word) -> String {
        let shown = w.render(|p| {
            Some(match p {
                WordPart::Param { name } => format!("${name}"),
                WordPart::CommandSub(_) => "$(…)".to_owned(),
                WordPart::ProcessSub { output: false, .. } => "<(…)".to_owned(),
                WordPart::ProcessSub { output: true, .. } => ">(…)".to_owned(),
                _ => "$((…))".to_owned(),
            })
        });
        shown.unwrap_or_default()
    }

    /// The word's text: literals and tildes as written, every other part
    /// as `expansion` renders it (`None` gives up on the whole word).
    pub fn render(&self, mut expansion: impl FnMut(&WordPart) -> Option<String>) -> Option<String> {
        let mut out = String::new();
        for p in &self.parts {
            match p {
                WordPart::Lit { text, .. } => out.push_str(text),
                WordPart::Tilde(user) => {
                    out.push('~');
                    out.push_str(user);
                }
                other => out.push_str(&expansion(other)?),
            }
        }
        Some(out)
    }

    /// Whether part of the value is only known at run time (a tilde is not:
    /// it always names a home directory).
    pub fn is_dynamic(&self) -> bool {
        self.parts
            .iter()
            .any(|p| !matches!(p, WordPart::Lit { .. } | WordPart::Tilde(_)))
    }

    /// Whether an unquoted `*`, `?` or `[` makes the word a glob pattern.
    pub fn has_unquoted_glob(&self) -> bool {
        self.parts.iter().any(|p| {
            matches!(p, WordPart::Lit { text, quoted: false }
                if text.contains(['*', '?'])
                    || text.find('[').is_some_and(|i| text[i + 1..].contains(']')))
        })
    }

    /// Whether the word is, or contains, a process substitution.
    pub fn has_process_sub(&self) -> bool {
        self.parts
            .iter()
            .any(|p| matches!(p, WordPart::ProcessSub { .. }))
    }

    /// Scripts that run when the word is expanded, with whether each one's
    /// standard input is fed by the command (`>(…)`).
    pub fn substitutions(&self) -> impl Iterator<Item = (&Script, bool)> {
        self.parts.iter().filter_map(|p| match p {
            WordPart::CommandSub(s) => Some((s, false)),
            WordPart::ProcessSub { script, output } => Some((script, *output)),
            _ => None,
        })
    }

    /// Bash brace expansion (`{a,b}`, `{1..3}`), applied to unquoted braces
    /// only. `{rm,-rf,/}` becomes three words, as bash runs it.
    ///
    /// Returns `None` when the word has no unquoted `{` (the common case,
    /// so no copy is made).
    pub fn brace_expand(&self) -> Option<Vec<Word>> {
        let has_brace = self
            .parts
            .iter()
            .any(|p| matches!(p, WordPart::Lit { text, quoted: false } if text.contains('{')));
        if !has_brace {
            return None;
        }
        let units = to_units(self);
        let mut out = Vec::new();
        expand_units(&units, &mut out, 0);
        if out.is_empty() {
            return None;
        }
        Some(out.into_iter().map(|u| from_units(&u)).collect())
    }
}

/// One character of a word (with its quoting) or one non-literal part.
#[derive(Clone)]
enum Unit {
    Char(char, bool),
    Part(WordPart),
}

fn to_units(w: &Word) -> Vec<Unit> {
    let mut units = Vec::new();
    for p in &w.parts {
        match p {
            WordPart::Lit { text, quoted } => {
                units.extend(text.chars().map(|c| Unit::Char(c, *quoted)));
            }
            other => units.push(Unit::Part(other.clone())),
        }
    }
    units
}

fn from_units(units: &[Unit]) -> Word {
    let mut parts: Vec<WordPart> = Vec::new();
    for u in units {
        match u {
            Unit::Char(c, q) => {
                if let Some(WordPart::Lit { text, quoted }) = parts.last_mut()
                    && quoted == q
                {
                    text.push(*c);
                    continue;
                }
                parts.push(WordPart::Lit {
                    text: c.to_string(),
                    quoted: *q,
                });
            }
            Unit::Part(p) => parts.push(p.clone()),
        }
    }
    Word { parts }
}

fn is_open(u: &Unit) -> bool {
    matches!(u, Unit::Char('{', false))
}

/// Finds the first unquoted `{…}` that expands: returns (open, close, the
/// positions of its top-level commas).
fn find_brace(units: &[Unit]) -> Option<(usize, usize, Vec<usize>)> {
    let mut start = 0;
    while let Some(off) = units[start..].iter().position(is_open) {
        let open = start + off;
        let mut depth = 0usize;
        let mut commas = Vec::new();
        for (i, u) in units.iter().enumerate().skip(open + 1) {
            match u {
                Unit::Char('{', false) => depth += 1,
                Unit::Char('}', false) if depth == 0 => {
                    let seq = is_sequence(&units[open + 1..i]);
                    if !commas.is_empty() || seq {
                        return Some((open, i, commas));
                    }
                    break;
                }
                Unit::Char('}', false) => depth -= 1,
                Unit::Char(',', false) if depth == 0 => commas.push(i),
                _ => {}
            }
        }
        start = open + 1;
    }
    None
}

fn plain_text(units: &[Unit]) -> Option<String> {
    units
        .iter()
        .map(|u| match u {
            Unit::Char(c, _) => Some(*c),
            Unit::Part(_) => None,
        })
        .collect()
}

fn is_sequence(inner: &[Unit]) -> bool {
    sequence_items(inner).is_some()
}

/// `{a..e}`, `{1..10}`, `{1..10..2}`: the items, if small enough to list.
fn sequence_items(inner: &[Unit]) -> Option<Vec<String>> {
    let text = plain_text(inner)?;
    let mut it = text.split("..");
    let (a, b) = (it.next()?, it.next()?);
    let step: i64 = match it.next() {
        Some(s) => s.parse().ok()?,
        None => 1,
    };
    if it.next().is_some() || step == 0 {
        return None;
    }
    let step = step.unsigned_abs() as usize;
    if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
        let n = (x - y).unsigned_abs() as usize / step + 1;
        if n > MAX_BRACE_WORDS {
            return None;
        }
        let items = (0..n).map(|k| {
            let k = (k * step) as i64;
            if x <= y { x + k } else { x - k }
        });
        return Some(items.map(|v| v.to_string()).collect());
    }
    let (mut ca, mut cb) = (a.chars(), b.chars());
    let (x, y) = (ca.next()?, cb.next()?);
    if ca.next().is_some() || cb.next().is_some() || !x.is_ascii() || !y.is_ascii() {
        return None;
    }
    let (x, y) = (x as u8, y as u8);
    let range: Vec<u8> = if x <= y {
        (x..=y).step_by(step).collect()
    } else {
        (y..=x).rev().step_by(step).collect()
    };
    Some(range.into_iter().map(|c| (c as char).to_string()).collect())
}

fn expand_units(units: &[Unit], out: &mut Vec<Vec<Unit>>, depth: usize) {
    if out.len() >= MAX_BRACE_WORDS {
        return;
    }
    let Some((open, close, commas)) = (if depth < 16 { find_brace(units) } else { None }) else {
        out.push(units.to_vec());
        return;
    };
    let prefix = &units[..open];
    let suffix = &units[close + 1..];
    let alternatives: Vec<Vec<Unit>> = if commas.is_empty() {
        sequence_items(&units[open + 1..close])
            .unwrap_or_default()
            .into_iter()
            .map(|s| s.chars().map(|c| Unit::Char(c, true)).collect())
            .collect()
    } else {
        let mut bounds = vec![open];
        bounds.extend(&commas);
        bounds.push(close);
        bounds
            .windows(2)
            .map(|w| units[w[0] + 1..w[1]].to_vec())
            .collect()
    };
    for alt in alternatives {
        let mut next = prefix.to_vec();
        next.extend(alt);
        next.extend_from_slice(suffix);
        expand_units(&next, out, depth + 1);
        if out.len() >= MAX_BRACE_WORDS {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::ast::Command;
    use crate::shell::parser::parse;

    fn words(src: &str) -> Vec<Word> {
        let parsed = parse(src).unwrap();
        match &parsed.script.lists[0].pipelines[0].commands[0] {
            Command::Simple(s) => s.words.clone(),
            other => panic!("not simple: {other:?}"),
        }
    }

    fn expanded(src: &str) -> Vec<String> {
        words(src)
            .iter()
            .flat_map(|w| w.brace_expand().unwrap_or_else(|| vec![w.clone()]))
            .map(|w| Word::display_of(&w))
            .collect()
    }

    #[test]
    fn comma_braces_expand_into_words() {
        assert_eq!(expanded("{rm,-rf,/}"), ["rm", "-rf", "/"]);
        assert_eq!(expanded("a{b,c}d"), ["abd", "acd"]);
        assert_eq!(expanded("/{usr,etc}/x"), ["/usr/x", "/etc/x"]);
    }

    #[test]
    fn quoted_braces_and_lone_braces_stay() {
        assert_eq!(expanded("'{a,b}'"), ["{a,b}"]);
        assert_eq!(expanded("{a}"), ["{a}"]);
        assert_eq!(expanded("x{}"), ["x{}"]);
    }

    #[test]
    fn sequences_expand_and_are_capped() {
        assert_eq!(expanded("f{1..3}"), ["f1", "f2", "f3"]);
        assert_eq!(expanded("{c..a}"), ["c", "b", "a"]);
        assert_eq!(expanded("{1..100000}").len(), 1);
        assert!(expanded("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}").len() <= MAX_BRACE_WORDS);
    }

    #[test]
    fn display_keeps_expansions_visible() {
        let w = &words("rm -rf \"${HOME}\"/ ~root $(pwd)")[2..];
        let shown: Vec<String> = w.iter().map(Word::display_of).collect();
        assert_eq!(shown, ["$HOME/", "~root", "$(…)"]);
        assert!(w[0].is_dynamic());
        assert!(!w[1].is_dynamic());
    }
}
