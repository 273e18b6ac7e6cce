//! Tokens for lexical ranking: lower-cased runs of letters and digits, and
//! the same without common English function words.

/// Splits `text` into lower-cased alphanumeric tokens.
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

/// Common English function words: they match everywhere and rank nothing.
pub const ENGLISH_STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "few",
    "for",
    "from",
    "further",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "me",
    "more",
    "most",
    "my",
    "myself",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "on",
    "once",
    "only",
    "or",
    "other",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "same",
    "she",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "up",
    "very",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
];

/// [`tokens`] without [`ENGLISH_STOP_WORDS`].
pub fn content_tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    tokens(text).filter(|t| !ENGLISH_STOP_WORDS.contains(&t.as_str()))
}

#[cfg(test)]
mod tests {
    use super::{content_tokens, tokens};

    #[test]
    fn splits_and_lowercases() {
        let t: Vec<String> = tokens("Search GitHub issues; post_a DIGEST to #slack!").collect();
        assert_eq!(
            t,
            [
                "search", "github", "issues", "post", "a", "digest", "to", "slack"
            ]
        );
        assert_eq!(tokens("").count(), 0);
        assert_eq!(tokens("é-Ü").collect::<Vec<_>>(), ["é", "ü"]);
        let c: Vec<String> = content_tokens("Can you find me the papers about it?").collect();
        assert_eq!(c, ["find", "papers"]);
    }
}
