//! Tokens for lexical ranking: lower-cased runs of letters and digits, and
//! the same without common English function words.

/// Splits `text` into lower-cased alphanumeric tokens.
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

/// Whether `lower`, a lower-case word, is one of [`ENGLISH_STOP_WORDS`].
pub fn is_stop_word(lower: &str) -> bool {
    ENGLISH_STOP_WORDS.binary_search(&lower).is_ok()
}

/// Common English function words: they match everywhere and rank nothing.
/// Sorted, so that a token is looked up by binary search (indexing a
/// 100,000-package marketplace compares millions of tokens with it).
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
    tokens(text).filter(|t| !is_stop_word(t))
}

/// [`content_tokens`], each reduced by [`stem`]: what BM25 indexes.
pub fn index_terms(text: &str) -> impl Iterator<Item = String> + '_ {
    content_tokens(text).map(|t| stem(&t))
}

/// A light English suffix stripper (plural `-s`/`-ies`, `-ing`, `-ed`), so
/// "issues" meets "issue" and "posting" meets "post". Deliberately timid:
/// short words and `-ss`/`-us` endings are left alone.
pub fn stem(word: &str) -> String {
    let n = word.len();
    let strip = |k: usize| word[..n - k].to_owned();
    if !word.is_ascii() {
        word.to_owned()
    } else if n > 5 && word.ends_with("ies") {
        format!("{}y", &word[..n - 3])
    } else if n > 5 && word.ends_with("ing") {
        strip(3)
    } else if n > 4 && word.ends_with("ed") {
        strip(2)
    } else if n > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") {
        strip(1)
    } else {
        word.to_owned()
    }
}

/// The words inside an identifier: `ResearchHelper` → `Research Helper`,
/// `get_current_stock_price` → `get current stock price`, `HTTPServer` →
/// `HTTP Server`. Names carry meaning that one fused token would hide.
pub fn identifier_words(id: &str) -> String {
    let chars: Vec<char> = id.chars().collect();
    let mut out = String::with_capacity(id.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        if matches!(c, '_' | '-' | '/' | '.' | ':') {
            out.push(' ');
            continue;
        }
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1);
        if c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase() || (p.is_uppercase() && next.is_some_and(|n| n.is_lowercase()))
            })
        {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{ENGLISH_STOP_WORDS, content_tokens, identifier_words, index_terms, stem, tokens};

    #[test]
    fn stop_words_are_sorted_for_binary_search() {
        assert!(ENGLISH_STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn stems_are_timid() {
        assert_eq!(stem("issues"), "issue");
        assert_eq!(stem("queries"), "query");
        assert_eq!(stem("posting"), "post");
        assert_eq!(stem("created"), "creat");
        assert_eq!(stem("class"), "class");
        assert_eq!(stem("status"), "status");
        assert_eq!(stem("bus"), "bus");
        assert_eq!(stem("ing"), "ing");
        assert_eq!(stem("cafés"), "cafés");
        let t: Vec<String> = index_terms("Posting issues to the channels").collect();
        assert_eq!(t, ["post", "issue", "channel"]);
    }

    #[test]
    fn identifiers_split_into_words() {
        assert_eq!(identifier_words("ResearchHelper"), "Research Helper");
        assert_eq!(
            identifier_words("get_current_stock_price"),
            "get current stock price"
        );
        assert_eq!(identifier_words("HTTPServer"), "HTTP Server");
        assert_eq!(
            identifier_words("MCP Server Chart/generate"),
            "MCP Server Chart generate"
        );
        assert_eq!(identifier_words(""), "");
    }

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
