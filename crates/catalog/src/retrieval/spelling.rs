//! Misspelt words read as the words they were meant to be: "calender" as
//! "calendar", "dropbx" as "dropbox", "uncomitted" as "uncommitted".
//!
//! A word is taken for a misspelling only when it is at least
//! [`MIN_TYPO_CHARS`] letters long, the corpus never uses it, and it is not
//! English: a corpus of tool descriptions lacks most real words ("heater",
//! "lunch", "dentist"), and a speller without a dictionary turns them into
//! wrong ones ("header", "launch"). The dictionary is
//! `data/english-words.txt`, the whole words of the model's WordPiece
//! vocabulary. The intended word is the corpus word one edit away (a
//! letter added, dropped, changed, or two neighbours swapped), with the
//! same first letter; among several, the commonest. A three-letter word
//! is read only as its last two letters swapped ("rnu" as "run", "lgo"
//! as "log"): a letter added, dropped or changed leaves too many words
//! one edit from it.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// The shortest word read as a misspelling: shorter words have too many
/// neighbours one edit away.
pub const MIN_TYPO_CHARS: usize = 4;

static ENGLISH: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("../../data/english-words.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect()
});

/// Whether `word` (lower case) is an English word or one of its plain
/// inflections ("compiles", "created", "making"), or a word whose plain
/// inflection is: the vocabulary holds "discarded" and not "discard",
/// which must not be read as "discord".
pub fn is_english(word: &str) -> bool {
    let known = |w: &str| ENGLISH.contains(w);
    if known(word) {
        return true;
    }
    // Not "s": "pushe" (German for "push") is no English word for
    // "pushes" being one.
    if ["ed", "ing"]
        .iter()
        .any(|end| known(&format!("{word}{end}")))
    {
        return true;
    }
    let bases = [
        word.strip_suffix('s'),
        word.strip_suffix("es"),
        word.strip_suffix('d'),
        word.strip_suffix("ed"),
        word.strip_suffix("ing"),
        word.strip_suffix("ly"),
    ];
    bases.into_iter().flatten().any(known)
        || word
            .strip_suffix("ing")
            .is_some_and(|stem| known(&format!("{stem}e")))
        || word
            .strip_suffix("ies")
            .is_some_and(|stem| known(&format!("{stem}y")))
}

/// The words a misspelling may be read as, by (first letter, length).
#[derive(Debug, Clone, Default)]
pub struct Speller {
    shapes: HashMap<(char, usize), Vec<(String, usize)>>,
    /// The corpus's three-letter words.
    short: HashSet<String>,
}

impl Speller {
    /// A speller over `words`, each with how common it is.
    pub fn new(words: impl IntoIterator<Item = (String, usize)>) -> Speller {
        let mut shapes: HashMap<(char, usize), Vec<(String, usize)>> = HashMap::new();
        let mut short = HashSet::new();
        for (w, n) in words {
            if let Some(key) = shape(&w) {
                shapes.entry(key).or_default().push((w, n));
            } else if w.chars().count() == 3 {
                short.insert(w);
            }
        }
        Speller { shapes, short }
    }

    /// The word `word` (lower case, unknown to the corpus) was meant to
    /// be, if it is a misspelling and one is near.
    pub fn correct(&self, word: &str) -> Option<&str> {
        if is_english(word) {
            return None;
        }
        let mut chars = word.chars();
        if let (Some(first), Some(second), Some(third), None) =
            (chars.next(), chars.next(), chars.next(), chars.next())
        {
            let swapped: String = [first, third, second].iter().collect();
            return self.short.get(&swapped).map(String::as_str);
        }
        self.nearest(word)
    }

    /// The commonest word one edit from `word`, English or not: for a
    /// caller that has already asked [`is_english`] of the word as written
    /// (BM25 looks up stems, which are often no word at all).
    pub fn nearest(&self, word: &str) -> Option<&str> {
        let (first, n) = shape(word)?;
        [n - 1, n, n + 1]
            .iter()
            .filter_map(|len| self.shapes.get(&(first, *len)))
            .flat_map(|list| list.iter())
            .filter(|(cand, _)| one_edit(word, cand))
            // Commonest, then alphabetically first: the same answer
            // whatever order the corpus listed its words in.
            .max_by(|(a, m), (b, n)| m.cmp(n).then(b.cmp(a)))
            .map(|(w, _)| w.as_str())
    }
}

