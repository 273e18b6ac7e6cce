//! The BERT uncased tokenizer (`BertNormalizer` + `BertPreTokenizer` +
//! WordPiece), as all-MiniLM-L6-v2's `tokenizer.json` configures it:
//! clean text, split CJK ideographs, lowercase, strip accents, split on
//! whitespace and punctuation, then greedy longest-match word pieces with
//! `##` continuations; a word longer than 100 characters or with no
//! matching pieces becomes `[UNK]`.

use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use crate::EmbedError;

const MAX_CHARS_PER_WORD: usize = 100;

/// A loaded vocabulary and the ids of its special tokens.
#[derive(Debug, Clone)]
pub struct WordPiece {
    vocab: HashMap<String, u32>,
    pub cls: u32,
    pub sep: u32,
    unk: u32,
}

impl WordPiece {
    /// Reads `vocab.txt`: one token per line, the line number is the id.
    pub fn from_vocab(text: &str) -> Result<WordPiece, EmbedError> {
        let vocab: HashMap<String, u32> = text
            .lines()
            .enumerate()
            .map(|(i, t)| (t.to_owned(), i as u32))
            .collect();
        let special = |name: &str| {
            vocab
                .get(name)
                .copied()
                .ok_or_else(|| EmbedError::Model(format!("vocab.txt has no {name} token")))
        };
        Ok(WordPiece {
            cls: special("[CLS]")?,
            sep: special("[SEP]")?,
            unk: special("[UNK]")?,
            vocab,
        })
    }

    pub fn vocab_size(&self) -> usize {
        self.vocab.len()
    }

    /// `[CLS] pieces… [SEP]`, with at most `max_len` ids in all.
    pub fn encode(&self, text: &str, max_len: usize) -> Vec<u32> {
        let mut ids = vec![self.cls];
        let budget = max_len.saturating_sub(1);
        'words: for word in pre_tokenize(text) {
            for id in self.word_pieces(&word) {
                if ids.len() >= budget {
                    break 'words;
                }
                ids.push(id);
            }
        }
        ids.push(self.sep);
        ids
    }

    fn word_pieces(&self, word: &str) -> Vec<u32> {
        let chars: Vec<char> = word.chars().collect();
        if chars.len() > MAX_CHARS_PER_WORD {
            return vec![self.unk];
        }
        let mut out = Vec::new();
        let mut start = 0;
        let mut piece = String::with_capacity(word.len() + 2);
        while start < chars.len() {
            let mut end = chars.len();
            let mut found = None;
            while start < end {
                piece.clear();
                if start > 0 {
                    piece.push_str("##");
                }
                piece.extend(&chars[start..end]);
                if let Some(&id) = self.vocab.get(piece.as_str()) {
                    found = Some(id);
                    break;
                }
                end -= 1;
            }
            match found {
                Some(id) => out.push(id),
                None => return vec![self.unk],
            }
            start = end;
        }
        out
    }
}

/// Normalised words and punctuation marks, in order.
pub fn pre_tokenize(text: &str) -> Vec<String> {
    let mut cleaned = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\0' || c == '\u{fffd}' || is_control(c) {
            continue;
        }
        if is_cjk(c) {
            cleaned.push(' ');
            cleaned.push(c);
            cleaned.push(' ');
        } else if c.is_whitespace() {
            cleaned.push(' ');
        } else {
            cleaned.push(c);
        }
    }
    let lowered: String = cleaned
        .to_lowercase()
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .collect();
    let mut words = Vec::new();
    let mut cur = String::new();
    for c in lowered.chars() {
        if c.is_whitespace() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
        } else if is_punctuation(c) {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            words.push(c.to_string());
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

fn is_control(c: char) -> bool {
    if matches!(c, '\t' | '\n' | '\r') {
        return false;
    }
    matches!(c.general_category_group(), GeneralCategoryGroup::Other) && !c.is_whitespace()
}

fn is_punctuation(c: char) -> bool {
    let u = c as u32;
    (33..=47).contains(&u)
        || (58..=64).contains(&u)
        || (91..=96).contains(&u)
        || (123..=126).contains(&u)
        || c.general_category_group() == GeneralCategoryGroup::Punctuation
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0x20000..=0x2A6DF | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F | 0x2B820..=0x2CEAF | 0xF900..=0xFAFF | 0x2F800..=0x2FA1F)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab() -> WordPiece {
        let v = "[PAD]\n[UNK]\n[CLS]\n[SEP]\nsearch\n##ing\nthe\nweb\n!\ncafe\nun\n##want\n##ed\n,\nrun\n##ning";
        WordPiece::from_vocab(v).unwrap()
    }

    #[test]
    fn words_split_on_punctuation_lowercased_without_accents() {
        assert_eq!(
            pre_tokenize("Café, UNWANTED!\trunning\u{0}"),
            ["cafe", ",", "unwanted", "!", "running"]
        );
        assert_eq!(pre_tokenize("数据库"), ["数", "据", "库"]);
        assert_eq!(pre_tokenize("a\u{2014}b"), ["a", "\u{2014}", "b"]);
    }

    #[test]
    fn greedy_longest_match_with_continuations() {
        let v = vocab();
        assert_eq!(v.encode("unwanted running", 64), [2, 10, 11, 12, 14, 15, 3]);
        // No piece for "xyz": the whole word is [UNK].
        assert_eq!(v.encode("searchxyz web", 64), [2, 1, 7, 3]);
        assert_eq!(v.encode(&"a".repeat(101), 64), [2, 1, 3]);
    }

    #[test]
    fn truncation_keeps_cls_and_sep() {
        let v = vocab();
        let ids = v.encode(&"web ".repeat(1000), 8);
        assert_eq!(ids.len(), 8);
        assert_eq!((ids[0], ids[7]), (2, 3));
        assert_eq!(v.encode("", 8), [2, 3]);
    }

    #[test]
    fn a_vocab_without_special_tokens_is_refused() {
        assert!(WordPiece::from_vocab("a\nb").is_err());
    }
}
