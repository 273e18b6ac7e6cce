//! Small glob patterns for tool names and argument values: `*` (any run of
//! characters, `/` included), `?` (one character), `[abc]`, `[a-z]`,
//! `[!x]` / `[^x]`, and `\` to escape. Matching is linear in practice and
//! never worse than pattern × text.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Lit(char),
    Any,
    Star,
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
}

/// A compiled glob.
#[derive(Clone, PartialEq, Eq)]
pub struct Glob {
    source: String,
    tokens: Vec<Token>,
}

impl fmt::Debug for Glob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Glob({:?})", self.source)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlobError {
    #[error("unterminated `[` in glob `{0}`")]
    UnterminatedClass(String),
    #[error("glob `{0}…` is longer than {MAX_GLOB_LEN} characters")]
    TooLong(String),
}

/// Longest pattern accepted.
pub const MAX_GLOB_LEN: usize = 1024;

impl Glob {
    pub fn new(pattern: &str) -> Result<Glob, GlobError> {
        if pattern.chars().count() > MAX_GLOB_LEN {
            return Err(GlobError::TooLong(pattern.chars().take(32).collect()));
        }
        let chars: Vec<char> = pattern.chars().collect();
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                '*' => {
                    if tokens.last() != Some(&Token::Star) {
                        tokens.push(Token::Star);
                    }
                }
                '?' => tokens.push(Token::Any),
                '\\' if i + 1 < chars.len() => {
                    i += 1;
                    tokens.push(Token::Lit(chars[i]));
                }
                '[' => {
                    let (token, next) = parse_class(&chars, i)
                        .ok_or_else(|| GlobError::UnterminatedClass(pattern.to_owned()))?;
                    tokens.push(token);
                    i = next;
                    continue;
                }
                c => tokens.push(Token::Lit(c)),
            }
            i += 1;
        }
        Ok(Glob {
            source: pattern.to_owned(),
            tokens,
        })
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the whole of `text` matches.
    pub fn is_match(&self, text: &str) -> bool {
        let t: Vec<char> = text.chars().collect();
        let p = &self.tokens;
        let (mut pi, mut ti) = (0usize, 0usize);
        let mut backtrack: Option<(usize, usize)> = None;
        while ti < t.len() {
            if pi < p.len() {
                match &p[pi] {
                    Token::Star => {
                        backtrack = Some((pi, ti));
                        pi += 1;
                        continue;
                    }
                    tok if matches_one(tok, t[ti]) => {
                        pi += 1;
                        ti += 1;
                        continue;
                    }
                    _ => {}
                }
            }
            match backtrack {
                Some((sp, st)) => {
                    pi = sp + 1;
                    ti = st + 1;
                    backtrack = Some((sp, st + 1));
                }
                None => return false,
            }
        }
        p[pi..].iter().all(|t| *t == Token::Star)
    }
}

fn matches_one(tok: &Token, c: char) -> bool {
    match tok {
        Token::Lit(l) => *l == c,
        Token::Any => true,
        Token::Class { negated, ranges } => {
            ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negated
        }
        Token::Star => false,
    }
}

/// Parses `[...]` starting at `open`; returns the token and the index after `]`.
fn parse_class(chars: &[char], open: usize) -> Option<(Token, usize)> {
    let mut i = open + 1;
    let negated = matches!(chars.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    while i < chars.len() {
        let c = chars[i];
        if c == ']' && !first {
            return Some((Token::Class { negated, ranges }, i + 1));
        }
        first = false;
        let lo = if c == '\\' && i + 1 < chars.len() {
            i += 1;
            chars[i]
        } else {
            c
        };
        if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|&h| h != ']') {
            let hi = chars[i + 2];
            ranges.push((lo.min(hi), lo.max(hi)));
            i += 3;
        } else {
            ranges.push((lo, lo));
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, t: &str) -> bool {
        Glob::new(p).unwrap().is_match(t)
    }

    #[test]
    fn stars_and_questions() {
        assert!(m("connector_*", "connector_github_create_issue"));
        assert!(m("*_delete_*", "connector_jira_delete_issue"));
        assert!(!m("*_delete_*", "connector_jira_deleted"));
        assert!(m("git_???h", "git_push"));
        assert!(m("*", ""));
        assert!(!m("a*", ""));
        assert!(m("prod/**", "prod/a/b"));
        assert!(m("a*b*c", "aXXbYYbZZc"));
    }

    #[test]
    fn classes_and_escapes() {
        assert!(m("v[0-9]", "v7"));
        assert!(!m("v[!0-9]", "v7"));
        assert!(m("v[^0-9]", "vx"));
        assert!(m(r"a\*", "a*"));
        assert!(!m(r"a\*", "ab"));
        assert!(m("[]]", "]"));
    }

    #[test]
    fn errors() {
        assert!(matches!(
            Glob::new("[abc"),
            Err(GlobError::UnterminatedClass(_))
        ));
        assert!(matches!(
            Glob::new(&"a".repeat(2000)),
            Err(GlobError::TooLong(_))
        ));
    }

    #[test]
    fn pathological_patterns_stay_fast() {
        let p = "*a".repeat(30);
        let t = "a".repeat(5000) + "b";
        assert!(!m(&p, &t));
    }
}