/// (first letter, length in letters) of a word long enough to be read as
/// a misspelling.
fn shape(word: &str) -> Option<(char, usize)> {
    let n = word.chars().count();
    (n >= MIN_TYPO_CHARS)
        .then(|| word.chars().next())
        .flatten()
        .map(|c| (c, n))
}

/// Whether `a` becomes `b` by one edit: a letter added, dropped or
/// changed, or two neighbouring letters swapped. Equal words are not.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let prefix = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    match long.len() - short.len() {
        0 => {
            let rest = prefix + 1;
            if prefix == a.len() {
                return false;
            }
            // Changed at `prefix`, or swapped with the letter after it.
            a[rest..] == b[rest..]
                || (rest < a.len()
                    && a[prefix] == b[rest]
                    && a[rest] == b[prefix]
                    && a[rest + 1..] == b[rest + 1..])
        }
        1 => short[prefix..] == long[prefix + 1..],
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speller() -> Speller {
        Speller::new(
            [
                ("calendar", 5),
                ("cancel", 3),
                ("search", 9),
                ("dropbox", 2),
                ("discord", 2),
                ("header", 4),
                ("launch", 2),
                ("commit", 6),
                ("comment", 3),
                ("change", 4),
                ("chance", 1),
                ("run", 3),
                ("log", 2),
                ("git", 2),
            ]
            .map(|(w, n)| (w.to_owned(), n)),
        )
    }

    #[test]
    fn one_edit_is_one_letter_or_one_swap() {
        assert!(one_edit("serch", "search"));
        assert!(one_edit("search", "serch"));
        assert!(one_edit("calender", "calendar"));
        assert!(one_edit("cancle", "cancel"));
        assert!(one_edit("opne", "open"));
        assert!(one_edit("dropbx", "dropbox"));
        assert!(one_edit("searchh", "search"));
        assert!(!one_edit("search", "search"));
        assert!(!one_edit("serhc", "search"));
        assert!(!one_edit("calndr", "calendar"));
        assert!(!one_edit("acb", "bca"));
        assert!(!one_edit("", "ab"));
    }

    #[test]
    fn misspellings_are_read_as_the_corpus_word() {
        let s = speller();
        assert_eq!(s.correct("calender"), Some("calendar"));
        assert_eq!(s.correct("cancle"), Some("cancel"));
        assert_eq!(s.correct("serch"), Some("search"));
        assert_eq!(s.correct("dropbx"), Some("dropbox"));
        assert_eq!(s.correct("comit"), Some("commit"));
        assert_eq!(s.correct("rnu"), Some("run"));
        assert_eq!(s.correct("lgo"), Some("log"));
        assert_eq!(s.correct("gti"), Some("git"));
    }

    #[test]
    fn english_short_and_far_words_are_left_alone() {
        let s = speller();
        // Real words the corpus lacks.
        assert_eq!(s.correct("lunch"), None);
        assert_eq!(s.correct("heads"), None);
        assert_eq!(s.correct("dentist"), None);
        // Inflections of real words, and words known by an inflection.
        assert_eq!(s.correct("compiles"), None);
        assert_eq!(s.correct("making"), None);
        assert!(is_english("discard"));
        assert!(!is_english("pushe"));
        assert_eq!(s.correct("discard"), None);
        // Too short, a different first letter, or two edits away.
        assert_eq!(s.correct("srch"), None);
        assert_eq!(s.correct("xalendar"), None);
        assert_eq!(s.correct("calnder"), None);
        assert_eq!(s.correct(""), None);
        // Three letters: only the last two swapped, and only into a word
        // of the corpus.
        assert_eq!(s.correct("rn"), None);
        assert_eq!(s.correct("rnn"), None);
        assert_eq!(s.correct("igt"), None);
        assert_eq!(s.correct("xyz"), None);
        // "cup" is English, not "cpu" misspelt.
        let cpu = Speller::new([("cpu".to_owned(), 3)]);
        assert_eq!(cpu.correct("cup"), None);
    }

    #[test]
    fn the_commonest_near_word_wins() {
        // "chanse" is one edit from "change" (4) and "chance" (1).
        assert_eq!(speller().correct("chanse"), Some("change"));
    }

    #[test]
    fn the_dictionary_loads() {
        assert!(is_english("calendar"));
        assert!(is_english("heads"));
        assert!(!is_english("calender"));
        assert!(!is_english("# english words"));
    }
}
